package io.browserflow.engine;

import io.browserflow.api.FlowException;

/** Unwinds the interpreter when a step failure stops the run. */
final class StopRun extends RuntimeException {
  final FlowException cause;
  final String path;

  StopRun(FlowException cause, String path) {
    super(cause.getMessage(), null, false, false);
    this.cause = cause;
    this.path = path;
  }
}
