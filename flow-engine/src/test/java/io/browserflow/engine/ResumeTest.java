package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.textPresent;
import static io.browserflow.engine.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.store.JournalEntry;
import io.browserflow.engine.store.RunStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** Settling the step an interrupted run left in DISPATCHING: verify, confirm, retry or cancel. */
class ResumeTest {
  @TempDir
  Path dir;

  private Flow flow = flow(OnError.stop());

  /** The flow with {@code onError} on its step {@code save}, the one a test leaves dispatching. */
  private static Flow flow(OnError onSave) {
    return Flow.named("resume").open(APP + "/home")
        .fill(testId("name"), "Ann").id("name")
        .click(testId("save")).id("save").expect(textPresent("Saved")).onError(onSave)
        .click(testId("plain")).id("plain")
        .click(testId("after")).id("after")
        .build();
  }

  /** Writes the journal of a run that died while {@code pending} was dispatching. */
  private String interruptedAt(String pendingId, String pendingPath) {
    RunStore store = RunStore.directory(dir);
    String runId = "20261130T060000000Z-abcdef";
    long[] seq = {0};
    java.util.function.Consumer<JournalEntry.Builder> append = b -> store.append(runId, flow.id(),
        b.seq(++seq[0]).at(Instant.parse("2026-11-30T06:00:00Z")).build(), true);
    append.accept(JournalEntry.builder().type(JournalEntry.Type.RUN_STARTED).flowId(flow.id())
        .flowDigest(FlowJson.digest(flow)));
    String[][] done = {{"steps[0]", "open-1"}, {"steps[1]", "name"}};
    for (String[] d : done) {
      append.accept(JournalEntry.builder().type(JournalEntry.Type.STEP).path(d[0]).stepId(d[1])
          .state(StepState.DISPATCHING).attempt(1));
      append.accept(JournalEntry.builder().type(JournalEntry.Type.STEP).path(d[0]).stepId(d[1])
          .state(StepState.VERIFIED).attempt(1).evidence(JournalEntry.Evidence.ACK));
    }
    append.accept(JournalEntry.builder().type(JournalEntry.Type.STEP).path(pendingPath).stepId(pendingId)
        .state(StepState.DISPATCHING).attempt(1));
    return runId;
  }

  private RunResult resume(FakeDriver driver, String runId, ResumeDecision decision) {
    return FlowEngine.builder().driver(driver).storeDirectory(dir).build()
        .resume(runId, flow, Inputs.empty(), decision, RunOptions.defaults());
  }

  @Test
  void should_verify_the_pending_step_by_its_checks_without_acting_again() {
    FakeDriver driver = new FakeDriver();
    RunResult result = resume(driver, interruptedAt("save", "steps[2]"), ResumeDecision.VERIFY);

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(driver.performed).containsExactly("open:" + APP + "/home", "plain", "after");
  }

  @Test
  void should_refuse_to_verify_a_step_without_checks() {
    FakeDriver driver = new FakeDriver();
    RunResult result = resume(driver, interruptedAt("plain", "steps[3]"), ResumeDecision.VERIFY);

    assertThat(result.status()).isEqualTo(RunStatus.NEEDS_REVIEW);
    assertThat(result.errorCode()).hasValue(ErrorCode.REVIEW_REQUIRED);
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("CHECK_FAILED", "no expect condition",
        "CONFIRM (it acted), RETRY (act again) or CANCEL"));
    assertThat(driver.performed).doesNotContain("plain", "after");
  }

  /** Every onError mode: an unverifiable interrupted dispatch never retries, continues or falls back. */
  @ParameterizedTest(name = "onError {0}")
  @ValueSource(strings = {"stop", "continue", "retry", "fallback"})
  void should_keep_an_unverified_interrupted_dispatch_for_review_whatever_its_on_error(String mode) {
    OnError onError = switch (mode) {
      case "continue" -> OnError.continueRun();
      case "retry" -> OnError.retry();
      case "fallback" -> OnError.fallback(List.of(InteractionStep.Click.builder().id("undo").target(Target.of(Candidate.testId("undo")))
          .build()));
      default -> OnError.stop();
    };
    flow = flow(onError);
    String runId = interruptedAt("save", "steps[2]");
    FakeDriver driver = new FakeDriver();
    driver.unmet = c -> Walk.describe(c).contains("Saved");

    RunResult result = resume(driver, runId, ResumeDecision.VERIFY);

    assertThat(result.status()).isEqualTo(RunStatus.NEEDS_REVIEW);
    assertThat(result.errorCode()).hasValue(ErrorCode.REVIEW_REQUIRED);
    assertThat(result.errorPath()).hasValue("steps[2]");
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("save", "CHECK_FAILED"));
    assertThat(driver.performed).as("no dispatch of save, no fallback, nothing after it")
        .containsExactly("open:" + APP + "/home");

    // still unfinished: listed for review, and resumable with another decision
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).storeDirectory(dir).build();
    assertThat(engine.recover()).singleElement().satisfies(r -> {
      assertThat(r.runId()).isEqualTo(runId);
      assertThat(r.pendingStepId()).hasValue("save");
    });
    FakeDriver confirmed = new FakeDriver();
    RunResult after = FlowEngine.builder().driver(confirmed).storeDirectory(dir).build()
        .resume(runId, flow, Inputs.empty(), ResumeDecision.CONFIRM, RunOptions.defaults());
    assertThat(after.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(confirmed.performed).containsExactly("open:" + APP + "/home", "plain", "after");
    assertThat(FlowEngine.builder().driver(new FakeDriver()).storeDirectory(dir).build().recover()).isEmpty();
  }

  @Test
  void should_dispatch_again_on_retry() {
    FakeDriver driver = new FakeDriver();
    RunResult result = resume(driver, interruptedAt("plain", "steps[3]"), ResumeDecision.RETRY);

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(driver.performed).containsExactly("open:" + APP + "/home", "save", "plain", "after");
  }

  @Test
  void should_end_the_run_on_cancel() {
    FakeDriver driver = new FakeDriver();
    RunResult result = resume(driver, interruptedAt("plain", "steps[3]"), ResumeDecision.CANCEL);

    assertThat(result.status()).isEqualTo(RunStatus.CANCELLED);
    assertThat(driver.performed).isEmpty();
  }

  @Test
  void should_refuse_another_version_of_the_flow() {
    String runId = interruptedAt("plain", "steps[3]");
    Flow changed = Flow.named("resume").open(APP + "/other").build();

    assertThatThrownBy(() -> FlowEngine.builder().driver(new FakeDriver()).storeDirectory(dir).build()
            .resume(runId, changed, Inputs.empty(), ResumeDecision.CONFIRM, RunOptions.defaults()))
        .isInstanceOfSatisfying(FlowRunException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.REVIEW_REQUIRED));
  }
}
