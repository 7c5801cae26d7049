package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import io.browserflow.api.Dialog;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import org.junit.jupiter.api.Test;

/** Native dialogs in flows: answered as a step declares them, an undeclared or missing one fails the step. */
class EngineDialogsTest {
  private static final String APP = "http://dialogs.test";
  private final FlowEngine engine = EngineFixtures.engine(InMemoryPageDriver.builder()
      .page(APP + "/", "<title>Orders</title><p id='out'>none</p>"
          + "<button id='delete' data-on-click='confirm:#out=Delete 3 orders?'>Delete</button>"
          + "<button id='rename' data-on-click='prompt:#out=New name?'>Rename</button>"
          + "<button id='save' data-on-click='alert:Saved; text:#out=saved'>Save</button>")
      .page(APP + "/next", "<title>Next</title>")
      .build()).build();

  @Test
  void should_answer_the_declared_dialogs_inside_the_action() {
    Flow flow = Flow.named("dialogs").input("NAME").open(APP + "/")
        .click(elementId("delete")).dialog(Dialog.confirm("Delete 3 orders?").dismiss()).expect(hasText(css("#out"), "false"))
        .click(elementId("rename")).dialog(Dialog.prompt("New name?").answer("${input.NAME}")).expect(hasText(css("#out"), "Ada"))
        .build();

    RunResult result = engine.run(flow, Inputs.builder().input("NAME", "Ada").build());

    assertThat(result.status()).as(result.toJson()).isEqualTo(RunStatus.SUCCEEDED);
  }

  @Test
  void should_fail_a_step_whose_dialog_it_does_not_declare_naming_type_and_message() {
    Flow flow = Flow.named("undeclared").open(APP + "/").click(elementId("save")).id("save").build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorCode()).hasValue(ErrorCode.DIALOG_UNEXPECTED);
    assertThat(result.errorPath()).hasValue("steps[1]");
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m)
        .contains("step save opened an alert \"Saved\"", "\"type\": \"alert\"", "\"message\": \"Saved\""));
  }

  @Test
  void should_fail_on_another_message_than_declared_and_on_a_dialog_that_never_came() {
    Flow other = Flow.named("other").open(APP + "/").click(elementId("delete")).dialog(Dialog.confirm("Delete 1 order?")).build();
    RunResult r1 = engine.run(other, Inputs.empty());
    assertThat(r1.errorCode()).hasValue(ErrorCode.DIALOG_UNEXPECTED);
    assertThat(r1.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("Delete 3 orders?"));

    Flow missing = Flow.named("missing").open(APP + "/").click(elementId("rename")).dialog(Dialog.prompt("New name?"))
        .click(elementId("save")).dialog(Dialog.alert("Saved"), Dialog.alert("Saved again")).timeoutMs(500).build();
    RunResult r2 = engine.run(missing, Inputs.empty());
    assertThat(r2.errorCode()).hasValue(ErrorCode.DIALOG_MISSING);
    assertThat(r2.errorPath()).hasValue("steps[2]");
    assertThat(r2.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("alert \"Saved again\"", "number 2",
        "500 ms"));
  }

  @Test
  void should_keep_a_secret_prompt_answer_out_of_the_result() {
    String secret = "pin-7731";
    Flow flow = Flow.named("secret").credential(Credential.builder().key("PIN").build()).open(APP + "/")
        .click(elementId("rename")).dialog(Dialog.prompt("New name?").answer("${credential.PIN}"))
        .click(elementId("save")).build();

    RunResult result = engine.run(flow, Inputs.builder().credential("PIN", secret).build());

    assertThat(result.errorCode()).hasValue(ErrorCode.DIALOG_UNEXPECTED);
    assertThat(result.toJson()).doesNotContain(secret);
  }

  @Test
  void should_read_and_write_dialogs_in_json_as_the_dsl_builds_them() {
    Flow flow = Flow.named("json").open(APP + "/")
        .click(elementId("delete")).dialog(Dialog.confirm("Delete 3 orders?").dismiss(), Dialog.alert("Done"))
        .navigate(APP + "/next").dialog(Dialog.beforeUnload()).build();

    String json = FlowJson.write(flow);

    assertThat(json).contains("\"dialogs\"", "\"type\": \"confirm\"", "\"answer\": \"dismiss\"", "\"type\": \"beforeunload\"");
    assertThat(FlowJson.read(json)).isEqualTo(flow);
  }
}
