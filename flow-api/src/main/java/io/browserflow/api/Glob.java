package io.browserflow.api;

import java.util.regex.Pattern;

/**
 * Globs of conditions and frame locators. For URLs ({@link #matchesUrl}) {@code *} stays within a
 * path segment (no {@code /}) and {@code **} crosses segments; for titles, texts and file names
 * ({@link #matchesText}) both match any run of characters. Every other character is literal
 * ({@code ?} included, since URLs contain it). One implementation for every driver, so a flow's
 * globs mean the same everywhere.
 *
 * <pre>{@code
 * Glob.matchesUrl("**&#47;devices/*", "http://app.test/admin/devices/42");   // true
 * Glob.matchesUrl("http://app.test/*", "http://app.test/a/b");            // false: * stays in a segment
 * Glob.matchesText("Order * saved", "Order 42 saved");                    // true
 * }</pre>
 */
public final class Glob {
  private Glob() {}

  public static boolean matchesUrl(String glob, String url) {
    return compile(glob, "[^/]*").matcher(url).matches();
  }

  /**
   * Whether a url glob matches every page of a site: past its origin (or a leading {@code ${...}}
   * placeholder) it holds a wildcard and nothing literal but slashes and punctuation
   * ({@code **}{@code /}, {@code **}{@code /*}, {@code ${BASE_URL}/**}). An exact address does not.
   */
  public static boolean matchesEveryPage(String urlGlob) {
    String g = urlGlob.replaceFirst("^(?i)(https?://[^/]*|\\$\\{[^}]+})", "");
    return g.contains("*") && !g.replace("*", "").matches("(?s).*[\\p{L}\\p{N}].*");
  }

  public static boolean matchesText(String glob, String text) {
    return compile(glob, ".*").matcher(text).matches();
  }

  private static Pattern compile(String glob, String star) {
    StringBuilder re = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (c == '*') {
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
      } else {
        literal.append(c);
      }
    }
    if (literal.length() > 0) {
      re.append(Pattern.quote(literal.toString()));
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL);
  }
}
