package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Condition;
import io.browserflow.api.DefaultConditionVisitor;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The record-replay node(s) of one flow step that is no if, loop or branch, by its kind
 * ({@link StepVisitor}): a type and a config each. A step the extension has no node for is an issue
 * ({@code UNSUPPORTED_STEP}, blocking: the replay would not do what the flow does) and writes
 * nothing; so is a step whose target or condition cannot be written. Expectations become wait
 * nodes after the step ({@code EXPECT_AS_WAIT}).
 */
final class RecordReplayStepWriter {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** One node to write: its type and config (the common fields not yet added). */
  record Spec(String id, String type, ObjectNode config) {}

  /** Why the extension has no node for a kind this writer refuses whatever its fields. */
  private static final Map<Step.Kind, String> NO_NODE = new EnumMap<>(Map.ofEntries(
      Map.entry(Step.Kind.BACK, "the extension has no node that goes back; a script node with history.back() would do it"),
      Map.entry(Step.Kind.FORWARD, "the extension has no node that goes forward"),
      Map.entry(Step.Kind.RELOAD, "the extension has no node that reloads the page"),
      Map.entry(Step.Kind.FRAME, "the seed's nodes do not enter frames; a target can name its frame (frame |> selector) instead"),
      Map.entry(Step.Kind.FRAME_MAIN, "the seed's nodes do not leave frames"),
      Map.entry(Step.Kind.SET_VIEWPORT, "the extension replays in the user's own window and has no node that resizes it"),
      Map.entry(Step.Kind.EMULATE_NETWORK, "the extension has no node that emulates network conditions"),
      Map.entry(Step.Kind.CONTEXTMENU, "the extension clicks with the left button only"),
      Map.entry(Step.Kind.HOVER, "the extension has no node that moves the pointer over an element"),
      Map.entry(Step.Kind.MOUSE, "the extension has no low-level pointer node"),
      Map.entry(Step.Kind.UPLOAD, "the extension has no node that sets a file input's files"),
      Map.entry(Step.Kind.SCRAPE, "the extension extracts one value per node, not rows"),
      Map.entry(Step.Kind.PAGINATE, "the extension has no node that pages through results"),
      Map.entry(Step.Kind.SET_VAR, "the extension sets a variable only from a node's result (saveAs)"),
      Map.entry(Step.Kind.CSV_IMPORT, "the extension reads no CSV file"),
      Map.entry(Step.Kind.CSV_EXPORT, "the extension writes no CSV file from a node"),
      Map.entry(Step.Kind.DATASET_EXPORT, "the extension exports datasets from its own panel, not from a node"),
      Map.entry(Step.Kind.MANUAL, "the extension has no step a person performs")));

  private final RecordReplayExportState st;
  private final RecordReplaySelectors selectors;
  private final RecordReplayConditions conditions;
  /** Whether the flow is written as linear steps (a fixed wait is then a wait step with sleep, not a delay node). */
  private final boolean linear;

  RecordReplayStepWriter(RecordReplayExportState st, RecordReplaySelectors selectors, RecordReplayConditions conditions,
      boolean linear) {
    this.st = st;
    this.selectors = selectors;
    this.conditions = conditions;
    this.linear = linear;
  }

  /** The nodes of {@code s}, the first one its own; null (with an issue) when it cannot be written. */
  List<Spec> write(Step s, String p) {
    Write w = new Write(s, p);
    Spec main = s.accept(w);
    if (main == null) {
      return null;
    }
    main.config().setAll(st.config(s));
    if (s.onError().kind() == OnError.Kind.RETRY && s.retry().isEmpty() && s.kind() != Step.Kind.ASSERT) {
      ObjectNode r = main.config().putObject("retry");
      r.put("count", 1);
      r.put("intervalMs", 500);
      r.put("backoff", "none");
      st.issues.info(ConversionCode.APPROXIMATED, p + ".onError", "onError retry without a retry policy is written as one "
          + "retry after 500 ms, what BrowserFlow does; it reads back as that retry");
    }
    if (!s.dialogs().isEmpty()) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_OPTION, p + ".dialogs", "the extension answers no native dialog; "
          + s.describe() + " opens " + ChromeRecorderExport.describe(s.dialogs()));
    }
    List<Spec> out = new ArrayList<>(List.of(main));
    int n = 0;
    for (int i = 0; i < s.expect().size(); i++) {
      Condition c = s.expect().get(i);
      if (w.consumed.contains(c)) {
        continue;
      }
      String ep = p + ".expect[" + i + "]";
      Optional<ObjectNode> cond = conditions.waitCondition(c, ep);
      if (cond.isEmpty()) {
        st.issues.warning(ConversionCode.UNSUPPORTED_CONDITION, ep, "the expectation of " + s.describe() + " has no "
            + "record-replay wait; it is not written, so the replay checks less");
        continue;
      }
      ObjectNode wc = JSON.objectNode();
      wc.set("condition", cond.get());
      s.timeoutMs().ifPresent(t -> wc.put("timeoutMs", t));
      out.add(new Spec(s.id() + "-expect" + (++n == 1 ? "" : "-" + n), "wait", wc));
      st.issues.info(ConversionCode.EXPECT_AS_WAIT, ep, "the expectation of " + s.describe() + " is written as a wait node "
          + "after it, which reads back as a wait step");
    }
    return out;
  }

  private final class Write implements io.browserflow.api.StepFamilyVisitor<Spec> {
    private final Step step;
    private final String p;
    final List<Condition> consumed = new ArrayList<>();

    Write(Step step, String p) {
      this.step = step;
      this.p = p;
    }

    private Spec spec(String type) {
      return new Spec(step.id(), type, JSON.objectNode());
    }

    /** A kind the extension has no node for, or this writer was not taught: refused, never dropped. */
    @Override
    public Spec visitStep(Step s) {
      return unsupported(NO_NODE.getOrDefault(s.kind(), "the extension has no node written for it"));
    }

    private Spec unsupported(String why) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_STEP, p, step.describe() + " (" + step.kind().op() + ") is not written: "
          + why);
      return null;
    }

    private Optional<ObjectNode> locator(Target t, String field) {
      return selectors.locator(t, p + "." + field, step.describe());
    }

    private Spec targeted(String type, Target t) {
      Spec s = spec(type);
      return target(s, Optional.of(t)) ? s : null;
    }

    /** Sets the locator of {@code t}, when there is a target, as the node's; false when it cannot be written. */
    private boolean target(Spec s, Optional<Target> t) {
      if (t.isEmpty()) {
        return true;
      }
      Optional<ObjectNode> l = locator(t.get(), "target");
      l.ifPresent(n -> s.config().set("target", n));
      return l.isPresent();
    }

    private String value(String v, String field) {
      return st.template(v, p + "." + field);
    }

    /** The saveAs of a step whose output {@code field} the flow reads (or that a setVar names). */
    private void saveAs(Spec s, String field) {
      if (field == null || st.read.contains(step.id() + "." + field) || st.saveAs.containsKey(step.id())) {
        s.config().put("saveAs", st.outputName(step.id()));
      }
    }

    // ---------------------------------------------------------------- pages and tabs

    @Override
    public Spec visitOpen(PageStep.Open o) {
      if (o.tab().isPresent() && !o.tab().get().equals(st.currentTab)) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".tab", "the extension navigates the current tab; the open "
            + "in tab " + o.tab().get() + " is written as a navigate of the tab the flow is in");
      }
      return navigate(o.url());
    }

    @Override
    public Spec visitNavigate(PageStep.Navigate n) {
      return navigate(n.url());
    }

    private Spec navigate(String url) {
      Spec s = spec("navigate");
      s.config().put("url", value(url, "url"));
      st.tabUrls.put(st.currentTab, url);
      return s;
    }

    @Override
    public Spec visitTabNew(PageStep.TabNew t) {
      Spec s = spec("openTab");
      t.url().ifPresent(u -> s.config().put("url", value(u, "url")));
      st.tabUrls.put(t.alias(), t.url().orElse(""));
      st.currentTab = t.alias();
      return s;
    }

    @Override
    public Spec visitTabSwitch(PageStep.TabSwitch t) {
      String url = st.tabUrls.get(t.alias());
      if (url == null || url.isEmpty()) {
        st.issues.blocking(ConversionCode.TAB_URL_UNKNOWN, p, "the extension finds the tab to switch to by its URL, and the URL "
            + "of tab " + t.alias() + " is not known; declare it in tabs[].url or open the tab with a url");
        return null;
      }
      st.currentTab = t.alias();
      Spec s = spec("switchTab");
      s.config().put("urlContains", value(url, "alias"));
      return s;
    }

    @Override
    public Spec visitTabClose(PageStep.TabClose t) {
      Spec s = spec("closeTab");
      String alias = t.alias().orElse(st.currentTab);
      if (!alias.equals(st.currentTab)) {
        String url = st.tabUrls.get(alias);
        if (url == null || url.isEmpty()) {
          st.issues.blocking(ConversionCode.TAB_URL_UNKNOWN, p, "the extension closes another tab by its URL, and the URL of tab "
              + alias + " is not known");
          return null;
        }
        s.config().put("url", value(url, "alias"));
      } else {
        st.currentTab = "main";
      }
      st.tabUrls.remove(alias);
      return s;
    }

    // ---------------------------------------------------------------- interactions

    @Override
    public Spec visitClick(InteractionStep.Click c) {
      Spec s = targeted("click", c.target());
      if (s == null) {
        return null;
      }
      if (c.button() != Step.MouseButton.LEFT || !c.modifiers().isEmpty() || c.offset().isPresent() || c.delay().isPresent()) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p, "the extension clicks the element's centre with the left "
            + "button; the button, modifiers, offset and delay of " + c.describe() + " are not written");
      }
      if (c.newTab().isPresent()) {
        st.issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".newTab", "the extension binds no popup to a name; a switchTab "
            + "to " + c.newTab().get() + " finds the popup by its URL");
      }
      for (Condition e : c.expect()) {
        if (e.accept(IS_NETWORKIDLE)) {
          s.config().putObject("after").put("waitForNetworkIdle", true);
          consumed.add(e);
          break;
        }
      }
      return s;
    }

    @Override
    public Spec visitDblclick(InteractionStep.Dblclick d) {
      if (d.offset().isPresent()) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".offset", "the extension double-clicks the element's centre");
      }
      return targeted("dblclick", d.target());
    }

    @Override
    public Spec visitFill(InteractionStep.Fill f) {
      return fill(f.target(), f.value(), "value");
    }

    /** A fill node of the target with the value of the step's {@code field}; null when the target cannot be written. */
    private Spec fill(Target t, String v, String field) {
      Spec s = targeted("fill", t);
      if (s != null) {
        s.config().put("value", value(v, field));
      }
      return s;
    }

    @Override
    public Spec visitChange(InteractionStep.Change c) {
      return approximated(fill(c.target(), c.value(), "value"), ConversionIssue.Severity.INFO, "change is written as fill, "
          + "which the extension applies to text fields and selects alike; it reads back as fill");
    }

    @Override
    public Spec visitType(InteractionStep.Type t) {
      if (t.target().isEmpty()) {
        return unsupported("the extension types into an element it locates; this type has no target");
      }
      return approximated(fill(t.target().get(), t.text(), "text"), ConversionIssue.Severity.WARNING, "type is written as "
          + "fill, which replaces the field's value instead of typing after it");
    }

    /** The node {@code s} written in place of the step, with what it does otherwise; null when {@code s} is. */
    private Spec approximated(Spec s, ConversionIssue.Severity severity, String how) {
      if (s != null) {
        st.issues.add(ConversionCode.APPROXIMATED, severity, p, how);
      }
      return s;
    }

    @Override
    public Spec visitPress(InteractionStep.Press k) {
      if (k.phase() != Step.KeyPhase.PRESS) {
        return unsupported("the extension presses whole keys, not a key going down or up alone");
      }
      Spec s = spec("key");
      List<String> chord = new ArrayList<>(k.modifiers());
      chord.add(k.key());
      s.config().put("keys", String.join("+", chord));
      return target(s, k.target()) ? s : null;
    }

    @Override
    public Spec visitSelect(InteractionStep.Select sel) {
      Spec s = targeted("fill", sel.target());
      if (s == null) {
        return null;
      }
      if (sel.label().isPresent()) {
        st.issues.warning(ConversionCode.APPROXIMATED, p, "the extension's fill selects an option by its value; the label "
            + sel.label().get() + " is written as the value");
      } else {
        st.issues.info(ConversionCode.APPROXIMATED, p, "select is written as fill, which selects the option in the extension; "
            + "it reads back as fill");
      }
      s.config().put("value", value(sel.value().orElseGet(() -> sel.label().orElse("")), "value"));
      return s;
    }

    @Override
    public Spec visitCheck(InteractionStep.Check c) {
      return toggleAsClick(c.target(), "check");
    }

    @Override
    public Spec visitUncheck(InteractionStep.Uncheck u) {
      return toggleAsClick(u.target(), "uncheck");
    }

    @Override
    public Spec visitToggle(InteractionStep.Toggle t) {
      return toggleAsClick(t.target(), "toggle");
    }

    private Spec toggleAsClick(Target t, String what) {
      Spec s = targeted("click", t);
      return what.equals("toggle") ? s : approximated(s, ConversionIssue.Severity.WARNING, what + " is written as a click, "
          + "which flips the box even when it is already " + (what.equals("check") ? "checked" : "unchecked"));
    }

    @Override
    public Spec visitScroll(InteractionStep.Scroll sc) {
      Spec s = spec("scroll");
      if (sc.mode() == Step.ScrollMode.BY) {
        return unsupported("the extension scrolls to a position or an element, not by a distance");
      }
      if (sc.mode() == Step.ScrollMode.INTO_VIEW) {
        if (sc.target().isEmpty()) {
          return unsupported("a scroll into view needs a target");
        }
        s.config().put("mode", "element");
      } else {
        s.config().put("mode", sc.target().isPresent() ? "container" : "offset");
        ObjectNode o = s.config().putObject("offset");
        o.put("x", sc.x());
        o.put("y", sc.y());
      }
      return target(s, sc.target()) ? s : null;
    }

    @Override
    public Spec visitDrag(InteractionStep.Drag d) {
      Optional<ObjectNode> from = locator(d.source(), "from");
      Optional<ObjectNode> to = locator(d.destination(), "to");
      if (from.isEmpty() || to.isEmpty()) {
        return null;
      }
      Spec s = spec("drag");
      s.config().set("start", from.get());
      s.config().set("end", to.get());
      return s;
    }

    // ---------------------------------------------------------------- waits and checks

    @Override
    public Spec visitWait(CheckStep.Wait w) {
      if (w.ms().isPresent()) {
        if (linear) {
          Spec s = spec("wait");
          s.config().putObject("condition").put("sleep", w.ms().getAsInt());
          return s;
        }
        Spec s = spec("delay");
        s.config().put("ms", w.ms().getAsInt());
        return s;
      }
      return conditioned("wait", "condition", conditions.waitCondition(w.until().get(), p + ".until"), ".until",
          "the condition of " + w.describe() + " has no record-replay wait; the step is not written, so the replay waits less");
    }

    /** A node of {@code type} with the condition under {@code key}; null, with a warning at {@code field}, when there is none. */
    private Spec conditioned(String type, String key, Optional<ObjectNode> c, String field, String notWritten) {
      if (c.isEmpty()) {
        st.issues.warning(ConversionCode.UNSUPPORTED_CONDITION, p + field, notWritten);
        return null;
      }
      Spec s = spec(type);
      s.config().set(key, c.get());
      return s;
    }

    @Override
    public Spec visitAssert(CheckStep.Assert a) {
      Spec s = conditioned("assert", "assert", conditions.assertion(a.condition(), p + ".condition"), ".condition",
          "the check of " + a.describe() + " has no record-replay assert; the step is not written, so the replay checks less");
      if (s == null) {
        return null;
      }
      if (a.onError().kind() == OnError.Kind.CONTINUE) {
        s.config().put("failStrategy", "warn");
      } else if (a.onError().kind() == OnError.Kind.RETRY) {
        s.config().put("failStrategy", "retry");
      }
      return s;
    }

    // ---------------------------------------------------------------- data

    @Override
    public Spec visitRead(DataStep.Read r) {
      Optional<String> css = selectors.css(r.target(), p + ".target", r.describe());
      if (css.isEmpty()) {
        return null;
      }
      Spec s = spec("extract");
      s.config().put("selector", css.get());
      s.config().put("attr", r.what() == Step.ReadKind.TEXT ? "text" : r.what() == Step.ReadKind.VALUE ? "value"
          : r.attribute().orElse("text"));
      saveAs(s, null);
      return s;
    }

    @Override
    public Spec visitEval(DataStep.Eval e) {
      Spec s = spec("script");
      s.config().put("world", "MAIN");
      s.config().put("code", e.script());
      saveAs(s, "result");
      return s;
    }

    @Override
    public Spec visitScreenshot(DataStep.Screenshot sh) {
      Spec s = spec("screenshot");
      if (sh.target().isPresent()) {
        Optional<String> css = selectors.css(sh.target().get(), p + ".target", sh.describe());
        if (css.isEmpty()) {
          return null;
        }
        s.config().put("selector", css.get());
      }
      if (sh.fullPage()) {
        s.config().put("fullPage", true);
      }
      if (sh.name().isPresent()) {
        st.issues.info(ConversionCode.FIELD_DROPPED, p + ".name", "the extension names no screenshot file; "
            + sh.name().get() + " is not written");
      }
      saveAs(s, "path");
      return s;
    }

    @Override
    public Spec visitDatasetWrite(DataStep.DatasetWrite d) {
      Spec s = spec("datasetWrite");
      s.config().put("dataset", d.dataset());
      ObjectNode row = s.config().putObject("row");
      for (Map.Entry<String, String> e : d.row().entrySet()) {
        row.put(e.getKey(), value(e.getValue(), "row." + e.getKey()));
      }
      return s;
    }

    @Override
    public Spec visitHttp(ExternalStep.Http h) {
      Spec s = spec("http");
      s.config().put("method", h.method());
      s.config().put("url", value(h.url(), "url"));
      if (!h.headers().isEmpty()) {
        ObjectNode headers = s.config().putObject("headers");
        h.headers().forEach((k, v) -> headers.put(k, value(v, "headers." + k)));
      }
      h.body().ifPresent(b -> s.config().put("body", value(b, "body")));
      if (!h.extract().isEmpty()) {
        ObjectNode assign = s.config().putObject("assign");
        h.extract().forEach((k, v) -> assign.put(k, v.replaceFirst("^\\$\\.?", "")));
      }
      if (!h.failOnStatus()) {
        st.issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".failOnStatus", "failOnStatus false is not written: the "
            + "extension has no such switch; it reads back as failing on a status of 400 or more");
      }
      saveAs(s, "body");
      return s;
    }

    @Override
    public Spec visitClipboard(DataStep.Clipboard c) {
      Spec s = spec("clipboard");
      if (c.action() == Step.ClipboardAction.READ) {
        s.config().put("mode", "read");
        saveAs(s, "text");
      } else {
        s.config().put("mode", "write");
        s.config().put("text", value(c.text().orElse(""), "text"));
      }
      return s;
    }

    @Override
    public Spec visitCall(ExternalStep.Call c) {
      return unsupported("the seed's nodes run no other flow; inline the steps of " + c.flow());
    }

    // ---------------------------------------------------------------- written by the graph writer

    @Override
    public Spec visitControlStep(ControlStep c) {
      throw new IllegalStateException(c.kind().op() + " is written by RecordReplayExport");
    }
  }

  /** Whether a condition waits for the network to go idle. */
  private static final ConditionVisitor<Boolean> IS_NETWORKIDLE = new DefaultConditionVisitor<>() {
    @Override public Boolean visitCondition(Condition condition) { return false; }
    @Override public Boolean visitLoad(Condition.Load c) { return c.state() == Condition.LoadState.NETWORKIDLE; }
  };
}
