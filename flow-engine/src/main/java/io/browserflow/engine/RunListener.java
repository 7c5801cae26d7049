package io.browserflow.engine;

import io.browserflow.api.Flow;

/**
 * Progress of runs, for a CLI, a JUnit report or a UI. Called on the running thread; keep
 * callbacks short. Nothing passed here contains secret values. Exceptions thrown by a listener are
 * ignored by the engine.
 */
public interface RunListener {
  default void runStarted(String runId, Flow flow) {}

  /** A step execution begins ({@code path} like {@code steps[2].body[0]}, {@code iteration} like {@code 3}). */
  default void stepStarted(String runId, String path, String stepId, String iteration) {}

  /** An attempt failed and the step will be tried again after {@code delayMs}. */
  default void stepRetrying(String runId, String path, String stepId, int nextAttempt, long delayMs, String reason) {}

  default void stepFinished(String runId, StepResult result) {}

  default void runFinished(RunResult result) {}

  /**
   * Asked before each step starts: true pauses the run there (a breakpoint), until
   * {@link RunHandle#resume()} or {@link RunHandle#step()}. Pause only runs started with
   * {@link FlowEngine#start}: the caller of a blocking {@code run} has no handle to resume it.
   */
  default boolean pauseBefore(String runId, String path, String stepId, String iteration) {
    return false;
  }

  /** The run stopped before this step and waits for {@link RunHandle#resume()} or {@link RunHandle#step()}. */
  default void stepPaused(String runId, String path, String stepId, String iteration) {}
}
