package io.browserflow.formats;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Java source spellings of values: string literals (every invisible or special character
 * escaped), text safe in line and javadoc comments, doubles, and model enum constants.
 */
final class JavaLiterals {
  /** The characters a string literal writes with an escape of their own. */
  private static final Map<Character, String> ESCAPES = Map.of('"', "\\\"", '\\', "\\\\", '\n', "\\n", '\r', "\\r",
      '\t', "\\t", '\b', "\\b", '\f', "\\f");

  private JavaLiterals() {}

  /** A Java string literal: quotes, backslashes, line breaks, controls and invisible characters escaped. */
  static String str(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      String escape = ESCAPES.get(c);
      if (escape != null) {
        sb.append(escape);
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
          && visible(Character.toCodePoint(c, s.charAt(i + 1)))) {
        sb.append(c).append(s.charAt(++i));
      } else if (!Character.isSurrogate(c) && visible(c)) {
        sb.append(c);
      } else {
        // never a line terminator, quote or backslash here: those have their own escapes
        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      }
    }
    return sb.append('"').toString();
  }

  private static boolean visible(int c) {
    if (c < 0x20 || c == 0x7f) {
      return false;
    }
    if (c < 0x80) {
      return true;
    }
    int type = Character.getType(c);
    return !Character.isISOControl(c) && type != Character.FORMAT && type != Character.UNASSIGNED
        && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR
        && type != Character.SPACE_SEPARATOR && type != Character.PRIVATE_USE && type != Character.SURROGATE;
  }

  static String strs(List<String> values) {
    return values.stream().map(JavaLiterals::str).collect(Collectors.joining(", "));
  }

  /** Text safe in a line comment: one line, no unicode escape (backslashes doubled). */
  static String lineComment(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        sb.append("\\\\");
      } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        sb.append(' ');
      } else {
        sb.append(c);
      }
    }
    return sb.toString().strip();
  }

  /** Text safe inside javadoc: {@link #lineComment} text with no comment end, HTML and tags escaped. */
  static String commentText(String s) {
    return lineComment(s).replace("&", "&amp;").replace("*/", "*&#47;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("@", "&#64;");
  }

  static String number(double d) {
    if (Double.isNaN(d)) {
      return "Double.NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
    }
    return Double.toString(d);
  }

  /** {@code Input.Type.URL}, {@code Capability.SCRIPT_EVAL}: the enum constant as code. */
  static String constant(Enum<?> e) {
    Class<?> type = e.getDeclaringClass();
    Class<?> outer = type.getEnclosingClass();
    return (outer == null ? "" : outer.getSimpleName() + ".") + type.getSimpleName() + "." + e.name();
  }
}
