package io.browserflow.api;

import java.util.Map;

/** A step, a navigation or a whole run ran out of time ({@link ErrorCode#TIMEOUT} or {@link ErrorCode#NAVIGATION_TIMEOUT}). */
public class FlowTimeoutException extends FlowRunException {
  public FlowTimeoutException(ErrorCode code, String message, Map<String, String> details) {
    super(code, message, details);
    if (code != ErrorCode.TIMEOUT && code != ErrorCode.NAVIGATION_TIMEOUT) {
      throw new IllegalArgumentException("a timeout exception carries TIMEOUT or NAVIGATION_TIMEOUT, not " + code);
    }
  }

  public FlowTimeoutException(String message) {
    this(ErrorCode.TIMEOUT, message, Map.of());
  }
}
