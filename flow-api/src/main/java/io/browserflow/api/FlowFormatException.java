package io.browserflow.api;

import java.util.List;

/**
 * A flow document could not be read: malformed JSON (with line and column), an unsupported
 * {@code schema}, unknown fields (strict reading), missing or mistyped fields. Every problem carries
 * its JSON path.
 */
public class FlowFormatException extends FlowValidationException {
  public FlowFormatException(List<Problem> problems) {
    super(problems, "flow document is unreadable");
  }
}
