package io.browserflow.api.json;

import java.util.regex.Pattern;

/** JSON-style paths of problems: {@code steps[3].body[1].value}, {@code schedule.input["a b"]}. */
final class JsonPath {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
  /** Keys come from untrusted documents; a path must stay readable. */
  private static final int MAX_KEY_CHARS = 64;
  private static final int MAX_PATH_CHARS = 160;

  private JsonPath() {}

  static String field(String parent, String key) {
    if (PLAIN.matcher(key).matches() && key.length() <= MAX_KEY_CHARS) {
      return parent.isEmpty() ? key : parent + "." + key;
    }
    return parent + "[" + quote(key) + "]";
  }

  static String index(String parent, int index) {
    return parent + "[" + index + "]";
  }

  /**
   * A path shortened for a report when nesting made it very long: the outer segments are kept,
   * which say where the deep part starts.
   */
  static String abbreviate(String path) {
    if (path.length() <= MAX_PATH_CHARS) {
      return path;
    }
    int cut = path.lastIndexOf('[', MAX_PATH_CHARS);
    return path.substring(0, cut > 0 ? cut : MAX_PATH_CHARS) + "...";
  }

  /** A short, quoted, escaped rendering of a key or enumeration value for messages and paths. */
  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    int n = Math.min(s.length(), MAX_KEY_CHARS);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || Character.isSurrogate(c)) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    if (s.length() > n) {
      sb.append("...");
    }
    return sb.append('"').toString();
  }
}
