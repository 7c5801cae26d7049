package io.browserflow.formats;

import static io.browserflow.api.dsl.Dsl.credentialType;
import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.defaultValue;
import static io.browserflow.api.dsl.Dsl.elementId;
import static io.browserflow.api.dsl.Dsl.expression;
import static io.browserflow.api.dsl.Dsl.hidden;
import static io.browserflow.api.dsl.Dsl.label;
import static io.browserflow.api.dsl.Dsl.loaded;
import static io.browserflow.api.dsl.Dsl.placeholder;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.secret;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.text;
import static io.browserflow.api.dsl.Dsl.textPresent;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.dsl.Dsl.visible;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** flow -> browserctl -> flow and flow -> browserctl-text -> flow keep every step browserctl can express. */
class BrowserctlRoundTripTest {

  /** Every step kind browserctl expresses, with the candidate kinds it writes, placeholders and captures. */
  private static Flow everything(boolean textSafe) {
    var b = Flow.named("Round trip").description("Every supported step.")
        .credential("BASE_URL", credentialType(Credential.Type.URL))
        .credential("PASSWORD", secret())
        .input("QUERY", defaultValue("shoes"))
        .capabilities(Capability.SCRIPT_EVAL)
        .open("${credential.BASE_URL}/login.html")
        .waitFor(loaded(Condition.LoadState.DOMCONTENTLOADED)).timeoutMs(10_000)
        .fill(placeholder("用户名"), "ada")
        .fill(label("Password"), "${credential.PASSWORD}")
        .click(role("button", "Log in")).expect(urlMatches("**/app.html*")).timeoutMs(12_000)
        .type(css("#q"), "${input.QUERY}")
        .press(css("#q"), "Control+Shift+Enter")
        .press("Escape")
        .select(testId("size"), "M")
        .check(elementId("gift"))
        .uncheck(role("checkbox"))
        .hover(text("Menu"))
        .dblclick(css("tr.row"))
        .scrollBy(0, 400)
        .scrollBy(css("#list"), 0, -50)
        .scrollBy(30, 60)
        .scrollTo(0, 0)
        .scrollTo(0, BrowserctlImport.SCROLL_BOTTOM)
        .scrollTo(0, 300)
        .scrollIntoView(css("#row-9"))
        .waitMs(250)
        .waitFor(textPresent("Ready"))
        .waitFor(visible(css("#results")))
        .waitFor(hidden(css(".spinner")))
        .waitFor(expression("window.done === true"))
        .read(css("#total")).id("total")
        .readValue(css("#q"))
        .readAttribute(css("a.next"), "href")
        .eval("document.title").id("title")
        .fill(css("#echo"), "${steps.total.text}")
        .screenshot("after.png")
        .frame("[role=\"dialog\"] iframe").timeoutMs(8000)
        .fill(css("#card"), "4111")
        .frameMain()
        .frame("url:${credential.BASE_URL}/pay*")
        .click(testId("pay"))
        .frameMain()
        .click(css("#open-detail")).newTab("detail")
        .tabSwitch("detail")
        .waitFor(urlMatches("**/detail.html"))
        .tabClose("detail")
        .tabSwitch("main")
        .tabNew("docs", "${credential.BASE_URL}/docs.html")
        .navigate("${credential.BASE_URL}/docs2.html")
        .back().forward().reload()
        .tabClose();
    if (!textSafe) {
      // a step's expect other than url reads back as a wait step from text
      b.click(css("#save")).expect(visible(css(".toast")), urlMatches("**/saved")).title("Save the order");
    }
    return b.build();
  }

  @Test
  void should_keep_every_step_through_browserctl_flow_json() {
    Flow flow = everything(false);
    Conversion<String> out = new BrowserctlCodec().write(flow);
    assertThat(out.blockingIssues()).isEmpty();
    assertThat(out.stepsMapped()).isEqualTo(flow.steps().size());

    Conversion<Flow> back = new BrowserctlCodec().read(out.value(), "round.browserctl-flow.json");

    assertThat(back.value().steps()).isEqualTo(flow.steps());
    assertThat(back.value().id()).isEqualTo(flow.id());
    assertThat(back.value().name()).isEqualTo(flow.name());
    assertThat(back.value().description()).isEqualTo(flow.description());
    assertThat(back.value().credentials()).isEqualTo(flow.credentials());
    assertThat(back.value().inputs()).isEqualTo(flow.inputs());
    assertThat(back.value().policy()).isEqualTo(flow.policy());
    assertThat(back.quality()).isNotEqualTo(Quality.BLOCKED);
    assertThat(FlowJson.read(FlowJson.write(back.value()))).isEqualTo(back.value());
  }

  @Test
  void should_keep_every_step_through_browserctl_text() {
    Flow flow = everything(true);
    Conversion<String> out = new BrowserctlTextCodec().write(flow);
    assertThat(out.blockingIssues()).isEmpty();

    Conversion<Flow> back = new BrowserctlTextCodec().read(out.value(), "round.browserctl");

    // the text keeps no step ids: they are numbered s1, s2, ... on the way back
    assertThat(back.value().steps()).isEqualTo(renumbered(flow).steps());
    assertThat(back.value().credentials()).isEqualTo(flow.credentials());
    assertThat(back.value().inputs()).isEqualTo(flow.inputs());
    assertThat(back.value().description()).isEqualTo(flow.description());
    assertThat(back.value().name()).isEqualTo(flow.name());
  }

  @Test
  void should_read_bare_input_placeholders_as_qualified_ones() {
    Flow flow = Flow.named("bare").input("QUERY").open("https://a.test").fill(css("#q"), "${QUERY}").build();
    Flow back = new BrowserctlCodec().read(new BrowserctlCodec().write(flow).value(), "x").value();
    assertThat(((InteractionStep.Fill) back.steps().get(1)).value()).isEqualTo("${input.QUERY}");
  }

  /** The flow with step ids s1, s2, ... in document order, references following. */
  private static Flow renumbered(Flow flow) {
    JsonNode root = Json.parse(FlowJson.write(flow), "flow");
    Map<String, String> ids = new LinkedHashMap<>();
    int n = 1;
    for (JsonNode step : root.path("steps")) {
      String id = "s" + n++;
      ids.put(step.path("id").asText(), id);
      ((ObjectNode) step).put("id", id);
    }
    String json = Json.write(root);
    for (Map.Entry<String, String> e : ids.entrySet()) {
      json = json.replace("${steps." + e.getKey() + ".", "${steps." + e.getValue() + ".");
    }
    return FlowJson.read(json);
  }
}
