package io.browserflow.formats;

import io.browserflow.api.Credential;
import io.browserflow.api.Input;
import io.browserflow.formats.BrowserctlDocument.CredentialSpec;
import io.browserflow.formats.BrowserctlDocument.InputSpec;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * The credentials and business inputs a browserctl file declares, as the flow's: keys checked
 * (placeholders must be able to name them, one namespace for both), types mapped, and what the
 * model has no place for left out with an issue.
 */
final class BrowserctlDeclarations {
  private final BrowserctlImportState st;

  BrowserctlDeclarations(BrowserctlImportState st) {
    this.st = st;
  }

  void declarations(BrowserctlDocument doc) {
    for (CredentialSpec c : doc.credentials) {
      credential(c);
    }
    for (InputSpec in : doc.inputs) {
      input(in);
    }
  }

  private boolean key(String key, String path, String what) {
    if (key == null || key.isBlank()) {
      st.issues.warning(ConversionCode.FIELD_MISSING, path, what + " without a key was left out");
      return false;
    }
    if (!BrowserctlValues.KEY.matcher(key).matches()) {
      st.issues.warning(ConversionCode.INVALID_KEY, path, what + " key \"" + key
          + "\" contains blanks, $, { or }, so no placeholder can name it; it was left out");
      return false;
    }
    if (st.credentials.containsKey(key) || st.inputs.containsKey(key)) {
      st.issues.warning(ConversionCode.DUPLICATE_KEY, path, what + " " + key
          + " is declared twice (credentials and inputs share one namespace); the later one was left out");
      return false;
    }
    return true;
  }

  private void credential(CredentialSpec c) {
    if (!key(c.key, c.path, "credential")) {
      return;
    }
    Credential.Builder b = Credential.builder().key(c.key);
    if (c.label != null && !c.label.isBlank()) {
      b.label(c.label);
    }
    String type = c.type == null ? "text" : c.type.trim().toLowerCase(Locale.ROOT);
    switch (type) {
      case "text": b.type(Credential.Type.TEXT); break;
      case "url": b.type(Credential.Type.URL); break;
      case "username": b.type(Credential.Type.USERNAME); break;
      case "password": b.type(Credential.Type.PASSWORD); break;
      case "token": b.type(Credential.Type.TOKEN); break;
      case "api_key": b.type(Credential.Type.API_KEY); break;
      case "select":
        b.type(Credential.Type.TEXT);
        st.issues.info(ConversionCode.TYPE_CHANGED, c.path, "credential " + c.key
            + " of type select became a text credential (its options are not carried over)");
        break;
      default:
        b.type(Credential.Type.TEXT);
        st.issues.warning(ConversionCode.TYPE_CHANGED, c.path, "credential " + c.key + " has the unknown type \""
            + type + "\"; it became a text credential");
    }
    if (c.required != null) {
      b.required(c.required);
    }
    if (c.secret != null) {
      b.secret(c.secret);
    }
    st.credentials.put(c.key, b.build());
  }

  private void input(InputSpec in) {
    if (!key(in.key, in.path, "input")) {
      return;
    }
    Input.Builder b = Input.builder().key(in.key);
    String label = in.label != null && !in.label.isBlank() ? in.label : in.help;
    if (label != null && !label.isBlank()) {
      b.label(label);
    }
    if (in.help != null && label != in.help) {
      st.issues.info(ConversionCode.FIELD_DROPPED, in.path, "the help text of input " + in.key
          + " was left out: the input has a label");
    }
    String type = in.type == null ? "text" : in.type.trim().toLowerCase(Locale.ROOT);
    Input.Type t;
    switch (type) {
      case "text": t = Input.Type.TEXT; break;
      case "number": t = Input.Type.NUMBER; break;
      case "date": t = Input.Type.DATE; break;
      case "boolean": t = Input.Type.BOOLEAN; break;
      case "select": t = Input.Type.SELECT; break;
      case "url": t = Input.Type.URL; break;
      case "datetime":
        t = Input.Type.TEXT;
        st.issues.info(ConversionCode.TYPE_CHANGED, in.path, "input " + in.key + " of type datetime became a text input");
        break;
      default:
        t = Input.Type.TEXT;
        st.issues.warning(ConversionCode.TYPE_CHANGED, in.path, "input " + in.key + " has the unknown type \"" + type
            + "\"; it became a text input");
    }
    if (t == Input.Type.SELECT && in.options.isEmpty()) {
      t = Input.Type.TEXT;
      st.issues.warning(ConversionCode.TYPE_CHANGED, in.path, "select input " + in.key
          + " lists no options; it became a text input");
    }
    b.type(t);
    if (t == Input.Type.SELECT) {
      b.addAllOptions(in.options);
    } else if (!in.options.isEmpty()) {
      st.issues.info(ConversionCode.FIELD_DROPPED, in.path, "the options of input " + in.key
          + " were left out: only select inputs have options");
    }
    String dflt = in.defaultValue;
    if (dflt != null && t == Input.Type.NUMBER && !isNumber(dflt)) {
      st.issues.warning(ConversionCode.FIELD_DROPPED, in.path, "the default of number input " + in.key
          + " is not a number and was left out");
      dflt = null;
    }
    if (dflt != null && t == Input.Type.SELECT && !in.options.contains(dflt)) {
      st.issues.warning(ConversionCode.FIELD_DROPPED, in.path, "the default of select input " + in.key
          + " is not one of its options and was left out");
      dflt = null;
    }
    if (dflt != null) {
      b.defaultValue(dflt);
    }
    if (in.required != null) {
      b.required(in.required);
    }
    st.inputs.put(in.key, b.build());
  }

  private static boolean isNumber(String s) {
    try {
      new BigDecimal(s.trim());
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
