package io.browserflow.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Tree walks over jsoup nodes that know the in-memory driver's shadow roots. A <em>scope</em> is the top
 * of one node tree: a page's jsoup {@link Document} or a {@link ShadowRoot#container}. The composed
 * tree (what piercing selectors and composed events walk) continues from a shadow root's top-level
 * nodes to its host.
 */
final class Dom {
  private Dom() {}

  /** The attribute's value, or null when the element does not have it (jsoup answers "" then). */
  static String attr(Element e, String name) {
    return e.hasAttr(name) ? e.attr(name) : null;
  }

  static String attrOr(Element e, String name, String otherwise) {
    return e.hasAttr(name) ? e.attr(name) : otherwise;
  }

  static boolean is(Element e, String tag) {
    return e.normalName().equals(tag);
  }

  /** The {@code type} of an input, lower case, {@code text} when absent or empty. */
  static String inputType(Element e) {
    String t = attrOr(e, "type", "text").trim().toLowerCase(Locale.ROOT);
    return t.isEmpty() ? "text" : t;
  }

  /** The parent when it is an element of the same tree (null at the top of a document or shadow root). */
  static Element parentElement(Node n) {
    Node p = n.parent();
    if (!(p instanceof Element) || p instanceof Document || ShadowRoot.ofContainer((Element) p) != null) {
      return null;
    }
    return (Element) p;
  }

  /** The parent element, or the host when {@code n} sits at the top of a shadow root. */
  static Element parentOrHost(Node n) {
    Node p = n.parent();
    if (p instanceof Element && !(p instanceof Document)) {
      ShadowRoot root = ShadowRoot.ofContainer((Element) p);
      return root != null ? root.host : (Element) p;
    }
    return null;
  }

  /** The scope holding {@code n} (a document or a shadow root container), or null when it is detached. */
  static Element scope(Node n) {
    for (Node x = n; x != null; x = x.parent()) {
      if (x instanceof Document) {
        return (Document) x;
      }
      if (x instanceof Element && ShadowRoot.ofContainer((Element) x) != null) {
        return (Element) x;
      }
    }
    return null;
  }

  /** The scope holding {@code e}, or the top of its subtree when it is detached. */
  static Element treeOf(Element e) {
    Element scope = scope(e);
    if (scope != null) {
      return scope;
    }
    Element top = e;
    while (top.parent() != null) {
      top = top.parent();
    }
    return top;
  }

  /** The page document holding {@code n}, crossing shadow roots; null when detached or inert (template content). */
  static PageDocument document(Node n) {
    Element s = scope(n);
    while (s != null) {
      if (s instanceof Document) {
        return PageDocument.of((Document) s);
      }
      s = scope(ShadowRoot.ofContainer(s).host);
    }
    return null;
  }

  /** True when {@code n} is attached to a live document. */
  static boolean attached(Node n) {
    PageDocument d = document(n);
    return d != null && d.live;
  }

  /** The descendant elements of a scope or element in document order; {@code pierce} also enters open shadow roots, right after their host. */
  static List<Element> descendants(Element scope, boolean pierce) {
    List<Element> out = new ArrayList<>();
    collect(scope, out, pierce, false);
    return out;
  }

  /** Like {@link #descendants} but entering closed shadow roots too (frames and timers live there as well). */
  static List<Element> allDescendants(Element scope) {
    List<Element> out = new ArrayList<>();
    collect(scope, out, true, true);
    return out;
  }

  private static void collect(Element parent, List<Element> out, boolean pierce, boolean closedToo) {
    for (Element e : parent.children()) {
      out.add(e);
      ShadowRoot root = pierce ? ShadowRoot.of(e) : null;
      if (root != null && (root.open || closedToo)) {
        collect(root.container, out, pierce, closedToo);
      }
      collect(e, out, pierce, closedToo);
    }
  }

  /** Concatenated character data of the light tree below {@code n}, like the DOM's {@code textContent}. */
  static String textContent(Node n) {
    StringBuilder sb = new StringBuilder();
    appendText(n, sb);
    return sb.toString();
  }

  private static void appendText(Node n, StringBuilder sb) {
    for (Node c : n.childNodes()) {
      if (c instanceof TextNode) {
        sb.append(((TextNode) c).getWholeText());
      } else if (c instanceof DataNode) {
        sb.append(((DataNode) c).getWholeData());
      } else if (c instanceof Element) {
        appendText(c, sb);
      }
    }
  }

  /** Replaces the children by one text node (none for an empty text), like {@code textContent = text}. */
  static void setTextContent(Element e, String text) {
    e.empty();
    if (!text.isEmpty()) {
      e.appendChild(new TextNode(text));
    }
  }

  /** The nearest element (this one included) with the given tag, walking the composed tree. */
  static Element closest(Element e, String tag) {
    for (Element x = e; x != null; x = parentOrHost(x)) {
      if (is(x, tag)) {
        return x;
      }
    }
    return null;
  }

  /** True when {@code ancestor} is {@code n} or one of its composed ancestors. */
  static boolean isInclusiveAncestorOf(Element ancestor, Node n) {
    for (Node x = n; x != null; x = x instanceof Element ? parentOrHost(x) : x.parent()) {
      if (x == ancestor) {
        return true;
      }
    }
    return false;
  }

  /** The first element with this id in a scope's own tree. */
  static Element byId(Element scope, String id) {
    for (Element x : descendants(scope, false)) {
      if (id.equals(attr(x, "id"))) {
        return x;
      }
    }
    return null;
  }

  /** {@code <tag a="v">}, for messages. */
  static String describe(Element e) {
    StringBuilder sb = new StringBuilder("<").append(e.normalName());
    e.attributes().forEach(a -> sb.append(' ').append(a.getKey()).append("=\"").append(a.getValue()).append('"'));
    return sb.append('>').toString();
  }
}
