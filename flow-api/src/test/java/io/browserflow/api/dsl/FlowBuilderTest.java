package io.browserflow.api.dsl;

import static io.browserflow.api.dsl.Dsl.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.OnError;
import io.browserflow.api.Retry;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ControlStep;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlowBuilderTest {

  @Test
  void should_build_the_login_example_of_the_style_guide() {
    Flow login = Flow.named("login")
        .input("USER").credential("PASSWORD", secret())
        .credential("BASE_URL", credentialType(Credential.Type.URL))
        .open("${credential.BASE_URL}/login")
        .fill(testId("user"), "${USER}")
        .fill(label("Password"), "${credential.PASSWORD}")
        .click(role("button", "Sign in")).expect(urlMatches("**/home"))
        .build();

    assertThat(login.id()).isEqualTo("login");
    assertThat(login.inputs()).singleElement().satisfies(i -> assertThat(i.required()).isTrue());
    assertThat(login.credential("PASSWORD")).hasValueSatisfying(c -> assertThat(c.secret()).isTrue());
    assertThat(login.steps()).extracting(Step::id).containsExactly("open-1", "fill-1", "fill-2", "click-1");
    InteractionStep.Click click = (InteractionStep.Click) login.steps().get(3);
    assertThat(click.target().candidates()).containsExactly(Candidate.role("button", "Sign in"));
    assertThat(click.expect()).containsExactly(Condition.Url.of("**/home"));
  }

  @Test
  void should_apply_modifiers_to_the_step_added_last() {
    Flow flow = Flow.named("modifiers")
        .open("https://example.org")
        .click(testId("save").or(text("Save"))).id("save").title("Save the form")
        .timeoutMs(12_000).retry(retryBackoff(2, 250)).onError(OnError.continueRun())
        .expect(visible(css(".toast"))).expect(textPresent("Saved"))
        .waitMs(100).disabled()
        .buildUnvalidated();

    Step save = flow.steps().get(1);
    assertThat(save.id()).isEqualTo("save");
    assertThat(save.title()).hasValue("Save the form");
    assertThat(save.timeoutMs()).hasValue(12_000);
    assertThat(save.retry()).hasValue(Retry.of(2, 250, Retry.Backoff.EXP));
    assertThat(save.onError().kind()).isEqualTo(OnError.Kind.CONTINUE);
    assertThat(save.expect()).hasSize(2);
    assertThat(((InteractionStep.Click) save).target().candidates())
        .containsExactly(Candidate.testId("save"), Candidate.text("Save"));
    assertThat(flow.steps().get(0).disabled()).isFalse();
    assertThat(flow.steps().get(2).disabled()).isTrue();
  }

  @Test
  void should_refuse_a_modifier_before_any_step() {
    assertThatThrownBy(() -> Flow.named("x").title("nothing yet"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("title()").hasMessageContaining("no step");
  }

  @Test
  void should_refuse_click_options_on_other_steps() {
    assertThatThrownBy(() -> Flow.named("x").hover(css("a")).newTab("detail"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("newTab()").hasMessageContaining("hover hover-1");
  }

  @Test
  void should_set_click_options() {
    InteractionStep.Click click = (InteractionStep.Click) Flow.named("x")
        .click(css("a.more")).newTab("detail").button(Step.MouseButton.MIDDLE).at(3, 4).holding("Shift")
        .buildUnvalidated().steps().get(0);
    assertThat(click.newTab()).hasValue("detail");
    assertThat(click.button()).isEqualTo(Step.MouseButton.MIDDLE);
    assertThat(click.offset()).hasValueSatisfying(p -> assertThat(p.x()).isEqualTo(3.0));
    assertThat(click.modifiers()).containsExactly("Shift");
  }

  @Test
  void should_split_key_chords() {
    Flow flow = Flow.named("keys").press("Control+Shift+A").press(css("input"), "Enter").press("+")
        .buildUnvalidated();
    InteractionStep.Press chord = (InteractionStep.Press) flow.steps().get(0);
    assertThat(chord.key()).isEqualTo("A");
    assertThat(chord.modifiers()).containsExactly("Control", "Shift");
    assertThat(((InteractionStep.Press) flow.steps().get(1)).target()).isPresent();
    assertThat(((InteractionStep.Press) flow.steps().get(2)).key()).isEqualTo("+");
  }

  @Test
  void should_build_nested_bodies_with_unique_ids() {
    Flow flow = Flow.named("nested")
        .table(List.of("DEVICE_ID"), List.of(List.of("1"), List.of("2")))
        .foreach(tableRows(), row -> row
            .fill(placeholder("Device"), "${loop.row.DEVICE_ID}")
            .click(testId("search"))
            .ifThenElse(visible(css("table.result tr")),
                then -> then.read(css("table.result td.total")).id("total"),
                otherwise -> otherwise.screenshot("missing.png")))
        .repeat(2, r -> r.click(testId("next")))
        .repeatWhile(visible(testId("more")), 5, w -> w.click(testId("more")))
        .paginate(testId("next-page"), 3, p -> p.scrape(css("table"), Step.ScrapeMode.TABLE))
        .click(testId("save")).fallback(f -> f.click(text("Save anyway")))
        .buildUnvalidated();

    ControlStep.Foreach loop = (ControlStep.Foreach) flow.steps().get(0);
    assertThat(loop.body()).hasSize(3);
    ControlStep.If branch = (ControlStep.If) loop.body().get(2);
    assertThat(branch.then()).extracting(Step::id).containsExactly("total");
    assertThat(branch.otherwise()).extracting(Step::id).containsExactly("screenshot-1");
    assertThat(flow.steps()).extracting(Step::id)
        .containsExactly("foreach-1", "repeat-1", "while-1", "paginate-1", "click-4");
    Step save = flow.steps().get(4);
    assertThat(save.onError().fallback()).extracting(Step::id).containsExactly("click-5");
  }

  @Test
  void should_not_generate_an_id_the_user_already_chose() {
    Flow flow = Flow.named("ids").click(css("a")).id("click-2").click(css("b")).buildUnvalidated();
    assertThat(flow.steps()).extracting(Step::id).containsExactly("click-2", "click-3");
  }

  @Test
  void should_declare_policy_tabs_and_inputs() {
    Flow flow = Flow.named("Declarations & Policy")
        .input("MODE", options("fast", "slow"), defaultValue("fast"), described("Mode"))
        .input("COUNT", inputType(io.browserflow.api.Input.Type.NUMBER), optionalInput())
        .tab("main").tab("detail", "main")
        .allowOrigins("https://sso.example.org").capabilities(Capability.SCRIPT_EVAL)
        .eval("document.title")
        .buildUnvalidated();
    assertThat(flow.id()).isEqualTo("declarations-policy");
    assertThat(flow.input("MODE")).hasValueSatisfying(i -> {
      assertThat(i.options()).containsExactly("fast", "slow");
      assertThat(i.required()).isFalse();
      assertThat(i.label()).hasValue("Mode");
    });
    assertThat(flow.input("COUNT")).hasValueSatisfying(i -> assertThat(i.required()).isFalse());
    assertThat(flow.tabs()).hasSize(2);
    assertThat(flow.policy()).hasValueSatisfying(p -> {
      assertThat(p.allowedOrigins()).containsExactly("https://sso.example.org");
      assertThat(p.capabilities()).containsExactly(Capability.SCRIPT_EVAL);
    });
  }

  @Test
  void should_validate_on_build() {
    assertThatThrownBy(() -> Flow.named("broken")
            .click(css("a")).id("same")
            .click(css("b")).id("same")
            .fill(testId("q"), "${UNDECLARED}")
            .build())
        .isInstanceOfSatisfying(FlowValidationException.class, e -> assertThat(e.problems())
            .extracting(p -> p.code() + "@" + p.path())
            .contains("DUPLICATE_ID@steps[1].id", "BINDING_UNRESOLVED@steps[2].value"));
  }

  @Test
  void should_report_validation_code_of_first_problem() {
    FlowValidationException e = org.junit.jupiter.api.Assertions.assertThrows(FlowValidationException.class,
        () -> Flow.named("x").viewport(10, 10).build());
    assertThat(e.code()).isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
  }
}
