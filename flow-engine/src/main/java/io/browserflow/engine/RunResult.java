package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * The outcome of a run: status, one {@link StepResult} per executed step (in execution order,
 * loop iterations included), outputs ({@code steps.<id>.<field>} and {@code vars.<name>} to text),
 * total time and, when it failed, the error. Serialize with {@link #toJson()}; secrets never appear.
 */
@Value.Immutable
public interface RunResult {
  String runId();

  String flowId();

  String flowName();

  /** SHA-256 of the flow's canonical JSON. */
  String flowDigest();

  RunStatus status();

  Instant startedAt();

  long tookMs();

  List<StepResult> steps();

  Map<String, String> outputs();

  Optional<ErrorCode> errorCode();

  Optional<String> errorMessage();

  /** Path of the step that failed the run. */
  Optional<String> errorPath();

  /**
   * The run's datasets by name, in order of first write ({@code datasetWrite}); empty when the flow
   * writes none.
   */
  Map<String, DatasetResult> datasets();

  /** Requests blocked by network deny mode. */
  List<String> blockedRequests();

  /**
   * The driver trace kept for this run ({@link RunOptions#trace()}), secrets stripped; also listed
   * in the failed step's artifacts. Open it with {@code browserflow show-trace FILE}.
   */
  Optional<String> trace();

  default boolean succeeded() {
    return status() == RunStatus.SUCCEEDED;
  }

  /** The first step result that failed the run, if any. */
  default Optional<StepResult> failedStep() {
    return errorPath().flatMap(p -> steps().stream()
        .filter(s -> s.path().equals(p) && s.state() == StepState.FAILED).reduce((a, b) -> b));
  }

  /** The result as JSON (stable key order). */
  default String toJson() {
    return RunResultJson.write(this);
  }

  /** Reads a result written by {@link #toJson()}. */
  static RunResult fromJson(String json) {
    return RunResultJson.read(json);
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link RunResult}. */
  final class Builder extends ImmutableRunResult.Builder {}
}
