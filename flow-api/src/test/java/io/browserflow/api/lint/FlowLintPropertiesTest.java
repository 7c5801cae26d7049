package io.browserflow.api.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.FlowArbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Laws of lint over generated flows. */
class FlowLintPropertiesTest {

  @Provide
  Arbitrary<Flow> flows() {
    return FlowArbitraries.flows(8);
  }

  @Property(tries = 300)
  void should_lint_any_flow_deterministically_without_throwing(@ForAll("flows") Flow flow) {
    LintReport first = FlowLint.lint(flow);
    LintReport second = FlowLint.lint(flow);

    assertThat(second.warnings()).isEqualTo(first.warnings());
  }

  @Property(tries = 300)
  void should_derive_quality_from_the_severities(@ForAll("flows") Flow flow) {
    LintReport report = FlowLint.lint(flow);

    Quality expected = report.warnings().stream().anyMatch(LintWarning::blocking) ? Quality.BLOCKED
        : report.warnings().stream().anyMatch(w -> w.severity() == LintWarning.Severity.WARNING)
            ? Quality.NEEDS_REVIEW : Quality.READY;
    assertThat(report.quality()).isEqualTo(expected);
  }

  @Property(tries = 300)
  void should_tie_every_step_finding_to_a_step_path(@ForAll("flows") Flow flow) {
    for (LintWarning w : FlowLint.lint(flow).warnings()) {
      assertThat(w.stepId().isPresent()).isEqualTo(w.path().startsWith("steps["));
      assertThat(w.message()).isNotBlank();
      assertThat(w.suggestion()).isNotBlank();
    }
  }
}
