package io.browserflow.engine;

import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.engine.spi.PageActivity;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.TargetException;
import io.browserflow.engine.store.JournalEntry;
import io.browserflow.engine.store.RunStoreException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Walks a flow's steps on a lane. Each step goes {@code PREPARED -> DISPATCHING -> CHECKING ->
 * VERIFIED} or {@code FAILED}, journaled by {@link RunJournal}: a leaf step is bound, dispatched by
 * {@link LeafActions} and checked, with its retries; a control step runs its bodies through
 * {@link ControlBodies}. A failure then does what the step's {@code onError} says. When the run
 * resumes an interrupted one, verified steps are not replayed (context steps are, see
 * {@link Walk#isContext}) and the one left pending is settled by the plan's decision.
 */
final class Interpreter {
  private final RunContext run;

  Interpreter(RunContext run) {
    this.run = run;
  }

  void runSteps(List<Step> steps, String base, Lane lane) {
    for (int i = 0; i < steps.size(); i++) {
      runStep(steps.get(i), base + "[" + i + "]", lane);
    }
  }

  private void runStep(Step step, String path, Lane lane) {
    pauseIfAsked(step, path, lane);
    checkpoint();
    StepExecution at = new StepExecution(step, path, lane.bindings.iteration());
    if (step.disabled()) {
      run.results().skipped(at);
      return;
    }
    PartialRun partial = run.partial();
    PartialRun.Before before = partial == null || partial.reached() ? null : partial.before(step, path);
    if (before == PartialRun.Before.SKIP) {
      run.results().skipped(at, "before the step " + partial.describe() + " starts at");
      return;
    }
    try {
      step.accept(new ControlBodies(this, run, at, lane)).ifPresentOrElse(body -> runControl(at, lane, body),
          () -> runLeaf(at, lane));
    } catch (RunStoreException e) {
      // the journal cannot be written: stop here, whatever the step's retry and onError say (a retry, a
      // continue or a fallback would act without the write-ahead entry that makes a crash recoverable)
      run.results().failed(at, lane.session, 1, 0, null, e, List.of(), false, PageActivity.none());
      throw new StopRun(e, path);
    }
    if (before == PartialRun.Before.ON_THE_WAY) {
      partial.afterOnTheWay(step);
    }
    if (partial != null && partial.endsAfter(step)) {
      throw new PartialRun.UntilReached();
    }
  }

  /** Single-step mode or a listener's breakpoint: the run pauses before this step. */
  private void pauseIfAsked(Step step, String path, Lane lane) {
    String iteration = lane.bindings.iteration().orElse(null);
    if (run.control().singleStepping()
        || run.engine().anyListener(l -> l.pauseBefore(run.runId(), path, step.id(), iteration))) {
      run.control().pause();
      run.engine().notify(l -> l.stepPaused(run.runId(), path, step.id(), iteration));
    }
  }

  // ------------------------------------------------------------------- leaf steps

  private void runLeaf(StepExecution at, Lane lane) {
    Step step = at.step();
    String path = at.path();
    ResumePlan plan = run.plan();
    long started = System.nanoTime();
    // resuming: a verified step gives back its journaled outputs instead of running again; steps that
    // rebuild the run's own data (datasets) run again, and one of them left dispatching simply runs again
    boolean rebuild = plan != null && Walk.rebuildsRunData(step);
    if (plan != null && plan.verified.containsKey(at.key()) && !Walk.isContext(step) && !rebuild) {
      JournalEntry done = plan.verified.get(at.key());
      done.outputs().forEach((k, v) -> restore(lane, k, v));
      run.results().restored(at);
      return;
    }
    int attempts = 1 + step.retry().map(r -> r.count()).orElse(step.onError().kind() == OnError.Kind.RETRY ? 1 : 0);
    // the step an interrupted run left dispatching, verified on resume: whether it acted is unknown
    boolean unknownDispatch = plan != null && at.key().equals(plan.pendingKey) && plan.decision == ResumeDecision.VERIFY
        && !rebuild;
    run.engine().notify(l -> l.stepStarted(run.runId(), path, step.id(), at.iteration().orElse(null)));
    run.journal().prepared(at, 1);
    FlowException last = null;
    LeafActions.Outcome outcome = null;
    int attempt = 1;
    for (; attempt <= attempts; attempt++) {
      try {
        if (plan != null && at.key().equals(plan.pendingKey) && plan.decision != ResumeDecision.RETRY && !rebuild) {
          outcome = settlePending(at, lane);
        } else {
          outcome = dispatch(at, lane, attempt);
        }
        last = null;
        break;
      } catch (RunCancelled | StopRun | RunStoreException e) {
        throw e;
      } catch (FlowException e) {
        last = e;
      } catch (RuntimeException e) {
        last = new FlowRunException(ErrorCode.ACTION_FAILED, e.getClass().getSimpleName() + ": " + e.getMessage());
      }
      if (unknownDispatch) {
        stayForReview(at, lane, last, started);
      }
      if (attempt < attempts) {
        int retry = attempt;
        long wait = step.retry().map(r -> r.delayBefore(retry)).orElse(500L);
        String reason = run.redactor().redact(last.code() + ": " + last.getMessage());
        int next = attempt + 1;
        run.engine().notify(l -> l.stepRetrying(run.runId(), path, step.id(), next, wait, reason));
        run.journal().retrying(at, next, last.code(), reason);
        sleep(Math.min(wait, run.budget().remainingMs()));
        checkpoint();
      }
    }
    long took = (System.nanoTime() - started) / 1_000_000;
    int used = Math.min(attempt, attempts);
    if (last == null) {
      Optional<FlowRunException> violation = run.policy().afterStep(lane.session);
      if (violation.isPresent()) {
        // a download the flow may not make, a request strictly denied: the run stops here, whatever onError says
        run.journal().failed(at, used, violation.get());
        run.results().failed(at, lane.session, used, took, outcome.resolution, violation.get(), List.of(), false,
            activity(lane));
        throw new StopRun(violation.get(), path);
      }
      if (run.options().screenshotEachStep() && step.kind() != Step.Kind.SCREENSHOT) {
        outcome.artifacts.addAll(run.artifacts().after(lane.session, step, at.iteration()));
      }
      run.results().verified(at, used, took, outcome.resolution, outcome.artifacts, null, activity(lane));
      return;
    }
    List<String> artifacts = run.artifacts().failure(lane.session, step, at.iteration());
    run.journal().failed(at, used, last);
    Resolution resolution = last instanceof TargetException ? ((TargetException) last).resolution() : null;
    boolean fallback = step.onError().kind() == OnError.Kind.FALLBACK;
    run.results().failed(at, lane.session, used, took, resolution, last, artifacts, fallback, activity(lane));
    afterFailure(at, lane, last);
  }

  /** One attempt: bind, journal the dispatch (write-ahead), act, then check the step's expect conditions. */
  private LeafActions.Outcome dispatch(StepExecution at, Lane lane, int attempt) {
    Step step = at.step();
    Duration timeout = run.budget().timeoutFor(step);
    Step bound = lane.binder.step(step);
    run.journal().dispatching(at, attempt);
    List<io.browserflow.api.Dialog> dialogs = DialogChecks.arm(step.dialogs(), lane);
    LeafActions.Outcome outcome;
    try {
      outcome = bound.accept(new LeafActions(run, lane, timeout, at.iteration()));
    } catch (FlowException e) {
      throw DialogChecks.failure(step.id(), lane, e);
    }
    DialogChecks.settle(step.id(), dialogs, lane, timeout);
    // where the page landed (after every redirect) is checked before any expectation reads it, and
    // again after them: a click's navigation may complete while they wait
    if (outcome.mayNavigate) {
      run.policy().checkOrigin(lane.session.currentUrl(), "the page");
    }
    run.journal().checking(at, attempt);
    for (Condition c : step.expect()) {
      ConditionChecks.await(c, lane, timeout);
    }
    if (outcome.mayNavigate && !step.expect().isEmpty()) {
      run.policy().checkOrigin(lane.session.currentUrl(), "the page");
    }
    Map<String, String> journaled = new LinkedHashMap<>();
    outcome.outputs.forEach((k, v) -> {
      if (k.startsWith("vars.")) {
        lane.bindings.setVar(k.substring(5), v);
      } else {
        lane.bindings.setOutput(step.id(), k, v);
      }
      journaled.put(k.startsWith("vars.") ? k : "steps." + step.id() + "." + k, run.redactor().redact(Bindings.text(v)));
    });
    run.journal().verified(at, attempt,
        step.expect().isEmpty() ? JournalEntry.Evidence.ACK : JournalEntry.Evidence.CHECK, journaled);
    return outcome;
  }

  /**
   * An interrupted dispatch that its checks could not verify stays unknown: no retry, no onError
   * (neither continue nor a fallback may act on top of a write that may have happened), nothing
   * journaled as failed (the step stays pending). The run ends {@code NEEDS_REVIEW} and can be
   * resumed again with CONFIRM, RETRY or CANCEL.
   */
  private void stayForReview(StepExecution at, Lane lane, FlowException failure, long started) {
    long took = (System.nanoTime() - started) / 1_000_000;
    List<String> artifacts = run.artifacts().failure(lane.session, at.step(), at.iteration());
    Resolution resolution = failure instanceof TargetException ? ((TargetException) failure).resolution() : null;
    run.results().failed(at, lane.session, 1, took, resolution, failure, artifacts, false, activity(lane));
    throw new StopRun(new FlowRunException(ErrorCode.REVIEW_REQUIRED, "step " + at.step().id() + " was dispatching when the run"
        + " stopped and could not be verified (" + failure.code() + ": " + failure.getMessage() + "); whether it acted is"
        + " unknown, so neither a retry nor its onError runs: check the application, then resume with CONFIRM (it acted),"
        + " RETRY (act again) or CANCEL"), at.path(), true);
  }

  /** The step an interrupted run left dispatching, settled by the resume decision instead of dispatched again. */
  private LeafActions.Outcome settlePending(StepExecution at, Lane lane) {
    Step step = at.step();
    ResumeDecision decision = run.plan().decision;
    run.journal().decision(decision, at);
    LeafActions.Outcome outcome = new LeafActions.Outcome();
    if (decision == ResumeDecision.CONFIRM) {
      run.journal().verified(at, 1, JournalEntry.Evidence.USER, Map.of());
      return outcome;
    }
    // VERIFY: re-check the step's post-conditions on the page; nothing to check means nothing to verify
    if (step.expect().isEmpty()) {
      throw new FlowRunException(ErrorCode.CHECK_FAILED, "step " + step.id()
          + " has no expect condition, so its interrupted action cannot be verified; resume with CONFIRM, RETRY or CANCEL");
    }
    run.journal().checking(at, 1);
    for (Condition c : step.expect()) {
      ConditionChecks.await(c, lane, run.budget().timeoutFor(step));
    }
    run.journal().verified(at, 1, JournalEntry.Evidence.CHECK, Map.of());
    return outcome;
  }

  /** Puts back an output a verified step of the interrupted run journaled, so later steps can bind it. */
  private static void restore(Lane lane, String key, String value) {
    if (key.startsWith("vars.")) {
      lane.bindings.setVar(key.substring(5), value);
    } else if (key.startsWith("steps.")) {
      int dot = key.lastIndexOf('.');
      lane.bindings.setOutput(key.substring(6, dot), key.substring(dot + 1), value);
    }
  }

  // ------------------------------------------------------------------- control steps

  private void runControl(StepExecution at, Lane lane, ControlBodies.ControlBody body) {
    Step step = at.step();
    long started = System.nanoTime();
    run.engine().notify(l -> l.stepStarted(run.runId(), at.path(), step.id(), at.iteration().orElse(null)));
    run.journal().prepared(at, 1);
    String note;
    try {
      note = body.run();
    } catch (StopRun | RunCancelled e) {
      long took = (System.nanoTime() - started) / 1_000_000;
      run.results().failed(at, lane.session, 1, took, null,
          e instanceof StopRun ? ((StopRun) e).cause : null, List.of(), false, PageActivity.none());
      throw e;
    } catch (RunStoreException e) {
      throw e;
    } catch (FlowException e) {
      long took = (System.nanoTime() - started) / 1_000_000;
      run.journal().failed(at, 1, e);
      run.results().failed(at, lane.session, 1, took, null, e, List.of(), false, PageActivity.none());
      afterFailure(at, lane, e);
      return;
    }
    run.journal().verified(at, 1, JournalEntry.Evidence.CHECK, Map.of());
    run.results().verified(at, 1, (System.nanoTime() - started) / 1_000_000, null, List.of(), note, PageActivity.none());
  }

  /** What the page reported since the previous step; nothing when the session cannot say (it must not fail the step). */
  private static PageActivity activity(Lane lane) {
    try {
      return lane.session.drainActivity();
    } catch (RuntimeException e) {
      return PageActivity.none();
    }
  }

  /** What a failed step's onError does once the failure is recorded: go on, run the fallback, or stop the run. */
  private void afterFailure(StepExecution at, Lane lane, FlowException failure) {
    OnError onError = at.step().onError();
    Runnable reaction = switch (onError.kind()) {
      case CONTINUE -> () -> { };
      case FALLBACK -> () -> runSteps(onError.fallback(), at.path() + ".onError.fallback", lane);
      case STOP, RETRY -> () -> { // RETRY: the retries are spent
        throw new StopRun(failure, at.path());
      };
    };
    reaction.run();
  }

  // ------------------------------------------------------------------- pause, cancel, time

  /** Between steps: waits while the run is paused, unwinds it when cancelled or out of time. */
  void checkpoint() {
    if (!run.control().awaitRunnable()) {
      throw new RunCancelled();
    }
    run.budget().check();
  }

  private void sleep(long ms) {
    if (ms <= 0) {
      return;
    }
    try {
      run.engine().sleeper.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RunCancelled();
    }
  }
}
