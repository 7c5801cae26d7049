package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FlowLintSuccessCheckTest {

  @Test
  void should_report_the_last_write_when_the_flow_ends_without_a_check() {
    LintReport report = lint(flow()
        .open("https://crm.example.com")
        .fill(testId("name"), "${NAME}")
        .click(testId("save")));

    assertThat(paths(report, LintCode.SUCCESS_CHECK_MISSING)).containsExactly("steps[2]");
    assertThat(report.warnings(LintCode.SUCCESS_CHECK_MISSING).get(0).stepId()).hasValue("click-1");
  }

  @Test
  void should_accept_a_write_with_expect_or_followed_by_an_observing_step() {
    LintReport report = lint(flow()
        .open("https://crm.example.com")
        .click(testId("login")).expect(urlMatches("**/home"))
        .fill(testId("name"), "${NAME}")
        .click(testId("save"))
        .assertThat(textPresent("Saved"))
        .click(testId("export"))
        .waitMs(500)
        .read(testId("status")));

    assertThat(report.warnings(LintCode.SUCCESS_CHECK_MISSING)).isEmpty();
  }

  @Test
  void should_report_a_write_followed_only_by_navigation_or_neutral_steps() {
    LintReport report = lint(flow()
        .click(testId("save"))
        .waitMs(300)
        .setVar("done", "yes")
        .open("https://crm.example.com/next")
        .assertThat(visible(testId("next"))));

    assertThat(paths(report, LintCode.SUCCESS_CHECK_MISSING)).containsExactly("steps[0]");
  }

  @Test
  void should_not_count_variable_checks_as_page_checks() {
    LintReport report = lint(flow()
        .click(testId("save"))
        .assertThat(varEquals("${vars.mode}", "fast")));

    assertThat(paths(report, LintCode.SUCCESS_CHECK_MISSING)).containsExactly("steps[0]");
  }

  @Test
  void should_check_loop_bodies_against_what_follows_the_loop() {
    LintReport report = lint(flow()
        .foreach(tableRows(), row -> row.fill(testId("name"), "${loop.row.name}").click(testId("save")))
        .open("https://crm.example.com/summary")
        .repeat(2, body -> body.click(testId("next")))
        .assertThat(visible(testId("end"))));

    assertThat(paths(report, LintCode.SUCCESS_CHECK_MISSING)).containsExactly("steps[0].body[1]");
  }

  @Test
  void should_check_both_branches_of_an_if_at_the_end_of_a_flow() {
    LintReport report = lint(flow()
        .ifThenElse(truthy("${vars.fast}"),
            then -> then.click(testId("quick")).expect(textPresent("Done")),
            otherwise -> otherwise.click(testId("slow"))));

    assertThat(paths(report, LintCode.SUCCESS_CHECK_MISSING)).containsExactly("steps[0].else[0]");
  }

  @Test
  void should_ignore_disabled_writes() {
    LintReport report = lint(flow()
        .open("https://crm.example.com")
        .click(testId("save")).disabled());

    assertThat(report.warnings(LintCode.SUCCESS_CHECK_MISSING)).isEmpty();
  }
}
