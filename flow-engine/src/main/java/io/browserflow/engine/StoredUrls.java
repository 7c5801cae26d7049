package io.browserflow.engine;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * URLs as results, journals, reports and tool answers keep them: the values of the query and the
 * fragment are left out (an OAuth code, a password-reset token, an API key travel there), their
 * names stay, so {@code https://shop.test/cb?code=x1&state=y#access_token=z} is kept as
 * {@code https://shop.test/cb?code=…&state=…#access_token=…}.
 */
final class StoredUrls {
  private static final String HIDDEN = "…";
  private static final Pattern PARAM = Pattern.compile("([^&=;]*)(=)?([^&;]*)");

  private StoredUrls() {}

  static String shown(String url) {
    if (url == null) {
      return null;
    }
    int hash = url.indexOf('#');
    String beforeFragment = hash < 0 ? url : url.substring(0, hash);
    int q = beforeFragment.indexOf('?');
    StringBuilder out = new StringBuilder(q < 0 ? beforeFragment : beforeFragment.substring(0, q));
    if (q >= 0) {
      out.append('?').append(names(beforeFragment.substring(q + 1)));
    }
    if (hash >= 0) {
      out.append('#').append(url.indexOf('=', hash) < 0 ? (hash + 1 < url.length() ? HIDDEN : "") : names(url.substring(hash + 1)));
    }
    return out.toString();
  }

  /** {@code a=1&b=2} as {@code a=…&b=…}; a part without {@code =} (a bare value) is hidden whole. */
  private static String names(String params) {
    StringBuilder b = new StringBuilder();
    Matcher m = PARAM.matcher(params);
    int at = 0;
    while (at <= params.length() && m.find(at)) {
      if (m.end() == m.start() && m.start() == params.length()) {
        break;
      }
      if (m.group(2) != null) {
        b.append(m.group(1)).append('=').append(m.group(3).isEmpty() ? "" : HIDDEN);
      } else if (!m.group(1).isEmpty()) {
        b.append(HIDDEN);
      }
      at = m.end();
      if (at < params.length()) {
        b.append(params.charAt(at));
        at++;
      } else {
        break;
      }
    }
    return b.toString();
  }
}
