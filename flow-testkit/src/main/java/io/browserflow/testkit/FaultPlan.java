package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Glob;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jsoup.nodes.Element;

/** Failures injected through the builder; counters are shared by every session of the driver. */
final class FaultPlan {
  private static final class ElementRule {
    final String selectorOrTestId;
    final CssQuery css;
    final ErrorCode code;
    int remaining;

    ElementRule(String selectorOrTestId, ErrorCode code, int times) {
      this.selectorOrTestId = selectorOrTestId;
      CssQuery parsed;
      try {
        parsed = CssQuery.parse(selectorOrTestId);
      } catch (FlowRunException e) {
        parsed = null; // not css: a test id only
      }
      this.css = parsed;
      this.code = code;
      this.remaining = times;
    }

    boolean matches(Element e) {
      for (String a : List.of("data-testid", "data-test", "data-cy", "data-qa")) {
        if (selectorOrTestId.equals(Dom.attr(e, a))) {
          return true;
        }
      }
      return css != null && css.matches(e, true);
    }
  }

  private static final class NavigationRule {
    final String urlGlob;
    final ErrorCode code;
    int remaining;

    NavigationRule(String urlGlob, ErrorCode code, int times) {
      this.urlGlob = urlGlob;
      this.code = code;
      this.remaining = times;
    }
  }

  private final List<ElementRule> elementRules = new ArrayList<>();
  private final List<NavigationRule> navigationRules = new ArrayList<>();

  void failElement(String selectorOrTestId, ErrorCode code, int times) {
    elementRules.add(new ElementRule(selectorOrTestId, code, times));
  }

  void failNavigation(String urlGlob, ErrorCode code, int times) {
    navigationRules.add(new NavigationRule(urlGlob, code, times));
  }

  /** The code of the first armed rule matching the element, consuming one of its failures. */
  synchronized Optional<ErrorCode> consume(Element e) {
    for (ElementRule r : elementRules) {
      if (r.remaining > 0 && r.matches(e)) {
        r.remaining--;
        return Optional.of(r.code);
      }
    }
    return Optional.empty();
  }

  synchronized Optional<ErrorCode> consumeNavigation(String url) {
    for (NavigationRule r : navigationRules) {
      if (r.remaining > 0 && Glob.matchesUrl(r.urlGlob, url)) {
        r.remaining--;
        return Optional.of(r.code);
      }
    }
    return Optional.empty();
  }
}
