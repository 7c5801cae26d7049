package io.browserflow.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * Visibility, enablement, checkedness and values, computed the way the in-memory page defines them.
 * There is no layout: an element is visible unless it or an ancestor is hidden by the {@code hidden}
 * attribute, an inline {@code display:none} / {@code visibility:hidden} style, being a closed dialog
 * or details content, an unassigned light child of a shadow host, or a non-rendered element (head,
 * script, template, input type=hidden, ...).
 */
final class ElementState {
  private static final Set<String> NEVER_RENDERED = Set.of("head", "script", "style", "template", "title", "meta",
      "link", "noscript", "base", "datalist", "param", "source", "track");
  private static final Set<String> DISABLEABLE = Set.of("button", "input", "select", "textarea", "optgroup",
      "option", "fieldset");
  private static final Set<String> NOT_TEXT_INPUTS = Set.of("checkbox", "radio", "file", "submit", "button",
      "image", "reset", "hidden", "range", "color");

  private ElementState() {}

  /** Hidden by itself, ignoring ancestors. */
  static boolean selfHidden(Element e) {
    if (NEVER_RENDERED.contains(e.normalName()) || e.hasAttr("hidden")) {
      return true;
    }
    if (Dom.is(e, "input") && Dom.inputType(e).equals("hidden")) {
      return true;
    }
    if (Dom.is(e, "dialog") && !e.hasAttr("open")) {
      return true;
    }
    String style = Dom.attrOr(e, "style", "").toLowerCase(Locale.ROOT).replace(" ", "");
    for (String decl : style.split(";")) {
      if (decl.startsWith("display:none") || decl.startsWith("visibility:hidden")
          || decl.startsWith("visibility:collapse")) {
        return true;
      }
    }
    Element parent = Dom.parentElement(e);
    if (parent != null && Dom.is(parent, "details") && !parent.hasAttr("open")) {
      return !(Dom.is(e, "summary") && firstSummary(parent) == e);
    }
    ShadowRoot hosted = parent == null ? null : ShadowRoot.of(parent);
    if (hosted != null && hosted.open && !slotted(e, hosted)) {
      return true;
    }
    return false;
  }

  private static Element firstSummary(Element details) {
    for (Element c : details.children()) {
      if (Dom.is(c, "summary")) {
        return c;
      }
    }
    return null;
  }

  private static boolean slotted(Element lightChild, ShadowRoot root) {
    String name = Dom.attrOr(lightChild, "slot", "");
    for (Element e : Dom.descendants(root.container, false)) {
      if (Dom.is(e, "slot") && Dom.attrOr(e, "name", "").equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** Attached, not hidden by itself or any composed ancestor, and inside a visible frame owner. */
  static boolean visible(Element e) {
    PageDocument doc = Dom.document(e);
    if (doc == null || !doc.live) {
      return false;
    }
    for (Element x = e; x != null; x = Dom.parentOrHost(x)) {
      if (selfHidden(x)) {
        return false;
      }
    }
    return doc.owner == null || visible(doc.owner);
  }

  /**
   * Disabled: a form control (button, input, select, textarea, optgroup, option, fieldset) with the
   * {@code disabled} attribute or inside a disabled fieldset (outside its first legend) or select,
   * or any element with {@code aria-disabled="true"}. {@code disabled} on other elements is ignored, as in browsers.
   */
  static boolean enabled(Element e) {
    return !"true".equalsIgnoreCase(Dom.attrOr(e, "aria-disabled", "")) && !nativelyDisabled(e);
  }

  /** Roles whose elements may carry {@code aria-readonly}. */
  private static final Set<String> READONLY_ROLES = Set.of("checkbox", "combobox", "grid", "gridcell", "listbox",
      "radiogroup", "slider", "spinbutton", "textbox");

  /**
   * Enabled and not read-only: a form field without {@code readonly}, a {@code contenteditable}
   * element, or an {@code aria-readonly} role that is not read-only; anything else cannot be edited.
   */
  static boolean editable(Element e) {
    if (!enabled(e)) {
      return false;
    }
    if (Dom.is(e, "input") || Dom.is(e, "textarea") || Dom.is(e, "select")) {
      return !e.hasAttr("readonly");
    }
    if (READONLY_ROLES.contains(Dom.attrOr(e, "role", "").trim().toLowerCase(Locale.ROOT))) {
      return !"true".equalsIgnoreCase(Dom.attrOr(e, "aria-readonly", ""));
    }
    String editable = Dom.attrOr(e, "contenteditable", null);
    return editable != null && !editable.equalsIgnoreCase("false");
  }

  /** Disabled by HTML rules alone (what {@code :disabled} matches). */
  static boolean nativelyDisabled(Element e) {
    if (!DISABLEABLE.contains(e.normalName())) {
      return false;
    }
    if (e.hasAttr("disabled")) {
      return true;
    }
    Element child = e;
    for (Element a = Dom.parentElement(e); a != null; child = a, a = Dom.parentElement(a)) {
      if (Dom.is(a, "fieldset") && a.hasAttr("disabled")) {
        Element legend = null;
        for (Element c : a.children()) {
          if (Dom.is(c, "legend")) {
            legend = c;
            break;
          }
        }
        if (legend == null || legend != child) {
          return true;
        }
      }
      if ((Dom.is(e, "option") || Dom.is(e, "optgroup")) && (Dom.is(a, "optgroup") || Dom.is(a, "select")) && a.hasAttr("disabled")) {
        return true;
      }
    }
    return false;
  }

  static boolean isCheckbox(Element e) {
    return Dom.is(e, "input") && Dom.inputType(e).equals("checkbox");
  }

  static boolean isRadio(Element e) {
    return Dom.is(e, "input") && Dom.inputType(e).equals("radio");
  }

  /** A checkbox or radio input, or an element with role checkbox / radio / switch and {@code aria-checked}. */
  static boolean isCheckable(Element e) {
    if (isCheckbox(e) || isRadio(e)) {
      return true;
    }
    String role = Aria.role(e);
    return (role.equals("checkbox") || role.equals("radio") || role.equals("switch")) && e.hasAttr("aria-checked");
  }

  static boolean checked(Element e) {
    if (isCheckbox(e) || isRadio(e)) {
      return ElementData.of(e).checked != null ? ElementData.of(e).checked : e.hasAttr("checked");
    }
    if (Dom.is(e, "option")) {
      return selected(e);
    }
    return "true".equalsIgnoreCase(Dom.attrOr(e, "aria-checked", ""));
  }

  /** Sets checkedness; checking a radio unchecks the other radios of its group. */
  static void setChecked(Element e, boolean on) {
    ElementData.of(e).checked = on;
    if (on && isRadio(e) && e.hasAttr("name")) {
      Element form = formOwner(e);
      for (Element other : Dom.descendants(Dom.treeOf(e), false)) {
        if (other != e && isRadio(other) && Dom.attr(e, "name").equals(Dom.attr(other, "name")) && formOwner(other) == form) {
          ElementData.of(other).checked = false;
        }
      }
    }
  }

  /** The form an element belongs to: its {@code form} attribute's target, else the nearest ancestor form. */
  static Element formOwner(Element e) {
    String id = Dom.attr(e, "form");
    if (id != null) {
      PageDocument doc = Dom.document(e);
      Element f = doc == null ? null : doc.elementById(id);
      return f != null && Dom.is(f, "form") ? f : null;
    }
    for (Element a = Dom.parentElement(e); a != null; a = Dom.parentElement(a)) {
      if (Dom.is(a, "form")) {
        return a;
      }
    }
    return null;
  }

  /** A field {@code fill} can write: a text-like input, a textarea or a contenteditable element. */
  static boolean isTextField(Element e) {
    if (Dom.is(e, "input")) {
      return !NOT_TEXT_INPUTS.contains(Dom.inputType(e));
    }
    return Dom.is(e, "textarea") || isContentEditable(e);
  }

  static boolean isContentEditable(Element e) {
    String ce = Dom.attr(e, "contenteditable");
    return ce != null && !ce.equalsIgnoreCase("false");
  }

  static boolean readonly(Element e) {
    return (Dom.is(e, "input") || Dom.is(e, "textarea")) && e.hasAttr("readonly");
  }

  // ------------------------------------------------------------------ values

  /** The current value of an input, textarea or select (select: its selected option's value); null for other elements. */
  static String value(Element e) {
    if (Dom.is(e, "input")) {
      if (Dom.inputType(e).equals("file")) {
        return ElementData.of(e).files.isEmpty() ? "" : "C:\\fakepath\\" + ElementData.of(e).files.get(0);
      }
      if (ElementData.of(e).value != null) {
        return ElementData.of(e).value;
      }
      String v = Dom.attr(e, "value");
      if (v == null) {
        return isCheckbox(e) || isRadio(e) ? "on" : "";
      }
      return v;
    }
    if (Dom.is(e, "textarea")) {
      return ElementData.of(e).value != null ? ElementData.of(e).value : Dom.textContent(e);
    }
    if (Dom.is(e, "select")) {
      Element opt = selectedOption(e);
      return opt == null ? "" : optionValue(opt);
    }
    if (isContentEditable(e)) {
      return Dom.textContent(e);
    }
    return null;
  }

  static void setValue(Element e, String v) {
    if (isContentEditable(e) && !Dom.is(e, "input") && !Dom.is(e, "textarea")) {
      Dom.setTextContent(e, v);
    } else {
      ElementData.of(e).value = v;
    }
  }

  static List<Element> options(Element select) {
    List<Element> out = new ArrayList<>();
    for (Element c : Dom.descendants(select, false)) {
      if (Dom.is(c, "option")) {
        out.add(c);
      }
    }
    return out;
  }

  static String optionValue(Element option) {
    String v = Dom.attr(option, "value");
    return v != null ? v : RenderedText.normalize(Dom.textContent(option));
  }

  static String optionLabel(Element option) {
    String l = Dom.attr(option, "label");
    return l != null && !l.isEmpty() ? l : RenderedText.normalize(Dom.textContent(option));
  }

  static boolean selected(Element option) {
    Element select = Dom.closest(option, "select");
    if (select == null) {
      return ElementData.of(option).selected != null ? ElementData.of(option).selected : option.hasAttr("selected");
    }
    return selectedOption(select) == option;
  }

  /** The selected option of a single select: the last one marked selected, else the first enabled one. */
  static Element selectedOption(Element select) {
    List<Element> opts = options(select);
    Element chosen = null;
    for (Element o : opts) {
      boolean sel = ElementData.of(o).selected != null ? ElementData.of(o).selected : o.hasAttr("selected");
      if (sel) {
        chosen = o;
      }
    }
    if (chosen == null && !select.hasAttr("multiple")) {
      for (Element o : opts) {
        if (enabled(o)) {
          return o;
        }
      }
    }
    return chosen;
  }

  static void select(Element select, Element option) {
    for (Element o : options(select)) {
      ElementData.of(o).selected = o == option;
    }
  }
}
