package io.browserflow.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Text as selectors and reads see it. {@link #composedText} follows open shadow roots and their
 * slots (what text candidates match); {@link #innerText} also skips hidden elements and separates
 * block elements (what reads and text conditions see, like {@code innerText}). Script, style and
 * noscript content never counts, as in Playwright's text matching.
 */
final class RenderedText {
  private static final Pattern WHITESPACE = Pattern.compile("[\\s\\u00a0\\u200b]+");
  private static final Set<String> BLOCKS = Set.of("address", "article", "aside", "blockquote", "caption", "dd",
      "details", "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
      "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "option", "p", "pre", "section", "summary",
      "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "br", "legend", "label");
  private static final Set<String> NO_TEXT = Set.of("script", "style", "noscript");

  private RenderedText() {}

  /** Collapses runs of whitespace (no-break spaces included) into one space and trims. */
  static String normalize(String s) {
    return s == null ? "" : WHITESPACE.matcher(s).replaceAll(" ").trim();
  }

  /** Text of an element through open shadow roots (slots replaced by what is assigned to them). */
  static String composedText(Element e) {
    StringBuilder sb = new StringBuilder();
    appendComposed(e, sb, false);
    return sb.toString();
  }

  /** Rendered text of an element: hidden descendants skipped, blocks separated; not normalized. */
  static String innerText(Element e) {
    StringBuilder sb = new StringBuilder();
    appendComposed(e, sb, true);
    return sb.toString();
  }

  private static void appendComposed(Element e, StringBuilder sb, boolean rendered) {
    if ((Dom.is(e, "input") && rendered) || NO_TEXT.contains(e.normalName())) {
      return;
    }
    for (Node child : composedChildNodes(e)) {
      if (child instanceof TextNode) {
        sb.append(((TextNode) child).getWholeText());
      } else if (child instanceof Element) {
        Element c = (Element) child;
        if (rendered && ElementState.selfHidden(c)) {
          continue;
        }
        boolean block = rendered && BLOCKS.contains(c.normalName());
        if (block) {
          sb.append(' ');
        }
        appendComposed(c, sb, rendered);
        if (block) {
          sb.append(' ');
        }
      }
    }
  }

  /** Children in the composed (flat) tree: the open shadow root's for a host, the assigned nodes for a slot. */
  static List<Node> composedChildNodes(Element e) {
    ShadowRoot root = ShadowRoot.of(e);
    if (root != null && root.open) {
      return root.container.childNodes();
    }
    if (Dom.is(e, "slot") && shadowRootOf(e) != null) {
      List<Node> assigned = assignedNodes(e);
      return assigned.isEmpty() ? e.childNodes() : assigned;
    }
    return e.childNodes();
  }

  /** Element children in the composed tree. */
  static List<Element> composedChildren(Element e) {
    List<Element> out = new ArrayList<>();
    for (Node n : composedChildNodes(e)) {
      if (n instanceof Element) {
        out.add((Element) n);
      }
    }
    return out;
  }

  /** The shadow root whose tree holds {@code e}, or null when it is in a document's light tree. */
  static ShadowRoot shadowRootOf(Element e) {
    Element scope = Dom.scope(e);
    return scope == null ? null : ShadowRoot.ofContainer(scope);
  }

  /** Light children of the host assigned to this slot (by {@code slot} attribute, or unnamed to the default slot). */
  static List<Node> assignedNodes(Element slot) {
    ShadowRoot root = shadowRootOf(slot);
    String name = Dom.attrOr(slot, "name", "");
    List<Node> out = new ArrayList<>();
    for (Node n : root.host.childNodes()) {
      String wanted = n instanceof Element ? Dom.attrOr((Element) n, "slot", "") : "";
      if (wanted.equals(name)) {
        out.add(n);
      }
    }
    return out;
  }
}
