package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jsoup.nodes.Comment;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.Selector;

/**
 * Css selectors of the in-memory driver. jsoup ({@link WebModeCss}, standards mode) matches each compound
 * selector — tags, ids, classes, attributes, {@code :not()}, {@code :is()}, {@code :has()} and the
 * structural pseudo-classes — within one node tree. Between compounds this class walks the combinators
 * itself, because jsoup has no shadow DOM: when piercing, the parent of a shadow root's top-level element
 * is its host (the composed tree, as Playwright's css engine walks it); without piercing a selector stays
 * inside one tree, like {@code querySelectorAll}. The pseudo-classes that depend on live state or on the
 * shadow model ({@code :checked}, {@code :disabled}, {@code :enabled}, {@code :empty}, {@code :root}) are
 * evaluated here too. Anything outside {@link #SUPPORTED} (pseudo-elements, {@code :hover}, Playwright's
 * {@code >>}, {@code :visible}, {@code :text}, jsoup's own {@code :contains} and friends, ...) is rejected
 * with {@code UNSUPPORTED_STEP} naming the syntax, rather than silently matching nothing.
 */
final class CssQuery {
  static final String SUPPORTED = "type and *, #id, .class, [attr], [attr=v], [attr~=v], [attr|=v], [attr^=v], "
      + "[attr$=v], [attr*=v] (quoted or not, optional i or s flag), :not(list), :is(list), :has(relative list), "
      + ":nth-child(an+b), :nth-last-child, :nth-of-type, :nth-last-of-type, :first-child, :last-child, :only-child, "
      + ":first-of-type, :last-of-type, :only-of-type, :checked, :disabled, :enabled, :empty, :root, "
      + "combinators ' ' '>' '+' '~', lists ','";
  /** Pseudo-classes jsoup matches as browsers do. */
  private static final Set<String> JSOUP_PSEUDOS = Set.of("not", "is", "has", "nth-child", "nth-last-child",
      "nth-of-type", "nth-last-of-type", "first-child", "last-child", "only-child", "first-of-type", "last-of-type",
      "only-of-type");
  private static final Set<String> FORM_CONTROLS = Set.of("button", "input", "select", "textarea", "optgroup",
      "option", "fieldset");

  private final String source;
  private final List<Complex> alternatives;

  private CssQuery(String source, List<Complex> alternatives) {
    this.source = source;
    this.alternatives = alternatives;
  }

  /** Parses a selector list; {@code UNSUPPORTED_STEP} for syntax outside {@link #SUPPORTED}. */
  static CssQuery parse(String css) {
    if (css.contains(">>")) {
      throw unsupported(css, "'>>' (selector chaining)");
    }
    return new Parser(css).list(css);
  }

  /** True when {@code e} matches; {@code pierce} walks combinators through the composed tree. */
  boolean matches(Element e, boolean pierce) {
    return matches(e, pierce, new Matching());
  }

  /** Matching elements below the scopes (documents or shadow root containers), in document order, each once. */
  List<Element> select(List<? extends Element> scopes, boolean pierce) {
    Matching m = new Matching();
    LinkedHashSet<Element> out = new LinkedHashSet<>();
    for (Element scope : scopes) {
      for (Element e : Dom.descendants(scope, pierce)) {
        if (matches(e, pierce, m)) {
          out.add(e);
        }
      }
    }
    return new ArrayList<>(out);
  }

  private boolean matches(Element e, boolean pierce, Matching m) {
    for (Complex c : alternatives) {
      if (c.matches(e, c.compounds.size() - 1, pierce, m)) {
        return true;
      }
    }
    return false;
  }

  /** True when some compound needs more than jsoup (a state pseudo-class, here or nested). */
  private boolean needsOwnMatching() {
    return alternatives.stream().flatMap(c -> c.compounds.stream()).anyMatch(c -> !c.own.isEmpty());
  }

  @Override
  public String toString() {
    return source;
  }

  // ------------------------------------------------------------------ model

  /** One pass of matching over an unchanging DOM: what each compound's jsoup evaluator matches, per tree. */
  private static final class Matching {
    final Map<Compound, Map<Element, Set<Element>>> jsoupMatches = new IdentityHashMap<>();
  }

  private interface OwnTest {
    boolean test(Element e, boolean pierce, Matching m);
  }

  private record Compound(Evaluator jsoup, List<OwnTest> own) {
    boolean test(Element e, boolean pierce, Matching m) {
      if (jsoup != null) {
        Element scope = Dom.scope(e);
        Element tree = scope != null ? scope : topOf(e);
        Set<Element> matched = m.jsoupMatches.computeIfAbsent(this, k -> new IdentityHashMap<>())
            .computeIfAbsent(tree, t -> {
              Set<Element> s = Collections.newSetFromMap(new IdentityHashMap<>());
              s.addAll(Selector.select(jsoup, t));
              if (scope == null && jsoup.matches(t, t)) {
                s.add(t); // the top of a detached subtree: jsoup selects below it only
              }
              return s;
            });
        if (!matched.contains(e)) {
          return false;
        }
      }
      for (OwnTest t : own) {
        if (!t.test(e, pierce, m)) {
          return false;
        }
      }
      return true;
    }

    private static Element topOf(Element e) {
      Element top = e;
      while (top.parent() != null) {
        top = top.parent();
      }
      return top;
    }
  }

  private static final class Complex {
    final List<Compound> compounds = new ArrayList<>();
    /** combinators.get(i) joins compounds i and i + 1. */
    final List<Character> combinators = new ArrayList<>();

    boolean matches(Element e, int idx, boolean pierce, Matching m) {
      if (!compounds.get(idx).test(e, pierce, m)) {
        return false;
      }
      if (idx == 0) {
        return true;
      }
      switch (combinators.get(idx - 1)) {
        case '>': {
          Element p = parent(e, pierce);
          return p != null && matches(p, idx - 1, pierce, m);
        }
        case '+': {
          Element s = e.previousElementSibling();
          return s != null && matches(s, idx - 1, pierce, m);
        }
        case '~':
          for (Element s = e.previousElementSibling(); s != null; s = s.previousElementSibling()) {
            if (matches(s, idx - 1, pierce, m)) {
              return true;
            }
          }
          return false;
        default:
          for (Element p = parent(e, pierce); p != null; p = parent(p, pierce)) {
            if (matches(p, idx - 1, pierce, m)) {
              return true;
            }
          }
          return false;
      }
    }
  }

  private static Element parent(Element e, boolean pierce) {
    return pierce ? Dom.parentOrHost(e) : Dom.parentElement(e);
  }

  // ------------------------------------------------------------------ pseudo-classes matched here

  private static OwnTest statePseudo(String name) {
    Predicate<Element> p = switch (name) {
      case "checked" -> e -> (ElementState.isCheckbox(e) || ElementState.isRadio(e) || Dom.is(e, "option"))
          && ElementState.checked(e);
      case "disabled" -> e -> FORM_CONTROLS.contains(e.normalName()) && ElementState.nativelyDisabled(e);
      case "enabled" -> e -> FORM_CONTROLS.contains(e.normalName()) && !ElementState.nativelyDisabled(e);
      // only comments may be inside, whitespace counts (jsoup's :empty also admits blank text)
      case "empty" -> e -> e.childNodes().stream().allMatch(n -> n instanceof Comment);
      // the document element of a page (jsoup's :root would also take a shadow root's first element)
      case "root" -> e -> e.parent() instanceof Document && PageDocument.of((Document) e.parent()) != null;
      default -> null;
    };
    return p == null ? null : (e, pierce, m) -> p.test(e);
  }

  // ------------------------------------------------------------------ parser

  /** Splits lists, complex selectors and compounds; jsoup parses what is left of each compound. */
  private static final class Parser {
    private final String whole;

    Parser(String whole) {
      this.whole = whole;
    }

    CssQuery list(String s) {
      List<Complex> alts = new ArrayList<>();
      for (String part : split(s, ',')) {
        if (part.isBlank()) {
          throw unsupported(whole, "an empty selector");
        }
        alts.add(complex(part.trim()));
      }
      return new CssQuery(s, alts);
    }

    private Complex complex(String s) {
      Complex c = new Complex();
      StringBuilder cur = new StringBuilder();
      Character pending = null;
      boolean gap = false;
      int i = 0;
      while (i < s.length()) {
        char ch = s.charAt(i);
        if (Character.isWhitespace(ch) || ch == '>' || ch == '+' || ch == '~') {
          if (cur.length() > 0) {
            c.compounds.add(compound(cur.toString()));
            cur.setLength(0);
          }
          if (Character.isWhitespace(ch)) {
            gap = true;
          } else if (pending != null || c.compounds.isEmpty()) {
            throw unsupported(whole, "'" + ch + "' without a selector before it");
          } else {
            pending = ch;
          }
          i++;
          continue;
        }
        if (cur.length() == 0 && !c.compounds.isEmpty()) {
          if (pending == null && !gap) {
            throw unsupported(whole, "'" + ch + "'");
          }
          c.combinators.add(pending != null ? pending : ' ');
          pending = null;
          gap = false;
        }
        int next = skip(s, i);
        cur.append(s, i, next);
        i = next;
      }
      if (cur.length() > 0) {
        c.compounds.add(compound(cur.toString()));
      } else if (pending != null) {
        throw unsupported(whole, "'" + pending + "' without a selector after it");
      }
      return c;
    }

    private Compound compound(String s) {
      StringBuilder forJsoup = new StringBuilder();
      List<OwnTest> own = new ArrayList<>();
      int i = 0;
      while (i < s.length()) {
        char ch = s.charAt(i);
        if (ch == '|') {
          throw unsupported(whole, "'|' (namespaces)");
        }
        if (ch == '[') {
          int end = skip(s, i);
          attribute(s.substring(i + 1, Math.max(i + 1, end - 1)));
          forJsoup.append(s, i, end);
          i = end;
          continue;
        }
        if (ch != ':') {
          int next = skip(s, i);
          forJsoup.append(s, i, next);
          i = next;
          continue;
        }
        if (i + 1 < s.length() && s.charAt(i + 1) == ':') {
          throw unsupported(whole, "pseudo-element '::'");
        }
        int nameEnd = i + 1;
        while (nameEnd < s.length() && (Character.isLetterOrDigit(s.charAt(nameEnd)) || s.charAt(nameEnd) == '-'
            || s.charAt(nameEnd) == '_')) {
          nameEnd++;
        }
        String name = s.substring(i + 1, nameEnd).toLowerCase(Locale.ROOT);
        int end = nameEnd;
        String args = null;
        if (end < s.length() && s.charAt(end) == '(') {
          end = skip(s, end);
          args = s.substring(nameEnd + 1, Math.max(nameEnd + 1, end - 1));
        }
        OwnTest state = statePseudo(name);
        if (state != null) {
          if (args != null) {
            throw unsupported(whole, "':" + name + "()'");
          }
          own.add(state);
        } else if (!JSOUP_PSEUDOS.contains(name)) {
          throw unsupported(whole, args == null ? "':" + name + "'" : "':" + name + "()'");
        } else if (args != null && (name.equals("not") || name.equals("is") || name.equals("has"))) {
          CssQuery inner = list(name.equals("has") ? withoutLeadingCombinators(args) : args);
          if (!inner.needsOwnMatching()) {
            forJsoup.append(s, i, end);
          } else if (name.equals("not")) {
            own.add((e, pierce, m) -> !inner.matches(e, pierce, m));
          } else {
            throw unsupported(whole, ":checked, :disabled, :enabled, :empty or :root inside ':" + name + "()'");
          }
        } else {
          forJsoup.append(s, i, end);
        }
        i = end;
      }
      String rest = forJsoup.toString();
      if (rest.isEmpty() && own.isEmpty()) {
        throw unsupported(whole, "an empty selector");
      }
      try {
        return new Compound(rest.isEmpty() ? null : WebModeCss.evaluator(rest), own);
      } catch (Selector.SelectorParseException e) {
        throw unsupported(whole, "'" + rest + "' (" + e.getMessage() + ")");
      }
    }

    /** jsoup's own attribute syntax, which browsers reject: {@code [a!=v]} and {@code [^prefix]}. */
    private void attribute(String inside) {
      String t = inside.trim();
      if (t.startsWith("^")) {
        throw unsupported(whole, "'[^...]' (attribute name prefix)");
      }
      int quote = t.indexOf('"') < 0 ? t.indexOf('\'') : t.indexOf('"');
      String operator = quote < 0 ? t : t.substring(0, quote);
      if (operator.contains("!=")) {
        throw unsupported(whole, "'!=' in an attribute selector");
      }
      if (operator.replace("|=", "").contains("|")) {
        throw unsupported(whole, "'|' (namespaces)");
      }
    }

    /** A relative selector list ({@code :has(> p, + q)}) as a plain one, to check its syntax. */
    private String withoutLeadingCombinators(String relative) {
      List<String> parts = new ArrayList<>();
      for (String part : split(relative, ',')) {
        String t = part.trim();
        parts.add(!t.isEmpty() && (t.charAt(0) == '>' || t.charAt(0) == '+' || t.charAt(0) == '~') ? t.substring(1) : t);
      }
      return String.join(",", parts);
    }

    /** Parts of {@code s} between top-level separators (outside strings, brackets and parentheses). */
    private List<String> split(String s, char separator) {
      List<String> out = new ArrayList<>();
      int start = 0;
      int i = 0;
      while (i < s.length()) {
        if (s.charAt(i) == separator) {
          out.add(s.substring(start, i));
          start = i + 1;
          i++;
        } else {
          i = skip(s, i);
        }
      }
      out.add(s.substring(start));
      return out;
    }

    /** The index after the token at {@code i}: a whole string, bracket or parenthesis group, an escape, or one char. */
    private int skip(String s, int i) {
      char ch = s.charAt(i);
      if (ch == '\\') {
        return Math.min(s.length(), i + 2);
      }
      if (ch == '"' || ch == '\'') {
        for (int j = i + 1; j < s.length(); j++) {
          if (s.charAt(j) == '\\') {
            j++;
          } else if (s.charAt(j) == ch) {
            return j + 1;
          }
        }
        throw unsupported(whole, "an unterminated string");
      }
      if (ch == '[' || ch == '(') {
        char close = ch == '[' ? ']' : ')';
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != close) {
          j = skip(s, j);
        }
        if (j >= s.length()) {
          throw unsupported(whole, ch == '[' ? "an unterminated attribute selector" : "unbalanced '('");
        }
        return j + 1;
      }
      return i + 1;
    }
  }

  private static FlowRunException unsupported(String selector, String what) {
    return new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
        "css \"" + selector + "\" uses " + what + ", which the in-memory driver does not support; supported: "
            + SUPPORTED, Map.of(FlowException.Details.SELECTOR, selector, FlowException.Details.SYNTAX, what));
  }
}
