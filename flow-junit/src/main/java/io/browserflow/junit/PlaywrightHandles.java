package io.browserflow.junit;

import com.microsoft.playwright.BrowserContext;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.playwright.PlaywrightDriver;

/** The Playwright {@link BrowserContext} behind a session of the Playwright driver. */
final class PlaywrightHandles {
  private PlaywrightHandles() {}

  static BrowserContext context(DriverSession session) {
    try {
      return PlaywrightDriver.browserContext(session);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("Page and BrowserContext parameters need the Playwright driver: " + e.getMessage(), e);
    }
  }
}
