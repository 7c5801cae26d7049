package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Step;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** The run's time budget ({@link RunOptions#timeBudget()}) and the step timeouts it cuts short. */
final class TimeBudget {
  private final Optional<Duration> budget;
  private final long deadlineNanos;
  private final int defaultStepTimeoutMs;

  TimeBudget(long startNanos, Optional<Duration> budget, int defaultStepTimeoutMs) {
    this.budget = budget;
    this.deadlineNanos = budget.map(b -> startNanos + b.toNanos()).orElse(Long.MAX_VALUE);
    this.defaultStepTimeoutMs = defaultStepTimeoutMs;
  }

  /** The step's own timeout (or the default), no longer than what is left; stops the run when nothing is. */
  Duration timeoutFor(Step step) {
    long ms = step.timeoutMs().orElse(defaultStepTimeoutMs);
    long remaining = remainingMs();
    if (remaining <= 0) {
      throw exhausted();
    }
    return Duration.ofMillis(Math.min(ms, remaining));
  }

  /** Milliseconds left; {@link Long#MAX_VALUE} without a budget. */
  long remainingMs() {
    return deadlineNanos == Long.MAX_VALUE ? Long.MAX_VALUE : (deadlineNanos - System.nanoTime()) / 1_000_000;
  }

  /** Stops the run once the budget is spent. */
  void check() {
    if (remainingMs() <= 0) {
      throw exhausted();
    }
  }

  private StopRun exhausted() {
    return new StopRun(new FlowTimeoutException(ErrorCode.TIMEOUT, "the run's time budget of "
        + budget.map(Duration::toMillis).orElse(0L) + " ms is exhausted", Map.of()), "");
  }
}
