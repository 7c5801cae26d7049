package io.browserflow.api.validate;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
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
    switch (s.kind()) {
      case NAVIGATE: {
        Step.Navigate navigate = (Step.Navigate) s;
        Optional<Step> previous = previousAction(siblings, index);
        if (previous.isPresent()) {
          Step p = previous.get();
          if (p.kind() == Step.Kind.CLICK || p.kind() == Step.Kind.DBLCLICK || p.kind() == Step.Kind.PRESS) {
            add(LintCode.NAVIGATE_AFTER_CLICK, Severity.WARNING, path, id,
                "navigate right after " + p.kind().op() + " step " + p.id() + ": the " + p.kind().op()
                    + " most likely caused this navigation, and a direct navigation skips the real business event",
                "remove this navigate and add expect(urlMatches(<glob of the page it leads to>)) to step " + p.id());
          } else if (sameUrl(p, navigate.url())) {
            add(LintCode.REDUNDANT_NAVIGATE, Severity.WARNING, path, id,
                "navigate to the URL that " + p.kind().op() + " step " + p.id() + " already loaded",
                "remove this navigate");
          }
        }
        break;
      }
      case WAIT: {
        Step.Wait wait = (Step.Wait) s;
        if (wait.ms().isPresent() && wait.ms().getAsInt() > options.maxFixedWaitMs()) {
          add(LintCode.FIXED_WAIT_TOO_LONG, Severity.WARNING, path + ".ms", id,
              "fixed wait of " + wait.ms().getAsInt() + " ms is longer than " + options.maxFixedWaitMs()
                  + " ms; fixed waits are slow when the page is fast and flaky when it is slow",
              "wait for what the wait stands for: waitFor(urlMatches(...)), visible(target), textPresent(...)"
                  + " or loaded(...)");
        }
        break;
      }
      case EVAL:
        add(LintCode.EVAL_USED, Severity.WARNING, path, id,
            "eval runs a page script, which bypasses real user events and needs the script.eval capability",
            "express it with steps (fill, select, check, click, wait for a condition) where possible;"
                + " keep the script only if no step can do it");
        break;
      case MANUAL:
        add(LintCode.MANUAL_STEP, Severity.WARNING, path, id,
            "manual step needs a person: unattended runs (schedules, tool calls) stop here",
            "automate it if possible, or run the flow only where a manual step handler answers");
        break;
      default:
        break;
    }
    if (WriteVerification.isWrite(s) && !WriteVerification.hasPageCheck(s) && !after) {
      add(LintCode.SUCCESS_CHECK_MISSING, Severity.WARNING, path, id,
          s.kind().op() + " changes the page but nothing checks that it worked: it has no expect, and the flow"
              + " ends or leaves the page before a later step observes the page",
          "add expect(...) with the success condition (url, success text, element state) to this step,"
              + " or an assert right after it");
    }
  }

  private static Optional<Step> previousAction(List<Step> siblings, int index) {
    for (int i = index - 1; i >= 0; i--) {
      Step p = siblings.get(i);
      boolean fixedWait = p instanceof Step.Wait && ((Step.Wait) p).until().isEmpty();
      if (!p.disabled() && !fixedWait) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  private static boolean sameUrl(Step previous, String url) {
    String prior = previous instanceof Step.Open ? ((Step.Open) previous).url()
        : previous instanceof Step.Navigate ? ((Step.Navigate) previous).url() : null;
    return prior != null && normalizeUrl(prior).equals(normalizeUrl(url));
  }

  private static String normalizeUrl(String url) {
    return url.trim().replaceAll("/+$", "");
  }

  private void fields(Step s, String path, boolean after, boolean active) {
    String id = s.id();
    switch (s.kind()) {
      case OPEN:
        scan(path + ".url", id, ((Step.Open) s).url(), true, "the url", null);
        break;
      case NAVIGATE:
        scan(path + ".url", id, ((Step.Navigate) s).url(), true, "the url", null);
        break;
      case TAB_NEW:
        ((Step.TabNew) s).url().ifPresent(u -> scan(path + ".url", id, u, true, "the url", null));
        break;
      case FRAME: {
        String locator = ((Step.Frame) s).locator();
        if (active) {
          frameLocator(locator, path + ".locator", id);
        }
        scan(path + ".locator", id, locator, false, "the frame locator", null, false);
        break;
      }
      case CLICK:
        target(((Step.Click) s).target(), path + ".target", id, active, true);
        break;
      case DBLCLICK:
        target(((Step.Dblclick) s).target(), path + ".target", id, active, true);
        break;
      case CONTEXTMENU:
        target(((Step.Contextmenu) s).target(), path + ".target", id, active, true);
        break;
      case HOVER:
        target(((Step.Hover) s).target(), path + ".target", id, active, false);
        break;
      case CHECK:
        target(((Step.Check) s).target(), path + ".target", id, active, false);
        break;
      case UNCHECK:
        target(((Step.Uncheck) s).target(), path + ".target", id, active, false);
        break;
      case TOGGLE:
        target(((Step.Toggle) s).target(), path + ".target", id, active, false);
        break;
      case FILL: {
        Step.Fill fill = (Step.Fill) s;
        target(fill.target(), path + ".target", id, active, false);
        typedValue(s, Optional.of(fill.target()), fill.value(), path + ".value", active);
        break;
      }
      case TYPE: {
        Step.Type type = (Step.Type) s;
        type.target().ifPresent(t -> target(t, path + ".target", id, active, false));
        typedValue(s, type.target(), type.text(), path + ".text", active);
        break;
      }
      case PRESS:
        ((Step.Press) s).target().ifPresent(t -> target(t, path + ".target", id, active, false));
        break;
      case SELECT: {
        Step.Select select = (Step.Select) s;
        target(select.target(), path + ".target", id, active, false);
        select.value().ifPresent(v -> scan(path + ".value", id, v, true, "the selected value", null));
        select.label().ifPresent(v -> scan(path + ".label", id, v, true, "the selected label", null));
        break;
      }
      case SCROLL:
        ((Step.Scroll) s).target().ifPresent(t -> target(t, path + ".target", id, active, false));
        break;
      case DRAG: {
        Step.Drag drag = (Step.Drag) s;
        target(drag.source(), path + ".from", id, active, false);
        target(drag.destination(), path + ".to", id, active, false);
        break;
      }
      case UPLOAD: {
        Step.Upload upload = (Step.Upload) s;
        target(upload.target(), path + ".target", id, active, false);
        for (int k = 0; k < upload.files().size(); k++) {
          scan(path + ".files[" + k + "]", id, upload.files().get(k), true, "the upload path", null);
        }
        break;
      }
      case WAIT:
        ((Step.Wait) s).until().ifPresent(c -> condition(c, path + ".until", id, active));
        break;
      case ASSERT:
        condition(((Step.Assert) s).condition(), path + ".condition", id, active);
        break;
      case READ:
        target(((Step.Read) s).target(), path + ".target", id, active, false);
        break;
      case SCRAPE:
        target(((Step.Scrape) s).target(), path + ".target", id, active, false);
        break;
      case PAGINATE: {
        Step.Paginate paginate = (Step.Paginate) s;
        target(paginate.target(), path + ".target", id, active, false);
        steps(paginate.body(), path + ".body", true, active);
        break;
      }
      case SET_VAR: {
        Step.SetVar setVar = (Step.SetVar) s;
        String secret = SensitiveValueScanner.namesSecret(setVar.name()) && SensitiveValueScanner.hasLiteral(setVar.value())
            ? "a literal value of the secret-named variable " + setVar.name() : null;
        scan(path + ".value", id, setVar.value(), true, "the variable value", secret);
        break;
      }
      case EVAL:
        scan(path + ".script", id, ((Step.Eval) s).script(), false, "the script", null);
        break;
      case SCREENSHOT:
        ((Step.Screenshot) s).target().ifPresent(t -> target(t, path + ".target", id, active, false));
        break;
      case CSV_IMPORT:
        scan(path + ".path", id, ((Step.CsvImport) s).path(), true, "the csv path", null);
        break;
      case CSV_EXPORT:
        scan(path + ".path", id, ((Step.CsvExport) s).path(), true, "the csv path", null);
        break;
      case FOREACH: {
        Step.Foreach foreach = (Step.Foreach) s;
        if (foreach.source().kind() == ForeachSource.Kind.LITERAL) {
          for (int k = 0; k < foreach.source().values().size(); k++) {
            scan(path + ".items[" + k + "]", id, foreach.source().values().get(k), true, "the loop item", null);
          }
        }
        steps(foreach.body(), path + ".body", after, active);
        break;
      }
      case REPEAT:
        steps(((Step.Repeat) s).body(), path + ".body", after, active);
        break;
      case IF: {
        Step.If f = (Step.If) s;
        condition(f.condition(), path + ".condition", id, active);
        steps(f.then(), path + ".then", after, active);
        steps(f.otherwise(), path + ".else", after, active);
        break;
      }
      case WHILE: {
        Step.While w = (Step.While) s;
        condition(w.condition(), path + ".condition", id, active);
        steps(w.body(), path + ".body", after, active);
        break;
      }
      case MANUAL:
        scan(path + ".instructions", id, ((Step.Manual) s).instructions(), false, "the instructions", null);
        break;
      default:
        break;
    }
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
      switch (f.code()) {
        case FRAME_RUNTIME_ID_ONLY:
          add(f.code(), Severity.ERROR, path, stepId,
              "the frame locator is a runtime frame id or snapshot ref, valid only while recording; it cannot be replayed",
              "locate the frame by its owner element (e.g. [role=\"dialog\"] iframe), by url:<glob> or by name:<name>");
          break;
        case FRAME_URL_DYNAMIC:
          add(f.code(), Severity.WARNING, path, stepId,
              "the frame URL holds " + reasons + ", so the frame of the next record will not match",
              "enter the frame by its owner element (e.g. [role=\"dialog\"] iframe or iframe[title=...]),"
                  + " or replace the changing parts with *");
          break;
        default:
          add(f.code(), Severity.WARNING, path, stepId,
              "the frame locator is fragile: " + reasons,
              "prefer the dialog or container plus iframe ([role=\"dialog\"] iframe) or a stable iframe attribute"
                  + " (name, title, data-testid)");
          break;
      }
    }
  }

  private void condition(Condition c, String path, String stepId, boolean active) {
    if (c instanceof Condition.Url) {
      scan(path + ".url", stepId, ((Condition.Url) c).glob(), true, "the url glob", null);
    } else if (c instanceof Condition.Title) {
      scan(path + ".title", stepId, ((Condition.Title) c).glob(), true, "the title glob", null);
    } else if (c instanceof Condition.Element) {
      target(((Condition.Element) c).target(), path + ".element", stepId, active, false);
    } else if (c instanceof Condition.Count) {
      target(((Condition.Count) c).target(), path + ".element", stepId, active, false);
    } else if (c instanceof Condition.Text) {
      Condition.Text text = (Condition.Text) c;
      text.target().ifPresent(t -> target(t, path + ".element", stepId, active, false));
      scan(path + ".text", stepId, text.text(), true, "the expected text", null);
    } else if (c instanceof Condition.Value) {
      Condition.Value value = (Condition.Value) c;
      target(value.target(), path + ".element", stepId, active, false);
      scan(path + ".value", stepId, value.value(), true, "the expected value", null);
    } else if (c instanceof Condition.Attribute) {
      Condition.Attribute attribute = (Condition.Attribute) c;
      target(attribute.target(), path + ".element", stepId, active, false);
      attribute.value().ifPresent(v -> scan(path + ".value", stepId, v, true, "the expected attribute value", null));
    } else if (c instanceof Condition.Var) {
      Condition.Var var = (Condition.Var) c;
      String field = var.op() == Condition.VarOp.EQUALS ? ".equals" : ".contains";
      var.operand().ifPresent(o -> scan(path + field, stepId, o, true, "the expected value", null));
    } else if (c instanceof Condition.Download) {
      scan(path + ".download", stepId, ((Condition.Download) c).fileGlob(), true, "the download glob", null);
    } else if (c instanceof Condition.Expression) {
      if (active) {
        add(LintCode.EVAL_USED, Severity.WARNING, path, stepId,
            "the expression condition runs a page script and needs the script.eval capability",
            "use a url, element, text, value or attribute condition instead");
      }
      scan(path + ".expression", stepId, ((Condition.Expression) c).script(), false, "the script", null);
    } else if (c instanceof Condition.Not) {
      condition(((Condition.Not) c).condition(), path + ".not", stepId, active);
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
