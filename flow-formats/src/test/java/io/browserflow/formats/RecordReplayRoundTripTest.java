package io.browserflow.formats;

import static io.browserflow.formats.RecordReplayFlows.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Policy;
import io.browserflow.api.Retry;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import io.browserflow.api.validate.FlowValidator;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Round trips: a record-replay flow read, written and read again is the same flow; a flow of the
 * common subset written as record-replay and read back is the same flow, linear or a graph.
 */
class RecordReplayRoundTripTest {
  private static final RecordReplayCodec CODEC = RecordReplayFlows.CODEC;

  private static Flow throughRecordReplay(Flow f) {
    assertThat(FlowValidator.of(io.browserflow.api.validate.FlowLimits.defaults()).validate(f)).as("the original is valid").isEmpty();
    Conversion<String> out = CODEC.write(f);
    Conversion<Flow> back = CODEC.read(out.value(), "round-trip.json");
    // only the page scripts are worth a warning: an eval, and an expression the extension evaluates elsewhere
    for (Conversion<?> c : List.of(out, back)) {
      assertThat(c.issues()).as(c.report() + out.value()).allMatch(i -> i.severity() == ConversionIssue.Severity.INFO
          || i.code() == ConversionCode.EVAL_USED || i.code() == ConversionCode.APPROXIMATED && i.message().contains("expression"));
    }
    assertThat(back.quality()).isNotEqualTo(Quality.BLOCKED);
    return back.value();
  }

  @ParameterizedTest
  @ValueSource(strings = {"login-linear.json", "order-review.json", "approval.json"})
  void should_read_write_and_read_a_record_replay_flow_to_the_same_flow(String name) {
    Conversion<Flow> first = CODEC.read(fixture(name), name);
    Conversion<String> written = CODEC.write(first.value());
    Conversion<Flow> second = CODEC.read(written.value(), name);

    assertThat(second.value()).as(written.value()).isEqualTo(first.value());
    assertThat(written.blockingIssues()).isEmpty();
    assertThat(CODEC.write(second.value()).value()).isEqualTo(written.value());
  }

  private static Target css(String css) {
    return Target.of(Candidate.css(css));
  }

  /** {@code #id} reads back as an id candidate. */
  private static Target id(String id) {
    return Target.of(Candidate.id(id));
  }

  @Test
  void should_keep_a_linear_flow_of_the_common_subset() {
    Flow f = Flow.builder().id("orders").name("Check an order").version(4).description("Opens an order and reads its state")
        .addTags("orders").meta(FlowMeta.builder().source("record-replay").createdAt("2025-10-13T02:07:14Z").build())
        .addInputs(Input.builder().key("base").label("Base URL").defaultValue("http://127.0.0.1:8080").required(true).build(),
            Input.builder().key("order").required(true).pattern("[0-9]+").build(),
            Input.builder().key("count").type(Input.Type.NUMBER).defaultValue("2").build(),
            Input.builder().key("mode").type(Input.Type.SELECT).addOptions("fast", "slow").defaultValue("fast").build())
        .addCredentials(Credential.builder().key("password").label("Password").type(Credential.Type.PASSWORD).build(),
            Credential.builder().key("apiToken").type(Credential.Type.TOKEN).required(false).build())
        .policy(Policy.builder().addAllowedOrigins("http://127.0.0.1:8080").addCapabilities(Capability.SCRIPT_EVAL,
            Capability.HTTP_REQUEST).build())
        .addSteps(
            PageStep.Open.builder().id("open").url("${base}/orders/${order}").build(),
            InteractionStep.Fill.builder().id("pw").target(Target.of(Candidate.testId("pw"), Candidate.placeholder("Password"),
                Candidate.css("form input.secret"))).value("${credential.password}").timeoutMs(5000).build(),
            InteractionStep.Click.builder().id("login").target(Target.of(Candidate.role("button", "Sign in"), Candidate.xpath("//button[1]"),
                Candidate.textContains("Sign in"))).retry(Retry.of(3, 200, Retry.Backoff.EXP))
                .addExpect(Condition.Load.of(Condition.LoadState.NETWORKIDLE)).build(),
            InteractionStep.Dblclick.builder().id("row").target(Target.of(Candidate.id("row-1"))).build(),
            CheckStep.Wait.builder().id("pause").ms(250).build(),
            CheckStep.Wait.builder().id("gone").until(Condition.Element.of(css(".spinner"), Condition.State.HIDDEN)).build(),
            CheckStep.Wait.builder().id("greeting").until(Condition.Not.of(Condition.Text.present("Loading ${order}"))).build(),
            CheckStep.Wait.builder().id("idle").until(Condition.Load.of(Condition.LoadState.NETWORKIDLE)).timeoutMs(15000).build(),
            CheckStep.Assert.builder().id("shown").condition(Condition.Element.of(id("order"), Condition.State.VISIBLE))
                .onError(OnError.continueRun()).build(),
            CheckStep.Assert.builder().id("exists").condition(Condition.Element.of(Target.of(Candidate.testId("total")),
                Condition.State.EXISTS)).onError(OnError.retry()).build(),
            CheckStep.Assert.builder().id("busy").condition(Condition.Attribute.of(id("order"), "aria-busy",
                java.util.Optional.of("false"))).build(),
            DataStep.Read.builder().id("state").target(css("#order .state")).build(),
            DataStep.Read.builder().id("href").target(css("a.invoice")).what(Step.ReadKind.ATTRIBUTE).attribute("href").build(),
            DataStep.Eval.builder().id("title").script("document.title").build(),
            InteractionStep.Fill.builder().id("note").target(id("note")).value("${steps.state.text} / ${steps.title.result}").build(),
            ExternalStep.Http.builder().id("post").method("POST").url("${base}/api/orders/${order}")
                .putHeaders("Authorization", "Bearer ${credential.apiToken}").body("{\"href\":\"${steps.href.attribute}\"}")
                .putExtract("ticket", "$.ticket.id").build(),
            CheckStep.Assert.builder().id("ticket").condition(Condition.Text.present("Ticket ${steps.post.ticket}")).build(),
            InteractionStep.Press.builder().id("select-all").key("a").addModifiers("Control", "Shift").build(),
            InteractionStep.Press.builder().id("enter").key("Enter").target(id("note")).build(),
            InteractionStep.Scroll.builder().id("down").mode(Step.ScrollMode.TO).y(800).build(),
            InteractionStep.Scroll.builder().id("list").mode(Step.ScrollMode.TO).target(css("ul.items")).x(0).y(120).build(),
            InteractionStep.Scroll.builder().id("footer").mode(Step.ScrollMode.INTO_VIEW).target(css("footer")).build(),
            InteractionStep.Drag.builder().id("move").source(id("card")).destination(id("done-column")).build(),
            DataStep.Screenshot.builder().id("proof").target(id("order")).build(),
            PageStep.TabNew.builder().id("help").alias("tab1").url("${base}/help").build(),
            PageStep.TabSwitch.builder().id("back").alias("main").build(),
            PageStep.TabClose.builder().id("close-help").alias("tab1").build(),
            PageStep.Navigate.builder().id("list-page").url("${base}/orders").build())
        .putOutputs("state", "${steps.state.text}")
        .build();

    Flow back = throughRecordReplay(f);

    assertThat(back).isEqualTo(f);
    assertThat(CODEC.write(f).value()).doesNotContain("\"nodes\"");
  }

  @Test
  void should_keep_a_flow_with_branches_loops_and_on_error_paths() {
    Flow f = Flow.builder().id("review").name("Review orders").meta(FlowMeta.builder().source("record-replay").build())
        .addInputs(Input.builder().key("more").defaultValue("").build(), Input.builder().key("base").required(true).build())
        .policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build())
        .addSteps(
            PageStep.Open.builder().id("open").url("${base}/orders").build(),
            DataStep.Read.builder().id("status").target(id("status")).build(),
            ControlStep.If.builder().id("check").condition(Condition.Var.equalTo("${steps.status.text}", "open"))
                .addThen(InteractionStep.Click.builder().id("approve").target(Target.of(Candidate.testId("approve")))
                        .onError(OnError.fallback(List.of(DataStep.Screenshot.builder().id("shot").fullPage(true).build(),
                            InteractionStep.Click.builder().id("retry-approve").target(id("approve-again")).build()))).build(),
                    ControlStep.If.builder().id("note-needed").condition(Condition.Var.truthy("${more}"))
                        .addThen(InteractionStep.Fill.builder().id("note").target(id("note")).value("more").build()).build())
                .addOtherwise(InteractionStep.Click.builder().id("reject").target(id("reject")).onError(OnError.continueRun()).build())
                .build(),
            ControlStep.If.builder().id("empty-then").condition(Condition.Expression.of("document.querySelectorAll('tr').length > 3"))
                .addOtherwise(InteractionStep.Click.builder().id("load").target(id("load")).build()).build(),
            ControlStep.Foreach.builder().id("each").source(ForeachSource.literal(List.of("A-1", "B-2"))).concurrency(3)
                .addBody(InteractionStep.Fill.builder().id("search").target(id("q")).value("${loop.item}").build(),
                    ControlStep.Foreach.builder().id("inner").source(ForeachSource.literal(List.of("x", "y")))
                        .addBody(InteractionStep.Fill.builder().id("tag").target(id("tag")).value("${loop.item}").build()).build(),
                    InteractionStep.Click.builder().id("go").target(id("go")).disabled(true).build())
                .build(),
            ControlStep.While.builder().id("pages").condition(Condition.Var.equalTo("${more}", "yes")).max(40)
                .addBody(InteractionStep.Click.builder().id("next").target(id("next")).onError(OnError.continueRun()).build(),
                    CheckStep.Wait.builder().id("rest").ms(100).build())
                .build(),
            DataStep.DatasetWrite.builder().id("row").dataset("orders").putRow("status", "${steps.status.text}").build(),
            DataStep.Clipboard.builder().id("copy").action(Step.ClipboardAction.WRITE).text("${steps.status.text}").build(),
            DataStep.Clipboard.builder().id("paste").action(Step.ClipboardAction.READ).build(),
            InteractionStep.Fill.builder().id("pasted").target(id("pasted")).value("${steps.paste.text}").title("Paste it").build(),
            InteractionStep.Click.builder().id("old").target(id("old")).disabled(true).build(),
            CheckStep.Assert.builder().id("done").condition(Condition.Text.present("Reviewed")).build())
        .build();

    Flow back = throughRecordReplay(f);

    assertThat(back).isEqualTo(f);
    assertThat(CODEC.write(f).value()).contains("\"nodes\"", "\"subflows\"");
  }
}
