package io.browserflow.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Roles and accessible names, a subset of the ARIA-in-HTML and accessible-name rules as browsers
 * apply them: explicit {@code role} (first token), else the implicit role of the tag; names from
 * {@code aria-labelledby}, {@code aria-label}, associated labels, {@code alt}, content (for roles
 * named from content), {@code title}, then {@code placeholder}.
 */
final class Aria {
  private static final Map<String, String> INPUT_ROLES = Map.of("button", "button", "submit", "button", "reset",
      "button", "image", "button", "checkbox", "checkbox", "radio", "radio", "range", "slider", "number",
      "spinbutton");
  private static final Map<String, String> TAG_ROLES = Map.ofEntries(
      Map.entry("button", "button"), Map.entry("textarea", "textbox"), Map.entry("h1", "heading"),
      Map.entry("h2", "heading"), Map.entry("h3", "heading"), Map.entry("h4", "heading"), Map.entry("h5", "heading"),
      Map.entry("h6", "heading"), Map.entry("table", "table"), Map.entry("tr", "row"), Map.entry("td", "cell"),
      Map.entry("th", "columnheader"), Map.entry("thead", "rowgroup"), Map.entry("tbody", "rowgroup"),
      Map.entry("tfoot", "rowgroup"), Map.entry("ul", "list"), Map.entry("ol", "list"), Map.entry("li", "listitem"),
      Map.entry("dialog", "dialog"), Map.entry("nav", "navigation"), Map.entry("main", "main"),
      Map.entry("aside", "complementary"), Map.entry("option", "option"), Map.entry("progress", "progressbar"),
      Map.entry("hr", "separator"), Map.entry("article", "article"), Map.entry("fieldset", "group"),
      Map.entry("details", "group"), Map.entry("meter", "meter"), Map.entry("output", "status"));
  private static final Set<String> NAME_FROM_CONTENT = Set.of("button", "link", "heading", "cell", "columnheader",
      "rowheader", "row", "option", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "checkbox", "radio",
      "switch", "tooltip", "treeitem", "gridcell");
  private static final Set<String> LABELABLE = Set.of("button", "input", "meter", "output", "progress", "select",
      "textarea");
  private static final Set<String> EMBEDDED_CONTROLS = Set.of("input", "select", "textarea", "button");

  private Aria() {}

  /** The element's role, or "" when it has none. */
  static String role(Element e) {
    String explicit = Dom.attr(e, "role");
    if (explicit != null && !explicit.isBlank()) {
      return explicit.trim().split("\\s+")[0].toLowerCase(Locale.ROOT);
    }
    switch (e.normalName()) {
      case "a":
      case "area":
        return e.hasAttr("href") ? "link" : "";
      case "img":
        return "".equals(Dom.attr(e, "alt")) ? "presentation" : "img";
      case "select":
        return e.hasAttr("multiple") || Integer.parseInt(digitsOr(Dom.attr(e, "size"), "0")) > 1 ? "listbox" : "combobox";
      case "input": {
        String type = Dom.inputType(e);
        if (type.equals("hidden") || type.equals("file") || type.equals("color")) {
          return "";
        }
        if (INPUT_ROLES.containsKey(type)) {
          return INPUT_ROLES.get(type);
        }
        if (e.hasAttr("list")) {
          return "combobox";
        }
        return type.equals("search") ? "searchbox" : "textbox";
      }
      default:
        return TAG_ROLES.getOrDefault(e.normalName(), "");
    }
  }

  private static String digitsOr(String s, String otherwise) {
    return s != null && s.trim().matches("\\d{1,6}") ? s.trim() : otherwise;
  }

  /** The accessible name, normalized. */
  static String name(Element e) {
    String labelledBy = labelledByText(e);
    if (labelledBy != null) {
      return labelledBy;
    }
    String label = RenderedText.normalize(Dom.attr(e, "aria-label"));
    if (!label.isEmpty()) {
      return label;
    }
    if (Dom.is(e, "input")) {
      String type = Dom.inputType(e);
      if (type.equals("submit") || type.equals("reset") || type.equals("button")) {
        String v = Dom.attr(e, "value");
        if (v != null) {
          return RenderedText.normalize(v);
        }
        return type.equals("submit") ? "Submit" : type.equals("reset") ? "Reset" : "";
      }
      if (type.equals("image")) {
        return RenderedText.normalize(Dom.attrOr(e, "alt", ""));
      }
    }
    if (LABELABLE.contains(e.normalName())) {
      List<String> labels = labelTexts(e);
      if (!labels.isEmpty()) {
        return RenderedText.normalize(String.join(" ", labels));
      }
    }
    if (Dom.is(e, "img") || Dom.is(e, "area")) {
      String alt = RenderedText.normalize(Dom.attr(e, "alt"));
      if (!alt.isEmpty()) {
        return alt;
      }
    }
    if (Dom.is(e, "table") || Dom.is(e, "fieldset") || Dom.is(e, "figure")) {
      String captionTag = Dom.is(e, "table") ? "caption" : Dom.is(e, "fieldset") ? "legend" : "figcaption";
      for (Element c : e.children()) {
        if (Dom.is(c, captionTag)) {
          return RenderedText.normalize(contentName(c));
        }
      }
    }
    if (NAME_FROM_CONTENT.contains(role(e))) {
      String content = RenderedText.normalize(contentName(e));
      if (!content.isEmpty()) {
        return content;
      }
    }
    String title = RenderedText.normalize(Dom.attr(e, "title"));
    if (!title.isEmpty()) {
      return title;
    }
    return RenderedText.normalize(Dom.attr(e, "placeholder"));
  }

  private static String labelledByText(Element e) {
    String ids = Dom.attr(e, "aria-labelledby");
    if (ids == null || ids.isBlank()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (String id : ids.trim().split("\\s+")) {
      Element ref = byIdInRoot(e, id);
      if (ref != null) {
        String l = RenderedText.normalize(Dom.attr(ref, "aria-label"));
        parts.add(l.isEmpty() ? contentName(ref) : l);
      }
    }
    String joined = RenderedText.normalize(String.join(" ", parts));
    return joined.isEmpty() ? null : joined;
  }

  /** Texts of the labels of a labelable element: {@code label[for=id]} in its root and a wrapping label. */
  static List<String> labelTexts(Element e) {
    List<String> out = new ArrayList<>();
    if (!LABELABLE.contains(e.normalName()) || (Dom.is(e, "input") && Dom.inputType(e).equals("hidden"))) {
      return out;
    }
    String id = Dom.attr(e, "id");
    if (id != null && !id.isEmpty()) {
      for (Element l : Dom.descendants(Dom.treeOf(e), false)) {
        if (Dom.is(l, "label") && id.equals(Dom.attr(l, "for"))) {
          out.add(labelText(l));
        }
      }
    }
    for (Element a = Dom.parentElement(e); a != null; a = Dom.parentElement(a)) {
      if (Dom.is(a, "label")) {
        if (!a.hasAttr("for")) {
          out.add(labelText(a)); // a wrapping label with for= was counted above when it points here
        }
        break;
      }
    }
    return out;
  }

  /** A label's text without the text of controls it wraps. */
  static String labelText(Element label) {
    StringBuilder sb = new StringBuilder();
    appendWithoutControls(label, sb);
    return RenderedText.normalize(sb.toString());
  }

  private static void appendWithoutControls(Element e, StringBuilder sb) {
    for (Node n : RenderedText.composedChildNodes(e)) {
      if (n instanceof TextNode) {
        sb.append(((TextNode) n).getWholeText());
      } else if (n instanceof Element && !EMBEDDED_CONTROLS.contains(((Element) n).normalName())) {
        sb.append(' ');
        appendWithoutControls((Element) n, sb);
        sb.append(' ');
      }
    }
  }

  /** The control a label is for: its {@code for} target, else the first labelable descendant. */
  static Element labelControl(Element label) {
    String forId = Dom.attr(label, "for");
    if (forId != null) {
      Element target = byIdInRoot(label, forId);
      return target != null && LABELABLE.contains(target.normalName()) ? target : null;
    }
    for (Element d : Dom.descendants(label, false)) {
      if (LABELABLE.contains(d.normalName()) && !(Dom.is(d, "input") && Dom.inputType(d).equals("hidden"))) {
        return d;
      }
    }
    return null;
  }

  private static Element byIdInRoot(Element from, String id) {
    return Dom.byId(Dom.treeOf(from), id);
  }

  /** Name from content: text, image alt texts and nested aria-labels, skipping hidden parts. */
  private static String contentName(Element e) {
    StringBuilder sb = new StringBuilder();
    appendContentName(e, sb);
    return sb.toString();
  }

  private static void appendContentName(Element e, StringBuilder sb) {
    for (Node n : RenderedText.composedChildNodes(e)) {
      if (n instanceof TextNode) {
        sb.append(((TextNode) n).getWholeText());
      } else if (n instanceof Element) {
        Element c = (Element) n;
        if (ElementState.selfHidden(c)) {
          continue;
        }
        String label = RenderedText.normalize(Dom.attr(c, "aria-label"));
        if (!label.isEmpty()) {
          sb.append(' ').append(label).append(' ');
        } else if (Dom.is(c, "img")) {
          sb.append(' ').append(Dom.attrOr(c, "alt", "")).append(' ');
        } else {
          boolean block = !Set.of("span", "b", "i", "em", "strong", "small", "code", "a", "abbr", "sub", "sup",
              "mark", "u", "s", "q", "kbd", "label").contains(c.normalName());
          if (block) {
            sb.append(' ');
          }
          appendContentName(c, sb);
          if (block) {
            sb.append(' ');
          }
        }
      }
    }
  }
}
