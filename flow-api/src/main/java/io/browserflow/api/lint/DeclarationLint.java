package io.browserflow.api.lint;

import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.lint.LintWarning.Severity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Values and secrets in the flow's declarations, before its steps: name, description and tags;
 * inputs and credentials that look secret but are not declared so; table cells (one finding per
 * column); tab urls, allowed origins and scheduled input values.
 */
final class DeclarationLint {
  private final LintContext ctx;
  private final ValueLint values;

  DeclarationLint(LintContext ctx, ValueLint values) {
    this.ctx = ctx;
    this.values = values;
  }

  void check() {
    Flow flow = ctx.flow();
    values.scan("name", null, flow.name(), false, "the flow name", null);
    flow.description().ifPresent(d -> values.scan("description", null, d, false, "the description", null));
    for (int i = 0; i < flow.tags().size(); i++) {
      values.scan("tags[" + i + "]", null, flow.tags().get(i), false, "the tag", null);
    }
    for (int i = 0; i < flow.inputs().size(); i++) {
      input(flow.inputs().get(i), "inputs[" + i + "]");
    }
    for (int i = 0; i < flow.credentials().size(); i++) {
      credential(flow.credentials().get(i), "credentials[" + i + "]");
    }
    for (int i = 0; i < flow.tabs().size(); i++) {
      String path = "tabs[" + i + "].url";
      flow.tabs().get(i).url().ifPresent(u -> values.scan(path, null, u, true, "the tab url", null));
    }
    flow.table().ifPresent(this::table);
    flow.policy().ifPresent(p -> {
      for (int i = 0; i < p.allowedOrigins().size(); i++) {
        values.scan("policy.allowedOrigins[" + i + "]", null, p.allowedOrigins().get(i), false,
            "the allowed origin", null);
      }
    });
    flow.schedule().ifPresent(s -> {
      for (Map.Entry<String, String> e : s.input().entrySet()) {
        String secretName = SensitiveValueScanner.namesSecret(e.getKey()) && SensitiveValueScanner.hasLiteral(e.getValue())
            ? "a literal value of the secret-named input " + e.getKey() : null;
        values.scan("schedule.input." + e.getKey(), null, e.getValue(), false, "the scheduled input value", secretName);
      }
    });
  }

  private void input(Input input, String path) {
    boolean secretNamed = SensitiveValueScanner.namesSecret(input.key())
        || input.label().map(SensitiveValueScanner::namesSecret).orElse(false);
    if (secretNamed) {
      ctx.add(LintCode.SECRET_NOT_CREDENTIAL, Severity.WARNING, path, null,
          "input " + input.key() + " looks like a secret (password, token or key) but is declared as a plain input,"
              + " which is not masked and may carry a default",
          "declare it as a credential with secret=true and use ${credential." + input.key() + "}");
    }
    input.defaultValue().ifPresent(d -> values.scan(path + ".default", null, d, false, "the default value",
        secretNamed && SensitiveValueScanner.hasLiteral(d) ? "a literal default of a secret-named input" : null));
    for (int k = 0; k < input.options().size(); k++) {
      values.scan(path + ".options[" + k + "]", null, input.options().get(k), false, "the option", null);
    }
  }

  private void credential(Credential c, String path) {
    boolean secretType = c.type() == Credential.Type.PASSWORD || c.type() == Credential.Type.TOKEN
        || c.type() == Credential.Type.API_KEY;
    boolean secretNamed = SensitiveValueScanner.namesSecret(c.key())
        || c.label().map(SensitiveValueScanner::namesSecret).orElse(false);
    if ((secretType || secretNamed) && !c.secret()) {
      ctx.add(LintCode.SECRET_NOT_CREDENTIAL, Severity.WARNING, path + ".secret", null,
          "credential " + c.key() + (secretType ? " of type " + c.type().name().toLowerCase(Locale.ROOT)
              : " looks like a secret but") + " is not secret, so its value may reach journals, logs and reports",
          "mark credential " + c.key() + " secret (secret=true)");
    }
  }

  // One finding per column, so a large table does not drown the report. Table rows are run data:
  // volatile values (dates, ids) are expected there and not reported.
  private void table(DataTable table) {
    int width = table.columns().size();
    for (List<String> row : table.rows()) {
      width = Math.max(width, row.size());
    }
    for (int c = 0; c < width; c++) {
      String column = c < table.columns().size() ? table.columns().get(c) : "#" + c;
      boolean secretColumn = SensitiveValueScanner.namesSecret(column);
      Group sensitive = new Group();
      for (int r = 0; r < table.rows().size(); r++) {
        List<String> row = table.rows().get(r);
        if (c >= row.size()) {
          continue;
        }
        String cell = row.get(c);
        List<SensitiveValueScanner.Finding> found = new ArrayList<>(SensitiveValueScanner.scan(cell));
        if (secretColumn && SensitiveValueScanner.hasLiteral(cell)) {
          found.add(0, new SensitiveValueScanner.Finding("a literal secret in the secret-named column", true,
              SensitiveValueScanner.literalPart(cell)));
        }
        if (!found.isEmpty()) {
          sensitive.add("table.rows[" + r + "][" + c + "]", found);
        }
      }
      if (sensitive.count > 0) {
        Severity severity = sensitive.secret ? Severity.ERROR : values.personalSeverity();
        ctx.add(LintCode.SENSITIVE_VALUE, severity, sensitive.firstPath, null,
            "table column " + column + " holds " + String.join(" and ", sensitive.labels) + " in " + sensitive.count
                + (sensitive.count == 1 ? " row" : " rows") + " (first " + SensitiveValueScanner.mask(sensitive.firstMatch) + ")",
            sensitive.secret ? ValueLint.SECRET_ADVICE : ValueLint.PERSONAL_ADVICE);
      }
    }
  }

  private static final class Group {
    String firstPath;
    String firstMatch;
    int count;
    boolean secret;
    final Set<String> labels = new LinkedHashSet<>();

    void add(String path, List<SensitiveValueScanner.Finding> found) {
      if (count++ == 0) {
        firstPath = path;
        firstMatch = found.get(0).match();
      }
      for (SensitiveValueScanner.Finding f : found) {
        labels.add(f.label());
        secret |= f.secret();
      }
    }
  }
}
