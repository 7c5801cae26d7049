package io.browserflow.engine.memory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An element: lower-case tag, attributes in source order, and the live state a browser keeps
 * outside attributes (current value, checkedness, selectedness, files).
 */
final class Element extends Container {
  final String tag;
  final Map<String, String> attributes = new LinkedHashMap<>();
  ShadowRoot shadowRoot;
  /** The inert content of a {@code <template>} (not part of the tree, as in browsers). */
  Container templateContent;
  /** The document shown by an iframe or frame element. */
  PageDocument contentDocument;
  /** Current value of a text control; null until changed (then the default applies). */
  String value;
  /** Checkedness of a checkbox or radio; null until changed (then the {@code checked} attribute applies). */
  Boolean checked;
  /** Selectedness of an option; null until changed. */
  Boolean selected;
  /** File names set on a file input. */
  List<String> files = new ArrayList<>();

  Element(String tag) {
    this.tag = tag;
  }

  boolean is(String name) {
    return tag.equals(name);
  }

  String attr(String name) {
    return attributes.get(name);
  }

  String attrOr(String name, String otherwise) {
    String v = attributes.get(name);
    return v == null ? otherwise : v;
  }

  boolean has(String name) {
    return attributes.containsKey(name);
  }

  void set(String name, String v) {
    attributes.put(name, v);
  }

  void remove(String name) {
    attributes.remove(name);
  }

  /** The {@code type} of an input, lower case, {@code text} when absent or unknown-empty. */
  String inputType() {
    String t = attrOr("type", "text").trim().toLowerCase(java.util.Locale.ROOT);
    return t.isEmpty() ? "text" : t;
  }

  /** The nearest element (this one included) with the given tag, walking the composed tree. */
  Element closest(String name) {
    for (Element e = this; e != null; e = e.parentOrHost()) {
      if (e.is(name)) {
        return e;
      }
    }
    return null;
  }

  boolean isInclusiveAncestorOf(Node n) {
    for (Node x = n; x != null; x = x instanceof ShadowRoot ? ((ShadowRoot) x).host : x.parent) {
      if (x == this) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("<").append(tag);
    attributes.forEach((k, v) -> sb.append(' ').append(k).append("=\"").append(v).append('"'));
    return sb.append('>').toString();
  }
}
