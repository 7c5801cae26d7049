package io.browserflow.engine;

/**
 * When a run records a driver trace (a Playwright trace zip: actions, DOM snapshots, network and
 * console) and keeps it. Secrets are stripped from a trace before it is written (see the README's
 * "Traces" section).
 */
public enum TraceMode {
  /** No trace. */
  OFF,
  /**
   * Record a trace (actions, DOM snapshots, network, console; no screencast frames, which cost a
   * few milliseconds per action) and keep it only when the run does not succeed.
   */
  ON_FAILURE,
  /** Record and keep a trace of every run, with screencast frames when the run has no secrets. */
  ALWAYS
}
