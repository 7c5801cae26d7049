package io.browserflow.engine;

import java.time.Duration;
import java.util.Optional;

/**
 * A run started with {@link FlowEngine#start}. {@link #pause()} stops progress before the next
 * step, {@link #step()} lets one step run, {@link #resume()} continues, {@link #cancel()} ends the run as {@code CANCELLED} (terminal),
 * {@link #await()} blocks for the result.
 */
public interface RunHandle {
  String runId();

  void pause();

  void resume();

  /**
   * Lets exactly one more step start, then pauses again before the next one (single-step
   * debugging, with {@link RunOptions#singleStep()} or a listener's breakpoint).
   */
  void step();

  /** Cancels the run; a step in flight finishes its current driver call, no further step starts. */
  void cancel();

  boolean isPaused();

  boolean isDone();

  /** Waits for the result. */
  RunResult await();

  /** Waits at most {@code timeout}; empty when the run is still going. */
  Optional<RunResult> await(Duration timeout);
}
