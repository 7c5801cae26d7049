package io.browserflow.engine;

/** Pause / resume / cancel flags of one run, checked between steps. */
final class RunControl {
  private boolean paused;
  private boolean cancelled;
  /** Steps that may start while paused ({@link #step()}). */
  private int steps;
  /** Pause before every step, until {@link #resume()}. */
  private boolean singleStep;

  synchronized void singleStep(boolean on) {
    singleStep = on;
  }

  synchronized boolean singleStepping() {
    return singleStep;
  }

  synchronized void pause() {
    paused = true;
  }

  synchronized void resume() {
    paused = false;
    singleStep = false;
    notifyAll();
  }

  /** One step may start; the run pauses again before the next. */
  synchronized void step() {
    steps++;
    notifyAll();
  }

  synchronized void cancel() {
    cancelled = true;
    notifyAll();
  }

  synchronized boolean isPaused() {
    return paused;
  }

  /** Blocks while paused; false when the run was cancelled. */
  synchronized boolean awaitRunnable() {
    while (paused && !cancelled) {
      if (steps > 0) {
        steps--;
        return true;
      }
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return !cancelled;
  }
}
