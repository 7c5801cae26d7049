package io.browserflow.playwright;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.SelectOption;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import java.util.Map;

/**
 * A {@code change} step on its one element, as Chrome Recorder's replayer sets a value: the element,
 * asked when the step runs, decides how (select an option, type, set directly, or click a checkbox).
 */
final class ChangeAction {
  /** Values this long or longer are set directly instead of typed. */
  static final int MAX_TYPED = 100;
  static final String TRIED = "select, text field, contenteditable, checkable or other input";

  private final Step.Change step;
  private final Locator loc;
  private final double ms;

  ChangeAction(Step.Change step, Locator loc, double ms) {
    this.step = step;
    this.loc = loc;
    this.ms = ms;
  }

  void run() {
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
      throw cannotTakeValue(step, String.valueOf(probe.get("tag")), String.valueOf(probe.get("type")));
    }
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

  static FlowRunException cannotTakeValue(Step.Change c, String tag, String inputType) {
    String element = "<" + tag + (inputType.isEmpty() ? "" : " type=" + inputType) + ">";
    return new FlowRunException(ErrorCode.ACTION_FAILED, "change: " + element + " cannot take a value: not a "
        + TRIED + " (" + c.target().describe() + ")",
        Map.of(FlowException.Details.TARGET, c.target().describe(), FlowException.Details.ELEMENT, tag,
            FlowException.Details.INPUT_TYPE, inputType, FlowException.Details.TRIED, TRIED,
            FlowException.Details.STEP_ID, c.id()));
  }
}
