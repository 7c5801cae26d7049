package io.browserflow.api.lint;

import io.browserflow.api.Candidate;
import io.browserflow.api.Credential;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import io.browserflow.api.lint.LintWarning.Severity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Values and secrets: scans any string a flow file carries for literal secrets, personal data and
 * volatile values (at most one SENSITIVE_VALUE and one VOLATILE_VALUE per field), and checks what
 * fills a secret field (fill and type values).
 */
final class ValueLint {
  static final String SECRET_ADVICE =
      "remove the literal: declare a credential with secret=true and use ${credential.<KEY>}";
  static final String PERSONAL_ADVICE =
      "replace it with an input placeholder ${<KEY>}, or with test data on a reserved domain such as example.com";

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{\\s*([^}]*?)\\s*\\}");

  private final LintContext ctx;

  ValueLint(LintContext ctx) {
    this.ctx = ctx;
  }

  void scanSelector(String path, String stepId, String text, boolean volatileToo) {
    scan(path, stepId, text, volatileToo, "the locator", null, false);
  }

  void scan(String path, String stepId, String text, boolean volatileToo, String what, String secretLabel) {
    scan(path, stepId, text, volatileToo, what, secretLabel, true);
  }

  /**
   * At most one SENSITIVE_VALUE and one VOLATILE_VALUE per field. {@code secretLabel}, when not
   * null, is a secret known from context (the field, input or variable is secret-named).
   */
  void scan(String path, String stepId, String text, boolean volatileToo, String what, String secretLabel,
      boolean entropy) {
    List<SensitiveValueScanner.Finding> found = new ArrayList<>();
    if (secretLabel != null) {
      found.add(new SensitiveValueScanner.Finding(secretLabel, true, SensitiveValueScanner.literalPart(text)));
    }
    found.addAll(SensitiveValueScanner.scan(text, entropy));
    if (!found.isEmpty()) {
      boolean secret = found.stream().anyMatch(SensitiveValueScanner.Finding::secret);
      Set<String> labels = new LinkedHashSet<>();
      Set<String> excerpts = new LinkedHashSet<>();
      for (SensitiveValueScanner.Finding f : found) {
        labels.add(f.label());
        excerpts.add(SensitiveValueScanner.mask(f.match()));
      }
      ctx.add(LintCode.SENSITIVE_VALUE, secret ? Severity.ERROR : personalSeverity(), path, stepId,
          what + " holds " + String.join(" and ", labels) + " (" + String.join(", ", excerpts) + ")",
          secret ? SECRET_ADVICE : PERSONAL_ADVICE);
    }
    if (volatileToo) {
      List<VolatileValueScanner.Finding> changing = VolatileValueScanner.scan(text);
      if (!changing.isEmpty()) {
        Set<String> labels = new LinkedHashSet<>();
        for (VolatileValueScanner.Finding f : changing) {
          labels.add(f.label());
        }
        Severity severity = ctx.options().volatileValuesBlock() ? Severity.ERROR : Severity.WARNING;
        ctx.add(LintCode.VOLATILE_VALUE, severity, path, stepId,
            what + " holds " + String.join(" and ", labels) + ", which changes between runs",
            "replace it with an input placeholder ${<KEY>}, a * in globs, or a value read during the run");
      }
    }
  }

  Severity personalSeverity() {
    return ctx.options().personalDataBlocks() ? Severity.ERROR : Severity.WARNING;
  }

  /** Fill and type values: empty values, literals in secret fields, secrets not from secret credentials. */
  void typedValue(Step s, Optional<Target> target, String value, String path, boolean active) {
    String id = s.id();
    if (active && value.isEmpty()) {
      ctx.add(LintCode.EMPTY_INPUT_VALUE, Severity.WARNING, path, id,
          s.kind().op() + " with an empty value",
          "remove the step unless clearing the field is intended, or bind the value to an input");
    }
    boolean secretField = target.map(ValueLint::namesSecretField).orElse(false);
    String secretLabel = null;
    if (secretField && SensitiveValueScanner.hasLiteral(value)) {
      secretLabel = "a literal value in a password, one-time code, card or token field";
    } else if (secretField && active && !value.isEmpty()) {
      secretSource(value).ifPresent(problem -> ctx.add(LintCode.SECRET_NOT_CREDENTIAL, Severity.WARNING, path, id,
          "the secret field is filled from " + problem,
          "declare a credential with secret=true and fill ${credential.<KEY>}"));
    }
    scan(path, id, value, true, "the typed value", secretLabel);
  }

  private static boolean namesSecretField(Target target) {
    for (Candidate c : target.candidates()) {
      if (SensitiveValueScanner.namesSecretField(c.value())
          || c.name().map(SensitiveValueScanner::namesSecretField).orElse(false)) {
        return true;
      }
    }
    return false;
  }

  /** What is wrong with the placeholders that fill a secret field, if anything. */
  private Optional<String> secretSource(String value) {
    Matcher m = PLACEHOLDER.matcher(value);
    while (m.find()) {
      String ref = m.group(1);
      if (ref.startsWith("credential.")) {
        String key = ref.substring("credential.".length());
        Optional<Credential> credential = ctx.flow().credential(key);
        if (credential.isPresent() && !credential.get().secret()) {
          return Optional.of("credential " + key + ", which is not secret");
        }
      } else if (!ref.contains(".") && ctx.flow().input(ref).isEmpty()
          && ctx.flow().credential(ref).map(Credential::secret).orElse(false)) {
        continue; // a bare ${KEY} naming a secret credential
      } else {
        return Optional.of("${" + ref + "}, which is not a secret credential");
      }
    }
    return Optional.empty();
  }
}
