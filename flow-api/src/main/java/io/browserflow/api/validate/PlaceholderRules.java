package io.browserflow.api.validate;

import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Placeholders and the names they use: every {@code ${...}} in a string field must be well formed
 * and resolve in the {@link BindingScope} at that point of the walk; keys and names declared for
 * placeholders (inputs, credentials, variables) must be nameable by one; a foreach over items
 * must name the items of an earlier step.
 */
final class PlaceholderRules {
  /** Keys and names used inside placeholders: no blanks and nothing that breaks ${...}. */
  private static final Pattern KEY = Pattern.compile("[^\\s${}]+");

  private final ValidationContext ctx;

  PlaceholderRules(ValidationContext ctx) {
    this.ctx = ctx;
  }

  /** Checks a key or name used inside placeholders, e.g. "the input key" or "the variable name". */
  boolean key(String key, String path, String what) {
    if (key.isBlank()) {
      ctx.invalid(path, what + " is blank: give one such as USER");
      return false;
    }
    if (!KEY.matcher(key).matches()) {
      ctx.invalid(path, what + " \"" + key + "\" contains whitespace, $, { or }, so no placeholder can name it: "
          + "use letters, digits, _ and -");
      return false;
    }
    return true;
  }

  void texts(List<String> values, String path) {
    for (int i = 0; i < values.size(); i++) {
      text(values.get(i), path + "[" + i + "]");
    }
  }

  /** Checks the placeholders of one string field. */
  void text(String value, String path) {
    if (!Placeholders.contains(value)) {
      return;
    }
    Optional<String> syntax = Placeholders.syntaxError(value);
    if (syntax.isPresent()) {
      ctx.unresolved(path, "malformed placeholder: " + syntax.get());
    }
    for (String ref : Placeholders.references(value)) {
      resolve(ref, path);
    }
  }

  /**
   * Checks the placeholders of a script: each resolves (those in comments bind nothing), and none
   * stands in code, outside a string or template literal: values reach scripts as strings, never as
   * script text.
   */
  void script(String script, String path) {
    if (!Placeholders.contains(script)) {
      return;
    }
    Optional<String> syntax = Placeholders.syntaxError(script);
    if (syntax.isPresent()) {
      ctx.unresolved(path, "malformed placeholder: " + syntax.get());
      return;
    }
    for (Placeholders.ScriptUse use : Placeholders.inScript(script)) {
      if (use.context() == Placeholders.ScriptContext.CODE) {
        ctx.invalid(path, "${" + use.path() + "} stands in the script's code, outside quotes: values reach scripts as "
            + "strings, never as script text; write '${" + use.path() + "}' (or Number('${" + use.path() + "}') for a number)");
      } else if (use.context() != Placeholders.ScriptContext.COMMENT) {
        resolve(use.path(), path);
      }
    }
  }

  private void resolve(String ref, String path) {
    String error = ctx.scope().unresolvedReason(ref);
    if (error != null) {
      ctx.unresolved(path, "${" + ref + "} " + error);
    }
  }

  void itemsRef(String ref, String path) {
    String whole = Placeholders.wholeReference(ref).orElse("");
    int min = "steps.".length() + 1 + ".items".length();
    if (!whole.startsWith("steps.") || !whole.endsWith(".items") || whole.length() < min) {
      ctx.invalid(path, "a foreach over items needs one whole placeholder ${steps.<id>.items} naming an earlier "
          + "scrape or csvImport step");
      return;
    }
    String id = whole.substring("steps.".length(), whole.length() - ".items".length());
    Step source = ctx.scope().step(id);
    if (source == null) {
      resolve(whole, path);
    } else if (!BindingScope.outputs(source).contains("items")) {
      ctx.invalid(path, "foreach iterates ${" + whole + "} but step " + id + " is a " + source.kind().op()
          + ": iterate the items of a scrape or csvImport step");
    }
  }
}
