package io.browserflow.playwright;

import java.util.regex.Pattern;

/**
 * The globs of conditions and frame locators. For URLs {@code *} stays within a path segment and
 * {@code **} crosses segments; for titles, texts and file names both match any run of characters.
 * Every other character is literal ({@code ?} included: URLs contain it).
 */
final class Glob {
  private Glob() {}

  static boolean matchesUrl(String glob, String url) {
    return compile(glob, "[^/]*").matcher(url).matches();
  }

  static boolean matchesText(String glob, String text) {
    return compile(glob, ".*").matcher(text).matches();
  }

  private static Pattern compile(String glob, String star) {
    StringBuilder re = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (c != '*') {
        literal.append(c);
        continue;
      }
      if (literal.length() > 0) {
        re.append(Pattern.quote(literal.toString()));
        literal.setLength(0);
      }
      if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
        re.append(".*");
        i++;
      } else {
        re.append(star);
      }
    }
    if (literal.length() > 0) {
      re.append(Pattern.quote(literal.toString()));
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL);
  }
}
