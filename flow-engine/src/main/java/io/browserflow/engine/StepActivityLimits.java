package io.browserflow.engine;

/**
 * Bounds of what a step result tells about the page's activity ({@link StepResult#console()},
 * {@link StepResult#requests()}): beyond them lines are counted in
 * {@link StepResult#droppedActivity()}, not kept.
 */
public final class StepActivityLimits {
  /** Console lines and page errors kept per step. */
  public static final int MAX_CONSOLE = 20;
  /** Failed or 4xx/5xx requests kept per step. */
  public static final int MAX_REQUESTS = 20;
  /** Characters kept of a console text or a URL. */
  public static final int MAX_TEXT = 500;

  private StepActivityLimits() {}
}
