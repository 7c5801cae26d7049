package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.TextNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Target;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Selenium IDE locators as candidates: {@code id=}, {@code name=}, {@code css=}, {@code xpath=},
 * link texts and bare locators (the id, then the name), the command's target first and the
 * alternatives of its {@code targets} after it; and the selectors and page scripts other commands
 * build from a candidate.
 */
final class SideLocators {
  private final SideImportState st;
  private final SideVariables vars;

  SideLocators(SideImportState st, SideVariables vars) {
    this.st = st;
    this.vars = vars;
  }

  Optional<Target> target(Command c) {
    return target(c, c.target, l -> l);
  }

  /** The target's locator first, then the alternatives of targets (each through {@code alternative}), as candidates. */
  Optional<Target> target(Command c, String primary, UnaryOperator<String> alternative) {
    Set<Candidate> cands = new LinkedHashSet<>(candidates(vars.interpolate(primary, c.path + ".target"), c.path + ".target"));
    for (int k = 0; k < c.targets.size(); k++) {
      String locator = alternative.apply(c.targets.get(k));
      cands.addAll(candidates(vars.interpolate(locator, c.path + ".targets[" + k + "]"), c.path + ".targets[" + k + "]"));
    }
    if (cands.isEmpty()) {
      st.issues.blocking(ConversionCode.TARGET_UNRESOLVED, c.path + ".target", c.name + " on " + c.target
          + ": no locator of the command has an equivalent; the command is left out");
      return Optional.empty();
    }
    return Optional.of(Target.of(new ArrayList<>(cands)));
  }

  /** The candidates of one Selenium IDE locator; empty (with an issue) when it has none. */
  List<Candidate> candidates(String locator, String path) {
    String l = locator.trim();
    if (l.isEmpty()) {
      return List.of();
    }
    int eq = l.indexOf('=');
    String strategy = eq > 0 ? l.substring(0, eq) : "";
    String v = eq > 0 ? l.substring(eq + 1) : l;
    if (l.startsWith("//") || l.startsWith("(")) {
      return List.of(Candidate.xpath(l));
    }
    switch (strategy) {
      case "id":
        return List.of(Candidate.id(v));
      case "name":
        return List.of(Candidate.css("[name=" + CssStrings.quote(v) + "]"));
      case "css":
        return List.of(Candidate.css(v));
      case "xpath":
        return List.of(Candidate.xpath(v));
      case "linkText":
      case "link":
        return List.of(Candidate.xpath("//a[normalize-space(.)=" + xpathString(v.trim()) + "]"));
      case "partialLinkText":
        return List.of(Candidate.xpath("//a[contains(normalize-space(.), " + xpathString(v.trim()) + ")]"));
      case "identifier":
        return List.of(Candidate.id(v), Candidate.css("[name=" + CssStrings.quote(v) + "]"));
      default:
        if (strategy.isEmpty() || !strategy.matches("[A-Za-z:]+")) {
          // no strategy: Selenium IDE tries the id, then the name
          return List.of(Candidate.id(l), Candidate.css("[name=" + CssStrings.quote(l) + "]"));
        }
        st.issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, path, "the locator strategy " + strategy
            + " has no equivalent; this alternative is left out");
        return List.of();
    }
  }

  /** A Playwright selector for a candidate (frames, selected options), if it has one. */
  static Optional<String> selector(Candidate c) {
    return switch (c.kind()) {
      case ID -> Optional.of("[id=" + CssStrings.quote(c.value()) + "]");
      case CSS -> Optional.of(c.value());
      case XPATH -> Optional.of("xpath=" + c.value());
      case TEST_ID, ROLE, LABEL, PLACEHOLDER, TEXT, ARIA, TEXT_CONTAINS -> Optional.empty();
    };
  }

  /** A page expression finding the element of a candidate. */
  static Optional<String> elementScript(Candidate c) {
    return switch (c.kind()) {
      case ID -> Optional.of("document.getElementById(" + jsString(c.value()) + ")");
      case CSS -> Optional.of("document.querySelector(" + jsString(c.value()) + ")");
      case XPATH -> Optional.of("document.evaluate(" + jsString(c.value())
          + ", document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue");
      case TEST_ID, ROLE, LABEL, PLACEHOLDER, TEXT, ARIA, TEXT_CONTAINS -> Optional.empty();
    };
  }

  static Optional<String> countScript(Candidate c) {
    return switch (c.kind()) {
      case ID -> Optional.of("document.querySelectorAll(" + jsString("[id=" + CssStrings.quote(c.value()) + "]")
          + ").length");
      case CSS -> Optional.of("document.querySelectorAll(" + jsString(c.value()) + ").length");
      case XPATH -> Optional.of(xpathCount(c.value()));
      case TEST_ID, ROLE, LABEL, PLACEHOLDER, TEXT, ARIA, TEXT_CONTAINS -> Optional.empty();
    };
  }

  static String xpathCount(String xpath) {
    return "document.evaluate(" + jsString(xpath)
        + ", document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength";
  }

  static String jsString(String s) {
    return new TextNode(s).toString();
  }

  static String xpathString(String s) {
    if (!s.contains("'")) {
      return "'" + s + "'";
    }
    if (!s.contains("\"")) {
      return "\"" + s + "\"";
    }
    StringBuilder sb = new StringBuilder("concat(");
    String[] parts = s.split("'", -1);
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        sb.append(", \"'\", ");
      }
      sb.append('\'').append(parts[i]).append('\'');
    }
    return sb.append(')').toString();
  }
}
