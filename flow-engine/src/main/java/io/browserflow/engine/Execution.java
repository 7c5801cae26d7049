package io.browserflow.engine;

import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SecretMask;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.engine.store.RunStore;
import io.browserflow.engine.store.RunStoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One run of one flow: {@link Preflight} clears it, a session is opened, the {@link Interpreter}
 * walks the steps, and the outcome becomes the {@link RunResult}, journaled and stored.
 */
final class Execution {
  /** How long the end of a run waits for what its last step set going (see DriverSession#quiesce). */
  private static final java.time.Duration LATE_EVENTS = java.time.Duration.ofMillis(1500);

  private final DefaultFlowEngine engine;
  private final Flow flow;
  private final Inputs inputs;
  private final RunOptions options;
  final String runId;
  final RunControl control = new RunControl();
  private final ResumePlan plan;
  private final Instant startedAt;
  private final long startNanos;
  private final Bindings bindings;
  private final SecretMask redactor;
  private final RunJournal journal;
  private final StepResults results;
  private final Datasets datasets;
  private String digest;
  private DriverSession session;
  private Path artifacts;
  /** Holds the run in the store from its start to its end; a resume passes the one it took. */
  private RunStore.RunLease lease;

  Execution(DefaultFlowEngine engine, Flow flow, Inputs inputs, RunOptions options, String runId, ResumePlan plan) {
    this(engine, flow, inputs, options, runId, plan, null);
  }

  Execution(DefaultFlowEngine engine, Flow flow, Inputs inputs, RunOptions options, String runId, ResumePlan plan,
      RunStore.RunLease lease) {
    this.lease = lease;
    this.engine = engine;
    this.flow = flow;
    this.inputs = inputs;
    this.options = options;
    this.runId = runId;
    this.plan = plan;
    this.startedAt = engine.clock.instant();
    this.startNanos = System.nanoTime();
    this.bindings = new Bindings(flow, inputs);
    Set<String> secrets = new HashSet<>();
    for (Credential c : flow.credentials()) {
      if (c.secret() && inputs.credentials().containsKey(c.key())) {
        secrets.add(inputs.credentials().get(c.key()));
      }
    }
    this.redactor = SecretMask.of(secrets);
    this.journal = new RunJournal(engine.store, engine.clock, runId, flow.id(), redactor, plan == null ? 0 : plan.lastSeq);
    this.results = new StepResults(engine, runId, redactor, startNanos);
    this.datasets = new Datasets(engine.limits, redactor);
  }

  RunResult run() {
    try {
      return runHeld();
    } finally {
      if (lease != null) {
        lease.close();
      }
    }
  }

  private RunResult runHeld() {
    Preflight.Clearance cleared;
    try {
      cleared = new Preflight(engine, flow, inputs, options, bindings).clear();
    } catch (Preflight.Refused refused) {
      digest = refused.digest;
      return finish(RunStatus.FAILED, refused.reason, "");
    }
    digest = cleared.digest();
    TimeBudget budget = new TimeBudget(startNanos, options.timeBudget(), engine.limits.defaultStepTimeoutMs());
    engine.notify(l -> l.runStarted(runId, flow));
    RunStatus status = RunStatus.SUCCEEDED;
    FlowException error = null;
    String errorPath = null;
    try {
      if (lease == null) {
        lease = engine.store.hold(runId, flow.id());
      }
      journal.runStarted(digest, InputPins.of(runId, flow, inputs));
      artifacts = engine.store.artifactsDir(runId, flow.id());
      session = engine.driver.openSession(SessionOptions.builder()
          .viewportWidth(options.viewportWidth()).viewportHeight(options.viewportHeight())
          .artifactsDir(artifacts).denyNetwork(options.denyNetwork() || options.failOnBlockedRequest()).allowedOrigins(cleared.policy().allowedOrigins())
          .trace(options.trace() != TraceMode.OFF).traceScreenshots(options.trace() == TraceMode.ALWAYS)
          .secrets(redactor).build());
      if (!redactor.isEmpty()) {
        session.addSecrets(redactor);
      }
      Optional<FlowRunException> unmet = DriverNeeds.unmet(flow, cleared.callees().values(), session, engine.driver.name());
      if (unmet.isPresent()) {
        throw unmet.get(); // before the first step: nothing ran
      }
      if (plan != null && plan.decision == ResumeDecision.CANCEL) {
        journal.decision(ResumeDecision.CANCEL);
        throw new RunCancelled();
      }
      PartialRun partial = PartialRun.of(flow, options);
      if (partial != null && plan != null) {
        throw new FlowRunException(ErrorCode.INVALID_FLOW, "a resumed run goes on where it stopped: "
            + partial.describe() + " does not apply to it");
      }
      control.singleStep(options.singleStep());
      RunContext context = new RunContext(engine, flow, options, runId, plan, control, redactor, budget,
          cleared.policy(), journal, results, new RunArtifacts(artifacts, redactor), datasets, cleared.callees(), partial);
      try {
        new Interpreter(context).runSteps(flow.steps(), "steps", new Lane(session, bindings));
      } catch (PartialRun.UntilReached done) {
        // a trial run up to a step: it ends there, successfully
      }
      flow.outputs().forEach((name, value) -> {
        try {
          bindings.setFlowOutput(name, bindings.resolveValue(value));
        } catch (FlowRunException e) {
          if (partial == null) {
            throw e;
          }
          // a partial replay skipped what this output is made of: it has none
        }
      });
      if (cleared.policy().watchesLateEvents()) {
        session.quiesce(LATE_EVENTS); // what the last step set going (a download, a denied request) arrives first
      }
      session.blockedRequests(); // a driver may deliver events still in flight on this call (Playwright does)
      Optional<FlowRunException> late = cleared.policy().afterStep(session);
      if (late.isPresent()) {
        throw late.get(); // a download or a strictly denied request after the last step
      }
    } catch (StopRun stop) {
      status = stop.review ? RunStatus.NEEDS_REVIEW : RunStatus.FAILED;
      error = stop.cause;
      errorPath = stop.path;
    } catch (RunCancelled c) {
      status = RunStatus.CANCELLED;
      error = new FlowRunException(ErrorCode.ACTION_FAILED, "the run was cancelled");
    } catch (FlowException e) {
      status = RunStatus.FAILED;
      error = e;
      errorPath = "";
    } catch (RuntimeException e) {
      status = RunStatus.FAILED;
      error = new FlowRunException(ErrorCode.ACTION_FAILED, "unexpected " + e.getClass().getSimpleName() + ": " + e.getMessage());
      errorPath = "";
    } finally {
      if (session != null) {
        try {
          if (status == RunStatus.SUCCEEDED && options.trace() == TraceMode.ON_FAILURE) {
            session.discardTrace();
          }
          session.close();
        } catch (RuntimeException ignored) {
          // closing a broken session must not hide the run's outcome
        }
      }
    }
    return finish(status, error, errorPath);
  }

  private RunResult finish(RunStatus status, FlowException error, String errorPath) {
    Optional<String> trace = keptTrace(status);
    RunResult.Builder b = RunResult.builder()
        .runId(runId).flowId(flow.id()).flowName(flow.name())
        .flowDigest(digest == null ? "" : digest)
        .status(status).startedAt(startedAt)
        .tookMs((System.nanoTime() - startNanos) / 1_000_000)
        .steps(withTrace(results.all(), errorPath, trace))
        .outputs(redactAll(bindings.snapshot()))
        .datasets(datasets.results())
        .trace(trace);
    if (session != null) {
      try {
        b.blockedRequests(session.blockedRequests());
      } catch (RuntimeException ignored) {
        // the session may be gone already
      }
    }
    if (error != null) {
      b.errorCode(error.code()).errorMessage(redactor.redact(error.getMessage()));
      if (errorPath != null && (status == RunStatus.FAILED || status == RunStatus.NEEDS_REVIEW)) {
        b.errorPath(errorPath);
      }
    }
    RunResult result = b.build();
    if (status == RunStatus.NEEDS_REVIEW) {
      // not finished: the store keeps the run unfinished, so recover() lists it and resume() takes it again
      engine.notify(l -> l.runFinished(result));
      return result;
    }
    // the digest is null only when validation refused the flow: then nothing is journaled
    if (digest != null) {
      try {
        journal.runFinished(status);
      } catch (FlowException ignored) {
        // the result below still tries to record the outcome
      }
    }
    try {
      engine.store.finish(result);
    } catch (RunStoreException e) {
      if (result.errorCode().orElse(null) != ErrorCode.STORE_FAILED) {
        throw e;
      }
      // the store already failed the run: the caller gets the result the store could not keep
    }
    engine.notify(l -> l.runFinished(result));
    return result;
  }

  /** The session's trace when the mode keeps it for this outcome; deleted otherwise. */
  private Optional<String> keptTrace(RunStatus status) {
    if (artifacts == null || options.trace() == TraceMode.OFF) {
      return Optional.empty();
    }
    Path file = artifacts.resolve("trace.zip");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    if (options.trace() == TraceMode.ON_FAILURE && status == RunStatus.SUCCEEDED) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // an undeletable trace of a passed run stays behind, secrets already stripped
      }
      return Optional.empty();
    }
    return Optional.of(file.toString());
  }

  /** The failed step's artifacts list the trace too. */
  private static List<StepResult> withTrace(List<StepResult> steps, String errorPath, Optional<String> trace) {
    if (trace.isEmpty() || errorPath == null) {
      return steps;
    }
    List<StepResult> out = new ArrayList<>(steps);
    for (int i = out.size() - 1; i >= 0; i--) {
      StepResult s = out.get(i);
      if (s.path().equals(errorPath) && s.state() == StepState.FAILED) {
        out.set(i, StepResult.builder().from(s).addArtifacts(trace.get()).build());
        break;
      }
    }
    return out;
  }

  private Map<String, String> redactAll(Map<String, String> values) {
    Map<String, String> out = new LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, redactor.redact(v)));
    return out;
  }

  /** Run ids sort by start time: {@code 20261130T052700123Z-1a2b3c}. */
  static String newRunId(Instant now) {
    String stamp = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'")
        .withZone(java.time.ZoneOffset.UTC).format(now);
    return stamp + "-" + Long.toHexString(Double.doubleToLongBits(Math.random())).substring(0, 6);
  }
}
