package io.browserflow.formats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
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
  private final Issues issues = new Issues();
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
    return Conversion.of(Format.FLOW, Format.CHROME_RECORDER, Json.write(root), read, mapped, issues);
  }

  // =================================================================== steps

  private void step(Step s, String p) {
    if (s.disabled()) {
      issues.info(ConversionCode.STEP_DISABLED, p, "disabled step " + s.describe() + " is not written");
      return;
    }
    int before = steps.size();
    boolean ok = write(s, p);
    if (!ok) {
      return;
    }
    mapped++;
    if (s.retry().isPresent() || s.onError().kind() != OnError.Kind.STOP) {
      issues.warning(ConversionCode.UNSUPPORTED_OPTION, p, "retry and onError have no equivalent; the replay stops at the first failure of "
          + s.describe());
    }
    for (int i = before; i < steps.size(); i++) {
      if (steps.get(i).toString().contains(Placeholders.OPEN)) {
        issues.warning(ConversionCode.PLACEHOLDER_VALUE, p, s.describe() + " holds ${...} placeholders, which the recording replays literally: "
            + "put real values in before replaying it elsewhere");
        break;
      }
    }
  }

  /** Writes the step; false (with an issue) when it has no equivalent. */
  private boolean write(Step s, String p) {
    return s.accept(new Write(p));
  }

  /** The format's steps for one step; false (with an issue) when it has no equivalent. */
  private final class Write implements StepVisitor<Boolean> {
    private final String p;

    Write(String p) {
      this.p = p;
    }

    @Override
    public Boolean visitOpen(Step.Open o) {
      if (o.tab().isPresent() && !o.tab().get().equals(tab)) {
        String alias = o.tab().get();
        if (!alias.equals(MAIN) && !tabUrl.containsKey(alias)) {
          tabUrl.put(alias, o.url());
        }
        tab = alias;
      }
      frameContext.clear();
      ObjectNode n = base("navigate", o);
      n.put("url", o.url());
      return action(n, o, p);
    }

    @Override
    public Boolean visitNavigate(Step.Navigate nav) {
      ObjectNode n = base("navigate", nav);
      n.put("url", nav.url());
      frameContext.clear();
      return action(n, nav, p);
    }

    @Override
    public Boolean visitTabSwitch(Step.TabSwitch t) {
      tab = t.alias();
      frameContext.clear();
      return true;
    }

    @Override
    public Boolean visitTabClose(Step.TabClose t) {
      String alias = t.alias().orElse(tab);
      String was = tab;
      tab = alias;
      ObjectNode n = base("close", t);
      tab = was;
      if (alias.equals(tab)) {
        tab = tabOpener.getOrDefault(alias, MAIN);
        frameContext.clear();
      }
      return action(n, t, p);
    }

    @Override
    public Boolean visitTabNew(Step.TabNew t) {
      t.url().ifPresent(u -> tabUrl.putIfAbsent(t.alias(), u));
      tabOpener.putIfAbsent(t.alias(), tab);
      tab = t.alias();
      frameContext.clear();
      return unsupported(t, p, "a recording cannot open a tab by itself; the steps that follow are written for the page "
          + t.url().orElse("of tab " + t.alias()));
    }

    @Override
    public Boolean visitFrame(Step.Frame f) {
      String locator = f.locator();
      if (ChromeSelectors.frameIndex(locator).isEmpty()) {
        issues.warning(ConversionCode.FRAME_UNRESOLVED, p, "frame " + locator + " cannot be written: the format locates frames by "
            + "index only; the steps inside it are written for the main frame");
        return false;
      }
      frameContext.add(locator);
      return true;
    }

    @Override
    public Boolean visitFrameMain(Step.FrameMain f) {
      frameContext.clear();
      return true;
    }

    @Override
    public Boolean visitSetViewport(Step.SetViewport v) {
      ObjectNode n = base("setViewport", v);
      n.put("width", v.width()).put("height", v.height()).put("deviceScaleFactor", 1)
          .put("isMobile", false).put("hasTouch", false).put("isLandscape", false);
      return action(n, v, p);
    }

    @Override
    public Boolean visitClick(Step.Click c) {
      return click(c, p);
    }

    @Override
    public Boolean visitDblclick(Step.Dblclick d) {
      ObjectNode n = targeted("doubleClick", d, d.target(), p);
      if (n == null) {
        return false;
      }
      offset(n, d.offset(), p);
      return action(n, d, p);
    }

    @Override
    public Boolean visitContextmenu(Step.Contextmenu c) {
      ObjectNode n = targeted("click", c, c.target(), p);
      if (n == null) {
        return false;
      }
      offset(n, c.offset(), p);
      n.put("button", "secondary");
      issues.info(ConversionCode.APPROXIMATED, p, "contextmenu is written as a click with the secondary button");
      return action(n, c, p);
    }

    @Override
    public Boolean visitHover(Step.Hover h) {
      ObjectNode n = targeted("hover", h, h.target(), p);
      return n != null && action(n, h, p);
    }

    @Override
    public Boolean visitFill(Step.Fill f) {
      ObjectNode n = targeted("change", f, f.target(), p);
      if (n == null) {
        return false;
      }
      n.put("value", f.value());
      return action(n, f, p);
    }

    @Override
    public Boolean visitType(Step.Type t) {
      return type(t, p);
    }

    @Override
    public Boolean visitPress(Step.Press k) {
      return press(k, p);
    }

    @Override
    public Boolean visitSelect(Step.Select sel) {
      ObjectNode n = targeted("change", sel, sel.target(), p);
      if (n == null) {
        return false;
      }
      if (sel.value().isPresent()) {
        n.put("value", sel.value().get());
      } else {
        n.put("value", sel.label().orElse(""));
        issues.warning(ConversionCode.APPROXIMATED, p, "the option is chosen by its label, which the format does not know: "
            + "the label is written as the option's value");
      }
      return action(n, sel, p);
    }

    @Override
    public Boolean visitCheck(Step.Check c) {
      return flip(c, c.target(), true);
    }

    @Override
    public Boolean visitUncheck(Step.Uncheck u) {
      return flip(u, u.target(), true);
    }

    @Override
    public Boolean visitToggle(Step.Toggle t) {
      return flip(t, t.target(), false);
    }

    /** A click on a checkbox; {@code approximated} when the step wants a state rather than a flip. */
    private boolean flip(Step s, Target t, boolean approximated) {
      ObjectNode n = targeted("click", s, t, p);
      if (n == null) {
        return false;
      }
      offset(n, Optional.empty(), p);
      if (approximated) {
        issues.warning(ConversionCode.APPROXIMATED, p, s.kind().op() + " is written as a click, which flips the box whatever its state");
      }
      return action(n, s, p);
    }

    @Override
    public Boolean visitScroll(Step.Scroll s) {
      return scroll(s, p);
    }

    @Override
    public Boolean visitWait(Step.Wait w) {
      if (w.ms().isPresent()) {
        int ms = w.ms().getAsInt();
        ObjectNode n = base("waitForExpression", w);
        frame(n, List.of(), p);
        n.put("expression", "new Promise(resolve => setTimeout(() => resolve(true), " + ms + "))");
        // the replay gives the expression the step's timeout: it must outlast the wait
        int needed = ms + 1000;
        if (w.timeoutMs().isPresent() || needed > FlowLimits.defaults().defaultStepTimeoutMs()) {
          int timeout = Math.max(w.timeoutMs().orElse(0), needed);
          n.put("timeout", Math.min(timeout, FlowLimits.defaults().maxStepTimeoutMs()));
        }
        steps.add(n);
        expectations(w, p, false);
        return true;
      }
      return condition(w.until().get(), w, p, true);
    }

    @Override
    public Boolean visitAssert(Step.Assert a) {
      return condition(a.condition(), a, p, true);
    }

    @Override
    public Boolean visitEval(Step.Eval e) {
      if (evalOutputs.contains(e.id())) {
        return unsupported(e, p, "its result is used by later steps, and the format has no step outputs");
      }
      ObjectNode n = base("waitForExpression", e);
      frame(n, List.of(), p);
      n.put("expression", "(async () => { const r = (" + e.script() + "); "
          + "if (typeof r === 'function') { await r(); } return true; })()");
      issues.info(ConversionCode.APPROXIMATED, p, "eval is written as a waitForExpression that runs the script once");
      return action(n, e, p);
    }

    // no equivalent in the format
    @Override public Boolean visitBack(Step.Back s) { return none(s); }
    @Override public Boolean visitForward(Step.Forward s) { return none(s); }
    @Override public Boolean visitReload(Step.Reload s) { return none(s); }
    @Override public Boolean visitDrag(Step.Drag s) { return none(s); }
    @Override public Boolean visitUpload(Step.Upload s) { return none(s); }
    @Override public Boolean visitRead(Step.Read s) { return none(s); }
    @Override public Boolean visitScrape(Step.Scrape s) { return none(s); }
    @Override public Boolean visitPaginate(Step.Paginate s) { return none(s); }
    @Override public Boolean visitSetVar(Step.SetVar s) { return none(s); }
    @Override public Boolean visitScreenshot(Step.Screenshot s) { return none(s); }
    @Override public Boolean visitCsvImport(Step.CsvImport s) { return none(s); }
    @Override public Boolean visitCsvExport(Step.CsvExport s) { return none(s); }
    @Override public Boolean visitForeach(Step.Foreach s) { return none(s); }
    @Override public Boolean visitRepeat(Step.Repeat s) { return none(s); }
    @Override public Boolean visitIf(Step.If s) { return none(s); }
    @Override public Boolean visitWhile(Step.While s) { return none(s); }
    @Override public Boolean visitManual(Step.Manual s) { return none(s); }

    private boolean none(Step s) {
      return unsupported(s, p, "the format has no equivalent");
    }
  }

  private boolean unsupported(Step s, String p, String why) {
    issues.warning(ConversionCode.UNSUPPORTED_STEP, p, s.describe() + " (" + s.kind().op() + ") is not written: " + why);
    return false;
  }

  private boolean click(Step.Click c, String p) {
    ObjectNode n = targeted("click", c, c.target(), p);
    if (n == null) {
      return false;
    }
    offset(n, c.offset(), p);
    String button = switch (c.button()) {
      case LEFT -> null; // the format's default, primary
      case RIGHT -> "secondary";
      case MIDDLE -> "auxiliary";
    };
    if (button != null) {
      n.put("button", button);
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
        issues.warning(ConversionCode.TAB_URL_UNKNOWN, p, "the flow does not declare the URL of tab " + alias
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
      issues.warning(ConversionCode.APPROXIMATED, p, "type appends to the field, change sets its whole value; it is written as change");
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
    issues.info(ConversionCode.APPROXIMATED, p, "typing into the focused element is written as keyDown and keyUp steps per character");
    expectations(t, p, false);
    return true;
  }

  private boolean press(Step.Press k, String p) {
    if (k.target().isPresent()) {
      issues.warning(ConversionCode.APPROXIMATED, p, "the key goes to the focused element: the format's key steps have no target ("
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
    String not = switch (s.mode()) {
      case TO -> null;
      case BY -> "by an amount";
      case INTO_VIEW -> "into view";
    };
    if (not != null) {
      return unsupported(s, p, "the format scrolls to absolute positions only (mode to), not " + not);
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
      Target waited = c.accept(WAITED);
      for (Condition e : s.expect()) {
        if (waited == null || !n.has("selectors") || !mergeInto(n, waited, e)) {
          rest.add(e);
        }
      }
      expectations(s.withExpect(rest), p, false);
    }
    return true;
  }

  /** The element of a wait for an element state, whose other checks join that wait step; null for other conditions. */
  private static final ConditionVisitor<Target> WAITED = new ConditionVisitor<>() {
    @Override
    public Target visitElement(Condition.Element e) {
      return e.target();
    }

    // the checks after the wait stay steps of their own
    @Override public Target visitUrl(Condition.Url c) { return null; }
    @Override public Target visitTitle(Condition.Title c) { return null; }
    @Override public Target visitCount(Condition.Count c) { return null; }
    @Override public Target visitText(Condition.Text c) { return null; }
    @Override public Target visitValue(Condition.Value c) { return null; }
    @Override public Target visitAttribute(Condition.Attribute c) { return null; }
    @Override public Target visitVar(Condition.Var c) { return null; }
    @Override public Target visitDownload(Condition.Download c) { return null; }
    @Override public Target visitLoad(Condition.Load c) { return null; }
    @Override public Target visitExpression(Condition.Expression c) { return null; }
    @Override public Target visitNot(Condition.Not c) { return null; }
  };

  /** Adds a check of the waited element to its waitForElement step (properties, attributes); false when it is no such check. */
  private static boolean mergeInto(ObjectNode n, Target waited, Condition e) {
    return e.accept(new ConditionVisitor<Boolean>() {
      @Override
      public Boolean visitValue(Condition.Value v) {
        if (!v.target().equals(waited)) {
          return false;
        }
        properties(n).put("value", v.value());
        return true;
      }

      @Override
      public Boolean visitText(Condition.Text t) {
        if (!t.target().equals(Optional.of(waited)) || t.match() != Condition.Match.EQUALS) {
          return false;
        }
        properties(n).put("innerText", t.text());
        return true;
      }

      @Override
      public Boolean visitAttribute(Condition.Attribute a) {
        if (!a.target().equals(waited) || a.value().isEmpty()) {
          return false;
        }
        ObjectNode attributes = n.has("attributes") ? (ObjectNode) n.get("attributes") : n.putObject("attributes");
        attributes.put(a.name(), a.value().get());
        return true;
      }

      @Override
      public Boolean visitElement(Condition.Element el) {
        if (!el.target().equals(waited)) {
          return false;
        }
        return switch (el.state()) {
          case CHECKED, UNCHECKED -> {
            properties(n).put("checked", el.state() == Condition.State.CHECKED);
            yield true;
          }
          case ENABLED, DISABLED -> {
            properties(n).put("disabled", el.state() == Condition.State.DISABLED);
            yield true;
          }
          case EXISTS, VISIBLE, HIDDEN -> false;
        };
      }

      // no check of an element's properties or attributes
      @Override public Boolean visitUrl(Condition.Url c) { return false; }
      @Override public Boolean visitTitle(Condition.Title c) { return false; }
      @Override public Boolean visitCount(Condition.Count c) { return false; }
      @Override public Boolean visitVar(Condition.Var c) { return false; }
      @Override public Boolean visitDownload(Condition.Download c) { return false; }
      @Override public Boolean visitLoad(Condition.Load c) { return false; }
      @Override public Boolean visitExpression(Condition.Expression c) { return false; }
      @Override public Boolean visitNot(Condition.Not c) { return false; }
    });
  }

  private static ObjectNode properties(ObjectNode n) {
    return n.has("properties") ? (ObjectNode) n.get("properties") : n.putObject("properties");
  }

  /** The wait step for a condition: a waitForElement, else a waitForExpression; null when there is none. */
  private ObjectNode conditionStep(Condition c, Step s, String p) {
    return c.accept(new ConditionVisitor<ObjectNode>() {
      @Override
      public ObjectNode visitElement(Condition.Element e) {
        ObjectNode n = targeted("waitForElement", s, e.target(), p);
        if (n == null) {
          return null;
        }
        return switch (e.state()) {
          case VISIBLE -> n;
          case EXISTS -> {
            issues.info(ConversionCode.APPROXIMATED, p, "the recording waits for the element to be visible, not only present");
            yield n;
          }
          case HIDDEN -> n.put("visible", false);
          case ENABLED, DISABLED -> {
            n.putObject("properties").put("disabled", e.state() == Condition.State.DISABLED);
            yield n;
          }
          case CHECKED, UNCHECKED -> {
            n.putObject("properties").put("checked", e.state() == Condition.State.CHECKED);
            yield n;
          }
        };
      }

      @Override
      public ObjectNode visitCount(Condition.Count k) {
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

      @Override
      public ObjectNode visitValue(Condition.Value v) {
        ObjectNode n = targeted("waitForElement", s, v.target(), p);
        if (n != null) {
          n.putObject("properties").put("value", v.value());
        }
        return n;
      }

      @Override
      public ObjectNode visitAttribute(Condition.Attribute a) {
        if (a.value().isEmpty()) {
          return expressionStep(a, s, p);
        }
        ObjectNode n = targeted("waitForElement", s, a.target(), p);
        if (n != null) {
          n.putObject("attributes").put(a.name(), a.value().get());
        }
        return n;
      }

      @Override
      public ObjectNode visitText(Condition.Text t) {
        if (t.target().isEmpty() || t.match() != Condition.Match.EQUALS) {
          return expressionStep(t, s, p);
        }
        ObjectNode n = targeted("waitForElement", s, t.target().get(), p);
        if (n != null) {
          n.putObject("properties").put("innerText", t.text());
        }
        return n;
      }

      @Override
      public ObjectNode visitNot(Condition.Not not) {
        Optional<Condition> negated = not.condition().accept(NEGATED);
        return negated.isPresent() ? conditionStep(negated.get(), s, p) : expressionStep(not, s, p);
      }

      // a page expression, if the condition has one
      @Override public ObjectNode visitUrl(Condition.Url c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitTitle(Condition.Title c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitVar(Condition.Var c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitDownload(Condition.Download c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitLoad(Condition.Load c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitExpression(Condition.Expression c) { return expressionStep(c, s, p); }
    });
  }

  /** The element condition a negated condition waits for, when there is one: hidden for visible and back. */
  private static final ConditionVisitor<Optional<Condition>> NEGATED = new ConditionVisitor<>() {
    @Override
    public Optional<Condition> visitElement(Condition.Element e) {
      return switch (e.state()) {
        case VISIBLE -> Optional.of(Condition.Element.of(e.target(), Condition.State.HIDDEN));
        case HIDDEN -> Optional.of(Condition.Element.of(e.target(), Condition.State.VISIBLE));
        case EXISTS, ENABLED, DISABLED, CHECKED, UNCHECKED -> Optional.empty();
      };
    }

    // negated by a page expression, if any
    @Override public Optional<Condition> visitUrl(Condition.Url c) { return Optional.empty(); }
    @Override public Optional<Condition> visitTitle(Condition.Title c) { return Optional.empty(); }
    @Override public Optional<Condition> visitCount(Condition.Count c) { return Optional.empty(); }
    @Override public Optional<Condition> visitText(Condition.Text c) { return Optional.empty(); }
    @Override public Optional<Condition> visitValue(Condition.Value c) { return Optional.empty(); }
    @Override public Optional<Condition> visitAttribute(Condition.Attribute c) { return Optional.empty(); }
    @Override public Optional<Condition> visitVar(Condition.Var c) { return Optional.empty(); }
    @Override public Optional<Condition> visitDownload(Condition.Download c) { return Optional.empty(); }
    @Override public Optional<Condition> visitLoad(Condition.Load c) { return Optional.empty(); }
    @Override public Optional<Condition> visitExpression(Condition.Expression c) { return Optional.empty(); }
    @Override public Optional<Condition> visitNot(Condition.Not c) { return Optional.empty(); }
  };

  /** A waitForExpression step for the condition, when it has a page expression; null otherwise. */
  private ObjectNode expressionStep(Condition c, Step s, String p) {
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
    return c.accept(new ConditionVisitor<String>() {
      @Override
      public String visitUrl(Condition.Url u) {
        return "new RegExp(" + js(globRegex(u.glob(), "[^/]*")) + ").test(location.href)";
      }

      @Override
      public String visitTitle(Condition.Title t) {
        return "new RegExp(" + js(globRegex(t.glob(), "[\\s\\S]*")) + ").test(document.title)";
      }

      @Override
      public String visitExpression(Condition.Expression e) {
        String script = e.script();
        return FUNCTION.matcher(script).find() ? "(" + script + ")()" : script;
      }

      @Override
      public String visitLoad(Condition.Load l) {
        return switch (l.state()) {
          case LOAD -> "document.readyState === 'complete'";
          case DOMCONTENTLOADED -> "document.readyState !== 'loading'";
          case NETWORKIDLE -> {
            issues.info(ConversionCode.APPROXIMATED, p, "network idle is written as the document being completely loaded");
            yield "document.readyState === 'complete'";
          }
        };
      }

      @Override
      public String visitText(Condition.Text t) {
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
        return switch (t.match()) {
          case EQUALS -> norm + " === " + js(t.text());
          case GLOB -> "new RegExp(" + js(globRegex(t.text(), "[\\s\\S]*")) + ").test(" + norm + ")";
          case CONTAINS -> norm + ".includes(" + js(t.text()) + ")";
        };
      }

      @Override
      public String visitAttribute(Condition.Attribute a) {
        String css = css(a.target());
        return css == null ? null : "!!(document.querySelector(" + js(css) + ") || {hasAttribute: () => false}).hasAttribute(" + js(a.name()) + ")";
      }

      @Override
      public String visitNot(Condition.Not n) {
        String inner = expression(n.condition(), p);
        return inner == null ? null : "!(" + inner + ")";
      }

      // none plain to write
      @Override public String visitElement(Condition.Element c) { return null; }
      @Override public String visitCount(Condition.Count c) { return null; }
      @Override public String visitValue(Condition.Value c) { return null; }
      @Override public String visitVar(Condition.Var c) { return null; }
      @Override public String visitDownload(Condition.Download c) { return null; }
    });
  }

  /** A css selector for the target usable in document.querySelector, when a candidate gives one. */
  private static String css(Target t) {
    if (!t.framePath().isEmpty() || !t.shadowPath().isEmpty()) {
      return null;
    }
    for (Candidate c : t.candidates()) {
      String css = switch (c.kind()) {
        case CSS -> c.value();
        case ID -> "[id=" + CssStrings.quote(c.value()) + "]";
        case TEST_ID -> "[data-testid=" + CssStrings.quote(c.value()) + "]";
        case PLACEHOLDER -> "[placeholder=" + CssStrings.quote(c.value()) + "]";
        case ROLE, LABEL, TEXT, XPATH -> null;
      };
      if (css != null) {
        return css;
      }
    }
    return null;
  }

  /** The step's expect conditions as waits after it; url ones of actions are asserted navigations, written with the action. */
  private void expectations(Step s, String p, boolean urlsAsserted) {
    for (Condition c : s.expect()) {
      if (urlsAsserted && c.accept(NAVIGATION).isPresent()) {
        continue;
      }
      ObjectNode n = conditionStep(c, s, p);
      if (n == null) {
        issues.warning(ConversionCode.UNSUPPORTED_CONDITION, p, "the check " + describe(c) + " after " + s.describe() + " has no equivalent; it is left out");
      } else {
        n.remove("assertedEvents");
        steps.add(n);
        issues.info(ConversionCode.EXPECT_AS_WAIT, p, "the check " + describe(c) + " is written as a wait step after " + s.describe());
      }
    }
  }

  /** The URL glob of a navigation a condition asserts, which the format records as an asserted event of the action. */
  private static final ConditionVisitor<Optional<String>> NAVIGATION = new ConditionVisitor<>() {
    @Override
    public Optional<String> visitUrl(Condition.Url u) {
      return Optional.of(u.glob());
    }

    // no navigation
    @Override public Optional<String> visitTitle(Condition.Title c) { return Optional.empty(); }
    @Override public Optional<String> visitElement(Condition.Element c) { return Optional.empty(); }
    @Override public Optional<String> visitCount(Condition.Count c) { return Optional.empty(); }
    @Override public Optional<String> visitText(Condition.Text c) { return Optional.empty(); }
    @Override public Optional<String> visitValue(Condition.Value c) { return Optional.empty(); }
    @Override public Optional<String> visitAttribute(Condition.Attribute c) { return Optional.empty(); }
    @Override public Optional<String> visitVar(Condition.Var c) { return Optional.empty(); }
    @Override public Optional<String> visitDownload(Condition.Download c) { return Optional.empty(); }
    @Override public Optional<String> visitLoad(Condition.Load c) { return Optional.empty(); }
    @Override public Optional<String> visitExpression(Condition.Expression c) { return Optional.empty(); }
    @Override public Optional<String> visitNot(Condition.Not c) { return Optional.empty(); }
  };

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
      issues.warning(ConversionCode.TARGET_UNRESOLVED, p, s.describe() + " is not written: none of its candidates ("
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
        issues.warning(ConversionCode.FRAME_UNRESOLVED, p, "frame " + locator + " cannot be written: the format locates frames by index only; "
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
      issues.info(ConversionCode.DEFAULT_FILLED, p, "the click has no recorded position and the format requires one: it is written at ("
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
      c.accept(NAVIGATION).ifPresent(url -> {
        ArrayNode events = n.has("assertedEvents") ? (ArrayNode) n.get("assertedEvents") : n.putArray("assertedEvents");
        events.addObject().put("type", "navigation").put("url", url).put("title", "");
      });
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
          issues.info(ConversionCode.APPROXIMATED, p, "ControlOrMeta is written as Control");
          break;
        default:
          issues.warning(ConversionCode.UNSUPPORTED_OPTION, p, "modifier " + m + " is not a key the format knows; it is left out");
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
