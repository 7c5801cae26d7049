package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.BINDING_UNRESOLVED;
import static io.browserflow.api.ErrorCode.DUPLICATE_ID;
import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.ErrorCode.SENSITIVE_VALUE;
import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Problem;
import io.browserflow.api.json.FlowJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Subflows and call steps: calls match what the called subflow declares, no flow calls itself. */
class SubflowValidationTest {

  private static Flow login() {
    return Flow.named("login").input("BASE_URL").input("USER")
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .open("${BASE_URL}/login")
        .fill(testId("user"), "${USER}").fill(testId("pass"), "${credential.PASSWORD}")
        .click(testId("go")).expect(urlMatches("**/home"))
        .read(css("#who")).id("who")
        .output("name", "${steps.who.text}")
        .buildUnvalidated();
  }

  @Test
  void should_accept_a_call_that_maps_the_inputs_and_uses_an_output() {
    Flow flow = Flow.named("caller").input("BASE_URL").credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .subflow(login())
        .call("login", row("BASE_URL", "${BASE_URL}", "USER", "ada"), "name").id("in")
        .assertThat(varEquals("${steps.in.name}", "Ada"))
        .output("greeting", "Hello ${steps.in.name}")
        .buildUnvalidated();

    assertThat(problems(flow)).isEmpty();
    assertThat(FlowJson.read(FlowJson.write(flow))).isEqualTo(flow);
    assertThat(FlowJson.write(flow)).contains("\"subflows\"", "\"outputs\"");
  }

  @Test
  void should_refuse_calls_that_do_not_match_the_subflow() {
    Flow flow = Flow.named("caller").input("BASE_URL")
        .subflow(login())
        .call("login", row("BASE_URL", "${BASE_URL}", "NOPE", "x"), "name", "age").id("in")
        .setVar("v", "${steps.in.other}")
        .buildUnvalidated();

    List<Problem> ps = problems(flow);

    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[0].inputs.NOPE"), tuple(INVALID_FLOW, "steps[0].inputs"),
        tuple(INVALID_FLOW, "steps[0].outputs[1]"), tuple(INVALID_FLOW, "steps[0].flow"),
        tuple(BINDING_UNRESOLVED, "steps[1].value"));
    assertThat(ps.get(1).message()).contains("needs its input USER");
    assertThat(ps.get(2).message()).contains("no output age", "its outputs: name");
    assertThat(ps.get(3).message()).contains("credential PASSWORD");
  }

  @Test
  void should_report_a_subflow_problem_under_its_path_and_refuse_duplicate_ids() {
    Flow broken = Flow.named("broken").fill(testId("x"), "${NOPE}").buildUnvalidated();
    Flow flow = Flow.named("caller").subflow(broken).subflow(broken)
        .subflow(Flow.named("caller").open("https://example.com").buildUnvalidated())
        .call("broken", Map.of()).buildUnvalidated();

    assertThat(problems(flow)).extracting(Problem::code, Problem::path).containsExactly(
        tuple(BINDING_UNRESOLVED, "subflows[0].steps[0].value"),
        tuple(BINDING_UNRESOLVED, "subflows[1].steps[0].value"),
        tuple(DUPLICATE_ID, "subflows[1].id"), tuple(DUPLICATE_ID, "subflows[2].id"));
  }

  @Test
  void should_refuse_flows_that_call_each_other_in_a_circle() {
    Flow a = Flow.named("a").call("b", Map.of()).buildUnvalidated();
    Flow b = Flow.named("b").repeat(2, r -> r.call("a", Map.of())).buildUnvalidated();
    Flow self = Flow.named("self").call("self", Map.of()).buildUnvalidated();
    Flow flow = Flow.named("top").subflow(a).subflow(b).subflow(self).call("a", Map.of()).buildUnvalidated();

    List<Problem> ps = problems(flow);

    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "subflows[1].steps[0].body[0].flow"), tuple(INVALID_FLOW, "subflows[2].steps[0].flow"));
    assertThat(ps.get(0).message()).contains("a → b → a");
    assertThat(ps.get(1).message()).contains("self → self");
  }

  @Test
  void should_refuse_a_credential_in_a_call_input_or_a_flow_output_and_bad_output_names() {
    Flow flow = Flow.named("caller").credential("PW")
        .call("elsewhere", row("KEY", "${credential.PW}"), "ok", "not-a-name", "ok")
        .output("leak", "${credential.PW}")
        .buildUnvalidated();

    assertThat(problems(flow)).extracting(Problem::code, Problem::path).containsExactly(
        tuple(SENSITIVE_VALUE, "steps[0].inputs.KEY"), tuple(INVALID_FLOW, "steps[0].outputs[1]"),
        tuple(DUPLICATE_ID, "steps[0].outputs[2]"), tuple(SENSITIVE_VALUE, "outputs.leak"));
  }

  @Test
  void should_lint_subflows_under_their_path() {
    Flow leaky = Flow.named("leaky").fill(testId("token"), "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5").buildUnvalidated();
    Flow flow = Flow.named("caller").subflow(leaky).call("leaky", Map.of()).buildUnvalidated();

    assertThat(io.browserflow.api.lint.FlowLint.lint(flow).warnings(io.browserflow.api.lint.LintCode.SENSITIVE_VALUE))
        .extracting(io.browserflow.api.lint.LintWarning::path).containsExactly("subflows[0].steps[0].value");
  }

  @Test
  void should_refuse_subflow_fields_only_the_top_level_flow_has_when_read() {
    String json = "{\"schema\": \"browserflow/2\", \"name\": \"top\", \"steps\": [],"
        + " \"subflows\": [{\"schema\": \"browserflow/2\", \"name\": \"inner\", \"schedule\": {\"everyMinutes\": 5},"
        + " \"subflows\": []}]}";

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> FlowJson.read(json))
        .isInstanceOfSatisfying(io.browserflow.api.FlowFormatException.class, e -> assertThat(e.problems())
            .extracting(Problem::path).contains("subflows[0].schema", "subflows[0].schedule", "subflows[0].subflows"));
  }
}
