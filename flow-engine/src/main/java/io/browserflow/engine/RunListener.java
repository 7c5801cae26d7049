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
}
