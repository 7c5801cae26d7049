package io.browserflow.api;

import java.util.List;
import java.util.Map;

/**
 * A flow document could not be read: malformed JSON (with line and column), an unsupported
 * {@code schema}, unknown fields (strict reading), missing or mistyped fields. Every problem carries
 * its JSON path.
 */
public class FlowFormatException extends FlowValidationException {
  public FlowFormatException(List<Problem> problems) {
    super(problems, "flow document is unreadable");
  }

  /** With further details, e.g. {@link FlowException.Details#FILE} for the file that could not be read. */
  public FlowFormatException(List<Problem> problems, Map<String, String> details) {
    super(problems, "flow document is unreadable", details);
  }
}
