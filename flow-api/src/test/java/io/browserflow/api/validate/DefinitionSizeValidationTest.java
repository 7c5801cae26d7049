package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.LIMIT_EXCEEDED;
import static io.browserflow.api.validate.ValidationFixtures.assertLimit;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static io.browserflow.api.validate.ValidationFixtures.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.Problem;
import io.browserflow.api.json.FlowJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The canonical-definition size limit (4 MiB by default), measured in UTF-8 bytes. */
class DefinitionSizeValidationTest {
  private static final long LIMIT = 4L * 1024 * 1024;
  private static final int CELL = 30_000;

  private static Flow flowWithTable(int fullRows, int lastCell) {
    List<List<String>> rows = new ArrayList<>();
    String full = repeat('a', CELL);
    for (int i = 0; i < fullRows; i++) {
      rows.add(List.of(full));
    }
    rows.add(List.of(repeat('a', lastCell)));
    return flow().table(List.of("c"), rows).back().buildUnvalidated();
  }

  private static long bytes(Flow flow) {
    return FlowJson.canonical(flow).getBytes(StandardCharsets.UTF_8).length;
  }

  /** A flow whose canonical JSON has exactly {@code target} bytes. */
  private static Flow flowOfSize(long target) {
    long perRow = bytes(flowWithTable(1, 0)) - bytes(flowWithTable(0, 0));
    int fullRows = (int) ((target - bytes(flowWithTable(0, 0))) / perRow);
    long needed = target - bytes(flowWithTable(fullRows, 0));
    assertThat(needed).isBetween(0L, (long) 32 * 1024);
    Flow flow = flowWithTable(fullRows, (int) needed);
    assertThat(bytes(flow)).isEqualTo(target);
    return flow;
  }

  @Test
  void should_accept_a_definition_of_exactly_the_limit() {
    assertThat(problems(flowOfSize(LIMIT))).isEmpty();
    assertThat(problems(flowOfSize(LIMIT - 1))).isEmpty();
  }

  @Test
  void should_reject_a_definition_one_byte_over_the_limit() {
    assertLimit(problems(flowOfSize(LIMIT + 1)), LIMIT_EXCEEDED, "", LIMIT + 1, LIMIT);
  }

  @Test
  void should_measure_utf8_bytes_not_characters() {
    Flow ascii = flow().description("aaaa").back().buildUnvalidated();
    Flow wide = flow().description("ääää").back().buildUnvalidated();
    long limit = bytes(ascii);
    FlowLimits limits = FlowLimits.builder().maxDefinitionBytes(limit).build();
    assertThat(FlowValidator.of(limits).validate(ascii)).isEmpty();
    assertThat(bytes(wide)).isGreaterThan(limit);
    assertLimit(FlowValidator.of(limits).validate(wide), LIMIT_EXCEEDED, "", bytes(wide), limit);
  }

  @Test
  void should_report_the_size_of_the_whole_document_first() {
    FlowLimits limits = FlowLimits.builder().maxDefinitionBytes(10).build();
    assertThat(problems(flow().waitMs(-1), limits)).extracting(Problem::path).containsExactly("", "steps[0].ms");
  }
}
