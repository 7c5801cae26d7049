package io.browserflow.engine;

/** Pause / resume / cancel flags of one run, checked between steps. */
final class RunControl {
  private boolean paused;
  private boolean cancelled;

  synchronized void pause() {
    paused = true;
  }

  synchronized void resume() {
    paused = false;
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
