package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.testkit.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.StepState;
import io.browserflow.engine.review.Approvals;
import io.browserflow.engine.review.FlowReview;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Error paths: targets, checks, retries, onError, refusals before the first step, policies. */
class EngineFailuresTest {
  private final EngineFixtures.Events events = new EngineFixtures.Events();
  private final EngineFixtures.NoSleep sleep = new EngineFixtures.NoSleep();

  private FlowEngine engine(InMemoryPageDriver driver) {
    return EngineFixtures.engine(driver).listener(events).sleeper(sleep).build();
  }

  private final FlowEngine engine = engine(EngineFixtures.app().build());

  @Test
  void should_fail_on_an_ambiguous_target_and_run_nothing_after_it() {
    Flow flow = Flow.named("ambiguous").open(APP + "/home").click(text("Save")).id("save")
        .click(testId("save")).build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).hasValue(ErrorCode.TARGET_AMBIGUOUS);
    assertThat(result.errorPath()).hasValue("steps[1]");
    assertThat(result.failedStep()).hasValueSatisfying(s -> {
      assertThat(s.stepId()).isEqualTo("save");
      assertThat(s.candidates()).hasValueSatisfying(c -> assertThat(c).contains("text \"Save\" matched 2"));
      assertThat(s.url()).hasValue(APP + "/home");
    });
    assertThat(result.steps()).hasSize(2);
  }

  @Test
  void should_report_a_missing_target_with_every_candidate_count() {
    Flow flow = Flow.named("missing").open(APP + "/home").click(testId("nope").or(css("#nothing")))
        .timeoutMs(500).build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorCode()).hasValue(ErrorCode.TARGET_NOT_FOUND);
    assertThat(result.failedStep().flatMap(StepResult::candidates))
        .hasValueSatisfying(c -> assertThat(c).contains("testId \"nope\" matched 0").contains("css \"#nothing\" matched 0"));
  }

  @Test
  void should_report_the_fallback_candidate_that_won() {
    Flow flow = Flow.named("fallback").open(APP + "/home").click(testId("gone").or(testId("save")))
        .expect(hasText(css("#status"), "Saved")).build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    StepResult click = result.steps().get(1);
    assertThat(click.winner()).hasValue(1);
    assertThat(click.fallbackUsed()).isTrue();
    assertThat(click.candidates()).hasValueSatisfying(c -> assertThat(c).contains("testId \"gone\" matched 0"));
  }

  @Test
  void should_retry_with_backoff_until_the_action_succeeds() {
    FlowEngine flaky = engine(EngineFixtures.app().failNext("save", ErrorCode.ACTION_FAILED, 2).build());
    Flow flow = Flow.named("retry").open(APP + "/home").click(testId("save")).retry(retryBackoff(3, 100))
        .expect(hasText(css("#status"), "Saved")).build();

    RunResult result = flaky.run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.steps().get(1).attempts()).isEqualTo(3);
    assertThat(sleep.slept).containsExactly(100L, 200L);
    assertThat(events.count("retry click-1")).isEqualTo(2);
  }

  @Test
  void should_fail_after_the_last_retry() {
    FlowEngine flaky = engine(EngineFixtures.app().failNext("save", ErrorCode.ACTION_FAILED, 5).build());
    Flow flow = Flow.named("retry").open(APP + "/home").click(testId("save")).retry(2).build();

    RunResult result = flaky.run(flow, Inputs.empty());

    assertThat(result.errorCode()).hasValue(ErrorCode.ACTION_FAILED);
    assertThat(result.failedStep()).hasValueSatisfying(s -> assertThat(s.attempts()).isEqualTo(3));
  }

  @Test
  void should_verify_a_write_by_its_check_not_by_the_acknowledgement() {
    Flow flow = Flow.named("check").open(APP + "/home").click(testId("search"))
        .expect(textPresent("Never shown")).timeoutMs(500).build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorCode()).hasValue(ErrorCode.CHECK_FAILED);
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("Never shown"));
  }

  @Test
  void should_continue_or_fall_back_when_told() {
    Flow flow = Flow.named("onError").open(APP + "/home")
        .click(testId("nope")).timeoutMs(200).continueOnError()
        .click(testId("gone")).timeoutMs(200).fallback(f -> f.click(testId("save")))
        .assertThat(hasText(css("#status"), "Saved"))
        .build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.steps()).extracting(StepResult::path, StepResult::state).containsExactly(
        org.assertj.core.groups.Tuple.tuple("steps[0]", StepState.VERIFIED),
        org.assertj.core.groups.Tuple.tuple("steps[1]", StepState.FAILED),
        org.assertj.core.groups.Tuple.tuple("steps[2]", StepState.FAILED),
        org.assertj.core.groups.Tuple.tuple("steps[2].onError.fallback[0]", StepState.VERIFIED),
        org.assertj.core.groups.Tuple.tuple("steps[3]", StepState.VERIFIED));
    assertThat(result.steps().get(2).recoveredByFallback()).isTrue();
  }

  @Test
  void should_refuse_missing_and_invalid_inputs_before_any_step() {
    Flow flow = Flow.named("inputs")
        .input("COUNT", inputType(Input.Type.NUMBER))
        .credential("PASSWORD", secret())
        .open(APP + "/home").fill(testId("device"), "${COUNT}").build();

    RunResult missing = engine.run(flow, Inputs.empty());
    RunResult invalid = engine.run(flow, Inputs.builder().input("COUNT", "many").credential("PASSWORD", "x").build());
    RunResult undeclared = engine.run(flow, Inputs.builder().input("COUNT", "3").input("EXTRA", "1")
        .credential("PASSWORD", "x").build());

    assertThat(missing.errorCode()).hasValue(ErrorCode.INPUT_MISSING);
    assertThat(missing.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("input COUNT", "credential PASSWORD"));
    assertThat(missing.steps()).isEmpty();
    assertThat(invalid.errorCode()).hasValue(ErrorCode.INPUT_INVALID);
    assertThat(invalid.steps()).isEmpty();
    assertThat(undeclared.errorCode()).hasValue(ErrorCode.INPUT_INVALID);
    assertThat(events.count("step ")).isZero();
  }

  @Test
  void should_refuse_eval_unless_the_run_allows_it() {
    Flow flow = Flow.named("eval").capabilities(Capability.SCRIPT_EVAL).open(APP + "/home").eval("1 + 1").build();

    RunResult refused = engine.run(flow, Inputs.empty());
    RunResult allowed = engine.run(flow, Inputs.empty(), RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());

    assertThat(refused.errorCode()).hasValue(ErrorCode.CAPABILITY_DENIED);
    assertThat(refused.steps()).isEmpty();
    // the in-memory driver runs no scripts: the run got past the gate and failed at the step
    assertThat(allowed.errorCode()).hasValue(ErrorCode.UNSUPPORTED_STEP);
    assertThat(allowed.errorPath()).hasValue("steps[1]");
  }

  @Test
  void should_refuse_uploads_outside_the_upload_roots() {
    Flow flow = Flow.named("upload").capabilities(Capability.FILE_UPLOAD).open(APP + "/home")
        .upload(testId("device"), "/etc/passwd").build();

    RunResult result = engine.run(flow, Inputs.empty(), RunOptions.builder().allow(Capability.FILE_UPLOAD).build());

    assertThat(result.errorCode()).hasValue(ErrorCode.CAPABILITY_DENIED);
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("upload roots"));
  }

  @Test
  void should_deny_navigation_outside_the_allowed_origins() {
    Flow byClick = Flow.named("origins").open(APP + "/home").click(testId("external")).build();
    Flow byValue = Flow.named("computed").open(APP + "/home").setVar("url", "http://elsewhere.test/y")
        .navigate("${vars.url}").build();
    Flow literal = Flow.named("literal").open(APP + "/home").navigate("http://elsewhere.test/x").build();

    RunResult clicked = engine.run(byClick, Inputs.empty());
    RunResult computed = engine.run(byValue, Inputs.empty());
    RunResult allowed = engine.run(byClick, Inputs.empty(),
        RunOptions.builder().addAllowOrigins("http://elsewhere.test").build());

    assertThat(clicked.errorCode()).hasValue(ErrorCode.ORIGIN_DENIED);
    assertThat(clicked.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("http://elsewhere.test"));
    assertThat(computed.errorCode()).hasValue(ErrorCode.ORIGIN_DENIED);
    assertThat(allowed.status()).isEqualTo(RunStatus.SUCCEEDED);
    // an origin the flow itself names is its own
    assertThat(engine.run(literal, Inputs.empty()).status()).isEqualTo(RunStatus.SUCCEEDED);
  }

  @Test
  void should_require_an_approved_digest_when_asked() {
    Flow flow = Flow.named("approved").open(APP + "/home").build();
    Approvals approvals = Approvals.create();
    FlowEngine strict = EngineFixtures.engine(EngineFixtures.app().build()).requireApproval(approvals).build();

    RunResult unapproved = strict.run(flow, Inputs.empty());
    approvals.approve(FlowReview.of(flow));
    RunResult approved = strict.run(flow, Inputs.empty());
    Flow changed = Flow.named("approved").open(APP + "/list1").build();
    RunResult stale = strict.run(changed, Inputs.empty());

    assertThat(unapproved.errorCode()).hasValue(ErrorCode.REVIEW_REQUIRED);
    assertThat(approved.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(stale.errorCode()).hasValue(ErrorCode.REVIEW_REQUIRED);
    assertThat(stale.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("changed since its approval"));
  }

  @Test
  void should_stop_when_the_run_budget_is_spent() {
    // a driver that waits in real time, like a browser
    FlowEngine real = FlowEngine.builder().driver(NoOpPageDriver.create()).build();
    Flow flow = Flow.named("budget").open(APP + "/home").waitMs(300).waitMs(300).waitMs(300).build();

    RunResult result = real.run(flow, Inputs.empty(),
        RunOptions.builder().timeBudget(Duration.ofMillis(450)).build());

    assertThat(result.errorCode()).hasValue(ErrorCode.TIMEOUT);
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("time budget"));
    assertThat(result.tookMs()).isLessThan(2_000);
  }

  @Test
  void should_report_the_manifest_of_a_flow() {
    Flow flow = Flow.named("manifest").capabilities(Capability.SCRIPT_EVAL)
        .open("https://shop.example.com/start").click(testId("x")).newTab("detail")
        .assertThat(expression("true")).build();

    FlowReview review = FlowReview.of(flow);

    assertThat(review.capabilities()).containsExactlyInAnyOrder(Capability.UI_OBSERVE, Capability.UI_INTERACT,
        Capability.TABS_MULTI, Capability.SCRIPT_EVAL);
    assertThat(review.origins()).containsExactly("https://shop.example.com");
    assertThat(review.digest()).isEqualTo(io.browserflow.api.json.FlowJson.digest(flow));
  }

  @Test
  void should_fail_with_on_error_stop_by_default_in_nested_bodies() {
    Flow flow = Flow.named("nested").open(APP + "/home")
        .repeat(2, r -> r.click(testId("nope")).timeoutMs(200))
        .click(testId("save"))
        .build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorPath()).hasValue("steps[1].body[0]");
    assertThat(result.steps()).extracting(StepResult::stepId).doesNotContain("click-2");
    assertThat(OnError.stop().kind()).isEqualTo(OnError.Kind.STOP);
  }
}
