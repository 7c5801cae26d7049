package io.browserflow.cli;

import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.DriverSessions;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.spi.SessionOptions;

/**
 * A driver whose sessions can be shared by several runs, for a Selenium IDE suite with {@code
 * persistSession}: between {@link #share()} and {@link #endShare()}, the first run opens a real
 * session and every later run gets the same one (its cookies, pages, current tab and frame), the
 * engine's close at the end of each run leaving it open. Outside a share, every run gets a fresh
 * session, as usual. One thread at a time, as the engine uses sessions.
 */
final class SharedSessions implements PageDriver {
  private final PageDriver driver;
  private boolean sharing;
  private DriverSession shared;

  SharedSessions(PageDriver driver) {
    this.driver = driver;
  }

  /** Runs from now on share one session, until {@link #endShare()}. */
  synchronized void share() {
    endShare();
    sharing = true;
  }

  /** Closes the shared session; runs get fresh sessions again. */
  synchronized void endShare() {
    sharing = false;
    if (shared != null) {
      try {
        shared.close();
      } finally {
        shared = null;
      }
    }
  }

  @Override
  public String name() {
    return driver.name();
  }

  @Override
  public java.util.Map<String, String> environment() {
    return driver.environment();
  }

  @Override
  public synchronized DriverSession openSession(SessionOptions options) {
    if (!sharing) {
      return driver.openSession(options);
    }
    if (shared == null) {
      shared = driver.openSession(options);
    }
    return DriverSessions.keptOpen(shared); // the suite closes it
  }

  @Override
  public void close() {
    try {
      endShare();
    } finally {
      driver.close();
    }
  }
}
