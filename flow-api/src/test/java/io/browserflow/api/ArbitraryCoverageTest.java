package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.json.FlowJson;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The flow generator behind the properties produces every step kind, so the laws cover each one. */
class ArbitraryCoverageTest {

  private static final Pattern OP = Pattern.compile("\"op\"\\s*:\\s*\"(\\w+)\"");

  @Test
  void should_generate_every_step_kind() {
    Set<String> seen = new TreeSet<>();
    FlowArbitraries.flows(12).sampleStream().limit(600).map(FlowJson::write).forEach(json -> {
      Matcher m = OP.matcher(json);
      while (m.find()) {
        seen.add(m.group(1));
      }
    });
    Set<String> all = Arrays.stream(Step.Kind.values()).map(Step.Kind::op).collect(Collectors.toCollection(TreeSet::new));
    assertThat(seen).isEqualTo(all);
  }
}
