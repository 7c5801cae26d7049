package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class FlowLintSelectorTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "body > div:nth-child(2) > div:nth-child(1) > button",
      "table tr:nth-of-type(3) td",
      "main section div ul li a span",
      "#css-1x2y3z",
      "button.sc-AbCdE",
      "#ember123",
      "#\\:r1\\:",
      "[id=\":r5:\"]",
      ".Button_primary__3xYz9",
      "#row-100234",
      "div[data-v-7ba5bd90] .btn",
      "div.el-loading-fade-leave",
      "body > div > form > button"})
  void should_report_a_fragile_css_that_is_the_only_candidate(String css) {
    LintReport report = lint(flow().click(css(css)).expect(urlMatches("**/done")));

    assertThat(paths(report, LintCode.UNSTABLE_SELECTOR)).containsExactly("steps[0].target.candidates[0]");
    assertThat(report.warnings(LintCode.UNSTABLE_SELECTOR).get(0).message()).contains("no stable candidate");
    assertThat(report.quality()).isEqualTo(Quality.NEEDS_REVIEW);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "#submit-button", "#username", ".btn-primary", "form .primary", "#step2", ".col-md-6",
      "input.anniu.un_butt.buttonClass", "#checkout2024", "[data-testid=\"save\"]", "li:first-child a",
      "[role=\"dialog\"] button.confirm", "tr[data-id=\"${loop.row.id}\"] .edit", ".card-body input[name=title]"})
  void should_accept_a_css_on_stable_words_and_attributes(String css) {
    LintReport report = lint(flow().click(css(css)).expect(urlMatches("**/done")));

    assertThat(report.warnings(LintCode.UNSTABLE_SELECTOR)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/html/body/div[2]/form/button", "//div[@class='list']/ul/li[3]/a", "(//button)[last()]",
      "//*[@id='ember456']"})
  void should_report_absolute_positional_or_generated_xpath(String xpath) {
    LintReport report = lint(flow().click(xpath(xpath)).expect(urlMatches("**/done")));

    assertThat(paths(report, LintCode.UNSTABLE_SELECTOR)).containsExactly("steps[0].target.candidates[0]");
  }

  @Test
  void should_accept_a_relative_attribute_xpath() {
    LintReport report = lint(flow().click(xpath("//button[@data-testid='save']")).expect(urlMatches("**/done")));

    assertThat(report.warnings(LintCode.UNSTABLE_SELECTOR)).isEmpty();
  }

  @Test
  void should_report_a_generated_element_id_but_not_a_word_id() {
    LintReport report = lint(flow()
        .click(elementId("ember1042")).expect(urlMatches("**/a"))
        .click(elementId("save-order")).expect(urlMatches("**/b")));

    assertThat(paths(report, LintCode.UNSTABLE_SELECTOR)).containsExactly("steps[0].target.candidates[0]");
  }

  @Test
  void should_not_report_a_fragile_fallback_behind_a_stable_candidate() {
    Target target = target(Candidate.testId("save"), Candidate.css("body > div:nth-child(2) > button"));

    LintReport report = lint(flow().click(target).expect(urlMatches("**/done")));

    assertThat(report.warnings(LintCode.UNSTABLE_SELECTOR)).isEmpty();
    assertThat(report.quality()).isEqualTo(Quality.READY);
  }

  @Test
  void should_ask_to_reorder_when_a_fragile_candidate_is_tried_before_a_stable_one() {
    Target target = target(Candidate.css("div:nth-child(2) > button"), Candidate.role("button", "Save"));

    LintReport report = lint(flow().click(target).expect(urlMatches("**/done")));

    assertThat(paths(report, LintCode.UNSTABLE_SELECTOR)).containsExactly("steps[0].target.candidates[0]");
    LintWarning w = report.warnings(LintCode.UNSTABLE_SELECTOR).get(0);
    assertThat(w.message()).contains("nth-child").contains("stable candidate 1");
    assertThat(w.suggestion()).contains("candidates[1]");
    assertThat(w.stepId()).hasValue("click-1");
  }

  @Test
  void should_treat_stable_kinds_as_stable_and_snapshot_refs_as_fragile() {
    LintReport report = lint(flow()
        .fill(placeholder("用户名"), "${USER}")
        .fill(label("Device"), "${DEVICE}")
        .click(role("button", "Search")).expect(visible(testId("results")))
        .click(css("@e12")).expect(urlMatches("**/x")));

    assertThat(paths(report, LintCode.UNSTABLE_SELECTOR)).containsExactly("steps[3].target.candidates[0]");
  }

  @Test
  void should_check_targets_inside_conditions_nested_bodies_and_shadow_paths() {
    LintReport report = lint(flow()
        .foreach(values("a", "b"), body -> body
            .click(testId("open")).expect(visible(css("ul > li:nth-child(2)"))))
        .click(testId("x").inShadow("#sc-AbCdE")).expect(urlMatches("**/y")));

    assertThat(paths(report, LintCode.UNSTABLE_SELECTOR)).containsExactly(
        "steps[0].body[0].expect[0].element.candidates[0]",
        "steps[1].target.shadowPath[0]");
  }

  @Test
  void should_allow_more_combinators_when_the_options_say_so() {
    String css = "main section div ul li a span";

    LintReport strict = lint(flow().click(css(css)).expect(urlMatches("**/done")));
    LintReport lenient = lint(flow().click(css(css)).expect(urlMatches("**/done")),
        LintOptions.builder().maxCssCombinators(8).build());

    assertThat(strict.has(LintCode.UNSTABLE_SELECTOR)).isTrue();
    assertThat(lenient.has(LintCode.UNSTABLE_SELECTOR)).isFalse();
  }

  @Test
  void should_skip_selector_rules_in_disabled_steps() {
    LintReport report = lint(flow().click(css("div:nth-child(3)")).disabled());

    assertThat(report.warnings(LintCode.UNSTABLE_SELECTOR)).isEmpty();
  }
}
