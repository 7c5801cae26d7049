package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FlowLintFixedWaitTest {

  @Test
  void should_report_a_fixed_wait_longer_than_five_seconds() {
    LintReport report = lint(flow().open("https://shop.example.com").waitMs(8_000).screenshot());

    assertThat(paths(report, LintCode.FIXED_WAIT_TOO_LONG)).containsExactly("steps[1].ms");
    LintWarning w = report.warnings(LintCode.FIXED_WAIT_TOO_LONG).get(0);
    assertThat(w.message()).contains("8000 ms").contains("5000 ms");
    assertThat(w.suggestion()).contains("waitFor");
    assertThat(report.quality()).isEqualTo(Quality.NEEDS_REVIEW);
  }

  @Test
  void should_accept_a_wait_at_the_threshold_and_condition_waits() {
    LintReport report = lint(flow().open("https://shop.example.com").waitMs(5_000)
        .waitFor(visible(testId("cart"))).screenshot());

    assertThat(report.warnings(LintCode.FIXED_WAIT_TOO_LONG)).isEmpty();
    assertThat(report.quality()).isEqualTo(Quality.READY);
  }

  @Test
  void should_use_the_threshold_of_the_options() {
    LintOptions options = LintOptions.builder().maxFixedWaitMs(2_000).build();

    LintReport report = lint(flow().waitMs(3_000), options);

    assertThat(paths(report, LintCode.FIXED_WAIT_TOO_LONG)).containsExactly("steps[0].ms");
    assertThatThrownBy(() -> LintOptions.builder().maxFixedWaitMs(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxFixedWaitMs");
  }

  @Test
  void should_find_long_waits_in_loop_bodies_but_not_in_disabled_steps() {
    LintReport report = lint(flow()
        .repeat(3, body -> body.waitMs(9_000))
        .waitMs(9_000).disabled());

    assertThat(paths(report, LintCode.FIXED_WAIT_TOO_LONG)).containsExactly("steps[0].body[0].ms");
  }
}
