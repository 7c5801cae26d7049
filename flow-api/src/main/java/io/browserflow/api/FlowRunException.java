package io.browserflow.api;

import java.util.Map;

/**
 * A flow failed while running: a target not found or ambiguous, a check that did not hold, a
 * denied capability or origin, a browser error. Drivers and the engine throw it with a stable
 * {@link ErrorCode}; details name the step path, step id and, for targets, every candidate with its
 * match count. Messages and details never contain secret values.
 */
public class FlowRunException extends FlowException {
  public FlowRunException(ErrorCode code, String message) {
    super(code, message);
  }

  public FlowRunException(ErrorCode code, String message, Map<String, String> details) {
    super(code, message, details, null);
  }

  public FlowRunException(ErrorCode code, String message, Map<String, String> details, Throwable cause) {
    super(code, message, details, cause);
  }
}
