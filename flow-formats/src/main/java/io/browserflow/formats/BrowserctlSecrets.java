package io.browserflow.formats;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintWarning;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Literal secrets in the imported steps: a secret typed into a field becomes a new secret
 * credential and the step types its placeholder; any other literal secret blocks its command.
 */
final class BrowserctlSecrets {
  private static final Pattern SECRET_FIELD = Pattern.compile("(?i)passw|passwd|pwd|密码|口令");
  private static final Pattern STEP_PATH = Pattern.compile("steps\\[(\\d+)]\\.(value|text)");

  private final BrowserctlImportState st;

  BrowserctlSecrets(BrowserctlImportState st) {
    this.st = st;
  }

  /** Literal secrets typed into fields become secret credentials; other literal secrets block. */
  void secrets() {
    for (LintWarning w : FlowLint.lint(draft()).warnings(LintCode.SENSITIVE_VALUE)) {
      String where = ImportSources.sourceOf(w.path(), st.stepPaths);
      if (!w.blocking()) {
        st.issues.warning(ConversionCode.SENSITIVE_VALUE, where, w.message());
        continue;
      }
      Matcher m = STEP_PATH.matcher(w.path());
      Step s = m.matches() ? st.steps.get(Integer.parseInt(m.group(1))) : null;
      Optional<Typed> typed = s == null ? Optional.empty() : s.accept(TYPED);
      if (typed.isPresent()) {
        int i = Integer.parseInt(m.group(1));
        Optional<Target> target = typed.get().target();
        boolean password = target.map(t -> t.candidates().stream().anyMatch(k -> SECRET_FIELD.matcher(k.value()).find()))
            .orElse(false);
        String key = freeKey(password ? "PASSWORD" : "SECRET");
        st.credentials.put(key, Credential.builder().key(key).label(password ? "Password" : "Secret")
            .type(password ? Credential.Type.PASSWORD : Credential.Type.TOKEN).secret(true).build());
        String ph = "${credential." + key + "}";
        st.steps.set(i, typed.get().typing().apply(ph));
        st.issues.warning(ConversionCode.SENSITIVE_VALUE, where, "a literal secret typed by the command was "
            + "replaced with ${credential." + key + "} (a secret credential); supply its value when running");
      } else {
        st.issues.blocking(ConversionCode.SECRET_POLICY_VIOLATION, where, "the command holds a literal secret "
            + "value; replace it with a ${KEY} placeholder of a secret credential");
      }
    }
  }

  /** A step that types a value into a field: the field, and the same step typing another value. */
  private record Typed(Optional<Target> target, Function<String, Step> typing) {}

  private static final StepVisitor<Optional<Typed>> TYPED = new StepFamilyVisitor<>() {
    @Override
    public Optional<Typed> visitFill(InteractionStep.Fill f) {
      return Optional.of(new Typed(Optional.of(f.target()), v -> InteractionStep.Fill.builder().from(f).value(v).build()));
    }

    @Override
    public Optional<Typed> visitChange(InteractionStep.Change c) {
      return Optional.of(new Typed(Optional.of(c.target()), v -> InteractionStep.Change.builder().from(c).value(v).build()));
    }

    @Override
    public Optional<Typed> visitType(InteractionStep.Type t) {
      return Optional.of(new Typed(t.target(), v -> InteractionStep.Type.builder().from(t).text(v).build()));
    }

    // no typed field: a literal secret there blocks the command
    @Override public Optional<Typed> visitStep(Step step) { return Optional.empty(); }
  };

  private String freeKey(String base) {
    String key = base;
    for (int n = 2; st.credentials.containsKey(key) || st.inputs.containsKey(key); n++) {
      key = base + "_" + n;
    }
    return key;
  }

  private Flow draft() {
    return Flow.builder().id("draft").name("draft").addAllInputs(st.inputs.values())
        .addAllCredentials(st.credentials.values()).addAllSteps(st.steps).build();
  }
}
