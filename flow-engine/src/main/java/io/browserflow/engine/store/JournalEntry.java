package io.browserflow.engine.store;

import io.browserflow.api.ErrorCode;
import io.browserflow.engine.ResumeDecision;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepState;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * One line of a run journal. The engine writes an entry BEFORE the work it announces
 * (write-ahead): {@code RUN_STARTED}, one {@code STEP} entry per state transition, {@code DECISION}
 * for a resume decision, {@code RUN_FINISHED}. Values never include secrets.
 */
@Value.Immutable
public interface JournalEntry {
  /** Entry types. */
  enum Type {
    RUN_STARTED, STEP, DECISION, RUN_FINISHED
  }

  /** How a verified step was verified: by its checks, by the driver's acknowledgement (no checks), or by a person. */
  enum Evidence {
    CHECK, ACK, USER
  }

  long seq();

  Instant at();

  Type type();

  Optional<String> flowId();

  Optional<String> flowDigest();

  Optional<String> path();

  Optional<String> stepId();

  Optional<String> iteration();

  Optional<StepState> state();

  OptionalInt attempt();

  Optional<Evidence> evidence();

  Optional<ErrorCode> errorCode();

  Optional<String> message();

  /** Outputs a verified step produced ({@code steps.<id>.<field>} or {@code vars.<name>} to text). */
  Map<String, String> outputs();

  /**
   * {@code RUN_STARTED} only: the non-secret values the run started with, as a salted SHA-256 per
   * name ({@code input.KEY}, and {@code credential.KEY} for credentials that are not secret), so a
   * resume can refuse other values ({@code INPUT_CHANGED}) without the store holding them. Secret
   * credentials are never pinned, stored or hashed.
   */
  Map<String, String> inputPins();

  Optional<RunStatus> status();

  Optional<ResumeDecision> decision();

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link JournalEntry}. */
  final class Builder extends ImmutableJournalEntry.Builder {}
}
