package io.browserflow.api.validate;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import io.browserflow.api.Retry;
import io.browserflow.api.Schedule;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.BindingScope.Loop;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One validation pass over one flow; collects problems in document order (the JSON writer's key
 * order), walking every step once.
 *
 * <p>Scoping is tracked while walking: inputs and credentials are known up front, {@code vars} and
 * step outputs become visible after the step that makes them ({@link BindingScope}), loop variables
 * come from the innermost enclosing loop, and tab aliases are bound by earlier tabNew / click
 * newTab steps in document order.
 */
final class ValidationRun {
  private static final Pattern STEP_ID = Pattern.compile("[\\p{L}\\p{N}_.-]+");
  /** Keys and names used inside placeholders: no blanks and nothing that breaks ${...}. */
  private static final Pattern KEY = Pattern.compile("[^\\s${}]+");
  private static final Pattern ORIGIN = Pattern.compile(
      "[A-Za-z][A-Za-z0-9+.-]*://(?:\\[[0-9A-Fa-f:.]+\\]|[^/?#\\s:@\\[\\]]+)(?::([0-9]{1,5}))?");
  private static final Pattern CRON_FIELD = Pattern.compile("[0-9A-Za-z*,/?#-]+");
  private static final Pattern BLANKS = Pattern.compile("\\s+");
  /** Prefixes that look like a frame locator prefix: the valid ones and common mistakes. */
  private static final Pattern FRAME_PREFIX = Pattern.compile(
      "(?i)(selector|url|name|css|xpath|src|id|index|title|frameurl|framename|frameid|frameindex)\\s*:");
  private static final Set<String> FRAME_PREFIXES = Set.of("selector", "url", "name");
  private static final String MAIN_TAB = "main";

  private final Flow flow;
  private final FlowLimits limits;
  private final List<Problem> problems = new ArrayList<>();
  private final Set<String> declaredTabs = new HashSet<>();
  private final Set<String> boundTabs = new HashSet<>();
  private final Set<String> countedTabs = new HashSet<>();
  private final Map<String, String> stepIdPaths = new HashMap<>();
  private final BindingScope scope = new BindingScope();
  private final boolean scriptEval;
  private final boolean fileUpload;
  private boolean tabLimitReported;
  private int stepCount;

  ValidationRun(Flow flow, FlowLimits limits) {
    this.flow = flow;
    this.limits = limits;
    Set<Capability> caps = flow.policy().map(Policy::capabilities).orElse(Set.of());
    this.scriptEval = caps.contains(Capability.SCRIPT_EVAL);
    this.fileUpload = caps.contains(Capability.FILE_UPLOAD);
  }

  List<Problem> run() {
    header();
    inputs();
    credentials();
    tabs();
    flow.table().ifPresent(this::table);
    flow.policy().ifPresent(this::policy);
    flow.schedule().ifPresent(this::schedule);
    int stepsAt = problems.size();
    steps(flow.steps(), "steps", 0);
    if (stepCount > limits.maxSteps()) {
      problems.add(stepsAt, Problem.limit(ErrorCode.LIMIT_EXCEEDED, "steps",
          "the flow has " + stepCount + " steps (nested bodies and fallbacks included), more than the limit of "
              + limits.maxSteps() + ": split it into several flows", stepCount, limits.maxSteps()));
    }
    definitionSize();
    return problems;
  }

  // ---------------------------------------------------------------- reporting

  private void invalid(String path, String message) {
    problems.add(Problem.of(ErrorCode.INVALID_FLOW, path, message));
  }

  private void unresolved(String path, String message) {
    problems.add(Problem.of(ErrorCode.BINDING_UNRESOLVED, path, message));
  }

  private void overLimit(String path, String message, Object actual, Object allowed) {
    problems.add(Problem.limit(ErrorCode.LIMIT_EXCEEDED, path, message, actual, allowed));
  }

  private void outOfRange(String path, String message, Object actual, Object allowed) {
    problems.add(Problem.limit(ErrorCode.VALUE_OUT_OF_RANGE, path, message, actual, allowed));
  }

  /** A count that must lie in 1..max: below is out of range, above is over the limit. */
  private void atLeastOne(String path, String what, int actual, int max, String belowHint) {
    if (actual < 1) {
      outOfRange(path, what + " is " + actual + ", less than 1: " + belowHint, actual, "1.." + max);
    } else if (actual > max) {
      overLimit(path, what + " is " + actual + ", more than the limit of " + max, actual, max);
    }
  }

  // ---------------------------------------------------------------- flow-level declarations

  private void header() {
    if (!Flow.SCHEMA.equals(flow.schema())) {
      invalid("schema", "schema is \"" + flow.schema() + "\" but this version validates \"" + Flow.SCHEMA
          + "\" only: read older documents with FlowJson, which migrates them");
    }
    if (flow.id().isBlank()) {
      invalid("id", "the flow id is blank: give a stable id (letters, digits, dashes)");
    }
    if (flow.name().isBlank()) {
      invalid("name", "the flow name is blank: give the flow a name");
    } else if (flow.name().length() > limits.maxNameChars()) {
      overLimit("name", "the flow name has " + flow.name().length() + " characters, more than the limit of "
          + limits.maxNameChars() + ": shorten it and put details in the description",
          flow.name().length(), limits.maxNameChars());
    }
    flow.description().ifPresent(d -> {
      if (d.length() > limits.maxDescriptionChars()) {
        overLimit("description", "the description has " + d.length() + " characters, more than the limit of "
            + limits.maxDescriptionChars(), d.length(), limits.maxDescriptionChars());
      }
    });
  }

  /** Checks a key or name used inside placeholders, e.g. "the input key" or "the variable name". */
  private boolean key(String key, String path, String what) {
    if (key.isBlank()) {
      invalid(path, what + " is blank: give one such as USER");
      return false;
    }
    if (!KEY.matcher(key).matches()) {
      invalid(path, what + " \"" + key + "\" contains whitespace, $, { or }, so no placeholder can name it: "
          + "use letters, digits, _ and -");
      return false;
    }
    return true;
  }

  private void inputs() {
    Map<String, Integer> seen = new HashMap<>();
    List<Input> inputs = flow.inputs();
    for (int i = 0; i < inputs.size(); i++) {
      Input in = inputs.get(i);
      String p = "inputs[" + i + "]";
      if (key(in.key(), p + ".key", "the input key")) {
        Integer first = seen.putIfAbsent(in.key(), i);
        if (first != null) {
          problems.add(Problem.of(ErrorCode.DUPLICATE_ID, p + ".key", "input " + in.key()
              + " is declared twice (first at inputs[" + first + "]): remove or rename one"));
        }
        scope.declareInput(in.key());
      }
      Pattern pattern = null;
      String patternError = null;
      if (in.pattern().isPresent()) {
        try {
          pattern = Pattern.compile(in.pattern().get());
        } catch (PatternSyntaxException e) {
          patternError = e.getDescription();
        }
      }
      if (in.defaultValue().isPresent()) {
        inputDefault(in, in.defaultValue().get(), pattern, p + ".default");
      }
      if (patternError != null) {
        invalid(p + ".pattern", "the pattern of input " + in.key() + " is not a valid regular expression ("
            + patternError + "): fix it or remove it");
      }
      if (in.type() == Input.Type.SELECT && in.options().isEmpty()) {
        invalid(p + ".options", "select input " + in.key() + " has no options: list the values it may take");
      }
    }
  }

  private void inputDefault(Input in, String dflt, Pattern pattern, String path) {
    if (in.type() == Input.Type.NUMBER) {
      try {
        new BigDecimal(dflt);
      } catch (NumberFormatException e) {
        invalid(path, "the default of number input " + in.key() + " is not a number: give a number such as 42 or 1.5");
      }
    }
    if (in.type() == Input.Type.SELECT && !in.options().isEmpty() && !in.options().contains(dflt)) {
      invalid(path, "the default of select input " + in.key() + " is not one of its options " + in.options()
          + ": pick one of them");
    }
    if (pattern != null && !pattern.matcher(dflt).matches()) {
      invalid(path, "the default of input " + in.key() + " does not match its pattern " + in.pattern().get()
          + ": change the default or the pattern");
    }
  }

  private void credentials() {
    Map<String, Integer> seen = new HashMap<>();
    List<Credential> credentials = flow.credentials();
    for (int i = 0; i < credentials.size(); i++) {
      Credential c = credentials.get(i);
      String p = "credentials[" + i + "].key";
      if (!key(c.key(), p, "the credential key")) {
        continue;
      }
      Integer first = seen.putIfAbsent(c.key(), i);
      if (first != null) {
        problems.add(Problem.of(ErrorCode.DUPLICATE_ID, p, "credential " + c.key()
            + " is declared twice (first at credentials[" + first + "]): remove or rename one"));
      } else if (scope.hasInput(c.key())) {
        problems.add(Problem.of(ErrorCode.DUPLICATE_ID, p, "credential " + c.key()
            + " has the key of a declared input, so ${" + c.key() + "} is ambiguous: rename one of them"));
      }
      scope.declareCredential(c.key());
    }
  }

  private void tabs() {
    List<TabAlias> tabs = flow.tabs();
    for (TabAlias t : tabs) {
      declaredTabs.add(t.alias());
    }
    countedTabs.addAll(declaredTabs);
    if (countedTabs.size() > limits.maxTabAliases()) {
      tabLimitReported = true;
      overLimit("tabs", "the flow declares " + countedTabs.size() + " tab aliases, more than the limit of "
          + limits.maxTabAliases(), countedTabs.size(), limits.maxTabAliases());
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < tabs.size(); i++) {
      TabAlias t = tabs.get(i);
      String p = "tabs[" + i + "]";
      if (t.alias().isBlank()) {
        invalid(p + ".alias", "the tab alias is blank: name the tab, e.g. detail");
      } else {
        Integer first = seen.putIfAbsent(t.alias(), i);
        if (first != null) {
          problems.add(Problem.of(ErrorCode.DUPLICATE_ID, p + ".alias", "tab alias " + t.alias()
              + " is declared twice (first at tabs[" + first + "]): remove or rename one"));
        }
      }
      t.url().ifPresent(u -> text(u, p + ".url"));
      t.opener().ifPresent(o -> {
        if (!declaredTabs.contains(o) && !MAIN_TAB.equals(o)) {
          problems.add(Problem.of(ErrorCode.TAB_UNDECLARED, p + ".opener", "opener " + o + " of tab " + t.alias()
              + " is not a declared tab alias: declare it in tabs or use " + MAIN_TAB));
        }
      });
    }
  }

  private void table(DataTable table) {
    Map<String, Integer> seen = new HashMap<>();
    for (int c = 0; c < table.columns().size(); c++) {
      String col = table.columns().get(c);
      String p = "table.columns[" + c + "]";
      if (col.isBlank()) {
        invalid(p, "the table column name is blank: name every column");
        continue;
      }
      Integer first = seen.putIfAbsent(col, c);
      if (first != null) {
        problems.add(Problem.of(ErrorCode.DUPLICATE_ID, p, "table column " + col
            + " appears twice (first at table.columns[" + first + "]): rename one"));
      }
      scope.declareColumn(col);
    }
    List<List<String>> rows = table.rows();
    if (rows.size() > limits.maxTableRows()) {
      overLimit("table.rows", "the table has " + rows.size() + " rows, more than the limit of "
          + limits.maxTableRows() + ": read large data with csvImport instead", rows.size(), limits.maxTableRows());
    }
    int width = table.columns().size();
    int maxCell = limits.maxTableCellChars();
    for (int r = 0; r < rows.size(); r++) {
      List<String> row = rows.get(r);
      if (row.size() != width) {
        invalid("table.rows[" + r + "]", "row " + r + " has " + row.size() + " cells but the table has " + width
            + " columns: give exactly one cell per column");
      }
      for (int c = 0; c < row.size(); c++) {
        int len = row.get(c).length();
        if (len > maxCell) {
          overLimit("table.rows[" + r + "][" + c + "]", "the cell has " + len
              + " characters, more than the limit of " + maxCell, len, maxCell);
        }
      }
    }
  }

  private void policy(Policy policy) {
    List<String> origins = policy.allowedOrigins();
    for (int i = 0; i < origins.size(); i++) {
      String o = origins.get(i);
      Matcher m = ORIGIN.matcher(o);
      boolean ok = m.matches() && (m.group(1) == null || Integer.parseInt(m.group(1)) <= 65_535);
      if (!ok) {
        invalid("policy.allowedOrigins[" + i + "]", "\"" + o + "\" is not an origin: write scheme://host[:port] "
            + "without a path, query or trailing slash, e.g. https://sso.example.com");
      }
    }
  }

  private void schedule(Schedule s) {
    if (s.everyMinutes().isPresent() == s.cron().isPresent()) {
      invalid("schedule", "a schedule needs exactly one of everyMinutes and cron, "
          + (s.cron().isPresent() ? "not both" : "but has neither"));
    }
    s.everyMinutes().ifPresent(m -> {
      if (m < 1) {
        outOfRange("schedule.everyMinutes", "everyMinutes is " + m + ": give 1 or more", m, ">= 1");
      }
    });
    s.cron().ifPresent(this::cron);
    for (String k : s.input().keySet()) {
      if (!scope.hasInput(k)) {
        invalid("schedule.input." + k, "the schedule sets input " + k + " which the flow does not declare: "
            + "declare it or remove it from the schedule");
      }
    }
  }

  private void cron(String cron) {
    String trimmed = cron.trim();
    String[] fields = trimmed.isEmpty() ? new String[0] : BLANKS.split(trimmed);
    boolean ok = fields.length == 5;
    for (int i = 0; ok && i < fields.length; i++) {
      ok = CRON_FIELD.matcher(fields[i]).matches();
    }
    if (!ok) {
      invalid("schedule.cron", "cron \"" + cron + "\" is not a 5-field expression (minute hour day-of-month month "
          + "day-of-week), e.g. \"0 6 * * MON-FRI\"");
    }
  }

  private void definitionSize() {
    long bytes;
    try {
      bytes = FlowJson.canonicalSize(flow);
    } catch (RuntimeException e) {
      return; // not serializable (e.g. absurd nesting): the rules above already say why
    }
    if (bytes > limits.maxDefinitionBytes()) {
      problems.add(0, Problem.limit(ErrorCode.LIMIT_EXCEEDED, "", "the canonical JSON of the flow has " + bytes
          + " bytes, more than the limit of " + limits.maxDefinitionBytes()
          + ": move data into a CSV file (csvImport) or split the flow", bytes, limits.maxDefinitionBytes()));
    }
  }

  // ---------------------------------------------------------------- steps

  private void steps(List<Step> steps, String path, int depth) {
    if (depth == limits.maxNestingDepth() + 1) {
      overLimit(path, "steps are nested " + depth + " levels deep, more than the limit of "
          + limits.maxNestingDepth() + ": flatten the branches or move the inner steps into another flow",
          depth, limits.maxNestingDepth());
    }
    for (int i = 0; i < steps.size(); i++) {
      step(steps.get(i), path + "[" + i + "]", depth);
    }
  }

  private void step(Step s, String p, int depth) {
    stepCount++;
    boolean declarable = stepId(s, p);
    s.title().ifPresent(t -> text(t, p + ".title"));
    if (s.timeoutMs().isPresent()) {
      int t = s.timeoutMs().getAsInt();
      if (t < limits.minStepTimeoutMs() || t > limits.maxStepTimeoutMs()) {
        outOfRange(p + ".timeoutMs", "timeoutMs is " + t + ": give a value in " + limits.minStepTimeoutMs() + ".."
            + limits.maxStepTimeoutMs() + " ms", t, limits.minStepTimeoutMs() + ".." + limits.maxStepTimeoutMs());
      }
    }
    s.retry().ifPresent(r -> retry(r, p + ".retry"));
    // a fallback runs in place of the failed step: it sees what the step sees, and what it
    // declares is visible only after the step
    int mark = scope.mark();
    if (s.onError().kind() == OnError.Kind.FALLBACK) {
      steps(s.onError().fallback(), p + ".onError.fallback", depth + 1);
    }
    List<Object> fallbackDecls = scope.hideSince(mark);
    int expectAt = problems.size();
    fields(s, p, depth);
    if (!s.expect().isEmpty()) {
      // expect is checked after the action (own outputs and body visible) but written before the
      // op fields, so its problems move to their document position
      int opEnd = problems.size();
      scope.current(declarable ? s : null);
      for (int k = 0; k < s.expect().size(); k++) {
        condition(s.expect().get(k), p + ".expect[" + k + "]");
      }
      scope.current(null);
      if (problems.size() > opEnd && opEnd > expectAt) {
        Collections.rotate(problems.subList(expectAt, problems.size()), problems.size() - opEnd);
      }
    }
    if (declarable) {
      scope.declareStep(s);
    }
    scope.reveal(fallbackDecls);
  }

  /** Checks the id; true when the step's outputs may be referenced (a valid first use of the id). */
  private boolean stepId(Step s, String p) {
    String id = s.id();
    if (id.isBlank()) {
      invalid(p + ".id", "the step id is blank: give every step a stable id");
      return false;
    }
    if (!STEP_ID.matcher(id).matches()) {
      invalid(p + ".id", "step id \"" + id + "\" may only hold letters, digits, -, _ and . (no spaces, no ${...})");
      return false;
    }
    String first = stepIdPaths.putIfAbsent(id, p);
    scope.sawStepId(id);
    if (first != null) {
      problems.add(Problem.of(ErrorCode.DUPLICATE_ID, p + ".id", "step id " + id + " is already used at " + first
          + ": step ids must be unique in the whole flow, nested bodies and fallbacks included"));
      return false;
    }
    return true;
  }

  private void retry(Retry r, String p) {
    if (r.count() < 0) {
      outOfRange(p + ".count", "the retry count is " + r.count() + ": give 0.." + limits.maxRetries(),
          r.count(), "0.." + limits.maxRetries());
    } else if (r.count() > limits.maxRetries()) {
      overLimit(p + ".count", "the retry count is " + r.count() + ", more than the limit of " + limits.maxRetries(),
          r.count(), limits.maxRetries());
    }
    if (r.intervalMs() < 0) {
      outOfRange(p + ".intervalMs", "the retry interval is " + r.intervalMs() + " ms: give 0 or more",
          r.intervalMs(), ">= 0");
    }
  }

  private void fields(Step s, String p, int depth) {
    s.accept(new FieldChecks(p, depth));
  }

  /** The op-specific checks of one step at path {@code p}, nested {@code depth} levels deep. */
  private final class FieldChecks implements StepVisitor<Void> {
    private final String p;
    private final int depth;

    FieldChecks(String p, int depth) {
      this.p = p;
      this.depth = depth;
    }

    @Override
    public Void visitOpen(Step.Open o) {
      url(o.url(), p + ".url");
      o.tab().ifPresent(a -> tabUse(a, p + ".tab"));
      return null;
    }

    @Override
    public Void visitNavigate(Step.Navigate s) {
      url(s.url(), p + ".url");
      return null;
    }

    @Override
    public Void visitTabNew(Step.TabNew t) {
      tabBind(t.alias(), p + ".alias");
      t.url().ifPresent(u -> text(u, p + ".url"));
      return null;
    }

    @Override
    public Void visitTabSwitch(Step.TabSwitch s) {
      tabUse(s.alias(), p + ".alias");
      return null;
    }

    @Override
    public Void visitTabClose(Step.TabClose s) {
      s.alias().ifPresent(a -> tabUse(a, p + ".alias"));
      return null;
    }

    @Override
    public Void visitFrame(Step.Frame s) {
      frameLocator(s.locator(), p + ".locator");
      return null;
    }

    @Override
    public Void visitSetViewport(Step.SetViewport v) {
      range(v.width(), limits.minViewportWidth(), limits.maxViewportWidth(), p + ".width", "the viewport width");
      range(v.height(), limits.minViewportHeight(), limits.maxViewportHeight(), p + ".height",
          "the viewport height");
      return null;
    }

    @Override
    public Void visitClick(Step.Click c) {
      target(c.target(), p + ".target");
      texts(c.modifiers(), p + ".modifiers");
      c.newTab().ifPresent(a -> tabBind(a, p + ".newTab"));
      return null;
    }

    @Override
    public Void visitDblclick(Step.Dblclick s) {
      target(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitContextmenu(Step.Contextmenu s) {
      target(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitHover(Step.Hover s) {
      target(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitFill(Step.Fill f) {
      target(f.target(), p + ".target");
      valueLength(f.value(), p + ".value", "the fill value");
      text(f.value(), p + ".value");
      return null;
    }

    @Override
    public Void visitType(Step.Type t) {
      t.target().ifPresent(tg -> target(tg, p + ".target"));
      valueLength(t.text(), p + ".text", "the typed text");
      text(t.text(), p + ".text");
      return null;
    }

    @Override
    public Void visitPress(Step.Press k) {
      if (k.key().isBlank()) {
        invalid(p + ".key", "the key is blank: name a key such as Enter, Escape or a");
      }
      text(k.key(), p + ".key");
      texts(k.modifiers(), p + ".modifiers");
      k.target().ifPresent(tg -> target(tg, p + ".target"));
      return null;
    }

    @Override
    public Void visitSelect(Step.Select sel) {
      target(sel.target(), p + ".target");
      if (sel.value().isPresent() == sel.label().isPresent()) {
        invalid(p, "select needs exactly one of value and label, " + (sel.value().isPresent() ? "not both" : "but has neither"));
      }
      sel.value().ifPresent(v -> text(v, p + ".value"));
      sel.label().ifPresent(v -> text(v, p + ".label"));
      return null;
    }

    @Override
    public Void visitCheck(Step.Check s) {
      target(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitUncheck(Step.Uncheck s) {
      target(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitToggle(Step.Toggle s) {
      target(s.target(), p + ".target");
      return null;
    }

    @Override
    public Void visitScroll(Step.Scroll sc) {
      if (sc.target().isPresent()) {
        target(sc.target().get(), p + ".target");
      } else if (sc.mode() == Step.ScrollMode.INTO_VIEW) {
        invalid(p + ".target", "scroll intoView needs a target: name the element to bring into view");
      }
      return null;
    }

    @Override
    public Void visitDrag(Step.Drag d) {
      target(d.source(), p + ".from");
      target(d.destination(), p + ".to");
      return null;
    }

    @Override
    public Void visitUpload(Step.Upload u) {
      if (!fileUpload) {
        problems.add(Problem.of(ErrorCode.CAPABILITY_DENIED, p, "upload needs the " + Capability.FILE_UPLOAD.id()
            + " capability: declare it in policy.capabilities"));
      }
      target(u.target(), p + ".target");
      if (u.files().isEmpty()) {
        invalid(p + ".files", "upload needs at least one file");
      }
      for (int i = 0; i < u.files().size(); i++) {
        String f = u.files().get(i);
        if (f.isBlank()) {
          invalid(p + ".files[" + i + "]", "the file path is blank: give a path or remove the entry");
        }
        text(f, p + ".files[" + i + "]");
      }
      return null;
    }

    @Override
    public Void visitWait(Step.Wait w) {
      if (w.ms().isPresent() == w.until().isPresent()) {
        invalid(p, "wait needs exactly one of ms and until, " + (w.ms().isPresent() ? "not both" : "but has neither"));
      }
      if (w.ms().isPresent()) {
        int ms = w.ms().getAsInt();
        if (ms < 0 || ms > limits.maxStepTimeoutMs()) {
          outOfRange(p + ".ms", "wait ms is " + ms + ": give 0.." + limits.maxStepTimeoutMs()
              + " (prefer waiting until a condition)", ms, "0.." + limits.maxStepTimeoutMs());
        }
      }
      w.until().ifPresent(c -> condition(c, p + ".until"));
      return null;
    }

    @Override
    public Void visitAssert(Step.Assert s) {
      condition(s.condition(), p + ".condition");
      return null;
    }

    @Override
    public Void visitRead(Step.Read r) {
      target(r.target(), p + ".target");
      if (r.what() == Step.ReadKind.ATTRIBUTE) {
        if (r.attribute().isEmpty() || r.attribute().get().isBlank()) {
          invalid(p + ".attribute", "read attribute needs the attribute name, e.g. href");
        }
      } else if (r.attribute().isPresent()) {
        invalid(p + ".attribute", "an attribute name belongs to read what=attribute only, but this read has what="
            + r.what().name().toLowerCase(Locale.ROOT) + ": remove it or read the attribute");
      }
      r.attribute().ifPresent(a -> text(a, p + ".attribute"));
      return null;
    }

    @Override
    public Void visitScrape(Step.Scrape sc) {
      target(sc.target(), p + ".target");
      if (sc.mode() == Step.ScrapeMode.ATTRIBUTES && sc.attributes().isEmpty()) {
        invalid(p + ".attributes", "scrape mode attributes needs the attribute names to read");
      } else if (sc.mode() != Step.ScrapeMode.ATTRIBUTES && !sc.attributes().isEmpty()) {
        invalid(p + ".attributes", "attributes belong to scrape mode attributes only: remove them or change the mode");
      }
      texts(sc.attributes(), p + ".attributes");
      if (sc.limit().isPresent()) {
        atLeastOne(p + ".limit", "the scrape limit", sc.limit().getAsInt(), limits.maxScrapeRows(),
            "give 1 or more, or leave it out for the default");
      }
      return null;
    }

    @Override
    public Void visitPaginate(Step.Paginate pg) {
      target(pg.target(), p + ".target");
      atLeastOne(p + ".maxPages", "maxPages", pg.maxPages(), limits.maxPaginatePages(), "give 1 or more");
      loopBody(Loop.PAGINATE, pg.body(), p + ".body", depth);
      return null;
    }

    @Override
    public Void visitSetVar(Step.SetVar v) {
      text(v.value(), p + ".value");
      if (key(v.name(), p + ".name", "the variable name")) {
        scope.declareVar(v.name());
      }
      return null;
    }

    @Override
    public Void visitEval(Step.Eval s) {
      // the script is code: ${...} there is the page's own template syntax, never a placeholder
      if (!scriptEval) {
        problems.add(Problem.of(ErrorCode.CAPABILITY_DENIED, p, "eval needs the " + Capability.SCRIPT_EVAL.id()
            + " capability: declare it in policy.capabilities"));
      }
      return null;
    }

    @Override
    public Void visitScreenshot(Step.Screenshot sh) {
      sh.target().ifPresent(tg -> target(tg, p + ".target"));
      sh.name().ifPresent(n -> text(n, p + ".name"));
      return null;
    }

    @Override
    public Void visitCsvImport(Step.CsvImport s) {
      path(s.path(), p + ".path");
      return null;
    }

    @Override
    public Void visitCsvExport(Step.CsvExport ce) {
      if (!Placeholders.isWhole(ce.source()) && Placeholders.syntaxError(ce.source()).isEmpty()) {
        invalid(p + ".source", "the csvExport source must be one whole placeholder naming items, "
            + "e.g. ${steps.<id>.items}");
      }
      text(ce.source(), p + ".source");
      path(ce.path(), p + ".path");
      return null;
    }

    @Override
    public Void visitForeach(Step.Foreach s) {
      foreach(s, p, depth);
      return null;
    }

    @Override
    public Void visitRepeat(Step.Repeat r) {
      atLeastOne(p + ".times", "repeat times", r.times(), limits.maxRepeatTimes(),
          "repeating " + r.times() + " times does nothing; remove the step or give 1 or more");
      loopBody(Loop.REPEAT, r.body(), p + ".body", depth);
      return null;
    }

    @Override
    public Void visitIf(Step.If i) {
      condition(i.condition(), p + ".condition");
      int mark = scope.mark();
      steps(i.then(), p + ".then", depth + 1);
      // then and else exclude each other; both are visible after the if
      List<Object> thenDecls = scope.hideSince(mark);
      steps(i.otherwise(), p + ".else", depth + 1);
      scope.reveal(thenDecls);
      return null;
    }

    @Override
    public Void visitWhile(Step.While w) {
      condition(w.condition(), p + ".condition");
      loopBody(Loop.WHILE, w.body(), p + ".body", depth);
      atLeastOne(p + ".max", "the while max", w.max(), limits.maxWhileIterations(), "give 1 or more");
      return null;
    }

    @Override
    public Void visitManual(Step.Manual s) {
      text(s.instructions(), p + ".instructions");
      return null;
    }

    // no fields of their own
    @Override public Void visitBack(Step.Back s) { return null; }
    @Override public Void visitForward(Step.Forward s) { return null; }
    @Override public Void visitReload(Step.Reload s) { return null; }
    @Override public Void visitFrameMain(Step.FrameMain s) { return null; }
  }

  private void loopBody(Loop kind, List<Step> body, String path, int depth) {
    scope.enterLoop(kind);
    steps(body, path, depth + 1);
    scope.exitLoop();
  }

  private void foreach(Step.Foreach f, String p, int depth) {
    ForeachSource src = f.source();
    Loop kind = switch (src.kind()) {
      case TABLE -> {
        if (flow.table().isEmpty()) {
          invalid(p + ".source", "foreach over the table, but the flow has no table: add one or iterate something else");
        } else {
          int rows = flow.table().get().rows().size();
          if (rows > limits.maxForeachItems()) {
            overLimit(p + ".source", "foreach iterates the table's " + rows + " rows, more than the limit of "
                + limits.maxForeachItems() + " items", rows, limits.maxForeachItems());
          }
        }
        yield Loop.TABLE;
      }
      case ITEMS -> {
        itemsRef(src.ref().orElse(""), p + ".source");
        yield Loop.ITEMS;
      }
      case LITERAL -> {
        if (src.values().size() > limits.maxForeachItems()) {
          overLimit(p + ".items", "foreach lists " + src.values().size() + " values, more than the limit of "
              + limits.maxForeachItems(), src.values().size(), limits.maxForeachItems());
        }
        for (int i = 0; i < src.values().size(); i++) {
          text(src.values().get(i), p + ".items[" + i + "]");
        }
        yield Loop.LITERAL;
      }
    };
    atLeastOne(p + ".concurrency", "foreach concurrency", f.concurrency(), limits.maxForeachConcurrency(),
        "give 1 (one iteration at a time) or more");
    loopBody(kind, f.body(), p + ".body", depth);
  }

  private void itemsRef(String ref, String path) {
    String whole = Placeholders.wholeReference(ref).orElse("");
    int min = "steps.".length() + 1 + ".items".length();
    if (!whole.startsWith("steps.") || !whole.endsWith(".items") || whole.length() < min) {
      invalid(path, "a foreach over items needs one whole placeholder ${steps.<id>.items} naming an earlier "
          + "scrape or csvImport step");
      return;
    }
    String id = whole.substring("steps.".length(), whole.length() - ".items".length());
    Step source = scope.step(id);
    if (source == null) {
      resolve(whole, path);
    } else if (!BindingScope.outputs(source).contains("items")) {
      invalid(path, "foreach iterates ${" + whole + "} but step " + id + " is a " + source.kind().op()
          + ": iterate the items of a scrape or csvImport step");
    }
  }

  // ---------------------------------------------------------------- fields

  private void url(String url, String path) {
    if (url.isBlank()) {
      invalid(path, "the url is blank: give the address to open, e.g. ${credential.BASE_URL}/login");
    }
    text(url, path);
  }

  private void path(String file, String path) {
    if (file.isBlank()) {
      invalid(path, "the file path is blank: give a path");
    }
    text(file, path);
  }

  private void range(int actual, int min, int max, String path, String what) {
    if (actual < min || actual > max) {
      outOfRange(path, what + " is " + actual + ": give " + min + ".." + max, actual, min + ".." + max);
    }
  }

  private void valueLength(String value, String path, String what) {
    if (value.length() > limits.maxValueChars()) {
      overLimit(path, what + " has " + value.length() + " characters, more than the limit of "
          + limits.maxValueChars(), value.length(), limits.maxValueChars());
    }
  }

  private void tabUse(String alias, String path) {
    if (declaredTabs.contains(alias) || boundTabs.contains(alias) || MAIN_TAB.equals(alias)) {
      return;
    }
    Set<String> known = new LinkedHashSet<>();
    known.add(MAIN_TAB);
    known.addAll(declaredTabs);
    known.addAll(boundTabs);
    problems.add(Problem.of(ErrorCode.TAB_UNDECLARED, path, "tab alias " + alias + " is not declared and no earlier "
        + "tabNew or click newTab opens it (known: " + String.join(", ", known) + "): declare it in tabs "
        + "or open it first"));
  }

  private void tabBind(String alias, String path) {
    if (alias.isBlank()) {
      invalid(path, "the tab alias is blank: name the tab, e.g. detail");
      return;
    }
    boundTabs.add(alias);
    if (countedTabs.add(alias) && countedTabs.size() > limits.maxTabAliases() && !tabLimitReported) {
      tabLimitReported = true;
      overLimit(path, "this step brings the flow to " + countedTabs.size() + " tab aliases, more than the limit of "
          + limits.maxTabAliases() + ": reuse aliases", countedTabs.size(), limits.maxTabAliases());
    }
  }

  private void frameLocator(String locator, String path) {
    if (locator.isBlank()) {
      invalid(path, "the frame locator is blank: give an owner css (iframe#pay), selector:<css>, url:<glob> "
          + "or name:<name>");
      return;
    }
    Matcher m = FRAME_PREFIX.matcher(locator);
    if (m.lookingAt()) {
      String prefix = m.group(1);
      if (!FRAME_PREFIXES.contains(prefix) || m.end() != m.end(1) + 1) {
        invalid(path, "frame locator prefix \"" + locator.substring(0, m.end()) + "\" is not one of selector:, url:, "
            + "name: (frames are never located by index or runtime id)");
      } else if (locator.substring(m.end()).isBlank()) {
        invalid(path, "frame locator \"" + prefix + ":\" has nothing after the prefix: give the "
            + (prefix.equals("url") ? "url glob" : prefix.equals("name") ? "frame name" : "owner css"));
      }
    }
    text(locator, path);
  }

  private void target(Target t, String path) {
    List<Candidate> candidates = t.candidates();
    if (candidates.isEmpty()) {
      problems.add(Problem.of(ErrorCode.TARGET_EMPTY, path + ".candidates",
          "the target has no candidate: add at least one locator (testId, role, label, css, ...)"));
    }
    for (int i = 0; i < candidates.size(); i++) {
      Candidate c = candidates.get(i);
      String cp = path + ".candidates[" + i + "]";
      if (c.value().isBlank()) {
        invalid(cp + "." + c.kind().jsonName(), "the " + c.kind().jsonName() + " candidate is blank: give a value "
            + "or remove the candidate");
      }
      text(c.value(), cp + "." + c.kind().jsonName());
      if (c.name().isPresent()) {
        if (c.name().get().isBlank()) {
          invalid(cp + ".name", "the accessible name is blank: give the name or leave it out");
        }
        text(c.name().get(), cp + ".name");
      }
    }
    for (int i = 0; i < t.framePath().size(); i++) {
      frameLocator(t.framePath().get(i), path + ".framePath[" + i + "]");
    }
    for (int i = 0; i < t.shadowPath().size(); i++) {
      String host = t.shadowPath().get(i);
      if (host.isBlank()) {
        invalid(path + ".shadowPath[" + i + "]", "the shadow host selector is blank: give the host's css");
      }
      text(host, path + ".shadowPath[" + i + "]");
    }
  }

  private void condition(Condition c, String path) {
    c.accept(new ConditionChecks(path));
  }

  /** The checks of one condition at {@code path}. */
  private final class ConditionChecks implements ConditionVisitor<Void> {
    private final String path;

    ConditionChecks(String path) {
      this.path = path;
    }

    @Override
    public Void visitUrl(Condition.Url u) {
      text(u.glob(), path + ".url");
      return null;
    }

    @Override
    public Void visitTitle(Condition.Title t) {
      text(t.glob(), path + ".title");
      return null;
    }

    @Override
    public Void visitElement(Condition.Element e) {
      target(e.target(), path + ".element");
      return null;
    }

    @Override
    public Void visitCount(Condition.Count n) {
      target(n.target(), path + ".element");
      if (n.count() < 0) {
        outOfRange(path + ".count", "the count is " + n.count() + ": give 0 or more", n.count(), ">= 0");
      }
      return null;
    }

    @Override
    public Void visitText(Condition.Text t) {
      text(t.text(), path + ".text");
      t.target().ifPresent(tg -> target(tg, path + ".element"));
      return null;
    }

    @Override
    public Void visitValue(Condition.Value v) {
      target(v.target(), path + ".element");
      text(v.value(), path + ".value");
      return null;
    }

    @Override
    public Void visitAttribute(Condition.Attribute a) {
      target(a.target(), path + ".element");
      if (a.name().isBlank()) {
        invalid(path + ".attribute", "the attribute name is blank: name the attribute, e.g. aria-expanded");
      }
      text(a.name(), path + ".attribute");
      a.value().ifPresent(v -> text(v, path + ".value"));
      return null;
    }

    @Override
    public Void visitVar(Condition.Var v) {
      if (!Placeholders.contains(v.subject())) {
        invalid(path + ".var", "the subject of a var condition is a literal, so it never changes: use a placeholder "
            + "such as ${vars.name} or ${steps.<id>.text}");
      }
      text(v.subject(), path + ".var");
      String operandKey = v.op() == Condition.VarOp.CONTAINS ? ".contains" : ".equals";
      v.operand().ifPresent(o -> text(o, path + operandKey));
      return null;
    }

    @Override
    public Void visitDownload(Condition.Download d) {
      text(d.fileGlob(), path + ".download");
      return null;
    }

    @Override
    public Void visitExpression(Condition.Expression e) {
      // code, like eval: not scanned for placeholders
      if (!scriptEval) {
        problems.add(Problem.of(ErrorCode.CAPABILITY_DENIED, path, "an expression condition needs the "
            + Capability.SCRIPT_EVAL.id() + " capability: declare it in policy.capabilities"));
      }
      return null;
    }

    @Override
    public Void visitNot(Condition.Not n) {
      condition(n.condition(), path + ".not");
      return null;
    }

    @Override
    public Void visitLoad(Condition.Load l) {
      return null; // no strings
    }
  }

  // ---------------------------------------------------------------- placeholders

  private void texts(List<String> values, String path) {
    for (int i = 0; i < values.size(); i++) {
      text(values.get(i), path + "[" + i + "]");
    }
  }

  /** Checks the placeholders of one string field. */
  private void text(String value, String path) {
    if (!Placeholders.contains(value)) {
      return;
    }
    Optional<String> syntax = Placeholders.syntaxError(value);
    if (syntax.isPresent()) {
      unresolved(path, "malformed placeholder: " + syntax.get());
    }
    for (String ref : Placeholders.references(value)) {
      resolve(ref, path);
    }
  }

  private void resolve(String ref, String path) {
    String error = scope.unresolvedReason(ref);
    if (error != null) {
      unresolved(path, "${" + ref + "} " + error);
    }
  }
}
