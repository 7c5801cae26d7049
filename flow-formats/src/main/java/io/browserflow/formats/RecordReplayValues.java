package io.browserflow.formats;

import io.browserflow.api.Input;
import io.browserflow.formats.RecordReplayDocument.Variable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The extension's templates in values ({@code {name}}, also written {@code ${name}}; a dotted name
 * reads a field, {@code {item.sku}}) as BrowserFlow placeholders: a flow variable becomes
 * {@code ${KEY}} (or {@code ${credential.KEY}} when it is sensitive), a name a node saved becomes
 * that node's output ({@code ${steps.<id>.text}}), a name saved more than once a run variable
 * ({@code ${vars.NAME}}), a foreach's item {@code ${loop.item}} (a field of it
 * {@code ${loop.row.FIELD}}). A name nothing declares becomes a required input
 * ({@code BINDING_UNRESOLVED}): the extension would insert an empty text.
 */
final class RecordReplayValues {
  /** {@code {name}} or {@code ${name}} with an identifier, dotted paths allowed. */
  static final Pattern TEMPLATE = Pattern.compile("\\$?\\{([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)*)}");

  private final RecordReplayImportState st;

  RecordReplayValues(RecordReplayImportState st) {
    this.st = st;
  }

  /** {@code value} with its templates as placeholders; {@code p} names the field in issues. */
  String value(String value, String p) {
    if (value == null) {
      return null;
    }
    Matcher m = TEMPLATE.matcher(value);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(placeholder(m.group(1), p)));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** The placeholder a template name stands for here. */
  String placeholder(String name, String p) {
    int dot = name.indexOf('.');
    String head = dot < 0 ? name : name.substring(0, dot);
    String field = dot < 0 ? null : name.substring(dot + 1);
    if (!st.loopItems.isEmpty() && st.loopItems.peek().equals(head)) {
      return field == null ? "${loop.item}" : "${loop.row." + field + "}";
    }
    if (field != null) {
      st.issues.warning(ConversionCode.APPROXIMATED, p, "{" + name + "} reads a field of " + head + ", which BrowserFlow "
          + "cannot address outside a foreach: the whole value of " + head + " is used");
    }
    if (st.runVariables.contains(head)) {
      return "${vars." + head + "}";
    }
    String saved = st.saved.get(head);
    if (saved != null) {
      return saved;
    }
    Variable v = st.variables.get(head);
    if (v != null) {
      return v.sensitive() ? "${credential." + head + "}" : "${" + head + "}";
    }
    if (!st.inputs.containsKey(head) && !st.credentials.containsKey(head)) {
      st.inputs.put(head, Input.of(head));
      st.issues.warning(ConversionCode.BINDING_UNRESOLVED, p, "{" + name + "} names no variable of the flow and no "
          + "output saved before it; it is declared as the required input " + head + " (the extension would insert an empty text)");
    }
    return st.credentials.containsKey(head) ? "${credential." + head + "}" : "${" + head + "}";
  }
}
