package io.browserflow.testkit;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A parsed page: the top document of a tab or the content of a frame ({@link #owner} is then the
 * iframe element), over the jsoup {@link Document} {@link #dom}. {@link #live} turns false when it is
 * navigated away or its tab closes.
 */
final class PageDocument {
  private static final String KEY = "browserflow.page";

  final Document dom;
  String url;
  /** URL relative references resolve against ({@code about:srcdoc} documents use their parent's). */
  String baseUrl;
  Element owner;
  boolean live;

  PageDocument(Document dom, String url) {
    this.dom = dom;
    this.url = url;
    this.baseUrl = url;
    dom.attributes().userData(KEY, this);
  }

  /** The page of a jsoup document, or null when it is not one (a template's content). */
  static PageDocument of(Document dom) {
    return (PageDocument) dom.attributes().userData(KEY);
  }

  Element head() {
    return dom.head();
  }

  Element body() {
    return dom.body();
  }

  /** The text of the first {@code <title>}, whitespace stripped and collapsed, like {@code document.title}. */
  String title() {
    for (Element e : Dom.descendants(dom, false)) {
      if (Dom.is(e, "title")) {
        return RenderedText.normalize(Dom.textContent(e));
      }
    }
    return "";
  }

  /** Sets the title, adding a {@code <title>} to the head when there is none. */
  void setTitle(String title) {
    for (Element e : Dom.descendants(dom, false)) {
      if (Dom.is(e, "title")) {
        Dom.setTextContent(e, title);
        return;
      }
    }
    Dom.setTextContent(head().appendElement("title"), title);
  }

  /** The first element with this id in the light tree of this document. */
  Element elementById(String id) {
    return Dom.byId(dom, id);
  }

  @Override
  public String toString() {
    return "#document " + url;
  }
}
