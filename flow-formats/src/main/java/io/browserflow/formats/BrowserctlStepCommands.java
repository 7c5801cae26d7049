package io.browserflow.formats;

import static io.browserflow.formats.BrowserctlCommandsOfStep.list;

import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.List;

/**
 * The browserctl commands of one step, by its kind ({@link StepVisitor}): pages, tabs and frames
 * here, actions through {@link BrowserctlActionCommands} and {@link BrowserctlTargets}, waits and
 * asserts through {@link BrowserctlWaitArgs}. A step kind without a browserctl command is a
 * blocking issue.
 */
final class BrowserctlStepCommands {
  private final BrowserctlExportState st;
  private final BrowserctlExportValues values;
  private final BrowserctlTargets targets;
  private final BrowserctlWaitArgs waits;
  private final BrowserctlActionCommands actions;

  BrowserctlStepCommands(BrowserctlExportState st, BrowserctlExportValues values, BrowserctlTargets targets,
      BrowserctlWaitArgs waits, BrowserctlActionCommands actions) {
    this.st = st;
    this.values = values;
    this.targets = targets;
    this.waits = waits;
    this.actions = actions;
  }

  /** Fills {@code out}; false (with an issue) when the step is not exported. */
  boolean write(Step s, String p, BrowserctlCommandsOfStep out) {
    return s.accept(new Body(p, out));
  }

  /** The commands of one step, into {@link BrowserctlCommandsOfStep}; false (with an issue) when the step is not exported. */
  private final class Body implements StepFamilyVisitor<Boolean> {
    private final String p;
    private final BrowserctlCommandsOfStep out;

    Body(String p, BrowserctlCommandsOfStep out) {
      this.p = p;
      this.out = out;
    }

    /** A command that leaves the page's frames behind. */
    private boolean leavingFrame(List<String> argv) {
      out.act(argv);
      st.inFrame = false;
      return true;
    }

    @Override
    public Boolean visitOpen(PageStep.Open o) {
      if (o.tab().isPresent()) {
        String ref = values.tabRef(o.tab().get(), p);
        if (ref == null) {
          return false;
        }
        out.add(list("tab", ref));
        st.issues.info(ConversionCode.REWRITTEN, p, "open in tab " + o.tab().get() + " is written as a tab switch and an open");
      }
      String url = values.secretUrl(p, o.url());
      return url != null && leavingFrame(list("open", url));
    }

    @Override
    public Boolean visitNavigate(PageStep.Navigate n) {
      String url = values.secretUrl(p, n.url());
      return url != null && leavingFrame(list("navigate", url));
    }

    @Override
    public Boolean visitBack(PageStep.Back b) {
      return leavingFrame(list("back"));
    }

    @Override
    public Boolean visitForward(PageStep.Forward f) {
      return leavingFrame(list("forward"));
    }

    @Override
    public Boolean visitReload(PageStep.Reload r) {
      return leavingFrame(list("reload"));
    }

    @Override
    public Boolean visitTabNew(PageStep.TabNew t) {
      return tabNew(t, p, out);
    }

    @Override
    public Boolean visitTabSwitch(PageStep.TabSwitch t) {
      String ref = values.tabRef(t.alias(), p);
      return ref != null && leavingFrame(list("tab", ref));
    }

    @Override
    public Boolean visitTabClose(PageStep.TabClose t) {
      List<String> argv = list("tab", "close");
      if (t.alias().isPresent()) {
        String ref = values.tabRef(t.alias().get(), p);
        if (ref == null) {
          return false;
        }
        argv.add(ref);
      }
      return leavingFrame(argv);
    }

    @Override
    public Boolean visitFrame(PageStep.Frame f) {
      if (st.inFrame) {
        st.issues.blocking(ConversionCode.FRAME_UNRESOLVED, p, "nested frames cannot be written: browserctl finds frame owners from the "
            + "main frame; return with frameMain first or locate the inner frame from the main frame");
        return false;
      }
      String locator = values.out(f.locator(), p);
      if (locator == null) {
        return false;
      }
      List<String> argv = list("frame", locator);
      out.timeout(f, argv);
      out.act(argv);
      st.inFrame = true;
      return true;
    }

    @Override
    public Boolean visitFrameMain(PageStep.FrameMain f) {
      return leavingFrame(list("frame", "main"));
    }

    @Override
    public Boolean visitSetViewport(PageStep.SetViewport v) {
      st.issues.warning(ConversionCode.UNSUPPORTED_STEP, p, "browserctl-flow has no viewport command; setViewport was left out");
      return false;
    }

    /**
     * Left out: offline blocks (the steps after it would load what the flow expects to fail, as the
     * commands without an equivalent that change what later steps see do); throttling and the real
     * network are a warning (like setViewport, only timing differs).
     */
    @Override
    public Boolean visitEmulateNetwork(PageStep.EmulateNetwork e) {
      String message = "browserctl-flow has no network emulation command; emulateNetwork (step " + e.id()
          + ") was left out, so the steps after it run on the real network";
      if (e.offline()) {
        st.issues.blocking(ConversionCode.UNSUPPORTED_STEP, p, message + ", where their loads no longer fail");
      } else {
        st.issues.warning(ConversionCode.UNSUPPORTED_STEP, p, message);
      }
      return false;
    }

    @Override
    public Boolean visitClick(InteractionStep.Click c) {
      return actions.click(c, p, out);
    }

    @Override
    public Boolean visitDblclick(InteractionStep.Dblclick d) {
      if (d.offset().isPresent()) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".offset", "browserctl double-clicks the element's center; the offset was left out");
      }
      return targets.action(out, "dblclick", d.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitHover(InteractionStep.Hover h) {
      return targets.action(out, "hover", h.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitCheck(InteractionStep.Check c) {
      return targets.action(out, "check", c.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitUncheck(InteractionStep.Uncheck u) {
      return targets.action(out, "uncheck", u.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitToggle(InteractionStep.Toggle t) {
      st.issues.info(ConversionCode.APPROXIMATED, p, "toggle is written as a click (browserctl has no toggle); read back it is a click");
      return targets.action(out, "click", t.target(), p, List.of(), List.of());
    }

    @Override
    public Boolean visitFill(InteractionStep.Fill f) {
      String v = values.secretTyped(p + ".value", f.value(), f.target());
      return v != null && targets.action(out, "fill", f.target(), p, List.of(v), List.of());
    }

    @Override
    public Boolean visitChange(InteractionStep.Change c) {
      String v = values.secretTyped(p + ".value", c.value(), c.target());
      if (v == null) {
        return false;
      }
      st.issues.info(ConversionCode.APPROXIMATED, p, "change lets the element decide at run time how it takes the value "
          + "(select an option, type, set a date or color, click a checkbox); it is written as fill, which sets a text "
          + "field: use select or check in the .browserctl file when the element is a select or a checkbox");
      return targets.action(out, "fill", c.target(), p, List.of(v), List.of());
    }

    @Override
    public Boolean visitType(InteractionStep.Type t) {
      if (t.target().isEmpty()) {
        st.issues.blocking(ConversionCode.TARGET_UNRESOLVED, p, "browserctl type needs a selector; typing into the focused element "
            + "cannot be written");
        return false;
      }
      String v = values.secretTyped(p + ".text", t.text(), t.target().get());
      return v != null && targets.action(out, "type", t.target().get(), p, List.of(v), List.of());
    }

    @Override
    public Boolean visitPress(InteractionStep.Press k) {
      return actions.press(k, p, out);
    }

    @Override
    public Boolean visitSelect(InteractionStep.Select sel) {
      String field = sel.value().isPresent() ? ".value" : ".label";
      String raw = sel.value().orElse(sel.label().orElse(""));
      if (sel.label().isPresent()) {
        st.issues.info(ConversionCode.APPROXIMATED, p + ".label", "browserctl select matches a value or a label; read back the label "
            + "is a value");
      }
      String v = values.secretTyped(p + field, raw, sel.target());
      return v != null && targets.action(out, "select", sel.target(), p, List.of(v), List.of());
    }

    @Override
    public Boolean visitScroll(InteractionStep.Scroll s) {
      return actions.scroll(s, p, out);
    }

    @Override
    public Boolean visitWait(CheckStep.Wait w) {
      if (st.style == BrowserctlExport.Style.TEXT && st.lastExported != null && BrowserctlUrlWaits.navigates(st.lastExported)
          && w.until().filter(BrowserctlUrlWaits::isUrl).isPresent()) {
        st.issues.info(ConversionCode.WAIT_AS_EXPECT, p, "a wait --url right after a " + st.lastExported.kind().op()
            + " reads back as that step's expect");
      }
      if (w.ms().isPresent()) {
        out.act(list("wait", "--ms", String.valueOf(w.ms().getAsInt())));
        return true;
      }
      return waits.waitStep(w, w.until().orElseThrow(), p + ".until", out, false);
    }

    @Override
    public Boolean visitAssert(CheckStep.Assert a) {
      return waits.waitStep(a, a.condition(), p + ".condition", out, true);
    }

    @Override
    public Boolean visitRead(DataStep.Read r) {
      return actions.read(r, p, out);
    }

    @Override
    public Boolean visitEval(DataStep.Eval e) {
      List<String> argv = list("eval", e.script());
      out.timeout(e, argv);
      Command c = out.act(argv);
      c.capture.put("result", st.outputVar(e.id(), "result"));
      return true;
    }

    @Override
    public Boolean visitScreenshot(DataStep.Screenshot sh) {
      List<String> argv = list("screenshot");
      sh.name().ifPresent(argv::add);
      if (sh.fullPage()) {
        argv.add("--full");
      }
      if (sh.target().isPresent()) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".target", "browserctl screenshots the page; the element target was left out");
      }
      out.act(argv);
      return true;
    }

    // no browserctl command
    @Override public Boolean visitStep(Step step) { return unsupported(step); }

    private boolean unsupported(Step s) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_STEP, p, s.kind().op() + " (step " + s.id()
          + ") has no browserctl command; it was left out"
          + (NativeCodec.count(List.of(s)) > 1 ? " with the steps inside it" : ""));
      return false;
    }
  }

  private boolean tabNew(PageStep.TabNew t, String p, BrowserctlCommandsOfStep out) {
    List<String> argv = list("tab", "new");
    if (t.url().isPresent()) {
      String url = values.secretUrl(p, t.url().get());
      if (url == null) {
        return false;
      }
      argv.add(url);
    }
    if (st.style == BrowserctlExport.Style.TEXT) {
      argv.add("--label");
      argv.add(t.alias());
      out.act(argv);
      out.add(list("tab", t.alias()));
      st.tabRefs.put(t.alias(), t.alias());
    } else {
      String var = st.tabVar(t.alias());
      out.act(argv).capture.put("tabId", var);
      out.add(list("tab", "${" + var + "}"));
      st.tabRefs.put(t.alias(), "${" + var + "}");
    }
    st.inFrame = false;
    return true;
  }
}
