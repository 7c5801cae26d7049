package io.browserflow.engine.spi;

/**
 * A {@link DriverSession} that can open sessions for the workers of a concurrent {@code foreach}. On
 * a session without it the engine runs the iterations one at a time and says so in the loop's result.
 */
public interface Forks {

  /**
   * A session for one worker, usable from another thread, showing the current tab's URL and starting
   * with this session's cookies and storage. How isolated it is belongs to the driver: the Playwright
   * driver gives each fork a browser context of its own on a driver thread of its own (the cookies and
   * local storage copied in memory), or, when it cannot start another driver, a new tab of this
   * context bound to {@code alias}. Closing the fork closes what it opened.
   */
  DriverSession fork(String alias);

  /**
   * {@link #fork(String)} whose requests {@code pacer} spaces from the first one on (the fork's own
   * first page load included). This default forks, then {@linkplain DriverSession#pace paces}.
   */
  default DriverSession fork(String alias, OriginPacer pacer) {
    DriverSession fork = fork(alias);
    if (pacer.paces()) {
      fork.pace(pacer);
    }
    return fork;
  }
}
