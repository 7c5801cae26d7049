package io.browserflow.cli.differential;

import java.util.concurrent.Callable;

/**
 * The result of a replay made ahead of the case that checks it, or what stopped the replay: the
 * differential suites replay every case in BrowserFlow while the reference replays in its own
 * process, then check case by case, where a failure of the replay itself is rethrown.
 */
record Attempt<T>(T value, Throwable failure) {

  static <T> Attempt<T> of(Callable<T> replay) {
    try {
      return new Attempt<>(replay.call(), null);
    } catch (Exception | AssertionError e) {
      return new Attempt<>(null, e);
    }
  }

  /** The replay's result; what stopped the replay is thrown again. */
  T get() throws Exception {
    if (failure instanceof Exception e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    return value;
  }
}
