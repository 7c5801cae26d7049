package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The demo's sample flows exported to Chrome Recorder: each is either written whole (perhaps
 * approximated, with warnings) or blocked by a named step, and no step targets a tab alias.
 */
class ChromeRecorderSamplesExportTest {
  /** The samples' flow files, from the source tree (the tests run in flow-formats' folder). */
  private static final Path SAMPLES = Path.of("..", "samples", "src", "main", "resources", "flows");

  /** The samples that cannot replay the same in Chrome Recorder: the blocking issue and the step it names. */
  private static final Map<String, Tuple> BLOCKED = Map.of(
      "device-list.flow.json", tuple(ConversionCode.UNSUPPORTED_STEP, "steps[6]", "pages"),
      "devices-by-table.flow.json", tuple(ConversionCode.UNSUPPORTED_STEP, "steps[5]", "each-device"),
      "meter-rebind.flow.json", tuple(ConversionCode.FRAME_UNRESOLVED, "steps[8]", "detail-frame"),
      "report-tab.flow.json", tuple(ConversionCode.TAB_URL_UNKNOWN, "steps[7]", "report"),
      "upload.flow.json", tuple(ConversionCode.UNSUPPORTED_STEP, "steps[5]", "choose-file"));

  static List<Path> samples() throws IOException {
    try (Stream<Path> files = Files.list(SAMPLES)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".flow.json")).sorted().collect(Collectors.toList());
    }
  }

  @org.junit.jupiter.api.Test
  void should_find_the_ten_samples() throws IOException {
    assertThat(samples()).hasSize(10);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void should_export_each_sample_whole_or_blocked_by_a_named_step(Path file) {
    Flow flow = FlowJson.read(file);

    Conversion<String> c = new ChromeRecorderCodec().write(flow);

    Tuple blocked = BLOCKED.get(file.getFileName().toString());
    if (blocked == null) {
      assertThat(c.quality()).as(c.report()).isNotEqualTo(Quality.BLOCKED);
    } else {
      List<Object> expected = blocked.toList();
      assertThat(c.quality()).as(c.report()).isEqualTo(Quality.BLOCKED);
      assertThat(c.blockingIssues()).as(c.report()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(expected.get(0), expected.get(1)));
      String path = (String) expected.get(1);
      Step named = flow.steps().get(Integer.parseInt(path.substring(6, path.length() - 1)));
      assertThat(c.blockingIssues().get(0).message()).contains((String) expected.get(2));
      if (!expected.get(0).equals(ConversionCode.TAB_URL_UNKNOWN)) {
        assertThat(named.id()).isEqualTo(expected.get(2));
      }
    }
    for (JsonNode s : Json.parse(c.value(), "out").get("steps")) {
      String target = s.path("target").asText("main");
      assertThat(target.equals("main") || target.startsWith("http") || target.startsWith("${"))
          .as("target %s of %s is main or a URL", target, s).isTrue();
    }
  }
}
