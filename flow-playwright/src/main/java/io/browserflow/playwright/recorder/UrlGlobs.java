package io.browserflow.playwright.recorder;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * URL globs for {@code expect url}: origin-free, with ids, numbers and uuids generalized to
 * {@code *}; query parameters kept by name with their stable values (a page id identifies the page:
 * {@code doku.php?id=start}), volatile and tracking values generalized.
 */
final class UrlGlobs {
  private static final Pattern VOLATILE = Pattern.compile(
      "\\d+|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|(?=.*\\d)[0-9a-fA-F]{8,}|(?=.*\\d)(?=.*[A-Za-z])[A-Za-z0-9_-]{16,}");

  private static final Pattern DIGIT_RUN = Pattern.compile("\\d{3,}");

  private UrlGlobs() {}

  /** {@code http://h:8080/app.html#/devices/42?x=1} becomes {@code **}{@code /app.html#/devices/*}. */
  static String of(String url) {
    return of(url, v -> false);
  }

  /** As {@link #of(String)}, with query values {@code variable} accepts (decoded) generalized too: inputs of the flow. */
  static String of(String url, Predicate<String> variable) {
    String rest = url;
    int scheme = url.indexOf("://");
    if (scheme > 0) {
      int slash = url.indexOf('/', scheme + 3);
      rest = slash < 0 ? "/" : url.substring(slash);
    }
    String hash = "";
    int h = rest.indexOf('#');
    if (h >= 0) {
      hash = rest.substring(h + 1);
      rest = rest.substring(0, h);
    }
    StringBuilder sb = new StringBuilder("**");
    sb.append(generalize(stripQuery(rest))).append(query(rest, variable));
    if (!hash.isEmpty()) {
      sb.append('#').append(generalize(stripQuery(hash))).append(query(hash, variable));
    }
    return sb.toString();
  }

  /** Parameters whose values change from visit to visit without naming another page, or that carry secrets. */
  private static final Pattern NOISE = Pattern.compile(
      "(?i)utm_.*|fbclid|gclid|_|ts|t|timestamp|nonce|cache|cb|csrf.*|.*token.*|session.*|sid|state|code|ref|source"
          + "|.*pass.*|.*pwd.*|.*secret.*|otp|pin|.*key|auth.*|sig|signature");

  /** The query of {@code s} ("" when none): names kept, stable values kept, the others generalized. */
  private static String query(String s, Predicate<String> variable) {
    int q = s.indexOf('?');
    if (q < 0) {
      return "";
    }
    String query = s.substring(q + 1);
    if (query.isEmpty()) {
      return "?";
    }
    StringBuilder sb = new StringBuilder("?");
    String[] pairs = query.split("&", -1);
    for (int i = 0; i < pairs.length; i++) {
      if (i > 0) {
        sb.append('&');
      }
      String pair = pairs[i].replace("*", "");
      int eq = pair.indexOf('=');
      if (eq < 0) {
        sb.append(pair);
        continue;
      }
      String name = pair.substring(0, eq);
      String value = pair.substring(eq + 1);
      sb.append(name).append('=');
      if (NOISE.matcher(name).matches()) {
        sb.append("**");
      } else if (variable.test(decode(value))) {
        sb.append(value.contains("/") ? "**" : "*");
      } else if (value.contains("/")) {
        sb.append(generalize(value));
      } else {
        sb.append(VOLATILE.matcher(value).matches() ? "*" : DIGIT_RUN.matcher(value).replaceAll("*"));
      }
    }
    return sb.toString();
  }

  /**
   * The whole address (origin or {@code ${BASE_URL}} kept) with volatile path segments and query
   * values generalized: the check for a page whose path alone names nothing (the site's root).
   */
  static String anchored(String url, Predicate<String> variable) {
    int scheme = url.indexOf("://");
    int start = scheme > 0 ? url.indexOf('/', scheme + 3) : url.startsWith("${") ? url.indexOf('/') : 0;
    if (start < 0) {
      return url + "/";
    }
    String prefix = url.substring(0, start);
    String rest = url.substring(start);
    String hash = "";
    int h = rest.indexOf('#');
    if (h >= 0) {
      hash = "#" + generalize(stripQuery(rest.substring(h + 1))) + query(rest.substring(h + 1), variable);
      rest = rest.substring(0, h);
    }
    return prefix + generalize(stripQuery(rest)) + query(rest, variable) + hash;
  }

  /** {@code url} without a {@code user:password@} part. */
  static String withoutUserInfo(String url) {
    return url.replaceFirst("^([a-zA-Z][a-zA-Z0-9+.-]*://)[^/@?#]*@", "$1");
  }

  /** The origin ({@code scheme://host:port}) of an http(s) URL. */
  static Optional<String> origin(String url) {
    try {
      URI u = URI.create(url);
      if (u.getScheme() == null || u.getHost() == null || !u.getScheme().startsWith("http")) {
        return Optional.empty();
      }
      return Optional.of(u.getScheme() + "://" + u.getRawAuthority());
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static String decode(String value) {
    try {
      return URLDecoder.decode(value, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return value;
    }
  }

  private static String stripQuery(String s) {
    int q = s.indexOf('?');
    return q < 0 ? s : s.substring(0, q);
  }

  private static String generalize(String path) {
    String[] parts = path.split("/", -1);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        sb.append('/');
      }
      String part = parts[i].replace("*", "");
      // a whole volatile segment, or the id runs inside one (ORD-2024-00042, 123.html)
      sb.append(VOLATILE.matcher(part).matches() ? "*" : DIGIT_RUN.matcher(part).replaceAll("*"));
    }
    return sb.toString();
  }
}
