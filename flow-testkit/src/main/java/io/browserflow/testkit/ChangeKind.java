package io.browserflow.testkit;

import java.util.Set;
import org.jsoup.nodes.Element;

/** How an element takes the value of a {@code change} step, decided from the element when the step runs. */
enum ChangeKind {
  SELECT, TYPEABLE, OTHER_INPUT, CHECKABLE, NONE;

  /** Values this long or longer are set directly instead of typed. */
  static final int MAX_TYPED = 100;
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
}
