package io.browserflow.engine.report;

import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One flow (or one test) in an {@link HtmlReport}: its run, the earlier attempts of the same batch
 * (a JUnit test's retries), and the outcomes of earlier batches from the history.
 */
@Value.Immutable
public interface ReportItem {
  /** The run shown: the last attempt. */
  RunResult result();

  /** Earlier attempts in this batch, oldest first (a retried test). */
  List<RunResult> earlierAttempts();

  /** Outcomes of earlier batches, oldest first ({@link FlowHistory}). */
  List<RunStatus> history();

  /** What the report calls it (a JUnit test's name); the flow's name when empty. */
  Optional<String> label();

  /** The item's name in the report. */
  default String name() {
    return label().orElse(result().flowName());
  }

  /**
   * Flaky: it passed only on a retry (an earlier attempt or a step's own retries failed first), or
   * its outcomes across batches alternate (they changed between passing and failing at least twice).
   */
  default boolean flaky() {
    return passedOnRetry() || alternates();
  }

  /** Passed, after a failed attempt or with a step that needed more than one try. */
  default boolean passedOnRetry() {
    return result().succeeded() && (earlierAttempts().stream().anyMatch(r -> !r.succeeded())
        || result().steps().stream().anyMatch(s -> s.attempts() > 1));
  }

  /** The outcomes, this one last, changed between passing and failing at least twice. */
  default boolean alternates() {
    int changes = 0;
    Boolean previous = null;
    for (RunStatus s : history()) {
      boolean passed = s == RunStatus.SUCCEEDED;
      if (previous != null && previous != passed) {
        changes++;
      }
      previous = passed;
    }
    if (previous != null && previous != result().succeeded()) {
      changes++;
    }
    return changes >= 2;
  }

  static ReportItem of(RunResult result) {
    return builder().result(result).build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link ReportItem}. */
  final class Builder extends ImmutableReportItem.Builder {}
}
