package io.browserflow.api.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.dsl.FlowBuilder;
import java.util.List;
import java.util.stream.Collectors;

/** Shared helpers of the lint tests: unvalidated flows (lint must not depend on validation) and lookups. */
final class FlowLintFixtures {
  private FlowLintFixtures() {}

  static FlowBuilder flow() {
    return Flow.named("lint test");
  }

  static LintReport lint(FlowBuilder flow) {
    return FlowLint.lint(flow.buildUnvalidated());
  }

  static LintReport lint(FlowBuilder flow, LintOptions options) {
    return FlowLint.lint(flow.buildUnvalidated(), options);
  }

  static List<String> paths(LintReport report, LintCode code) {
    return report.warnings(code).stream().map(LintWarning::path).collect(Collectors.toList());
  }

  /** No message, suggestion or rendering of any finding contains the raw value. */
  static void assertNoLeak(LintReport report, String raw) {
    assertThat(report.warnings()).isNotEmpty();
    for (LintWarning w : report.warnings()) {
      assertThat(w.message()).doesNotContain(raw);
      assertThat(w.suggestion()).doesNotContain(raw);
      assertThat(w.describe()).doesNotContain(raw);
    }
    assertThat(report.describe()).doesNotContain(raw);
  }
}
