package io.browserflow.testkit;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A shadow root attached to {@link #host}, declared in the page with {@code <template shadowrootmode="open">}
 * (or {@code "closed"}) as browsers' declarative shadow DOM does. jsoup has no shadow DOM, so this is the
 * in-memory driver's own small model: the template's content moves out of the light tree into
 * {@link #container}, an element no page can name, whose children are the shadow tree's top-level nodes.
 * The container sits in a document of its own carrying the page's quirks mode, so css matches inside it
 * as in the page. Css, role, text, label, placeholder and test id candidates enter open roots; xpath and
 * closed roots are never entered.
 */
final class ShadowRoot {
  static final String CONTAINER_TAG = "#shadow-root";
  private static final String KEY = "browserflow.shadow-root";

  final Element host;
  final boolean open;
  final Element container;

  private ShadowRoot(Element host, boolean open, Document.QuirksMode quirks) {
    this.host = host;
    this.open = open;
    Document holder = new Document("");
    holder.quirksMode(quirks);
    this.container = new Element(CONTAINER_TAG);
    holder.appendChild(container);
    container.attributes().userData(KEY, this);
  }

  /** Attaches a new, empty shadow root to {@code host}. */
  static ShadowRoot attach(Element host, boolean open, Document.QuirksMode quirks) {
    ShadowRoot root = new ShadowRoot(host, open, quirks);
    ElementData.of(host).shadowRoot = root;
    return root;
  }

  /** The shadow root whose container {@code e} is, or null for any other element. */
  static ShadowRoot ofContainer(Element e) {
    return e.normalName().equals(CONTAINER_TAG) ? (ShadowRoot) e.attributes().userData(KEY) : null;
  }

  /** The shadow root attached to {@code host}, or null. */
  static ShadowRoot of(Element host) {
    ElementData d = ElementData.peek(host);
    return d == null ? null : d.shadowRoot;
  }
}
