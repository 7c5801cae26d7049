package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.validate.FlowLint;
import io.browserflow.api.validate.LintCode;
import io.browserflow.api.validate.LintWarning;
import io.browserflow.formats.BrowserctlDocument.Command;
import io.browserflow.formats.BrowserctlDocument.CredentialSpec;
import io.browserflow.formats.BrowserctlDocument.InputSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps a flow to a browserctl document following the recorder rules of the browserctl format: a
 * navigation a click causes is {@code click} + {@code wait --url} (the step's expect), frames are
 * {@code frame <owner>} / {@code frame main}, tabs are {@code tab new} / {@code tab <ref>} /
 * {@code tab close} bound through {@code capture.tabId} (JSON) or {@code --label} (text), and
 * {@code ${input.X}} / {@code ${credential.X}} become {@code ${X}}. Steps without an equivalent are
 * issues at {@code steps[i]}; literal secrets are never written.
 *
 * <p>Works on drafts too (nothing here requires a valid flow).
 */
final class BrowserctlExport {
  enum Style { JSON, TEXT }

  /** The document to render, the issues, and the step counts. */
  static final class Result {
    final BrowserctlDocument doc;
    final Issues issues;
    final int read;
    final int mapped;

    Result(BrowserctlDocument doc, Issues issues, int read, int mapped) {
      this.doc = doc;
      this.issues = issues;
      this.read = read;
      this.mapped = mapped;
    }
  }

  private static final Set<String> FIND_ACTIONS = Set.of("click", "dblclick", "hover", "fill", "type", "check",
      "uncheck");
  private static final Pattern NOT_VAR_CHAR = Pattern.compile("[^A-Za-z0-9_]");
  private static final Pattern STEP_INDEX = Pattern.compile("steps\\[(\\d+)](.*)");
  private static final Pattern SECRET_FIELD = Pattern.compile("(?i)passw|passwd|pwd|密码|口令");

  private final Flow flow;
  private final Style style;
  private final BrowserctlDocument doc = new BrowserctlDocument();
  /** The same issue met twice (a target looked at again, say) is reported once. */
  private final Issues issues = Issues.distinct();
  private final Map<String, String> outputVars = new HashMap<>();
  private final Map<String, String> tabRefs = new HashMap<>();
  private final Map<String, String> tabVars = new HashMap<>();
  private final Set<String> usedVars = new HashSet<>();
  private final Set<String> commandIds = new HashSet<>();
  private final Set<String> keys = new HashSet<>();
  /** Paths of literal secrets (blocking SENSITIVE_VALUE findings) not yet dealt with. */
  private final Set<String> secretPaths = new LinkedHashSet<>();
  private boolean inFrame;
  private int exported;
  private Step lastExported;

  private BrowserctlExport(Flow flow, Style style) {
    this.flow = flow;
    this.style = style;
  }

  static Result run(Flow flow, Style style) {
    return new BrowserctlExport(flow, style).run();
  }

  private Result run() {
    List<LintWarning> lint = FlowLint.lint(flow).warnings();
    for (LintWarning w : lint) {
      if (w.code() == LintCode.SENSITIVE_VALUE && w.blocking()) {
        secretPaths.add(w.path());
      }
    }
    flow.credentials().forEach(c -> keys.add(c.key()));
    flow.inputs().forEach(i -> keys.add(i.key()));
    header();
    mainTab();
    for (int i = 0; i < flow.steps().size(); i++) {
      step(flow.steps().get(i), i);
    }
    // lint findings that concern the exported commands (the codes that mirror a lint code); the
    // others are about the flow's own review
    for (LintWarning w : lint) {
      if (!(w.code() == LintCode.SENSITIVE_VALUE && w.blocking())) {
        ConversionCode.of(w.code()).ifPresent(code -> issues.add(code, severity(w.severity()), w.path(), w.message()));
      }
    }
    doc.issues.addAll(issues);
    doc.quality = quality(issues.list());
    return new Result(doc, issues, NativeCodec.count(flow.steps()), exported);
  }

  static String quality(List<ConversionIssue> issues) {
    boolean warned = false;
    for (ConversionIssue i : issues) {
      if (i.severity() == ConversionIssue.Severity.BLOCKING) {
        return "blocked";
      }
      warned |= i.severity() == ConversionIssue.Severity.WARNING;
    }
    return warned ? "needs_review" : "ready";
  }

  private static ConversionIssue.Severity severity(LintWarning.Severity s) {
    return switch (s) {
      case INFO -> ConversionIssue.Severity.INFO;
      case WARNING -> ConversionIssue.Severity.WARNING;
      case ERROR -> ConversionIssue.Severity.BLOCKING;
    };
  }

  /** Whether a literal secret sits at {@code path}; forgets it (the caller keeps it out of the file). */
  private boolean secretAt(String path) {
    return secretPaths.remove(path);
  }

  // ------------------------------------------------------------------ header

  private void header() {
    doc.name = flow.id();
    if (!flow.name().equals(flow.id())) {
      if (secretAt("name")) {
        issues.warning(ConversionCode.SENSITIVE_VALUE, "name", "the flow name holds a literal secret and was left out");
      } else {
        doc.title = flow.name();
      }
    }
    flow.meta().ifPresent(m -> {
      doc.source = m.source().orElse(null);
      doc.createdAt = m.createdAt().orElse(null);
      doc.recorderVersion = m.recorderVersion().orElse(null);
    });
    flow.description().ifPresent(d -> {
      if (secretAt("description")) {
        issues.warning(ConversionCode.SENSITIVE_VALUE, "description", "the description holds a literal secret and was left out");
      } else {
        doc.description = d;
      }
    });
    for (int i = 0; i < flow.credentials().size(); i++) {
      Credential c = flow.credentials().get(i);
      CredentialSpec s = new CredentialSpec();
      s.key = c.key();
      s.label = c.label().orElse(null);
      s.type = c.type().name().toLowerCase(Locale.ROOT);
      s.required = c.required();
      s.secret = c.secret();
      s.path = "credentials[" + i + "]";
      doc.credentials.add(s);
    }
    for (int i = 0; i < flow.inputs().size(); i++) {
      input(flow.inputs().get(i), "inputs[" + i + "]");
    }
    if (!flow.tags().isEmpty()) {
      issues.info(ConversionCode.FIELD_DROPPED, "tags", "browserctl-flow has no tags; they were left out");
    }
    for (int i = 0; i < flow.tabs().size(); i++) {
      TabAlias t = flow.tabs().get(i);
      if (t.url().isPresent() || t.opener().isPresent()) {
        issues.info(ConversionCode.FIELD_DROPPED, "tabs[" + i + "]", "the url and opener of tab alias " + t.alias()
            + " were left out; tab commands carry the tabs");
      }
    }
    if (flow.table().isPresent()) {
      issues.info(ConversionCode.FIELD_DROPPED, "table", "browserctl-flow has no data table; it was left out");
    }
    flow.policy().ifPresent(p -> {
      if (!p.allowedOrigins().isEmpty() || !p.capabilities().isEmpty()) {
        issues.info(ConversionCode.FIELD_DROPPED, "policy", "browserctl-flow has no policy; allowed origins and capabilities were left out");
      }
    });
    if (flow.schedule().isPresent()) {
      issues.info(ConversionCode.FIELD_DROPPED, "schedule", "browserctl-flow has no schedule; it was left out");
    }
  }

  private void input(Input in, String path) {
    InputSpec s = new InputSpec();
    s.key = in.key();
    s.label = in.label().orElse(null);
    s.type = in.type() == Input.Type.URL ? "text" : in.type().name().toLowerCase(Locale.ROOT);
    if (in.type() == Input.Type.URL) {
      issues.info(ConversionCode.TYPE_CHANGED, path + ".type", "browserctl inputs have no url type; input " + in.key() + " is written as text");
    }
    s.required = in.required();
    if (in.defaultValue().isPresent()) {
      if (secretAt(path + ".default")) {
        issues.warning(ConversionCode.SENSITIVE_VALUE, path + ".default", "the default of input " + in.key()
            + " holds a literal secret and was left out");
      } else {
        s.defaultValue = in.defaultValue().get();
      }
    }
    boolean secretOption = false;
    for (int k = 0; k < in.options().size(); k++) {
      secretOption |= secretAt(path + ".options[" + k + "]");
    }
    if (secretOption) {
      issues.warning(ConversionCode.SENSITIVE_VALUE, path + ".options", "the options of input " + in.key()
          + " hold a literal secret and were left out");
    } else {
      s.options.addAll(in.options());
    }
    if (in.pattern().isPresent()) {
      issues.info(ConversionCode.FIELD_DROPPED, path + ".pattern", "browserctl inputs have no pattern; the pattern of input " + in.key()
          + " was left out");
    }
    s.path = path;
    doc.inputs.add(s);
  }

  /** {@code tab} with capture automationTabId names the first tab when a step returns to it. */
  private void mainTab() {
    boolean used = false;
    for (Step s : flow.steps()) {
      if (s.accept(NAMES_MAIN)) {
        used = !s.disabled() || used;
      }
    }
    if (!used) {
      return;
    }
    String var = tabVar("main");
    Command c = new Command(List.of("tab"));
    c.capture.put("automationTabId", var);
    c.id = uniqueId("tab-main");
    c.description = "name the first tab " + var + " for the tab commands returning to it";
    doc.commands.add(c);
    tabRefs.put("main", "${" + var + "}");
  }

  /** Whether a step names the first tab by its alias {@code main}. */
  private static final StepVisitor<Boolean> NAMES_MAIN = new StepVisitor<>() {
    @Override
    public Boolean visitOpen(Step.Open o) {
      return o.tab().filter("main"::equals).isPresent();
    }

    @Override
    public Boolean visitTabSwitch(Step.TabSwitch t) {
      return t.alias().equals("main");
    }

    @Override
    public Boolean visitTabClose(Step.TabClose t) {
      return t.alias().filter("main"::equals).isPresent();
    }

    // no tab alias, or one only opened here (tabNew, click newTab)
    @Override public Boolean visitNavigate(Step.Navigate s) { return false; }
    @Override public Boolean visitBack(Step.Back s) { return false; }
    @Override public Boolean visitForward(Step.Forward s) { return false; }
    @Override public Boolean visitReload(Step.Reload s) { return false; }
    @Override public Boolean visitTabNew(Step.TabNew s) { return false; }
    @Override public Boolean visitFrame(Step.Frame s) { return false; }
    @Override public Boolean visitFrameMain(Step.FrameMain s) { return false; }
    @Override public Boolean visitSetViewport(Step.SetViewport s) { return false; }
    @Override public Boolean visitClick(Step.Click s) { return false; }
    @Override public Boolean visitDblclick(Step.Dblclick s) { return false; }
    @Override public Boolean visitContextmenu(Step.Contextmenu s) { return false; }
    @Override public Boolean visitHover(Step.Hover s) { return false; }
    @Override public Boolean visitFill(Step.Fill s) { return false; }
    @Override public Boolean visitType(Step.Type s) { return false; }
    @Override public Boolean visitPress(Step.Press s) { return false; }
    @Override public Boolean visitSelect(Step.Select s) { return false; }
    @Override public Boolean visitCheck(Step.Check s) { return false; }
    @Override public Boolean visitUncheck(Step.Uncheck s) { return false; }
    @Override public Boolean visitToggle(Step.Toggle s) { return false; }
    @Override public Boolean visitScroll(Step.Scroll s) { return false; }
    @Override public Boolean visitDrag(Step.Drag s) { return false; }
    @Override public Boolean visitUpload(Step.Upload s) { return false; }
    @Override public Boolean visitWait(Step.Wait s) { return false; }
    @Override public Boolean visitAssert(Step.Assert s) { return false; }
    @Override public Boolean visitRead(Step.Read s) { return false; }
    @Override public Boolean visitScrape(Step.Scrape s) { return false; }
    @Override public Boolean visitPaginate(Step.Paginate s) { return false; }
    @Override public Boolean visitSetVar(Step.SetVar s) { return false; }
    @Override public Boolean visitEval(Step.Eval s) { return false; }
    @Override public Boolean visitScreenshot(Step.Screenshot s) { return false; }
    @Override public Boolean visitCsvImport(Step.CsvImport s) { return false; }
    @Override public Boolean visitCsvExport(Step.CsvExport s) { return false; }
    @Override public Boolean visitForeach(Step.Foreach s) { return false; }
    @Override public Boolean visitRepeat(Step.Repeat s) { return false; }
    @Override public Boolean visitIf(Step.If s) { return false; }
    @Override public Boolean visitWhile(Step.While s) { return false; }
    @Override public Boolean visitManual(Step.Manual s) { return false; }
  };

  // ------------------------------------------------------------------ steps

  /** The commands of one step: the one that acts is {@code main}, the others prepare or check. */
  private final class Out {
    final List<Command> commands = new ArrayList<>();
    int main = -1;
    boolean timeoutUsed;

    Command add(List<String> argv) {
      Command c = new Command(argv);
      commands.add(c);
      return c;
    }

    Command act(List<String> argv) {
      main = commands.size();
      return add(argv);
    }
  }

  private void step(Step s, int i) {
    String p = "steps[" + i + "]";
    if (s.disabled()) {
      issues.info(ConversionCode.STEP_DISABLED, p, "the disabled step " + s.id() + " was left out");
      return;
    }
    boolean titleSecret = secretAt(p + ".title");
    if (titleSecret) {
      issues.warning(ConversionCode.SENSITIVE_VALUE, p + ".title", "the step title holds a literal secret and was left out");
    }
    List<String> leftover = new ArrayList<>();
    Set<String> replaceable = replaceableSecrets(s, p);
    for (String sp : secretPaths) {
      if ((sp.startsWith(p + ".") || sp.startsWith(p + "[")) && !replaceable.contains(sp)) {
        leftover.add(sp);
      }
    }
    if (!leftover.isEmpty()) {
      secretPaths.removeAll(leftover);
      issues.blocking(ConversionCode.SECRET_POLICY_VIOLATION, p, "step " + s.id() + " holds a literal secret at "
          + String.join(", ", leftover) + " that browserctl cannot take from a credential; the step was left out");
      return;
    }
    Out out = new Out();
    if (!body(s, p, out)) {
      return;
    }
    if (out.main < 0) {
      out.main = 0;
    }
    int insertAt = insertExpectAt(out);
    List<Command> checks = new ArrayList<>();
    for (int k = 0; k < s.expect().size(); k++) {
      String ep = p + ".expect[" + k + "]";
      List<String> argv = waitArgv(s.expect().get(k), ep);
      if (argv == null) {
        issues.warning(ConversionCode.UNSUPPORTED_CONDITION, ep, "this expect condition has no browserctl wait; it was left out");
        continue;
      }
      if (s.timeoutMs().isPresent()) {
        argv.add("--timeout");
        argv.add(String.valueOf(s.timeoutMs().getAsInt()));
        out.timeoutUsed = true;
      }
      if (style == Style.TEXT && !BrowserctlUrlWaits.isUrl(s.expect().get(k))) {
        issues.info(ConversionCode.EXPECT_AS_WAIT, ep, "written as a wait command; read back it becomes a wait step");
      }
      checks.add(new Command(argv));
    }
    out.commands.addAll(insertAt, checks);
    if (s.timeoutMs().isPresent() && !out.timeoutUsed) {
      issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".timeoutMs", "browserctl " + out.commands.get(out.main).argv.get(0)
          + " takes no timeout; the step's timeoutMs was left out");
    }
    s.retry().ifPresent(r -> issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".retry", "browserctl commands do not retry; the retry "
        + "policy was left out"));
    if (s.onError().kind() != OnError.Kind.STOP) {
      issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".onError", "browserctl stops at a failed command; onError "
          + s.onError().kind().name().toLowerCase(Locale.ROOT) + " was left out");
    }
    Command main = out.commands.get(out.main);
    main.id = uniqueId(s.id());
    if (!titleSecret) {
      main.description = s.title().orElse(null);
    }
    int n = 2;
    for (Command c : out.commands) {
      if (c != main) {
        c.id = uniqueId(s.id() + "-" + n++);
      }
      c.sourceStepId = s.id();
    }
    doc.commandOfStep.put(i, out.commands.get(0).id);
    doc.commands.addAll(out.commands);
    lastExported = s;
    exported++;
  }

  /** Fields whose literal secret the export replaces with a secret credential placeholder. */
  private static Set<String> replaceableSecrets(Step s, String p) {
    return s.accept(new StepVisitor<Set<String>>() {
      @Override
      public Set<String> visitFill(Step.Fill f) {
        return Set.of(p + ".value");
      }

      @Override
      public Set<String> visitType(Step.Type t) {
        return Set.of(p + ".text");
      }

      @Override
      public Set<String> visitSelect(Step.Select sel) {
        return Set.of(p + ".value", p + ".label");
      }

      @Override
      public Set<String> visitOpen(Step.Open o) {
        return Set.of(p + ".url");
      }

      @Override
      public Set<String> visitNavigate(Step.Navigate n) {
        return Set.of(p + ".url");
      }

      @Override
      public Set<String> visitTabNew(Step.TabNew t) {
        return Set.of(p + ".url");
      }

      // a literal secret elsewhere is left to block the step
      @Override public Set<String> visitBack(Step.Back s) { return Set.of(); }
      @Override public Set<String> visitForward(Step.Forward s) { return Set.of(); }
      @Override public Set<String> visitReload(Step.Reload s) { return Set.of(); }
      @Override public Set<String> visitTabSwitch(Step.TabSwitch s) { return Set.of(); }
      @Override public Set<String> visitTabClose(Step.TabClose s) { return Set.of(); }
      @Override public Set<String> visitFrame(Step.Frame s) { return Set.of(); }
      @Override public Set<String> visitFrameMain(Step.FrameMain s) { return Set.of(); }
      @Override public Set<String> visitSetViewport(Step.SetViewport s) { return Set.of(); }
      @Override public Set<String> visitClick(Step.Click s) { return Set.of(); }
      @Override public Set<String> visitDblclick(Step.Dblclick s) { return Set.of(); }
      @Override public Set<String> visitContextmenu(Step.Contextmenu s) { return Set.of(); }
      @Override public Set<String> visitHover(Step.Hover s) { return Set.of(); }
      @Override public Set<String> visitPress(Step.Press s) { return Set.of(); }
      @Override public Set<String> visitCheck(Step.Check s) { return Set.of(); }
      @Override public Set<String> visitUncheck(Step.Uncheck s) { return Set.of(); }
      @Override public Set<String> visitToggle(Step.Toggle s) { return Set.of(); }
      @Override public Set<String> visitScroll(Step.Scroll s) { return Set.of(); }
      @Override public Set<String> visitDrag(Step.Drag s) { return Set.of(); }
      @Override public Set<String> visitUpload(Step.Upload s) { return Set.of(); }
      @Override public Set<String> visitWait(Step.Wait s) { return Set.of(); }
      @Override public Set<String> visitAssert(Step.Assert s) { return Set.of(); }
      @Override public Set<String> visitRead(Step.Read s) { return Set.of(); }
      @Override public Set<String> visitScrape(Step.Scrape s) { return Set.of(); }
      @Override public Set<String> visitPaginate(Step.Paginate s) { return Set.of(); }
      @Override public Set<String> visitSetVar(Step.SetVar s) { return Set.of(); }
      @Override public Set<String> visitEval(Step.Eval s) { return Set.of(); }
      @Override public Set<String> visitScreenshot(Step.Screenshot s) { return Set.of(); }
      @Override public Set<String> visitCsvImport(Step.CsvImport s) { return Set.of(); }
      @Override public Set<String> visitCsvExport(Step.CsvExport s) { return Set.of(); }
      @Override public Set<String> visitForeach(Step.Foreach s) { return Set.of(); }
      @Override public Set<String> visitRepeat(Step.Repeat s) { return Set.of(); }
      @Override public Set<String> visitIf(Step.If s) { return Set.of(); }
      @Override public Set<String> visitWhile(Step.While s) { return Set.of(); }
      @Override public Set<String> visitManual(Step.Manual s) { return Set.of(); }
    });
  }

  /** Expect checks go after the main command and after a closing {@code frame main} of a framed target. */
  private static int insertExpectAt(Out out) {
    int at = out.main + 1;
    if (at < out.commands.size() && out.commands.get(at).argv.equals(List.of("frame", "main"))) {
      at++;
    }
    return at;
  }

  private String uniqueId(String base) {
    String id = base;
    for (int n = 2; !commandIds.add(id); n++) {
      id = base + "~" + n;
    }
    return id;
  }

  /** Fills {@code out}; false (with an issue) when the step is not exported. */
  private boolean body(Step s, String p, Out out) {
    return s.accept(new Body(p, out));
  }

  /** The commands of one step, into {@link Out}; false (with an issue) when the step is not exported. */
  private final class Body implements StepVisitor<Boolean> {
    private final String p;
    private final Out out;

    Body(String p, Out out) {
      this.p = p;
      this.out = out;
    }

    /** A command that leaves the page's frames behind. */
    private boolean leavingFrame(List<String> argv) {
      out.act(argv);
      inFrame = false;
      return true;
    }

    @Override
    public Boolean visitOpen(Step.Open o) {
      if (o.tab().isPresent()) {
        String ref = tabRef(o.tab().get(), p);
        if (ref == null) {
          return false;
        }
        out.add(list("tab", ref));
        issues.info(ConversionCode.REWRITTEN, p, "open in tab " + o.tab().get() + " is written as a tab switch and an open");
      }
      String url = secretUrl(p, o.url());
      return url != null && leavingFrame(list("open", url));
    }

    @Override
    public Boolean visitNavigate(Step.Navigate n) {
      String url = secretUrl(p, n.url());
      return url != null && leavingFrame(list("navigate", url));
    }

    @Override
    public Boolean visitBack(Step.Back b) {
      return leavingFrame(list("back"));
    }

    @Override
    public Boolean visitForward(Step.Forward f) {
      return leavingFrame(list("forward"));
    }

    @Override
    public Boolean visitReload(Step.Reload r) {
      return leavingFrame(list("reload"));
    }

    @Override
    public Boolean visitTabNew(Step.TabNew t) {
      return tabNew(t, p, out);
    }

    @Override
    public Boolean visitTabSwitch(Step.TabSwitch t) {
      String ref = tabRef(t.alias(), p);
      return ref != null && leavingFrame(list("tab", ref));
    }

    @Override
    public Boolean visitTabClose(Step.TabClose t) {
      List<String> argv = list("tab", "close");
      if (t.alias().isPresent()) {
        String ref = tabRef(t.alias().get(), p);
        if (ref == null) {
          return false;
        }
        argv.add(ref);
      }
      return leavingFrame(argv);
    }

    @Override
    public Boolean visitFrame(Step.Frame f) {
      if (inFrame) {
        issues.blocking(ConversionCode.FRAME_UNRESOLVED, p, "nested frames cannot be written: browserctl finds frame owners from the "
            + "main frame; return with frameMain first or locate the inner frame from the main frame");
        return false;
      }
      String locator = out(f.locator(), p);
      if (locator == null) {
        return false;
      }
      List<String> argv = list("frame", locator);
      timeout(f, argv, out);
      out.act(argv);
      inFrame = true;
      return true;
    }

    @Override
    public Boolean visitFrameMain(Step.FrameMain f) {
      return leavingFrame(list("frame", "main"));
    }

    @Override
    public Boolean visitSetViewport(Step.SetViewport v) {
      issues.warning(ConversionCode.UNSUPPORTED_STEP, p, "browserctl-flow has no viewport command; setViewport was left out");
      return false;
    }

    @Override
    public Boolean visitClick(Step.Click c) {
      return click(c, p, out);
    }

    @Override
    public Boolean visitDblclick(Step.Dblclick d) {
      if (d.offset().isPresent()) {
        issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".offset", "browserctl double-clicks the element's center; the offset was left out");
      }
      return action(out, "dblclick", d.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitHover(Step.Hover h) {
      return action(out, "hover", h.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitCheck(Step.Check c) {
      return action(out, "check", c.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitUncheck(Step.Uncheck u) {
      return action(out, "uncheck", u.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitToggle(Step.Toggle t) {
      issues.info(ConversionCode.APPROXIMATED, p, "toggle is written as a click (browserctl has no toggle); read back it is a click");
      return action(out, "click", t.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitFill(Step.Fill f) {
      String v = secretTyped(p + ".value", f.value(), f.target());
      return v != null && action(out, "fill", f.target(), p, List.of(v), List.of());
    }

    @Override
    public Boolean visitType(Step.Type t) {
      if (t.target().isEmpty()) {
        issues.blocking(ConversionCode.TARGET_UNRESOLVED, p, "browserctl type needs a selector; typing into the focused element "
            + "cannot be written");
        return false;
      }
      String v = secretTyped(p + ".text", t.text(), t.target().get());
      return v != null && action(out, "type", t.target().get(), p, List.of(v), List.of());
    }

    @Override
    public Boolean visitPress(Step.Press k) {
      return press(k, p, out);
    }

    @Override
    public Boolean visitSelect(Step.Select sel) {
      String field = sel.value().isPresent() ? ".value" : ".label";
      String raw = sel.value().orElse(sel.label().orElse(""));
      if (sel.label().isPresent()) {
        issues.info(ConversionCode.APPROXIMATED, p + ".label", "browserctl select matches a value or a label; read back the label "
            + "is a value");
      }
      String v = secretTyped(p + field, raw, sel.target());
      return v != null && action(out, "select", sel.target(), p, List.of(v), List.of());
    }

    @Override
    public Boolean visitScroll(Step.Scroll s) {
      return scroll(s, p, out);
    }

    @Override
    public Boolean visitWait(Step.Wait w) {
      if (style == Style.TEXT && lastExported != null && BrowserctlUrlWaits.navigates(lastExported)
          && w.until().filter(BrowserctlUrlWaits::isUrl).isPresent()) {
        issues.info(ConversionCode.WAIT_AS_EXPECT, p, "a wait --url right after a " + lastExported.kind().op()
            + " reads back as that step's expect");
      }
      if (w.ms().isPresent()) {
        out.act(list("wait", "--ms", String.valueOf(w.ms().getAsInt())));
        return true;
      }
      return waitStep(w, w.until().orElseThrow(), p + ".until", out, false);
    }

    @Override
    public Boolean visitAssert(Step.Assert a) {
      return waitStep(a, a.condition(), p + ".condition", out, true);
    }

    @Override
    public Boolean visitRead(Step.Read r) {
      return read(r, p, out);
    }

    @Override
    public Boolean visitEval(Step.Eval e) {
      List<String> argv = list("eval", e.script());
      timeout(e, argv, out);
      Command c = out.act(argv);
      c.capture.put("result", outputVar(e.id(), "result"));
      return true;
    }

    @Override
    public Boolean visitScreenshot(Step.Screenshot sh) {
      List<String> argv = list("screenshot");
      sh.name().ifPresent(argv::add);
      if (sh.fullPage()) {
        argv.add("--full");
      }
      if (sh.target().isPresent()) {
        issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".target", "browserctl screenshots the page; the element target was left out");
      }
      out.act(argv);
      return true;
    }

    // no browserctl command
    @Override public Boolean visitContextmenu(Step.Contextmenu s) { return unsupported(s); }
    @Override public Boolean visitDrag(Step.Drag s) { return unsupported(s); }
    @Override public Boolean visitUpload(Step.Upload s) { return unsupported(s); }
    @Override public Boolean visitScrape(Step.Scrape s) { return unsupported(s); }
    @Override public Boolean visitPaginate(Step.Paginate s) { return unsupported(s); }
    @Override public Boolean visitSetVar(Step.SetVar s) { return unsupported(s); }
    @Override public Boolean visitCsvImport(Step.CsvImport s) { return unsupported(s); }
    @Override public Boolean visitCsvExport(Step.CsvExport s) { return unsupported(s); }
    @Override public Boolean visitForeach(Step.Foreach s) { return unsupported(s); }
    @Override public Boolean visitRepeat(Step.Repeat s) { return unsupported(s); }
    @Override public Boolean visitIf(Step.If s) { return unsupported(s); }
    @Override public Boolean visitWhile(Step.While s) { return unsupported(s); }
    @Override public Boolean visitManual(Step.Manual s) { return unsupported(s); }

    private boolean unsupported(Step s) {
      issues.blocking(ConversionCode.UNSUPPORTED_STEP, p, s.kind().op() + " (step " + s.id()
          + ") has no browserctl command; it was left out"
          + (NativeCodec.count(List.of(s)) > 1 ? " with the steps inside it" : ""));
      return false;
    }
  }

  private static List<String> list(String... words) {
    return new ArrayList<>(List.of(words));
  }

  private void timeout(Step s, List<String> argv, Out out) {
    if (s.timeoutMs().isPresent()) {
      argv.add("--timeout");
      argv.add(String.valueOf(s.timeoutMs().getAsInt()));
      out.timeoutUsed = true;
    }
  }

  private boolean click(Step.Click c, String p, Out out) {
    if (c.button() != Step.MouseButton.LEFT) {
      issues.blocking(ConversionCode.UNSUPPORTED_STEP, p, "browserctl clicks with the left button only; a "
          + c.button().name().toLowerCase(Locale.ROOT) + " click cannot be written");
      return false;
    }
    if (!c.modifiers().isEmpty()) {
      issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".modifiers", "browserctl click holds no modifier keys; "
          + String.join("+", c.modifiers()) + " was left out");
    }
    if (c.offset().isPresent()) {
      issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".offset", "browserctl clicks the element's center; the offset was left out");
    }
    if (c.newTab().isEmpty()) {
      return action(out, "click", c.target(), p, List.of(), List.of());
    }
    String alias = c.newTab().get();
    String var = tabVar(alias);
    if (!action(out, "click", c.target(), p, List.of(), List.of("--new-tab"))) {
      return false;
    }
    out.commands.get(out.main).capture.put("tabId", var);
    tabRefs.put(alias, "${" + var + "}");
    return true;
  }

  private boolean press(Step.Press k, String p, Out out) {
    List<String> flags = new ArrayList<>();
    for (String m : k.modifiers()) {
      switch (m) {
        case "Control": flags.add("--ctrl"); break;
        case "Shift": flags.add("--shift"); break;
        case "Alt": flags.add("--alt"); break;
        case "Meta": flags.add("--meta"); break;
        default:
          issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".modifiers", "browserctl press has no modifier " + m + "; it was left out");
      }
    }
    String key = out(k.key(), p);
    if (key == null) {
      return false;
    }
    if (k.target().isEmpty()) {
      List<String> argv = list("press", key);
      argv.addAll(flags);
      out.act(argv);
      return true;
    }
    Located loc = locate(k.target().get(), p + ".target", false);
    if (loc == null) {
      return false;
    }
    List<String> argv = list("press", key, loc.selector);
    argv.addAll(flags);
    framed(out, loc, argv);
    return true;
  }

  private boolean scroll(Step.Scroll s, String p, Out out) {
    return switch (s.mode()) {
      case INTO_VIEW -> scrollIntoView(s, p, out);
      case BY -> scrollBy(s, p, out);
      case TO -> scrollTo(s, p, out);
    };
  }

  private boolean scrollIntoView(Step.Scroll s, String p, Out out) {
    if (s.target().isEmpty()) {
      issues.blocking(ConversionCode.SCROLL_TARGET_UNRESOLVED, p, "scroll intoView names no element");
      return false;
    }
    Located loc = locate(s.target().get(), p + ".target", false);
    if (loc == null) {
      return false;
    }
    framed(out, loc, list("scrollintoview", loc.selector));
    return true;
  }

  private boolean scrollBy(Step.Scroll s, String p, Out out) {
    if (s.target().isPresent()) {
      Located loc = locate(s.target().get(), p + ".target", false);
      if (loc == null) {
        return false;
      }
      if (s.x() != 0) {
        issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".x", "browserctl scrolls elements vertically only; x was left out");
      }
      framed(out, loc, list("scroll", loc.selector, "--by", String.valueOf(s.y())));
      return true;
    }
    if (s.x() == 0) {
      out.act(list("scroll", "--by", String.valueOf(s.y())));
    } else {
      issues.warning(ConversionCode.SCROLL_FALLBACK_TO_EVAL, p, "browserctl scrolls vertically only; written as an eval of window.scrollBy");
      out.act(list("eval", "window.scrollBy(" + s.x() + ", " + s.y() + ")"));
    }
    return true;
  }

  private boolean scrollTo(Step.Scroll s, String p, Out out) {
    if (s.target().isPresent()) {
      issues.blocking(ConversionCode.SCROLL_TARGET_UNRESOLVED, p, "browserctl cannot scroll an element to a position");
      return false;
    }
    if (s.x() == 0 && s.y() == 0) {
      out.act(list("scroll", "--to", "top"));
    } else if (s.x() == 0 && s.y() >= BrowserctlImport.SCROLL_BOTTOM) {
      out.act(list("scroll", "--to", "bottom"));
    } else {
      issues.warning(ConversionCode.SCROLL_FALLBACK_TO_EVAL, p, "browserctl scrolls to the top or bottom only; written as an eval of "
          + "window.scrollTo");
      out.act(list("eval", "window.scrollTo(" + s.x() + ", " + s.y() + ")"));
    }
    return true;
  }

  private boolean waitStep(Step s, Condition cond, String cp, Out out, boolean isAssert) {
    List<String> argv = waitArgv(cond, cp);
    String p = cp.substring(0, cp.lastIndexOf('.'));
    if (argv == null) {
      issues.warning(ConversionCode.UNSUPPORTED_CONDITION, cp, "this condition has no browserctl wait; the " + s.kind().op()
          + " step was left out");
      return false;
    }
    if (isAssert) {
      issues.info(ConversionCode.APPROXIMATED, p, "assert is written as a wait (both fail when the condition does not hold in time); "
          + "read back it is a wait step");
    }
    timeout(s, argv, out);
    out.act(argv);
    return true;
  }

  private boolean read(Step.Read r, String p, Out out) {
    Located loc = locate(r.target(), p + ".target", false);
    if (loc == null) {
      return false;
    }
    List<String> argv = switch (r.what()) {
      case TEXT -> list("get", "text", loc.selector);
      case VALUE -> list("get", "value", loc.selector);
      case ATTRIBUTE -> list("get", "attr", loc.selector, r.attribute().orElse(""));
    };
    String field = switch (r.what()) {
      case TEXT -> "text";
      case VALUE -> "value";
      case ATTRIBUTE -> "attribute";
    };
    framed(out, loc, argv);
    out.commands.get(out.main).capture.put(field, outputVar(r.id(), field));
    return true;
  }

  private boolean tabNew(Step.TabNew t, String p, Out out) {
    List<String> argv = list("tab", "new");
    if (t.url().isPresent()) {
      String url = secretUrl(p, t.url().get());
      if (url == null) {
        return false;
      }
      argv.add(url);
    }
    if (style == Style.TEXT) {
      argv.add("--label");
      argv.add(t.alias());
      out.act(argv);
      out.add(list("tab", t.alias()));
      tabRefs.put(t.alias(), t.alias());
    } else {
      String var = tabVar(t.alias());
      out.act(argv).capture.put("tabId", var);
      out.add(list("tab", "${" + var + "}"));
      tabRefs.put(t.alias(), "${" + var + "}");
    }
    inFrame = false;
    return true;
  }

  /** How commands name the tab of {@code alias}; null (with an issue) when nothing opened it. */
  private String tabRef(String alias, String p) {
    String ref = tabRefs.get(alias);
    if (ref == null) {
      issues.blocking(ConversionCode.TAB_UNRESOLVED, p, "tab " + alias + " is not opened by an earlier tabNew or click newTab, so "
          + "no browserctl command can name it");
      return null;
    }
    if (style == Style.TEXT && ref.startsWith("${")) {
      captureInComment(p);
    }
    return ref;
  }

  private void captureInComment(String p) {
    issues.warning(ConversionCode.CAPTURE_IN_COMMENT, p, "this command uses a variable captured by an earlier command; the text format "
        + "keeps captures in '# capture:' comments, which plain-text runners ignore: run the browserctl-flow.json");
  }

  private String tabVar(String alias) {
    return tabVars.computeIfAbsent(alias, this::freshVar);
  }

  private String outputVar(String stepId, String field) {
    String var = freshVar(stepId + "_" + field);
    outputVars.put("steps." + stepId + "." + field, var);
    return var;
  }

  private String freshVar(String base) {
    String v = NOT_VAR_CHAR.matcher(base).replaceAll("_");
    if (v.isEmpty() || Character.isDigit(v.charAt(0))) {
      v = "_" + v;
    }
    String var = v;
    for (int n = 2; usedVars.contains(var) || keys.contains(var); n++) {
      var = v + "_" + n;
    }
    usedVars.add(var);
    return var;
  }

  // ------------------------------------------------------------------ targets

  /** Where a command acts: a css selector, or a find strategy and query; optionally inside a frame. */
  private static final class Located {
    String selector;
    String strategy;
    String query;
    String name;
    boolean exact;
    String frame;
  }

  /**
   * The first candidate browserctl can express: css, testId ({@code [data-testid=...]}) and id
   * ({@code [id=...]}) as selectors; role, text, label and placeholder through find when the action
   * allows it; placeholder as {@code [placeholder=...]} otherwise.
   */
  private Located locate(Target t, String tp, boolean findOk) {
    List<Candidate> cs = t.candidates();
    Located loc = null;
    int chosen = -1;
    for (int pass = 0; pass < 2 && loc == null; pass++) {
      for (int k = 0; k < cs.size() && loc == null; k++) {
        loc = express(cs.get(k), findOk, pass == 1);
        chosen = k;
      }
    }
    if (loc == null) {
      issues.blocking(ConversionCode.TARGET_UNRESOLVED, tp, "no candidate of " + t.describe() + " can be written as a browserctl selector"
          + (findOk ? " or find" : "") + "; add a css, testId or id candidate");
      return null;
    }
    if (chosen > 0) {
      issues.info(ConversionCode.CANDIDATE_SUBSTITUTED, tp + ".candidates[" + chosen + "]", "browserctl cannot express candidate "
          + cs.get(0).describe() + " here; candidate " + chosen + " is written instead");
    }
    if (cs.size() > 1) {
      issues.info(ConversionCode.CANDIDATES_DROPPED, tp, "browserctl takes one locator; " + (cs.size() - 1)
          + " other candidate(s) were left out");
    }
    if (!t.shadowPath().isEmpty()) {
      issues.warning(ConversionCode.SHADOW_PATH_DROPPED, tp + ".shadowPath", "browserctl selectors do not enter shadow roots "
          + "through hosts; the shadow path was left out");
    }
    if (!t.framePath().isEmpty()) {
      if (inFrame || t.framePath().size() > 1) {
        issues.blocking(ConversionCode.FRAME_UNRESOLVED, tp + ".framePath", "browserctl enters one frame from the main frame; this "
            + "target's frame path cannot be written");
        return null;
      }
      loc.frame = out(t.framePath().get(0), tp);
      if (loc.frame == null) {
        return null;
      }
      issues.info(ConversionCode.FRAME_PATH_AS_COMMANDS, tp + ".framePath", "the target's frame is entered with frame <owner> before the "
          + "command and left with frame main after it; read back these are frame and frameMain steps");
    }
    if (loc.selector != null) {
      loc.selector = out(loc.selector, tp);
      if (loc.selector == null) {
        return null;
      }
    } else {
      loc.query = out(loc.query, tp);
      if (loc.query == null) {
        return null;
      }
      if (loc.name != null) {
        loc.name = out(loc.name, tp);
        if (loc.name == null) {
          return null;
        }
      }
    }
    return loc;
  }

  private static Located express(Candidate c, boolean findOk, boolean fallback) {
    return switch (c.kind()) {
      case CSS -> selector(c.value());
      case TEST_ID -> selector("[data-testid=" + CssStrings.quote(c.value()) + "]");
      case ID -> selector("[id=" + CssStrings.quote(c.value()) + "]");
      case ROLE -> findOk ? find(c, "role") : null;
      case TEXT -> findOk ? find(c, "text") : null;
      case LABEL -> findOk ? find(c, "label") : null;
      case PLACEHOLDER -> findOk ? find(c, "placeholder")
          : fallback ? selector("[placeholder=" + CssStrings.quote(c.value()) + "]") : null;
      case XPATH -> null;
    };
  }

  private static Located selector(String selector) {
    Located l = new Located();
    l.selector = selector;
    return l;
  }

  private static Located find(Candidate c, String strategy) {
    Located l = new Located();
    l.strategy = strategy;
    l.query = c.value();
    l.name = c.name().orElse(null);
    l.exact = c.kind() != Candidate.Kind.ROLE || l.name != null;
    return l;
  }

  /** {@code action} on {@code target}: a plain command, or {@code find} when the target needs it. */
  private boolean action(Out out, String action, Target target, String p, List<String> values, List<String> flags) {
    boolean findOk = FIND_ACTIONS.contains(action) && flags.isEmpty();
    Located loc = locate(target, p + ".target", findOk);
    if (loc == null) {
      return false;
    }
    List<String> mappedValues = new ArrayList<>();
    for (String v : values) {
      String m = out(v, p);
      if (m == null) {
        return false;
      }
      if (m.startsWith("--")) {
        issues.warning(ConversionCode.VALUE_LOOKS_LIKE_OPTION, p, "the value starts with --, which browserctl reads as an option");
      }
      mappedValues.add(m);
    }
    List<String> argv;
    if (loc.selector != null) {
      argv = list(action, loc.selector);
      argv.addAll(mappedValues);
    } else {
      argv = list("find", loc.strategy, loc.query, action);
      argv.addAll(mappedValues);
      if (loc.name != null) {
        argv.add("--name");
        argv.add(loc.name);
      }
      if (loc.exact) {
        argv.add("--exact");
      }
    }
    argv.addAll(flags);
    framed(out, loc, argv);
    return true;
  }

  /** The command, entering and leaving the target's frame around it when it has one. */
  private static void framed(Out out, Located loc, List<String> argv) {
    if (loc.frame != null) {
      out.add(list("frame", loc.frame));
      out.act(argv);
      out.add(list("frame", "main"));
    } else {
      out.act(argv);
    }
  }

  /** A browserctl wait for the condition; null when there is none. */
  private List<String> waitArgv(Condition cond, String cp) {
    return cond.accept(new ConditionVisitor<List<String>>() {
      @Override
      public List<String> visitUrl(Condition.Url u) {
        String glob = out(u.glob(), cp);
        return glob == null ? null : list("wait", "--url", glob);
      }

      @Override
      public List<String> visitLoad(Condition.Load l) {
        return list("wait", "--load", l.state().name().toLowerCase(Locale.ROOT));
      }

      @Override
      public List<String> visitExpression(Condition.Expression e) {
        return list("wait", "--fn", e.script());
      }

      @Override
      public List<String> visitText(Condition.Text t) {
        if (t.target().isPresent() || t.match() != Condition.Match.CONTAINS) {
          return null;
        }
        String text = out(t.text(), cp);
        return text == null ? null : list("wait", "--text", text);
      }

      @Override
      public List<String> visitElement(Condition.Element e) {
        if (!e.target().framePath().isEmpty()) {
          return null;
        }
        List<String> state = switch (e.state()) {
          case VISIBLE -> List.of();
          case HIDDEN -> List.of("--state", "hidden");
          case EXISTS -> {
            issues.warning(ConversionCode.APPROXIMATED, cp, "exists is written as wait --selector, which also waits until the "
                + "element is visible");
            yield List.of();
          }
          case ENABLED, DISABLED, CHECKED, UNCHECKED -> null;
        };
        if (state == null) {
          return null;
        }
        Located loc = locate(e.target(), cp + ".element", false);
        if (loc == null) {
          return null;
        }
        List<String> argv = list("wait", "--selector", loc.selector);
        argv.addAll(state);
        return argv;
      }

      // no browserctl wait
      @Override public List<String> visitTitle(Condition.Title c) { return null; }
      @Override public List<String> visitCount(Condition.Count c) { return null; }
      @Override public List<String> visitValue(Condition.Value c) { return null; }
      @Override public List<String> visitAttribute(Condition.Attribute c) { return null; }
      @Override public List<String> visitVar(Condition.Var c) { return null; }
      @Override public List<String> visitDownload(Condition.Download c) { return null; }
      @Override public List<String> visitNot(Condition.Not c) { return null; }
    });
  }

  // ------------------------------------------------------------------ values

  /** {@code ${input.X}} and {@code ${credential.X}} as {@code ${X}}; null (with an issue) when a reference has no browserctl form. */
  private String out(String value, String p) {
    if (value == null || !Placeholders.contains(value) || Placeholders.syntaxError(value).isPresent()) {
      return value;
    }
    boolean[] failed = {false};
    String result = Placeholders.replace(value, ref -> {
      String r = outRef(ref, value, p);
      if (r == null) {
        failed[0] = true;
        return "";
      }
      return r;
    });
    return failed[0] ? null : result;
  }

  private String outRef(String ref, String whole, String p) {
    if (ref.startsWith("input.")) {
      return "${" + ref.substring(6) + "}";
    }
    if (ref.startsWith("credential.")) {
      return "${" + ref.substring(11) + "}";
    }
    if (!ref.contains(".")) {
      return "${" + ref + "}";
    }
    String var = outputVars.get(ref);
    if (var != null) {
      if (!Placeholders.isWhole(whole)) {
        issues.warning(ConversionCode.BINDING_EMBEDDED, p, "browserctl replaces a captured ${" + var + "} only when it is a whole word; "
            + "here it is part of a longer value");
      }
      if (style == Style.TEXT) {
        captureInComment(p);
      }
      return "${" + var + "}";
    }
    issues.blocking(ConversionCode.BINDING_UNRESOLVED, p, "${" + ref + "} has no browserctl equivalent (browserctl has credentials, "
        + "inputs and captured command results only); the step was left out");
    return null;
  }

  /** A typed value; a literal secret becomes a secret credential placeholder. */
  private String secretTyped(String path, String value, Target target) {
    if (!secretAt(path)) {
      return value;
    }
    boolean password = target.candidates().stream().anyMatch(c -> SECRET_FIELD.matcher(c.value()).find());
    return replaceSecret(path, password ? "PASSWORD" : "SECRET",
        password ? Credential.Type.PASSWORD : Credential.Type.TOKEN, "a literal secret typed by the step");
  }

  private String secretUrl(String p, String url) {
    if (!secretAt(p + ".url")) {
      return out(url, p);
    }
    return replaceSecret(p + ".url", "SECRET_URL", Credential.Type.URL, "a URL holding a literal secret");
  }

  private String replaceSecret(String path, String base, Credential.Type type, String what) {
    String key = base;
    for (int n = 2; keys.contains(key); n++) {
      key = base + "_" + n;
    }
    keys.add(key);
    CredentialSpec s = new CredentialSpec();
    s.key = key;
    s.label = type == Credential.Type.PASSWORD ? "Password" : "Secret";
    s.type = type.name().toLowerCase(Locale.ROOT);
    s.required = true;
    s.secret = true;
    doc.credentials.add(s);
    issues.warning(ConversionCode.SENSITIVE_VALUE, path, what + " was written as ${" + key + "}, a new secret credential; supply its "
        + "value when running");
    return "${" + key + "}";
  }

  /** The step index an issue path points into, or -1. */
  static int stepIndex(String path) {
    Matcher m = STEP_INDEX.matcher(path);
    return m.matches() ? Integer.parseInt(m.group(1)) : -1;
  }
}
