package io.browserflow.engine.memory;

/** A node of the in-memory DOM: an element, a text, a document or a shadow root. */
abstract class Node {
  Container parent;

  /** The parent when it is an element (null at the top of a document or shadow root). */
  Element parentElement() {
    return parent instanceof Element ? (Element) parent : null;
  }

  /**
   * The parent element, or the host when this node sits at the top of a shadow root: the composed
   * tree that piercing selectors and bubbling composed events walk.
   */
  Element parentOrHost() {
    if (parent instanceof Element) {
      return (Element) parent;
    }
    if (parent instanceof ShadowRoot) {
      return ((ShadowRoot) parent).host;
    }
    return null;
  }

  /** The document holding this node (crossing shadow roots), or null when the node is detached. */
  PageDocument document() {
    Node n = this;
    while (true) {
      if (n instanceof PageDocument) {
        return (PageDocument) n;
      }
      if (n instanceof ShadowRoot) {
        n = ((ShadowRoot) n).host;
        continue;
      }
      if (n.parent == null) {
        return null;
      }
      n = n.parent;
    }
  }

  /** The top container of this node's tree without crossing shadow roots (a document or a shadow root when attached). */
  Node root() {
    Node n = this;
    while (n.parent != null) {
      n = n.parent;
    }
    return n;
  }

  /** True when this node is attached to a live document. */
  boolean attached() {
    PageDocument d = document();
    return d != null && d.live;
  }

  void detach() {
    if (parent != null) {
      parent.children.remove(this);
      parent = null;
    }
  }
}
