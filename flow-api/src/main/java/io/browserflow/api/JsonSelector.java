package io.browserflow.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A path into a JSON document, as an {@code http} step's {@code extract} writes it: {@code $}, then
 * fields ({@code .name} or {@code ['name']}) and array indexes ({@code [0]}), e.g.
 * {@code $.items[0].id}. No wildcards, filters or expressions: a selector names one value.
 *
 * <pre>{@code
 * JsonSelector.parse("$.items[0]['first name']").segments();   // [items, 0, first name]
 * }</pre>
 */
public final class JsonSelector {
  private final String text;
  private final List<Object> segments;

  private JsonSelector(String text, List<Object> segments) {
    this.text = text;
    this.segments = List.copyOf(segments);
  }

  /**
   * Parses a selector.
   *
   * @throws IllegalArgumentException saying what is wrong and where
   */
  public static JsonSelector parse(String text) {
    if (!text.startsWith("$")) {
      throw new IllegalArgumentException("must start with $ (the whole document), e.g. $.id");
    }
    List<Object> segments = new ArrayList<>();
    int i = 1;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '.') {
        int start = ++i;
        while (i < text.length() && isNameChar(text.charAt(i))) {
          i++;
        }
        if (i == start) {
          throw new IllegalArgumentException("has no field name after the dot at " + (start - 1)
              + ": write .name, or ['name'] for other characters");
        }
        segments.add(text.substring(start, i));
      } else if (c == '[') {
        int close = text.indexOf(']', i);
        if (close < 0) {
          throw new IllegalArgumentException("has a [ at " + i + " that is never closed");
        }
        String inside = text.substring(i + 1, close);
        if (inside.matches("\\d{1,9}")) {
          segments.add(Integer.valueOf(inside));
        } else if (inside.length() >= 2 && (inside.startsWith("'") && inside.endsWith("'")
            || inside.startsWith("\"") && inside.endsWith("\""))) {
          segments.add(inside.substring(1, inside.length() - 1));
        } else {
          throw new IllegalArgumentException("has [" + inside + "] at " + i + ": give an index such as [0] or a quoted field such as ['name']");
        }
        i = close + 1;
      } else {
        throw new IllegalArgumentException("has '" + c + "' at " + i + " where . or [ belongs");
      }
    }
    return new JsonSelector(text, segments);
  }

  /** Why {@code text} is not a selector, if it is not one. */
  public static Optional<String> syntaxError(String text) {
    try {
      parse(text);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(e.getMessage());
    }
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '$';
  }

  /** Field names ({@link String}) and array indexes ({@link Integer}), from the document down. */
  public List<Object> segments() {
    return segments;
  }

  @Override
  public String toString() {
    return text;
  }
}
