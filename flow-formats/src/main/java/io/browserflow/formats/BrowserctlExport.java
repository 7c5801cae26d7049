package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.validate.FlowLint;
import io.browserflow.api.validate.LintCode;
import io.browserflow.api.validate.LintWarning;
import io.browserflow.formats.BrowserctlDocument.Command;
import io.browserflow.formats.BrowserctlDocument.CredentialSpec;
import io.browserflow.formats.BrowserctlDocument.InputSpec;
import java.util.ArrayList;
import java.util.EnumSet;
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
    final List<ConversionIssue> issues;
    final int read;
    final int mapped;

    Result(BrowserctlDocument doc, List<ConversionIssue> issues, int read, int mapped) {
      this.doc = doc;
      this.issues = issues;
      this.read = read;
      this.mapped = mapped;
    }
  }

  /** Lint findings that concern the exported commands; the others are about the flow's own review. */
  private static final Set<LintCode> PASSED_ON = EnumSet.of(LintCode.UNSTABLE_SELECTOR,
      LintCode.FRAME_SELECTOR_UNSTABLE, LintCode.FRAME_URL_DYNAMIC, LintCode.FRAME_RUNTIME_ID_ONLY,
      LintCode.FIXED_WAIT_TOO_LONG, LintCode.NAVIGATE_AFTER_CLICK, LintCode.REDUNDANT_NAVIGATE,
      LintCode.OVERLAY_CLICK, LintCode.EMPTY_INPUT_VALUE, LintCode.SECRET_NOT_CREDENTIAL, LintCode.VOLATILE_VALUE,
      LintCode.EVAL_USED, LintCode.SENSITIVE_VALUE);
  private static final Set<String> FIND_ACTIONS = Set.of("click", "dblclick", "hover", "fill", "type", "check",
      "uncheck");
  private static final Pattern NOT_VAR_CHAR = Pattern.compile("[^A-Za-z0-9_]");
  private static final Pattern STEP_INDEX = Pattern.compile("steps\\[(\\d+)](.*)");
  private static final Pattern SECRET_FIELD = Pattern.compile("(?i)passw|passwd|pwd|密码|口令");

  private final Flow flow;
  private final Style style;
  private final BrowserctlDocument doc = new BrowserctlDocument();
  private final List<ConversionIssue> issues = new ArrayList<>();
  private final Set<String> reported = new HashSet<>();
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
  private Step.Kind lastExported;

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
    for (LintWarning w : lint) {
      if (PASSED_ON.contains(w.code()) && !(w.code() == LintCode.SENSITIVE_VALUE && w.blocking())) {
        issues.add(ConversionIssue.of(w.code().name(), severity(w.severity()), w.path(), w.message()));
      }
    }
    doc.issues.addAll(issues);
    doc.quality = quality(issues);
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
    switch (s) {
      case INFO: return ConversionIssue.Severity.INFO;
      case WARNING: return ConversionIssue.Severity.WARNING;
      default: return ConversionIssue.Severity.BLOCKING;
    }
  }

  private void issue(ConversionIssue.Severity severity, String code, String path, String message) {
    if (reported.add(code + "@" + path + "@" + message)) {
      issues.add(ConversionIssue.of(code, severity, path, message));
    }
  }

  private void info(String code, String path, String message) {
    issue(ConversionIssue.Severity.INFO, code, path, message);
  }

  private void warning(String code, String path, String message) {
    issue(ConversionIssue.Severity.WARNING, code, path, message);
  }

  private void blocking(String code, String path, String message) {
    issue(ConversionIssue.Severity.BLOCKING, code, path, message);
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
        warning("SENSITIVE_VALUE", "name", "the flow name holds a literal secret and was left out");
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
        warning("SENSITIVE_VALUE", "description", "the description holds a literal secret and was left out");
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
      info("FIELD_DROPPED", "tags", "browserctl-flow has no tags; they were left out");
    }
    for (int i = 0; i < flow.tabs().size(); i++) {
      TabAlias t = flow.tabs().get(i);
      if (t.url().isPresent() || t.opener().isPresent()) {
        info("FIELD_DROPPED", "tabs[" + i + "]", "the url and opener of tab alias " + t.alias()
            + " were left out; tab commands carry the tabs");
      }
    }
    if (flow.table().isPresent()) {
      info("FIELD_DROPPED", "table", "browserctl-flow has no data table; it was left out");
    }
    flow.policy().ifPresent(p -> {
      if (!p.allowedOrigins().isEmpty() || !p.capabilities().isEmpty()) {
        info("FIELD_DROPPED", "policy", "browserctl-flow has no policy; allowed origins and capabilities were left out");
      }
    });
    if (flow.schedule().isPresent()) {
      info("FIELD_DROPPED", "schedule", "browserctl-flow has no schedule; it was left out");
    }
  }

  private void input(Input in, String path) {
    InputSpec s = new InputSpec();
    s.key = in.key();
    s.label = in.label().orElse(null);
    s.type = in.type() == Input.Type.URL ? "text" : in.type().name().toLowerCase(Locale.ROOT);
    if (in.type() == Input.Type.URL) {
      info("TYPE_CHANGED", path + ".type", "browserctl inputs have no url type; input " + in.key() + " is written as text");
    }
    s.required = in.required();
    if (in.defaultValue().isPresent()) {
      if (secretAt(path + ".default")) {
        warning("SENSITIVE_VALUE", path + ".default", "the default of input " + in.key()
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
      warning("SENSITIVE_VALUE", path + ".options", "the options of input " + in.key()
          + " hold a literal secret and were left out");
    } else {
      s.options.addAll(in.options());
    }
    if (in.pattern().isPresent()) {
      info("FIELD_DROPPED", path + ".pattern", "browserctl inputs have no pattern; the pattern of input " + in.key()
          + " was left out");
    }
    s.path = path;
    doc.inputs.add(s);
  }

  /** {@code tab} with capture automationTabId names the first tab when a step returns to it. */
  private void mainTab() {
    boolean used = false;
    for (Step s : flow.steps()) {
      if (s instanceof Step.TabSwitch && ((Step.TabSwitch) s).alias().equals("main")
          || s instanceof Step.TabClose && ((Step.TabClose) s).alias().filter("main"::equals).isPresent()
          || s instanceof Step.Open && ((Step.Open) s).tab().filter("main"::equals).isPresent()) {
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
      info("STEP_DISABLED", p, "the disabled step " + s.id() + " was left out");
      return;
    }
    boolean titleSecret = secretAt(p + ".title");
    if (titleSecret) {
      warning("SENSITIVE_VALUE", p + ".title", "the step title holds a literal secret and was left out");
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
      blocking("SECRET_POLICY_VIOLATION", p, "step " + s.id() + " holds a literal secret at "
          + String.join(", ", leftover) + " that browserctl cannot take from a credential; the step was left out");
      return;
    }
    if (style == Style.TEXT && lastExported != null && BrowserctlImport.NAVIGATING.contains(lastExported)
        && s instanceof Step.Wait && ((Step.Wait) s).until().filter(u -> u instanceof Condition.Url).isPresent()) {
      info("WAIT_AS_EXPECT", p, "a wait --url right after a " + lastExported.op() + " reads back as that step's expect");
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
        warning("CONDITION_UNSUPPORTED", ep, "this expect condition has no browserctl wait; it was left out");
        continue;
      }
      if (s.timeoutMs().isPresent()) {
        argv.add("--timeout");
        argv.add(String.valueOf(s.timeoutMs().getAsInt()));
        out.timeoutUsed = true;
      }
      if (style == Style.TEXT && !(s.expect().get(k) instanceof Condition.Url)) {
        info("EXPECT_AS_WAIT", ep, "written as a wait command; read back it becomes a wait step");
      }
      checks.add(new Command(argv));
    }
    out.commands.addAll(insertAt, checks);
    if (s.timeoutMs().isPresent() && !out.timeoutUsed) {
      info("TIMEOUT_DROPPED", p + ".timeoutMs", "browserctl " + out.commands.get(out.main).argv.get(0)
          + " takes no timeout; the step's timeoutMs was left out");
    }
    s.retry().ifPresent(r -> info("OPTION_UNSUPPORTED", p + ".retry", "browserctl commands do not retry; the retry "
        + "policy was left out"));
    if (s.onError().kind() != OnError.Kind.STOP) {
      warning("OPTION_UNSUPPORTED", p + ".onError", "browserctl stops at a failed command; onError "
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
    lastExported = s.kind();
    exported++;
  }

  /** Fields whose literal secret the export replaces with a secret credential placeholder. */
  private static Set<String> replaceableSecrets(Step s, String p) {
    switch (s.kind()) {
      case FILL: return Set.of(p + ".value");
      case TYPE: return Set.of(p + ".text");
      case SELECT: return Set.of(p + ".value", p + ".label");
      case OPEN: case NAVIGATE: case TAB_NEW: return Set.of(p + ".url");
      default: return Set.of();
    }
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
    switch (s.kind()) {
      case OPEN: {
        Step.Open o = (Step.Open) s;
        if (o.tab().isPresent()) {
          String ref = tabRef(o.tab().get(), p);
          if (ref == null) {
            return false;
          }
          out.add(list("tab", ref));
          info("COMMAND_SPLIT", p, "open in tab " + o.tab().get() + " is written as a tab switch and an open");
        }
        String url = secretUrl(p, o.url());
        if (url == null) {
          return false;
        }
        out.act(list("open", url));
        inFrame = false;
        return true;
      }
      case NAVIGATE: {
        String url = secretUrl(p, ((Step.Navigate) s).url());
        if (url == null) {
          return false;
        }
        out.act(list("navigate", url));
        inFrame = false;
        return true;
      }
      case BACK:
      case FORWARD:
      case RELOAD:
        out.act(list(s.kind().op()));
        inFrame = false;
        return true;
      case TAB_NEW:
        return tabNew((Step.TabNew) s, p, out);
      case TAB_SWITCH: {
        String ref = tabRef(((Step.TabSwitch) s).alias(), p);
        if (ref == null) {
          return false;
        }
        out.act(list("tab", ref));
        inFrame = false;
        return true;
      }
      case TAB_CLOSE: {
        Step.TabClose t = (Step.TabClose) s;
        List<String> argv = list("tab", "close");
        if (t.alias().isPresent()) {
          String ref = tabRef(t.alias().get(), p);
          if (ref == null) {
            return false;
          }
          argv.add(ref);
        }
        out.act(argv);
        inFrame = false;
        return true;
      }
      case FRAME: {
        if (inFrame) {
          blocking("IFRAME_UNRESOLVED", p, "nested frames cannot be written: browserctl finds frame owners from the "
              + "main frame; return with frameMain first or locate the inner frame from the main frame");
          return false;
        }
        String locator = out(((Step.Frame) s).locator(), p);
        if (locator == null) {
          return false;
        }
        List<String> argv = list("frame", locator);
        timeout(s, argv, out);
        out.act(argv);
        inFrame = true;
        return true;
      }
      case FRAME_MAIN:
        out.act(list("frame", "main"));
        inFrame = false;
        return true;
      case CLICK:
        return click((Step.Click) s, p, out);
      case DBLCLICK: {
        Step.Dblclick d = (Step.Dblclick) s;
        if (d.offset().isPresent()) {
          warning("OPTION_UNSUPPORTED", p + ".offset", "browserctl double-clicks the element's center; the offset was left out");
        }
        return action(out, "dblclick", d.target(), p, List.of(), List.of());
      }
      case HOVER:
        return action(out, "hover", ((Step.Hover) s).target(), p, List.of(), List.of());
      case CHECK:
        return action(out, "check", ((Step.Check) s).target(), p, List.of(), List.of());
      case UNCHECK:
        return action(out, "uncheck", ((Step.Uncheck) s).target(), p, List.of(), List.of());
      case TOGGLE:
        info("STEP_APPROXIMATED", p, "toggle is written as a click (browserctl has no toggle); read back it is a click");
        return action(out, "click", ((Step.Toggle) s).target(), p, List.of(), List.of());
      case FILL: {
        Step.Fill f = (Step.Fill) s;
        String v = secretTyped(p + ".value", f.value(), f.target());
        return v != null && action(out, "fill", f.target(), p, List.of(v), List.of());
      }
      case TYPE: {
        Step.Type t = (Step.Type) s;
        if (t.target().isEmpty()) {
          blocking("TARGET_UNRESOLVED", p, "browserctl type needs a selector; typing into the focused element "
              + "cannot be written");
          return false;
        }
        String v = secretTyped(p + ".text", t.text(), t.target().get());
        return v != null && action(out, "type", t.target().get(), p, List.of(v), List.of());
      }
      case PRESS:
        return press((Step.Press) s, p, out);
      case SELECT: {
        Step.Select sel = (Step.Select) s;
        String field = sel.value().isPresent() ? ".value" : ".label";
        String raw = sel.value().orElse(sel.label().orElse(""));
        if (sel.label().isPresent()) {
          info("STEP_APPROXIMATED", p + ".label", "browserctl select matches a value or a label; read back the label "
              + "is a value");
        }
        String v = secretTyped(p + field, raw, sel.target());
        return v != null && action(out, "select", sel.target(), p, List.of(v), List.of());
      }
      case SCROLL:
        return scroll((Step.Scroll) s, p, out);
      case WAIT: {
        Step.Wait w = (Step.Wait) s;
        if (w.ms().isPresent()) {
          out.act(list("wait", "--ms", String.valueOf(w.ms().getAsInt())));
          return true;
        }
        return waitStep(s, w.until().orElseThrow(), p + ".until", out, false);
      }
      case ASSERT:
        return waitStep(s, ((Step.Assert) s).condition(), p + ".condition", out, true);
      case READ:
        return read((Step.Read) s, p, out);
      case EVAL: {
        List<String> argv = list("eval", ((Step.Eval) s).script());
        timeout(s, argv, out);
        Command c = out.act(argv);
        c.capture.put("result", outputVar(s.id(), "result"));
        return true;
      }
      case SCREENSHOT: {
        Step.Screenshot sh = (Step.Screenshot) s;
        List<String> argv = list("screenshot");
        sh.name().ifPresent(argv::add);
        if (sh.fullPage()) {
          argv.add("--full");
        }
        if (sh.target().isPresent()) {
          warning("OPTION_UNSUPPORTED", p + ".target", "browserctl screenshots the page; the element target was left out");
        }
        out.act(argv);
        return true;
      }
      case SET_VIEWPORT:
        warning("COMMAND_UNSUPPORTED_BY_BROWSERCTL", p, "browserctl-flow has no viewport command; setViewport was left out");
        return false;
      default:
        blocking("COMMAND_UNSUPPORTED_BY_BROWSERCTL", p, s.kind().op() + " (step " + s.id()
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
      blocking("COMMAND_UNSUPPORTED_BY_BROWSERCTL", p, "browserctl clicks with the left button only; a "
          + c.button().name().toLowerCase(Locale.ROOT) + " click cannot be written");
      return false;
    }
    if (!c.modifiers().isEmpty()) {
      warning("OPTION_UNSUPPORTED", p + ".modifiers", "browserctl click holds no modifier keys; "
          + String.join("+", c.modifiers()) + " was left out");
    }
    if (c.offset().isPresent()) {
      warning("OPTION_UNSUPPORTED", p + ".offset", "browserctl clicks the element's center; the offset was left out");
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
          warning("OPTION_UNSUPPORTED", p + ".modifiers", "browserctl press has no modifier " + m + "; it was left out");
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
    switch (s.mode()) {
      case INTO_VIEW: {
        if (s.target().isEmpty()) {
          blocking("SCROLL_TARGET_UNRESOLVED", p, "scroll intoView names no element");
          return false;
        }
        Located loc = locate(s.target().get(), p + ".target", false);
        if (loc == null) {
          return false;
        }
        framed(out, loc, list("scrollintoview", loc.selector));
        return true;
      }
      case BY: {
        if (s.target().isPresent()) {
          Located loc = locate(s.target().get(), p + ".target", false);
          if (loc == null) {
            return false;
          }
          if (s.x() != 0) {
            warning("OPTION_UNSUPPORTED", p + ".x", "browserctl scrolls elements vertically only; x was left out");
          }
          framed(out, loc, list("scroll", loc.selector, "--by", String.valueOf(s.y())));
          return true;
        }
        if (s.x() == 0) {
          out.act(list("scroll", "--by", String.valueOf(s.y())));
        } else {
          warning("SCROLL_FALLBACK_TO_EVAL", p, "browserctl scrolls vertically only; written as an eval of window.scrollBy");
          out.act(list("eval", "window.scrollBy(" + s.x() + ", " + s.y() + ")"));
        }
        return true;
      }
      default: {
        if (s.target().isPresent()) {
          blocking("SCROLL_TARGET_UNRESOLVED", p, "browserctl cannot scroll an element to a position");
          return false;
        }
        if (s.x() == 0 && s.y() == 0) {
          out.act(list("scroll", "--to", "top"));
        } else if (s.x() == 0 && s.y() >= BrowserctlImport.SCROLL_BOTTOM) {
          out.act(list("scroll", "--to", "bottom"));
        } else {
          warning("SCROLL_FALLBACK_TO_EVAL", p, "browserctl scrolls to the top or bottom only; written as an eval of "
              + "window.scrollTo");
          out.act(list("eval", "window.scrollTo(" + s.x() + ", " + s.y() + ")"));
        }
        return true;
      }
    }
  }

  private boolean waitStep(Step s, Condition cond, String cp, Out out, boolean isAssert) {
    List<String> argv = waitArgv(cond, cp);
    String p = cp.substring(0, cp.lastIndexOf('.'));
    if (argv == null) {
      warning("CONDITION_UNSUPPORTED", cp, "this condition has no browserctl wait; the " + s.kind().op()
          + " step was left out");
      return false;
    }
    if (isAssert) {
      info("STEP_APPROXIMATED", p, "assert is written as a wait (both fail when the condition does not hold in time); "
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
    List<String> argv;
    String field;
    switch (r.what()) {
      case VALUE:
        argv = list("get", "value", loc.selector);
        field = "value";
        break;
      case ATTRIBUTE:
        argv = list("get", "attr", loc.selector, r.attribute().orElse(""));
        field = "attribute";
        break;
      default:
        argv = list("get", "text", loc.selector);
        field = "text";
    }
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
      blocking("MULTI_TAB_UNRESOLVED", p, "tab " + alias + " is not opened by an earlier tabNew or click newTab, so "
          + "no browserctl command can name it");
      return null;
    }
    if (style == Style.TEXT && ref.startsWith("${")) {
      captureInComment(p);
    }
    return ref;
  }

  private void captureInComment(String p) {
    warning("CAPTURE_IN_COMMENT", p, "this command uses a variable captured by an earlier command; the text format "
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
      blocking("TARGET_UNRESOLVED", tp, "no candidate of " + t.describe() + " can be written as a browserctl selector"
          + (findOk ? " or find" : "") + "; add a css, testId or id candidate");
      return null;
    }
    if (chosen > 0) {
      info("CANDIDATE_SUBSTITUTED", tp + ".candidates[" + chosen + "]", "browserctl cannot express candidate "
          + cs.get(0).describe() + " here; candidate " + chosen + " is written instead");
    }
    if (cs.size() > 1) {
      info("CANDIDATES_DROPPED", tp, "browserctl takes one locator; " + (cs.size() - 1)
          + " other candidate(s) were left out");
    }
    if (!t.shadowPath().isEmpty()) {
      warning("SHADOW_PATH_UNSUPPORTED", tp + ".shadowPath", "browserctl selectors do not enter shadow roots "
          + "through hosts; the shadow path was left out");
    }
    if (!t.framePath().isEmpty()) {
      if (inFrame || t.framePath().size() > 1) {
        blocking("IFRAME_UNRESOLVED", tp + ".framePath", "browserctl enters one frame from the main frame; this "
            + "target's frame path cannot be written");
        return null;
      }
      loc.frame = out(t.framePath().get(0), tp);
      if (loc.frame == null) {
        return null;
      }
      info("FRAME_PATH_AS_COMMANDS", tp + ".framePath", "the target's frame is entered with frame <owner> before the "
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
    Located l = new Located();
    switch (c.kind()) {
      case CSS:
        l.selector = c.value();
        return l;
      case TEST_ID:
        l.selector = "[data-testid=" + CssStrings.quote(c.value()) + "]";
        return l;
      case ID:
        l.selector = "[id=" + CssStrings.quote(c.value()) + "]";
        return l;
      case ROLE:
      case TEXT:
      case LABEL:
      case PLACEHOLDER:
        if (findOk) {
          l.strategy = c.kind() == Candidate.Kind.TEXT ? "text" : c.kind() == Candidate.Kind.LABEL ? "label"
              : c.kind() == Candidate.Kind.ROLE ? "role" : "placeholder";
          l.query = c.value();
          l.name = c.name().orElse(null);
          l.exact = c.kind() != Candidate.Kind.ROLE || l.name != null;
          return l;
        }
        if (fallback && c.kind() == Candidate.Kind.PLACEHOLDER) {
          l.selector = "[placeholder=" + CssStrings.quote(c.value()) + "]";
          return l;
        }
        return null;
      default:
        return null;
    }
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
        warning("VALUE_LOOKS_LIKE_OPTION", p, "the value starts with --, which browserctl reads as an option");
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
    if (cond instanceof Condition.Url) {
      String glob = out(((Condition.Url) cond).glob(), cp);
      return glob == null ? null : list("wait", "--url", glob);
    }
    if (cond instanceof Condition.Load) {
      return list("wait", "--load", ((Condition.Load) cond).state().name().toLowerCase(Locale.ROOT));
    }
    if (cond instanceof Condition.Expression) {
      return list("wait", "--fn", ((Condition.Expression) cond).script());
    }
    if (cond instanceof Condition.Text) {
      Condition.Text t = (Condition.Text) cond;
      if (t.target().isPresent() || t.match() != Condition.Match.CONTAINS) {
        return null;
      }
      String text = out(t.text(), cp);
      return text == null ? null : list("wait", "--text", text);
    }
    if (cond instanceof Condition.Element) {
      Condition.Element e = (Condition.Element) cond;
      if (!e.target().framePath().isEmpty()) {
        return null;
      }
      String state;
      switch (e.state()) {
        case VISIBLE:
          state = null;
          break;
        case HIDDEN:
          state = "hidden";
          break;
        case EXISTS:
          state = null;
          warning("CONDITION_APPROXIMATED", cp, "exists is written as wait --selector, which also waits until the "
              + "element is visible");
          break;
        default:
          return null;
      }
      Located loc = locate(e.target(), cp + ".element", false);
      if (loc == null) {
        return null;
      }
      List<String> argv = list("wait", "--selector", loc.selector);
      if (state != null) {
        argv.add("--state");
        argv.add(state);
      }
      return argv;
    }
    return null;
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
        warning("BINDING_EMBEDDED", p, "browserctl replaces a captured ${" + var + "} only when it is a whole word; "
            + "here it is part of a longer value");
      }
      if (style == Style.TEXT) {
        captureInComment(p);
      }
      return "${" + var + "}";
    }
    blocking("BINDING_UNRESOLVED", p, "${" + ref + "} has no browserctl equivalent (browserctl has credentials, "
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
    warning("SENSITIVE_VALUE", path, what + " was written as ${" + key + "}, a new secret credential; supply its "
        + "value when running");
    return "${" + key + "}";
  }

  /** The step index an issue path points into, or -1. */
  static int stepIndex(String path) {
    Matcher m = STEP_INDEX.matcher(path);
    return m.matches() ? Integer.parseInt(m.group(1)) : -1;
  }
}
