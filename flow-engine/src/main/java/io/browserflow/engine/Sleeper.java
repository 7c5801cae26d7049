package io.browserflow.engine;

/**
 * Waits a given time: between retry attempts (the retry policy's interval and backoff) and for
 * {@code wait ms} steps. Replace it in tests to run retries without real delays.
 */
@FunctionalInterface
public interface Sleeper {
  void sleep(long millis) throws InterruptedException;

  static Sleeper system() {
    return Thread::sleep;
  }
}
