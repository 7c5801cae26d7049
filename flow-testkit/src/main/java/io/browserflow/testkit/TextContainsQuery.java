package io.browserflow.testkit;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The {@code textContains} candidate, as Chrome Recorder's replayer (puppeteer's text query) matches
 * {@code text/...}: walking down from the scope, an element whose text content contains the value
 * matches only when no element below it matches, so the deepest matches win. An element with an open
 * shadow root is searched inside that root instead of its light children (and never matches itself).
 * The text content of an element is its text nodes, its children's text content and its open shadow
 * root's; a {@code <select>}, {@code <textarea>} or {@code <input>} (not checkbox, image or radio)
 * contributes its current value instead. {@code <script>}, {@code <style>} and anything in
 * {@code <head>} never match (their text still counts in an ancestor's). Visibility does not matter;
 * the comparison is exact: case-sensitive, whitespace as written.
 */
final class TextContainsQuery {
  private static final Set<String> UNSUITABLE = Set.of("script", "style");
  private static final Set<String> TRIVIAL_VALUE_INPUTS = Set.of("checkbox", "image", "radio");

  private TextContainsQuery() {}

  static List<Element> matches(String value, List<? extends Element> scopes) {
    LinkedHashSet<Element> out = new LinkedHashSet<>();
    for (Element scope : scopes) {
      out.addAll(below(scope, value));
    }
    return new ArrayList<>(out);
  }

  /** Matches strictly below {@code root} (a document, a shadow root's container or an element). */
  private static List<Element> below(Element root, String value) {
    List<Element> out = new ArrayList<>();
    if (Dom.is(root, "template")) {
      return out; // a template's content is not part of the page
    }
    for (Element child : root.children()) {
      if (!suitable(child)) {
        continue;
      }
      ShadowRoot shadow = ShadowRoot.of(child);
      if (shadow != null && shadow.open) {
        out.addAll(below(shadow.container, value));
      } else {
        out.addAll(at(child, value));
      }
    }
    return out;
  }

  /** The deepest matches at or below {@code e}. */
  private static List<Element> at(Element e, String value) {
    List<Element> deeper = below(e, value);
    if (!deeper.isEmpty()) {
      return deeper;
    }
    return textContent(e).contains(value) ? List.of(e) : List.of();
  }

  private static boolean suitable(Element e) {
    if (UNSUITABLE.contains(e.normalName())) {
      return false;
    }
    for (Element a = e; a != null; a = Dom.parentElement(a)) {
      if (Dom.is(a, "head")) {
        return false;
      }
    }
    return true;
  }

  static String textContent(Element e) {
    StringBuilder sb = new StringBuilder();
    append(e, sb);
    return sb.toString();
  }

  private static void append(Element e, StringBuilder sb) {
    if (valueCarrier(e)) {
      String v = ElementState.value(e);
      sb.append(v == null ? "" : v);
      return;
    }
    if (!Dom.is(e, "template")) {
      for (Node n : e.childNodes()) {
        if (n instanceof TextNode t) {
          sb.append(t.getWholeText());
        } else if (n instanceof DataNode d) {
          sb.append(d.getWholeData());
        } else if (n instanceof Element child) {
          append(child, sb);
        }
      }
    }
    ShadowRoot shadow = ShadowRoot.of(e);
    if (shadow != null && shadow.open) {
      append(shadow.container, sb);
    }
  }

  private static boolean valueCarrier(Element e) {
    if (Dom.is(e, "select") || Dom.is(e, "textarea")) {
      return true;
    }
    return Dom.is(e, "input") && !TRIVIAL_VALUE_INPUTS.contains(Dom.inputType(e));
  }
}
