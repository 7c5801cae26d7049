package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.engine.spi.SecretMask;
import io.browserflow.engine.store.JournalEntry;
import io.browserflow.engine.store.RunStore;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every journal entry of one run, numbered in order and handed to the {@link RunStore}.
 *
 * <p>The write-ahead rule: a transition is journaled <em>before</em> the work it announces, and
 * the entry that announces an effect on the page ({@code DISPATCHING}) is durable: the store has it
 * on stable storage before the action starts. A journal failure throws, so the action does not
 * happen. A crash after that point leaves the step {@code DISPATCHING} in the journal, which
 * recovery reports and resuming settles (verify, confirm, retry or cancel) instead of replaying it.
 * Entries that follow an effect ({@code CHECKING}, {@code VERIFIED}) are not forced; the run's start
 * and end, resume decisions and {@code FAILED} are.
 *
 * <p>Messages are redacted here, so no secret reaches the store.
 */
final class RunJournal {
  private final RunStore store;
  private final Clock clock;
  private final String runId;
  private final String flowId;
  private final SecretMask redactor;
  private final AtomicLong seq = new AtomicLong();

  /** {@code lastSeq}: the number of the journal's last entry when resuming (numbering goes on), else 0. */
  RunJournal(RunStore store, Clock clock, String runId, String flowId, SecretMask redactor, long lastSeq) {
    seq.set(lastSeq);
    this.store = store;
    this.clock = clock;
    this.runId = runId;
    this.flowId = flowId;
    this.redactor = redactor;
  }

  void runStarted(String digest, Map<String, String> inputPins) {
    append(JournalEntry.builder().type(JournalEntry.Type.RUN_STARTED).flowId(flowId).flowDigest(digest)
        .inputPins(inputPins), true);
  }

  void runFinished(RunStatus status) {
    append(JournalEntry.builder().type(JournalEntry.Type.RUN_FINISHED).status(status), true);
  }

  /** A decision about the whole resumed run (cancel it). */
  void decision(ResumeDecision decision) {
    append(JournalEntry.builder().type(JournalEntry.Type.DECISION).decision(decision), true);
  }

  /** A decision about the step an interrupted run left pending, before it is acted on. */
  void decision(ResumeDecision decision, StepExecution at) {
    append(JournalEntry.builder().type(JournalEntry.Type.DECISION).decision(decision).path(at.path())
        .stepId(at.step().id()).iteration(at.iteration()), true);
  }

  void prepared(StepExecution at, int attempt) {
    append(step(at, StepState.PREPARED, attempt), false);
  }

  /** Prepared again for the next attempt, with why the last one failed. */
  void retrying(StepExecution at, int attempt, ErrorCode code, String reason) {
    append(withError(step(at, StepState.PREPARED, attempt), code, reason), false);
  }

  /** Written before the action, durably: see the class comment. */
  void dispatching(StepExecution at, int attempt) {
    append(step(at, StepState.DISPATCHING, attempt), true);
  }

  void checking(StepExecution at, int attempt) {
    append(step(at, StepState.CHECKING, attempt), false);
  }

  void verified(StepExecution at, int attempt, JournalEntry.Evidence evidence, Map<String, String> outputs) {
    append(step(at, StepState.VERIFIED, attempt).evidence(evidence).outputs(outputs), false);
  }

  void failed(StepExecution at, int attempt, FlowException failure) {
    append(withError(step(at, StepState.FAILED, attempt), failure.code(), failure.getMessage()), true);
  }

  private JournalEntry.Builder withError(JournalEntry.Builder entry, ErrorCode code, String message) {
    if (code != null) {
      entry.errorCode(code);
    }
    if (message != null) {
      entry.message(redactor.redact(message));
    }
    return entry;
  }

  private static JournalEntry.Builder step(StepExecution at, StepState state, int attempt) {
    return JournalEntry.builder().type(JournalEntry.Type.STEP).path(at.path()).stepId(at.step().id())
        .iteration(at.iteration()).state(state).attempt(attempt);
  }

  private void append(JournalEntry.Builder entry, boolean durable) {
    JournalEntry e = entry.seq(seq.incrementAndGet()).at(clock.instant()).build();
    store.append(runId, flowId, e, durable);
  }
}
