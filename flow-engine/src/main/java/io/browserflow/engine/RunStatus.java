package io.browserflow.engine;

/** How a run ended. */
public enum RunStatus {
  /** Every enabled step was verified (or failed with {@code onError continue}/recovered by a fallback). */
  SUCCEEDED,
  /** A step failed and stopped the run, or the run was refused before its first step. */
  FAILED,
  /** The run was cancelled; cancellation is terminal. */
  CANCELLED,
  /**
   * The run was interrupted (crash, kill), or resumed with {@code VERIFY} and its interrupted step
   * could not be verified; it must be reviewed and is never continued automatically (it stays
   * unfinished in the store: {@code recover()} lists it, {@code resume} settles it).
   */
  NEEDS_REVIEW
}
