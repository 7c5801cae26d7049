package io.browserflow.formats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** One export of a flow to a Chrome Recorder user flow; see {@link ChromeRecorderCodec} for the mapping. */
final class ChromeRecorderExport {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final String MAIN = "main";
  /** Where a click without a recorded offset is written: the format requires one; a few pixels in from the corner. */
  static final int DEFAULT_OFFSET = 4;
  private static final Pattern FUNCTION = Pattern.compile("^\\s*(?:async\\s+)?(?:function\\b|\\([^()]*\\)\\s*=>|[\\w$]+\\s*=>)");

  private final Flow flow;
  private final ChromeIssues issues = new ChromeIssues();
  private final ArrayNode steps = JSON.arrayNode();
  private final Map<String, String> tabUrl = new HashMap<>();
  private final Map<String, String> tabOpener = new HashMap<>();
  private final Set<String> tabUrlWarned = new HashSet<>();
  private final Set<String> evalOutputs = new HashSet<>();
  private String tab = MAIN;
  private final List<String> frameContext = new ArrayList<>();
  private int mapped;

  ChromeRecorderExport(Flow flow) {
    this.flow = flow;
    for (TabAlias t : flow.tabs()) {
      t.url().ifPresent(u -> tabUrl.put(t.alias(), u));
      t.opener().ifPresent(o -> tabOpener.put(t.alias(), o));
    }
    String json = FlowJson.write(flow);
    for (String ref : Placeholders.references(json)) {
      if (ref.startsWith("steps.") && ref.endsWith(".result")) {
        evalOutputs.add(ref.substring(6, ref.length() - 7));
      }
    }
  }

  Conversion<String> run() {
    ObjectNode root = JSON.objectNode();
    root.put("title", flow.name());
    root.put("timeout", FlowLimits.defaults().defaultStepTimeoutMs());
    for (int i = 0; i < flow.steps().size(); i++) {
      step(flow.steps().get(i), "steps[" + i + "]");
    }
    root.set("steps", steps);
    int read = NativeCodec.count(flow.steps());
    return Conversion.of(Format.FLOW, Format.CHROME_RECORDER, Json.write(root), read, mapped, issues.list());
  }

  // =================================================================== steps

  private void step(Step s, String p) {
    if (s.disabled()) {
      issues.info("DISABLED_STEP_OMITTED", p, "disabled step " + s.describe() + " is not written");
      return;
    }
    int before = steps.size();
    boolean ok = write(s, p);
    if (!ok) {
      return;
    }
    mapped++;
    if (s.retry().isPresent() || s.onError().kind() != OnError.Kind.STOP) {
      issues.warning("UNSUPPORTED_OPTION", p, "retry and onError have no equivalent; the replay stops at the first failure of "
          + s.describe());
    }
    for (int i = before; i < steps.size(); i++) {
      if (steps.get(i).toString().contains(Placeholders.OPEN)) {
        issues.warning("PLACEHOLDER_VALUE", p, s.describe() + " holds ${...} placeholders, which the recording replays literally: "
            + "put real values in before replaying it elsewhere");
        break;
      }
    }
  }

  /** Writes the step; false (with an issue) when it has no equivalent. */
  private boolean write(Step s, String p) {
    switch (s.kind()) {
      case OPEN: {
        Step.Open o = (Step.Open) s;
        if (o.tab().isPresent() && !o.tab().get().equals(tab)) {
          String alias = o.tab().get();
          if (!alias.equals(MAIN) && !tabUrl.containsKey(alias)) {
            tabUrl.put(alias, o.url());
          }
          tab = alias;
        }
        frameContext.clear();
        ObjectNode n = base("navigate", s);
        n.put("url", o.url());
        return action(n, s, p);
      }
      case NAVIGATE: {
        ObjectNode n = base("navigate", s);
        n.put("url", ((Step.Navigate) s).url());
        frameContext.clear();
        return action(n, s, p);
      }
      case TAB_SWITCH:
        tab = ((Step.TabSwitch) s).alias();
        frameContext.clear();
        return true;
      case TAB_CLOSE: {
        String alias = ((Step.TabClose) s).alias().orElse(tab);
        String was = tab;
        tab = alias;
        ObjectNode n = base("close", s);
        tab = was;
        if (alias.equals(tab)) {
          tab = tabOpener.getOrDefault(alias, MAIN);
          frameContext.clear();
        }
        return action(n, s, p);
      }
      case TAB_NEW: {
        Step.TabNew t = (Step.TabNew) s;
        t.url().ifPresent(u -> tabUrl.putIfAbsent(t.alias(), u));
        tabOpener.putIfAbsent(t.alias(), tab);
        tab = t.alias();
        frameContext.clear();
        return unsupported(s, p, "a recording cannot open a tab by itself; the steps that follow are written for the page "
            + t.url().orElse("of tab " + t.alias()));
      }
      case FRAME: {
        String locator = ((Step.Frame) s).locator();
        if (ChromeSelectors.frameIndex(locator).isEmpty()) {
          issues.warning("FRAME_NOT_EXPRESSIBLE", p, "frame " + locator + " cannot be written: the format locates frames by "
              + "index only; the steps inside it are written for the main frame");
          return false;
        }
        frameContext.add(locator);
        return true;
      }
      case FRAME_MAIN:
        frameContext.clear();
        return true;
      case SET_VIEWPORT: {
        Step.SetViewport v = (Step.SetViewport) s;
        ObjectNode n = base("setViewport", s);
        n.put("width", v.width()).put("height", v.height()).put("deviceScaleFactor", 1)
            .put("isMobile", false).put("hasTouch", false).put("isLandscape", false);
        return action(n, s, p);
      }
      case CLICK:
        return click((Step.Click) s, p);
      case DBLCLICK: {
        Step.Dblclick d = (Step.Dblclick) s;
        ObjectNode n = targeted("doubleClick", s, d.target(), p);
        if (n == null) {
          return false;
        }
        offset(n, d.offset(), p);
        return action(n, s, p);
      }
      case CONTEXTMENU: {
        Step.Contextmenu c = (Step.Contextmenu) s;
        ObjectNode n = targeted("click", s, c.target(), p);
        if (n == null) {
          return false;
        }
        offset(n, c.offset(), p);
        n.put("button", "secondary");
        issues.info("APPROXIMATED", p, "contextmenu is written as a click with the secondary button");
        return action(n, s, p);
      }
      case HOVER: {
        ObjectNode n = targeted("hover", s, ((Step.Hover) s).target(), p);
        return n != null && action(n, s, p);
      }
      case FILL: {
        Step.Fill f = (Step.Fill) s;
        ObjectNode n = targeted("change", s, f.target(), p);
        if (n == null) {
          return false;
        }
        n.put("value", f.value());
        return action(n, s, p);
      }
      case TYPE:
        return type((Step.Type) s, p);
      case PRESS:
        return press((Step.Press) s, p);
      case SELECT: {
        Step.Select sel = (Step.Select) s;
        ObjectNode n = targeted("change", s, sel.target(), p);
        if (n == null) {
          return false;
        }
        if (sel.value().isPresent()) {
          n.put("value", sel.value().get());
        } else {
          n.put("value", sel.label().orElse(""));
          issues.warning("APPROXIMATED", p, "the option is chosen by its label, which the format does not know: "
              + "the label is written as the option's value");
        }
        return action(n, s, p);
      }
      case CHECK:
      case UNCHECK:
      case TOGGLE: {
        Target t = s instanceof Step.Check ? ((Step.Check) s).target()
            : s instanceof Step.Uncheck ? ((Step.Uncheck) s).target() : ((Step.Toggle) s).target();
        ObjectNode n = targeted("click", s, t, p);
        if (n == null) {
          return false;
        }
        offset(n, Optional.empty(), p);
        if (s.kind() != Step.Kind.TOGGLE) {
          issues.warning("APPROXIMATED", p, s.kind().op() + " is written as a click, which flips the box whatever its state");
        }
        return action(n, s, p);
      }
      case SCROLL:
        return scroll((Step.Scroll) s, p);
      case WAIT: {
        Step.Wait w = (Step.Wait) s;
        if (w.ms().isPresent()) {
          int ms = w.ms().getAsInt();
          ObjectNode n = base("waitForExpression", s);
          frame(n, List.of(), p);
          n.put("expression", "new Promise(resolve => setTimeout(() => resolve(true), " + ms + "))");
          // the replay gives the expression the step's timeout: it must outlast the wait
          int needed = ms + 1000;
          if (s.timeoutMs().isPresent() || needed > FlowLimits.defaults().defaultStepTimeoutMs()) {
            int timeout = Math.max(s.timeoutMs().orElse(0), needed);
            n.put("timeout", Math.min(timeout, FlowLimits.defaults().maxStepTimeoutMs()));
          }
          steps.add(n);
          expectations(s, p, false);
          return true;
        }
        return condition(w.until().get(), s, p, true);
      }
      case ASSERT:
        return condition(((Step.Assert) s).condition(), s, p, true);
      case EVAL: {
        if (evalOutputs.contains(s.id())) {
          return unsupported(s, p, "its result is used by later steps, and the format has no step outputs");
        }
        ObjectNode n = base("waitForExpression", s);
        frame(n, List.of(), p);
        n.put("expression", "(async () => { const r = (" + ((Step.Eval) s).script() + "); "
            + "if (typeof r === 'function') { await r(); } return true; })()");
        issues.info("APPROXIMATED", p, "eval is written as a waitForExpression that runs the script once");
        return action(n, s, p);
      }
      default:
        return unsupported(s, p, "the format has no equivalent");
    }
  }

  private boolean unsupported(Step s, String p, String why) {
    issues.warning("UNSUPPORTED_STEP", p, s.describe() + " (" + s.kind().op() + ") is not written: " + why);
    return false;
  }

  private boolean click(Step.Click c, String p) {
    ObjectNode n = targeted("click", c, c.target(), p);
    if (n == null) {
      return false;
    }
    offset(n, c.offset(), p);
    if (c.button() == Step.MouseButton.RIGHT) {
      n.put("button", "secondary");
    } else if (c.button() == Step.MouseButton.MIDDLE) {
      n.put("button", "auxiliary");
    }
    List<String> mods = modifiers(c.modifiers(), p);
    for (String m : mods) {
      steps.add(key("keyDown", m));
    }
    boolean ok = action(n, c, p);
    for (int i = mods.size() - 1; i >= 0; i--) {
      steps.add(key("keyUp", mods.get(i)));
    }
    c.newTab().ifPresent(alias -> {
      tabOpener.putIfAbsent(alias, tab);
      if (!tabUrl.containsKey(alias) && tabUrlWarned.add(alias)) {
        issues.warning("TAB_URL_UNKNOWN", p, "the flow does not declare the URL of tab " + alias
            + " (tabs[].url); the steps in it are written with target " + alias + ", which a replay cannot find");
      }
    });
    return ok;
  }

  private boolean type(Step.Type t, String p) {
    if (t.target().isPresent()) {
      ObjectNode n = targeted("change", t, t.target().get(), p);
      if (n == null) {
        return false;
      }
      n.put("value", t.text());
      issues.warning("APPROXIMATED", p, "type appends to the field, change sets its whole value; it is written as change");
      return action(n, t, p);
    }
    if (!t.text().chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f) || Placeholders.contains(t.text())) {
      return unsupported(t, p, "typing into the focused element is written key by key, which works for plain ASCII text only");
    }
    for (int i = 0; i < t.text().length(); i++) {
      String k = String.valueOf(t.text().charAt(i));
      steps.add(key("keyDown", k));
      steps.add(key("keyUp", k));
    }
    issues.info("APPROXIMATED", p, "typing into the focused element is written as keyDown and keyUp steps per character");
    expectations(t, p, false);
    return true;
  }

  private boolean press(Step.Press k, String p) {
    if (k.target().isPresent()) {
      issues.warning("APPROXIMATED", p, "the key goes to the focused element: the format's key steps have no target ("
          + k.target().get().describe() + ")");
    }
    List<String> mods = modifiers(k.modifiers(), p);
    String key = k.key().equals("Space") ? " " : k.key();
    for (String m : mods) {
      steps.add(key("keyDown", m));
    }
    steps.add(key("keyDown", key));
    ObjectNode up = base("keyUp", k);
    up.put("key", key);
    boolean ok = action(up, k, p);
    for (int i = mods.size() - 1; i >= 0; i--) {
      steps.add(key("keyUp", mods.get(i)));
    }
    return ok;
  }

  private boolean scroll(Step.Scroll s, String p) {
    if (s.mode() != Step.ScrollMode.TO) {
      return unsupported(s, p, "the format scrolls to absolute positions only (mode to), not " + (s.mode() == Step.ScrollMode.BY
          ? "by an amount" : "into view"));
    }
    ObjectNode n;
    if (s.target().isPresent()) {
      n = targeted("scroll", s, s.target().get(), p);
      if (n == null) {
        return false;
      }
    } else {
      n = base("scroll", s);
      frame(n, List.of(), p);
    }
    n.put("x", s.x()).put("y", s.y());
    return action(n, s, p);
  }

  // =================================================================== conditions

  /** Writes a condition as the wait steps the format has; false (with an issue) when it has none. */
  private boolean condition(Condition c, Step s, String p, boolean withExpect) {
    ObjectNode n = conditionStep(c, s, p);
    if (n == null) {
      return unsupported(s, p, "the condition " + describe(c) + " has no equivalent wait");
    }
    s.timeoutMs().ifPresent(t -> n.put("timeout", t));
    steps.add(n);
    if (withExpect) {
      List<Condition> rest = new ArrayList<>();
      Target waited = c instanceof Condition.Element ? ((Condition.Element) c).target() : null;
      for (Condition e : s.expect()) {
        if (waited == null || !n.has("selectors") || !mergeInto(n, waited, e)) {
          rest.add(e);
        }
      }
      expectations(s.withExpect(rest), p, false);
    }
    return true;
  }

  /** Adds a check of the waited element to its waitForElement step (properties, attributes); false when it is no such check. */
  private static boolean mergeInto(ObjectNode n, Target waited, Condition e) {
    if (e instanceof Condition.Value && ((Condition.Value) e).target().equals(waited)) {
      properties(n).put("value", ((Condition.Value) e).value());
      return true;
    }
    if (e instanceof Condition.Text && ((Condition.Text) e).target().equals(Optional.of(waited))
        && ((Condition.Text) e).match() == Condition.Match.EQUALS) {
      properties(n).put("innerText", ((Condition.Text) e).text());
      return true;
    }
    if (e instanceof Condition.Attribute && ((Condition.Attribute) e).target().equals(waited)
        && ((Condition.Attribute) e).value().isPresent()) {
      Condition.Attribute a = (Condition.Attribute) e;
      ObjectNode attributes = n.has("attributes") ? (ObjectNode) n.get("attributes") : n.putObject("attributes");
      attributes.put(a.name(), a.value().get());
      return true;
    }
    if (e instanceof Condition.Element && ((Condition.Element) e).target().equals(waited)) {
      switch (((Condition.Element) e).state()) {
        case CHECKED:
        case UNCHECKED:
          properties(n).put("checked", ((Condition.Element) e).state() == Condition.State.CHECKED);
          return true;
        case ENABLED:
        case DISABLED:
          properties(n).put("disabled", ((Condition.Element) e).state() == Condition.State.DISABLED);
          return true;
        default:
          return false;
      }
    }
    return false;
  }

  private static ObjectNode properties(ObjectNode n) {
    return n.has("properties") ? (ObjectNode) n.get("properties") : n.putObject("properties");
  }

  private ObjectNode conditionStep(Condition c, Step s, String p) {
    if (c instanceof Condition.Element) {
      Condition.Element e = (Condition.Element) c;
      ObjectNode n = targeted("waitForElement", s, e.target(), p);
      if (n == null) {
        return null;
      }
      switch (e.state()) {
        case VISIBLE:
          return n;
        case EXISTS:
          issues.info("APPROXIMATED", p, "the recording waits for the element to be visible, not only present");
          return n;
        case HIDDEN:
          return n.put("visible", false);
        case ENABLED:
        case DISABLED:
          n.putObject("properties").put("disabled", e.state() == Condition.State.DISABLED);
          return n;
        default:
          n.putObject("properties").put("checked", e.state() == Condition.State.CHECKED);
          return n;
      }
    }
    if (c instanceof Condition.Count) {
      Condition.Count k = (Condition.Count) c;
      int count = k.count();
      String op = k.op().symbol();
      if (k.op() == Condition.Op.GT) {
        op = ">=";
        count++;
      } else if (k.op() == Condition.Op.LT) {
        if (count == 0) {
          return null;
        }
        op = "<=";
        count--;
      }
      ObjectNode n = targeted("waitForElement", s, k.target(), p);
      if (n == null) {
        return null;
      }
      return n.put("operator", op).put("count", count);
    }
    if (c instanceof Condition.Value) {
      Condition.Value v = (Condition.Value) c;
      ObjectNode n = targeted("waitForElement", s, v.target(), p);
      if (n != null) {
        n.putObject("properties").put("value", v.value());
      }
      return n;
    }
    if (c instanceof Condition.Attribute && ((Condition.Attribute) c).value().isPresent()) {
      Condition.Attribute a = (Condition.Attribute) c;
      ObjectNode n = targeted("waitForElement", s, a.target(), p);
      if (n != null) {
        n.putObject("attributes").put(a.name(), a.value().get());
      }
      return n;
    }
    if (c instanceof Condition.Text && ((Condition.Text) c).target().isPresent()
        && ((Condition.Text) c).match() == Condition.Match.EQUALS) {
      Condition.Text t = (Condition.Text) c;
      ObjectNode n = targeted("waitForElement", s, t.target().get(), p);
      if (n != null) {
        n.putObject("properties").put("innerText", t.text());
      }
      return n;
    }
    if (c instanceof Condition.Not) {
      Condition inner = ((Condition.Not) c).condition();
      if (inner instanceof Condition.Element && ((Condition.Element) inner).state() == Condition.State.VISIBLE) {
        return conditionStep(Condition.Element.of(((Condition.Element) inner).target(), Condition.State.HIDDEN), s, p);
      }
      if (inner instanceof Condition.Element && ((Condition.Element) inner).state() == Condition.State.HIDDEN) {
        return conditionStep(Condition.Element.of(((Condition.Element) inner).target(), Condition.State.VISIBLE), s, p);
      }
    }
    String js = expression(c, p);
    if (js == null) {
      return null;
    }
    ObjectNode n = base("waitForExpression", s);
    frame(n, List.of(), p);
    n.put("expression", js);
    return n;
  }

  /** A page expression for the condition, when one is plain to write; null otherwise. */
  private String expression(Condition c, String p) {
    if (c instanceof Condition.Url) {
      return "new RegExp(" + js(globRegex(((Condition.Url) c).glob(), "[^/]*")) + ").test(location.href)";
    }
    if (c instanceof Condition.Title) {
      return "new RegExp(" + js(globRegex(((Condition.Title) c).glob(), "[\\s\\S]*")) + ").test(document.title)";
    }
    if (c instanceof Condition.Expression) {
      String script = ((Condition.Expression) c).script();
      return FUNCTION.matcher(script).find() ? "(" + script + ")()" : script;
    }
    if (c instanceof Condition.Load) {
      switch (((Condition.Load) c).state()) {
        case DOMCONTENTLOADED:
          return "document.readyState !== 'loading'";
        case NETWORKIDLE:
          issues.info("APPROXIMATED", p, "network idle is written as the document being completely loaded");
          return "document.readyState === 'complete'";
        default:
          return "document.readyState === 'complete'";
      }
    }
    if (c instanceof Condition.Text) {
      Condition.Text t = (Condition.Text) c;
      String subject;
      if (t.target().isEmpty()) {
        subject = "(document.body ? document.body.innerText : '')";
      } else {
        String css = css(t.target().get());
        if (css == null) {
          return null;
        }
        subject = "((document.querySelector(" + js(css) + ") || {}).innerText || '')";
      }
      String norm = subject + ".replace(/\\s+/g, ' ').trim()";
      switch (t.match()) {
        case EQUALS:
          return norm + " === " + js(t.text());
        case GLOB:
          return "new RegExp(" + js(globRegex(t.text(), "[\\s\\S]*")) + ").test(" + norm + ")";
        default:
          return norm + ".includes(" + js(t.text()) + ")";
      }
    }
    if (c instanceof Condition.Attribute) {
      Condition.Attribute a = (Condition.Attribute) c;
      String css = css(a.target());
      return css == null ? null : "!!(document.querySelector(" + js(css) + ") || {hasAttribute: () => false}).hasAttribute(" + js(a.name()) + ")";
    }
    if (c instanceof Condition.Not) {
      String inner = expression(((Condition.Not) c).condition(), p);
      return inner == null ? null : "!(" + inner + ")";
    }
    return null;
  }

  /** A css selector for the target usable in document.querySelector, when a candidate gives one. */
  private static String css(Target t) {
    if (!t.framePath().isEmpty() || !t.shadowPath().isEmpty()) {
      return null;
    }
    for (Candidate c : t.candidates()) {
      switch (c.kind()) {
        case CSS:
          return c.value();
        case ID:
          return "[id=" + CssStrings.quote(c.value()) + "]";
        case TEST_ID:
          return "[data-testid=" + CssStrings.quote(c.value()) + "]";
        case PLACEHOLDER:
          return "[placeholder=" + CssStrings.quote(c.value()) + "]";
        default:
          break;
      }
    }
    return null;
  }

  /** The step's expect conditions as waits after it; url ones of actions are asserted navigations, written with the action. */
  private void expectations(Step s, String p, boolean urlsAsserted) {
    for (Condition c : s.expect()) {
      if (c instanceof Condition.Url && urlsAsserted) {
        continue;
      }
      ObjectNode n = conditionStep(c, s, p);
      if (n == null) {
        issues.warning("UNSUPPORTED_OPTION", p, "the check " + describe(c) + " after " + s.describe() + " has no equivalent; it is left out");
      } else {
        n.remove("assertedEvents");
        steps.add(n);
        issues.info("EXPECT_AS_WAIT", p, "the check " + describe(c) + " is written as a wait step after " + s.describe());
      }
    }
  }

  // =================================================================== parts

  private ObjectNode base(String type, Step s) {
    ObjectNode n = JSON.objectNode();
    n.put("type", type);
    n.put("target", target(s));
    return n;
  }

  private String target(Step s) {
    if (tab.equals(MAIN)) {
      return MAIN;
    }
    return tabUrl.getOrDefault(tab, tab);
  }

  private ObjectNode targeted(String type, Step s, Target t, String p) {
    ArrayNode selectors = ChromeSelectors.toSelectors(t, p, issues);
    if (selectors.isEmpty()) {
      issues.warning("UNSUPPORTED_STEP", p, s.describe() + " is not written: none of its candidates ("
          + t.describe() + ") can be written as a selector");
      return null;
    }
    ObjectNode n = base(type, s);
    if (!frame(n, t.framePath(), p)) {
      return null;
    }
    n.set("selectors", selectors);
    return n;
  }

  /** Adds the frame index path of the frame context and {@code framePath}; false when a locator is no index. */
  private boolean frame(ObjectNode n, List<String> framePath, String p) {
    List<String> all = new ArrayList<>(frameContext);
    all.addAll(framePath);
    if (all.isEmpty()) {
      return true;
    }
    ArrayNode f = JSON.arrayNode();
    for (String locator : all) {
      Optional<Integer> index = ChromeSelectors.frameIndex(locator);
      if (index.isEmpty()) {
        issues.warning("FRAME_NOT_EXPRESSIBLE", p, "frame " + locator + " cannot be written: the format locates frames by index only; "
            + "the step is written for the main frame");
        return true;
      }
      f.add(index.get());
    }
    n.set("frame", f);
    return true;
  }

  private void offset(ObjectNode n, Optional<Point> offset, String p) {
    if (offset.isPresent()) {
      number(n, "offsetX", offset.get().x());
      number(n, "offsetY", offset.get().y());
    } else {
      n.put("offsetX", DEFAULT_OFFSET).put("offsetY", DEFAULT_OFFSET);
      issues.info("CLICK_OFFSET_DEFAULTED", p, "the click has no recorded position and the format requires one: it is written at ("
          + DEFAULT_OFFSET + ", " + DEFAULT_OFFSET + ") from the element's top-left corner");
    }
  }

  private static void number(ObjectNode n, String field, double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e9) {
      n.put(field, (long) v);
    } else {
      n.put(field, v);
    }
  }

  /** Finishes an action: its timeout and asserted navigation, then the checks written after it. */
  private boolean action(ObjectNode n, Step s, String p) {
    s.timeoutMs().ifPresent(t -> n.put("timeout", t));
    for (Condition c : s.expect()) {
      if (c instanceof Condition.Url) {
        ArrayNode events = n.has("assertedEvents") ? (ArrayNode) n.get("assertedEvents") : n.putArray("assertedEvents");
        events.addObject().put("type", "navigation").put("url", ((Condition.Url) c).glob()).put("title", "");
      }
    }
    steps.add(n);
    expectations(s, p, true);
    return true;
  }

  private ObjectNode key(String type, String key) {
    ObjectNode n = JSON.objectNode();
    n.put("type", type);
    n.put("target", tab.equals(MAIN) ? MAIN : tabUrl.getOrDefault(tab, tab));
    n.put("key", key);
    return n;
  }

  private List<String> modifiers(List<String> names, String p) {
    List<String> out = new ArrayList<>();
    for (String m : names) {
      String lower = m.trim().toLowerCase(Locale.ROOT);
      switch (lower) {
        case "shift":
          out.add("Shift");
          break;
        case "alt":
          out.add("Alt");
          break;
        case "meta":
        case "command":
        case "cmd":
          out.add("Meta");
          break;
        case "control":
        case "ctrl":
          out.add("Control");
          break;
        case "controlormeta":
          out.add("Control");
          issues.info("APPROXIMATED", p, "ControlOrMeta is written as Control");
          break;
        default:
          issues.warning("UNSUPPORTED_OPTION", p, "modifier " + m + " is not a key the format knows; it is left out");
      }
    }
    return out;
  }

  /** A JavaScript regular expression source for a glob: {@code **} any run, {@code *} the given class. */
  static String globRegex(String glob, String star) {
    StringBuilder re = new StringBuilder("^");
    for (int i = 0; i < glob.length(); i++) {
      char ch = glob.charAt(i);
      if (ch == '*') {
        if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
          re.append("[\\s\\S]*");
          i++;
        } else {
          re.append(star);
        }
      } else if ("\\^$.|?+()[]{}/".indexOf(ch) >= 0) {
        re.append('\\').append(ch);
      } else {
        re.append(ch);
      }
    }
    return re.append('$').toString();
  }

  /** A JavaScript string literal. */
  static String js(String s) {
    try {
      return Json.MAPPER.writeValueAsString(s).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String describe(Condition c) {
    String name = c.getClass().getSimpleName().replace("Immutable", "");
    return name.isEmpty() ? "condition" : name.toLowerCase(Locale.ROOT);
  }
}
