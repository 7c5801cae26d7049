package io.browserflow.engine.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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
    if (NEVER_RENDERED.contains(e.tag) || e.has("hidden")) {
      return true;
    }
    if (e.is("input") && e.inputType().equals("hidden")) {
      return true;
    }
    if (e.is("dialog") && !e.has("open")) {
      return true;
    }
    String style = e.attrOr("style", "").toLowerCase(Locale.ROOT).replace(" ", "");
    for (String decl : style.split(";")) {
      if (decl.startsWith("display:none") || decl.startsWith("visibility:hidden")
          || decl.startsWith("visibility:collapse")) {
        return true;
      }
    }
    Element parent = e.parentElement();
    if (parent != null && parent.is("details") && !parent.has("open")) {
      return !(e.is("summary") && firstSummary(parent) == e);
    }
    if (parent != null && parent.shadowRoot != null && parent.shadowRoot.open && !slotted(e, parent.shadowRoot)) {
      return true;
    }
    return false;
  }

  private static Element firstSummary(Element details) {
    for (Element c : details.elementChildren()) {
      if (c.is("summary")) {
        return c;
      }
    }
    return null;
  }

  private static boolean slotted(Element lightChild, ShadowRoot root) {
    String name = lightChild.attrOr("slot", "");
    for (Element e : root.descendants(false)) {
      if (e.is("slot") && e.attrOr("name", "").equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** Attached, not hidden by itself or any composed ancestor, and inside a visible frame owner. */
  static boolean visible(Element e) {
    PageDocument doc = e.document();
    if (doc == null || !doc.live) {
      return false;
    }
    for (Element x = e; x != null; x = x.parentOrHost()) {
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
    return !"true".equalsIgnoreCase(e.attrOr("aria-disabled", "")) && !nativelyDisabled(e);
  }

  /** Disabled by HTML rules alone (what {@code :disabled} matches). */
  static boolean nativelyDisabled(Element e) {
    if (!DISABLEABLE.contains(e.tag)) {
      return false;
    }
    if (e.has("disabled")) {
      return true;
    }
    Element child = e;
    for (Element a = e.parentElement(); a != null; child = a, a = a.parentElement()) {
      if (a.is("fieldset") && a.has("disabled")) {
        Element legend = null;
        for (Element c : a.elementChildren()) {
          if (c.is("legend")) {
            legend = c;
            break;
          }
        }
        if (legend == null || legend != child) {
          return true;
        }
      }
      if ((e.is("option") || e.is("optgroup")) && (a.is("optgroup") || a.is("select")) && a.has("disabled")) {
        return true;
      }
    }
    return false;
  }

  static boolean isCheckbox(Element e) {
    return e.is("input") && e.inputType().equals("checkbox");
  }

  static boolean isRadio(Element e) {
    return e.is("input") && e.inputType().equals("radio");
  }

  /** A checkbox or radio input, or an element with role checkbox / radio / switch and {@code aria-checked}. */
  static boolean isCheckable(Element e) {
    if (isCheckbox(e) || isRadio(e)) {
      return true;
    }
    String role = Aria.role(e);
    return (role.equals("checkbox") || role.equals("radio") || role.equals("switch")) && e.has("aria-checked");
  }

  static boolean checked(Element e) {
    if (isCheckbox(e) || isRadio(e)) {
      return e.checked != null ? e.checked : e.has("checked");
    }
    if (e.is("option")) {
      return selected(e);
    }
    return "true".equalsIgnoreCase(e.attrOr("aria-checked", ""));
  }

  /** Sets checkedness; checking a radio unchecks the other radios of its group. */
  static void setChecked(Element e, boolean on) {
    e.checked = on;
    if (on && isRadio(e) && e.has("name")) {
      Node root = e.root();
      if (root instanceof Container) {
        Element form = formOwner(e);
        for (Element other : ((Container) root).descendants(false)) {
          if (other != e && isRadio(other) && e.attr("name").equals(other.attr("name")) && formOwner(other) == form) {
            other.checked = false;
          }
        }
      }
    }
  }

  /** The form an element belongs to: its {@code form} attribute's target, else the nearest ancestor form. */
  static Element formOwner(Element e) {
    String id = e.attr("form");
    if (id != null) {
      PageDocument doc = e.document();
      Element f = doc == null ? null : doc.elementById(id);
      return f != null && f.is("form") ? f : null;
    }
    for (Element a = e.parentElement(); a != null; a = a.parentElement()) {
      if (a.is("form")) {
        return a;
      }
    }
    return null;
  }

  /** A field {@code fill} can write: a text-like input, a textarea or a contenteditable element. */
  static boolean isTextField(Element e) {
    if (e.is("input")) {
      return !NOT_TEXT_INPUTS.contains(e.inputType());
    }
    return e.is("textarea") || isContentEditable(e);
  }

  static boolean isContentEditable(Element e) {
    String ce = e.attr("contenteditable");
    return ce != null && !ce.equalsIgnoreCase("false");
  }

  static boolean readonly(Element e) {
    return (e.is("input") || e.is("textarea")) && e.has("readonly");
  }

  // ------------------------------------------------------------------ values

  /** The current value of an input, textarea or select (select: its selected option's value); null for other elements. */
  static String value(Element e) {
    if (e.is("input")) {
      if (e.inputType().equals("file")) {
        return e.files.isEmpty() ? "" : "C:\\fakepath\\" + e.files.get(0);
      }
      if (e.value != null) {
        return e.value;
      }
      String v = e.attr("value");
      if (v == null) {
        return isCheckbox(e) || isRadio(e) ? "on" : "";
      }
      return v;
    }
    if (e.is("textarea")) {
      return e.value != null ? e.value : e.textContent();
    }
    if (e.is("select")) {
      Element opt = selectedOption(e);
      return opt == null ? "" : optionValue(opt);
    }
    if (isContentEditable(e)) {
      return e.textContent();
    }
    return null;
  }

  static void setValue(Element e, String v) {
    if (isContentEditable(e) && !e.is("input") && !e.is("textarea")) {
      e.setTextContent(v);
    } else {
      e.value = v;
    }
  }

  static List<Element> options(Element select) {
    List<Element> out = new ArrayList<>();
    for (Element c : select.descendants(false)) {
      if (c.is("option")) {
        out.add(c);
      }
    }
    return out;
  }

  static String optionValue(Element option) {
    String v = option.attr("value");
    return v != null ? v : RenderedText.normalize(option.textContent());
  }

  static String optionLabel(Element option) {
    String l = option.attr("label");
    return l != null && !l.isEmpty() ? l : RenderedText.normalize(option.textContent());
  }

  static boolean selected(Element option) {
    Element select = option.closest("select");
    if (select == null) {
      return option.selected != null ? option.selected : option.has("selected");
    }
    return selectedOption(select) == option;
  }

  /** The selected option of a single select: the last one marked selected, else the first enabled one. */
  static Element selectedOption(Element select) {
    List<Element> opts = options(select);
    Element chosen = null;
    for (Element o : opts) {
      boolean sel = o.selected != null ? o.selected : o.has("selected");
      if (sel) {
        chosen = o;
      }
    }
    if (chosen == null && !select.has("multiple")) {
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
      o.selected = o == option;
    }
  }
}
