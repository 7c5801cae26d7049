package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.dsl.FlowBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The quality status, the order of findings and the report API. */
class FlowLintQualityTest {

  private static FlowBuilder login() {
    return Flow.named("login")
        .input("USER")
        .credential("BASE_URL", credentialType(Credential.Type.URL))
        .credential("PASSWORD", secret())
        .open("${credential.BASE_URL}/login")
        .fill(testId("user"), "${USER}")
        .fill(label("Password"), "${credential.PASSWORD}")
        .click(role("button", "Sign in")).expect(urlMatches("**/home"));
  }

  @Test
  void should_rate_a_clean_flow_ready() {
    LintReport report = FlowLint.lint(login().buildUnvalidated());

    assertThat(report.warnings()).isEmpty();
    assertThat(report.isEmpty()).isTrue();
    assertThat(report.quality()).isEqualTo(Quality.READY);
  }

  @Test
  void should_move_from_ready_to_needs_review_to_blocked() {
    LintReport ready = lint(login());
    LintReport review = lint(login().waitMs(9_000));
    LintReport blocked = lint(login().waitMs(9_000).fill(label("Password"), "hunter2!"));

    assertThat(ready.quality()).isEqualTo(Quality.READY);
    assertThat(review.quality()).isEqualTo(Quality.NEEDS_REVIEW);
    assertThat(review.blockingIssues()).isEmpty();
    assertThat(blocked.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(blocked.blockingIssues()).extracting(LintWarning::code).containsExactly(LintCode.SENSITIVE_VALUE);
  }

  @Test
  void should_not_let_info_findings_change_the_quality() {
    LintWarning info = LintWarning.of(LintCode.UNSTABLE_SELECTOR, LintWarning.Severity.INFO, "steps[0]", "click-1",
        "a note", "nothing to do");
    LintWarning warning = LintWarning.of(LintCode.MANUAL_STEP, LintWarning.Severity.WARNING, "steps[1]", null,
        "manual", "automate");

    assertThat(LintReport.of(List.of(info)).quality()).isEqualTo(Quality.READY);
    assertThat(LintReport.of(List.of(info, warning)).quality()).isEqualTo(Quality.NEEDS_REVIEW);
    assertThat(LintReport.of(List.of()).quality()).isEqualTo(Quality.READY);
  }

  @Test
  void should_report_in_document_order_and_deterministically() {
    FlowBuilder flow = flow()
        .input("API_TOKEN")
        .click(css("div:nth-child(2)"))
        .navigate("https://crm.example.com/#/x")
        .waitMs(9_000)
        .manual("check the screen");

    LintReport first = lint(flow);
    LintReport second = lint(flow);

    assertThat(first.warnings()).extracting(LintWarning::path).containsExactly(
        "inputs[0]", "steps[0]", "steps[0].target.candidates[0]", "steps[1]", "steps[2].ms", "steps[3]");
    assertThat(first.warnings()).extracting(LintWarning::code).containsExactly(
        LintCode.SECRET_NOT_CREDENTIAL, LintCode.SUCCESS_CHECK_MISSING, LintCode.UNSTABLE_SELECTOR,
        LintCode.NAVIGATE_AFTER_CLICK, LintCode.FIXED_WAIT_TOO_LONG, LintCode.MANUAL_STEP);
    assertThat(second.warnings()).isEqualTo(first.warnings());
    assertThat(first.warnings(LintCode.MANUAL_STEP)).extracting(LintWarning::stepId)
        .containsExactly(java.util.Optional.of("manual-1"));
    assertThat(first.describe()).startsWith("quality needs_review\nwarning SECRET_NOT_CREDENTIAL at inputs[0]: ");
  }

  @Test
  void should_spell_quality_and_severity_as_the_recorder_format_does() {
    assertThat(Quality.READY.jsonName()).isEqualTo("ready");
    assertThat(Quality.NEEDS_REVIEW.jsonName()).isEqualTo("needs_review");
    assertThat(Quality.BLOCKED.jsonName()).isEqualTo("blocked");
    assertThat(Quality.fromJson("needs_review")).hasValue(Quality.NEEDS_REVIEW);
    assertThat(Quality.fromJson("ok")).isEmpty();
    assertThat(LintWarning.Severity.ERROR.jsonName()).isEqualTo("error");
  }
}
