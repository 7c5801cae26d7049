package io.browserflow.engine.memory;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The xpath subset of the in-memory driver (see {@link #SUPPORTED}), evaluated with XPath 1.0
 * semantics on the light tree (xpath never pierces shadow roots). A path starting with {@code /} is
 * relative to the scope root when the scope is a shadow root, as Playwright does; other syntax gives
 * {@code UNSUPPORTED_STEP} naming it.
 */
final class XPathQuery {
  static final String SUPPORTED = "paths of steps joined by / and // (absolute, or relative to the scope), "
      + "steps tag, *, . and .., predicates [n], [last()], [@a], [@a='v'], [@a!='v'], [text()='v'], [.='v'], "
      + "[normalize-space()='v'], [contains(x,'v')], [starts-with(x,'v')] with x one of @a, text(), ., "
      + "normalize-space(), combined with and / or / not(...)";

  private final String source;
  private final List<Step> steps;
  private final boolean absolute;

  private XPathQuery(String source, List<Step> steps, boolean absolute) {
    this.source = source;
    this.steps = steps;
    this.absolute = absolute;
  }

  static XPathQuery parse(String xpath) {
    return new Parser(xpath.trim(), xpath).parse();
  }

  /** Elements selected from {@code scope} (a document or shadow root), in document order. */
  List<Element> evaluate(Container scope) {
    List<Node> context = List.of(scope);
    for (Step step : steps) {
      LinkedHashSet<Node> next = new LinkedHashSet<>();
      for (Node ctx : context) {
        List<Node> bases = new ArrayList<>();
        bases.add(ctx);
        if (step.descendant && ctx instanceof Container) {
          bases.addAll(((Container) ctx).descendants(false));
        }
        for (Node base : bases) {
          next.addAll(step.apply(base, scope));
        }
      }
      context = sortInDocumentOrder(new ArrayList<>(next), scope);
    }
    List<Element> out = new ArrayList<>();
    for (Node n : context) {
      if (n instanceof Element) {
        out.add((Element) n);
      }
    }
    return out;
  }

  private static List<Node> sortInDocumentOrder(List<Node> nodes, Container scope) {
    if (nodes.size() < 2) {
      return nodes;
    }
    Map<Node, Integer> order = new HashMap<>();
    order.put(scope, -1);
    List<Element> all = scope.descendants(false);
    for (int i = 0; i < all.size(); i++) {
      order.put(all.get(i), i);
    }
    nodes.sort((a, b) -> Integer.compare(order.getOrDefault(a, Integer.MAX_VALUE), order.getOrDefault(b, Integer.MAX_VALUE)));
    return nodes;
  }

  /** True for a path starting with {@code /}. */
  boolean absolute() {
    return absolute;
  }

  @Override
  public String toString() {
    return source;
  }

  // ------------------------------------------------------------------ model

  private interface Expr {
    boolean test(Element e, int position, int size);
  }

  private interface StringValue {
    String of(Element e);
  }

  private static final class Step {
    boolean descendant;
    /** "*", a tag, "." or "..". */
    String test;
    final List<Expr> predicates = new ArrayList<>();

    List<Node> apply(Node base, Container scope) {
      List<Node> candidates = new ArrayList<>();
      if (test.equals(".")) {
        candidates.add(base);
      } else if (test.equals("..")) {
        if (base != scope && base.parent != null) {
          candidates.add(base.parent);
        }
      } else if (base instanceof Container) {
        for (Element c : ((Container) base).elementChildren()) {
          if (test.equals("*") || c.is(test)) {
            candidates.add(c);
          }
        }
      }
      for (Expr p : predicates) {
        List<Node> kept = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
          Node c = candidates.get(i);
          if (c instanceof Element && p.test((Element) c, i + 1, candidates.size())) {
            kept.add(c);
          }
        }
        candidates = kept;
      }
      return candidates;
    }
  }

  // ------------------------------------------------------------------ parser

  private static final class Parser {
    private final String s;
    private final String original;
    private int pos;

    Parser(String s, String original) {
      this.s = s;
      this.original = original;
    }

    XPathQuery parse() {
      if (s.isEmpty()) {
        throw unsupported("an empty expression");
      }
      if (s.startsWith("(")) {
        throw unsupported("a parenthesized expression");
      }
      boolean absolute = s.startsWith("/");
      List<Step> steps = new ArrayList<>();
      boolean first = true;
      while (pos < s.length()) {
        Step step = new Step();
        if (s.startsWith("//", pos)) {
          step.descendant = true;
          pos += 2;
        } else if (s.startsWith("/", pos)) {
          pos += 1;
        } else if (!first) {
          throw unsupported("'" + s.substring(pos) + "'");
        }
        first = false;
        step.test = nodeTest();
        while (pos < s.length() && s.charAt(pos) == '[') {
          pos++;
          step.predicates.add(orExpr());
          skipWs();
          if (!eat("]")) {
            throw unsupported("'" + rest() + "' in a predicate");
          }
        }
        steps.add(step);
      }
      return new XPathQuery(original, steps, absolute);
    }

    private String nodeTest() {
      if (eat("..")) {
        return "..";
      }
      if (eat(".")) {
        return ".";
      }
      if (eat("*")) {
        return "*";
      }
      String name = name();
      if (name.isEmpty()) {
        throw unsupported("'" + rest() + "'");
      }
      if (s.startsWith("::", pos)) {
        throw unsupported("the axis '" + name + "::'");
      }
      if (s.startsWith("(", pos)) {
        throw unsupported("the node test '" + name + "()' as a step");
      }
      return name.toLowerCase(Locale.ROOT);
    }

    private Expr orExpr() {
      Expr left = andExpr();
      while (keyword("or")) {
        Expr l = left;
        Expr r = andExpr();
        left = (e, p, n) -> l.test(e, p, n) || r.test(e, p, n);
      }
      return left;
    }

    private Expr andExpr() {
      Expr left = primary();
      while (keyword("and")) {
        Expr l = left;
        Expr r = primary();
        left = (e, p, n) -> l.test(e, p, n) && r.test(e, p, n);
      }
      return left;
    }

    private Expr primary() {
      skipWs();
      if (pos < s.length() && Character.isDigit(s.charAt(pos))) {
        int start = pos;
        while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
          pos++;
        }
        int wanted = Integer.parseInt(s.substring(start, pos));
        return (e, p, n) -> p == wanted;
      }
      if (eat("last()")) {
        return (e, p, n) -> p == n;
      }
      if (eat("not(")) {
        Expr inner = orExpr();
        skipWs();
        expect(")");
        return (e, p, n) -> !inner.test(e, p, n);
      }
      boolean contains = eat("contains(");
      boolean startsWith = !contains && eat("starts-with(");
      if (contains || startsWith) {
        StringValue subject = stringValue();
        skipWs();
        expect(",");
        String literal = literal();
        skipWs();
        expect(")");
        return startsWith ? (e, p, n) -> subject.of(e).startsWith(literal) : (e, p, n) -> subject.of(e).contains(literal);
      }
      if (s.startsWith("@", pos)) {
        int save = pos;
        pos++;
        String attr = name().toLowerCase(Locale.ROOT);
        skipWs();
        if (!s.startsWith("=", pos) && !s.startsWith("!=", pos)) {
          return (e, p, n) -> e.has(attr);
        }
        pos = save;
      }
      int save = pos;
      if (eat("text()")) {
        // a node-set compared with a string: true when any text child compares
        skipWs();
        boolean negate = eat("!=");
        if (negate || eat("=")) {
          String literal = literal();
          return (e, p, n) -> textChildren(e).stream().anyMatch(t -> t.equals(literal) != negate);
        }
        pos = save;
      }
      StringValue subject = stringValue();
      skipWs();
      boolean negate = eat("!=");
      if (!negate && !eat("=")) {
        throw unsupported("'" + rest() + "' in a predicate");
      }
      String literal = literal();
      return negate ? (e, p, n) -> !subject.of(e).equals(literal) : (e, p, n) -> subject.of(e).equals(literal);
    }

    /** A string-valued operand: @attr, text(), ., normalize-space(), normalize-space(.), normalize-space(text()). */
    private StringValue stringValue() {
      skipWs();
      if (eat("@")) {
        String attr = name().toLowerCase(Locale.ROOT);
        return e -> e.attrOr(attr, "");
      }
      if (eat("text()")) {
        return XPathQuery::firstText;
      }
      if (eat("normalize-space(")) {
        skipWs();
        if (eat(")")) {
          return e -> RenderedText.normalize(e.textContent());
        }
        StringValue inner = stringValue();
        skipWs();
        expect(")");
        return e -> RenderedText.normalize(inner.of(e));
      }
      if (eat(".")) {
        return Element::textContent;
      }
      throw unsupported("'" + rest() + "' in a predicate");
    }

    private String literal() {
      skipWs();
      if (pos < s.length() && (s.charAt(pos) == '\'' || s.charAt(pos) == '"')) {
        char q = s.charAt(pos);
        int end = s.indexOf(q, pos + 1);
        if (end < 0) {
          throw unsupported("an unterminated string");
        }
        String v = s.substring(pos + 1, end);
        pos = end + 1;
        return v;
      }
      throw unsupported("'" + rest() + "' where a quoted string was expected");
    }

    private String name() {
      int start = pos;
      while (pos < s.length() && (Character.isLetterOrDigit(s.charAt(pos)) || "-_:".indexOf(s.charAt(pos)) >= 0)) {
        if (s.charAt(pos) == ':' && s.startsWith("::", pos)) {
          break;
        }
        pos++;
      }
      return s.substring(start, pos);
    }

    private boolean keyword(String word) {
      skipWs();
      if (s.startsWith(word, pos) && pos + word.length() < s.length()
          && !Character.isLetterOrDigit(s.charAt(pos + word.length()))) {
        pos += word.length();
        return true;
      }
      return false;
    }

    private void expect(String token) {
      if (!eat(token)) {
        throw unsupported("'" + rest() + "' where '" + token + "' was expected");
      }
    }

    private boolean eat(String token) {
      if (s.startsWith(token, pos)) {
        pos += token.length();
        return true;
      }
      return false;
    }

    private void skipWs() {
      while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
        pos++;
      }
    }

    private String rest() {
      return pos < s.length() ? s.substring(pos) : "";
    }

    private FlowRunException unsupported(String what) {
      return new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
          "xpath \"" + original + "\" uses " + what + ", which the in-memory driver does not support; supported: "
              + SUPPORTED,
          Map.of("selector", original, "syntax", what));
    }
  }

  private static List<String> textChildren(Element e) {
    List<String> out = new ArrayList<>();
    for (Node n : e.children) {
      if (n instanceof TextNode) {
        out.add(((TextNode) n).text);
      }
    }
    return out;
  }

  /** XPath 1.0 string value of {@code text()}: the first text child. */
  private static String firstText(Element e) {
    for (Node n : e.children) {
      if (n instanceof TextNode) {
        return ((TextNode) n).text;
      }
    }
    return "";
  }
}
