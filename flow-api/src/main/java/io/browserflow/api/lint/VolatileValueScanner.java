package io.browserflow.api.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds values that differ between runs: UUIDs, date-times, epoch timestamps, temporary paths and
 * long generated hex ids. Placeholders are removed first.
 */
final class VolatileValueScanner {
  private VolatileValueScanner() {}

  /** One match: a human label ("a UUID") and the matched text. */
  record Finding(String label, String match) {}

  static final Pattern UUID = Pattern.compile(
      "(?i)(?<![0-9a-z])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-z])");
  private static final Pattern DATE_TIME = Pattern.compile(
      "(?<!\\d)\\d{4}[-/](?:0[1-9]|1[0-2])[-/](?:0[1-9]|[12]\\d|3[01])[T ](?:[01]\\d|2[0-3]):[0-5]\\d"
          + "(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?(?!\\d)");
  private static final Pattern EPOCH_MILLIS = Pattern.compile("(?<!\\d)[12]\\d{12}(?!\\d)");
  // A 10-digit number is an epoch only where its name says it is a time; elsewhere it may be an order number.
  private static final Pattern EPOCH_SECONDS_PARAMETER = Pattern.compile(
      "(?i)(?:^|[?&;#\\s,])(?:t|ts|_|time|timestamp|stamp|date|since|until|from|to|expires|exp|nonce|v)"
          + "\\s*=\\s*([12]\\d{9})(?!\\d)");
  private static final Pattern TEMP_PATH = Pattern.compile(
      "(?i)(?<![\\w.\\-/:])(?:/tmp/|/var/tmp/|/private/var/folders/|/var/folders/)"
          + "|file:/{1,3}(?:tmp|var/tmp)/"
          + "|[a-z]:\\\\users\\\\[^\\\\]+\\\\appdata\\\\local\\\\temp\\\\"
          + "|[a-z]:\\\\windows\\\\temp\\\\|%temp%|%tmp%|\\$tmpdir|\\$\\{?tmpdir\\}?/");
  private static final Pattern LONG_HEX = Pattern.compile("(?i)(?<![0-9a-z])(?=[0-9a-f]*\\d)(?=[0-9a-f]*[a-f])[0-9a-f]{32,}(?![0-9a-z])");

  private static final long MILLIS_FROM = 1_000_000_000_000L; // 2001-09-09
  private static final long MILLIS_TO = 2_300_000_000_000L; // 2042-11-18
  private static final long SECONDS_FROM = 1_000_000_000L;
  private static final long SECONDS_TO = 2_300_000_000L;

  /** Every volatile match in the literal part of the text, in detector order. */
  static List<Finding> scan(String text) {
    String s = SensitiveValueScanner.literalPart(text);
    List<Finding> out = new ArrayList<>();
    if (s.isBlank()) {
      return out;
    }
    Matcher uuid = UUID.matcher(s);
    while (uuid.find()) {
      if (!uuid.group().replace("-", "").chars().allMatch(c -> c == '0')) {
        out.add(new Finding("a UUID", uuid.group()));
      }
    }
    Matcher dateTime = DATE_TIME.matcher(s);
    while (dateTime.find()) {
      out.add(new Finding("a date-time", dateTime.group()));
    }
    Matcher millis = EPOCH_MILLIS.matcher(s);
    while (millis.find()) {
      long v = Long.parseLong(millis.group());
      if (v >= MILLIS_FROM && v < MILLIS_TO) {
        out.add(new Finding("an epoch timestamp", millis.group()));
      }
    }
    Matcher seconds = EPOCH_SECONDS_PARAMETER.matcher(s);
    while (seconds.find()) {
      long v = Long.parseLong(seconds.group(1));
      if (v >= SECONDS_FROM && v < SECONDS_TO) {
        out.add(new Finding("an epoch timestamp", seconds.group(1)));
      }
    }
    Matcher temp = TEMP_PATH.matcher(s);
    while (temp.find()) {
      out.add(new Finding("a temporary path", temp.group()));
    }
    Matcher hex = LONG_HEX.matcher(s);
    while (hex.find()) {
      out.add(new Finding("a generated hex id", hex.group()));
    }
    return out;
  }

  /**
   * Why a frame URL glob would not match the next record's frame, if it would not: record ids,
   * UUIDs, session ids, tokens or time-like query values in its path, query or fragment. The
   * scheme, host and port are ignored, and {@code *} or placeholders are what a stable glob uses.
   */
  static List<String> dynamicUrlReasons(String glob) {
    String s = SensitiveValueScanner.literalPart(glob).trim().replaceFirst("^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*", "");
    List<String> reasons = new ArrayList<>();
    if (UUID.matcher(s).find()) {
      reasons.add("a UUID");
    }
    if (Pattern.compile("(?i);\\s*jsessionid=").matcher(s).find()) {
      reasons.add("a session id");
    }
    int q = s.indexOf('?');
    String path = q < 0 ? s : s.substring(0, q);
    String query = q < 0 ? "" : s.substring(q + 1);
    int hash = query.indexOf('#');
    if (hash >= 0) {
      path = path + query.substring(hash);
      query = query.substring(0, hash);
    }
    if (Pattern.compile("\\d{5,}").matcher(path).find()) {
      reasons.add("a long number (a record id?) in the path");
    }
    if (Pattern.compile("(?i)(?<![0-9a-z])(?=[0-9a-f]*\\d)(?=[0-9a-f]*[a-f])[0-9a-f]{16,}(?![0-9a-z])").matcher(path).find()) {
      reasons.add("a hex id in the path");
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      String name = pair.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      String value = pair.substring(eq + 1).trim();
      if (value.isEmpty() || value.chars().allMatch(c -> c == '*')) {
        continue;
      }
      if (name.matches("token|access_token|auth|auth_token|ticket|sid|session|sessionid|session_id|jsessionid|phpsessid"
          + "|sig|signature|code|state|nonce")) {
        reasons.add("a token or session id in the query (" + name + ")");
      } else if (name.matches("t|ts|_|time|timestamp|stamp|v|version|rnd|random|r")) {
        reasons.add("a changing value in the query (" + name + ")");
      } else if (Pattern.compile("\\d{3,}").matcher(value).find() || UUID.matcher(value).find()) {
        reasons.add("an id in the query (" + name + ")");
      }
    }
    return reasons.stream().distinct().collect(java.util.stream.Collectors.toList());
  }
}
