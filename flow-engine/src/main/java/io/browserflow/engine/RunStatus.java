package io.browserflow.engine;

/** How a run ended. */
public enum RunStatus {
  /** Every enabled step was verified (or failed with {@code onError continue}/recovered by a fallback). */
  SUCCEEDED,
  /** A step failed and stopped the run, or the run was refused before its first step. */
  FAILED,
  /** The run was cancelled; cancellation is terminal. */
  CANCELLED,
  /** The run was interrupted (crash, kill) and must be reviewed; it is never continued automatically. */
  NEEDS_REVIEW
}
