package io.browserflow.testkit;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The live state a browser keeps outside attributes (current value, checkedness, selectedness, files)
 * and what hangs off an element outside the tree (its shadow root, the inert content of a template, the
 * document an iframe shows). Kept as jsoup user data of the element, which never shows in attributes,
 * serialization or selectors.
 */
final class ElementData {
  private static final String KEY = "browserflow.element";

  /** Current value of a text control; null until changed (then the default applies). */
  String value;
  /** Checkedness of a checkbox or radio; null until changed (then the {@code checked} attribute applies). */
  Boolean checked;
  /** Selectedness of an option; null until changed. */
  Boolean selected;
  /** File names set on a file input. */
  List<String> files = new ArrayList<>();
  ShadowRoot shadowRoot;
  /** The inert content of a {@code <template>}, kept out of the tree as in browsers. */
  Document templateContent;
  /** The document shown by an iframe or frame element. */
  PageDocument contentDocument;

  private ElementData() {}

  /** The element's data, created on first use. */
  static ElementData of(Element e) {
    Object data = e.attributes().userData(KEY);
    if (data == null) {
      data = new ElementData();
      e.attributes().userData(KEY, data);
    }
    return (ElementData) data;
  }

  /** The data when the element has any, else null (never creates it). */
  static ElementData peek(Element e) {
    return (ElementData) e.attributes().userData(KEY);
  }
}
