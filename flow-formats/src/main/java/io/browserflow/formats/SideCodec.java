package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Point;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.api.validate.FlowValidator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Selenium IDE projects ({@code .side}, import only). One flow per test: {@link #read} returns the
 * first test (the others are listed as {@link ConversionCode#OTHER_TEST} infos), {@link
 * #read(String, String, String)} a chosen one, {@link #readAll} every test.
 *
 * <p>Variables: {@code store} becomes {@code setVar}; the reading commands (storeText, storeValue,
 * storeAttribute, executeScript, ...) become a step whose output later commands reference as
 * {@code ${steps.<id>.text}} (or, for a variable assigned more than once or inside a loop, a
 * {@code setVar} of that output, referenced as {@code ${vars.x}}). Window handles become tab
 * aliases; frames by index, scripts and expressions are carried over with issues saying how.
 */
final class SideCodec implements FormatCodec {
  private static final FlowLimits LIMITS = FlowLimits.defaults();
  private static final Set<String> TERMINATORS = Set.of("end", "else", "elseIf", "repeatIf");
  private static final Set<String> STRUCTURE = Set.of("if", "elseIf", "else", "end", "while", "times", "do",
      "repeatIf", "forEach");
  private static final Set<String> LOOPS = Set.of("while", "times", "do", "forEach");
  private static final Set<String> ASSIGNING = Set.of("store", "storeText", "storeValue", "storeAttribute",
      "storeTitle", "storeXpathCount", "storeElementCount", "storeJson", "executeScript", "executeAsyncScript");
  private static final Set<String> NO_EFFECT = Set.of("setSpeed", "debugger", "echo");
  private static final Set<String> DIALOGS = Set.of("answerOnNextPrompt", "chooseOkOnNextConfirmation",
      "chooseCancelOnNextConfirmation", "chooseCancelOnNextPrompt", "webdriverAnswerOnVisiblePrompt",
      "webdriverChooseOkOnVisibleConfirmation", "webdriverChooseCancelOnVisibleConfirmation",
      "webdriverChooseCancelOnVisiblePrompt", "acceptAlert", "acceptConfirmation", "dismissConfirmation",
      "dismissPrompt", "answerPrompt");
  private static final Set<String> KNOWN_UNSUPPORTED = Set.of("mouseDown", "mouseDownAt", "mouseUp", "mouseUpAt",
      "mouseMoveAt", "mouseOut", "removeSelection", "editContent", "submit", "run", "assertAlert",
      "assertConfirmation", "assertPrompt", "verifyAlert", "verifyConfirmation", "verifyPrompt");
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]*)}");
  private static final Pattern SECRET_FIELD = Pattern.compile(
      "(?i)(passw|\\bpwd\\b|\\bpass\\b|\\bpin\\b|\\botp\\b)");
  private static final Pattern NUMBER = Pattern.compile("-?\\d{1,15}(\\.\\d{1,15})?");
  private static final Pattern VAR_ONLY = Pattern.compile("\\s*\\$\\{([^}]+)}\\s*");
  private static final Pattern NOT_VAR = Pattern.compile("\\s*!\\s*\\$\\{([^}]+)}\\s*");
  private static final Pattern VAR_COMPARE = Pattern.compile(
      "\\s*\\$\\{([^}]+)}\\s*(===|!==|==|!=)\\s*('([^'\\\\]*)'|\"([^\"\\\\]*)\"|-?\\d+(?:\\.\\d+)?|true|false)\\s*");
  private static final Pattern COMPARE_VAR = Pattern.compile(
      "\\s*('([^'\\\\]*)'|\"([^\"\\\\]*)\"|-?\\d+(?:\\.\\d+)?|true|false)\\s*(===|!==|==|!=)\\s*\\$\\{([^}]+)}\\s*");
  private static final Map<String, String> KEYS = keys();

  @Override
  public Format format() {
    return Format.SELENIUM_IDE;
  }

  @Override
  public boolean detects(String content) {
    return Json.object(content).map(o -> {
      if (!o.has("version") || !o.path("tests").isArray()) {
        return false;
      }
      for (JsonNode t : o.path("tests")) {
        if (t.path("commands").isArray()) {
          return true;
        }
      }
      return false;
    }).orElse(false);
  }

  /** The first test of the project; the other tests are listed as {@link ConversionCode#OTHER_TEST} infos. */
  @Override
  public Conversion<Flow> read(String content, String origin) {
    return read(content, origin, null);
  }

  /** The test named {@code test} (or with that id); the first one when {@code test} is null. */
  Conversion<Flow> read(String content, String origin, String test) {
    JsonNode project = project(content, origin);
    JsonNode tests = project.path("tests");
    int chosen = 0;
    if (test != null) {
      chosen = -1;
      for (int i = 0; i < tests.size(); i++) {
        if (test.equals(tests.get(i).path("name").asText()) || test.equals(tests.get(i).path("id").asText())) {
          chosen = i;
          break;
        }
      }
      if (chosen < 0) {
        throw new FlowFormatException(List.of(Problem.of(ErrorCode.FIELD_INVALID, "tests",
            origin + " has no test named " + test + " (tests: " + testNames(tests) + ")")));
      }
    }
    Conversion<Flow> c = new TestReader(project, chosen, origin).convert();
    Issues others = new Issues();
    for (int i = 0; i < tests.size(); i++) {
      if (i != chosen) {
        JsonNode t = tests.get(i);
        others.info(ConversionCode.OTHER_TEST, "tests[" + i + "]", "test \"" + t.path("name").asText()
            + "\" (" + t.path("commands").size() + " commands) is another flow: import it on its own");
      }
    }
    return c.withIssues(others.list());
  }

  /** One conversion per test of the project, in the project's order. */
  List<Conversion<Flow>> readAll(String content, String origin) {
    JsonNode project = project(content, origin);
    List<Conversion<Flow>> all = new ArrayList<>();
    for (int i = 0; i < project.path("tests").size(); i++) {
      all.add(new TestReader(project, i, origin).convert());
    }
    return all;
  }

  private static JsonNode project(String content, String origin) {
    JsonNode root = Json.parse(content, origin);
    if (root == null || !root.isObject() || !root.path("tests").isArray()) {
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.SCHEMA_UNSUPPORTED, "",
          origin + " is not a Selenium IDE project: it needs a \"tests\" array")));
    }
    if (root.path("tests").size() == 0) {
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.FIELD_MISSING, "tests",
          origin + " has no test to import")));
    }
    return root;
  }

  private static String testNames(JsonNode tests) {
    List<String> names = new ArrayList<>();
    tests.forEach(t -> names.add(t.path("name").asText()));
    return String.join(", ", names);
  }

  private static Map<String, String> keys() {
    Map<String, String> k = new HashMap<>();
    String[][] pairs = {
        {"ENTER", "Enter"}, {"RETURN", "Enter"}, {"TAB", "Tab"}, {"BACKSPACE", "Backspace"}, {"BKSP", "Backspace"},
        {"DELETE", "Delete"}, {"DEL", "Delete"}, {"ESC", "Escape"}, {"ESCAPE", "Escape"}, {"UP", "ArrowUp"},
        {"DOWN", "ArrowDown"}, {"LEFT", "ArrowLeft"}, {"RIGHT", "ArrowRight"}, {"HOME", "Home"}, {"END", "End"},
        {"PAGE_UP", "PageUp"}, {"PGUP", "PageUp"}, {"PAGE_DOWN", "PageDown"}, {"PGDN", "PageDown"},
        {"SPACE", "Space"}, {"INSERT", "Insert"}, {"EQUALS", "="}, {"SEMICOLON", ";"}, {"ADD", "+"},
        {"SUBTRACT", "-"}, {"MULTIPLY", "*"}, {"DIVIDE", "/"}, {"DECIMAL", "."}, {"SEPARATOR", ","},
    };
    for (String[] p : pairs) {
      k.put("KEY_" + p[0], p[1]);
    }
    for (int i = 1; i <= 12; i++) {
      k.put("KEY_F" + i, "F" + i);
    }
    for (int i = 0; i <= 9; i++) {
      k.put("KEY_NUMPAD" + i, "Numpad" + i);
      k.put("KEY_N" + i, "Numpad" + i);
    }
    return k;
  }

  /** Modifier keys of sendKeys: held from where they appear to the end of the value. */
  private static Optional<String> modifier(String name) {
    switch (name) {
      case "KEY_SHIFT":
        return Optional.of("Shift");
      case "KEY_CONTROL":
      case "KEY_CTRL":
        return Optional.of("Control");
      case "KEY_ALT":
        return Optional.of("Alt");
      case "KEY_META":
      case "KEY_COMMAND":
        return Optional.of("Meta");
      default:
        return Optional.empty();
    }
  }

  /** One command of the test being read. */
  private static final class Cmd {
    final int index;
    final String name;
    final boolean disabled;
    final String target;
    final String value;
    final String comment;
    final JsonNode node;
    final String path;

    Cmd(int test, int index, JsonNode node) {
      this.index = index;
      String raw = node.path("command").asText("").trim();
      this.disabled = raw.startsWith("//");
      this.name = disabled ? raw.substring(2).trim() : raw;
      this.target = node.path("target").asText("");
      this.value = node.path("value").asText("");
      this.comment = node.path("comment").asText("").trim();
      this.node = node;
      this.path = "tests[" + test + "].commands[" + index + "]";
    }
  }

  /** Converts one test; not reusable. */
  private static final class TestReader {
    private final JsonNode project;
    private final int testIndex;
    private final JsonNode test;
    private final String origin;
    private final List<Cmd> cmds = new ArrayList<>();
    private final String baseUrl;
    private int cursor;
    private int nextId = 1;

    private final Issues issues = new Issues();
    private final Set<Integer> mapped = new HashSet<>();
    private final Map<String, Input> inputs = new LinkedHashMap<>();
    private final Map<String, Credential> credentials = new LinkedHashMap<>();
    private final Map<String, String> secretKeys = new HashMap<>();
    private final List<TabAlias> tabs = new ArrayList<>();
    private boolean scriptEval;

    /** Variable name to the placeholder reading it now. */
    private final Map<String, String> refs = new HashMap<>();
    /** Variables assigned more than once or inside a loop: kept in run variables. */
    private final Set<String> multi = new HashSet<>();
    /** storeJson arrays of scalars, usable as forEach sources. */
    private final Map<String, List<String>> arrays = new HashMap<>();
    private final Map<String, String> handles = new HashMap<>();
    private final List<String> popups = new ArrayList<>();
    private final Set<String> warned = new HashSet<>();
    private String currentTab = "main";
    private final List<String> frames = new ArrayList<>();
    private int doLoops;

    TestReader(JsonNode project, int testIndex, String origin) {
      this.project = project;
      this.testIndex = testIndex;
      this.test = project.path("tests").get(testIndex);
      this.origin = origin;
      JsonNode commands = test.path("commands");
      for (int j = 0; j < commands.size(); j++) {
        cmds.add(new Cmd(testIndex, j, commands.get(j)));
      }
      String url = project.path("url").asText("").trim();
      this.baseUrl = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
      countAssignments();
    }

    Conversion<Flow> convert() {
      List<Step> steps = steps(Set.of());
      String name = test.path("name").asText("").trim();
      if (name.isEmpty()) {
        name = "Selenium IDE test " + (testIndex + 1);
      }
      if (name.length() > LIMITS.maxNameChars()) {
        issues.info(ConversionCode.FIELD_TRUNCATED, "tests[" + testIndex + "].name",
            "the test name has " + name.length() + " characters; the flow name keeps the first " + LIMITS.maxNameChars());
        name = name.substring(0, LIMITS.maxNameChars());
      }
      String projectName = project.path("name").asText("").trim();
      Flow.Builder flow = Flow.builder().name(name)
          .description("Imported from test \"" + name + "\" of the Selenium IDE project"
              + (projectName.isEmpty() ? "" : " \"" + projectName + "\"") + " (" + origin + ").")
          .meta(FlowMeta.builder().source("selenium-ide").build())
          .inputs(inputs.values()).credentials(credentials.values()).tabs(tabs).steps(steps);
      if (scriptEval) {
        flow.policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build());
        issues.info(ConversionCode.EVAL_USED, "tests[" + testIndex + "]", "the flow runs page scripts "
            + "(executeScript, conditions, counts or the title): it declares the " + Capability.SCRIPT_EVAL.id()
            + " capability, which a run must allow");
      }
      Flow built = flow.build();
      for (Problem p : FlowValidator.of(LIMITS).validate(built)) {
        issues.blocking(ConversionCode.INVALID_FLOW, "flow." + p.path(), p.code() + ": " + p.message());
      }
      return Conversion.of(Format.SELENIUM_IDE, Format.FLOW, built, cmds.size(), mapped.size(), issues);
    }

    // ------------------------------------------------------------------ structure

    private void countAssignments() {
      Map<String, Integer> count = new HashMap<>();
      int loopDepth = 0;
      List<String> open = new ArrayList<>();
      for (Cmd c : cmds) {
        if (c.disabled) {
          continue;
        }
        if (ASSIGNING.contains(c.name)) {
          String var = assignedVar(c);
          if (!var.isEmpty()) {
            count.merge(var, 1, Integer::sum);
            if (loopDepth > 0) {
              multi.add(var);
            }
          }
        }
        if (STRUCTURE.contains(c.name) && !TERMINATORS.contains(c.name)) {
          open.add(c.name);
          loopDepth += LOOPS.contains(c.name) ? 1 : 0;
        } else if ((c.name.equals("end") || c.name.equals("repeatIf")) && !open.isEmpty()) {
          String closed = open.remove(open.size() - 1);
          loopDepth -= LOOPS.contains(closed) ? 1 : 0;
        }
      }
      count.forEach((v, n) -> {
        if (n > 1) {
          multi.add(v);
        }
      });
    }

    private static String assignedVar(Cmd c) {
      if (c.name.equals("storeTitle")) {
        return c.value.isBlank() ? c.target.trim() : c.value.trim();
      }
      return c.value.trim();
    }

    private String id() {
      return "s" + nextId++;
    }

    private List<Step> steps(Set<String> until) {
      List<Step> out = new ArrayList<>();
      while (cursor < cmds.size()) {
        Cmd c = cmds.get(cursor);
        if (c.disabled && STRUCTURE.contains(c.name)) {
          issues.warning(ConversionCode.CONTROL_FLOW, c.path, "the disabled control-flow command " + c.name
              + " is left out; enable or remove the block it belongs to");
          cursor++;
          continue;
        }
        if (until.contains(c.name)) {
          return out;
        }
        if (TERMINATORS.contains(c.name)) {
          issues.blocking(ConversionCode.CONTROL_FLOW, c.path, c.name + " has no matching "
              + (c.name.equals("repeatIf") ? "do" : "if, while, times or forEach") + " before it");
          cursor++;
          continue;
        }
        cursor++;
        List<Step> made = command(c);
        if (!made.isEmpty()) {
          mapped.add(c.index);
          if (!c.comment.isEmpty()) {
            made.set(0, made.get(0).withTitle(c.comment));
          }
          if (c.disabled) {
            made.replaceAll(s -> s.withDisabled(true));
          }
        }
        out.addAll(made);
      }
      return out;
    }

    /** Expects {@code name} at the cursor (the end of a block) and consumes it. */
    private boolean close(String name, Cmd opener) {
      if (cursor < cmds.size() && cmds.get(cursor).name.equals(name)) {
        mapped.add(cmds.get(cursor).index);
        cursor++;
        return true;
      }
      issues.blocking(ConversionCode.CONTROL_FLOW, opener.path, opener.name + " has no matching " + name
          + (cursor < cmds.size() ? " (found " + cmds.get(cursor).name + " at " + cmds.get(cursor).path + ")" : ""));
      return false;
    }

    // ------------------------------------------------------------------ commands

    private List<Step> command(Cmd c) {
      List<Step> out = new ArrayList<>();
      switch (c.name) {
        case "open":
          open(c, out);
          break;
        case "click":
        case "clickAt":
          target(c).ifPresent(t -> {
            Step.Click.Builder b = Step.Click.builder().id(id()).target(t);
            offset(c).ifPresent(b::offset);
            if (c.node.path("opensWindow").asBoolean(false)) {
              b.newTab(popup(c));
            }
            out.add(b.build());
          });
          break;
        case "doubleClick":
        case "doubleClickAt":
          target(c).ifPresent(t -> {
            Step.Dblclick.Builder b = Step.Dblclick.builder().id(id()).target(t);
            offset(c).ifPresent(b::offset);
            out.add(b.build());
          });
          break;
        case "mouseOver":
          target(c).ifPresent(t -> out.add(Step.Hover.builder().id(id()).target(t).build()));
          break;
        case "check":
          target(c).ifPresent(t -> out.add(Step.Check.builder().id(id()).target(t).build()));
          break;
        case "uncheck":
          target(c).ifPresent(t -> out.add(Step.Uncheck.builder().id(id()).target(t).build()));
          break;
        case "type":
          target(c).ifPresent(t -> out.add(Step.Fill.builder().id(id()).target(t).value(typed(c, c.value)).build()));
          break;
        case "sendKeys":
          target(c).ifPresent(t -> sendKeys(c, t, out));
          break;
        case "select":
        case "addSelection":
          target(c).ifPresent(t -> select(c, t, out));
          break;
        case "dragAndDropToObject":
          dragAndDrop(c, out);
          break;
        case "selectFrame":
          selectFrame(c, out);
          break;
        case "selectWindow":
          selectWindow(c, out);
          break;
        case "storeWindowHandle": {
          String var = c.target.trim();
          handles.put(var, currentTab);
          mapped.add(c.index);
          issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "window handle " + var + " is the tab alias "
              + currentTab + " of the flow; selectWindow handle=${" + var + "} switches to it");
          break;
        }
        case "close":
          out.add(Step.TabClose.builder().id(id()).build());
          currentTab = "main";
          frames.clear();
          break;
        case "pause":
          pause(c, out);
          break;
        case "setWindowSize":
          windowSize(c, out);
          break;
        case "store": {
          String var = c.value.trim();
          if (var.isEmpty()) {
            notCarried(c, ConversionCode.FIELD_MISSING, ConversionIssue.Severity.BLOCKING,
                "store needs a variable name in value");
            break;
          }
          String value = interpolate(c.target, c.path + ".target");
          String name = varName(var);
          out.add(Step.SetVar.builder().id(id()).name(name).value(value).build());
          refs.put(var, "${vars." + name + "}");
          break;
        }
        case "storeText":
        case "storeValue":
          target(c).ifPresent(t -> {
            Step.ReadKind what = c.name.equals("storeText") ? Step.ReadKind.TEXT : Step.ReadKind.VALUE;
            Step read = Step.Read.builder().id(id()).target(t).what(what).build();
            out.add(read);
            assign(c.value, read, what.name().toLowerCase(Locale.ROOT), out);
          });
          break;
        case "storeAttribute":
          storeAttribute(c, out);
          break;
        case "storeTitle": {
          Step eval = eval("document.title");
          out.add(eval);
          assign(assignedVar(c), eval, "result", out);
          break;
        }
        case "storeXpathCount":
        case "storeElementCount":
          storeCount(c, out);
          break;
        case "storeJson":
          storeJson(c, out);
          break;
        case "executeScript":
        case "executeAsyncScript":
        case "runScript":
          script(c, out);
          break;
        case "echo":
          issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "echo has no step equivalent; its message was: "
              + abbreviate(c.target));
          break;
        case "setSpeed":
        case "debugger":
          issues.info(ConversionCode.COMMAND_SKIPPED, c.path, c.name + " has no effect on a replay");
          break;
        case "if":
          out.add(ifStep(c));
          break;
        case "while":
          whileStep(c, out);
          break;
        case "times":
          times(c, out);
          break;
        case "do":
          doLoop(c, out);
          break;
        case "forEach":
          forEach(c, out);
          break;
        case "":
          issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "an empty command line");
          break;
        default:
          if (!check(c, out)) {
            unknown(c);
          }
      }
      return out;
    }

    /** assert*, verify*, waitFor*: true when {@code c} is one of them (and was handled). */
    private boolean check(Cmd c, List<Step> out) {
      String n = c.name;
      boolean verify = n.startsWith("verify");
      boolean wait = n.startsWith("waitFor");
      if (!(n.startsWith("assert") || verify || wait) || KNOWN_UNSUPPORTED.contains(n)) {
        return false;
      }
      String what = n.substring(wait ? 7 : 6);
      Optional<Condition> cond = condition(c, what);
      if (cond.isEmpty()) {
        return !out.isEmpty() || wasReported(c);
      }
      Step s;
      if (wait) {
        Step.Wait.Builder w = Step.Wait.builder().id(id()).until(cond.get());
        waitTimeout(c).ifPresent(w::timeoutMs);
        s = w.build();
      } else {
        s = Step.Assert.builder().id(id()).condition(cond.get()).build();
        if (verify) {
          s = s.withOnError(OnError.continueRun());
        }
      }
      out.add(s);
      return true;
    }

    private boolean wasReported(Cmd c) {
      return issues.any(i -> i.path().equals(c.path) || i.path().startsWith(c.path + "."));
    }

    private Optional<Condition> condition(Cmd c, String what) {
      switch (what) {
        case "":
          return Optional.of(Condition.Var.equalTo(ref(c.target.trim(), c.path + ".target"),
              interpolate(c.value, c.path + ".value")));
        case "Text":
          return target(c).map(t -> Condition.Text.of(t, interpolate(c.value, c.path + ".value"), Condition.Match.EQUALS));
        case "NotText":
          return target(c).map(t -> Condition.Not.of(
              Condition.Text.of(t, interpolate(c.value, c.path + ".value"), Condition.Match.EQUALS)));
        case "Title":
          return Optional.of(Condition.Title.of(interpolate(c.target, c.path + ".target")));
        case "Value":
        case "SelectedValue":
          return target(c).map(t -> Condition.Value.of(t, interpolate(c.value, c.path + ".value")));
        case "NotSelectedValue":
          return target(c).map(t -> Condition.Not.of(Condition.Value.of(t, interpolate(c.value, c.path + ".value"))));
        case "SelectedLabel":
          return target(c).map(t -> Condition.Text.of(selectedOption(t), interpolate(c.value, c.path + ".value"),
              Condition.Match.EQUALS));
        case "NotSelectedLabel":
          return target(c).map(t -> Condition.Not.of(Condition.Text.of(selectedOption(t),
              interpolate(c.value, c.path + ".value"), Condition.Match.EQUALS)));
        case "Checked":
          return target(c).map(t -> Condition.Element.of(t, Condition.State.CHECKED));
        case "NotChecked":
          return target(c).map(t -> Condition.Element.of(t, Condition.State.UNCHECKED));
        case "ElementPresent":
          return target(c).map(t -> Condition.Element.of(t, Condition.State.EXISTS));
        case "ElementNotPresent":
          return target(c).map(t -> Condition.Count.of(t, Condition.Op.EQ, 0));
        case "ElementVisible":
        case "Visible":
          return target(c).map(t -> Condition.Element.of(t, Condition.State.VISIBLE));
        case "ElementNotVisible":
        case "NotVisible":
          return target(c).map(t -> Condition.Element.of(t, Condition.State.HIDDEN));
        case "Editable":
        case "ElementEditable":
          issues.info(ConversionCode.APPROXIMATED, c.path, "editable is checked as enabled (a read-only field "
              + "counts as editable)");
          return target(c).map(t -> Condition.Element.of(t, Condition.State.ENABLED));
        case "NotEditable":
        case "ElementNotEditable":
          issues.info(ConversionCode.APPROXIMATED, c.path, "not editable is checked as disabled (a read-only "
              + "field does not count)");
          return target(c).map(t -> Condition.Element.of(t, Condition.State.DISABLED));
        default:
          return Optional.empty();
      }
    }

    /** The selected option of a select target, for its label. */
    private Target selectedOption(Target select) {
      List<Candidate> options = new ArrayList<>();
      for (Candidate cand : select.candidates()) {
        selector(cand).ifPresent(sel -> options.add(Candidate.css(sel + " >> option:checked")));
      }
      return Target.builder().from(select).candidates(options).build();
    }

    private Optional<Integer> waitTimeout(Cmd c) {
      String v = c.value.trim();
      if (!NUMBER.matcher(v).matches()) {
        return Optional.empty();
      }
      return Optional.of(clamp((int) Double.parseDouble(v), LIMITS.minStepTimeoutMs(), LIMITS.maxStepTimeoutMs(),
          c, "the wait timeout"));
    }

    private int clamp(int v, int min, int max, Cmd c, String what) {
      int r = Math.max(min, Math.min(max, v));
      if (r != v) {
        issues.info(ConversionCode.VALUE_CLAMPED, c.path, what + " " + v + " is outside " + min + ".." + max
            + "; the flow uses " + r);
      }
      return r;
    }

    private void unknown(Cmd c) {
      if (DIALOGS.contains(c.name)) {
        unsupported(c, ConversionIssue.Severity.WARNING, "dialogs are not handled by flows; the replay "
            + "dismisses them");
      } else if (KNOWN_UNSUPPORTED.contains(c.name)) {
        unsupported(c, c.name.equals("run") || c.name.startsWith("assert")
            ? ConversionIssue.Severity.BLOCKING : ConversionIssue.Severity.WARNING,
            c.name.equals("run") ? "the steps of test \"" + c.target + "\" are not inlined: import it as its own flow"
                : "it has no step equivalent");
      } else {
        unsupported(c, ConversionIssue.Severity.BLOCKING, "it is not a command this converter knows");
      }
    }

    private void unsupported(Cmd c, ConversionIssue.Severity severity, String why) {
      notCarried(c, ConversionCode.UNSUPPORTED_STEP, severity, why);
    }

    /** The command made no step: {@code code} says why (no equivalent, a missing or malformed part, an unknown window). */
    private void notCarried(Cmd c, ConversionCode code, ConversionIssue.Severity severity, String why) {
      issues.add(code, severity, c.path, c.name + " is not carried over: " + why);
    }

    // ------------------------------------------------------------------ pages, tabs, frames

    private void open(Cmd c, List<Step> out) {
      String url = c.target.trim();
      String resolved;
      if (url.startsWith("${")) {
        resolved = url;
      } else if (url.matches("(?i)^[a-z][a-z0-9+.-]*:.*")) {
        resolved = !baseUrl.isEmpty() && (url.equals(baseUrl) || url.startsWith(baseUrl + "/")
            || url.startsWith(baseUrl + "?") || url.startsWith(baseUrl + "#"))
            ? baseUrlInput() + url.substring(baseUrl.length()) : url;
      } else {
        resolved = baseUrlInput() + (url.startsWith("/") ? "" : "/") + url;
      }
      out.add(Step.Open.builder().id(id()).url(interpolate(resolved, c.path + ".target")).build());
      frames.clear();
    }

    private String baseUrlInput() {
      inputs.computeIfAbsent("BASE_URL", k -> {
        Input.Builder b = Input.builder().key(k).type(Input.Type.URL)
            .label("Address of the application (the Selenium IDE project url), without a trailing slash");
        if (!baseUrl.isEmpty()) {
          b.defaultValue(baseUrl);
        }
        return b.build();
      });
      return "${BASE_URL}";
    }

    /** The alias of the popup a click opens: its window handle variable, else popup-N. */
    private String popup(Cmd c) {
      String handle = c.node.path("windowHandleName").asText("").trim();
      String alias = handle.isEmpty() ? "popup-" + (popups.size() + 1) : handle.replaceAll("[^A-Za-z0-9_-]", "_");
      String unique = alias;
      for (int n = 2; popups.contains(unique) || unique.equals("main"); n++) {
        unique = alias + "-" + n;
      }
      popups.add(unique);
      if (!handle.isEmpty()) {
        handles.put(handle, unique);
      }
      tabs.add(TabAlias.builder().alias(unique).opener(currentTab).build());
      return unique;
    }

    private void selectWindow(Cmd c, List<Step> out) {
      String t = c.target.trim();
      String alias = null;
      Matcher handle = Pattern.compile("^handle=\\$\\{([^}]+)}$").matcher(t);
      if (handle.matches()) {
        alias = handles.get(handle.group(1).trim());
      } else if (t.equals("win_ser_local")) {
        alias = "main";
      } else if (t.matches("win_ser_\\d{1,6}")) {
        int n = Integer.parseInt(t.substring(8));
        alias = n >= 1 && n <= popups.size() ? popups.get(n - 1) : null;
      }
      if (alias == null) {
        notCarried(c, ConversionCode.TAB_UNRESOLVED, ConversionIssue.Severity.BLOCKING, "window " + t
            + " is not a handle stored by storeWindowHandle or opened by a click of this test");
        return;
      }
      out.add(Step.TabSwitch.builder().id(id()).alias(alias).build());
      currentTab = alias;
      frames.clear();
    }

    private void selectFrame(Cmd c, List<Step> out) {
      String t = c.target.trim();
      if (t.equals("relative=top")) {
        out.add(Step.FrameMain.builder().id(id()).build());
        frames.clear();
        return;
      }
      if (t.equals("relative=parent")) {
        out.add(Step.FrameMain.builder().id(id()).build());
        if (!frames.isEmpty()) {
          frames.remove(frames.size() - 1);
        }
        for (String f : frames) {
          out.add(Step.Frame.builder().id(id()).locator(f).build());
        }
        if (!frames.isEmpty()) {
          issues.info(ConversionCode.REWRITTEN, c.path, "relative=parent becomes frameMain and " + frames.size()
              + " frame step(s) entering the parent again");
        }
        return;
      }
      String locator;
      Matcher index = Pattern.compile("^index=(\\d+)$").matcher(t);
      if (index.matches()) {
        locator = ":is(iframe, frame) >> nth=" + index.group(1);
        issues.warning(ConversionCode.FRAME_SELECTOR_UNSTABLE, c.path, "frame index " + index.group(1) + " becomes the "
            + "frame element number " + index.group(1) + " in document order; name its owner (css, id) instead");
      } else {
        List<Candidate> cands = candidates(interpolate(t, c.path + ".target"), c.path + ".target");
        Optional<String> sel = cands.stream().map(TestReader::selector).flatMap(Optional::stream).findFirst();
        if (sel.isEmpty()) {
          issues.blocking(ConversionCode.FRAME_UNRESOLVED, c.path + ".target", "frame locator " + t
              + " has no equivalent");
          return;
        }
        locator = sel.get();
        if (c.node.path("targets").size() > 1) {
          issues.info(ConversionCode.APPROXIMATED, c.path + ".targets", "a frame has one locator: the "
              + "alternatives of targets are left out");
        }
      }
      out.add(Step.Frame.builder().id(id()).locator(locator).build());
      frames.add(locator);
    }

    private void pause(Cmd c, List<Step> out) {
      String v = (c.target.isBlank() ? c.value : c.target).trim();
      if (!NUMBER.matcher(v).matches()) {
        notCarried(c, ConversionCode.FIELD_INVALID, ConversionIssue.Severity.BLOCKING, "the pause " + v
            + " is not a number of milliseconds");
        return;
      }
      int ms = clamp((int) Double.parseDouble(v), 0, LIMITS.maxStepTimeoutMs(), c, "the pause");
      out.add(Step.Wait.builder().id(id()).ms(ms).build());
    }

    private void windowSize(Cmd c, List<Step> out) {
      Matcher m = Pattern.compile("^\\s*(\\d{1,6})\\s*[xX]\\s*(\\d{1,6})\\s*$").matcher(c.target);
      if (!m.matches()) {
        notCarried(c, ConversionCode.FIELD_INVALID, ConversionIssue.Severity.WARNING, "the size " + c.target
            + " is not WIDTHxHEIGHT");
        return;
      }
      int w = clamp(Integer.parseInt(m.group(1)), LIMITS.minViewportWidth(), LIMITS.maxViewportWidth(), c, "the width");
      int h = clamp(Integer.parseInt(m.group(2)), LIMITS.minViewportHeight(), LIMITS.maxViewportHeight(), c,
          "the height");
      out.add(Step.SetViewport.builder().id(id()).width(w).height(h).build());
      issues.info(ConversionCode.APPROXIMATED, c.path, "the window size becomes the viewport size (without "
          + "the browser's own bars)");
    }

    // ------------------------------------------------------------------ interaction

    private Optional<Point> offset(Cmd c) {
      if (!c.name.endsWith("At")) {
        return Optional.empty();
      }
      Matcher m = Pattern.compile("^\\s*(-?\\d{1,6}(?:\\.\\d{1,6})?)\\s*,\\s*(-?\\d{1,6}(?:\\.\\d{1,6})?)\\s*$").matcher(c.value);
      if (!m.matches()) {
        if (!c.value.isBlank()) {
          issues.warning(ConversionCode.APPROXIMATED, c.path + ".value", "the coordinates " + c.value
              + " are not x,y: the element's center is clicked");
        }
        return Optional.empty();
      }
      return Optional.of(Point.of(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))));
    }

    /** A typed value: placeholders mapped, a literal password replaced by a credential. */
    private String typed(Cmd c, String value) {
      if (!value.isEmpty() && !value.contains("${") && secretField(c)) {
        String key = secretKeys.computeIfAbsent(value, v -> {
          String k = secretKeys.isEmpty() ? "PASSWORD" : "PASSWORD_" + (secretKeys.size() + 1);
          credentials.put(k, Credential.builder().key(k).type(Credential.Type.PASSWORD)
              .label("Password typed in the Selenium IDE recording").build());
          return k;
        });
        issues.warning(ConversionCode.SENSITIVE_VALUE, c.path + ".value", "a literal value typed into a "
            + "password field became ${credential." + key + "}: give the credential at run time");
        return "${credential." + key + "}";
      }
      return interpolate(value, c.path + ".value");
    }

    private boolean secretField(Cmd c) {
      if (SECRET_FIELD.matcher(c.target).find()) {
        return true;
      }
      for (JsonNode t : c.node.path("targets")) {
        if (SECRET_FIELD.matcher(t.isArray() ? t.path(0).asText("") : t.asText("")).find()) {
          return true;
        }
      }
      return false;
    }

    private void sendKeys(Cmd c, Target t, List<Step> out) {
      List<String> held = new ArrayList<>();
      StringBuilder text = new StringBuilder();
      Matcher m = VARIABLE.matcher(c.value);
      int at = 0;
      while (true) {
        boolean found = m.find();
        String literal = c.value.substring(at, found ? m.start() : c.value.length());
        for (int i = 0; i < literal.length(); ) {
          int cp = literal.codePointAt(i);
          String ch = new String(Character.toChars(cp));
          i += ch.length();
          if (held.isEmpty()) {
            text.append(ch);
          } else {
            flushText(c, t, text, out);
            out.add(Step.Press.builder().id(id()).key(ch).modifiers(held).target(t).build());
          }
        }
        if (!found) {
          break;
        }
        String name = m.group(1).trim();
        Optional<String> mod = modifier(name);
        if (KEYS.containsKey(name)) {
          flushText(c, t, text, out);
          out.add(Step.Press.builder().id(id()).key(KEYS.get(name)).modifiers(held).target(t).build());
        } else if (mod.isPresent()) {
          if (!held.remove(mod.get())) {
            held.add(mod.get());
          }
        } else if (name.startsWith("KEY_")) {
          issues.warning(ConversionCode.UNSUPPORTED_KEY, c.path + ".value", "the key " + name
              + " has no equivalent and is left out");
        } else {
          text.append(m.group());
        }
        at = m.end();
      }
      flushText(c, t, text, out);
      if (out.size() > 1) {
        issues.info(ConversionCode.REWRITTEN, c.path, "sendKeys became " + out.size()
            + " steps: typed text and key presses");
      }
    }

    private void flushText(Cmd c, Target t, StringBuilder text, List<Step> out) {
      if (text.length() > 0) {
        out.add(Step.Type.builder().id(id()).target(t).text(typed(c, text.toString())).build());
        text.setLength(0);
      }
    }

    private void select(Cmd c, Target t, List<Step> out) {
      String option = c.value.trim();
      int eq = option.indexOf('=');
      String kind = eq > 0 ? option.substring(0, eq) : "label";
      String what = eq > 0 ? option.substring(eq + 1) : option;
      if (!Set.of("label", "value", "index", "id").contains(kind)) {
        kind = "label";
        what = option;
      }
      what = interpolate(what, c.path + ".value");
      if (c.name.equals("addSelection")) {
        issues.info(ConversionCode.APPROXIMATED, c.path, "addSelection selects the option (a multi-select "
            + "keeps only this one selected)");
      }
      switch (kind) {
        case "value":
          out.add(Step.Select.builder().id(id()).target(t).value(what).build());
          return;
        case "label":
          out.add(Step.Select.builder().id(id()).target(t).label(what).build());
          return;
        default: {
          Optional<String> element = t.candidates().stream().map(TestReader::elementScript)
              .flatMap(Optional::stream).findFirst();
          if (element.isEmpty() || !t.framePath().isEmpty()) {
            unsupported(c, ConversionIssue.Severity.BLOCKING, "option " + option + " needs a css, id or xpath "
                + "locator for the select");
            return;
          }
          String pick = kind.equals("index")
              ? "s.selectedIndex = " + jsString(what) + " * 1;"
              : "const o = document.getElementById(" + jsString(what) + "); if (!o || !s.contains(o)) "
                  + "throw new Error('no option ' + " + jsString(what) + "); o.selected = true;";
          out.add(eval("const s = " + element.get() + "; if (!s) throw new Error('select not found'); " + pick
              + " s.dispatchEvent(new Event('input', {bubbles: true}));"
              + " s.dispatchEvent(new Event('change', {bubbles: true}));"));
          issues.warning(ConversionCode.APPROXIMATED, c.path + ".value", "option " + kind + "=" + what
              + " is selected by a page script (select steps pick by value or label)");
        }
      }
    }

    private void dragAndDrop(Cmd c, List<Step> out) {
      Optional<Target> from = target(c);
      List<Candidate> to = candidates(interpolate(c.value, c.path + ".value"), c.path + ".value");
      if (from.isEmpty()) {
        return;
      }
      if (to.isEmpty()) {
        issues.blocking(ConversionCode.TARGET_UNRESOLVED, c.path + ".value", "the drop locator " + c.value
            + " has no equivalent");
        return;
      }
      out.add(Step.Drag.builder().id(id()).source(from.get()).destination(Target.of(to)).build());
    }

    // ------------------------------------------------------------------ data

    private void storeAttribute(Cmd c, List<Step> out) {
      int at = c.target.lastIndexOf('@');
      if (at <= 0 || at == c.target.length() - 1) {
        notCarried(c, ConversionCode.FIELD_INVALID, ConversionIssue.Severity.BLOCKING, "the target " + c.target
            + " is not locator@attribute");
        return;
      }
      String attribute = c.target.substring(at + 1);
      target(c, c.target.substring(0, at), l -> l.endsWith("@" + attribute)
          ? l.substring(0, l.length() - attribute.length() - 1) : l).ifPresent(t -> {
            Step read = Step.Read.builder().id(id()).target(t).what(Step.ReadKind.ATTRIBUTE).attribute(attribute)
                .build();
            out.add(read);
            assign(c.value, read, "attribute", out);
          });
    }

    private void storeCount(Cmd c, List<Step> out) {
      String script;
      if (c.name.equals("storeXpathCount")) {
        String xpath = c.target.trim().startsWith("xpath=") ? c.target.trim().substring(6) : c.target.trim();
        script = xpathCount(interpolate(xpath, c.path + ".target"));
      } else {
        List<Candidate> cands = candidates(interpolate(c.target, c.path + ".target"), c.path + ".target");
        Optional<String> s = cands.isEmpty() ? Optional.empty() : countScript(cands.get(0));
        if (s.isEmpty()) {
          issues.blocking(ConversionCode.TARGET_UNRESOLVED, c.path + ".target", "the locator " + c.target
              + " cannot be counted");
          return;
        }
        script = s.get();
      }
      Step eval = eval(script);
      out.add(eval);
      assign(c.value, eval, "result", out);
    }

    private void storeJson(Cmd c, List<Step> out) {
      String var = c.value.trim();
      if (var.isEmpty()) {
        notCarried(c, ConversionCode.FIELD_MISSING, ConversionIssue.Severity.BLOCKING,
            "storeJson needs a variable name in value");
        return;
      }
      JsonNode json = Json.object("{\"v\":" + c.target + "}").map(o -> o.get("v")).orElse(null);
      if (json != null && json.isArray()) {
        List<String> values = new ArrayList<>();
        boolean scalars = true;
        for (JsonNode e : json) {
          scalars &= e.isValueNode();
          values.add(e.asText());
        }
        if (scalars) {
          arrays.put(var, values);
        }
      }
      String name = varName(var);
      out.add(Step.SetVar.builder().id(id()).name(name).value(interpolate(c.target, c.path + ".target")).build());
      refs.put(var, "${vars." + name + "}");
      issues.info(ConversionCode.APPROXIMATED, c.path, "the JSON is kept as text in ${vars." + name + "}"
          + (arrays.containsKey(var) ? "; a forEach over it iterates its values" : ""));
    }

    private void script(Cmd c, List<Step> out) {
      String body = c.target;
      if (VARIABLE.matcher(body).find()) {
        issues.warning(ConversionCode.SCRIPT_VARIABLE, c.path + ".target", "variables in the script are "
            + "inserted as text before it runs, not passed as JavaScript values: quote string values");
      }
      body = interpolate(body, c.path + ".target");
      String script;
      if (c.name.equals("runScript")) {
        script = body;
      } else if (c.name.equals("executeScript")) {
        script = "(function () {\n" + body + "\n})()";
      } else {
        script = "new Promise((resolve, reject) => {\n  const r = (function () {\n" + body
            + "\n  }).apply(null, [resolve]);\n  if (r !== undefined) Promise.resolve(r).then(resolve, reject);\n})";
      }
      Step eval = eval(script);
      out.add(eval);
      if (!c.name.equals("runScript") && !c.value.isBlank()) {
        assign(c.value, eval, "result", out);
      }
    }

    private Step eval(String script) {
      scriptEval = true;
      return Step.Eval.builder().id(id()).script(script).build();
    }

    /** Records where variable {@code var} now lives; a variable kept in run variables gets a setVar. */
    private void assign(String var, Step producer, String field, List<Step> out) {
      String v = var.trim();
      if (v.isEmpty()) {
        return;
      }
      String output = "${steps." + producer.id() + "." + field + "}";
      if (multi.contains(v)) {
        String name = varName(v);
        out.add(Step.SetVar.builder().id(id()).name(name).value(output).build());
        refs.put(v, "${vars." + name + "}");
      } else {
        refs.put(v, output);
      }
    }

    private static String varName(String var) {
      return var.trim().replaceAll("[\\s${}]", "_");
    }

    // ------------------------------------------------------------------ control flow

    private Step ifStep(Cmd c) {
      String id = id();
      Condition cond = expression(c.target, c.path + ".target");
      List<Step> then = steps(Set.of("elseIf", "else", "end"));
      List<Step> otherwise = new ArrayList<>();
      if (cursor < cmds.size() && cmds.get(cursor).name.equals("elseIf")) {
        Cmd elseIf = cmds.get(cursor++);
        Step nested = ifStep(elseIf);
        mapped.add(elseIf.index);
        otherwise.add(elseIf.comment.isEmpty() ? nested : nested.withTitle(elseIf.comment));
      } else if (cursor < cmds.size() && cmds.get(cursor).name.equals("else")) {
        mapped.add(cmds.get(cursor).index);
        cursor++;
        otherwise.addAll(steps(Set.of("end")));
        close("end", c);
      } else {
        close("end", c);
      }
      return Step.If.builder().id(id).condition(cond).then(then).otherwise(otherwise).build();
    }

    private void whileStep(Cmd c, List<Step> out) {
      String id = id();
      Condition cond = expression(c.target, c.path + ".target");
      int max = loopLimit(c);
      List<Step> body = steps(Set.of("end"));
      close("end", c);
      out.add(Step.While.builder().id(id).condition(cond).max(max).body(body).build());
    }

    private int loopLimit(Cmd c) {
      String v = c.value.trim();
      int limit = NUMBER.matcher(v).matches() ? (int) Double.parseDouble(v) : 1000;
      return clamp(limit, 1, LIMITS.maxWhileIterations(), c, "the loop limit");
    }

    private void times(Cmd c, List<Step> out) {
      String id = id();
      String v = c.target.trim();
      int times = 1;
      if (NUMBER.matcher(v).matches()) {
        times = clamp((int) Double.parseDouble(v), 1, LIMITS.maxRepeatTimes(), c, "the repeat count");
      } else {
        issues.blocking(ConversionCode.FIELD_INVALID, c.path + ".target", "times " + v + " is not a "
            + "number: a repeat needs a fixed count (the flow repeats once)");
      }
      List<Step> body = steps(Set.of("end"));
      close("end", c);
      out.add(Step.Repeat.builder().id(id).times(times).body(body).build());
    }

    /** do ... repeatIf c: a while over a run variable, set again from the condition at the end of the body. */
    private void doLoop(Cmd c, List<Step> out) {
      String flag = "do_loop_" + (++doLoops);
      String setId = id();
      String id = id();
      List<Step> body = new ArrayList<>(steps(Set.of("repeatIf")));
      Condition again;
      int max = LIMITS.maxWhileIterations();
      if (cursor < cmds.size() && cmds.get(cursor).name.equals("repeatIf")) {
        Cmd repeatIf = cmds.get(cursor);
        mapped.add(repeatIf.index);
        cursor++;
        again = expression(repeatIf.target, repeatIf.path + ".target");
        max = loopLimit(repeatIf);
      } else {
        close("repeatIf", c);
        again = Condition.Var.falsy("${vars." + flag + "}");
      }
      body.add(Step.If.builder().id(id()).condition(again)
          .addThen(Step.SetVar.builder().id(id()).name(flag).value("true").build())
          .addOtherwise(Step.SetVar.builder().id(id()).name(flag).value("").build()).build());
      out.add(Step.SetVar.builder().id(setId).name(flag).value("true").build());
      out.add(Step.While.builder().id(id).condition(Condition.Var.truthy("${vars." + flag + "}")).max(max)
          .body(body).build());
      issues.info(ConversionCode.REWRITTEN, c.path, "do ... repeatIf became a while over ${vars." + flag
          + "}, set from the repeatIf condition at the end of each pass");
    }

    private void forEach(Cmd c, List<Step> out) {
      String id = id();
      String array = c.target.trim();
      String item = c.value.trim();
      ForeachSource source;
      if (arrays.containsKey(array)) {
        source = ForeachSource.literal(arrays.get(array));
      } else {
        String ref = ref(array, c.path + ".target");
        source = ForeachSource.literal(List.of(ref));
        issues.blocking(ConversionCode.FOREACH_SOURCE, c.path + ".target", "forEach iterates " + array
            + ", which no storeJson of this test sets to a list of values: the flow iterates once over its text; "
            + "make the source a literal list, a scrape or a csvImport");
      }
      boolean nested = hasNestedLoop();
      String previous = refs.get(item);
      List<Step> body = new ArrayList<>();
      if (!item.isEmpty()) {
        if (nested) {
          String name = varName(item);
          body.add(Step.SetVar.builder().id(id()).name(name).value("${loop.item}").build());
          refs.put(item, "${vars." + name + "}");
        } else {
          refs.put(item, "${loop.item}");
        }
      }
      body.addAll(steps(Set.of("end")));
      close("end", c);
      if (!item.isEmpty() && !nested) {
        if (previous == null) {
          refs.remove(item);
        } else {
          refs.put(item, previous);
        }
      }
      out.add(Step.Foreach.builder().id(id).source(source).body(body).build());
    }

    /** Whether the block starting at the cursor holds a loop before its matching end. */
    private boolean hasNestedLoop() {
      int depth = 0;
      for (int k = cursor; k < cmds.size(); k++) {
        Cmd c = cmds.get(k);
        if (c.disabled) {
          continue;
        }
        if (LOOPS.contains(c.name)) {
          return true;
        }
        if (STRUCTURE.contains(c.name) && !TERMINATORS.contains(c.name)) {
          depth++;
        } else if (c.name.equals("end") || c.name.equals("repeatIf")) {
          if (depth == 0) {
            return false;
          }
          depth--;
        }
      }
      return false;
    }

    /** A Selenium IDE conditional expression: simple variable tests become var conditions, the rest a page expression. */
    private Condition expression(String expr, String path) {
      Matcher m = VAR_ONLY.matcher(expr);
      if (m.matches()) {
        return Condition.Var.truthy(ref(m.group(1).trim(), path));
      }
      m = NOT_VAR.matcher(expr);
      if (m.matches()) {
        return Condition.Var.falsy(ref(m.group(1).trim(), path));
      }
      m = VAR_COMPARE.matcher(expr);
      if (m.matches()) {
        return compare(ref(m.group(1).trim(), path), m.group(2), literal(m.group(3), m.group(4), m.group(5)));
      }
      m = COMPARE_VAR.matcher(expr);
      if (m.matches()) {
        return compare(ref(m.group(5).trim(), path), m.group(4), literal(m.group(1), m.group(2), m.group(3)));
      }
      if (VARIABLE.matcher(expr).find()) {
        issues.warning(ConversionCode.SCRIPT_VARIABLE, path, "variables in the condition are inserted as text "
            + "before it is evaluated, not passed as JavaScript values: quote string values");
      }
      scriptEval = true;
      return Condition.Expression.of(interpolate(expr, path));
    }

    private static String literal(String whole, String single, String dbl) {
      return single != null ? single : dbl != null ? dbl : whole;
    }

    private static Condition compare(String subject, String op, String operand) {
      Condition eq = Condition.Var.equalTo(subject, operand);
      return op.startsWith("!") ? Condition.Not.of(eq) : eq;
    }

    // ------------------------------------------------------------------ variables

    /** The placeholder reading variable {@code var} here. */
    private String ref(String var, String path) {
      return interpolate("${" + var + "}", path);
    }

    /** {@code value} with its {@code ${x}} mapped to the flow's placeholders. */
    private String interpolate(String value, String path) {
      if (!value.contains("${")) {
        return value;
      }
      Matcher m = VARIABLE.matcher(value);
      StringBuilder sb = new StringBuilder();
      while (m.find()) {
        String name = m.group(1).trim();
        String replacement;
        if (refs.containsKey(name)) {
          replacement = refs.get(name);
        } else if (name.startsWith("KEY_")) {
          if (warned.add(path + " " + name)) {
            issues.warning(ConversionCode.UNSUPPORTED_KEY, path, "the key " + name + " only works in sendKeys; "
                + "it is left out");
          }
          replacement = "";
        } else if (handles.containsKey(name)) {
          replacement = handles.get(name);
        } else {
          String key = varName(name);
          if (key.isEmpty()) {
            replacement = "";
          } else {
            if (!inputs.containsKey(key)) {
              inputs.put(key, Input.builder().key(key).label("Selenium IDE variable " + name
                  + " (set outside this test)").build());
              issues.warning(ConversionCode.BINDING_UNRESOLVED, path, "no earlier command of this test stores "
                  + name + ": it became the input " + key);
            }
            replacement = "${" + key + "}";
          }
        }
        m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
      }
      m.appendTail(sb);
      return sb.toString();
    }

    // ------------------------------------------------------------------ locators

    private Optional<Target> target(Cmd c) {
      return target(c, c.target, l -> l);
    }

    /** The target's locator first, then the alternatives of targets (each through {@code alternative}), as candidates. */
    private Optional<Target> target(Cmd c, String primary, UnaryOperator<String> alternative) {
      Set<Candidate> cands = new LinkedHashSet<>(candidates(interpolate(primary, c.path + ".target"), c.path + ".target"));
      JsonNode targets = c.node.path("targets");
      for (int k = 0; k < targets.size(); k++) {
        JsonNode t = targets.get(k);
        String locator = alternative.apply(t.isArray() ? t.path(0).asText("") : t.asText(""));
        cands.addAll(candidates(interpolate(locator, c.path + ".targets[" + k + "]"), c.path + ".targets[" + k + "]"));
      }
      if (cands.isEmpty()) {
        issues.blocking(ConversionCode.TARGET_UNRESOLVED, c.path + ".target", c.name + " on " + c.target
            + ": no locator of the command has an equivalent; the command is left out");
        return Optional.empty();
      }
      return Optional.of(Target.of(new ArrayList<>(cands)));
    }

    /** The candidates of one Selenium IDE locator; empty (with an issue) when it has none. */
    private List<Candidate> candidates(String locator, String path) {
      String l = locator.trim();
      if (l.isEmpty()) {
        return List.of();
      }
      int eq = l.indexOf('=');
      String strategy = eq > 0 ? l.substring(0, eq) : "";
      String v = eq > 0 ? l.substring(eq + 1) : l;
      if (l.startsWith("//") || l.startsWith("(")) {
        return List.of(Candidate.xpath(l));
      }
      switch (strategy) {
        case "id":
          return List.of(Candidate.id(v));
        case "name":
          return List.of(Candidate.css("[name=" + CssStrings.quote(v) + "]"));
        case "css":
          return List.of(Candidate.css(v));
        case "xpath":
          return List.of(Candidate.xpath(v));
        case "linkText":
        case "link":
          return List.of(Candidate.xpath("//a[normalize-space(.)=" + xpathString(v.trim()) + "]"));
        case "partialLinkText":
          return List.of(Candidate.xpath("//a[contains(normalize-space(.), " + xpathString(v.trim()) + ")]"));
        case "identifier":
          return List.of(Candidate.id(v), Candidate.css("[name=" + CssStrings.quote(v) + "]"));
        default:
          if (strategy.isEmpty() || !strategy.matches("[A-Za-z:]+")) {
            // no strategy: Selenium IDE tries the id, then the name
            return List.of(Candidate.id(l), Candidate.css("[name=" + CssStrings.quote(l) + "]"));
          }
          issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, path, "the locator strategy " + strategy
              + " has no equivalent; this alternative is left out");
          return List.of();
      }
    }

    /** A Playwright selector for a candidate (frames, selected options), if it has one. */
    private static Optional<String> selector(Candidate c) {
      return switch (c.kind()) {
        case ID -> Optional.of("[id=" + CssStrings.quote(c.value()) + "]");
        case CSS -> Optional.of(c.value());
        case XPATH -> Optional.of("xpath=" + c.value());
        case TEST_ID, ROLE, LABEL, PLACEHOLDER, TEXT -> Optional.empty();
      };
    }

    /** A page expression finding the element of a candidate. */
    private static Optional<String> elementScript(Candidate c) {
      return switch (c.kind()) {
        case ID -> Optional.of("document.getElementById(" + jsString(c.value()) + ")");
        case CSS -> Optional.of("document.querySelector(" + jsString(c.value()) + ")");
        case XPATH -> Optional.of("document.evaluate(" + jsString(c.value())
            + ", document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue");
        case TEST_ID, ROLE, LABEL, PLACEHOLDER, TEXT -> Optional.empty();
      };
    }

    private static Optional<String> countScript(Candidate c) {
      return switch (c.kind()) {
        case ID -> Optional.of("document.querySelectorAll(" + jsString("[id=" + CssStrings.quote(c.value()) + "]")
            + ").length");
        case CSS -> Optional.of("document.querySelectorAll(" + jsString(c.value()) + ").length");
        case XPATH -> Optional.of(xpathCount(c.value()));
        case TEST_ID, ROLE, LABEL, PLACEHOLDER, TEXT -> Optional.empty();
      };
    }

    private static String xpathCount(String xpath) {
      return "document.evaluate(" + jsString(xpath)
          + ", document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength";
    }

    private static String abbreviate(String s) {
      return s.length() > 120 ? s.substring(0, 120) + "…" : s;
    }
  }

  static String jsString(String s) {
    return new TextNode(s).toString();
  }

  static String xpathString(String s) {
    if (!s.contains("'")) {
      return "'" + s + "'";
    }
    if (!s.contains("\"")) {
      return "\"" + s + "\"";
    }
    StringBuilder sb = new StringBuilder("concat(");
    String[] parts = s.split("'", -1);
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        sb.append(", \"'\", ");
      }
      sb.append('\'').append(parts[i]).append('\'');
    }
    return sb.append(')').toString();
  }
}
