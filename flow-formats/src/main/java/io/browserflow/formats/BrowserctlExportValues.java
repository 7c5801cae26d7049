package io.browserflow.formats;

import io.browserflow.api.Credential;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import io.browserflow.formats.BrowserctlDocument.CredentialSpec;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A flow's values as browserctl writes them: {@code ${input.X}} and {@code ${credential.X}} as
 * {@code ${X}}, step outputs as the variables their commands capture, tabs as their references;
 * a literal secret in a typed value or a URL becomes a new secret credential, never text in the
 * file.
 */
final class BrowserctlExportValues {
  private static final Pattern SECRET_FIELD = Pattern.compile("(?i)passw|passwd|pwd|密码|口令");

  /** The fields of each kind whose literal secret becomes a credential; a literal secret elsewhere blocks the step. */
  private static final Map<Step.Kind, List<String>> SECRET_FIELDS = Map.of(
      Step.Kind.FILL, List.of("value"),
      Step.Kind.CHANGE, List.of("value"),
      Step.Kind.TYPE, List.of("text"),
      Step.Kind.SELECT, List.of("value", "label"),
      Step.Kind.OPEN, List.of("url"),
      Step.Kind.NAVIGATE, List.of("url"),
      Step.Kind.TAB_NEW, List.of("url"));

  private final BrowserctlExportState st;

  BrowserctlExportValues(BrowserctlExportState st) {
    this.st = st;
  }

  /** {@code ${input.X}} and {@code ${credential.X}} as {@code ${X}}; null (with an issue) when a reference has no browserctl form. */
  String out(String value, String p) {
    if (value == null || !Placeholders.contains(value) || Placeholders.syntaxError(value).isPresent()) {
      return value;
    }
    boolean[] failed = {false};
    String result = Placeholders.replace(value, ref -> {
      String r = outRef(ref, value, p);
      if (r == null) {
        failed[0] = true;
        return "";
      }
      return r;
    });
    return failed[0] ? null : result;
  }

  private String outRef(String ref, String whole, String p) {
    if (ref.startsWith("input.")) {
      return "${" + ref.substring(6) + "}";
    }
    if (ref.startsWith("credential.")) {
      return "${" + ref.substring(11) + "}";
    }
    if (!ref.contains(".")) {
      return "${" + ref + "}";
    }
    String var = st.outputVars.get(ref);
    if (var != null) {
      if (!Placeholders.isWhole(whole)) {
        st.issues.warning(ConversionCode.BINDING_EMBEDDED, p, "browserctl replaces a captured ${" + var + "} only when it is a whole word; "
            + "here it is part of a longer value");
      }
      if (st.style == BrowserctlExport.Style.TEXT) {
        captureInComment(p);
      }
      return "${" + var + "}";
    }
    st.issues.blocking(ConversionCode.BINDING_UNRESOLVED, p, "${" + ref + "} has no browserctl equivalent (browserctl has credentials, "
        + "inputs and captured command results only); the step was left out");
    return null;
  }

  /** A typed value; a literal secret becomes a secret credential placeholder. */
  String secretTyped(String path, String value, Target target) {
    if (!st.secretAt(path)) {
      return value;
    }
    boolean password = target.candidates().stream().anyMatch(c -> SECRET_FIELD.matcher(c.value()).find());
    return replaceSecret(path, password ? "PASSWORD" : "SECRET",
        password ? Credential.Type.PASSWORD : Credential.Type.TOKEN, "a literal secret typed by the step");
  }

  String secretUrl(String p, String url) {
    if (!st.secretAt(p + ".url")) {
      return out(url, p);
    }
    return replaceSecret(p + ".url", "SECRET_URL", Credential.Type.URL, "a URL holding a literal secret");
  }

  private String replaceSecret(String path, String base, Credential.Type type, String what) {
    String key = base;
    for (int n = 2; st.keys.contains(key); n++) {
      key = base + "_" + n;
    }
    st.keys.add(key);
    CredentialSpec s = new CredentialSpec();
    s.key = key;
    s.label = type == Credential.Type.PASSWORD ? "Password" : "Secret";
    s.type = type.name().toLowerCase(Locale.ROOT);
    s.required = true;
    s.secret = true;
    st.doc.credentials.add(s);
    st.issues.warning(ConversionCode.SENSITIVE_VALUE, path, what + " was written as ${" + key + "}, a new secret credential; supply its "
        + "value when running");
    return "${" + key + "}";
  }

  /** Fields whose literal secret the export replaces with a secret credential placeholder. */
  static Set<String> replaceableSecrets(Step s, String p) {
    return SECRET_FIELDS.getOrDefault(s.kind(), List.of()).stream().map(f -> p + "." + f).collect(Collectors.toSet());
  }

  /** How commands name the tab of {@code alias}; null (with an issue) when nothing opened it. */
  String tabRef(String alias, String p) {
    String ref = st.tabRefs.get(alias);
    if (ref == null) {
      st.issues.blocking(ConversionCode.TAB_UNRESOLVED, p, "tab " + alias + " is not opened by an earlier tabNew or click newTab, so "
          + "no browserctl command can name it");
      return null;
    }
    if (st.style == BrowserctlExport.Style.TEXT && ref.startsWith("${")) {
      captureInComment(p);
    }
    return ref;
  }

  void captureInComment(String p) {
    st.issues.warning(ConversionCode.CAPTURE_IN_COMMENT, p, "this command uses a variable captured by an earlier command; the text format "
        + "keeps captures in '# capture:' comments, which plain-text runners ignore: run the browserctl-flow.json");
  }
}
