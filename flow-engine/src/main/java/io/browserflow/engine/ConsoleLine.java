package io.browserflow.engine;

import java.util.Optional;
import org.immutables.value.Value;

/**
 * A console error or warning, or an uncaught error of the page, seen while a step ran: part of
 * {@link StepResult#console()}. Secrets are masked and the text is cut at
 * {@value StepActivityLimits#MAX_TEXT} characters.
 */
@Value.Immutable
public interface ConsoleLine {
  /** What the page reported. */
  enum Kind {
    /** {@code console.error}, or an error the browser logged (a failed resource, a CSP violation). */
    ERROR,
    /** {@code console.warn}, or a warning the browser logged. */
    WARNING,
    /** An exception nothing on the page caught. */
    PAGE_ERROR
  }

  @Value.Parameter
  Kind kind();

  @Value.Parameter
  String text();

  /** Where it came from ({@code url:line:column}), when the browser says. */
  @Value.Parameter
  Optional<String> location();

  /** One line for people: {@code console error: text (location)}, {@code page error: text}. */
  default String describe() {
    String what = switch (kind()) {
      case ERROR -> "console error";
      case WARNING -> "console warning";
      case PAGE_ERROR -> "page error";
    };
    return what + ": " + text() + location().map(l -> " (" + l + ")").orElse("");
  }

  static ConsoleLine of(Kind kind, String text, Optional<String> location) {
    return ImmutableConsoleLine.of(kind, text, location);
  }
}
