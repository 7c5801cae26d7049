package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import org.junit.jupiter.api.Test;

/** Rules about which kinds of step a flow uses: scripts, manual steps, empty fills. */
class FlowLintStepKindTest {

  @Test
  void should_report_eval_steps_and_expression_conditions() {
    LintReport report = lint(flow().capabilities(Capability.SCRIPT_EVAL)
        .eval("document.querySelector('form').requestSubmit()")
        .assertThat(expression("window.ready === true")));

    assertThat(paths(report, LintCode.EVAL_USED)).containsExactly("steps[0]", "steps[1].condition");
  }

  @Test
  void should_not_report_eval_for_declarative_steps() {
    LintReport report = lint(flow()
        .click(testId("submit")).expect(textPresent("Saved")));

    assertThat(report.warnings(LintCode.EVAL_USED)).isEmpty();
    assertThat(report.warnings(LintCode.MANUAL_STEP)).isEmpty();
  }

  @Test
  void should_report_manual_steps() {
    LintReport report = lint(flow()
        .open("https://bank.example.com")
        .manual("Solve the captcha")
        .assertThat(visible(testId("dashboard"))));

    assertThat(paths(report, LintCode.MANUAL_STEP)).containsExactly("steps[1]");
    assertThat(report.quality()).isEqualTo(Quality.NEEDS_REVIEW);
  }

  @Test
  void should_report_an_empty_fill_but_not_a_filled_one() {
    LintReport report = lint(flow()
        .fill(testId("search"), "")
        .fill(testId("name"), "Widget")
        .type(testId("note"), "")
        .click(testId("save")).expect(textPresent("Saved")));

    assertThat(paths(report, LintCode.EMPTY_INPUT_VALUE)).containsExactly("steps[0].value", "steps[2].text");
  }

  @Test
  void should_report_a_click_on_a_loading_mask_or_backdrop() {
    LintReport report = lint(flow()
        .click(css("div.el-loading-mask.el-loading-fade-leave"))
        .click(target(io.browserflow.api.Candidate.testId("ok"), io.browserflow.api.Candidate.css(".modal-backdrop")))
        .click(testId("save")).expect(textPresent("Saved")));

    assertThat(paths(report, LintCode.OVERLAY_CLICK))
        .containsExactly("steps[0].target.candidates[0]", "steps[1].target.candidates[1]");
  }

  @Test
  void should_not_report_a_control_inside_an_overlay() {
    LintReport report = lint(flow()
        .click(css(".modal-overlay .close-btn"))
        .click(testId("mask-editor-open"))
        .click(testId("save")).expect(textPresent("Saved")));

    assertThat(report.warnings(LintCode.OVERLAY_CLICK)).isEmpty();
  }
}
