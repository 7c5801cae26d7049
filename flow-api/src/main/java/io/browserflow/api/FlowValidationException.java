package io.browserflow.api;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A flow broke one or more validation rules or limits. Carries ALL problems found, not just the
 * first; {@link #code()} is the code of the first problem.
 */
public class FlowValidationException extends FlowException {
  private final List<Problem> problems;

  public FlowValidationException(List<Problem> problems) {
    this(problems, "flow is invalid");
  }

  protected FlowValidationException(List<Problem> problems, String headline) {
    this(problems, headline, Map.of());
  }

  /** With further details (e.g. {@link FlowException.Details#FILE}) beside the first problem's path and the count. */
  protected FlowValidationException(List<Problem> problems, String headline, Map<String, String> details) {
    super(first(problems).code(), render(headline, problems), withCounts(problems, details), null);
    this.problems = List.copyOf(problems);
  }

  private static Map<String, String> withCounts(List<Problem> problems, Map<String, String> details) {
    Map<String, String> all = new java.util.LinkedHashMap<>(details);
    all.put(Details.PATH, first(problems).path());
    all.put(Details.PROBLEMS, String.valueOf(problems.size()));
    return all;
  }

  /** Every problem found, in document order. */
  public List<Problem> problems() {
    return problems;
  }

  private static Problem first(List<Problem> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a validation exception needs at least one problem");
    }
    return problems.get(0);
  }

  private static String render(String headline, List<Problem> problems) {
    return headline + " (" + problems.size() + (problems.size() == 1 ? " problem" : " problems") + "):\n"
        + problems.stream().map(p -> "  - " + p.describe()).collect(Collectors.joining("\n"));
  }
}
