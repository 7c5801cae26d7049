package io.browserflow.engine;

import java.time.Instant;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A run that never finished (the process died), reported {@code NEEDS_REVIEW}. Never continued by
 * itself: call {@link FlowEngine#resume} with a {@link ResumeDecision}.
 */
@Value.Immutable
public interface RecoveredRun {
  String runId();

  String flowId();

  String flowDigest();

  Instant startedAt();

  @Value.Default
  default RunStatus status() {
    return RunStatus.NEEDS_REVIEW;
  }

  /** Path of the last step that was not settled (left in PREPARED, DISPATCHING or CHECKING). */
  Optional<String> pendingPath();

  Optional<String> pendingStepId();

  Optional<String> pendingIteration();

  /** The state it was left in. */
  Optional<StepState> pendingState();

  /**
   * Names of the values the run started with and a resume must be given again, unchanged
   * ({@code input.KEY}, {@code credential.KEY} for non-secret credentials); the store keeps no value.
   */
  java.util.List<String> pinnedInputs();

  /** Number of steps verified before the interruption. */
  int verifiedSteps();

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link RecoveredRun}. */
  final class Builder extends ImmutableRecoveredRun.Builder {}
}
