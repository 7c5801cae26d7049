package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import io.browserflow.api.validate.FlowLimits;
import java.util.List;
import java.util.Optional;

/**
 * The recording's steps for one flow step, by its kind ({@link StepVisitor}): pages, tabs,
 * frames, the single-step actions and waits here, the rest through {@link ChromeActionSteps} and
 * {@link ChromeConditionSteps}. A kind the format has no step for is an issue.
 */
final class ChromeStepWriter {
  private final ChromeExportState st;
  private final ChromeStepNodes nodes;
  private final ChromeConditionSteps conditions;
  private final ChromeActionSteps actions;

  ChromeStepWriter(ChromeExportState st, ChromeStepNodes nodes, ChromeConditionSteps conditions, ChromeActionSteps actions) {
    this.st = st;
    this.nodes = nodes;
    this.conditions = conditions;
    this.actions = actions;
  }

  /** Writes the step; false (with an issue) when it has no equivalent. */
  boolean write(Step s, String p) {
    return s.accept(new Write(p));
  }

  /** The format's steps for one step; false (with an issue) when it has no equivalent. */
  private final class Write implements StepFamilyVisitor<Boolean> {
    private final String p;

    Write(String p) {
      this.p = p;
    }

    @Override
    public Boolean visitOpen(PageStep.Open o) {
      if (o.tab().isPresent() && !o.tab().get().equals(st.tab)) {
        String alias = o.tab().get();
        if (!st.tabs.known(alias)) {
          st.tabs.navigated(alias, Optional.of(o.url()));
        }
        st.tab = alias;
      }
      return navigate(o, o.url());
    }

    @Override
    public Boolean visitNavigate(PageStep.Navigate nav) {
      return navigate(nav, nav.url());
    }

    /** A navigate step of the current tab, out of any frame. */
    private boolean navigate(Step s, String url) {
      st.leaveFrames();
      ObjectNode n = nodes.base("navigate", s);
      n.put("url", url);
      st.tabs.navigated(st.tab, Optional.of(url));
      st.pageUrl.put(st.tab, url);
      return conditions.action(n, s, p);
    }

    @Override
    public Boolean visitTabSwitch(PageStep.TabSwitch t) {
      st.tab = t.alias();
      st.leaveFrames();
      return true;
    }

    @Override
    public Boolean visitTabClose(PageStep.TabClose t) {
      String alias = t.alias().orElse(st.tab);
      String was = st.tab;
      st.tab = alias;
      ObjectNode n = nodes.base("close", t);
      st.tab = was;
      if (alias.equals(st.tab)) {
        st.tab = st.tabs.opener(alias);
        st.leaveFrames();
      }
      return conditions.action(n, t, p);
    }

    @Override
    public Boolean visitTabNew(PageStep.TabNew t) {
      st.tabs.opened(t.alias(), st.tab, t.url());
      st.tab = t.alias();
      st.leaveFrames();
      return st.unsupported(t, p, "a recording cannot open a tab by itself; the steps that follow are written for the page "
          + t.url().orElse("of tab " + t.alias()));
    }

    @Override
    public Boolean visitFrame(PageStep.Frame f) {
      String locator = f.locator();
      Optional<String> crossSite = crossSiteFrame(locator);
      if (crossSite.isPresent()) {
        st.frameTarget = crossSite.get();
        return true;
      }
      if (ChromeSelectors.frameIndex(locator).isEmpty()) {
        return st.notWritten(ConversionCode.FRAME_UNRESOLVED, p, "frame " + locator + " cannot be written: the format locates frames by "
            + "index only; the steps after it are written for the frame the flow was in");
      }
      st.frameContext.add(locator);
      return true;
    }

    /**
     * The URL of {@code frame url:<URL>} entered from the main frame, when it is a literal URL on
     * another host than the page's: an out-of-process iframe, which the reference finds by that URL
     * as a step {@code target}. Frames of the page's own site are found by index only.
     */
    private Optional<String> crossSiteFrame(String locator) {
      if (!locator.startsWith("url:") || !st.frameContext.isEmpty() || st.frameTarget != null) {
        return Optional.empty();
      }
      String url = locator.substring(4).trim();
      String page = st.pageUrl.get(st.tab);
      if (url.contains("*") || page == null) {
        return Optional.empty();
      }
      try {
        String frameHost = java.net.URI.create(url).getHost();
        String pageHost = java.net.URI.create(page).getHost();
        return frameHost != null && pageHost != null && !frameHost.equalsIgnoreCase(pageHost) ? Optional.of(url) : Optional.empty();
      } catch (IllegalArgumentException e) {
        return Optional.empty();
      }
    }

    @Override
    public Boolean visitFrameMain(PageStep.FrameMain f) {
      st.leaveFrames();
      return true;
    }

    @Override
    public Boolean visitSetViewport(PageStep.SetViewport v) {
      ObjectNode n = nodes.base("setViewport", v);
      n.put("width", v.width()).put("height", v.height()).put("deviceScaleFactor", v.deviceScaleFactor().orElse(1))
          .put("isMobile", v.mobile()).put("hasTouch", v.touch()).put("isLandscape", false);
      return conditions.action(n, v, p);
    }

    /**
     * The reference reads download and upload both 0 as offline, so offline is written as 0, 0, 0,
     * the real network as -1, -1, 0 (puppeteer's "not throttled"), and throttling with every
     * direction left unthrottled (empty, or 0 as Chromium reads it) as -1.
     */
    @Override
    public Boolean visitEmulateNetwork(PageStep.EmulateNetwork e) {
      ObjectNode n = nodes.base("emulateNetworkConditions", e);
      if (e.offline()) {
        n.put("download", 0).put("upload", 0).put("latency", 0);
      } else {
        n.put("download", throughput(e.downloadBytesPerSecond())).put("upload", throughput(e.uploadBytesPerSecond()))
            .put("latency", e.latencyMs().orElse(0));
      }
      return conditions.action(n, e, p);
    }

    private static int throughput(java.util.OptionalInt v) {
      return v.isPresent() && v.getAsInt() > 0 ? v.getAsInt() : -1;
    }

    @Override
    public Boolean visitClick(InteractionStep.Click c) {
      return actions.click(c, p);
    }

    @Override
    public Boolean visitDblclick(InteractionStep.Dblclick d) {
      ObjectNode n = pointed("doubleClick", d, d.target(), d.offset());
      return n != null && conditions.action(n, d, p);
    }

    /** A {@code type} step of the target at {@code offset}; null (with an issue) when the target cannot be written. */
    private ObjectNode pointed(String type, Step s, Target t, Optional<Point> offset) {
      ObjectNode n = nodes.targeted(type, s, t, p);
      if (n != null) {
        nodes.offset(n, offset, p);
      }
      return n;
    }

    @Override
    public Boolean visitContextmenu(InteractionStep.Contextmenu c) {
      ObjectNode n = pointed("click", c, c.target(), c.offset());
      if (n == null) {
        return false;
      }
      n.put("button", "secondary");
      st.issues.info(ConversionCode.APPROXIMATED, p, "contextmenu is written as a click with the secondary button");
      return conditions.action(n, c, p);
    }

    @Override
    public Boolean visitHover(InteractionStep.Hover h) {
      ObjectNode n = nodes.targeted("hover", h, h.target(), p);
      return n != null && conditions.action(n, h, p);
    }

    @Override
    public Boolean visitChange(InteractionStep.Change c) {
      ObjectNode n = change(c, c.target(), c.value());
      return n != null && conditions.action(n, c, p);
    }

    /** A change step of the target to {@code value}; null (with an issue) when the target cannot be written. */
    private ObjectNode change(Step s, Target t, String value) {
      ObjectNode n = nodes.targeted("change", s, t, p);
      if (n != null) {
        n.put("value", value);
      }
      return n;
    }

    @Override
    public Boolean visitFill(InteractionStep.Fill f) {
      ObjectNode n = change(f, f.target(), f.value());
      return n != null && conditions.action(n, f, p);
    }

    @Override
    public Boolean visitType(InteractionStep.Type t) {
      return actions.type(t, p);
    }

    @Override
    public Boolean visitPress(InteractionStep.Press k) {
      return actions.press(k, p);
    }

    @Override
    public Boolean visitSelect(InteractionStep.Select sel) {
      ObjectNode n = change(sel, sel.target(), sel.value().orElseGet(() -> sel.label().orElse("")));
      if (n == null) {
        return false;
      }
      if (sel.value().isEmpty()) {
        st.issues.warning(ConversionCode.APPROXIMATED, p, "the option is chosen by its label, which the format does not know: "
            + "the label is written as the option's value");
      }
      return conditions.action(n, sel, p);
    }

    @Override
    public Boolean visitCheck(InteractionStep.Check c) {
      return flip(c, c.target(), true);
    }

    @Override
    public Boolean visitUncheck(InteractionStep.Uncheck u) {
      return flip(u, u.target(), true);
    }

    @Override
    public Boolean visitToggle(InteractionStep.Toggle t) {
      return flip(t, t.target(), false);
    }

    /** A click on a checkbox; {@code approximated} when the step wants a state rather than a flip. */
    private boolean flip(Step s, Target t, boolean approximated) {
      ObjectNode n = pointed("click", s, t, Optional.empty());
      if (n == null) {
        return false;
      }
      if (approximated) {
        st.issues.warning(ConversionCode.APPROXIMATED, p, s.kind().op() + " is written as a click, which flips the box whatever its state");
      }
      return conditions.action(n, s, p);
    }

    @Override
    public Boolean visitScroll(InteractionStep.Scroll s) {
      return actions.scroll(s, p);
    }

    @Override
    public Boolean visitWait(CheckStep.Wait w) {
      if (w.ms().isPresent()) {
        int ms = w.ms().getAsInt();
        ObjectNode n = nodes.base("waitForExpression", w);
        nodes.frame(n, List.of(), p);
        n.put("expression", "new Promise(resolve => setTimeout(() => resolve(true), " + ms + "))");
        // the replay gives the expression the step's timeout: it must outlast the wait
        int needed = ms + 1000;
        if (w.timeoutMs().isPresent() || needed > FlowLimits.defaults().defaultStepTimeoutMs()) {
          int timeout = Math.max(w.timeoutMs().orElse(0), needed);
          n.put("timeout", Math.min(timeout, FlowLimits.defaults().maxStepTimeoutMs()));
        }
        st.steps.add(n);
        conditions.expectations(w, p, false);
        return true;
      }
      return conditions.condition(w.until().get(), w, p, true);
    }

    @Override
    public Boolean visitAssert(CheckStep.Assert a) {
      return conditions.condition(a.condition(), a, p, true);
    }

    @Override
    public Boolean visitEval(DataStep.Eval e) {
      if (st.evalOutputs.contains(e.id())) {
        return st.unsupported(e, p, "its result is used by later steps, and the format has no step outputs");
      }
      ObjectNode n = nodes.base("waitForExpression", e);
      nodes.frame(n, List.of(), p);
      n.put("expression", "(async () => { const r = (" + e.script() + "); "
          + "if (typeof r === 'function') { await r(); } return true; })()");
      st.issues.info(ConversionCode.APPROXIMATED, p, "eval is written as a waitForExpression that runs the script once");
      return conditions.action(n, e, p);
    }

    // no equivalent in the format
    @Override public Boolean visitStep(Step step) { return none(step); }

    private boolean none(Step s) {
      return st.unsupported(s, p, "the format has no equivalent");
    }
  }
}
