package io.browserflow.testkit;

import io.browserflow.api.Candidate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.jsoup.nodes.Element;

/**
 * What one candidate matches in a scope (documents or shadow roots). Hidden elements count: strictness
 * is about matches, visibility is an actionability question. Every kind but xpath pierces open shadow
 * roots. Semantics: testId = {@code data-testid}, {@code data-test}, {@code data-cy} or {@code data-qa}
 * equal to the value; id = the id attribute; role = explicit or implicit role, plus the accessible name
 * equal after whitespace normalization when a name is given; label = an element whose aria-label,
 * aria-labelledby text or associated label text equals; placeholder = the attribute equals; text = the
 * innermost elements whose normalized text equals (an ancestor that matches only through a matching
 * child does not count); aria = an element of any role whose accessible name equals, hidden ones
 * (hidden, display/visibility, {@code aria-hidden="true"}) excluded as Playwright's role queries exclude
 * them; textContains = {@link TextContainsQuery}.
 */
final class CandidateQuery {
  private static final List<String> TEST_ID_ATTRIBUTES = List.of("data-testid", "data-test", "data-cy", "data-qa");
  private static final Set<String> NO_TEXT_MATCH = Set.of("html", "head", "body", "script", "style", "template",
      "title", "slot", "noscript");

  private CandidateQuery() {}

  static List<Element> matches(Candidate c, List<? extends Element> scopes) {
    return switch (c.kind()) {
      case CSS -> CssQuery.parse(c.value()).select(scopes, true);
      case XPATH -> {
        XPathQuery q = XPathQuery.parse(c.value());
        LinkedHashSet<Element> out = new LinkedHashSet<>();
        for (Element scope : scopes) {
          out.addAll(q.evaluate(scope));
        }
        yield new ArrayList<>(out);
      }
      case TEST_ID -> filter(scopes, e -> TEST_ID_ATTRIBUTES.stream().anyMatch(a -> c.value().equals(Dom.attr(e, a))));
      case ID -> filter(scopes, e -> c.value().equals(Dom.attr(e, "id")));
      case ROLE -> {
        String role = c.value().trim();
        String name = c.name().map(RenderedText::normalize).orElse(null);
        yield filter(scopes, e -> Aria.role(e).equals(role) && (name == null || Aria.name(e).equals(name)));
      }
      case LABEL -> {
        String label = RenderedText.normalize(c.value());
        yield filter(scopes, e -> labelled(e, label));
      }
      case PLACEHOLDER -> {
        String p = RenderedText.normalize(c.value());
        yield filter(scopes, e -> e.hasAttr("placeholder") && RenderedText.normalize(Dom.attr(e, "placeholder")).equals(p));
      }
      case TEXT -> {
        String text = RenderedText.normalize(c.value());
        yield filter(scopes, e -> textMatches(e, text));
      }
      case ARIA -> {
        String name = RenderedText.normalize(c.value());
        // Chromium also names an element without a role (or with one that prohibits a name) by its aria attributes
        yield filter(scopes, e -> (!Aria.role(e).isEmpty() || e.hasAttr("aria-label") || e.hasAttr("aria-labelledby"))
            && !hiddenForAria(e) && Aria.name(e).equals(name));
      }
      case TEXT_CONTAINS -> TextContainsQuery.matches(c.value(), scopes);
    };
  }

  private static List<Element> filter(List<? extends Element> scopes, Predicate<Element> p) {
    LinkedHashSet<Element> out = new LinkedHashSet<>();
    for (Element scope : scopes) {
      for (Element e : Dom.descendants(scope, true)) {
        if (p.test(e)) {
          out.add(e);
        }
      }
    }
    return new ArrayList<>(out);
  }

  private static boolean labelled(Element e, String label) {
    if (RenderedText.normalize(Dom.attr(e, "aria-label")).equals(label) && e.hasAttr("aria-label")) {
      return true;
    }
    if (e.hasAttr("aria-labelledby")) {
      StringBuilder sb = new StringBuilder();
      Element tree = Dom.treeOf(e);
      for (String id : Dom.attr(e, "aria-labelledby").trim().split("\\s+")) {
        Element x = Dom.byId(tree, id);
        if (x != null) {
          sb.append(' ').append(RenderedText.composedText(x));
        }
      }
      if (RenderedText.normalize(sb.toString()).equals(label)) {
        return true;
      }
    }
    return Aria.labelTexts(e).stream().anyMatch(label::equals);
  }

  private static boolean textMatches(Element e, String text) {
    if (NO_TEXT_MATCH.contains(e.normalName()) || inHead(e)) {
      return false;
    }
    if (!ownText(e).equals(text)) {
      return false;
    }
    for (Element child : RenderedText.composedChildren(e)) {
      if (ownText(child).equals(text)) {
        return false; // an inner element carries the whole text: it is the match, not this one
      }
    }
    return true;
  }

  /** Normalized text an element shows for text matching; an input button shows its value. */
  private static String ownText(Element e) {
    if (Dom.is(e, "input")) {
      String t = Dom.inputType(e);
      return t.equals("submit") || t.equals("button") || t.equals("reset") ? RenderedText.normalize(Dom.attr(e, "value")) : "";
    }
    return RenderedText.normalize(RenderedText.composedText(e));
  }

  private static boolean hiddenForAria(Element e) {
    if (!ElementState.visible(e)) {
      return true;
    }
    for (Element a = e; a != null; a = Dom.parentOrHost(a)) {
      if ("true".equalsIgnoreCase(Dom.attrOr(a, "aria-hidden", "").trim())) {
        return true;
      }
    }
    return false;
  }

  private static boolean inHead(Element e) {
    for (Element a = e; a != null; a = Dom.parentOrHost(a)) {
      if (Dom.is(a, "head")) {
        return true;
      }
    }
    return false;
  }
}
