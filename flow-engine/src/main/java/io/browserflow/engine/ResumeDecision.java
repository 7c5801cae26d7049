package io.browserflow.engine;

/**
 * How to settle the step an interrupted run left in {@code DISPATCHING} (its action may or may not
 * have happened).
 */
public enum ResumeDecision {
  /** Re-check the step's expect conditions on the page; continue only if they hold. */
  VERIFY,
  /** A person confirms the action happened; recorded as {@code evidence: user}. */
  CONFIRM,
  /** Dispatch the step again. */
  RETRY,
  /** End the run as {@code CANCELLED}. */
  CANCEL
}
