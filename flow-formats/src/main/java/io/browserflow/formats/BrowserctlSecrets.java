package io.browserflow.formats;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
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
      String where = sourceOf(w.path());
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

  private static final StepVisitor<Optional<Typed>> TYPED = new StepVisitor<>() {
    @Override
    public Optional<Typed> visitFill(Step.Fill f) {
      return Optional.of(new Typed(Optional.of(f.target()), v -> Step.Fill.builder().from(f).value(v).build()));
    }

    @Override
    public Optional<Typed> visitChange(Step.Change c) {
      return Optional.of(new Typed(Optional.of(c.target()), v -> Step.Change.builder().from(c).value(v).build()));
    }

    @Override
    public Optional<Typed> visitType(Step.Type t) {
      return Optional.of(new Typed(t.target(), v -> Step.Type.builder().from(t).text(v).build()));
    }

    // no typed field: a literal secret there blocks the command
    @Override public Optional<Typed> visitOpen(Step.Open s) { return Optional.empty(); }
    @Override public Optional<Typed> visitNavigate(Step.Navigate s) { return Optional.empty(); }
    @Override public Optional<Typed> visitBack(Step.Back s) { return Optional.empty(); }
    @Override public Optional<Typed> visitForward(Step.Forward s) { return Optional.empty(); }
    @Override public Optional<Typed> visitReload(Step.Reload s) { return Optional.empty(); }
    @Override public Optional<Typed> visitTabNew(Step.TabNew s) { return Optional.empty(); }
    @Override public Optional<Typed> visitTabSwitch(Step.TabSwitch s) { return Optional.empty(); }
    @Override public Optional<Typed> visitTabClose(Step.TabClose s) { return Optional.empty(); }
    @Override public Optional<Typed> visitFrame(Step.Frame s) { return Optional.empty(); }
    @Override public Optional<Typed> visitFrameMain(Step.FrameMain s) { return Optional.empty(); }
    @Override public Optional<Typed> visitSetViewport(Step.SetViewport s) { return Optional.empty(); }
    @Override public Optional<Typed> visitEmulateNetwork(Step.EmulateNetwork s) { return Optional.empty(); }
    @Override public Optional<Typed> visitClick(Step.Click s) { return Optional.empty(); }
    @Override public Optional<Typed> visitDblclick(Step.Dblclick s) { return Optional.empty(); }
    @Override public Optional<Typed> visitContextmenu(Step.Contextmenu s) { return Optional.empty(); }
    @Override public Optional<Typed> visitHover(Step.Hover s) { return Optional.empty(); }
    @Override public Optional<Typed> visitPress(Step.Press s) { return Optional.empty(); }
    @Override public Optional<Typed> visitSelect(Step.Select s) { return Optional.empty(); }
    @Override public Optional<Typed> visitCheck(Step.Check s) { return Optional.empty(); }
    @Override public Optional<Typed> visitUncheck(Step.Uncheck s) { return Optional.empty(); }
    @Override public Optional<Typed> visitToggle(Step.Toggle s) { return Optional.empty(); }
    @Override public Optional<Typed> visitScroll(Step.Scroll s) { return Optional.empty(); }
    @Override public Optional<Typed> visitDrag(Step.Drag s) { return Optional.empty(); }
    @Override public Optional<Typed> visitMouse(Step.Mouse s) { return Optional.empty(); }
    @Override public Optional<Typed> visitUpload(Step.Upload s) { return Optional.empty(); }
    @Override public Optional<Typed> visitWait(Step.Wait s) { return Optional.empty(); }
    @Override public Optional<Typed> visitAssert(Step.Assert s) { return Optional.empty(); }
    @Override public Optional<Typed> visitRead(Step.Read s) { return Optional.empty(); }
    @Override public Optional<Typed> visitScrape(Step.Scrape s) { return Optional.empty(); }
    @Override public Optional<Typed> visitPaginate(Step.Paginate s) { return Optional.empty(); }
    @Override public Optional<Typed> visitSetVar(Step.SetVar s) { return Optional.empty(); }
    @Override public Optional<Typed> visitEval(Step.Eval s) { return Optional.empty(); }
    @Override public Optional<Typed> visitScreenshot(Step.Screenshot s) { return Optional.empty(); }
    @Override public Optional<Typed> visitCsvImport(Step.CsvImport s) { return Optional.empty(); }
    @Override public Optional<Typed> visitCsvExport(Step.CsvExport s) { return Optional.empty(); }
    @Override public Optional<Typed> visitDatasetWrite(Step.DatasetWrite s) { return Optional.empty(); }
    @Override public Optional<Typed> visitDatasetExport(Step.DatasetExport s) { return Optional.empty(); }
    @Override public Optional<Typed> visitHttp(Step.Http s) { return Optional.empty(); }
    @Override public Optional<Typed> visitClipboard(Step.Clipboard s) { return Optional.empty(); }
    @Override public Optional<Typed> visitCall(Step.Call s) { return Optional.empty(); }
    @Override public Optional<Typed> visitForeach(Step.Foreach s) { return Optional.empty(); }
    @Override public Optional<Typed> visitRepeat(Step.Repeat s) { return Optional.empty(); }
    @Override public Optional<Typed> visitIf(Step.If s) { return Optional.empty(); }
    @Override public Optional<Typed> visitWhile(Step.While s) { return Optional.empty(); }
    @Override public Optional<Typed> visitManual(Step.Manual s) { return Optional.empty(); }
  };

  private String freeKey(String base) {
    String key = base;
    for (int n = 2; st.credentials.containsKey(key) || st.inputs.containsKey(key); n++) {
      key = base + "_" + n;
    }
    return key;
  }

  /** The source path of the command a flow path's step was made from. */
  private String sourceOf(String flowPath) {
    int i = BrowserctlDocument.stepIndex(flowPath);
    if (i >= 0 && i < st.stepPaths.size()) {
      return st.stepPaths.get(i);
    }
    return flowPath;
  }

  private Flow draft() {
    return Flow.builder().id("draft").name("draft").addAllInputs(st.inputs.values())
        .addAllCredentials(st.credentials.values()).addAllSteps(st.steps).build();
  }
}
