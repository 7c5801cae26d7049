package io.browserflow.engine;

/**
 * The state machine of one step execution: {@code PREPARED -> DISPATCHING -> CHECKING -> VERIFIED}
 * or {@code FAILED}. Every transition is journaled before the work it announces; DISPATCHING is
 * durable before the action starts. Disabled steps are {@code SKIPPED}.
 */
public enum StepState {
  PREPARED, DISPATCHING, CHECKING, VERIFIED, FAILED, SKIPPED;

  /** True for VERIFIED, FAILED and SKIPPED. */
  public boolean isFinal() {
    return this == VERIFIED || this == FAILED || this == SKIPPED;
  }
}
