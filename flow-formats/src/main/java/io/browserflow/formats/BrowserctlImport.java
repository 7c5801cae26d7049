package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Input;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.validate.FlowValidator;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintWarning;
import io.browserflow.formats.BrowserctlDocument.Command;
import io.browserflow.formats.BrowserctlDocument.CredentialSpec;
import io.browserflow.formats.BrowserctlDocument.InputSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps a parsed browserctl document (JSON or text) to a flow. Commands map one to one where the
 * model has the same operation; everything else leaves an issue at the command's path
 * ({@code commands[3]} or {@code line 12}). {@code ${KEY}} becomes {@code ${credential.KEY}} or
 * {@code ${input.KEY}}; captured variables become tab aliases or step outputs.
 */
final class BrowserctlImport {
  static final int SCROLL_BOTTOM = 1_000_000;
  private static final int MIN_TIMEOUT = 100;
  private static final int MAX_TIMEOUT = 30_000;
  private static final int MAX_NAME = 128;
  private static final int MAX_DESCRIPTION = 2_048;

  private static final Pattern STEP_ID = Pattern.compile("[\\p{L}\\p{N}_.-]+");
  private static final Pattern KEY = Pattern.compile("[^\\s${}]+");
  private static final Pattern ATTRIBUTE_CSS = Pattern.compile(
      "\\[\\s*([A-Za-z-]+)\\s*=\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|'((?:[^'\\\\]|\\\\.)*)')\\s*]");
  private static final Pattern SNAPSHOT_REF = Pattern.compile("(?:ref:)?@e\\d+");
  private static final Pattern BAD_FRAME_PREFIX = Pattern.compile(
      "(?i)(css|xpath|src|id|index|title|frameurl|framename|frameid|frameindex)\\s*:.*");
  private static final Pattern SCROLL_SCRIPT = Pattern.compile(
      "\\s*window\\.scroll(To|By)\\(\\s*(-?\\d+)\\s*,\\s*(-?\\d+)\\s*\\)\\s*;?\\s*");
  private static final Pattern SECRET_FIELD = Pattern.compile("(?i)passw|passwd|pwd|密码|口令");
  private static final Pattern STEP_PATH = Pattern.compile("steps\\[(\\d+)]\\.(value|text)");
  private static final Pattern STEP_INDEX = Pattern.compile("steps\\[(\\d+)].*");
  private static final Pattern PLAIN_ID = Pattern.compile("[A-Za-z0-9._-]+");

  /** Commands that only observe: skipped with an info issue. */
  private static final Set<String> READ_ONLY = Set.of("snapshot", "frames", "health", "is", "tabs", "console",
      "errors", "status", "version", "help");
  private static final Set<String> FIND_STRATEGIES = Set.of("role", "text", "label", "placeholder", "testid", "alt",
      "title", "first", "last", "nth");
  private static final List<String> FIND_FLAG_STRATEGIES = List.of("role", "testid", "label", "placeholder", "text",
      "alt", "title");
  /** Value-taking options of every command. */
  private static final Set<String> VALUE_FLAGS = Set.of("timeout", "label", "load", "url", "selector", "state",
      "text", "ms", "fn", "to", "by", "name", "confirm", "file", "text-file", "max-nodes", "depth", "scope");
  private static final Set<String> FIND_VALUE_FLAGS = Set.of("role", "testid", "label", "placeholder", "text", "alt",
      "title", "name", "timeout");
  /** Output-only options, ignored without an issue. */
  private static final Set<String> COSMETIC = Set.of("pretty", "json", "bail");

  private final BrowserctlDocument doc;
  private final Format from;
  private final String origin;
  private final Issues issues = new Issues();
  private final Map<String, Credential> credentials = new LinkedHashMap<>();
  private final Map<String, Input> inputs = new LinkedHashMap<>();
  private final List<Step> steps = new ArrayList<>();
  /** Source path of each step. */
  private final List<String> stepPaths = new ArrayList<>();
  private final Set<String> ids = new HashSet<>();
  private final Map<String, String> tabVars = new HashMap<>();
  private final Map<String, String> tabLabels = new HashMap<>();
  private final Map<String, String> outputVars = new HashMap<>();
  private final Set<String> deadVars = new HashSet<>();
  private final Set<String> reported = new HashSet<>();
  private boolean scriptEval;
  private boolean inFrame;
  private String currentTab = "main";
  private int generatedTabs;
  private int mapped;
  private int generatedIds;
  /** Index of the step the previous command made or joined; -1 when it made none. */
  private int lastStep = -1;
  private String lastSource;
  /** Alias of a tab the previous command opened (a following switch to it is implied). */
  private String justOpened;

  private BrowserctlImport(BrowserctlDocument doc, Format from, String origin) {
    this.doc = doc;
    this.from = from;
    this.origin = origin;
  }

  static Conversion<Flow> run(BrowserctlDocument doc, Format from, String origin) {
    return new BrowserctlImport(doc, from, origin).run();
  }

  private Conversion<Flow> run() {
    issues.addAll(doc.issues);
    quality();
    declarations();
    for (Command c : doc.commands) {
      String before = justOpened;
      justOpened = null;
      command(c, before);
    }
    secrets();
    return Conversion.of(from, Format.FLOW, validFlow(), doc.commands.size(), mapped, issues);
  }

  /**
   * The flow, without the steps the validator rejects (each rejection a blocking issue at the
   * command's path): the mapping above prevents what it can, this catches the rest (limits, say).
   */
  private Flow validFlow() {
    while (true) {
      Flow flow = flow();
      List<Problem> problems = FlowValidator.defaults().validate(flow);
      if (problems.isEmpty()) {
        return flow;
      }
      java.util.TreeSet<Integer> bad = new java.util.TreeSet<>();
      for (Problem p : problems) {
        Matcher m = STEP_INDEX.matcher(p.path());
        if (!m.matches()) {
          throw new FlowFormatException(problems);
        }
        int i = Integer.parseInt(m.group(1));
        if (bad.add(i)) {
          issues.blocking(ConversionCode.INVALID_FLOW, stepPaths.get(i), "the step made from this command is "
              + "invalid and was left out: " + p.code() + ": " + p.message());
        }
      }
      for (int i : bad.descendingSet()) {
        steps.remove(i);
        stepPaths.remove(i);
        mapped--;
      }
    }
  }

  // ------------------------------------------------------------------ file level

  private void quality() {
    if (doc.quality == null) {
      return;
    }
    boolean blocking = doc.issues.any(i -> i.severity() == ConversionIssue.Severity.BLOCKING);
    boolean warned = doc.issues.any(i -> i.severity() != ConversionIssue.Severity.INFO);
    switch (doc.quality) {
      case "ready":
        break;
      case "needs_review":
        if (!warned) {
          issues.warning(ConversionCode.QUALITY_NEEDS_REVIEW, doc.qualityPath,
              "the file is marked needs_review: a person confirms its warnings before it is used unattended");
        }
        break;
      case "blocked":
        if (!blocking) {
          issues.blocking(ConversionCode.QUALITY_BLOCKED, doc.qualityPath,
              "the file is marked blocked: it must not run until a person resolves its blocking issues");
        }
        break;
      default:
        issues.warning(ConversionCode.QUALITY_UNKNOWN, doc.qualityPath, "quality status \"" + doc.quality
            + "\" is not one of ready, needs_review, blocked");
    }
  }

  private void declarations() {
    for (CredentialSpec c : doc.credentials) {
      credential(c);
    }
    for (InputSpec in : doc.inputs) {
      input(in);
    }
  }

  private boolean key(String key, String path, String what) {
    if (key == null || key.isBlank()) {
      issues.warning(ConversionCode.FIELD_MISSING, path, what + " without a key was left out");
      return false;
    }
    if (!KEY.matcher(key).matches()) {
      issues.warning(ConversionCode.INVALID_KEY, path, what + " key \"" + key
          + "\" contains blanks, $, { or }, so no placeholder can name it; it was left out");
      return false;
    }
    if (credentials.containsKey(key) || inputs.containsKey(key)) {
      issues.warning(ConversionCode.DUPLICATE_KEY, path, what + " " + key
          + " is declared twice (credentials and inputs share one namespace); the later one was left out");
      return false;
    }
    return true;
  }

  private void credential(CredentialSpec c) {
    if (!key(c.key, c.path, "credential")) {
      return;
    }
    Credential.Builder b = Credential.builder().key(c.key);
    if (c.label != null && !c.label.isBlank()) {
      b.label(c.label);
    }
    String type = c.type == null ? "text" : c.type.trim().toLowerCase(Locale.ROOT);
    switch (type) {
      case "text": b.type(Credential.Type.TEXT); break;
      case "url": b.type(Credential.Type.URL); break;
      case "username": b.type(Credential.Type.USERNAME); break;
      case "password": b.type(Credential.Type.PASSWORD); break;
      case "token": b.type(Credential.Type.TOKEN); break;
      case "api_key": b.type(Credential.Type.API_KEY); break;
      case "select":
        b.type(Credential.Type.TEXT);
        issues.info(ConversionCode.TYPE_CHANGED, c.path, "credential " + c.key
            + " of type select became a text credential (its options are not carried over)");
        break;
      default:
        b.type(Credential.Type.TEXT);
        issues.warning(ConversionCode.TYPE_CHANGED, c.path, "credential " + c.key + " has the unknown type \""
            + type + "\"; it became a text credential");
    }
    if (c.required != null) {
      b.required(c.required);
    }
    if (c.secret != null) {
      b.secret(c.secret);
    }
    credentials.put(c.key, b.build());
  }

  private void input(InputSpec in) {
    if (!key(in.key, in.path, "input")) {
      return;
    }
    Input.Builder b = Input.builder().key(in.key);
    String label = in.label != null && !in.label.isBlank() ? in.label : in.help;
    if (label != null && !label.isBlank()) {
      b.label(label);
    }
    if (in.help != null && label != in.help) {
      issues.info(ConversionCode.FIELD_DROPPED, in.path, "the help text of input " + in.key
          + " was left out: the input has a label");
    }
    String type = in.type == null ? "text" : in.type.trim().toLowerCase(Locale.ROOT);
    Input.Type t;
    switch (type) {
      case "text": t = Input.Type.TEXT; break;
      case "number": t = Input.Type.NUMBER; break;
      case "date": t = Input.Type.DATE; break;
      case "boolean": t = Input.Type.BOOLEAN; break;
      case "select": t = Input.Type.SELECT; break;
      case "url": t = Input.Type.URL; break;
      case "datetime":
        t = Input.Type.TEXT;
        issues.info(ConversionCode.TYPE_CHANGED, in.path, "input " + in.key + " of type datetime became a text input");
        break;
      default:
        t = Input.Type.TEXT;
        issues.warning(ConversionCode.TYPE_CHANGED, in.path, "input " + in.key + " has the unknown type \"" + type
            + "\"; it became a text input");
    }
    if (t == Input.Type.SELECT && in.options.isEmpty()) {
      t = Input.Type.TEXT;
      issues.warning(ConversionCode.TYPE_CHANGED, in.path, "select input " + in.key
          + " lists no options; it became a text input");
    }
    b.type(t);
    if (t == Input.Type.SELECT) {
      b.addAllOptions(in.options);
    } else if (!in.options.isEmpty()) {
      issues.info(ConversionCode.FIELD_DROPPED, in.path, "the options of input " + in.key
          + " were left out: only select inputs have options");
    }
    String dflt = in.defaultValue;
    if (dflt != null && t == Input.Type.NUMBER && !isNumber(dflt)) {
      issues.warning(ConversionCode.FIELD_DROPPED, in.path, "the default of number input " + in.key
          + " is not a number and was left out");
      dflt = null;
    }
    if (dflt != null && t == Input.Type.SELECT && !in.options.contains(dflt)) {
      issues.warning(ConversionCode.FIELD_DROPPED, in.path, "the default of select input " + in.key
          + " is not one of its options and was left out");
      dflt = null;
    }
    if (dflt != null) {
      b.defaultValue(dflt);
    }
    if (in.required != null) {
      b.required(in.required);
    }
    inputs.put(in.key, b.build());
  }

  private static boolean isNumber(String s) {
    try {
      new BigDecimal(s.trim());
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  // ------------------------------------------------------------------ commands

  /** Parsed words of one command: positional arguments and options in order. */
  private static final class Args {
    final List<String> positional = new ArrayList<>();
    final Map<String, String> flags = new LinkedHashMap<>();

    boolean has(String flag) {
      return flags.containsKey(flag);
    }

    String flag(String name) {
      return flags.get(name);
    }

    String at(int i) {
      return i < positional.size() ? positional.get(i) : null;
    }
  }

  private static Args parse(List<String> words, Set<String> valueFlags) {
    Args a = new Args();
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.startsWith("--") && w.length() > 2) {
        String name = w.substring(2);
        int eq = name.indexOf('=');
        if (eq > 0) {
          a.flags.put(name.substring(0, eq), name.substring(eq + 1));
        } else if (valueFlags.contains(name) && i + 1 < words.size()) {
          a.flags.put(name, words.get(++i));
        } else {
          a.flags.put(name, null);
        }
      } else {
        a.positional.add(w);
      }
    }
    return a;
  }

  private void command(Command c, String opened) {
    if (c.argv.isEmpty()) {
      issues.blocking(ConversionCode.FIELD_INVALID, c.path, "the command has no argv words");
      return;
    }
    List<String> argv = c.argv;
    if ("browserctl".equals(argv.get(0))) {
      argv = argv.subList(1, argv.size());
      if (argv.isEmpty()) {
        issues.blocking(ConversionCode.FIELD_INVALID, c.path, "the command is only the word browserctl");
        return;
      }
    }
    String name = argv.get(0);
    Args a = parse(argv.subList(1, argv.size()), "find".equals(name) ? FIND_VALUE_FLAGS : VALUE_FLAGS);
    int before = steps.size();
    int joined = lastStep;
    boolean merged = false;
    switch (name) {
      case "open":
        url(c, a, true);
        break;
      case "navigate":
        url(c, a, false);
        break;
      case "back":
      case "forward":
      case "reload":
        history(c, a, name);
        break;
      case "wait":
        merged = waitCommand(c, a);
        break;
      case "click":
      case "dblclick":
      case "hover":
      case "check":
      case "uncheck":
        pointer(c, a, name);
        break;
      case "fill":
      case "type":
        typing(c, a, name);
        break;
      case "select":
        select(c, a);
        break;
      case "press":
        press(c, a);
        break;
      case "scroll":
      case "scrollintoview":
        scroll(c, a, name);
        break;
      case "eval":
        eval(c, a);
        break;
      case "frame":
        frame(c, a);
        break;
      case "tab":
        merged = tab(c, a, opened);
        break;
      case "find":
        find(c, a);
        break;
      case "get":
        get(c, a);
        break;
      case "screenshot":
        screenshot(c, a);
        break;
      case "focus":
        issues.warning(ConversionCode.UNSUPPORTED_STEP, c.path, "focus has no BrowserFlow step; a later "
            + "press or type without a selector may reach another element");
        unusedCapture(c);
        break;
      case "close":
        issues.info(ConversionCode.COMMAND_SKIPPED, c.path,
            "close was left out: the engine closes the browser session after the run");
        unusedCapture(c);
        break;
      default:
        if (READ_ONLY.contains(name)) {
          issues.info(ConversionCode.COMMAND_SKIPPED, c.path, name
              + " only observes the page; it has no step in a flow");
          unusedCapture(c);
        } else {
          issues.blocking(ConversionCode.UNSUPPORTED_STEP, c.path, "browserctl command \"" + name
              + "\" has no BrowserFlow equivalent; the flow cannot run without it");
          unusedCapture(c);
        }
    }
    if (steps.size() > before) {
      mapped++;
      lastStep = steps.size() - 1;
      lastSource = c.sourceStepId != null ? c.sourceStepId : c.id;
    } else if (merged) {
      mapped++;
      lastStep = joined;
    }
  }

  /** Options a command does not understand. */
  private void options(Command c, Args a, Set<String> known) {
    for (String f : a.flags.keySet()) {
      if (!known.contains(f) && !COSMETIC.contains(f)) {
        issues.warning(ConversionCode.UNSUPPORTED_OPTION, c.path, "option --" + f + " of "
            + c.argv.get(0) + " is not carried over");
      }
    }
  }

  private void unusedCapture(Command c) {
    if (c.capture.isEmpty()) {
      return;
    }
    issues.warning(ConversionCode.UNSUPPORTED_CAPTURE, c.path, "captured variables "
        + String.join(", ", c.capture.values()) + " have no BrowserFlow equivalent for this command");
    deadVars.addAll(c.capture.values());
  }

  private boolean require(Command c, String value, String what) {
    if (value == null) {
      issues.blocking(ConversionCode.FIELD_MISSING, c.path, c.argv.get(0) + " needs " + what);
      return false;
    }
    return true;
  }

  private void add(Command c, Step step) {
    steps.add(step);
    stepPaths.add(c.path);
    ids.add(step.id());
  }

  private String id(Command c) {
    if (c.id != null && STEP_ID.matcher(c.id).matches() && !ids.contains(c.id)) {
      ids.add(c.id);
      return c.id;
    }
    return generatedId();
  }

  private String generatedId() {
    String id;
    do {
      id = "s" + (++generatedIds);
    } while (ids.contains(id));
    ids.add(id);
    return id;
  }

  private Integer timeout(Command c, Args a) {
    String t = a.flag("timeout");
    if (t == null) {
      return null;
    }
    try {
      int ms = Integer.parseInt(t.trim());
      int clamped = Math.max(MIN_TIMEOUT, Math.min(MAX_TIMEOUT, ms));
      if (clamped != ms) {
        issues.info(ConversionCode.VALUE_CLAMPED, c.path, "--timeout " + ms + " became " + clamped
            + " ms (steps time out after " + MIN_TIMEOUT + ".." + MAX_TIMEOUT + " ms)");
      }
      return clamped;
    } catch (NumberFormatException e) {
      issues.warning(ConversionCode.FIELD_INVALID, c.path, "--timeout is not a number of milliseconds; "
          + "the default timeout applies");
      return null;
    }
  }

  private static void timeoutOf(Integer t, java.util.function.IntConsumer set) {
    if (t != null) {
      set.accept(t);
    }
  }

  private void url(Command c, Args a, boolean open) {
    options(c, a, Set.of("timeout"));
    unusedCapture(c);
    if (!require(c, a.at(0), "a URL")) {
      return;
    }
    String url = value(a.at(0), c);
    if (url == null) {
      return;
    }
    Integer t = timeout(c, a);
    Step s;
    if (open) {
      Step.Open.Builder b = Step.Open.builder().id(id(c)).url(url);
      timeoutOf(t, b::timeoutMs);
      c.description(b::title);
      s = b.build();
    } else {
      Step.Navigate.Builder b = Step.Navigate.builder().id(id(c)).url(url);
      timeoutOf(t, b::timeoutMs);
      c.description(b::title);
      s = b.build();
    }
    inFrame = false;
    add(c, s);
  }

  private void history(Command c, Args a, String name) {
    options(c, a, Set.of());
    unusedCapture(c);
    String id = id(c);
    Step s;
    if (name.equals("back")) {
      s = Step.Back.builder().id(id).build();
    } else if (name.equals("forward")) {
      s = Step.Forward.builder().id(id).build();
    } else {
      s = Step.Reload.builder().id(id).build();
    }
    inFrame = false;
    add(c, decorated(s, c, null));
  }

  // ------------------------------------------------------------------ wait

  /** Returns true when the wait became the expect of the previous step. */
  private boolean waitCommand(Command c, Args a) {
    options(c, a, Set.of("timeout", "load", "url", "selector", "state", "text", "ms", "fn"));
    unusedCapture(c);
    Integer t = timeout(c, a);
    String ms = a.flag("ms");
    if (ms == null && a.at(0) != null && a.at(0).matches("\\d+")) {
      ms = a.at(0);
    }
    if (ms != null) {
      waitMs(c, ms);
      return false;
    }
    List<Condition> conditions = new ArrayList<>();
    if (a.has("url")) {
      String glob = value(a.flag("url"), c);
      if (glob == null) {
        return false;
      }
      conditions.add(Condition.Url.of(glob));
    }
    if (a.has("load")) {
      String state = String.valueOf(a.flag("load")).toLowerCase(Locale.ROOT);
      switch (state) {
        case "load": conditions.add(Condition.Load.of(Condition.LoadState.LOAD)); break;
        case "domcontentloaded": conditions.add(Condition.Load.of(Condition.LoadState.DOMCONTENTLOADED)); break;
        case "networkidle": conditions.add(Condition.Load.of(Condition.LoadState.NETWORKIDLE)); break;
        default:
          issues.warning(ConversionCode.FIELD_INVALID, c.path, "--load " + state
              + " is not load, domcontentloaded or networkidle; it was left out");
      }
    }
    String selector = a.has("selector") ? a.flag("selector") : a.at(0);
    if (selector != null) {
      Target target = target(selector, c);
      if (target == null) {
        return false;
      }
      String state = a.has("state") ? String.valueOf(a.flag("state")).toLowerCase(Locale.ROOT) : "visible";
      switch (state) {
        case "visible": conditions.add(Condition.Element.of(target, Condition.State.VISIBLE)); break;
        case "hidden": conditions.add(Condition.Element.of(target, Condition.State.HIDDEN)); break;
        case "attached": conditions.add(Condition.Element.of(target, Condition.State.EXISTS)); break;
        case "detached":
          conditions.add(Condition.Element.of(target, Condition.State.HIDDEN));
          issues.info(ConversionCode.APPROXIMATED, c.path,
              "--state detached became hidden (which also holds when the element is gone)");
          break;
        default:
          issues.warning(ConversionCode.FIELD_INVALID, c.path, "--state " + state
              + " is not visible or hidden; waiting until the element is visible");
          conditions.add(Condition.Element.of(target, Condition.State.VISIBLE));
      }
    }
    if (a.has("text")) {
      String text = value(a.flag("text"), c);
      if (text == null) {
        return false;
      }
      conditions.add(Condition.Text.present(text));
    }
    if (a.has("fn")) {
      conditions.add(Condition.Expression.of(String.valueOf(a.flag("fn"))));
      scriptEval = true;
      issues.warning(ConversionCode.EVAL_USED, c.path, "wait --fn runs a page script: the flow declares "
          + Capability.SCRIPT_EVAL.id() + " and a run must allow it");
    }
    if (conditions.isEmpty()) {
      issues.blocking(ConversionCode.FIELD_MISSING, c.path,
          "wait needs --ms, --url, --load, --selector, --text or --fn");
      return false;
    }
    if (conditions.size() == 1 && merge(c, conditions.get(0), t)) {
      return true;
    }
    if (conditions.size() > 1) {
      issues.info(ConversionCode.REWRITTEN, c.path, "one wait with " + conditions.size()
          + " conditions became " + conditions.size() + " wait steps");
    }
    for (Condition cond : conditions) {
      Step.Wait.Builder b = Step.Wait.builder().id(id(c)).until(cond);
      timeoutOf(t, b::timeoutMs);
      c.description(b::title);
      add(c, b.build());
    }
    return false;
  }

  private void waitMs(Command c, String raw) {
    int ms;
    try {
      ms = Integer.parseInt(raw.trim());
    } catch (NumberFormatException e) {
      issues.blocking(ConversionCode.FIELD_INVALID, c.path, "wait --ms is not a number of milliseconds");
      return;
    }
    if (ms < 0 || ms > MAX_TIMEOUT) {
      int clamped = Math.max(0, Math.min(MAX_TIMEOUT, ms));
      issues.warning(ConversionCode.FIXED_WAIT_TOO_LONG, c.path, "wait --ms " + ms + " became " + clamped
          + " ms, the longest fixed wait a step allows; prefer waiting for a url, selector or text");
      ms = clamped;
    }
    Step.Wait.Builder b = Step.Wait.builder().id(id(c)).ms(ms);
    c.description(b::title);
    add(c, b.build());
  }

  /**
   * A wait right after the step it checks becomes that step's expect: when both came from the same
   * source step, or a {@code wait --url} follows an action (the click + wait --url idiom).
   */
  private boolean merge(Command c, Condition cond, Integer timeout) {
    if (lastStep < 0 || lastStep != steps.size() - 1) {
      return false;
    }
    Step prev = steps.get(lastStep);
    boolean sameSource = c.sourceStepId != null
        && (c.sourceStepId.equals(prev.id()) || c.sourceStepId.equals(lastSource));
    // a wait the file attributes to a step of its own stays a wait step
    boolean navigation = c.sourceStepId == null && isUrl(cond) && navigates(prev);
    if (!sameSource && !navigation) {
      return false;
    }
    List<Condition> expect = new ArrayList<>(prev.expect());
    expect.add(cond);
    Step next = prev.withExpect(expect);
    if (timeout != null) {
      int t = prev.timeoutMs().isPresent() ? Math.max(prev.timeoutMs().getAsInt(), timeout) : timeout;
      next = next.withTimeoutMs(t);
    }
    steps.set(lastStep, next);
    issues.info(ConversionCode.WAIT_AS_EXPECT, c.path, "the wait became an expect of step " + prev.id()
        + " (" + prev.kind().op() + "), checked after it acts");
    return true;
  }

  /** Whether {@code s} is an action after which a {@code wait --url} means "this action navigates". */
  static boolean navigates(Step s) {
    return s.accept(NAVIGATES);
  }

  private static final StepVisitor<Boolean> NAVIGATES = new StepVisitor<>() {
    @Override public Boolean visitClick(Step.Click s) { return true; }
    @Override public Boolean visitDblclick(Step.Dblclick s) { return true; }
    @Override public Boolean visitPress(Step.Press s) { return true; }
    @Override public Boolean visitSelect(Step.Select s) { return true; }
    @Override public Boolean visitCheck(Step.Check s) { return true; }
    @Override public Boolean visitUncheck(Step.Uncheck s) { return true; }

    // other steps: a wait --url after them stays a wait step
    @Override public Boolean visitOpen(Step.Open s) { return false; }
    @Override public Boolean visitNavigate(Step.Navigate s) { return false; }
    @Override public Boolean visitBack(Step.Back s) { return false; }
    @Override public Boolean visitForward(Step.Forward s) { return false; }
    @Override public Boolean visitReload(Step.Reload s) { return false; }
    @Override public Boolean visitTabNew(Step.TabNew s) { return false; }
    @Override public Boolean visitTabSwitch(Step.TabSwitch s) { return false; }
    @Override public Boolean visitTabClose(Step.TabClose s) { return false; }
    @Override public Boolean visitFrame(Step.Frame s) { return false; }
    @Override public Boolean visitFrameMain(Step.FrameMain s) { return false; }
    @Override public Boolean visitSetViewport(Step.SetViewport s) { return false; }
    @Override public Boolean visitContextmenu(Step.Contextmenu s) { return false; }
    @Override public Boolean visitHover(Step.Hover s) { return false; }
    @Override public Boolean visitFill(Step.Fill s) { return false; }
    @Override public Boolean visitType(Step.Type s) { return false; }
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

  /** Whether {@code c} is a URL condition, which browserctl waits for with {@code wait --url}. */
  static boolean isUrl(Condition c) {
    return c.accept(IS_URL);
  }

  private static final ConditionVisitor<Boolean> IS_URL = new ConditionVisitor<>() {
    @Override public Boolean visitUrl(Condition.Url c) { return true; }

    @Override public Boolean visitTitle(Condition.Title c) { return false; }
    @Override public Boolean visitElement(Condition.Element c) { return false; }
    @Override public Boolean visitCount(Condition.Count c) { return false; }
    @Override public Boolean visitText(Condition.Text c) { return false; }
    @Override public Boolean visitValue(Condition.Value c) { return false; }
    @Override public Boolean visitAttribute(Condition.Attribute c) { return false; }
    @Override public Boolean visitVar(Condition.Var c) { return false; }
    @Override public Boolean visitDownload(Condition.Download c) { return false; }
    @Override public Boolean visitLoad(Condition.Load c) { return false; }
    @Override public Boolean visitExpression(Condition.Expression c) { return false; }
    @Override public Boolean visitNot(Condition.Not c) { return false; }
  };

  // ------------------------------------------------------------------ interaction

  private void pointer(Command c, Args a, String name) {
    boolean click = name.equals("click");
    options(c, a, click ? Set.of("new-tab", "confirm", "timeout") : Set.of("timeout"));
    if (click && a.has("confirm")) {
      issues.warning(ConversionCode.UNSUPPORTED_OPTION, c.path,
          "click --confirm asks a person before clicking; BrowserFlow clicks without asking");
    }
    if (!require(c, a.at(0), "a selector")) {
      return;
    }
    Target target = target(a.at(0), c);
    if (target == null) {
      return;
    }
    act(c, a, name, target, null);
  }

  /** One pointer/typing step on a target; {@code value} for fill/type/select. */
  private void act(Command c, Args a, String action, Target target, String value) {
    Integer t = timeout(c, a);
    Step s;
    if (action.equals("click")) {
      Step.Click.Builder b = Step.Click.builder().target(target);
      if (a.has("new-tab")) {
        String var = blankToNull(c.capture.get("tabId"));
        String alias;
        if (var != null) {
          alias = var;
          tabVars.put(var, alias);
        } else {
          alias = "tab" + (++generatedTabs);
          issues.info(ConversionCode.NEW_TAB_UNCAPTURED, c.path, "click --new-tab captures no tabId; the "
              + "new tab is bound to alias " + alias + " and no later command switches to it");
        }
        b.newTab(alias);
        captureOthers(c, Set.of("tabId"));
      } else {
        unusedCapture(c);
      }
      s = b.id(id(c)).build();
    } else {
      unusedCapture(c);
      String id = id(c);
      switch (action) {
        case "dblclick": s = Step.Dblclick.builder().id(id).target(target).build(); break;
        case "hover": s = Step.Hover.builder().id(id).target(target).build(); break;
        case "check": s = Step.Check.builder().id(id).target(target).build(); break;
        case "uncheck": s = Step.Uncheck.builder().id(id).target(target).build(); break;
        case "fill": s = Step.Fill.builder().id(id).target(target).value(value).build(); break;
        case "type": s = Step.Type.builder().id(id).target(target).text(value).build(); break;
        case "select": s = Step.Select.builder().id(id).target(target).value(value).build(); break;
        default: throw new IllegalStateException(action);
      }
    }
    add(c, decorated(s, c, t));
  }

  /** The step with the command's timeout and description (as title). */
  private static Step decorated(Step s, Command c, Integer timeout) {
    Step out = timeout == null ? s : s.withTimeoutMs(timeout);
    return c.description == null || c.description.isBlank() ? out : out.withTitle(c.description);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  /** Capture fields other than {@code used} are not carried over. */
  private void captureOthers(Command c, Set<String> used) {
    List<String> others = new ArrayList<>();
    c.capture.forEach((field, var) -> {
      if (!used.contains(field)) {
        others.add(var);
      }
    });
    if (!others.isEmpty()) {
      issues.warning(ConversionCode.UNSUPPORTED_CAPTURE, c.path, "captured variables "
          + String.join(", ", others) + " have no BrowserFlow equivalent for this command");
      deadVars.addAll(others);
    }
  }

  private void typing(Command c, Args a, String name) {
    options(c, a, Set.of("timeout", "text-file", "text-stdin"));
    if (a.has("text-file") || a.has("text-stdin")) {
      issues.blocking(ConversionCode.UNSUPPORTED_OPTION, c.path, name
          + " reads its text from a file or stdin, which a flow cannot carry: write the text or a ${KEY}");
      return;
    }
    if (name.equals("type") && a.positional.size() == 1) {
      unusedCapture(c);
      String text = value(a.at(0), c);
      if (text == null) {
        return;
      }
      Step.Type.Builder b = Step.Type.builder().id(id(c)).text(text);
      timeoutOf(timeout(c, a), b::timeoutMs);
      c.description(b::title);
      add(c, b.build());
      return;
    }
    if (!require(c, a.at(0), "a selector") || !require(c, a.at(1), "a text")) {
      return;
    }
    String raw = a.at(1);
    if (a.positional.size() > 2) {
      raw = String.join(" ", a.positional.subList(1, a.positional.size()));
      issues.info(ConversionCode.ARGUMENTS_JOINED, c.path, name + " got " + (a.positional.size() - 1)
          + " text words; they were joined with blanks");
    }
    Target target = target(a.at(0), c);
    String text = value(raw, c);
    if (target == null || text == null) {
      return;
    }
    act(c, a, name, target, text);
  }

  private void select(Command c, Args a) {
    options(c, a, Set.of("timeout"));
    if (!require(c, a.at(0), "a selector") || !require(c, a.at(1), "a value")) {
      return;
    }
    if (a.positional.size() > 2) {
      issues.warning(ConversionCode.ARGUMENTS_DROPPED, c.path, "select names " + (a.positional.size() - 1)
          + " values; only the first is selected");
    }
    Target target = target(a.at(0), c);
    String v = value(a.at(1), c);
    if (target != null && v != null) {
      act(c, a, "select", target, v);
    }
  }

  private void press(Command c, Args a) {
    options(c, a, Set.of("ctrl", "shift", "alt", "meta", "timeout"));
    unusedCapture(c);
    if (!require(c, a.at(0), "a key")) {
      return;
    }
    Step.Press.Builder b = Step.Press.builder().key(a.at(0));
    if (a.has("ctrl")) {
      b.addModifiers("Control");
    }
    if (a.has("shift")) {
      b.addModifiers("Shift");
    }
    if (a.has("alt")) {
      b.addModifiers("Alt");
    }
    if (a.has("meta")) {
      b.addModifiers("Meta");
    }
    if (a.at(1) != null) {
      Target target = target(a.at(1), c);
      if (target == null) {
        return;
      }
      b.target(target);
    }
    timeoutOf(timeout(c, a), b::timeoutMs);
    c.description(b::title);
    add(c, b.id(id(c)).build());
  }

  private void scroll(Command c, Args a, String name) {
    options(c, a, Set.of("to", "by", "timeout"));
    unusedCapture(c);
    Step.Scroll.Builder b = Step.Scroll.builder();
    String first = a.at(0);
    if (name.equals("scrollintoview") || (first != null && !a.has("by") && !a.has("to") && !isDirection(first))) {
      if (!require(c, first, "a selector")) {
        return;
      }
      Target target = target(first, c);
      if (target == null) {
        return;
      }
      b.mode(Step.ScrollMode.INTO_VIEW).target(target);
    } else if (first != null && isDirection(first)) {
      int px = 300;
      if (a.at(1) != null && a.at(1).matches("\\d+")) {
        px = Integer.parseInt(a.at(1));
      } else {
        issues.info(ConversionCode.DEFAULT_FILLED, c.path, "scroll " + first + " names no distance; 300 px assumed");
      }
      switch (first) {
        case "up": b.y(-px); break;
        case "down": b.y(px); break;
        case "left": b.x(-px); break;
        default: b.x(px);
      }
    } else {
      if (first != null) {
        Target target = target(first, c);
        if (target == null) {
          return;
        }
        b.target(target);
      }
      if (a.has("by")) {
        try {
          b.mode(Step.ScrollMode.BY).y(Integer.parseInt(String.valueOf(a.flag("by")).trim()));
        } catch (NumberFormatException e) {
          issues.blocking(ConversionCode.FIELD_INVALID, c.path, "scroll --by is not a number of pixels");
          return;
        }
      } else if (a.has("to")) {
        String to = String.valueOf(a.flag("to")).toLowerCase(Locale.ROOT);
        if (first != null) {
          issues.blocking(ConversionCode.SCROLL_TARGET_UNRESOLVED, c.path,
              "scrolling an element to its top or bottom has no BrowserFlow equivalent");
          return;
        }
        if (to.equals("top")) {
          b.mode(Step.ScrollMode.TO).x(0).y(0);
        } else if (to.equals("bottom")) {
          b.mode(Step.ScrollMode.TO).x(0).y(SCROLL_BOTTOM);
        } else {
          issues.blocking(ConversionCode.FIELD_INVALID, c.path, "scroll --to " + to + " is not top or bottom");
          return;
        }
      } else {
        issues.warning(ConversionCode.FIELD_MISSING, c.path,
            "scroll names no distance, direction or element; it was left out");
        return;
      }
    }
    timeoutOf(timeout(c, a), b::timeoutMs);
    c.description(b::title);
    add(c, b.id(id(c)).build());
  }

  private static boolean isDirection(String w) {
    return w.equals("up") || w.equals("down") || w.equals("left") || w.equals("right");
  }

  private void eval(Command c, Args a) {
    options(c, a, Set.of("timeout", "file", "stdin"));
    if (a.has("file") || a.has("stdin")) {
      issues.blocking(ConversionCode.UNSUPPORTED_OPTION, c.path,
          "eval reads its script from a file or stdin, which a flow cannot carry: write the script inline");
      return;
    }
    if (!require(c, a.at(0), "a script")) {
      return;
    }
    String script = String.join(" ", a.positional);
    Integer t = timeout(c, a);
    Matcher m = SCROLL_SCRIPT.matcher(script);
    if (m.matches() && c.capture.isEmpty()) {
      Step.Scroll.Builder b = Step.Scroll.builder().id(id(c))
          .mode(m.group(1).equals("To") ? Step.ScrollMode.TO : Step.ScrollMode.BY)
          .x(Integer.parseInt(m.group(2))).y(Integer.parseInt(m.group(3)));
      timeoutOf(t, b::timeoutMs);
      c.description(b::title);
      issues.info(ConversionCode.EVAL_AS_SCROLL, c.path, "the window.scroll" + m.group(1)
          + " script became a scroll step");
      add(c, b.build());
      return;
    }
    scriptEval = true;
    issues.warning(ConversionCode.EVAL_USED, c.path, "eval runs a page script: the flow declares "
        + Capability.SCRIPT_EVAL.id() + " and a run must allow it");
    Step.Eval.Builder b = Step.Eval.builder().script(script);
    timeoutOf(t, b::timeoutMs);
    c.description(b::title);
    String id = id(c);
    output(c, id, "result");
    add(c, b.id(id).build());
  }

  /** Binds the variables a command captures to the step's output field. */
  private void output(Command c, String stepId, String field) {
    c.capture.values().forEach(var -> outputVars.put(var, "steps." + stepId + "." + field));
  }

  private void frame(Command c, Args a) {
    options(c, a, Set.of("timeout"));
    unusedCapture(c);
    String first = a.at(0);
    if (!require(c, first, "a frame locator or main")) {
      return;
    }
    if (a.positional.size() > 1) {
      if (Set.of("snapshot", "click", "fill", "get").contains(first)) {
        issues.blocking(ConversionCode.FRAME_RUNTIME_ID_ONLY, c.path, "frame " + first
            + " <frameId> addresses a recording-time frame id, which cannot be replayed: switch with "
            + "frame <owner selector>, run the command, then frame main");
      } else {
        issues.blocking(ConversionCode.FIELD_INVALID, c.path,
            "frame takes exactly one locator; use selector:<css> when the selector contains blanks");
      }
      return;
    }
    if (first.equals("main")) {
      Step.FrameMain.Builder b = Step.FrameMain.builder().id(id(c));
      c.description(b::title);
      inFrame = false;
      add(c, b.build());
      return;
    }
    String whole = Placeholders.wholeReference(first).orElse(null);
    if (SNAPSHOT_REF.matcher(first).matches() || first.contains("${FRAME_")
        || (whole != null && !credentials.containsKey(whole) && !inputs.containsKey(whole))) {
      issues.blocking(ConversionCode.FRAME_RUNTIME_ID_ONLY, c.path, "frame " + first
          + " is a recording-time frame reference, which cannot be replayed: use the iframe owner's selector, "
          + "url:<glob> or name:<name>");
      return;
    }
    if (BAD_FRAME_PREFIX.matcher(first).matches()) {
      issues.blocking(ConversionCode.FRAME_UNRESOLVED, c.path, "frame locator \"" + first
          + "\" has a prefix other than selector:, url:, name:");
      return;
    }
    String locator = value(first, c);
    if (locator == null) {
      return;
    }
    if (inFrame) {
      add(c, Step.FrameMain.builder().id(generatedId()).build());
      issues.info(ConversionCode.FRAME_RESET_INSERTED, c.path, "frame locators are found from the main "
          + "frame, so a frameMain step was inserted before entering the next frame");
    }
    Step.Frame.Builder b = Step.Frame.builder().id(id(c)).locator(locator);
    timeoutOf(timeout(c, a), b::timeoutMs);
    c.description(b::title);
    inFrame = true;
    add(c, b.build());
  }

  // ------------------------------------------------------------------ tabs

  private boolean tab(Command c, Args a, String opened) {
    options(c, a, Set.of("label", "timeout"));
    String first = a.at(0);
    if (first == null) {
      if (c.capture.isEmpty()) {
        issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "tab (list) only observes; it has no step");
      } else {
        c.capture.forEach((field, var) -> {
          if (field.equals("automationTabId") || field.equals("visibleTabId") || field.equals("tabId")) {
            tabVars.put(var, currentTab);
          } else {
            deadVars.add(var);
            issues.warning(ConversionCode.UNSUPPORTED_CAPTURE, c.path, "captured variable " + var
                + " (data." + field + ") has no BrowserFlow equivalent");
          }
        });
        issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "tab (list) only names the current tab ("
            + currentTab + ") for later tab commands; it has no step");
      }
      return false;
    }
    if (first.equals("new")) {
      tabNew(c, a);
      return false;
    }
    if (first.equals("close")) {
      unusedCapture(c);
      Step.TabClose.Builder b = Step.TabClose.builder();
      if (a.at(1) != null) {
        String alias = alias(a.at(1), c);
        if (alias == null) {
          return false;
        }
        b.alias(alias);
      }
      c.description(b::title);
      inFrame = false;
      currentTab = "main";
      add(c, b.id(id(c)).build());
      return false;
    }
    unusedCapture(c);
    if (a.positional.size() > 1) {
      issues.blocking(ConversionCode.FIELD_INVALID, c.path, "tab switch takes exactly one tab reference");
      return false;
    }
    String alias = alias(first, c);
    if (alias == null) {
      return false;
    }
    if (alias.equals(opened)) {
      issues.info(ConversionCode.STEPS_MERGED, c.path, "switching to the tab just opened is implied: "
          + "the tabNew step already makes tab " + alias + " current");
      return true;
    }
    Step.TabSwitch.Builder b = Step.TabSwitch.builder().id(id(c)).alias(alias);
    c.description(b::title);
    inFrame = false;
    currentTab = alias;
    add(c, b.build());
    return false;
  }

  private void tabNew(Command c, Args a) {
    String var = blankToNull(c.capture.get("tabId"));
    String label = blankToNull(a.flag("label"));
    String alias;
    if (var != null) {
      alias = var;
      tabVars.put(var, alias);
    } else if (label != null) {
      alias = label;
    } else {
      alias = "tab" + (++generatedTabs);
      issues.info(ConversionCode.NEW_TAB_UNCAPTURED, c.path, "tab new captures no tabId and has no --label; "
          + "the tab is bound to alias " + alias);
    }
    if (label != null) {
      tabLabels.put(label, alias);
    }
    captureOthers(c, Set.of("tabId"));
    if (a.positional.size() > 2) {
      issues.blocking(ConversionCode.FIELD_INVALID, c.path, "tab new accepts at most one URL");
      return;
    }
    Step.TabNew.Builder b = Step.TabNew.builder().alias(alias);
    if (a.at(1) != null) {
      String url = value(a.at(1), c);
      if (url == null) {
        return;
      }
      b.url(url);
    }
    timeoutOf(timeout(c, a), b::timeoutMs);
    c.description(b::title);
    inFrame = false;
    currentTab = alias;
    justOpened = alias;
    add(c, b.id(id(c)).build());
  }

  /** The alias a tab reference ({@code ${VAR}} or a label) names; null (with an issue) when unknown. */
  private String alias(String ref, Command c) {
    String whole = Placeholders.wholeReference(ref).orElse(null);
    String alias = whole != null ? tabVars.get(whole) : tabLabels.get(ref);
    if (alias == null) {
      issues.blocking(ConversionCode.TAB_UNRESOLVED, c.path, "tab reference " + ref
          + " names no tab opened earlier (by tab new with capture tabId or --label, or click --new-tab with "
          + "capture tabId); runtime tab ids and indexes cannot be replayed");
    }
    return alias;
  }

  // ------------------------------------------------------------------ find, get, screenshot

  private void find(Command c, Args a) {
    String strategy;
    String query;
    String action;
    String rest;
    boolean flagged = FIND_FLAG_STRATEGIES.stream().anyMatch(f -> a.flag(f) != null);
    boolean positional = a.at(0) != null && FIND_STRATEGIES.contains(a.at(0))
        && (!flagged || a.positional.size() >= (a.at(0).equals("nth") ? 4 : 3));
    if (positional) {
      strategy = a.at(0);
      int q = strategy.equals("nth") ? 2 : 1;
      if (strategy.equals("nth") && a.at(1) != null) {
        issues.warning(ConversionCode.FIND_POSITIONAL, c.path, "find nth " + a.at(1)
            + " picks one of several matches; a BrowserFlow target must match exactly one element");
      }
      query = a.at(q);
      action = a.at(q + 1);
      rest = a.at(q + 2);
    } else {
      action = a.at(0);
      strategy = null;
      query = null;
      for (String s : FIND_FLAG_STRATEGIES) {
        if (a.has(s) && a.flag(s) != null) {
          strategy = s;
          query = a.flag(s);
          break;
        }
      }
      rest = a.at(1);
    }
    Set<String> known = new HashSet<>(Set.of("name", "exact", "timeout"));
    known.addAll(FIND_FLAG_STRATEGIES);
    options(c, a, known);
    if (strategy == null || query == null) {
      issues.blocking(ConversionCode.FIELD_MISSING, c.path, "find needs a strategy (role, text, label, "
          + "placeholder, testid, alt, title, first, last, nth) and a query");
      return;
    }
    if (!require(c, action, "an action")) {
      return;
    }
    Target target;
    boolean exact = a.has("exact");
    String q = value(query, c);
    if (q == null) {
      return;
    }
    switch (strategy) {
      case "role": {
        String n = a.flag("name");
        String name = n == null ? null : value(n, c);
        target = Target.of(name == null ? Candidate.role(q) : Candidate.role(q, name));
        if (name != null && !exact) {
          inexact(c, "role name");
        }
        break;
      }
      case "text":
        target = Target.of(Candidate.text(q));
        if (!exact) {
          inexact(c, "text");
        }
        break;
      case "label":
        target = Target.of(Candidate.label(q));
        if (!exact) {
          inexact(c, "label");
        }
        break;
      case "placeholder":
        target = Target.of(Candidate.placeholder(q));
        if (!exact) {
          inexact(c, "placeholder");
        }
        break;
      case "testid":
        target = Target.of(Candidate.testId(q));
        break;
      case "alt":
        target = Target.of(Candidate.css("[alt=" + CssStrings.quote(q) + "]"));
        break;
      case "title":
        target = Target.of(Candidate.css("[title=" + CssStrings.quote(q) + "]"));
        break;
      default:
        if (!strategy.equals("nth")) {
          issues.warning(ConversionCode.FIND_POSITIONAL, c.path, "find " + strategy
              + " picks one of several matches; a BrowserFlow target must match exactly one element");
        }
        target = target(query, c);
        if (target == null) {
          return;
        }
    }
    switch (action) {
      case "click":
      case "dblclick":
      case "hover":
      case "check":
      case "uncheck":
        act(c, a, action, target, null);
        break;
      case "fill":
      case "type":
      case "select": {
        if (!require(c, rest, "a value")) {
          return;
        }
        String v = value(rest, c);
        if (v != null) {
          act(c, a, action, target, v);
        }
        break;
      }
      case "text":
      case "value":
        read(c, a, target, action.equals("text") ? Step.ReadKind.TEXT : Step.ReadKind.VALUE, null);
        break;
      case "focus":
        issues.warning(ConversionCode.UNSUPPORTED_STEP, c.path, "find ... focus has no BrowserFlow step; "
            + "a later press or type without a selector may reach another element");
        unusedCapture(c);
        break;
      default:
        issues.blocking(ConversionCode.UNSUPPORTED_STEP, c.path, "find action \"" + action
            + "\" has no BrowserFlow equivalent");
        unusedCapture(c);
    }
  }

  private void inexact(Command c, String what) {
    issues.info(ConversionCode.MATCH_EXACT, c.path, "find without --exact matches the " + what
        + " loosely; BrowserFlow matches the whole " + what + " exactly");
  }

  private void get(Command c, Args a) {
    options(c, a, Set.of("timeout"));
    String what = a.at(0);
    if (what == null) {
      issues.blocking(ConversionCode.FIELD_MISSING, c.path, "get needs what to read");
      return;
    }
    switch (what) {
      case "text":
      case "value": {
        if (!require(c, a.at(1), "a selector")) {
          return;
        }
        Target target = target(a.at(1), c);
        if (target != null) {
          read(c, a, target, what.equals("text") ? Step.ReadKind.TEXT : Step.ReadKind.VALUE, null);
        }
        return;
      }
      case "attr":
      case "attribute": {
        if (!require(c, a.at(1), "a selector") || !require(c, a.at(2), "an attribute name")) {
          return;
        }
        Target target = target(a.at(1), c);
        if (target != null) {
          read(c, a, target, Step.ReadKind.ATTRIBUTE, a.at(2));
        }
        return;
      }
      default:
        if (c.capture.isEmpty()) {
          issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "get " + what
              + " only observes the page; it has no step in a flow");
        } else {
          unusedCapture(c);
        }
    }
  }

  private void read(Command c, Args a, Target target, Step.ReadKind what, String attribute) {
    Step.Read.Builder b = Step.Read.builder().target(target).what(what);
    if (attribute != null) {
      b.attribute(attribute);
    }
    timeoutOf(timeout(c, a), b::timeoutMs);
    c.description(b::title);
    String id = id(c);
    output(c, id, what.name().toLowerCase(Locale.ROOT));
    add(c, b.id(id).build());
  }

  private void screenshot(Command c, Args a) {
    options(c, a, Set.of("full", "timeout"));
    unusedCapture(c);
    Step.Screenshot.Builder b = Step.Screenshot.builder().fullPage(a.has("full"));
    if (a.at(0) != null) {
      String path = a.at(0);
      String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
      if (!name.equals(path)) {
        issues.info(ConversionCode.PATH_CHANGED, c.path, "the screenshot is saved as " + name
            + " in the run's artifact directory");
      }
      if (!name.isBlank()) {
        b.name(name);
      }
    }
    c.description(b::title);
    add(c, b.id(id(c)).build());
  }

  // ------------------------------------------------------------------ values

  /** A browserctl selector as a target: data-testid and id attribute selectors become those candidates. */
  private Target target(String selector, Command c) {
    String sel = selector.trim();
    if (SNAPSHOT_REF.matcher(sel).matches()) {
      issues.blocking(ConversionCode.TARGET_UNRESOLVED, c.path, "selector " + sel
          + " is a snapshot ref, valid only while recording: use a css selector or find");
      return null;
    }
    String v = value(sel, c);
    if (v == null) {
      return null;
    }
    Matcher m = ATTRIBUTE_CSS.matcher(v);
    if (m.matches()) {
      String attr = m.group(1);
      String val = CssStrings.unescape(m.group(2) != null ? m.group(2) : m.group(3));
      if (attr.equals("data-testid") && !val.isEmpty()) {
        return Target.of(Candidate.testId(val));
      }
      if (attr.equals("id") && !val.isEmpty()) {
        return Target.of(Candidate.id(val));
      }
    }
    if (v.startsWith("//") || v.startsWith("xpath=")) {
      return Target.of(Candidate.xpath(v.startsWith("xpath=") ? v.substring(6) : v));
    }
    return Target.of(Candidate.css(v));
  }

  /** Maps {@code ${KEY}} to BrowserFlow placeholders; null (with an issue) when it cannot. */
  private String value(String raw, Command c) {
    if (raw == null) {
      return null;
    }
    Optional<String> syntax = Placeholders.syntaxError(raw);
    if (syntax.isPresent()) {
      issues.blocking(ConversionCode.PLACEHOLDER_INVALID, c.path, "malformed placeholder: " + syntax.get());
      return null;
    }
    boolean[] failed = {false};
    String out = Placeholders.replace(raw, ref -> {
      String mappedRef = reference(ref, c);
      if (mappedRef == null) {
        failed[0] = true;
        return "";
      }
      return "${" + mappedRef + "}";
    });
    return failed[0] ? null : out;
  }

  private String reference(String ref, Command c) {
    if (credentials.containsKey(ref)) {
      return "credential." + ref;
    }
    if (inputs.containsKey(ref)) {
      return "input." + ref;
    }
    if (outputVars.containsKey(ref)) {
      return outputVars.get(ref);
    }
    if (ref.startsWith("input.") && inputs.containsKey(ref.substring(6))
        || ref.startsWith("credential.") && credentials.containsKey(ref.substring(11))) {
      return ref;
    }
    if (ref.contains(".")) {
      issues.blocking(ConversionCode.BINDING_UNRESOLVED, c.path, "${" + ref
          + "} names no credential, input or captured variable of the file");
      return null;
    }
    if (!KEY.matcher(ref).matches()) {
      issues.blocking(ConversionCode.BINDING_UNRESOLVED, c.path, "${" + ref + "} is not a usable key");
      return null;
    }
    boolean dead = deadVars.contains(ref) || tabVars.containsKey(ref);
    inputs.put(ref, Input.of(ref));
    if (reported.add(ref)) {
      if (dead) {
        issues.blocking(ConversionCode.BINDING_UNRESOLVED, c.path, "${" + ref + "} is captured by a command "
            + "BrowserFlow cannot reproduce; it was declared as input " + ref + " so a person can supply it");
      } else {
        issues.warning(ConversionCode.BINDING_UNRESOLVED, c.path, "${" + ref
            + "} is neither a declared credential nor input; it was declared as a required input");
      }
    }
    return "input." + ref;
  }

  // ------------------------------------------------------------------ secrets and the flow

  /** Literal secrets typed into fields become secret credentials; other literal secrets block. */
  private void secrets() {
    for (LintWarning w : FlowLint.lint(draft()).warnings(LintCode.SENSITIVE_VALUE)) {
      String where = sourceOf(w.path());
      if (!w.blocking()) {
        issues.warning(ConversionCode.SENSITIVE_VALUE, where, w.message());
        continue;
      }
      Matcher m = STEP_PATH.matcher(w.path());
      Step s = m.matches() ? steps.get(Integer.parseInt(m.group(1))) : null;
      Optional<Typed> typed = s == null ? Optional.empty() : s.accept(TYPED);
      if (typed.isPresent()) {
        int i = Integer.parseInt(m.group(1));
        Optional<Target> target = typed.get().target();
        boolean password = target.map(t -> t.candidates().stream().anyMatch(k -> SECRET_FIELD.matcher(k.value()).find()))
            .orElse(false);
        String key = freeKey(password ? "PASSWORD" : "SECRET");
        credentials.put(key, Credential.builder().key(key).label(password ? "Password" : "Secret")
            .type(password ? Credential.Type.PASSWORD : Credential.Type.TOKEN).secret(true).build());
        String ph = "${credential." + key + "}";
        steps.set(i, typed.get().typing().apply(ph));
        issues.warning(ConversionCode.SENSITIVE_VALUE, where, "a literal secret typed by the command was "
            + "replaced with ${credential." + key + "} (a secret credential); supply its value when running");
      } else {
        issues.blocking(ConversionCode.SECRET_POLICY_VIOLATION, where, "the command holds a literal secret "
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
    @Override public Optional<Typed> visitForeach(Step.Foreach s) { return Optional.empty(); }
    @Override public Optional<Typed> visitRepeat(Step.Repeat s) { return Optional.empty(); }
    @Override public Optional<Typed> visitIf(Step.If s) { return Optional.empty(); }
    @Override public Optional<Typed> visitWhile(Step.While s) { return Optional.empty(); }
    @Override public Optional<Typed> visitManual(Step.Manual s) { return Optional.empty(); }
  };

  private String freeKey(String base) {
    String key = base;
    for (int n = 2; credentials.containsKey(key) || inputs.containsKey(key); n++) {
      key = base + "_" + n;
    }
    return key;
  }

  private String sourceOf(String flowPath) {
    Matcher m = STEP_INDEX.matcher(flowPath);
    if (m.matches()) {
      int i = Integer.parseInt(m.group(1));
      if (i < stepPaths.size()) {
        return stepPaths.get(i);
      }
    }
    return flowPath;
  }

  private Flow draft() {
    return Flow.builder().id("draft").name("draft").addAllInputs(inputs.values())
        .addAllCredentials(credentials.values()).addAllSteps(steps).build();
  }

  private Flow flow() {
    String id = doc.name != null && !doc.name.isBlank() ? doc.name.trim() : baseName(origin);
    if (!PLAIN_ID.matcher(id).matches()) {
      id = Flow.slug(id);
    }
    String name = doc.title != null && !doc.title.isBlank() ? doc.title.trim()
        : doc.name != null && !doc.name.isBlank() ? doc.name.trim() : id;
    if (name.length() > MAX_NAME) {
      issues.info(ConversionCode.FIELD_TRUNCATED, "metadata", "the name was cut to " + MAX_NAME + " characters");
      name = name.substring(0, MAX_NAME);
    }
    Flow.Builder b = Flow.builder().id(id).name(name);
    if (doc.description != null && !doc.description.isBlank()) {
      String d = doc.description.strip();
      if (d.length() > MAX_DESCRIPTION) {
        issues.warning(ConversionCode.FIELD_TRUNCATED, "business", "the description was cut to "
            + MAX_DESCRIPTION + " characters");
        d = d.substring(0, MAX_DESCRIPTION);
      }
      b.description(d);
    }
    if (doc.source != null || doc.createdAt != null || doc.recorderVersion != null) {
      FlowMeta.Builder m = FlowMeta.builder();
      Optional.ofNullable(doc.source).ifPresent(m::source);
      Optional.ofNullable(doc.createdAt).ifPresent(m::createdAt);
      Optional.ofNullable(doc.recorderVersion).ifPresent(m::recorderVersion);
      b.meta(m.build());
    }
    b.addAllInputs(inputs.values()).addAllCredentials(credentials.values()).addAllSteps(steps);
    if (scriptEval) {
      b.policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build());
    }
    return b.build();
  }

  private static String baseName(String origin) {
    String n = origin.substring(Math.max(origin.lastIndexOf('/'), origin.lastIndexOf('\\')) + 1);
    for (String ext : List.of(".browserctl-flow.json", ".browserctl", ".json")) {
      if (n.endsWith(ext)) {
        return n.substring(0, n.length() - ext.length());
      }
    }
    return n;
  }
}
