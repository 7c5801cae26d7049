package io.browserflow.api;

import java.util.Map;
import java.util.Objects;

/**
 * Root of every exception BrowserFlow throws. Unchecked, with a stable {@link ErrorCode} and
 * structured details so callers never parse messages.
 */
public class FlowException extends RuntimeException {
  private final ErrorCode code;
  private final Map<String, String> details;

  public FlowException(ErrorCode code, String message) {
    this(code, message, Map.of(), null);
  }

  public FlowException(ErrorCode code, String message, Map<String, String> details, Throwable cause) {
    super(message, cause);
    this.code = Objects.requireNonNull(code, "code");
    this.details = Map.copyOf(details);
  }

  /** The stable code of what went wrong. */
  public ErrorCode code() {
    return code;
  }

  /** Structured details (path, step id, ...); never contains secret values. */
  public Map<String, String> details() {
    return details;
  }
}
