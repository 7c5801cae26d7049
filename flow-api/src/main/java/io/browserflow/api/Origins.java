package io.browserflow.api;

import java.util.Collection;
import java.util.Locale;

/**
 * Origin patterns as {@code policy.allowedOrigins} and {@code --allow-origin} write them: an exact
 * origin ({@code https://shop.example}) or one with any port ({@code http://127.0.0.1:*}, the
 * scheme's default port included). One implementation for the engine's checks and the browser's
 * network guard, so both admit the same addresses.
 *
 * <pre>{@code
 * Origins.admits(List.of("http://127.0.0.1:*"), "http://127.0.0.1:8080");   // true
 * Origins.admits(List.of("https://shop.example"), "https://shop.example:8443"); // false
 * }</pre>
 */
public final class Origins {
  /** The suffix of a pattern that admits any port. */
  public static final String ANY_PORT = ":*";

  private Origins() {}

  /** Whether one of {@code patterns} admits {@code origin} ({@code scheme://host[:port]}); case does not matter. */
  public static boolean admits(Collection<String> patterns, String origin) {
    String o = origin.toLowerCase(Locale.ROOT);
    for (String pattern : patterns) {
      String p = pattern.toLowerCase(Locale.ROOT);
      if (p.equals(o)) {
        return true;
      }
      if (p.endsWith(ANY_PORT)) {
        String base = p.substring(0, p.length() - ANY_PORT.length());
        if (o.equals(base) || o.startsWith(base + ":") && o.substring(base.length() + 1).matches("[0-9]{1,5}")) {
          return true;
        }
      }
    }
    return false;
  }
}
