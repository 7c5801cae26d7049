package io.browserflow.formats;

/** Quoting of css attribute values ({@code [data-testid="a\"b"]}) for selectors the converters write and read. */
final class CssStrings {
  private CssStrings() {}

  /** {@code value} as a double-quoted css string. */
  static String quote(String value) {
    StringBuilder sb = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c == '\n') {
        sb.append("\\a ");
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  /** The inside of a quoted css string with simple backslash escapes removed. */
  static String unescape(String quoted) {
    StringBuilder sb = new StringBuilder(quoted.length());
    for (int i = 0; i < quoted.length(); i++) {
      char c = quoted.charAt(i);
      if (c == '\\' && i + 1 < quoted.length()) {
        char n = quoted.charAt(++i);
        if (n == 'a' && i + 1 < quoted.length() && quoted.charAt(i + 1) == ' ') {
          sb.append('\n');
          i++;
        } else {
          sb.append(n);
        }
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
