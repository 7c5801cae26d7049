package io.browserflow.engine.spi;

import java.time.Duration;

/**
 * A {@link DriverSession} with a clipboard: {@code clipboard} steps need it (checked before a run's
 * first step, {@link DriverFeatures#check}).
 */
public interface HasClipboard {

  /** Reads the clipboard's text, with the clipboard permission granted to the current page's origin for this call only. */
  String clipboardRead(Duration timeout);

  /** Puts text on the clipboard, like {@link #clipboardRead}. */
  void clipboardWrite(String text, Duration timeout);
}
