package io.browserflow.formats;

import static io.browserflow.formats.BrowserctlCommandOptions.timeoutOf;

import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Maps {@code wait}: a fixed wait ({@code --ms}), or one wait step per condition ({@code --url},
 * {@code --load}, {@code --selector}/{@code --state}, {@code --text}, {@code --fn}). A single
 * condition right after the step it checks becomes that step's expect instead.
 */
final class BrowserctlWaitCommands {

  private final BrowserctlImportState st;
  private final BrowserctlValues values;
  private final BrowserctlCommandOptions opts;

  BrowserctlWaitCommands(BrowserctlImportState st, BrowserctlValues values, BrowserctlCommandOptions opts) {
    this.st = st;
    this.values = values;
    this.opts = opts;
  }

  /** Returns true when the wait became the expect of the previous step. */
  boolean waitCommand(Command c, BrowserctlArgs a) {
    opts.options(c, a, Set.of("timeout", "load", "url", "selector", "state", "text", "ms", "fn"));
    opts.unusedCapture(c);
    Integer t = opts.timeout(c, a);
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
      String glob = values.value(a.flag("url"), c);
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
          st.issues.warning(ConversionCode.FIELD_INVALID, c.path, "--load " + state
              + " is not load, domcontentloaded or networkidle; it was left out");
      }
    }
    String selector = a.has("selector") ? a.flag("selector") : a.at(0);
    if (selector != null) {
      Target target = values.target(selector, c);
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
          st.issues.info(ConversionCode.APPROXIMATED, c.path,
              "--state detached became hidden (which also holds when the element is gone)");
          break;
        default:
          st.issues.warning(ConversionCode.FIELD_INVALID, c.path, "--state " + state
              + " is not visible or hidden; waiting until the element is visible");
          conditions.add(Condition.Element.of(target, Condition.State.VISIBLE));
      }
    }
    if (a.has("text")) {
      String text = values.value(a.flag("text"), c);
      if (text == null) {
        return false;
      }
      conditions.add(Condition.Text.present(text));
    }
    if (a.has("fn")) {
      conditions.add(Condition.Expression.of(String.valueOf(a.flag("fn"))));
      st.scriptEval = true;
      st.issues.warning(ConversionCode.EVAL_USED, c.path, "wait --fn runs a page script: the flow declares "
          + Capability.SCRIPT_EVAL.id() + " and a run must allow it");
    }
    if (conditions.isEmpty()) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, c.path,
          "wait needs --ms, --url, --load, --selector, --text or --fn");
      return false;
    }
    if (conditions.size() == 1 && merge(c, conditions.get(0), t)) {
      return true;
    }
    if (conditions.size() > 1) {
      st.issues.info(ConversionCode.REWRITTEN, c.path, "one wait with " + conditions.size()
          + " conditions became " + conditions.size() + " wait steps");
    }
    for (Condition cond : conditions) {
      CheckStep.Wait.Builder b = CheckStep.Wait.builder().id(st.id(c)).until(cond);
      timeoutOf(t, b::timeoutMs);
      c.description(b::title);
      st.add(c, b.build());
    }
    return false;
  }

  private void waitMs(Command c, String raw) {
    int ms;
    try {
      ms = Integer.parseInt(raw.trim());
    } catch (NumberFormatException e) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, c.path, "wait --ms is not a number of milliseconds");
      return;
    }
    if (ms < 0 || ms > BrowserctlCommandOptions.MAX_TIMEOUT) {
      int clamped = Math.max(0, Math.min(BrowserctlCommandOptions.MAX_TIMEOUT, ms));
      st.issues.warning(ConversionCode.FIXED_WAIT_TOO_LONG, c.path, "wait --ms " + ms + " became " + clamped
          + " ms, the longest fixed wait a step allows; prefer waiting for a url, selector or text");
      ms = clamped;
    }
    CheckStep.Wait.Builder b = CheckStep.Wait.builder().id(st.id(c)).ms(ms);
    c.description(b::title);
    st.add(c, b.build());
  }

  /**
   * A wait right after the step it checks becomes that step's expect: when both came from the same
   * source step, or a {@code wait --url} follows an action (the click + wait --url idiom).
   */
  private boolean merge(Command c, Condition cond, Integer timeout) {
    if (st.lastStep < 0 || st.lastStep != st.steps.size() - 1) {
      return false;
    }
    Step prev = st.steps.get(st.lastStep);
    boolean sameSource = c.sourceStepId != null
        && (c.sourceStepId.equals(prev.id()) || c.sourceStepId.equals(st.lastSource));
    // a wait the file attributes to a step of its own stays a wait step
    boolean navigation = c.sourceStepId == null && BrowserctlUrlWaits.isUrl(cond) && BrowserctlUrlWaits.navigates(prev);
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
    st.steps.set(st.lastStep, next);
    st.issues.info(ConversionCode.WAIT_AS_EXPECT, c.path, "the wait became an expect of step " + prev.id()
        + " (" + prev.kind().op() + "), checked after it acts");
    return true;
  }
}
