package io.browserflow.engine.memory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A small, lenient HTML parser: never fails, builds html/head/body like a browser does, and follows
 * the browser rules that change what selectors see (implied end tags of p/li/option/td/tr, implicit
 * tbody, raw-text elements, inert templates, declarative shadow roots). Not a full HTML5 tree builder:
 * no adoption agency, no foster parenting, no character references beyond the common ones.
 */
final class HtmlParser {
  static final Set<String> VOID = Set.of("area", "base", "br", "col", "embed", "hr", "img", "input", "link",
      "meta", "param", "source", "track", "wbr", "frame", "keygen");
  /** Elements whose content is raw text the in-memory page ignores (scripts never run here). */
  private static final Set<String> RAW_IGNORED = Set.of("script", "style", "iframe", "noscript", "noembed",
      "noframes", "xmp");
  private static final Set<String> RCDATA = Set.of("textarea", "title");
  private static final Set<String> HEAD_TAGS = Set.of("title", "meta", "link", "style", "script", "base",
      "noscript", "template");
  private static final Set<String> CLOSES_P = Set.of("address", "article", "aside", "blockquote", "details",
      "dialog", "div", "dl", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5",
      "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre", "section", "table", "ul", "li",
      "dd", "dt");
  private static final Set<String> SCOPE_BOUNDARY = Set.of("button", "table", "td", "th", "caption", "template",
      "html", "object", "marquee", "applet", "svg", "math");
  private static final Set<String> TABLE_SECTIONS = Set.of("tbody", "thead", "tfoot");

  private final String s;
  private final int n;
  private int pos;
  private final Deque<Container> stack = new ArrayDeque<>();

  private HtmlParser(String html) {
    this.s = html.replace("\r\n", "\n").replace('\r', '\n');
    this.n = s.length();
  }

  /** Parses {@code html} into a document with the given URL (not yet live). */
  static PageDocument parse(String html, String url) {
    HtmlParser p = new HtmlParser(html == null ? "" : html);
    Element fragment = new Element("#fragment");
    p.stack.push(fragment);
    p.run();
    while (p.stack.size() > 1) {
      p.pop();
    }
    return assemble(fragment, url);
  }

  private void run() {
    while (pos < n) {
      char c = s.charAt(pos);
      if (c == '<' && s.startsWith("<!--", pos)) {
        int end = s.indexOf("-->", pos + 4);
        pos = end < 0 ? n : end + 3;
      } else if (c == '<' && pos + 1 < n && (s.charAt(pos + 1) == '!' || s.charAt(pos + 1) == '?')) {
        int end = s.indexOf('>', pos);
        pos = end < 0 ? n : end + 1;
      } else if (c == '<' && pos + 2 < n && s.charAt(pos + 1) == '/' && Character.isLetter(s.charAt(pos + 2))) {
        endTag();
      } else if (c == '<' && pos + 1 < n && Character.isLetter(s.charAt(pos + 1))) {
        startTag();
      } else {
        text();
      }
    }
  }

  private void text() {
    int start = pos;
    pos++;
    while (pos < n) {
      if (s.charAt(pos) == '<' && pos + 1 < n) {
        char d = s.charAt(pos + 1);
        if (Character.isLetter(d) || d == '/' || d == '!' || d == '?') {
          break;
        }
      }
      pos++;
    }
    appendText(current(), decode(s.substring(start, pos)));
  }

  private static void appendText(Container parent, String text) {
    if (text.isEmpty()) {
      return;
    }
    if (!parent.children.isEmpty() && parent.children.get(parent.children.size() - 1) instanceof TextNode) {
      ((TextNode) parent.children.get(parent.children.size() - 1)).text += text;
    } else {
      parent.append(new TextNode(text));
    }
  }

  private String readName() {
    int start = pos;
    while (pos < n) {
      char c = s.charAt(pos);
      if (Character.isLetterOrDigit(c) || c == '-' || c == ':' || c == '_' || c == '.') {
        pos++;
      } else {
        break;
      }
    }
    return s.substring(start, pos).toLowerCase(Locale.ROOT);
  }

  private void skipWs() {
    while (pos < n && Character.isWhitespace(s.charAt(pos))) {
      pos++;
    }
  }

  private void startTag() {
    pos++;
    String name = readName();
    Map<String, String> attrs = new LinkedHashMap<>();
    boolean selfClosing = false;
    while (pos < n) {
      skipWs();
      if (pos >= n) {
        break;
      }
      char c = s.charAt(pos);
      if (c == '>') {
        pos++;
        break;
      }
      if (c == '/') {
        pos++;
        if (pos < n && s.charAt(pos) == '>') {
          selfClosing = true;
          pos++;
          break;
        }
        continue;
      }
      int a = pos;
      while (pos < n && !Character.isWhitespace(s.charAt(pos)) && "=>/".indexOf(s.charAt(pos)) < 0) {
        pos++;
      }
      if (pos == a) {
        pos++;
        continue;
      }
      String attrName = s.substring(a, pos).toLowerCase(Locale.ROOT);
      skipWs();
      String value = "";
      if (pos < n && s.charAt(pos) == '=') {
        pos++;
        skipWs();
        if (pos < n && (s.charAt(pos) == '"' || s.charAt(pos) == '\'')) {
          char q = s.charAt(pos++);
          int end = s.indexOf(q, pos);
          if (end < 0) {
            end = n;
          }
          value = decode(s.substring(pos, end));
          pos = Math.min(n, end + 1);
        } else {
          int b = pos;
          while (pos < n && !Character.isWhitespace(s.charAt(pos)) && s.charAt(pos) != '>') {
            pos++;
          }
          value = decode(s.substring(b, pos));
        }
      }
      attrs.putIfAbsent(attrName, value);
    }
    onStart(name, attrs, selfClosing);
  }

  private void endTag() {
    pos += 2;
    String name = readName();
    int end = s.indexOf('>', pos);
    pos = end < 0 ? n : end + 1;
    // close the nearest open element of that name, never crossing a template boundary
    for (Container c : stack) {
      if (!(c instanceof Element) || ((Element) c).is("#fragment")) {
        return;
      }
      Element e = (Element) c;
      if (e.is(name)) {
        while (pop() != e) {
          // popping everything opened inside it
        }
        return;
      }
      if (e.is("template")) {
        return;
      }
    }
  }

  private void onStart(String name, Map<String, String> attrs, boolean selfClosing) {
    implyEndTags(name);
    Element el = new Element(name);
    el.attributes.putAll(attrs);
    current().append(el);
    if (VOID.contains(name)) {
      return;
    }
    if (RAW_IGNORED.contains(name)) {
      readRaw(name);
      return;
    }
    if (RCDATA.contains(name)) {
      String text = readRaw(name);
      if (name.equals("textarea") && text.startsWith("\n")) {
        text = text.substring(1);
      }
      appendText(el, decode(text));
      return;
    }
    if (selfClosing && (name.equals("svg") || name.equals("math") || inForeignContent())) {
      return;
    }
    stack.push(el);
  }

  /** Reads raw text up to the matching end tag (consumed) and returns it. */
  private String readRaw(String name) {
    String lower = s.toLowerCase(Locale.ROOT);
    int from = pos;
    int at = pos;
    while (true) {
      at = lower.indexOf("</" + name, at);
      if (at < 0) {
        pos = n;
        return s.substring(from);
      }
      int after = at + 2 + name.length();
      if (after >= n || Character.isWhitespace(s.charAt(after)) || s.charAt(after) == '>' || s.charAt(after) == '/') {
        int end = s.indexOf('>', after);
        pos = end < 0 ? n : end + 1;
        return s.substring(from, at);
      }
      at = after;
    }
  }

  private boolean inForeignContent() {
    for (Container c : stack) {
      if (c instanceof Element && (((Element) c).is("svg") || ((Element) c).is("math"))) {
        return true;
      }
    }
    return false;
  }

  private void implyEndTags(String name) {
    if (CLOSES_P.contains(name)) {
      closeInScope("p", Set.of());
    }
    switch (name) {
      case "li":
        closeInScope("li", Set.of("ul", "ol"));
        break;
      case "dt":
      case "dd":
        closeInScope("dt", Set.of("dl"));
        closeInScope("dd", Set.of("dl"));
        break;
      case "option":
        popIfTop("option");
        break;
      case "optgroup":
        popIfTop("option");
        popIfTop("optgroup");
        break;
      case "h1": case "h2": case "h3": case "h4": case "h5": case "h6":
        if (top() != null && top().tag.length() == 2 && top().tag.charAt(0) == 'h' && Character.isDigit(top().tag.charAt(1))) {
          pop();
        }
        break;
      case "tr":
        if (inTableScope()) {
          while (top() != null && !top().is("table") && !TABLE_SECTIONS.contains(top().tag)) {
            pop();
          }
          if (top() != null && top().is("table")) {
            pushImplied("tbody");
          }
        }
        break;
      case "td":
      case "th":
        if (inTableScope()) {
          while (top() != null && !top().is("tr") && !top().is("table") && !TABLE_SECTIONS.contains(top().tag)) {
            pop();
          }
          if (top() != null && top().is("table")) {
            pushImplied("tbody");
          }
          if (top() != null && TABLE_SECTIONS.contains(top().tag)) {
            pushImplied("tr");
          }
        }
        break;
      case "tbody":
      case "thead":
      case "tfoot":
        if (inTableScope()) {
          while (top() != null && !top().is("table")) {
            pop();
          }
        }
        break;
      default:
        break;
    }
  }

  private void closeInScope(String name, Set<String> stopAt) {
    for (Container c : stack) {
      if (!(c instanceof Element)) {
        return;
      }
      Element e = (Element) c;
      if (e.is(name)) {
        while (pop() != e) {
          // closing what it holds
        }
        return;
      }
      if (SCOPE_BOUNDARY.contains(e.tag) || stopAt.contains(e.tag) || e.is("#fragment")) {
        return;
      }
    }
  }

  private boolean inTableScope() {
    for (Container c : stack) {
      Element e = (Element) c;
      if (e.is("table")) {
        return true;
      }
      if (e.is("template") || e.is("#fragment") || e.is("html")) {
        return false;
      }
    }
    return false;
  }

  private void popIfTop(String name) {
    if (top() != null && top().is(name)) {
      pop();
    }
  }

  private void pushImplied(String name) {
    Element e = new Element(name);
    current().append(e);
    stack.push(e);
  }

  private Element top() {
    Container c = stack.peek();
    return c instanceof Element && !((Element) c).is("#fragment") ? (Element) c : null;
  }

  private Container current() {
    return stack.peek();
  }

  private Container pop() {
    Container c = stack.pop();
    if (c instanceof Element && ((Element) c).is("template")) {
      closeTemplate((Element) c);
    }
    return c;
  }

  /** A declarative shadow root becomes its parent's shadow root; any other template keeps inert content. */
  private static void closeTemplate(Element template) {
    String mode = template.attrOr("shadowrootmode", "").toLowerCase(Locale.ROOT);
    Container parent = template.parent;
    Container target;
    if ((mode.equals("open") || mode.equals("closed")) && parent instanceof Element
        && ((Element) parent).shadowRoot == null && !((Element) parent).is("#fragment")) {
      Element host = (Element) parent;
      host.shadowRoot = new ShadowRoot(host, mode.equals("open"));
      target = host.shadowRoot;
      template.detach();
    } else {
      template.templateContent = new Element("#template-content");
      target = template.templateContent;
    }
    for (Node child : new ArrayList<>(template.children)) {
      target.append(child);
    }
  }

  /** Arranges the parsed nodes into html > head + body, as a browser does. */
  private static PageDocument assemble(Element fragment, String url) {
    PageDocument doc = new PageDocument(url);
    Element html = null;
    List<Node> top = new ArrayList<>();
    for (Node node : new ArrayList<>(fragment.children)) {
      if (html == null && node instanceof Element && ((Element) node).is("html")) {
        html = (Element) node;
        top.addAll(html.children);
      } else {
        top.add(node);
      }
    }
    Element htmlEl = new Element("html");
    if (html != null) {
      htmlEl.attributes.putAll(html.attributes);
    }
    Element head = null;
    Element body = null;
    List<Node> headNodes = new ArrayList<>();
    List<Node> bodyNodes = new ArrayList<>();
    boolean bodyStarted = false;
    for (Node node : top) {
      if (node instanceof Element && ((Element) node).is("head") && head == null && !bodyStarted) {
        head = (Element) node;
      } else if (node instanceof Element && ((Element) node).is("body") && body == null) {
        body = (Element) node;
        bodyStarted = true;
        bodyNodes.addAll(body.children);
      } else if (!bodyStarted && node instanceof Element && HEAD_TAGS.contains(((Element) node).tag)) {
        headNodes.add(node);
      } else if (!bodyStarted && node instanceof TextNode && ((TextNode) node).text.isBlank()) {
        continue;
      } else {
        bodyStarted = true;
        bodyNodes.add(node);
      }
    }
    Element headEl = new Element("head");
    if (head != null) {
      headEl.attributes.putAll(head.attributes);
      headNodes.addAll(0, head.children);
    }
    Element bodyEl = new Element("body");
    if (body != null) {
      bodyEl.attributes.putAll(body.attributes);
    }
    for (Node node : headNodes) {
      headEl.append(node);
    }
    for (Node node : bodyNodes) {
      bodyEl.append(node);
    }
    htmlEl.append(headEl);
    htmlEl.append(bodyEl);
    doc.append(htmlEl);
    doc.html = htmlEl;
    doc.head = headEl;
    doc.body = bodyEl;
    return doc;
  }

  /** Decodes {@code &amp; &lt; &gt; &quot; &#39; &apos; &nbsp;} and numeric references; leaves unknown ones as they are. */
  static String decode(String text) {
    if (text.indexOf('&') < 0) {
      return text;
    }
    StringBuilder sb = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      int semi = c == '&' ? text.indexOf(';', i) : -1;
      if (semi > i + 1 && semi - i <= 10) {
        String ref = text.substring(i + 1, semi);
        String rep = entity(ref);
        if (rep != null) {
          sb.append(rep);
          i = semi + 1;
          continue;
        }
      }
      sb.append(c);
      i++;
    }
    return sb.toString();
  }

  private static String entity(String ref) {
    switch (ref) {
      case "amp": return "&";
      case "lt": return "<";
      case "gt": return ">";
      case "quot": return "\"";
      case "apos": return "'";
      case "nbsp": return "\u00a0";
      default:
        break;
    }
    if (ref.startsWith("#")) {
      try {
        int cp = ref.startsWith("#x") || ref.startsWith("#X")
            ? Integer.parseInt(ref.substring(2), 16) : Integer.parseInt(ref.substring(1));
        return Character.isValidCodePoint(cp) && cp != 0 ? new String(Character.toChars(cp)) : "\ufffd";
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }
}
