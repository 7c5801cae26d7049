package io.browserflow.testkit;

import java.util.ArrayList;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.parser.Parser;

/**
 * Parses a page with jsoup's HTML5 tree builder, then does what jsoup leaves to a browser: declarative
 * shadow roots ({@code <template shadowrootmode>} on a host that may have one) become {@link ShadowRoot}s,
 * other templates keep their content inert outside the tree, and {@code <noscript>} holds raw text, as in
 * a browser with scripting enabled.
 */
final class PageParser {
  /** Elements that may host a shadow root besides custom elements (the DOM's {@code attachShadow} list). */
  private static final Set<String> SHADOW_HOSTS = Set.of("article", "aside", "blockquote", "body", "div", "footer",
      "h1", "h2", "h3", "h4", "h5", "h6", "header", "main", "nav", "p", "section", "span");

  private PageParser() {}

  /** Parses {@code html} into a document with the given URL (not yet live). */
  static PageDocument parse(String html, String url) {
    Document dom = Parser.htmlParser().parseInput(html == null ? "" : html, url);
    Document.QuirksMode quirks = dom.quirksMode();
    for (Element noscript : dom.getElementsByTag("noscript")) {
      String raw = noscript.html();
      noscript.empty();
      noscript.appendChild(new DataNode(raw));
    }
    extractTemplates(dom, quirks);
    return new PageDocument(dom, url);
  }

  private static void extractTemplates(Element parent, Document.QuirksMode quirks) {
    for (Element child : new ArrayList<>(parent.children())) {
      if (!Dom.is(child, "template")) {
        extractTemplates(child, quirks);
        continue;
      }
      String mode = Dom.attrOr(child, "shadowrootmode", "").trim().toLowerCase(Locale.ROOT);
      Element target;
      if ((mode.equals("open") || mode.equals("closed")) && canHostShadow(parent) && ShadowRoot.of(parent) == null) {
        target = ShadowRoot.attach(parent, mode.equals("open"), quirks).container;
        child.remove();
      } else {
        Document content = new Document("");
        content.quirksMode(quirks);
        ElementData.of(child).templateContent = content;
        target = content;
      }
      for (Node n : new ArrayList<>(child.childNodes())) {
        target.appendChild(n);
      }
      extractTemplates(target, quirks);
    }
  }

  private static boolean canHostShadow(Element e) {
    if (e instanceof Document || ShadowRoot.ofContainer(e) != null) {
      return false;
    }
    String name = e.normalName();
    return SHADOW_HOSTS.contains(name) || (name.indexOf('-') > 0 && Character.isLetter(name.charAt(0)));
  }
}
