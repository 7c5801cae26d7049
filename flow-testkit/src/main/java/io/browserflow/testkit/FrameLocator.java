package io.browserflow.testkit;

import io.browserflow.api.Glob;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import org.jsoup.nodes.Element;

/**
 * A frame locator: owner css (bare or {@code selector:}), {@code url:<glob>} over the frame's URL or
 * {@code name:<name>} of the frame element. Looked up among the frames of one document, open shadow
 * roots included.
 */
record FrameLocator(Kind kind, String value, String source) {
  enum Kind { CSS, URL, NAME }

  static FrameLocator parse(String locator) {
    String t = locator.trim();
    String lower = t.toLowerCase(Locale.ROOT);
    if (lower.startsWith("url:")) {
      return new FrameLocator(Kind.URL, t.substring(4).trim(), locator);
    }
    if (lower.startsWith("name:")) {
      return new FrameLocator(Kind.NAME, t.substring(5).trim(), locator);
    }
    if (lower.startsWith("selector:")) {
      return new FrameLocator(Kind.CSS, t.substring(9).trim(), locator);
    }
    return new FrameLocator(Kind.CSS, t, locator);
  }

  /** Elements the locator designates in {@code doc}; for css they may be other than frames (the caller reports that). */
  List<Element> find(PageDocument doc) {
    return switch (kind) {
      case CSS -> CssQuery.parse(value).select(List.of(doc.dom), true);
      case NAME -> frames(doc, e -> value.equals(Dom.attr(e, "name")));
      case URL -> frames(doc, e -> ElementData.of(e).contentDocument != null && Glob.matchesUrl(value, ElementData.of(e).contentDocument.url));
    };
  }

  private static List<Element> frames(PageDocument doc, Predicate<Element> matches) {
    List<Element> out = new ArrayList<>();
    for (Element e : Dom.descendants(doc.dom, true)) {
      if (isFrame(e) && matches.test(e)) {
        out.add(e);
      }
    }
    return out;
  }

  static boolean isFrame(Element e) {
    return Dom.is(e, "iframe") || Dom.is(e, "frame");
  }

  @Override
  public String toString() {
    return source;
  }
}
