package io.browserflow.playwright.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The committed repair-suggestion corpus is exactly what its generator writes, and is big enough to measure. */
class CorpusFrozenTest {
  static final Path FILE = Path.of("src/test/resources/suggest-corpus/cases.json");

  @Test
  void should_match_what_the_generator_writes() throws Exception {
    String generated = CorpusGenerator.generate();
    if (Boolean.getBoolean("browserflow.corpus.update")) {
      Files.createDirectories(FILE.getParent());
      Files.writeString(FILE, generated, StandardCharsets.UTF_8);
    }
    assertThat(Files.readString(FILE, StandardCharsets.UTF_8)).as("regenerate with -Dbrowserflow.corpus.update=true")
        .isEqualTo(generated);
    JsonNode cases = new ObjectMapper().readTree(generated).path("cases");
    assertThat(cases.size()).isGreaterThanOrEqualTo(200);
    Set<String> shapes = new HashSet<>();
    Set<String> mutations = new HashSet<>();
    for (JsonNode c : cases) {
      shapes.add(c.path("shape").asText());
      mutations.add(c.path("mutation").asText());
      assertThat(c.path("html").asText()).as(c.path("id").asText()).contains("data-corpus-expected").doesNotContain("data-k=");
    }
    assertThat(shapes).hasSizeGreaterThanOrEqualTo(5);
    assertThat(mutations).containsExactlyInAnyOrderElementsOf(CorpusGenerator.MUTATIONS);
  }
}
