package io.browserflow.engine;

import io.browserflow.api.FlowException;

/** Unwinds the interpreter when a step failure stops the run. */
final class StopRun extends RuntimeException {
  final FlowException cause;
  final String path;
  /** The run stays for review ({@code NEEDS_REVIEW}, still resumable) instead of failing. */
  final boolean review;

  StopRun(FlowException cause, String path) {
    this(cause, path, false);
  }

  StopRun(FlowException cause, String path, boolean review) {
    super(cause.getMessage(), null, false, false);
    this.cause = cause;
    this.path = path;
    this.review = review;
  }
}
