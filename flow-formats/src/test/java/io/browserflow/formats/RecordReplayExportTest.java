package io.browserflow.formats;

import static io.browserflow.formats.RecordReplayFlows.issue;
import static io.browserflow.formats.RecordReplayFlows.issues;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Export of flows to record-replay JSON: linear steps or a node graph, and what the extension cannot express. */
class RecordReplayExportTest {
  private static final Target GO = Target.of(Candidate.testId("go"), Candidate.role("button", "Go"));

  private static Conversion<String> write(Flow f) {
    Conversion<String> c = RecordReplayFlows.CODEC.write(f);
    assertThat(FlowFormats.detect(c.value())).hasValue(Format.RECORD_REPLAY);
    return c;
  }

  private static JsonNode json(Conversion<String> c) {
    return Json.parse(c.value(), "export");
  }

  private static List<String> edges(JsonNode graph) {
    List<String> out = new ArrayList<>();
    for (JsonNode e : graph.path("edges")) {
      out.add(e.get("from").asText() + " -" + e.path("label").asText("default") + "-> " + e.get("to").asText());
    }
    return out;
  }

  @Test
  void should_write_a_flow_without_control_flow_as_linear_steps() {
    Flow f = Flow.builder().name("Sign in").addInputs(Input.builder().key("user").defaultValue("ada").build())
        .addCredentials(Credential.of("PASSWORD", Credential.Type.PASSWORD))
        .addSteps(PageStep.Open.builder().id("open").url("http://127.0.0.1:8080/login").build(),
            InteractionStep.Fill.builder().id("user").target(Target.of(Candidate.id("user"))).value("${user}").build(),
            InteractionStep.Fill.builder().id("pw").target(Target.of(Candidate.css("input[type=password]"))).value("${credential.PASSWORD}")
                .timeoutMs(4000).build(),
            InteractionStep.Click.builder().id("go").target(GO).retry(io.browserflow.api.Retry.of(2, 250, io.browserflow.api.Retry.Backoff.EXP))
                .build(),
            CheckStep.Wait.builder().id("settle").ms(300).build())
        .build();

    Conversion<String> c = write(f);
    JsonNode o = json(c);

    assertThat(c.quality()).as(c.report()).isEqualTo(Quality.READY);
    assertThat(o.has("nodes")).isFalse();
    assertThat(o.get("version").asInt()).isEqualTo(1);
    assertThat(o.get("steps")).extracting(s -> s.get("type").asText()).containsExactly("navigate", "fill", "fill", "click", "wait");
    JsonNode pw = o.get("steps").get(2);
    assertThat(pw.get("value").asText()).isEqualTo("{PASSWORD}");
    assertThat(pw.get("timeoutMs").asInt()).isEqualTo(4000);
    JsonNode go = o.get("steps").get(3);
    assertThat(go.get("target").get("candidates").toString())
        .isEqualTo("[{\"type\":\"attr\",\"value\":\"[data-testid=\\\"go\\\"]\"},{\"type\":\"aria\",\"value\":\"button[name=Go]\"}]");
    assertThat(go.get("retry").toString()).isEqualTo("{\"count\":2,\"intervalMs\":250,\"backoff\":\"exp\"}");
    assertThat(o.get("steps").get(4).get("condition").get("sleep").asInt()).isEqualTo(300);
    assertThat(o.get("variables").toString()).isEqualTo("[{\"key\":\"user\",\"default\":\"ada\",\"rules\":{\"required\":false}},"
        + "{\"key\":\"PASSWORD\",\"sensitive\":true,\"rules\":{\"required\":true}}]");
  }

  @Test
  void should_write_branches_loops_and_on_error_paths_as_nodes_edges_and_subflows() {
    Flow f = Flow.builder().name("Review").addInputs(Input.builder().key("more").defaultValue("").build())
        .addSteps(
            DataStep.Read.builder().id("status").target(Target.of(Candidate.css("#status"))).build(),
            ControlStep.If.builder().id("check").condition(Condition.Var.equalTo("${steps.status.text}", "open"))
                .addThen(InteractionStep.Click.builder().id("approve").target(Target.of(Candidate.id("approve")))
                    .onError(OnError.fallback(List.of(DataStep.Screenshot.builder().id("shot").build()))).build())
                .addOtherwise(InteractionStep.Click.builder().id("reject").target(Target.of(Candidate.id("reject")))
                    .onError(OnError.continueRun()).build())
                .build(),
            ControlStep.Foreach.builder().id("each").source(ForeachSource.literal(List.of("a", "b"))).concurrency(2)
                .addBody(InteractionStep.Fill.builder().id("search").target(Target.of(Candidate.id("q"))).value("${loop.item}").build())
                .build(),
            ControlStep.While.builder().id("pages").condition(Condition.Var.truthy("${more}")).max(25)
                .addBody(InteractionStep.Click.builder().id("next").target(Target.of(Candidate.id("next"))).disabled(true).build()).build(),
            InteractionStep.Click.builder().id("done").target(Target.of(Candidate.id("done"))).build())
        .build();

    Conversion<String> c = write(f);
    JsonNode o = json(c);

    assertThat(c.quality()).as(c.report()).isEqualTo(Quality.READY);
    assertThat(o.get("steps")).isEmpty();
    assertThat(o.get("nodes")).extracting(n -> n.get("id").asText() + ":" + n.get("type").asText()).containsExactly(
        "status:extract", "check:if", "approve:click", "shot:screenshot", "reject:click", "each:foreach", "pages:while", "done:click");
    assertThat(edges(o)).containsExactlyInAnyOrder("status -default-> check", "check -true-> approve",
        "approve -onError-> shot", "check -false-> reject", "approve -default-> each", "shot -default-> each",
        "reject -default-> each", "reject -onError-> each", "each -default-> pages", "pages -default-> done");
    JsonNode check = o.get("nodes").get(1).get("config");
    assertThat(check.get("condition").toString()).isEqualTo("{\"var\":\"status\",\"equals\":\"open\"}");
    assertThat(o.get("nodes").get(0).get("config").get("saveAs").asText()).isEqualTo("status");
    JsonNode each = o.get("nodes").get(5).get("config");
    assertThat(each.get("listVar").asText()).isEqualTo("each_items");
    assertThat(each.get("concurrency").asInt()).isEqualTo(2);
    assertThat(o.get("variables").get(1).toString()).isEqualTo("{\"key\":\"each_items\",\"default\":[\"a\",\"b\"]}");
    JsonNode body = o.get("subflows").get(each.get("subflowId").asText());
    assertThat(body.get("nodes").get(0).get("config").get("value").asText()).isEqualTo("{item}");
    JsonNode pages = o.get("nodes").get(6).get("config");
    assertThat(pages.get("maxIterations").asInt()).isEqualTo(25);
    assertThat(o.get("subflows").get(pages.get("subflowId").asText()).get("nodes").get(0).get("disabled").asBoolean()).isTrue();
  }

  @Test
  void should_block_steps_the_extension_has_no_node_for_and_warn_on_checks_it_cannot_make() {
    Flow f = Flow.builder().name("Unsupported")
        .addSteps(PageStep.SetViewport.builder().id("size").width(800).height(600).build(),
            InteractionStep.Hover.builder().id("hover").target(GO).build(),
            CheckStep.Wait.builder().id("url").until(Condition.Url.of("**/done")).build(),
            ControlStep.If.builder().id("visible").condition(Condition.Element.of(GO, Condition.State.VISIBLE))
                .addThen(InteractionStep.Click.builder().id("go").target(GO).build()).build(),
            ControlStep.Foreach.builder().id("rows").source(ForeachSource.table())
                .addBody(InteractionStep.Click.builder().id("row").target(GO).build()).build(),
            PageStep.TabSwitch.builder().id("other").alias("popup").build())
        .build();

    Conversion<String> c = write(f);

    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(issues(c, ConversionCode.UNSUPPORTED_STEP)).extracting(ConversionIssue::path, ConversionIssue::severity)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("steps[0]", ConversionIssue.Severity.BLOCKING),
            org.assertj.core.groups.Tuple.tuple("steps[1]", ConversionIssue.Severity.BLOCKING));
    ConversionIssue url = issue(c, ConversionCode.UNSUPPORTED_CONDITION).get();
    assertThat(url.severity()).isEqualTo(ConversionIssue.Severity.WARNING);
    assertThat(url.path()).isEqualTo("steps[2].until");
    assertThat(issues(c, ConversionCode.UNSUPPORTED_CONDITION)).anyMatch(i -> i.path().equals("steps[3].condition")
        && i.severity() == ConversionIssue.Severity.BLOCKING);
    assertThat(issue(c, ConversionCode.FOREACH_SOURCE).get().message()).contains("table");
    assertThat(issue(c, ConversionCode.TAB_URL_UNKNOWN).get().message()).contains("popup");
    assertThat(c.stepsMapped()).isZero();
  }

  @Test
  void should_write_expectations_as_waits_and_network_idle_as_after_wait() {
    Flow f = Flow.builder().name("Expect")
        .addSteps(InteractionStep.Click.builder().id("save").target(GO).addExpect(Condition.Load.of(Condition.LoadState.NETWORKIDLE))
            .addExpect(Condition.Text.present("Saved")).addExpect(Condition.Url.of("**/saved")).build())
        .build();

    Conversion<String> c = write(f);
    JsonNode steps = json(c).get("steps");

    assertThat(steps).extracting(s -> s.get("id").asText() + ":" + s.get("type").asText()).containsExactly("save:click",
        "save-expect:wait");
    assertThat(steps.get(0).get("after").get("waitForNetworkIdle").asBoolean()).isTrue();
    assertThat(steps.get(1).get("condition").toString()).isEqualTo("{\"text\":\"Saved\",\"appear\":true}");
    assertThat(issue(c, ConversionCode.EXPECT_AS_WAIT).get().path()).isEqualTo("steps[0].expect[1]");
    assertThat(issue(c, ConversionCode.UNSUPPORTED_CONDITION).get().path()).isEqualTo("steps[0].expect[2]");
  }

  @Test
  void should_write_targets_in_a_frame_as_the_extensions_cross_frame_selector() {
    Flow f = Flow.builder().name("Frames")
        .addSteps(InteractionStep.Click.builder().id("pay").target(Target.of(Candidate.css("button.pay"), Candidate.textContains("Pay"))
            .inFrame("iframe#checkout")).build())
        .build();

    Conversion<String> c = write(f);

    assertThat(json(c).get("steps").get(0).get("target").get("candidates").toString())
        .isEqualTo("[{\"type\":\"css\",\"value\":\"iframe#checkout |> button.pay\"}]");
    assertThat(issue(c, ConversionCode.UNSUPPORTED_LOCATOR).get().message()).contains("textContains \"Pay\"");
  }
}
