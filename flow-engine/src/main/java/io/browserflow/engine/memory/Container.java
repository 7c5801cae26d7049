package io.browserflow.engine.memory;

import java.util.ArrayList;
import java.util.List;

/** A node with children: an element, a document or a shadow root. */
abstract class Container extends Node {
  final List<Node> children = new ArrayList<>();

  void append(Node n) {
    n.detach();
    n.parent = this;
    children.add(n);
  }

  void insert(int index, Node n) {
    n.detach();
    n.parent = this;
    children.add(Math.max(0, Math.min(index, children.size())), n);
  }

  void removeAllChildren() {
    for (Node n : children) {
      n.parent = null;
    }
    children.clear();
  }

  List<Element> elementChildren() {
    List<Element> out = new ArrayList<>();
    for (Node n : children) {
      if (n instanceof Element) {
        out.add((Element) n);
      }
    }
    return out;
  }

  /** The descendant elements in document order; {@code pierce} also enters open shadow roots, right after their host. */
  List<Element> descendants(boolean pierce) {
    List<Element> out = new ArrayList<>();
    collect(out, pierce, false);
    return out;
  }

  /** Like {@link #descendants} but entering closed shadow roots too (frames and timers live there as well). */
  List<Element> allDescendants() {
    List<Element> out = new ArrayList<>();
    collect(out, true, true);
    return out;
  }

  void collect(List<Element> out, boolean pierce, boolean closedToo) {
    for (Node n : children) {
      if (n instanceof Element) {
        Element e = (Element) n;
        out.add(e);
        if (pierce && e.shadowRoot != null && (e.shadowRoot.open || closedToo)) {
          e.shadowRoot.collect(out, pierce, closedToo);
        }
        e.collect(out, pierce, closedToo);
      }
    }
  }

  /** Concatenated character data of the light tree below this node. */
  String textContent() {
    StringBuilder sb = new StringBuilder();
    appendText(this, sb);
    return sb.toString();
  }

  private static void appendText(Container c, StringBuilder sb) {
    for (Node n : c.children) {
      if (n instanceof TextNode) {
        sb.append(((TextNode) n).text);
      } else if (n instanceof Container) {
        appendText((Container) n, sb);
      }
    }
  }

  /** Replaces the children by one text node (none for an empty text), like {@code textContent = text}. */
  void setTextContent(String text) {
    removeAllChildren();
    if (!text.isEmpty()) {
      append(new TextNode(text));
    }
  }
}
