package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FlowLintNavigateTest {

  @Test
  void should_report_a_navigate_right_after_a_click() {
    LintReport report = lint(flow()
        .open("https://crm.example.com")
        .click(role("link", "Orders"))
        .navigate("https://crm.example.com/#/orders")
        .assertThat(visible(testId("orders"))));

    assertThat(paths(report, LintCode.NAVIGATE_AFTER_CLICK)).containsExactly("steps[2]");
    LintWarning w = report.warnings(LintCode.NAVIGATE_AFTER_CLICK).get(0);
    assertThat(w.stepId()).hasValue("navigate-1");
    assertThat(w.message()).contains("click-1");
    assertThat(w.suggestion()).contains("urlMatches").contains("click-1");
  }

  @Test
  void should_see_through_fixed_waits_and_key_presses() {
    LintReport report = lint(flow()
        .open("https://crm.example.com")
        .fill(placeholder("Search"), "${QUERY}")
        .press("Enter")
        .waitMs(500)
        .navigate("https://crm.example.com/#/results"));

    assertThat(paths(report, LintCode.NAVIGATE_AFTER_CLICK)).containsExactly("steps[4]");
  }

  @Test
  void should_accept_a_direct_navigation_and_a_click_that_expects_the_url() {
    LintReport report = lint(flow()
        .open("https://crm.example.com")
        .fill(placeholder("Search"), "${QUERY}").expect(hasValue(placeholder("Search"), "${QUERY}"))
        .navigate("https://crm.example.com/#/reports")
        .click(role("link", "Orders")).expect(urlMatches("**/#/orders")));

    assertThat(report.warnings(LintCode.NAVIGATE_AFTER_CLICK)).isEmpty();
    assertThat(report.warnings(LintCode.REDUNDANT_NAVIGATE)).isEmpty();
  }

  @Test
  void should_report_a_navigate_to_the_url_just_opened() {
    LintReport report = lint(flow()
        .open("https://crm.example.com/")
        .navigate("https://crm.example.com")
        .navigate("https://crm.example.com/#/other"));

    assertThat(paths(report, LintCode.REDUNDANT_NAVIGATE)).containsExactly("steps[1]");
    assertThat(report.warnings(LintCode.NAVIGATE_AFTER_CLICK)).isEmpty();
  }
}
