package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.ErrorCode.LIMIT_EXCEEDED;
import static io.browserflow.api.validate.ValidationFixtures.T;
import static io.browserflow.api.validate.ValidationFixtures.assertOnly;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static io.browserflow.api.validate.ValidationFixtures.repeat;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.Dialog;
import io.browserflow.api.Problem;
import org.junit.jupiter.api.Test;

/** The dialogs a step declares: on steps that act, a text only for an accepted prompt, within the limits. */
class DialogsValidationTest {

  @Test
  void should_accept_dialogs_on_the_steps_that_act() {
    assertThat(problems(flow().open("https://app.test/").dialog(Dialog.alert("Welcome"))
        .click(T).dialog(Dialog.confirm("Sure?").dismiss(), Dialog.prompt("Name?").answer("Ada"))
        .navigate("https://app.test/away").dialog(Dialog.beforeUnload().dismiss()))).isEmpty();
  }

  @Test
  void should_refuse_dialogs_on_a_step_that_opens_none_of_its_own() {
    Problem p = assertOnly(problems(flow().waitFor(Condition.Title.of("x")).dialog(Dialog.alert("Hi"))), INVALID_FLOW,
        "steps[0].dialogs");
    assertThat(p.message()).contains("wait", "the step whose action opens it");
  }

  @Test
  void should_refuse_a_text_on_anything_but_an_accepted_prompt_and_a_message_on_beforeunload() {
    Dialog confirmWithText = Dialog.builder().type(Dialog.Type.CONFIRM).message("Sure?").text("yes").build();
    assertOnly(problems(flow().click(T).dialog(confirmWithText)), INVALID_FLOW, "steps[0].dialogs[0].text");
    Dialog dismissedPrompt = Dialog.builder().type(Dialog.Type.PROMPT).answer(Dialog.Answer.DISMISS).text("x").build();
    assertOnly(problems(flow().click(T).dialog(dismissedPrompt)), INVALID_FLOW, "steps[0].dialogs[0].text");
    Dialog worded = Dialog.builder().type(Dialog.Type.BEFOREUNLOAD).message("Leave?").build();
    assertOnly(problems(flow().click(T).dialog(worded)), INVALID_FLOW, "steps[0].dialogs[0].message");
  }

  @Test
  void should_limit_a_dialog_message_and_check_its_placeholders() {
    assertOnly(problems(flow().click(T).dialog(Dialog.alert(repeat('m', 9_000)))), LIMIT_EXCEEDED, "steps[0].dialogs[0].message");
    assertOnly(problems(flow().click(T).dialog(Dialog.prompt("Name?").answer("${input.NAME}"))),
        io.browserflow.api.ErrorCode.BINDING_UNRESOLVED, "steps[0].dialogs[0].text");
  }
}
