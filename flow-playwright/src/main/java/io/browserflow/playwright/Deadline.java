package io.browserflow.playwright;

import java.time.Duration;

/** The end of a step's time budget; hands Playwright its remaining milliseconds (never 0, which means "no timeout" there). */
final class Deadline {
  private final long endNanos;
  private final long totalMillis;

  private Deadline(Duration timeout) {
    this.totalMillis = Math.max(0, timeout.toMillis());
    this.endNanos = System.nanoTime() + Math.max(0, timeout.toNanos());
  }

  static Deadline in(Duration timeout) {
    return new Deadline(timeout);
  }

  /** Remaining milliseconds, at least 1. */
  double remainingMs() {
    return Math.max(1, (endNanos - System.nanoTime()) / 1_000_000);
  }

  boolean expired() {
    return System.nanoTime() - endNanos >= 0;
  }

  long totalMillis() {
    return totalMillis;
  }
}
