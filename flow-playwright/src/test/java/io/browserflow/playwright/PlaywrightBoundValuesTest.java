package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Values bound into code the page runs — eval scripts, expression conditions, css and xpath
 * candidates — stay values: an input written to break out of its quotes changes nothing around it,
 * while ordinary values (quotes included) still work as the flow's author meant.
 */
@Tag("browser")
class PlaywrightBoundValuesTest extends ChromiumTest {
  @BeforeEach
  void pages() {
    server.page("/form", page("Form", "<p id='out'></p>"
        + "<button data-name=\"O'Brien\" onclick=\"document.getElementById('out').textContent = 'obrien'\">One</button>"
        + "<button data-name='other' onclick=\"document.getElementById('out').textContent = 'other'\">Two</button>"
        + "<button id='secret' onclick=\"document.getElementById('out').textContent = 'secret'\">Three</button>"));
  }

  private RunResult run(String steps, Map<String, String> inputs) {
    Flow flow = FlowJson.read("{\"schema\":\"browserflow/2\",\"id\":\"bound\",\"name\":\"bound\","
        + "\"policy\":{\"capabilities\":[\"script.eval\"]},\"inputs\":[{\"key\":\"V\",\"type\":\"text\"}],\"steps\":[{\"id\":\"open\",\"op\":\"open\",\"url\":\""
        + server.url("/form") + "\"}," + steps + "]}");
    try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      return engine.run(flow, Inputs.of(inputs), RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());
    }
  }

  private static String click(String kind, String selector) {
    return "{\"id\":\"click\",\"op\":\"click\",\"timeoutMs\":1500,\"target\":{\"candidates\":[{\"" + kind + "\":\""
        + selector.replace("\"", "\\\"") + "\"}]}}";
  }

  private static String eval(String script) {
    return eval("act", script);
  }

  private static String eval(String id, String script) {
    return "{\"id\":\"" + id + "\",\"op\":\"eval\",\"script\":\"" + script.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
  }

  private String out(String extra, Map<String, String> inputs) {
    RunResult r = run(extra + "," + eval("eval", "document.getElementById('out').textContent + '|' + typeof window.pwned"), inputs);
    assertThat(r.status()).as("%s %s", r.errorPath(), r.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    return String.valueOf(r.outputs().get("steps.eval.result"));
  }

  @Test
  void should_pass_values_to_eval_scripts_as_data_inside_and_outside_quotes() {
    String breakout = "'; window.pwned = 1; '";

    String quoted = out(eval("document.getElementById('out').textContent = 'Hi ${V}!'"), Map.of("V", breakout));
    String length = out(eval("document.getElementById('out').textContent = '${V}'.length + ' chars' // ${V} is data"),
        Map.of("V", breakout));
    Throwable bare = org.assertj.core.api.Assertions.catchThrowable(
        () -> run(eval("document.getElementById('out').textContent = ${V}"), Map.of("V", breakout)));
    String template = out(eval("() => { document.getElementById('out').textContent = `<${input.V}> ${document.title}`; }"), Map.of("V", "a`b${x}"));
    String statements = out(eval("var said = 'Hi ${V}'; document.getElementById('out').textContent = said;"),
        Map.of("V", breakout));
    String doubled = out(eval("document.getElementById('out').textContent = \"say \\\"${V}\\\"\""), Map.of("V", "\"); window.pwned=1;(\""));

    assertThat(quoted).isEqualTo("Hi '; window.pwned = 1; '!|undefined");
    assertThat(length).isEqualTo(breakout.length() + " chars|undefined");
    assertThat(bare).as("a placeholder standing in code").isInstanceOfSatisfying(io.browserflow.api.FlowValidationException.class,
        e -> assertThat(e.problems()).anySatisfy(p -> {
          assertThat(p.code()).isEqualTo(ErrorCode.INVALID_FLOW);
          assertThat(p.path()).isEqualTo("steps[1].script");
          assertThat(p.message()).contains("outside quotes", "'${V}'");
        }));
    assertThat(statements).as("a list of statements, ending with ;").isEqualTo("Hi '; window.pwned = 1; '|undefined");
    assertThat(template).isEqualTo("<a`b${x}> Form|undefined");
    assertThat(doubled).isEqualTo("say \"\"); window.pwned=1;(\"\"|undefined");
  }

  @Test
  void should_keep_an_expression_condition_a_comparison_whatever_the_value() {
    String check = ",{\"id\":\"check\",\"op\":\"assert\",\"timeoutMs\":500,\"condition\":{\"expression\":\"document.title === '${V}'\"}}";

    RunResult same = run(eval("1") + check, Map.of("V", "Form"));
    RunResult breakout = run(eval("1") + check, Map.of("V", "x' || true || '"));

    assertThat(same.status()).as("%s", same.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(breakout.status()).isEqualTo(RunStatus.FAILED);
    assertThat(breakout.errorPath()).hasValue("steps[2]");
  }

  @Test
  void should_escape_values_in_css_candidates() {
    String quoted = out(click("css", "button[data-name='${V}']"), Map.of("V", "O'Brien"));
    RunResult injected = run(click("css", "button[data-name='${V}']"), Map.of("V", "x'], #secret, [data-name='y"));
    RunResult bare = run(click("css", "#${V}"), Map.of("V", "nothing, #secret"));

    assertThat(quoted).startsWith("obrien|");
    assertThat(injected.status()).isEqualTo(RunStatus.FAILED);
    assertThat(injected.errorCode()).hasValue(ErrorCode.TARGET_NOT_FOUND);
    assertThat(bare.errorCode()).hasValue(ErrorCode.TARGET_NOT_FOUND);
  }

  @Test
  void should_keep_xpath_values_inside_their_literal_and_refuse_them_outside() {
    String quoted = out(click("xpath", "//button[@data-name='${V}']"), Map.of("V", "O'Brien"));
    RunResult injected = run(click("xpath", "//button[@data-name='${V}']"), Map.of("V", "x' or @id='secret"));
    RunResult outside = run(click("xpath", "//button[@id=${V}]"), Map.of("V", "'secret'"));
    String name = out(click("xpath", "//${V}[@id='secret']"), Map.of("V", "button"));

    assertThat(quoted).startsWith("obrien|");
    assertThat(injected.errorCode()).hasValue(ErrorCode.TARGET_NOT_FOUND);
    assertThat(outside.errorCode()).hasValue(ErrorCode.INPUT_INVALID);
    assertThat(outside.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("${V}", "put the placeholder inside quotes"));
    assertThat(name).startsWith("secret|");
  }
}
