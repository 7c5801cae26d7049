package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.SelectOption;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.InteractionStep;
import io.browserflow.engine.spi.ChangeRefusal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code change} step on its one element, as Chrome Recorder's replayer sets a value: the element,
 * asked when the step runs, decides how (select an option, type, set directly, or click a checkbox).
 *
 * <p>The fast path asks, finds and prepares the element in one page round trip ({@link #FAST}):
 * exactly one element, attached, visible, in the main frame's viewport (scrolled there instantly);
 * a {@code <select>} enabled and holding an enabled option with the value, which is then selected
 * as Playwright's {@code selectOption} does (input and change events) and blurred and focused as
 * the reference replayer does; a text field cleared or its caret put after its value, focused (and
 * verified to hold the focus), then typed into with the keyboard as {@code pressSequentially}
 * does; a checkbox clicked with {@link FastClick} when its state differs. Anything else (no or
 * several elements, hidden, in a frame, disabled, the option not there yet, focus refused) is
 * handed to the Playwright calls below, which wait as long as the step may; the reason is counted
 * in {@link ActionStats}.
 */
final class ChangeAction {
  /** Values this long or longer are set directly instead of typed. */
  static final int MAX_TYPED = 100;
  /** {count} when not exactly one element; else {count: 1, probe, reason (fell back) | type (text to type) | done}. */
  static final String FAST = "(els, arg) => {\n"
      + AriaRoles.guard()
      + "  if (els.length !== 1) return {count: els.length};\n"
      + "  const e = els[0];\n"
      + "  const probe = (" + PageScripts.CHANGE_PROBE + ")(e);\n"
      + "  const out = reason => ({count: 1, probe, reason});\n"
      + "  if (!e.isConnected) return out('detached');\n"
      + "  if (probe.kind === 'checkable') return {count: 1, probe};\n"
      + "  if (probe.kind !== 'typeable' && probe.kind !== 'select') return out('kind-' + probe.kind);\n"
      + "  if (window !== window.top) return out('in-frame');\n"
      + "  if (!e.checkVisibility({visibilityProperty: true})) return out('hidden');\n"
      + "  const inView = () => {\n"
      + "    const r = e.getBoundingClientRect();\n"
      + "    return r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;\n"
      + "  };\n"
      + "  const up = n => n.parentElement || (n.parentNode && n.parentNode.host) || null;\n"
      + "  if (probe.kind === 'select') {\n"
      + "    if (e.matches(':disabled')) return out('disabled');\n"
      + "    for (let n = e; n; n = up(n)) if (n.getAttribute && n.getAttribute('aria-disabled') === 'true') return out('disabled');\n"
      + "    const option = Array.from(e.options).find(o => o.value === arg.value);\n"
      + "    if (!option) return out('no-option');\n"
      + "    if (option.matches(':disabled')) return out('option-disabled');\n"
      + "    const r = e.getBoundingClientRect();\n"
      + "    if (r.width === 0 || r.height === 0) return out('hidden');\n"
      + "    e.value = undefined;\n"
      + "    option.selected = true;\n"
      + "    e.dispatchEvent(new Event('input', {bubbles: true, composed: true}));\n"
      + "    e.dispatchEvent(new Event('change', {bubbles: true}));\n"
      + "    e.blur(); e.focus();\n"
      + "    return {count: 1, probe, done: true};\n"
      + "  }\n"
      + "  if (!inView()) {\n"
      + "    e.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});\n"
      + "    if (!inView()) return out('out-of-view');\n"
      + "  }\n"
      + "  const value = arg.value, current = probe.current;\n"
      + "  if (value.length >= arg.maxTyped) {\n"
      + "    e.focus();\n"
      + "    (" + PageScripts.SET_VALUE_AND_NOTIFY + ")(e, value);\n"
      + "    return {count: 1, probe, done: true};\n"
      + "  }\n"
      + "  if (current === value) return {count: 1, probe, done: true};\n"
      + "  let text;\n"
      + "  if (current === '' || !value.startsWith(current)) {\n"
      + "    (" + PageScripts.CLEAR_VALUE + ")(e);\n"
      + "    if (value === '') return {count: 1, probe, done: true};\n"
      + "    const root = e.getRootNode();\n"
      + "    const was = root.activeElement === e && document.hasFocus();\n"
      + "    if (e.isContentEditable && !was && root.activeElement && root.activeElement.blur) root.activeElement.blur();\n"
      + "    e.focus();\n"
      + "    if (!was && e.localName === 'input') { try { e.setSelectionRange(0, 0); } catch (x) { /* no selection */ } }\n"
      + "    text = value;\n"
      + "  } else {\n"
      + "    (" + PageScripts.CARET_AFTER_VALUE + ")(e);\n"
      + "    text = value.substring(current.length);\n"
      + "  }\n"
      + "  if (e.getRootNode().activeElement !== e) return out('not-focused');\n"
      + "  return {count: 1, probe, type: text};\n"
      + "}";

  private final InteractionStep.Change step;
  private final Locator loc;
  private final double ms;
  private final Page page;
  private final boolean plain;
  private final Frame frame;
  private final ActionStats.Counter stats;

  /**
   * {@code plain}: the target is in the context frame itself (no frame path), so a checkbox may be
   * clicked on {@link FastClick}'s path. {@code ms}: how long the Playwright calls may wait (unused by
   * {@code fast(true)}, which never waits).
   */
  ChangeAction(InteractionStep.Change step, Locator loc, double ms, Page page, Frame frame, boolean plain, ActionStats.Counter stats) {
    this.step = step;
    this.loc = loc;
    this.ms = ms;
    this.page = page;
    this.frame = frame;
    this.plain = plain;
    this.stats = stats;
  }

  /** Sets the value: on the fast path unless {@code fastTried} (it designated one element, which was not for the fast path). */
  void run(boolean fastTried) {
    if (FastClick.ENABLED && !fastTried && fast(false, null) == TargetResolver.FastOutcome.DONE) {
      return;
    }
    Map<?, ?> probe = (Map<?, ?>) loc.evaluate(PageScripts.CHANGE_PROBE, null, new Locator.EvaluateOptions().setTimeout(ms));
    String kind = String.valueOf(probe.get("kind"));
    String value = step.value();
    if (kind.equals("select")) {
      select(value);
      evaluate(PageScripts.BLUR_FOCUS, null);
    } else if (kind.equals("typeable")) {
      loc.scrollIntoViewIfNeeded(new Locator.ScrollIntoViewIfNeededOptions().setTimeout(ms));
      type(String.valueOf(probe.get("current")), value);
    } else if (kind.equals("other")) {
      loc.scrollIntoViewIfNeeded(new Locator.ScrollIntoViewIfNeededOptions().setTimeout(ms));
      setDirectly(value);
    } else if (kind.equals("checkable")) {
      String state = String.valueOf(probe.get("state"));
      boolean wanted = !value.isEmpty();
      if (state.equals("mixed") || Boolean.parseBoolean(state) != wanted) {
        loc.click(new Locator.ClickOptions().setTimeout(ms));
      }
    } else {
      throw ChangeRefusal.of(step, String.valueOf(probe.get("tag")), String.valueOf(probe.get("type")));
    }
  }

  /**
   * The fast path: {@code DONE} when the value is set; {@code ONE} when the locator has one element
   * whose value the Playwright calls are to set (nothing changed then that they would not redo), the
   * reason counted; {@code UNKNOWN} when not exactly one (counted unless {@code speculative});
   * {@code STALE} when {@code roles} no longer cover the page (see {@link FastClick#attempt}).
   */
  TargetResolver.FastOutcome fast(boolean speculative, List<String> roles) {
    Map<String, Object> arg = new HashMap<>();
    arg.put("value", step.value());
    arg.put("maxTyped", MAX_TYPED);
    arg.put("roles", roles);
    Map<?, ?> r;
    try {
      r = (Map<?, ?>) loc.evaluateAll(FAST, arg);
    } catch (PlaywrightException e) {
      return FastClick.unknown(stats, speculative, "changing");
    }
    if (r.get("stale") != null) {
      return TargetResolver.FastOutcome.STALE;
    }
    int count = ((Number) r.get("count")).intValue();
    if (count != 1) {
      return FastClick.unknown(stats, speculative, count == 0 ? "not-yet-there" : "ambiguous");
    }
    if (r.get("reason") != null) {
      stats.fellBack(String.valueOf(r.get("reason")));
      return TargetResolver.FastOutcome.ONE;
    }
    Map<?, ?> probe = (Map<?, ?>) r.get("probe");
    if (String.valueOf(probe.get("kind")).equals("checkable")) {
      String state = String.valueOf(probe.get("state"));
      if (!state.equals("mixed") && Boolean.parseBoolean(state) == !step.value().isEmpty()) {
        stats.fast();
        return TargetResolver.FastOutcome.DONE;
      }
      if (plain && FastClick.attempt(loc, frame, Optional.empty(), stats, false, null) == TargetResolver.FastOutcome.DONE) {
        return TargetResolver.FastOutcome.DONE;
      }
      if (speculative) {
        return TargetResolver.FastOutcome.ONE; // the strict rule's attempt clicks, reporting a timeout as one
      }
      loc.click(new Locator.ClickOptions().setTimeout(ms));
      return TargetResolver.FastOutcome.DONE;
    }
    Object text = r.get("type");
    if (text != null) {
      page.keyboard().type(String.valueOf(text));
    }
    stats.fast();
    return TargetResolver.FastOutcome.DONE;
  }

  /** Selects the option with that value, waiting for it as long as the step may; none: ACTION_FAILED naming the options. */
  private void select(String value) {
    try {
      loc.selectOption(new SelectOption().setValue(value), new Locator.SelectOptionOptions().setTimeout(ms));
    } catch (PlaywrightException e) {
      if (!Failures.isTimeout(e)) {
        throw e;
      }
      Object options = loc.evaluate("s => Array.from(s.options).map(o => o.value)", null, new Locator.EvaluateOptions().setTimeout(ms));
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "change: the <select> has no option with value \"" + value + "\" within "
          + (long) ms + " ms (its option values: " + options + "); give one of them, or select by label with a select step",
          Map.of(FlowException.Details.TARGET, step.target().describe(), FlowException.Details.ELEMENT, "select",
              FlowException.Details.TRIED, "select by value", FlowException.Details.STEP_ID, step.id()));
    }
  }

  private void type(String current, String value) {
    if (value.length() >= MAX_TYPED) {
      setDirectly(value);
    } else if (current.equals(value)) {
      return;
    } else if (current.isEmpty() || !value.startsWith(current)) {
      evaluate(PageScripts.CLEAR_VALUE, null);
      if (!value.isEmpty()) { // "" only clears, without a key event, as the reference does
        loc.pressSequentially(value, new Locator.PressSequentiallyOptions().setTimeout(ms));
      }
    } else {
      evaluate(PageScripts.CARET_AFTER_VALUE, null);
      loc.pressSequentially(value.substring(current.length()), new Locator.PressSequentiallyOptions().setTimeout(ms));
    }
  }

  private void setDirectly(String value) {
    loc.focus(new Locator.FocusOptions().setTimeout(ms));
    evaluate(PageScripts.SET_VALUE_AND_NOTIFY, value);
  }

  private void evaluate(String script, Object arg) {
    loc.evaluate(script, arg, new Locator.EvaluateOptions().setTimeout(ms));
  }
}
