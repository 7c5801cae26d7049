package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.engine.review.Approvals;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.store.JournalEntry;
import io.browserflow.engine.store.RunStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/** The engine: configuration shared by runs; each run is an {@link Execution}. */
final class DefaultFlowEngine implements FlowEngine {
  final PageDriver driver;
  private final boolean ownsDriver;
  final RunStore store;
  final Clock clock;
  private final List<RunListener> listeners;
  final ManualStepHandler manualStepHandler;
  final FlowLimits limits;
  final Approvals approvals;
  final List<Path> uploadRoots;
  final FlowLibrary library;
  final Sleeper sleeper;
  /** Slots for foreach iterations running at once, across the engine's runs. */
  final java.util.concurrent.Semaphore iterationSlots;
  final io.browserflow.engine.spi.OriginPacer pacer;

  DefaultFlowEngine(FlowEngine.Builder b) {
    this.driver = b.driver;
    this.ownsDriver = b.ownsDriver;
    this.store = b.store;
    this.clock = b.clock;
    this.listeners = List.copyOf(b.listeners);
    this.manualStepHandler = b.manualStepHandler;
    this.limits = b.limits;
    this.approvals = b.approvals;
    this.uploadRoots = List.copyOf(b.uploadRoots);
    this.library = b.library;
    this.sleeper = b.sleeper;
    this.iterationSlots = new java.util.concurrent.Semaphore(b.maxConcurrentIterations, true);
    this.pacer = b.pacer;
  }

  /** Whether some listener answers yes; a listener that throws answers no. */
  boolean anyListener(java.util.function.Predicate<RunListener> question) {
    for (RunListener l : listeners) {
      try {
        if (question.test(l)) {
          return true;
        }
      } catch (RuntimeException ignored) {
        // a broken listener must not break the run
      }
    }
    return false;
  }

  void notify(Consumer<RunListener> event) {
    for (RunListener l : listeners) {
      try {
        event.accept(l);
      } catch (RuntimeException ignored) {
        // a broken listener must not break the run
      }
    }
  }

  @Override
  public RunResult run(Flow flow, Inputs inputs, RunOptions options) {
    return new Execution(this, flow, inputs, options, Execution.newRunId(clock.instant()), null).run();
  }

  @Override
  public RunHandle start(Flow flow, Inputs inputs, RunOptions options) {
    Execution execution = new Execution(this, flow, inputs, options, Execution.newRunId(clock.instant()), null);
    CompletableFuture<RunResult> future = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        future.complete(execution.run());
      } catch (RuntimeException | Error e) {
        future.completeExceptionally(e);
      }
    }, "browserflow-run-" + execution.runId);
    thread.setDaemon(true);
    thread.start();
    return new Handle(execution, future);
  }

  @Override
  public List<RecoveredRun> recover() {
    List<RecoveredRun> out = new ArrayList<>();
    for (String runId : store.unfinished()) {
      List<JournalEntry> journal = store.journal(runId);
      if (journal.isEmpty()) {
        continue;
      }
      JournalEntry start = journal.get(0);
      ResumePlan plan = new ResumePlan(journal, ResumeDecision.VERIFY);
      RecoveredRun.Builder b = RecoveredRun.builder().runId(runId)
          .flowId(start.flowId().orElse("?")).flowDigest(start.flowDigest().orElse(""))
          .startedAt(start.at()).verifiedSteps(plan.verified.size())
          .pinnedInputs(new java.util.TreeSet<>(start.inputPins().keySet()));
      if (plan.pending != null) {
        b.pendingPath(plan.pending.path()).pendingStepId(plan.pending.stepId())
            .pendingIteration(plan.pending.iteration()).pendingState(plan.pending.state());
      }
      out.add(b.build());
    }
    return out;
  }

  @Override
  public RunResult resume(String runId, Flow flow, Inputs inputs, ResumeDecision decision, RunOptions options) {
    if (store.result(runId).isPresent()) {
      throw new FlowRunException(ErrorCode.REVIEW_REQUIRED, "run " + runId + " already finished; start a new run instead");
    }
    List<JournalEntry> journal = store.journal(runId);
    if (journal.isEmpty()) {
      throw new FlowRunException(ErrorCode.REVIEW_REQUIRED, "no journal for run " + runId + " in the run store");
    }
    String flowId = journal.get(0).flowId().orElse(flow.id());
    // held before the journal is read for the plan: another engine resuming it at the same time gets RUN_LOCKED
    RunStore.RunLease lease = store.hold(runId, flowId);
    try {
      journal = store.journal(runId);
      if (store.result(runId).isPresent()) {
        throw new FlowRunException(ErrorCode.REVIEW_REQUIRED, "run " + runId + " already finished; start a new run instead");
      }
      String digest = journal.get(0).flowDigest().orElse("");
      if (!digest.equals(FlowJson.digest(flow))) {
        throw new FlowRunException(ErrorCode.REVIEW_REQUIRED, "run " + runId + " ran another version of flow "
            + flow.id() + " (digest " + digest + "); resume it with the same flow");
      }
      InputPins.check(runId, journal.get(0).inputPins(), InputPins.of(runId, flow, inputs));
    } catch (RuntimeException e) {
      lease.close();
      throw e;
    }
    return new Execution(this, flow, inputs, options, runId, new ResumePlan(journal, decision), lease).run();
  }

  @Override
  public RunStore store() {
    return store;
  }

  @Override
  public void close() {
    if (ownsDriver) {
      driver.close();
    }
  }

  /** Handle of a run started in the background. */
  private record Handle(Execution execution, CompletableFuture<RunResult> future) implements RunHandle {
    @Override
    public String runId() {
      return execution.runId;
    }

    @Override
    public void pause() {
      execution.control.pause();
    }

    @Override
    public void resume() {
      execution.control.resume();
    }

    @Override
    public void step() {
      execution.control.step();
    }

    @Override
    public void cancel() {
      execution.control.cancel();
    }

    @Override
    public boolean isPaused() {
      return execution.control.isPaused();
    }

    @Override
    public boolean isDone() {
      return future.isDone();
    }

    @Override
    public RunResult await() {
      try {
        return future.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new FlowRunException(ErrorCode.TIMEOUT, "interrupted while waiting for run " + runId());
      } catch (ExecutionException e) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "run " + runId() + " crashed: " + e.getCause());
      }
    }

    @Override
    public Optional<RunResult> await(Duration timeout) {
      try {
        return Optional.of(future.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
      } catch (TimeoutException e) {
        return Optional.empty();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Optional.empty();
      } catch (ExecutionException e) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "run " + runId() + " crashed: " + e.getCause());
      }
    }
  }
}
