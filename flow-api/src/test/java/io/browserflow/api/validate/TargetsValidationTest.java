package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.ErrorCode.TARGET_EMPTY;
import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.hasAttribute;
import static io.browserflow.api.dsl.Dsl.hasText;
import static io.browserflow.api.dsl.Dsl.not;
import static io.browserflow.api.dsl.Dsl.visible;
import static io.browserflow.api.validate.ValidationFixtures.EMPTY;
import static io.browserflow.api.validate.ValidationFixtures.T;
import static io.browserflow.api.validate.ValidationFixtures.assertOnly;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static io.browserflow.api.validate.ValidationFixtures.withSteps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.Target;
import org.junit.jupiter.api.Test;

/** Targets: at least one candidate, non-blank candidates, well-formed frame and shadow paths. */
class TargetsValidationTest {

  @Test
  void should_reject_a_step_target_without_candidates() {
    Problem p = assertOnly(problems(flow().click(EMPTY)), TARGET_EMPTY, "steps[0].target.candidates");
    assertThat(p.message()).contains("candidate");
  }

  @Test
  void should_reject_empty_targets_everywhere_they_appear() {
    var ps = problems(flow()
        .drag(EMPTY, EMPTY)
        .assertThat(visible(EMPTY))
        .waitFor(not(hasText(EMPTY, "x")))
        .click(T).expect(visible(T), hasAttribute(EMPTY, "open"))
        .type(EMPTY, "x")
        .press(EMPTY, "Enter")
        .scrollBy(EMPTY, 0, 10)
        .step(DataStep.Screenshot.builder().id("shot").target(EMPTY).build())
        .fill(T, "x").fallback(f -> f.hover(EMPTY)));
    assertThat(ps).extracting(Problem::code).containsOnly(TARGET_EMPTY);
    assertThat(ps).extracting(Problem::path).containsExactly(
        "steps[0].from.candidates",
        "steps[0].to.candidates",
        "steps[1].condition.element.candidates",
        "steps[2].until.not.element.candidates",
        "steps[3].expect[1].element.candidates",
        "steps[4].target.candidates",
        "steps[5].target.candidates",
        "steps[6].target.candidates",
        "steps[7].target.candidates",
        "steps[8].onError.fallback[0].target.candidates");
  }

  @Test
  void should_accept_steps_whose_optional_target_is_absent() {
    assertThat(problems(flow().type("x").press("Enter").scrollBy(0, 5).screenshot())).isEmpty();
  }

  @Test
  void should_reject_blank_candidate_values_and_names() {
    Target t = Target.of(Candidate.css(" "), Candidate.role("button", ""), Candidate.testId("ok"));
    var ps = problems(flow().click(t));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[0].target.candidates[0].css"),
        tuple(INVALID_FLOW, "steps[0].target.candidates[1].name"));
  }

  @Test
  void should_accept_frame_locators_of_every_form() {
    Target t = css("button").inFrame("iframe#pay", "selector:iframe.x", "url:**/inner*", "name:inner",
        "iframe:nth-of-type(2)", "frame[name=a]");
    assertThat(problems(flow().click(t).frame("iframe#pay").frame("url:https://x.example/*"))).isEmpty();
  }

  @Test
  void should_reject_blank_frame_locators() {
    assertOnly(problems(flow().frame(" ")), INVALID_FLOW, "steps[0].locator");
    assertOnly(problems(flow().click(css("b").inFrame(""))), INVALID_FLOW, "steps[0].target.framePath[0]");
  }

  @Test
  void should_reject_prefixed_frame_locators_with_an_empty_rest() {
    assertOnly(problems(flow().frame("url:")), INVALID_FLOW, "steps[0].locator");
    assertOnly(problems(flow().frame("name: ")), INVALID_FLOW, "steps[0].locator");
    assertOnly(problems(flow().click(css("b").inFrame("ok", "selector:"))), INVALID_FLOW,
        "steps[0].target.framePath[1]");
  }

  @Test
  void should_reject_unknown_frame_locator_prefixes() {
    for (String bad : new String[] {"index:2", "id:frame-17", "URL:**/x", "frameUrl:**/x", "src:x.html", "url :x"}) {
      Problem p = assertOnly(problems(flow().frame(bad)), INVALID_FLOW, "steps[0].locator");
      assertThat(p.message()).as(bad).contains("selector:").contains("url:").contains("name:");
    }
  }

  @Test
  void should_reject_blank_shadow_hosts() {
    assertOnly(problems(flow().click(css("b").inShadow("my-app", " "))), INVALID_FLOW,
        "steps[0].target.shadowPath[1]");
  }

  @Test
  void should_check_targets_inside_conditions_of_every_kind() {
    var ps = problems(flow()
        .assertThat(Condition.Count.of(EMPTY, Condition.Op.GTE, 1))
        .assertThat(Condition.Value.of(EMPTY, "v"))
        .assertThat(Condition.Text.of(EMPTY, "t", Condition.Match.EQUALS)));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(TARGET_EMPTY, "steps[0].condition.element.candidates"),
        tuple(TARGET_EMPTY, "steps[1].condition.element.candidates"),
        tuple(TARGET_EMPTY, "steps[2].condition.element.candidates"));
  }

  @Test
  void should_reject_a_blank_aria_name_and_a_blank_contained_text() {
    var ps = problems(flow().click(Target.of(Candidate.aria(" "))).change(Target.of(Candidate.textContains("")), "x"));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[0].target.candidates[0].aria"),
        tuple(INVALID_FLOW, "steps[1].target.candidates[0].textContains"));
    assertThat(ps.get(0).message()).contains("aria candidate is blank");
  }

  @Test
  void should_check_the_change_value_like_a_fill_value() {
    FlowLimits tight = FlowLimits.builder().maxValueChars(4).build();
    assertThat(problems(flow().change(T, "12345"), tight)).extracting(Problem::path)
        .containsExactly("steps[0].value");
    assertThat(problems(flow().change(T, "${NOPE}"))).extracting(Problem::code)
        .containsExactly(io.browserflow.api.ErrorCode.BINDING_UNRESOLVED);
  }

  @Test
  void should_validate_targets_of_steps_built_without_the_dsl() {
    assertOnly(problems(withSteps(InteractionStep.Upload.builder().id("u").target(EMPTY).addFiles("a.txt").build())
        .capabilities(io.browserflow.api.Capability.FILE_UPLOAD)), TARGET_EMPTY, "steps[0].target.candidates");
  }
}
