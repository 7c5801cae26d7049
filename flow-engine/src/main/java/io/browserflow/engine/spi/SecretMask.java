package io.browserflow.engine.spi;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The secret values of one run, and how to mask them: replaces them by {@code ***} in every text the
 * engine writes or reports, and tells drivers what to paint over or strip from their artifacts
 * (screenshots, traces). Each secret is masked as
 * it is and in the forms a page or a log gives it (URL-encoded, once or twice, with {@code +} or
 * {@code %20} for spaces, from UTF-8 or from ISO-8859-1 as pages without a declared charset post
 * forms; JSON-escaped, also twice, and HTML-escaped; base64, standard and URL-safe, at any of the
 * three byte alignments a secret can have inside a longer encoded value), and a secret's start
 * that a preview cut short with an ellipsis.
 */
public final class SecretMask {
  /** What a secret is replaced by. */
  public static final String MASK = "***";
  private static final SecretMask NONE = new SecretMask(Set.of());
  private static final String ELLIPSIS = "\u2026";
  /** A secret's start shorter than this before an ellipsis is left: it would match ordinary text. */
  private static final int MIN_PREFIX = 4;
  /** Base64 runs shorter than this are not masked: they would match ordinary text. */
  private static final int MIN_BASE64_RUN = 8;
  private final Set<String> secrets = new LinkedHashSet<>();
  private final List<String> forms;

  private SecretMask(Collection<String> secrets) {
    Set<String> all = new LinkedHashSet<>();
    for (String s : secrets) {
      if (s != null && !s.isEmpty()) {
        this.secrets.add(s);
        all.addAll(forms(s));
      }
    }
    // longest first, so a secret containing another is masked whole
    this.forms = List.copyOf(all.stream().sorted(Comparator.comparingInt(String::length).reversed()).collect(Collectors.toList()));
  }

  /** A mask of {@code secrets} (null and empty values are ignored). */
  public static SecretMask of(Collection<String> secrets) {
    return secrets.isEmpty() ? NONE : new SecretMask(secrets);
  }

  /** The mask of a run without secrets: masks nothing. */
  public static SecretMask none() {
    return NONE;
  }

  /** A mask of this mask's secrets and {@code other}'s. */
  public SecretMask and(SecretMask other) {
    if (other.secrets.isEmpty() || secrets.containsAll(other.secrets)) {
      return this;
    }
    if (secrets.isEmpty()) {
      return other;
    }
    Set<String> all = new LinkedHashSet<>(secrets);
    all.addAll(other.secrets);
    return new SecretMask(all);
  }

  /** Whether there is nothing to mask. */
  public boolean isEmpty() {
    return forms.isEmpty();
  }

  /**
   * Every text to mask, longest first: each secret and its encoded forms. For drivers that must
   * search their own artifacts; never print or store them.
   */
  public List<String> forms() {
    return forms;
  }

  /**
   * {@code text} with every secret form replaced by {@link #MASK}, and the start of a secret form
   * that a preview cut short with {@code …} (as browsers and Playwright shorten long texts) too.
   */
  public String redact(String text) {
    if (text == null || forms.isEmpty()) {
      return text;
    }
    String out = text;
    for (String form : forms) {
      if (out.contains(form)) {
        out = out.replace(form, MASK);
      }
    }
    return out.indexOf(ELLIPSIS) >= 0 ? cutShort(out) : out;
  }

  /** {@code text} without the secret prefixes (of {@value #MIN_PREFIX} characters or more) right before an ellipsis. */
  private String cutShort(String text) {
    StringBuilder b = new StringBuilder(text);
    for (int at = b.indexOf(ELLIPSIS); at >= 0; at = b.indexOf(ELLIPSIS, at + 1)) {
      int cut = 0;
      for (String f : forms) {
        for (int k = Math.min(f.length() - 1, at); k >= Math.min(MIN_PREFIX, f.length() - 1) && k > cut; k--) {
          if (b.substring(at - k, at).equals(f.substring(0, k))) {
            cut = k;
            break;
          }
        }
      }
      if (cut > 0) {
        b.replace(at - cut, at, MASK);
        at = at - cut + MASK.length();
      }
    }
    return b.toString();
  }

  /** Whether {@code text} holds a secret in any of its forms. */
  public boolean containsSecret(String text) {
    if (text == null) {
      return false;
    }
    for (String form : forms) {
      if (text.contains(form)) {
        return true;
      }
    }
    return false;
  }

  /** {@code secret} and the encoded forms it takes in URLs, JSON, HTML and base64. */
  static List<String> forms(String secret) {
    Set<String> f = new LinkedHashSet<>();
    f.add(secret);
    String url = URLEncoder.encode(secret, StandardCharsets.UTF_8);
    f.add(url);
    f.add(url.replace("+", "%20"));
    f.add(URLEncoder.encode(url, StandardCharsets.UTF_8));
    f.add(URLEncoder.encode(url.replace("+", "%20"), StandardCharsets.UTF_8));
    if (StandardCharsets.ISO_8859_1.newEncoder().canEncode(secret)) {
      // a form posted by a page that declares no charset is encoded as windows-1252
      String latin = URLEncoder.encode(secret, StandardCharsets.ISO_8859_1);
      f.add(latin);
      f.add(latin.replace("+", "%20"));
    }
    for (boolean slash : new boolean[] {false, true}) {
      f.add(json(secret, false, false, slash));
      f.add(json(secret, true, false, slash));
      f.add(json(secret, true, true, slash));
    }
    f.add(json(json(secret, false, false, false), false, false, false)); // JSON in a JSON string (a body in a log line)
    f.add(html(secret, "&#39;"));
    f.add(html(secret, "&#x27;"));
    byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
    for (int offset = 0; offset < 3; offset++) {
      String core = base64Core(bytes, offset);
      if (core.length() >= MIN_BASE64_RUN) {
        f.add(core);
        f.add(core.replace('+', '-').replace('/', '_'));
      }
    }
    f.removeIf(String::isEmpty);
    return new ArrayList<>(f);
  }

  /** The characters of a base64 text that only {@code bytes} decide when they start {@code offset} bytes into a 3-byte group. */
  static String base64Core(byte[] bytes, int offset) {
    byte[] shifted = new byte[offset + bytes.length];
    System.arraycopy(bytes, 0, shifted, offset, bytes.length);
    String encoded = Base64.getEncoder().withoutPadding().encodeToString(shifted);
    int firstGroup = offset == 0 ? 0 : 1;
    int endGroup = (offset + bytes.length) / 3;
    return endGroup <= firstGroup ? "" : encoded.substring(firstGroup * 4, endGroup * 4);
  }

  /** {@code s} JSON-escaped: non-ASCII as {@code \\uXXXX} (lower- or upper-case hex) or raw, {@code /} as {@code \\/} or raw. */
  private static String json(String s, boolean asciiOnly, boolean upperHex, boolean escapeSlash) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '/' -> b.append(escapeSlash ? "\\/" : "/");
        default -> {
          if (c < 0x20 || (asciiOnly && c > 0x7e)) {
            b.append(String.format(upperHex ? "\\u%04X" : "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }

  private static String html(String s, String apostrophe) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append(apostrophe);
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /** Never shows the secrets. */
  @Override
  public String toString() {
    return "SecretMask[" + forms.size() + " forms]";
  }
}
