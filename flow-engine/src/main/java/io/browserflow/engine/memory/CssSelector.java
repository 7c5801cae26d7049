package io.browserflow.engine.memory;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The css subset of the in-memory driver: see {@link #SUPPORTED}. Anything else (pseudo-elements,
 * {@code :has}, {@code :is}, {@code :hover}, Playwright's {@code >>}, {@code :visible}, {@code :text}, ...)
 * is rejected with {@code UNSUPPORTED_STEP} naming the syntax, rather than silently matching nothing.
 *
 * <p>When piercing, combinators walk the composed tree (a shadow root's top elements have the host
 * as parent), as Playwright's css engine does; without piercing a selector stays inside one root,
 * like {@code querySelectorAll}.
 */
final class CssSelector {
  static final String SUPPORTED = "type and *, #id, .class, [attr], [attr=v], [attr~=v], [attr|=v], [attr^=v], "
      + "[attr$=v], [attr*=v] (quoted or not, optional i flag), :not(list), :nth-child(an+b), :nth-last-child, "
      + ":nth-of-type, :nth-last-of-type, :first-child, :last-child, :only-child, :first-of-type, :last-of-type, "
      + ":only-of-type, :checked, :disabled, :enabled, :empty, :root, combinators ' ' '>' '+' '~', lists ','";

  private final String source;
  private final List<Complex> alternatives;

  private CssSelector(String source, List<Complex> alternatives) {
    this.source = source;
    this.alternatives = alternatives;
  }

  /** Parses a selector list; {@code UNSUPPORTED_STEP} for syntax outside the subset. */
  static CssSelector parse(String css) {
    return new Parser(css).parseList();
  }

  String source() {
    return source;
  }

  boolean matches(Element e, boolean pierce) {
    for (Complex c : alternatives) {
      if (c.matches(e, c.compounds.size() - 1, pierce)) {
        return true;
      }
    }
    return false;
  }

  /** Matching elements below the roots, in document order, each once. */
  List<Element> select(List<? extends Container> roots, boolean pierce) {
    LinkedHashSet<Element> out = new LinkedHashSet<>();
    for (Container root : roots) {
      for (Element e : root.descendants(pierce)) {
        if (matches(e, pierce)) {
          out.add(e);
        }
      }
    }
    return new ArrayList<>(out);
  }

  @Override
  public String toString() {
    return source;
  }

  // ------------------------------------------------------------------ model

  private interface Simple {
    boolean test(Element e, boolean pierce);
  }

  private static final class Compound {
    final List<Simple> simples = new ArrayList<>();

    boolean test(Element e, boolean pierce) {
      for (Simple s : simples) {
        if (!s.test(e, pierce)) {
          return false;
        }
      }
      return true;
    }
  }

  private static final class Complex {
    final List<Compound> compounds = new ArrayList<>();
    /** combinators.get(i) joins compounds i and i + 1. */
    final List<Character> combinators = new ArrayList<>();

    boolean matches(Element e, int idx, boolean pierce) {
      if (!compounds.get(idx).test(e, pierce)) {
        return false;
      }
      if (idx == 0) {
        return true;
      }
      switch (combinators.get(idx - 1)) {
        case '>': {
          Element p = parent(e, pierce);
          return p != null && matches(p, idx - 1, pierce);
        }
        case '+': {
          Element s = previousSibling(e);
          return s != null && matches(s, idx - 1, pierce);
        }
        case '~':
          for (Element s = previousSibling(e); s != null; s = previousSibling(s)) {
            if (matches(s, idx - 1, pierce)) {
              return true;
            }
          }
          return false;
        default:
          for (Element p = parent(e, pierce); p != null; p = parent(p, pierce)) {
            if (matches(p, idx - 1, pierce)) {
              return true;
            }
          }
          return false;
      }
    }
  }

  private static Element parent(Element e, boolean pierce) {
    return pierce ? e.parentOrHost() : e.parentElement();
  }

  private static List<Element> siblings(Element e) {
    return e.parent == null ? List.of(e) : e.parent.elementChildren();
  }

  private static Element previousSibling(Element e) {
    List<Element> sibs = siblings(e);
    int i = sibs.indexOf(e);
    return i > 0 ? sibs.get(i - 1) : null;
  }

  // ------------------------------------------------------------------ parser

  private static final class Parser {
    private final String s;
    private final int n;
    private int pos;

    Parser(String s) {
      this.s = s;
      this.n = s.length();
    }

    CssSelector parseList() {
      if (s.contains(">>")) {
        throw unsupported("'>>' (selector chaining)");
      }
      List<Complex> alts = new ArrayList<>();
      do {
        skipWs();
        alts.add(parseComplex());
        skipWs();
      } while (eat(','));
      if (pos < n) {
        throw unsupported("'" + s.charAt(pos) + "'");
      }
      return new CssSelector(s, alts);
    }

    private Complex parseComplex() {
      Complex c = new Complex();
      c.compounds.add(parseCompound());
      while (true) {
        boolean ws = skipWs();
        if (pos >= n || peek() == ',' || peek() == ')') {
          break;
        }
        char ch = peek();
        char comb;
        if (ch == '>' || ch == '+' || ch == '~') {
          comb = ch;
          pos++;
          skipWs();
        } else if (ws) {
          comb = ' ';
        } else {
          throw unsupported("'" + ch + "'");
        }
        c.combinators.add(comb);
        c.compounds.add(parseCompound());
      }
      return c;
    }

    private Compound parseCompound() {
      Compound c = new Compound();
      boolean any = false;
      if (pos < n && peek() == '*') {
        pos++;
        any = true;
      } else if (identStart()) {
        String tag = ident().toLowerCase(Locale.ROOT);
        c.simples.add((e, p) -> e.is(tag));
        any = true;
      }
      loop:
      while (pos < n) {
        switch (peek()) {
          case '#': {
            pos++;
            String id = ident();
            c.simples.add((e, p) -> id.equals(e.attr("id")));
            break;
          }
          case '.': {
            pos++;
            String cls = ident();
            c.simples.add((e, p) -> hasClass(e, cls));
            break;
          }
          case '[':
            c.simples.add(attribute());
            break;
          case ':':
            c.simples.add(pseudo());
            break;
          default:
            break loop;
        }
      }
      if (!any && c.simples.isEmpty()) {
        throw unsupported(pos < n ? "'" + peek() + "'" : "an empty selector");
      }
      return c;
    }

    private Simple attribute() {
      pos++;
      skipWs();
      String name = ident().toLowerCase(Locale.ROOT);
      skipWs();
      if (eat(']')) {
        return (e, p) -> e.has(name);
      }
      String op;
      if (pos < n && "~|^$*".indexOf(peek()) >= 0 && pos + 1 < n && s.charAt(pos + 1) == '=') {
        op = s.substring(pos, pos + 2);
        pos += 2;
      } else if (eat('=')) {
        op = "=";
      } else {
        throw unsupported("attribute operator at '" + (pos < n ? s.substring(pos) : "") + "'");
      }
      skipWs();
      String value = pos < n && (peek() == '"' || peek() == '\'') ? string() : ident();
      skipWs();
      boolean ci = false;
      if (pos < n && (peek() == 'i' || peek() == 'I' || peek() == 's' || peek() == 'S')) {
        ci = Character.toLowerCase(peek()) == 'i';
        pos++;
        skipWs();
      }
      if (!eat(']')) {
        throw unsupported("unterminated attribute selector");
      }
      boolean insensitive = ci;
      String v = insensitive ? value.toLowerCase(Locale.ROOT) : value;
      return (e, p) -> {
        String actual = e.attr(name);
        if (actual == null) {
          return false;
        }
        String a = insensitive ? actual.toLowerCase(Locale.ROOT) : actual;
        switch (op) {
          case "=": return a.equals(v);
          case "~=": return !v.isEmpty() && List.of(a.trim().split("\\s+")).contains(v);
          case "|=": return a.equals(v) || a.startsWith(v + "-");
          case "^=": return !v.isEmpty() && a.startsWith(v);
          case "$=": return !v.isEmpty() && a.endsWith(v);
          default: return !v.isEmpty() && a.contains(v);
        }
      };
    }

    private static final Map<String, Simple> PLAIN_PSEUDOS = Map.ofEntries(
        Map.entry("first-child", (e, p) -> siblings(e).indexOf(e) == 0),
        Map.entry("last-child", (e, p) -> siblings(e).indexOf(e) == siblings(e).size() - 1),
        Map.entry("only-child", (e, p) -> siblings(e).size() == 1),
        Map.entry("first-of-type", (e, p) -> typeIndex(e, false) == 1),
        Map.entry("last-of-type", (e, p) -> typeIndex(e, true) == 1),
        Map.entry("only-of-type", (e, p) -> typeIndex(e, false) == 1 && typeIndex(e, true) == 1),
        Map.entry("checked", (e, p) -> (ElementState.isCheckbox(e) || ElementState.isRadio(e) || e.is("option"))
            && ElementState.checked(e)),
        Map.entry("disabled", (e, p) -> isFormControl(e) && ElementState.nativelyDisabled(e)),
        Map.entry("enabled", (e, p) -> isFormControl(e) && !ElementState.nativelyDisabled(e)),
        Map.entry("empty", (e, p) -> e.children.isEmpty()),
        Map.entry("root", (e, p) -> e.parent instanceof PageDocument));

    private static final Set<String> NTH = Set.of("nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type");

    private Simple pseudo() {
      pos++;
      if (pos < n && peek() == ':') {
        throw unsupported("pseudo-element '::'");
      }
      String name = ident().toLowerCase(Locale.ROOT);
      if (pos < n && peek() == '(') {
        String arg = parenthesized();
        if (name.equals("not")) {
          CssSelector inner = new Parser(arg).parseList();
          return (e, p) -> !inner.matches(e, p);
        }
        if (NTH.contains(name)) {
          int[] ab = anb(arg, name);
          boolean fromEnd = name.contains("last");
          boolean ofType = name.endsWith("of-type");
          return (e, p) -> {
            int i = ofType ? typeIndex(e, fromEnd) : position(e, fromEnd);
            return nth(ab[0], ab[1], i);
          };
        }
        throw unsupported("':" + name + "()'");
      }
      Simple plain = PLAIN_PSEUDOS.get(name);
      if (plain == null) {
        throw unsupported("':" + name + "'");
      }
      return plain;
    }

    private String parenthesized() {
      int depth = 0;
      int start = pos + 1;
      char quote = 0;
      for (; pos < n; pos++) {
        char c = s.charAt(pos);
        if (quote != 0) {
          if (c == quote) {
            quote = 0;
          }
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '(') {
          depth++;
        } else if (c == ')' && --depth == 0) {
          pos++;
          return s.substring(start, pos - 1);
        }
      }
      throw unsupported("unbalanced '('");
    }

    private int[] anb(String arg, String name) {
      String t = arg.trim().toLowerCase(Locale.ROOT).replace(" ", "");
      try {
        if (t.equals("odd")) {
          return new int[] {2, 1};
        }
        if (t.equals("even")) {
          return new int[] {2, 0};
        }
        int nIdx = t.indexOf('n');
        if (nIdx < 0) {
          return new int[] {0, Integer.parseInt(t.startsWith("+") ? t.substring(1) : t)};
        }
        String a = t.substring(0, nIdx);
        String b = t.substring(nIdx + 1);
        int av = a.isEmpty() || a.equals("+") ? 1 : a.equals("-") ? -1 : Integer.parseInt(a.startsWith("+") ? a.substring(1) : a);
        int bv = b.isEmpty() ? 0 : Integer.parseInt(b.startsWith("+") ? b.substring(1) : b);
        return new int[] {av, bv};
      } catch (NumberFormatException e) {
        throw unsupported("':" + name + "(" + arg + ")'");
      }
    }

    private String string() {
      char q = s.charAt(pos++);
      StringBuilder sb = new StringBuilder();
      while (pos < n && s.charAt(pos) != q) {
        if (s.charAt(pos) == '\\' && pos + 1 < n) {
          pos++;
        }
        sb.append(s.charAt(pos++));
      }
      if (pos >= n) {
        throw unsupported("unterminated string");
      }
      pos++;
      return sb.toString();
    }

    private boolean identStart() {
      if (pos >= n) {
        return false;
      }
      char c = peek();
      if (c == '-' && pos + 1 < n) {
        c = s.charAt(pos + 1);
      }
      return Character.isLetter(c) || c == '_' || c == '\\' || c > 0x7f || c == '-';
    }

    private String ident() {
      if (!identStart()) {
        throw unsupported(pos < n ? "'" + peek() + "' where a name was expected" : "a missing name");
      }
      StringBuilder sb = new StringBuilder();
      while (pos < n) {
        char c = peek();
        if (c == '\\' && pos + 1 < n) {
          pos++;
          int start = pos;
          while (pos < n && pos - start < 6 && Character.digit(s.charAt(pos), 16) >= 0) {
            pos++;
          }
          if (pos > start) {
            sb.appendCodePoint(Integer.parseInt(s.substring(start, pos), 16));
            if (pos < n && s.charAt(pos) == ' ') {
              pos++;
            }
          } else {
            sb.append(s.charAt(pos++));
          }
        } else if (Character.isLetterOrDigit(c) || c == '-' || c == '_' || c > 0x7f) {
          sb.append(c);
          pos++;
        } else {
          break;
        }
      }
      return sb.toString();
    }

    private boolean skipWs() {
      int start = pos;
      while (pos < n && Character.isWhitespace(s.charAt(pos))) {
        pos++;
      }
      return pos > start;
    }

    private boolean eat(char c) {
      if (pos < n && s.charAt(pos) == c) {
        pos++;
        return true;
      }
      return false;
    }

    private char peek() {
      return s.charAt(pos);
    }

    private FlowRunException unsupported(String what) {
      return new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
          "css \"" + s + "\" uses " + what + ", which the in-memory driver does not support; supported: " + SUPPORTED,
          Map.of("selector", s, "syntax", what));
    }
  }

  private static boolean hasClass(Element e, String cls) {
    String c = e.attr("class");
    if (c == null || c.isBlank()) {
      return false;
    }
    for (String token : c.trim().split("\\s+")) {
      if (token.equals(cls)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isFormControl(Element e) {
    return Set.of("button", "input", "select", "textarea", "optgroup", "option", "fieldset").contains(e.tag);
  }

  private static int position(Element e, boolean fromEnd) {
    List<Element> sibs = siblings(e);
    int i = sibs.indexOf(e);
    return fromEnd ? sibs.size() - i : i + 1;
  }

  private static int typeIndex(Element e, boolean fromEnd) {
    List<Element> same = new ArrayList<>();
    for (Element s : siblings(e)) {
      if (s.tag.equals(e.tag)) {
        same.add(s);
      }
    }
    int i = same.indexOf(e);
    return fromEnd ? same.size() - i : i + 1;
  }

  private static boolean nth(int a, int b, int i) {
    if (a == 0) {
      return i == b;
    }
    int d = i - b;
    return d % a == 0 && d / a >= 0;
  }
}
