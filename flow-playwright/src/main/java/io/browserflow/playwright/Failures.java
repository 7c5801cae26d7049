package io.browserflow.playwright;

import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.TimeoutError;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import java.util.Map;

/**
 * Turns Playwright's exceptions into BrowserFlow's. Only the first line of Playwright's message is
 * kept (its call logs can be long and name selectors, never typed values: fill values are not
 * logged), and callers scrub any value they typed before it reaches a message.
 */
final class Failures {
  private Failures() {}

  static boolean isTimeout(RuntimeException e) {
    return e instanceof TimeoutError;
  }

  static boolean isStrictViolation(RuntimeException e) {
    return e instanceof PlaywrightException && String.valueOf(e.getMessage()).contains("strict mode violation");
  }

  /** The page, its frame or its document went away under the call (navigation, detach, close). */
  static boolean isContextGone(RuntimeException e) {
    String m = String.valueOf(e.getMessage());
    return m.contains("Execution context was destroyed") || m.contains("detached")
        || m.contains("Cannot find context with specified id") || m.contains("has been closed")
        || m.contains("Target closed") || m.contains("navigating and changing the content");
  }

  static boolean isClosed(RuntimeException e) {
    String m = String.valueOf(e.getMessage());
    return m.contains("has been closed") || m.contains("Target closed") || m.contains("Browser closed")
        || m.contains("Playwright connection closed");
  }

  /** The first line of Playwright's message, without the {@code Error {} wrapper. */
  static String summary(RuntimeException e) {
    String m = String.valueOf(e.getMessage());
    int at = m.indexOf("message='");
    if (at >= 0) {
      m = m.substring(at + "message='".length());
    }
    int nl = m.indexOf('\n');
    if (nl >= 0) {
      m = m.substring(0, nl);
    }
    m = m.strip();
    while (m.startsWith("Error: ")) {
      m = m.substring("Error: ".length());
    }
    if (m.endsWith("'")) {
      m = m.substring(0, m.length() - 1);
    }
    return m.length() > 300 ? m.substring(0, 300) + "…" : m;
  }

  /** {@link #summary} with every occurrence of the given values replaced. */
  static String scrubbed(RuntimeException e, String... values) {
    String s = summary(e);
    for (String v : values) {
      if (v != null && !v.isEmpty()) {
        s = s.replace(v, "***");
      }
    }
    return s;
  }

  static FlowRunException actionFailed(String what, RuntimeException e, String... scrub) {
    if (e instanceof FlowRunException) {
      return (FlowRunException) e;
    }
    if (isTimeout(e)) {
      return new FlowTimeoutException(ErrorCode.TIMEOUT, what + " timed out: " + scrubbed(e, scrub), Map.of());
    }
    return new FlowRunException(ErrorCode.ACTION_FAILED, what + " failed: " + scrubbed(e, scrub), Map.of(), null);
  }
}
