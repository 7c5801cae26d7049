package io.browserflow.api.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds secrets and personal data in literal text by pattern. Placeholders are removed first, so
 * {@code token=${credential.TOKEN}} is clean. A regex scan is one line of defence, not proof: a
 * reviewer still reads the steps.
 */
final class SensitiveValueScanner {
  private SensitiveValueScanner() {}

  /** One match: a human label ("a JWT"), whether it is a secret (else personal data), and the matched text. */
  record Finding(String label, boolean secret, String match) {}

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^}]*\\}");

  private static final Pattern PRIVATE_KEY = Pattern.compile("-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----");
  private static final Pattern JWT =
      Pattern.compile("(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}");
  private static final Pattern[] API_KEYS = {
      Pattern.compile("(?<![A-Za-z0-9])(?:sk|rk)[-_](?:live[-_]|test[-_]|proj[-_])?(?=[A-Za-z0-9_-]*\\d)[A-Za-z0-9_-]{16,}"),
      Pattern.compile("(?<![A-Za-z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}(?![A-Za-z0-9])"),
      Pattern.compile("(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}"),
      Pattern.compile("(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{20,}"),
      Pattern.compile("(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}"),
      Pattern.compile("(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}"),
  };
  private static final Pattern AUTH_HEADER = Pattern.compile("(?i)\\b(?:bearer|basic)\\s+[A-Za-z0-9._~+/-]{16,}=*");
  private static final Pattern URL_PASSWORD = Pattern.compile("\\b[a-zA-Z][a-zA-Z0-9+.-]*://[^/\\s:@]+:[^/\\s@]+@");
  private static final Pattern SECRET_PARAMETER = Pattern.compile(
      "(?i)(?:^|[?&;#\\s,{\"'])(password|passwd|pwd|pass|passcode|token|access_token|refresh_token|id_token"
          + "|auth_token|api_key|apikey|api-key|secret|client_secret|sessionid|session_id|jsessionid|phpsessid"
          + "|sid|sig|signature|x-amz-signature)[\"']?\\s*[=:]\\s*[\"']?([^&#\\s;,\"'{}]{4,})");
  private static final Pattern TOKEN_RUN = Pattern.compile("[A-Za-z0-9_+=-]{20,}");
  private static final Pattern CARD = Pattern.compile("(?<!\\d)(?:\\d[ -]?){12,18}\\d(?!\\d)");

  private static final Pattern EMAIL =
      Pattern.compile("[A-Za-z0-9._%+-]+@((?:[A-Za-z0-9-]+\\.)+[A-Za-z]{2,})(?![A-Za-z0-9-])");
  private static final Pattern CN_MOBILE = Pattern.compile("(?<![\\d+])(?:\\+?86[- ]?)?1[3-9]\\d{9}(?!\\d)");
  private static final Pattern INTL_PHONE =
      Pattern.compile("(?<![\\w+])\\+\\d{1,3}[ -]?(?:\\(\\d{1,4}\\)[ -]?)?\\d{2,4}(?:[ -]?\\d{2,4}){1,4}(?!\\d)");
  private static final Pattern NANP_PHONE = Pattern.compile("(?<!\\d)\\(\\d{3}\\)\\s?\\d{3}-\\d{4}(?!\\d)");
  private static final Pattern CN_ID = Pattern.compile(
      "(?<![\\dA-Za-z])[1-9]\\d{5}(?:18|19|20)\\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])\\d{3}[\\dXx](?![\\dA-Za-z])");

  // Field names and labels of secret fields (password, one-time code, card data, tokens, keys).
  private static final Pattern SECRET_FIELD = Pattern.compile(
      "(?i)passw|passwd|pwd|密码|口令|one[-_ ]?time|verif(?:y|ication)[-_ ]?code|验证码|校验码|动态码|短信码|\\bcvv2?\\b|\\bcvc\\b|security[-_ ]?code"
          + "|card[-_ ]?(?:number|no|num)\\b|cc-(?:number|num|csc|exp)|credit[-_ ]?card|信用卡|银行卡|卡号"
          + "|api[-_ ]?key|access[-_ ]?key|secret|token|(?<![A-Za-z])(?:otp|pin)(?-i:(?![a-z]))"
          + "|(?-i:[a-z](?:Otp|Pin)(?![a-z]))");
  // Names that make a declared input or variable a secret: narrower, one-time codes are legitimate per-run inputs.
  private static final Pattern SECRET_NAME = Pattern.compile(
      "(?i)passw|passwd|pwd|密码|口令|api[-_ ]?key|access[-_ ]?key|secret|token|\\bcvv2?\\b|(?<![A-Za-z])cookie");

  /** True when a field name, label, placeholder or selector names a secret field. */
  static boolean namesSecretField(String text) {
    return SECRET_FIELD.matcher(text).find();
  }

  /** True when an input, variable or column name says it holds a secret. */
  static boolean namesSecret(String name) {
    return SECRET_NAME.matcher(name).find();
  }

  /** The text with every placeholder replaced by a space. */
  static String literalPart(String text) {
    return PLACEHOLDER.matcher(text).replaceAll(" ");
  }

  /** True when the text holds something besides placeholders and whitespace. */
  static boolean hasLiteral(String text) {
    return !literalPart(text).isBlank();
  }

  /** Every secret and personal-data match in the literal part of the text, in detector order. */
  static List<Finding> scan(String text) {
    return scan(text, true);
  }

  /**
   * Like {@link #scan(String)}; without {@code entropy} the high-entropy token detector is off, for
   * selectors, whose hashed class names (css modules) would look random.
   */
  static List<Finding> scan(String text, boolean entropy) {
    String s = literalPart(text);
    List<Finding> out = new ArrayList<>();
    if (s.isBlank()) {
      return out;
    }
    find(out, PRIVATE_KEY, s, "a private key", true);
    find(out, JWT, s, "a JWT", true);
    for (Pattern p : API_KEYS) {
      find(out, p, s, "an API key", true);
    }
    find(out, AUTH_HEADER, s, "an Authorization header value", true);
    find(out, URL_PASSWORD, s, "a password in a URL", true);
    Matcher param = SECRET_PARAMETER.matcher(s);
    while (param.find()) {
      if (!param.group(2).chars().allMatch(c -> c == '*')) {
        out.add(new Finding("a secret parameter (" + param.group(1).toLowerCase(Locale.ROOT) + ")", true,
            param.group(2)));
      }
    }
    Matcher run = TOKEN_RUN.matcher(s);
    while (entropy && run.find()) {
      String token = run.group();
      if (highEntropyToken(token) && out.stream().noneMatch(f -> f.match().contains(token) || token.contains(f.match()))) {
        out.add(new Finding("a high-entropy token", true, token));
      }
    }
    Matcher card = CARD.matcher(s);
    while (card.find()) {
      String digits = card.group().replaceAll("[ -]", "");
      if (digits.length() >= 13 && digits.length() <= 19 && cardPrefix(digits) && luhn(digits)) {
        out.add(new Finding("a payment card number", true, card.group()));
      }
    }
    Matcher email = EMAIL.matcher(s);
    while (email.find()) {
      if (!reservedDomain(email.group(1))) {
        out.add(new Finding("an e-mail address", false, email.group()));
      }
    }
    find(out, CN_MOBILE, s, "a phone number", false);
    find(out, INTL_PHONE, s, "a phone number", false);
    find(out, NANP_PHONE, s, "a phone number", false);
    Matcher id = CN_ID.matcher(s);
    while (id.find()) {
      if (residentIdChecksum(id.group())) {
        out.add(new Finding("a resident identity number", false, id.group()));
      }
    }
    return out;
  }

  private static void find(List<Finding> out, Pattern p, String s, String label, boolean secret) {
    Matcher m = p.matcher(s);
    while (m.find()) {
      out.add(new Finding(label, secret, m.group()));
    }
  }

  /**
   * A masked excerpt safe for messages: the first two characters and {@code ***}, or only
   * {@code ***} for short values (where two characters would reveal too much).
   */
  static String mask(String value) {
    String v = value.strip();
    return v.length() < 8 ? "***" : v.substring(0, 2) + "***";
  }

  // Random-looking: mixed case, digits spread over several runs, high character entropy.
  static boolean highEntropyToken(String token) {
    String t = token.replaceAll("=+$", "");
    if (t.length() < 20) {
      return false;
    }
    int upper = 0;
    int lower = 0;
    int digits = 0;
    int digitRuns = 0;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        upper++;
      } else if (c >= 'a' && c <= 'z') {
        lower++;
      } else if (c >= '0' && c <= '9') {
        digits++;
        if (i == 0 || !Character.isDigit(t.charAt(i - 1))) {
          digitRuns++;
        }
      }
    }
    return upper >= 2 && lower >= 2 && digits >= 2 && digitRuns >= 2 && entropy(t) >= 3.5;
  }

  static double entropy(String s) {
    int[] counts = new int[128];
    int other = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 128) {
        counts[c]++;
      } else {
        other++;
      }
    }
    double h = 0;
    for (int n : counts) {
      if (n > 0) {
        double p = (double) n / s.length();
        h -= p * Math.log(p) / Math.log(2);
      }
    }
    if (other > 0) {
      double p = (double) other / s.length();
      h -= p * Math.log(p) / Math.log(2);
    }
    return h;
  }

  static boolean luhn(String digits) {
    int sum = 0;
    boolean twice = false;
    for (int i = digits.length() - 1; i >= 0; i--) {
      int d = digits.charAt(i) - '0';
      if (twice) {
        d *= 2;
        if (d > 9) {
          d -= 9;
        }
      }
      sum += d;
      twice = !twice;
    }
    return sum % 10 == 0;
  }

  // Issuer prefixes of the major card networks (Visa, Mastercard, Amex, Diners, JCB, Discover, UnionPay, Maestro).
  private static boolean cardPrefix(String digits) {
    char first = digits.charAt(0);
    if (first == '4' || first == '5' || first == '6') {
      return true;
    }
    int two = Integer.parseInt(digits.substring(0, 2));
    if (first == '3') {
      return two == 34 || two == 37 || two == 30 || two == 36 || two == 38 || two == 39 || two == 35;
    }
    if (first == '2') {
      int four = Integer.parseInt(digits.substring(0, 4));
      return four >= 2221 && four <= 2720;
    }
    return false;
  }

  // Documentation and test domains (RFC 2606 / 6761) hold no one's address.
  private static boolean reservedDomain(String domain) {
    String d = domain.toLowerCase(Locale.ROOT);
    for (String reserved : new String[] {"example.com", "example.net", "example.org"}) {
      if (d.equals(reserved) || d.endsWith("." + reserved)) {
        return true;
      }
    }
    return d.endsWith(".example") || d.endsWith(".test") || d.endsWith(".invalid") || d.endsWith(".localhost");
  }

  // GB 11643 check digit of an 18-character resident identity number.
  static boolean residentIdChecksum(String id) {
    int[] weights = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
    String checks = "10X98765432";
    int sum = 0;
    for (int i = 0; i < 17; i++) {
      sum += (id.charAt(i) - '0') * weights[i];
    }
    return Character.toUpperCase(id.charAt(17)) == checks.charAt(sum % 11);
  }
}
