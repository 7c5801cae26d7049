package io.browserflow.playwright.recorder;

import java.net.URI;
import java.util.Optional;
import java.util.regex.Pattern;

/** URL globs for {@code expect url}: origin-free, with ids, numbers and uuids generalized to {@code *}. */
final class UrlGlobs {
  private static final Pattern VOLATILE = Pattern.compile(
      "\\d+|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|(?=.*\\d)[0-9a-fA-F]{8,}|(?=.*\\d)(?=.*[A-Za-z])[A-Za-z0-9_-]{16,}");

  private static final Pattern DIGIT_RUN = Pattern.compile("\\d{3,}");

  private UrlGlobs() {}

  /** {@code http://h:8080/app.html#/devices/42?x=1} becomes {@code **}{@code /app.html#/devices/*}. */
  static String of(String url) {
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
    sb.append(generalize(stripQuery(rest)));
    if (rest.contains("?")) {
      sb.append("?**");
    }
    if (!hash.isEmpty()) {
      sb.append('#').append(generalize(stripQuery(hash)));
      if (hash.contains("?")) {
        sb.append("?**");
      }
    }
    return sb.toString();
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
