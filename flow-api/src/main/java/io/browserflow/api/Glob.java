package io.browserflow.api;

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
    return matches(glob, url, true);
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
    return matches(glob, text, false);
  }

  /**
   * Matches without regular expressions, in time proportional to the glob's length times the
   * text's, whatever either holds: a glob such as {@code **a**a**a**b} cannot make a long address
   * take exponential time. {@code reach[i]}: the glob read so far can end at text offset {@code i}.
   */
  private static boolean matches(String glob, String text, boolean url) {
    int n = text.length();
    boolean[] reach = new boolean[n + 1];
    reach[0] = true;
    int i = 0;
    while (i < glob.length()) {
      boolean[] next = new boolean[n + 1];
      if (glob.charAt(i) == '*') {
        boolean anySegment = !url || i + 1 < glob.length() && glob.charAt(i + 1) == '*';
        i += anySegment && url ? 2 : 1;
        boolean carry = false;
        for (int j = 0; j <= n; j++) {
          carry = reach[j] || carry && (anySegment || text.charAt(j - 1) != '/');
          next[j] = carry;
        }
      } else {
        int end = glob.indexOf('*', i);
        String literal = glob.substring(i, end < 0 ? glob.length() : end);
        i += literal.length();
        for (int j = 0; j + literal.length() <= n; j++) {
          next[j + literal.length()] = reach[j] && text.startsWith(literal, j);
        }
      }
      reach = next;
    }
    return reach[n];
  }
}
