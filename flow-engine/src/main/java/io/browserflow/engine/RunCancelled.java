package io.browserflow.engine;

/** Unwinds the interpreter on cancel. */
final class RunCancelled extends RuntimeException {
  RunCancelled() {
    super("cancelled", null, false, false);
  }
}
