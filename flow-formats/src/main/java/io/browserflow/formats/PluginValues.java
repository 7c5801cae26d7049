package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.lint.LintCode;
import java.text.Normalizer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values of a recording as the flow declares them, as seed 002 asks: the start URL's origin
 * becomes the {@code <PREFIX>_BASE_URL} credential and every URL of that origin starts with it; a
 * value typed into a password field (or any value that looks like a secret) becomes a secret
 * credential, one into a user-name field a {@code <PREFIX>_USERNAME} credential, one per distinct
 * value; any other value typed is a business input whose default is the recorded value. The
 * values that became credentials are kept in memory only ({@link RecordedSecrets}).
 */
final class PluginValues {
  private static final Pattern ORIGIN = Pattern.compile("^(https?://[^/?#]+)");

  private final PluginImportState st;
  private final String prefix;
  private final String origin;
  /** Credential key of each (kind, value) typed. */
  private final Map<String, String> credentialOf = new HashMap<>();
  /** Input key of each (field, value) typed. */
  private final Map<String, String> inputOf = new HashMap<>();

  PluginValues(PluginImportState st, String flowName, String startUrl) {
    this.st = st;
    String p = key(flowName == null ? "" : flowName);
    this.prefix = p.isEmpty() ? "" : p + "_";
    Matcher m = startUrl == null ? null : ORIGIN.matcher(startUrl);
    this.origin = m != null && m.find() ? m.group(1) : null;
  }

  /** The recorded origin the base-URL credential stands for; null when the start URL has none. */
  String origin() {
    return origin;
  }

  String baseUrlKey() {
    return prefix + "BASE_URL";
  }

  /** A recorded URL (or URL glob) with the start URL's origin written as the base-URL credential. */
  String url(String url) {
    if (origin == null || !url.startsWith(origin)) {
      return url;
    }
    String rest = url.substring(origin.length());
    if (!rest.isEmpty() && "/?#".indexOf(rest.charAt(0)) < 0) {
      return url; // another host that starts alike (http://a.test vs http://a.test.evil)
    }
    String key = baseUrlKey();
    st.credentials.computeIfAbsent(key, k -> Credential.builder().key(k).type(Credential.Type.URL)
        .label("Address of the recorded site (recorded at " + origin + ")").build());
    return "${credential." + key + "}" + rest;
  }

  /** The glob of a recorded URL (volatile ids as {@code *}), its origin written as the base-URL credential. */
  String urlGlob(String url) {
    return url(ChromeStepParts.urlGlob(url));
  }

  /**
   * What a step types for the recorded {@code value} into {@code e}: a credential or input
   * placeholder, or the value itself (empty ones, placeholders already there). Reports each
   * replacement at {@code path}.
   */
  String typed(PluginStep.Element e, String value, String path) {
    if (value.isEmpty() || Placeholders.contains(value)) {
      return value;
    }
    if (e != null && e.isPassword()) {
      String key = credential("PASSWORD", value, Credential.Type.PASSWORD, "Password typed into " + e.describe());
      st.issues.warning(ConversionCode.SENSITIVE_VALUE, path, "the value typed into a password field is replaced by "
          + "${credential." + key + "} (a secret credential: give it at run time, or replay the recorded one with "
          + "--use-recorded-secrets); the recorded value is not written");
      return "${credential." + key + "}";
    }
    if (looksSecret(value)) {
      String key = credential("SECRET", value, Credential.Type.TOKEN, "Secret typed into "
          + (e == null ? "the focused element" : e.describe()));
      st.issues.warning(ConversionCode.SENSITIVE_VALUE, path, "a value that looks like a secret is replaced by ${credential."
          + key + "} (a secret credential); the recorded value is not written");
      return "${credential." + key + "}";
    }
    if (e != null && e.isUserName()) {
      String key = credential("USERNAME", value, Credential.Type.USERNAME, "User name typed into " + e.describe());
      st.issues.info(ConversionCode.SENSITIVE_VALUE, path, "the user name typed is replaced by ${credential." + key
          + "} (a credential given at run time, as seed 002 asks for sign-in data)");
      return "${credential." + key + "}";
    }
    return "${" + input(e, value) + "}";
  }

  /** Whether lint reads {@code value} as a secret (a token, a key, a card number). */
  static boolean looksSecret(String value) {
    Flow probe = Flow.builder().name("value probe")
        .addSteps(InteractionStep.Fill.builder().id("probe").target(Target.of(Candidate.css("input"))).value(value).build()).build();
    return FlowLint.lint(probe).warnings(LintCode.SENSITIVE_VALUE).stream().anyMatch(w -> w.blocking());
  }

  private String credential(String base, String value, Credential.Type type, String label) {
    String known = credentialOf.get(base + "\u0000" + value);
    if (known != null) {
      return known;
    }
    String key = free(prefix + base);
    Credential.Builder c = Credential.builder().key(key).type(type).label(label);
    if (type == Credential.Type.USERNAME) {
      c.secret(false);
    }
    st.credentials.put(key, c.build());
    st.recordedSecrets.put(key, value);
    credentialOf.put(base + "\u0000" + value, key);
    return key;
  }

  private String input(PluginStep.Element e, String value) {
    String field = e == null ? "" : String.join("\u0000", e.selectors) + "\u0000" + e.name + "\u0000" + e.id;
    String known = inputOf.get(field + "\u0001" + value);
    if (known != null) {
      return known;
    }
    String base = "VALUE";
    String label = null;
    if (e != null) {
      for (String s : new String[] {e.name, e.id, e.testId, e.placeholder, e.label, e.ariaLabel}) {
        String k = s == null ? "" : key(s);
        if (!k.isEmpty() && Character.isLetter(k.charAt(0))) {
          base = k;
          break;
        }
      }
      label = e.label != null ? e.label : e.placeholder != null ? e.placeholder : e.ariaLabel != null ? e.ariaLabel : e.name;
    }
    String key = free(base);
    Input.Builder in = Input.builder().key(key).defaultValue(value);
    if (label != null) {
      in.label(label);
    }
    st.inputs.put(key, in.build());
    inputOf.put(field + "\u0001" + value, key);
    return key;
  }

  /** {@code key}, or {@code key_2}, {@code key_3}, ... when inputs or credentials already use it. */
  private String free(String key) {
    String k = key;
    for (int n = 2; st.credentials.containsKey(k) || st.inputs.containsKey(k); n++) {
      k = key + "_" + n;
    }
    return k;
  }

  /** An upper-case key of ASCII letters, digits and underscores: {@code meter-rebind} is {@code METER_REBIND}. */
  static String key(String text) {
    String ascii = Normalizer.normalize(text, Normalizer.Form.NFKD).replaceAll("\\p{M}", "");
    String k = ascii.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT)
        .replaceAll("[^A-Z0-9]+", "_").replaceAll("^_+|_+$", "");
    return k.length() > 40 ? k.substring(0, 40).replaceAll("_+$", "") : k;
  }
}
