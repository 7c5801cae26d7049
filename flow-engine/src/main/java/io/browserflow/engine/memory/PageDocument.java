package io.browserflow.engine.memory;

/**
 * A parsed document: the top document of a tab or the content of a frame ({@link #owner} is then
 * the iframe element). {@link #live} turns false when it is navigated away or its tab closes.
 */
final class PageDocument extends Container {
  String url;
  /** URL relative references resolve against ({@code about:srcdoc} documents use their parent's). */
  String baseUrl;
  Element owner;
  boolean live;
  Element html;
  Element head;
  Element body;

  PageDocument(String url) {
    this.url = url;
    this.baseUrl = url;
  }

  /** The text of the first {@code <title>}, whitespace stripped and collapsed, like {@code document.title}. */
  String title() {
    for (Element e : descendants(false)) {
      if (e.is("title")) {
        return RenderedText.normalize(e.textContent());
      }
    }
    return "";
  }

  /** Sets the title, adding a {@code <title>} to the head when there is none. */
  void setTitle(String title) {
    for (Element e : descendants(false)) {
      if (e.is("title")) {
        e.setTextContent(title);
        return;
      }
    }
    Element t = new Element("title");
    t.setTextContent(title);
    head.append(t);
  }

  /** The first element with this id in the light tree of this document. */
  Element elementById(String id) {
    for (Element e : descendants(false)) {
      if (id.equals(e.attr("id"))) {
        return e;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "#document " + url;
  }
}
