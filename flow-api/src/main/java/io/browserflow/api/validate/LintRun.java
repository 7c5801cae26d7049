package io.browserflow.api.validate;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import io.browserflow.api.validate.LintWarning.Severity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One lint pass over one flow. Walks the flow in document order (header, inputs, credentials,
 * tabs, table, policy, schedule, then steps depth-first; within a step: step-level findings, its
 * fields, its expect, nested bodies, its fallback) and collects findings.
 *
 * <p>Disabled steps never run, so only their values are scanned (a secret in a disabled step still
 * sits in the file); selector, frame, wait and sequence rules skip them.
 */
final class LintRun {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{\\s*([^}]*?)\\s*\\}");

  private final Flow flow;
  private final LintOptions options;
  private final List<LintWarning> out = new ArrayList<>();

  LintRun(Flow flow, LintOptions options) {
    this.flow = flow;
    this.options = options;
  }

  LintReport run() {
    scan("name", null, flow.name(), false, "the flow name", null);
    flow.description().ifPresent(d -> scan("description", null, d, false, "the description", null));
    for (int i = 0; i < flow.tags().size(); i++) {
      scan("tags[" + i + "]", null, flow.tags().get(i), false, "the tag", null);
    }
    for (int i = 0; i < flow.inputs().size(); i++) {
      input(flow.inputs().get(i), "inputs[" + i + "]");
    }
    for (int i = 0; i < flow.credentials().size(); i++) {
      credential(flow.credentials().get(i), "credentials[" + i + "]");
    }
    for (int i = 0; i < flow.tabs().size(); i++) {
      String path = "tabs[" + i + "].url";
      flow.tabs().get(i).url().ifPresent(u -> scan(path, null, u, true, "the tab url", null));
    }
    flow.table().ifPresent(this::table);
    flow.policy().ifPresent(p -> {
      for (int i = 0; i < p.allowedOrigins().size(); i++) {
        scan("policy.allowedOrigins[" + i + "]", null, p.allowedOrigins().get(i), false, "the allowed origin", null);
      }
    });
    flow.schedule().ifPresent(s -> {
      for (Map.Entry<String, String> e : s.input().entrySet()) {
        String secretName = SensitiveValueScanner.namesSecret(e.getKey()) && SensitiveValueScanner.hasLiteral(e.getValue())
            ? "a literal value of the secret-named input " + e.getKey() : null;
        scan("schedule.input." + e.getKey(), null, e.getValue(), false, "the scheduled input value", secretName);
      }
    });
    steps(flow.steps(), "steps", false, true);
    return LintReport.of(out);
  }

  // ------------------------------------------------------------------ declarations

  private void input(Input input, String path) {
    boolean secretNamed = SensitiveValueScanner.namesSecret(input.key())
        || input.label().map(SensitiveValueScanner::namesSecret).orElse(false);
    if (secretNamed) {
      add(LintCode.SECRET_NOT_CREDENTIAL, Severity.WARNING, path, null,
          "input " + input.key() + " looks like a secret (password, token or key) but is declared as a plain input,"
              + " which is not masked and may carry a default",
          "declare it as a credential with secret=true and use ${credential." + input.key() + "}");
    }
    input.defaultValue().ifPresent(d -> scan(path + ".default", null, d, false, "the default value",
        secretNamed && SensitiveValueScanner.hasLiteral(d) ? "a literal default of a secret-named input" : null));
    for (int k = 0; k < input.options().size(); k++) {
      scan(path + ".options[" + k + "]", null, input.options().get(k), false, "the option", null);
    }
  }

  private void credential(Credential c, String path) {
    boolean secretType = c.type() == Credential.Type.PASSWORD || c.type() == Credential.Type.TOKEN
        || c.type() == Credential.Type.API_KEY;
    boolean secretNamed = SensitiveValueScanner.namesSecret(c.key())
        || c.label().map(SensitiveValueScanner::namesSecret).orElse(false);
    if ((secretType || secretNamed) && !c.secret()) {
      add(LintCode.SECRET_NOT_CREDENTIAL, Severity.WARNING, path + ".secret", null,
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
        Severity severity = sensitive.secret ? Severity.ERROR : personalSeverity();
        add(LintCode.SENSITIVE_VALUE, severity, sensitive.firstPath, null,
            "table column " + column + " holds " + String.join(" and ", sensitive.labels) + " in " + sensitive.count
                + (sensitive.count == 1 ? " row" : " rows") + " (first " + SensitiveValueScanner.mask(sensitive.firstMatch) + ")",
            sensitive.secret ? SECRET_ADVICE : PERSONAL_ADVICE);
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

  // ------------------------------------------------------------------ steps

  private void steps(List<Step> list, String base, boolean continuation, boolean active) {
    for (int i = 0; i < list.size(); i++) {
      Step s = list.get(i);
      boolean after = WriteVerification.verified(list, i + 1, continuation);
      step(s, base + "[" + i + "]", list, i, after, active && !s.disabled());
    }
  }

  private void step(Step s, String path, List<Step> siblings, int index, boolean after, boolean active) {
    String id = s.id();
    if (active) {
      stepLevel(s, path, siblings, index, after);
    }
    s.title().ifPresent(t -> scan(path + ".title", id, t, false, "the step title", null));
    fields(s, path, after, active);
    for (int k = 0; k < s.expect().size(); k++) {
      condition(s.expect().get(k), path + ".expect[" + k + "]", id, active);
    }
    if (s.onError().kind() == OnError.Kind.FALLBACK) {
      steps(s.onError().fallback(), path + ".onError.fallback", after, active);
    }
  }

  private void stepLevel(Step s, String path, List<Step> siblings, int index, boolean after) {
    String id = s.id();
    s.accept(new StepRules(path, id, siblings, index));
    if (WriteVerification.isWrite(s) && !WriteVerification.hasPageCheck(s) && !after) {
      add(LintCode.SUCCESS_CHECK_MISSING, Severity.WARNING, path, id,
          s.kind().op() + " changes the page but nothing checks that it worked: it has no expect, and the flow"
              + " ends or leaves the page before a later step observes the page",
          "add expect(...) with the success condition (url, success text, element state) to this step,"
              + " or an assert right after it");
    }
  }

  /** The rules that look at one active step's own kind, at {@code path} among its {@code siblings}. */
  private final class StepRules implements StepVisitor<Void> {
    private final String path;
    private final String id;
    private final List<Step> siblings;
    private final int index;

    StepRules(String path, String id, List<Step> siblings, int index) {
      this.path = path;
      this.id = id;
      this.siblings = siblings;
      this.index = index;
    }

    @Override
    public Void visitNavigate(Step.Navigate navigate) {
      Before before = new Before(navigate.url());
      Optional<Step> previous = previousAction(siblings, index, before);
      if (previous.isPresent()) {
        Step p = previous.get();
        Prior prior = p.accept(before);
        if (prior == Prior.CAUSE) {
          add(LintCode.NAVIGATE_AFTER_CLICK, Severity.WARNING, path, id,
              "navigate right after " + p.kind().op() + " step " + p.id() + ": the " + p.kind().op()
                  + " most likely caused this navigation, and a direct navigation skips the real business event",
              "remove this navigate and add expect(urlMatches(<glob of the page it leads to>)) to step " + p.id());
        } else if (prior == Prior.SAME_URL) {
          add(LintCode.REDUNDANT_NAVIGATE, Severity.WARNING, path, id,
              "navigate to the URL that " + p.kind().op() + " step " + p.id() + " already loaded",
              "remove this navigate");
        }
      }
      return null;
    }

    @Override
    public Void visitWait(Step.Wait wait) {
      if (wait.ms().isPresent() && wait.ms().getAsInt() > options.maxFixedWaitMs()) {
        add(LintCode.FIXED_WAIT_TOO_LONG, Severity.WARNING, path + ".ms", id,
            "fixed wait of " + wait.ms().getAsInt() + " ms is longer than " + options.maxFixedWaitMs()
                + " ms; fixed waits are slow when the page is fast and flaky when it is slow",
            "wait for what the wait stands for: waitFor(urlMatches(...)), visible(target), textPresent(...)"
                + " or loaded(...)");
      }
      return null;
    }

    @Override
    public Void visitEval(Step.Eval s) {
      add(LintCode.EVAL_USED, Severity.WARNING, path, id,
          "eval runs a page script, which bypasses real user events and needs the script.eval capability",
          "express it with steps (fill, select, check, click, wait for a condition) where possible;"
              + " keep the script only if no step can do it");
      return null;
    }

    @Override
    public Void visitManual(Step.Manual s) {
      add(LintCode.MANUAL_STEP, Severity.WARNING, path, id,
          "manual step needs a person: unattended runs (schedules, tool calls) stop here",
          "automate it if possible, or run the flow only where a manual step handler answers");
      return null;
    }

    // no rule of their own
    @Override public Void visitOpen(Step.Open s) { return null; }
    @Override public Void visitBack(Step.Back s) { return null; }
    @Override public Void visitForward(Step.Forward s) { return null; }
    @Override public Void visitReload(Step.Reload s) { return null; }
    @Override public Void visitTabNew(Step.TabNew s) { return null; }
    @Override public Void visitTabSwitch(Step.TabSwitch s) { return null; }
    @Override public Void visitTabClose(Step.TabClose s) { return null; }
    @Override public Void visitFrame(Step.Frame s) { return null; }
    @Override public Void visitFrameMain(Step.FrameMain s) { return null; }
    @Override public Void visitSetViewport(Step.SetViewport s) { return null; }
    @Override public Void visitClick(Step.Click s) { return null; }
    @Override public Void visitDblclick(Step.Dblclick s) { return null; }
    @Override public Void visitContextmenu(Step.Contextmenu s) { return null; }
    @Override public Void visitHover(Step.Hover s) { return null; }
    @Override public Void visitFill(Step.Fill s) { return null; }
    @Override public Void visitType(Step.Type s) { return null; }
    @Override public Void visitPress(Step.Press s) { return null; }
    @Override public Void visitSelect(Step.Select s) { return null; }
    @Override public Void visitCheck(Step.Check s) { return null; }
    @Override public Void visitUncheck(Step.Uncheck s) { return null; }
    @Override public Void visitToggle(Step.Toggle s) { return null; }
    @Override public Void visitScroll(Step.Scroll s) { return null; }
    @Override public Void visitDrag(Step.Drag s) { return null; }
    @Override public Void visitUpload(Step.Upload s) { return null; }
    @Override public Void visitAssert(Step.Assert s) { return null; }
    @Override public Void visitRead(Step.Read s) { return null; }
    @Override public Void visitScrape(Step.Scrape s) { return null; }
    @Override public Void visitPaginate(Step.Paginate s) { return null; }
    @Override public Void visitSetVar(Step.SetVar s) { return null; }
    @Override public Void visitScreenshot(Step.Screenshot s) { return null; }
    @Override public Void visitCsvImport(Step.CsvImport s) { return null; }
    @Override public Void visitCsvExport(Step.CsvExport s) { return null; }
    @Override public Void visitForeach(Step.Foreach s) { return null; }
    @Override public Void visitRepeat(Step.Repeat s) { return null; }
    @Override public Void visitIf(Step.If s) { return null; }
    @Override public Void visitWhile(Step.While s) { return null; }
  }

  private static Optional<Step> previousAction(List<Step> siblings, int index, Before before) {
    for (int i = index - 1; i >= 0; i--) {
      Step p = siblings.get(i);
      if (!p.disabled() && p.accept(before) != Prior.FIXED_WAIT) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /** What an earlier step means to a navigate after it. */
  private enum Prior {
    /** A fixed wait: passed over when looking for the step before the navigate. */
    FIXED_WAIT,
    /** A user action that most likely caused the navigation. */
    CAUSE,
    /** An open or navigate that already loaded the navigate's URL. */
    SAME_URL,
    /** Nothing the navigate rules look at. */
    OTHER
  }

  /** Classifies the steps before a navigate to {@code url}. */
  private static final class Before implements StepVisitor<Prior> {
    private final String url;

    Before(String url) {
      this.url = url;
    }

    private Prior loaded(String prior) {
      return normalizeUrl(prior).equals(normalizeUrl(url)) ? Prior.SAME_URL : Prior.OTHER;
    }

    @Override public Prior visitWait(Step.Wait s) { return s.until().isEmpty() ? Prior.FIXED_WAIT : Prior.OTHER; }
    @Override public Prior visitClick(Step.Click s) { return Prior.CAUSE; }
    @Override public Prior visitDblclick(Step.Dblclick s) { return Prior.CAUSE; }
    @Override public Prior visitPress(Step.Press s) { return Prior.CAUSE; }
    @Override public Prior visitOpen(Step.Open s) { return loaded(s.url()); }
    @Override public Prior visitNavigate(Step.Navigate s) { return loaded(s.url()); }

    // the rest: nothing the navigate rules look at
    @Override public Prior visitBack(Step.Back s) { return Prior.OTHER; }
    @Override public Prior visitForward(Step.Forward s) { return Prior.OTHER; }
    @Override public Prior visitReload(Step.Reload s) { return Prior.OTHER; }
    @Override public Prior visitTabNew(Step.TabNew s) { return Prior.OTHER; }
    @Override public Prior visitTabSwitch(Step.TabSwitch s) { return Prior.OTHER; }
    @Override public Prior visitTabClose(Step.TabClose s) { return Prior.OTHER; }
    @Override public Prior visitFrame(Step.Frame s) { return Prior.OTHER; }
    @Override public Prior visitFrameMain(Step.FrameMain s) { return Prior.OTHER; }
    @Override public Prior visitSetViewport(Step.SetViewport s) { return Prior.OTHER; }
    @Override public Prior visitContextmenu(Step.Contextmenu s) { return Prior.OTHER; }
    @Override public Prior visitHover(Step.Hover s) { return Prior.OTHER; }
    @Override public Prior visitFill(Step.Fill s) { return Prior.OTHER; }
    @Override public Prior visitType(Step.Type s) { return Prior.OTHER; }
    @Override public Prior visitSelect(Step.Select s) { return Prior.OTHER; }
    @Override public Prior visitCheck(Step.Check s) { return Prior.OTHER; }
    @Override public Prior visitUncheck(Step.Uncheck s) { return Prior.OTHER; }
    @Override public Prior visitToggle(Step.Toggle s) { return Prior.OTHER; }
    @Override public Prior visitScroll(Step.Scroll s) { return Prior.OTHER; }
    @Override public Prior visitDrag(Step.Drag s) { return Prior.OTHER; }
    @Override public Prior visitUpload(Step.Upload s) { return Prior.OTHER; }
    @Override public Prior visitAssert(Step.Assert s) { return Prior.OTHER; }
    @Override public Prior visitRead(Step.Read s) { return Prior.OTHER; }
    @Override public Prior visitScrape(Step.Scrape s) { return Prior.OTHER; }
    @Override public Prior visitPaginate(Step.Paginate s) { return Prior.OTHER; }
    @Override public Prior visitSetVar(Step.SetVar s) { return Prior.OTHER; }
    @Override public Prior visitEval(Step.Eval s) { return Prior.OTHER; }
    @Override public Prior visitScreenshot(Step.Screenshot s) { return Prior.OTHER; }
    @Override public Prior visitCsvImport(Step.CsvImport s) { return Prior.OTHER; }
    @Override public Prior visitCsvExport(Step.CsvExport s) { return Prior.OTHER; }
    @Override public Prior visitForeach(Step.Foreach s) { return Prior.OTHER; }
    @Override public Prior visitRepeat(Step.Repeat s) { return Prior.OTHER; }
    @Override public Prior visitIf(Step.If s) { return Prior.OTHER; }
    @Override public Prior visitWhile(Step.While s) { return Prior.OTHER; }
    @Override public Prior visitManual(Step.Manual s) { return Prior.OTHER; }
  }

  private static String normalizeUrl(String url) {
    return url.trim().replaceAll("/+$", "");
  }

  private void fields(Step s, String path, boolean after, boolean active) {
    s.accept(new FieldScan(path, s.id(), after, active));
  }

  /**
   * The op-specific fields of one step at {@code path}: values scanned, targets, frames and
   * conditions checked, nested bodies walked ({@code after} is whether the steps after this one
   * observe the page, as {@code steps} passes it on).
   */
  private final class FieldScan implements StepVisitor<Void> {
    private final String path;
    private final String id;
    private final boolean after;
    private final boolean active;

    FieldScan(String path, String id, boolean after, boolean active) {
      this.path = path;
      this.id = id;
      this.after = after;
      this.active = active;
    }

    @Override
    public Void visitOpen(Step.Open s) {
      scan(path + ".url", id, s.url(), true, "the url", null);
      return null;
    }

    @Override
    public Void visitNavigate(Step.Navigate s) {
      scan(path + ".url", id, s.url(), true, "the url", null);
      return null;
    }

    @Override
    public Void visitTabNew(Step.TabNew s) {
      s.url().ifPresent(u -> scan(path + ".url", id, u, true, "the url", null));
      return null;
    }

    @Override
    public Void visitFrame(Step.Frame s) {
      String locator = s.locator();
      if (active) {
        frameLocator(locator, path + ".locator", id);
      }
      scan(path + ".locator", id, locator, false, "the frame locator", null, false);
      return null;
    }

    @Override
    public Void visitClick(Step.Click s) {
      target(s.target(), path + ".target", id, active, true);
      return null;
    }

    @Override
    public Void visitDblclick(Step.Dblclick s) {
      target(s.target(), path + ".target", id, active, true);
      return null;
    }

    @Override
    public Void visitContextmenu(Step.Contextmenu s) {
      target(s.target(), path + ".target", id, active, true);
      return null;
    }

    @Override
    public Void visitHover(Step.Hover s) {
      target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitCheck(Step.Check s) {
      target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitUncheck(Step.Uncheck s) {
      target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitToggle(Step.Toggle s) {
      target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitFill(Step.Fill fill) {
      target(fill.target(), path + ".target", id, active, false);
      typedValue(fill, Optional.of(fill.target()), fill.value(), path + ".value", active);
      return null;
    }

    @Override
    public Void visitType(Step.Type type) {
      type.target().ifPresent(t -> target(t, path + ".target", id, active, false));
      typedValue(type, type.target(), type.text(), path + ".text", active);
      return null;
    }

    @Override
    public Void visitPress(Step.Press s) {
      s.target().ifPresent(t -> target(t, path + ".target", id, active, false));
      return null;
    }

    @Override
    public Void visitSelect(Step.Select select) {
      target(select.target(), path + ".target", id, active, false);
      select.value().ifPresent(v -> scan(path + ".value", id, v, true, "the selected value", null));
      select.label().ifPresent(v -> scan(path + ".label", id, v, true, "the selected label", null));
      return null;
    }

    @Override
    public Void visitScroll(Step.Scroll s) {
      s.target().ifPresent(t -> target(t, path + ".target", id, active, false));
      return null;
    }

    @Override
    public Void visitDrag(Step.Drag drag) {
      target(drag.source(), path + ".from", id, active, false);
      target(drag.destination(), path + ".to", id, active, false);
      return null;
    }

    @Override
    public Void visitUpload(Step.Upload upload) {
      target(upload.target(), path + ".target", id, active, false);
      for (int k = 0; k < upload.files().size(); k++) {
        scan(path + ".files[" + k + "]", id, upload.files().get(k), true, "the upload path", null);
      }
      return null;
    }

    @Override
    public Void visitWait(Step.Wait s) {
      s.until().ifPresent(c -> condition(c, path + ".until", id, active));
      return null;
    }

    @Override
    public Void visitAssert(Step.Assert s) {
      condition(s.condition(), path + ".condition", id, active);
      return null;
    }

    @Override
    public Void visitRead(Step.Read s) {
      target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitScrape(Step.Scrape s) {
      target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitPaginate(Step.Paginate paginate) {
      target(paginate.target(), path + ".target", id, active, false);
      steps(paginate.body(), path + ".body", true, active);
      return null;
    }

    @Override
    public Void visitSetVar(Step.SetVar setVar) {
      String secret = SensitiveValueScanner.namesSecret(setVar.name()) && SensitiveValueScanner.hasLiteral(setVar.value())
          ? "a literal value of the secret-named variable " + setVar.name() : null;
      scan(path + ".value", id, setVar.value(), true, "the variable value", secret);
      return null;
    }

    @Override
    public Void visitEval(Step.Eval s) {
      scan(path + ".script", id, s.script(), false, "the script", null);
      return null;
    }

    @Override
    public Void visitScreenshot(Step.Screenshot s) {
      s.target().ifPresent(t -> target(t, path + ".target", id, active, false));
      return null;
    }

    @Override
    public Void visitCsvImport(Step.CsvImport s) {
      scan(path + ".path", id, s.path(), true, "the csv path", null);
      return null;
    }

    @Override
    public Void visitCsvExport(Step.CsvExport s) {
      scan(path + ".path", id, s.path(), true, "the csv path", null);
      return null;
    }

    @Override
    public Void visitForeach(Step.Foreach foreach) {
      if (foreach.source().kind() == ForeachSource.Kind.LITERAL) {
        for (int k = 0; k < foreach.source().values().size(); k++) {
          scan(path + ".items[" + k + "]", id, foreach.source().values().get(k), true, "the loop item", null);
        }
      }
      steps(foreach.body(), path + ".body", after, active);
      return null;
    }

    @Override
    public Void visitRepeat(Step.Repeat s) {
      steps(s.body(), path + ".body", after, active);
      return null;
    }

    @Override
    public Void visitIf(Step.If f) {
      condition(f.condition(), path + ".condition", id, active);
      steps(f.then(), path + ".then", after, active);
      steps(f.otherwise(), path + ".else", after, active);
      return null;
    }

    @Override
    public Void visitWhile(Step.While w) {
      condition(w.condition(), path + ".condition", id, active);
      steps(w.body(), path + ".body", after, active);
      return null;
    }

    @Override
    public Void visitManual(Step.Manual s) {
      scan(path + ".instructions", id, s.instructions(), false, "the instructions", null);
      return null;
    }

    // nothing to scan beyond the common fields
    @Override public Void visitBack(Step.Back s) { return null; }
    @Override public Void visitForward(Step.Forward s) { return null; }
    @Override public Void visitReload(Step.Reload s) { return null; }
    @Override public Void visitTabSwitch(Step.TabSwitch s) { return null; }
    @Override public Void visitTabClose(Step.TabClose s) { return null; }
    @Override public Void visitFrameMain(Step.FrameMain s) { return null; }
    @Override public Void visitSetViewport(Step.SetViewport s) { return null; }
  }

  /** Fill and type values: empty values, literals in secret fields, secrets not from secret credentials. */
  private void typedValue(Step s, Optional<Target> target, String value, String path, boolean active) {
    String id = s.id();
    if (active && value.isEmpty()) {
      add(LintCode.EMPTY_INPUT_VALUE, Severity.WARNING, path, id,
          s.kind().op() + " with an empty value",
          "remove the step unless clearing the field is intended, or bind the value to an input");
    }
    boolean secretField = target.map(LintRun::namesSecretField).orElse(false);
    String secretLabel = null;
    if (secretField && SensitiveValueScanner.hasLiteral(value)) {
      secretLabel = "a literal value in a password, one-time code, card or token field";
    } else if (secretField && active && !value.isEmpty()) {
      secretSource(value).ifPresent(problem -> add(LintCode.SECRET_NOT_CREDENTIAL, Severity.WARNING, path, id,
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
        Optional<Credential> credential = flow.credential(key);
        if (credential.isPresent() && !credential.get().secret()) {
          return Optional.of("credential " + key + ", which is not secret");
        }
      } else if (!ref.contains(".") && flow.input(ref).isEmpty()
          && flow.credential(ref).map(Credential::secret).orElse(false)) {
        continue; // a bare ${KEY} naming a secret credential
      } else {
        return Optional.of("${" + ref + "}, which is not a secret credential");
      }
    }
    return Optional.empty();
  }

  // ------------------------------------------------------------------ targets, frames, conditions

  private void target(Target t, String path, String stepId, boolean active, boolean clicked) {
    List<Candidate> candidates = t.candidates();
    if (active) {
      selectorRule(candidates, path, stepId);
      if (clicked) {
        for (int k = 0; k < candidates.size(); k++) {
          if (SelectorStability.addressesOverlay(candidates.get(k))) {
            add(LintCode.OVERLAY_CLICK, Severity.WARNING, path + ".candidates[" + k + "]", stepId,
                "the click targets what looks like a loading mask, overlay or backdrop",
                "drop the step if it only dismissed a loading mask (wait for the mask to be hidden instead);"
                    + " otherwise target the real control");
            break;
          }
        }
      }
      for (int k = 0; k < t.framePath().size(); k++) {
        frameLocator(t.framePath().get(k), path + ".framePath[" + k + "]", stepId);
      }
      for (int k = 0; k < t.shadowPath().size(); k++) {
        List<String> reasons = SelectorStability.cssReasons(SelectorStability.neutralize(t.shadowPath().get(k)),
            options.maxCssCombinators());
        if (!reasons.isEmpty()) {
          add(LintCode.UNSTABLE_SELECTOR, Severity.WARNING, path + ".shadowPath[" + k + "]", stepId,
              "the shadow host selector " + String.join(", ", reasons),
              "address the shadow host by a stable id, data-testid or element name");
        }
      }
    }
    for (int k = 0; k < candidates.size(); k++) {
      Candidate c = candidates.get(k);
      String text = c.value() + c.name().map(n -> " " + n).orElse("");
      boolean volatileToo = c.kind() == Candidate.Kind.TEXT || c.name().isPresent();
      scanSelector(path + ".candidates[" + k + "]", stepId, text, volatileToo);
    }
    for (int k = 0; k < t.framePath().size(); k++) {
      scan(path + ".framePath[" + k + "]", stepId, t.framePath().get(k), false, "the frame locator", null, false);
    }
  }

  /**
   * A fragile candidate matters only when it is tried before every candidate that is not fragile:
   * a stable candidate tried first shields it (the fragile one then runs only as a fallback).
   */
  private void selectorRule(List<Candidate> candidates, String path, String stepId) {
    for (int k = 0; k < candidates.size(); k++) {
      List<String> reasons = SelectorStability.fragileReasons(candidates.get(k), options.maxCssCombinators());
      if (reasons.isEmpty()) {
        return;
      }
      int solid = -1;
      for (int j = k + 1; j < candidates.size() && solid < 0; j++) {
        if (SelectorStability.fragileReasons(candidates.get(j), options.maxCssCombinators()).isEmpty()) {
          solid = j;
        }
      }
      Candidate c = candidates.get(k);
      String shown = SensitiveValueScanner.scan(c.value(), false).isEmpty() ? " (" + c.describe() + ")" : "";
      String what = "candidate " + k + shown + " " + String.join(", ", reasons);
      if (solid >= 0) {
        add(LintCode.UNSTABLE_SELECTOR, Severity.WARNING, path + ".candidates[" + k + "]", stepId,
            what + ", and it is tried before the stable candidate " + solid,
            "move candidates[" + solid + "] first so the fragile locator is only a fallback");
      } else {
        add(LintCode.UNSTABLE_SELECTOR, Severity.WARNING, path + ".candidates[" + k + "]", stepId,
            what + ", and no stable candidate backs it up",
            "add a testId, role+name, label or placeholder candidate before it"
                + " (or a short css on a stable id or attribute)");
      }
      return;
    }
  }

  private void frameLocator(String locator, String path, String stepId) {
    for (FrameLocators.Finding f : FrameLocators.check(locator, options.maxCssCombinators())) {
      String reasons = String.join(", ", f.reasons());
      out.add(switch (f.issue()) {
        case RUNTIME_ID_ONLY -> LintWarning.of(f.code(), Severity.ERROR, path, stepId,
            "the frame locator is a runtime frame id or snapshot ref, valid only while recording; it cannot be replayed",
            "locate the frame by its owner element (e.g. [role=\"dialog\"] iframe), by url:<glob> or by name:<name>");
        case URL_DYNAMIC -> LintWarning.of(f.code(), Severity.WARNING, path, stepId,
            "the frame URL holds " + reasons + ", so the frame of the next record will not match",
            "enter the frame by its owner element (e.g. [role=\"dialog\"] iframe or iframe[title=...]),"
                + " or replace the changing parts with *");
        case SELECTOR_UNSTABLE -> LintWarning.of(f.code(), Severity.WARNING, path, stepId,
            "the frame locator is fragile: " + reasons,
            "prefer the dialog or container plus iframe ([role=\"dialog\"] iframe) or a stable iframe attribute"
                + " (name, title, data-testid)");
      });
    }
  }

  private void condition(Condition c, String path, String stepId, boolean active) {
    c.accept(new ConditionScan(path, stepId, active));
  }

  /** The values, targets and rules of one condition at {@code path}, in step {@code stepId}. */
  private final class ConditionScan implements ConditionVisitor<Void> {
    private final String path;
    private final String stepId;
    private final boolean active;

    ConditionScan(String path, String stepId, boolean active) {
      this.path = path;
      this.stepId = stepId;
      this.active = active;
    }

    @Override
    public Void visitUrl(Condition.Url url) {
      scan(path + ".url", stepId, url.glob(), true, "the url glob", null);
      return null;
    }

    @Override
    public Void visitTitle(Condition.Title title) {
      scan(path + ".title", stepId, title.glob(), true, "the title glob", null);
      return null;
    }

    @Override
    public Void visitElement(Condition.Element element) {
      target(element.target(), path + ".element", stepId, active, false);
      return null;
    }

    @Override
    public Void visitCount(Condition.Count count) {
      target(count.target(), path + ".element", stepId, active, false);
      return null;
    }

    @Override
    public Void visitText(Condition.Text text) {
      text.target().ifPresent(t -> target(t, path + ".element", stepId, active, false));
      scan(path + ".text", stepId, text.text(), true, "the expected text", null);
      return null;
    }

    @Override
    public Void visitValue(Condition.Value value) {
      target(value.target(), path + ".element", stepId, active, false);
      scan(path + ".value", stepId, value.value(), true, "the expected value", null);
      return null;
    }

    @Override
    public Void visitAttribute(Condition.Attribute attribute) {
      target(attribute.target(), path + ".element", stepId, active, false);
      attribute.value().ifPresent(v -> scan(path + ".value", stepId, v, true, "the expected attribute value", null));
      return null;
    }

    @Override
    public Void visitVar(Condition.Var var) {
      String field = var.op() == Condition.VarOp.EQUALS ? ".equals" : ".contains";
      var.operand().ifPresent(o -> scan(path + field, stepId, o, true, "the expected value", null));
      return null;
    }

    @Override
    public Void visitDownload(Condition.Download download) {
      scan(path + ".download", stepId, download.fileGlob(), true, "the download glob", null);
      return null;
    }

    @Override
    public Void visitExpression(Condition.Expression expression) {
      if (active) {
        add(LintCode.EVAL_USED, Severity.WARNING, path, stepId,
            "the expression condition runs a page script and needs the script.eval capability",
            "use a url, element, text, value or attribute condition instead");
      }
      scan(path + ".expression", stepId, expression.script(), false, "the script", null);
      return null;
    }

    @Override
    public Void visitNot(Condition.Not not) {
      condition(not.condition(), path + ".not", stepId, active);
      return null;
    }

    @Override
    public Void visitLoad(Condition.Load load) {
      return null; // a load state holds no value to scan
    }
  }

  // ------------------------------------------------------------------ value scanning

  private static final String SECRET_ADVICE =
      "remove the literal: declare a credential with secret=true and use ${credential.<KEY>}";
  private static final String PERSONAL_ADVICE =
      "replace it with an input placeholder ${<KEY>}, or with test data on a reserved domain such as example.com";

  private void scanSelector(String path, String stepId, String text, boolean volatileToo) {
    scan(path, stepId, text, volatileToo, "the locator", null, false);
  }

  private void scan(String path, String stepId, String text, boolean volatileToo, String what, String secretLabel) {
    scan(path, stepId, text, volatileToo, what, secretLabel, true);
  }

  /**
   * At most one SENSITIVE_VALUE and one VOLATILE_VALUE per field. {@code secretLabel}, when not
   * null, is a secret known from context (the field, input or variable is secret-named).
   */
  private void scan(String path, String stepId, String text, boolean volatileToo, String what, String secretLabel,
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
      add(LintCode.SENSITIVE_VALUE, secret ? Severity.ERROR : personalSeverity(), path, stepId,
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
        add(LintCode.VOLATILE_VALUE, options.volatileValuesBlock() ? Severity.ERROR : Severity.WARNING, path, stepId,
            what + " holds " + String.join(" and ", labels) + ", which changes between runs",
            "replace it with an input placeholder ${<KEY>}, a * in globs, or a value read during the run");
      }
    }
  }

  private Severity personalSeverity() {
    return options.personalDataBlocks() ? Severity.ERROR : Severity.WARNING;
  }

  private void add(LintCode code, Severity severity, String path, String stepId, String message, String suggestion) {
    out.add(LintWarning.of(code, severity, path, stepId, message, suggestion));
  }
}
