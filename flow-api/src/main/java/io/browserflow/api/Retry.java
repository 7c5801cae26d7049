package io.browserflow.api;

import org.immutables.value.Value;

/**
 * How often a failed step is tried again: {@code count} extra attempts (at most 5 by default
 * limits), {@code intervalMs} between attempts, doubled each time with {@link Backoff#EXP}.
 */
@Value.Immutable
public interface Retry {
  /** Spacing between attempts. */
  enum Backoff {
    NONE, EXP
  }

  @Value.Parameter
  int count();

  @Value.Parameter
  @Value.Default
  default int intervalMs() {
    return 500;
  }

  @Value.Parameter
  @Value.Default
  default Backoff backoff() {
    return Backoff.NONE;
  }

  static Retry of(int count, int intervalMs, Backoff backoff) {
    return ImmutableRetry.of(count, intervalMs, backoff);
  }

  static Retry times(int count) {
    return of(count, 500, Backoff.NONE);
  }

  /** The delay before attempt {@code attempt} (1-based; attempt 1 is the first retry). */
  default long delayBefore(int attempt) {
    if (backoff() == Backoff.NONE) {
      return intervalMs();
    }
    return (long) intervalMs() << Math.min(Math.max(attempt - 1, 0), 20);
  }
}
