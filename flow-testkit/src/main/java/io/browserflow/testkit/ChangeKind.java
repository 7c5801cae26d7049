package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;

/** How an element takes the value of a {@code change} step, decided from the element when the step runs. */
enum ChangeKind {
  SELECT, TYPEABLE, OTHER_INPUT, CHECKABLE, NONE;

  /** Values this long or longer are set directly instead of typed. */
  static final int MAX_TYPED = 100;
  static final String TRIED = "select, text field, contenteditable, checkable or other input";
  private static final Set<String> TYPEABLE_INPUTS = Set.of("text", "url", "tel", "search", "password", "number",
      "email");

  static ChangeKind of(Element e) {
    if (Dom.is(e, "select")) {
      return SELECT;
    }
    if (Dom.is(e, "input")) {
      String type = Dom.inputType(e);
      if (type.equals("checkbox") || type.equals("radio")) {
        return CHECKABLE;
      }
      return TYPEABLE_INPUTS.contains(type) ? TYPEABLE : OTHER_INPUT;
    }
    if (Dom.is(e, "textarea") || ElementState.isContentEditable(e)) {
      return TYPEABLE;
    }
    String role = Aria.role(e);
    if (role.equals("checkbox") || role.equals("radio") || role.equals("switch")) {
      return CHECKABLE;
    }
    return NONE;
  }

  /**
   * True when the element's checked state differs from {@code wanted}: checked inputs and
   * {@code aria-checked="true"} are on, {@code aria-checked="mixed"} differs from both on and off.
   */
  static boolean differs(Element e, boolean wanted) {
    if (ElementState.isCheckbox(e) || ElementState.isRadio(e)) {
      return ElementState.checked(e) != wanted;
    }
    String aria = Dom.attrOr(e, "aria-checked", "").trim();
    return aria.equalsIgnoreCase("mixed") || aria.equalsIgnoreCase("true") != wanted;
  }

  static FlowRunException cannotTakeValue(InteractionStep.Change c, String tag, String inputType) {
    String element = "<" + tag + (inputType.isEmpty() ? "" : " type=" + inputType) + ">";
    return new FlowRunException(ErrorCode.ACTION_FAILED, "change: " + element + " cannot take a value: not a "
        + TRIED + " (" + c.target().describe() + ")",
        Map.of(FlowException.Details.TARGET, c.target().describe(), FlowException.Details.ELEMENT, tag,
            FlowException.Details.INPUT_TYPE, inputType, FlowException.Details.TRIED, TRIED,
            FlowException.Details.STEP_ID, c.id()));
  }
}
