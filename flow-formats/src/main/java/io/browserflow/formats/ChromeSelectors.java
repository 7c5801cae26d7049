package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.browserflow.api.Candidate;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chrome Recorder selector alternatives to BrowserFlow targets and back. An alternative is a string
 * or an array of strings (a shadow chain: hosts first, the element last); prefixes {@code aria/},
 * {@code text/}, {@code xpath/}, {@code pierce/} pick the kind, anything else is css. Frame index
 * paths become owner selectors {@code iframe >> nth=N} (the only positional form a frame locator
 * accepts), which the writer turns back into indexes.
 */
final class ChromeSelectors {
  private ChromeSelectors() {}

  /** ARIA roles the driver knows (role candidates with another role fail at replay). */
  private static final Set<String> ROLES = Set.of("alert", "alertdialog", "application", "article", "banner",
      "blockquote", "button", "caption", "cell", "checkbox", "code", "columnheader", "combobox", "complementary",
      "contentinfo", "definition", "deletion", "dialog", "directory", "document", "emphasis", "feed", "figure", "form",
      "generic", "grid", "gridcell", "group", "heading", "img", "insertion", "link", "list", "listbox", "listitem", "log",
      "main", "marquee", "math", "menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio", "meter",
      "navigation", "none", "note", "option", "paragraph", "presentation", "progressbar", "radio", "radiogroup",
      "region", "row", "rowgroup", "rowheader", "scrollbar", "search", "searchbox", "separator", "slider",
      "spinbutton", "status", "strong", "subscript", "superscript", "switch", "tab", "table", "tablist", "tabpanel",
      "term", "textbox", "time", "timer", "toolbar", "tooltip", "tree", "treegrid", "treeitem");

  /** An aria selector's attribute filter, as the reference parses it: a word, "=", a quoted value. */
  private static final Pattern ARIA_ATTRIBUTE = Pattern.compile("\\[\\s*(\\w+)\\s*=\\s*([\"'])(\\\\.|.*?(?=\\2))\\2\\s*\\]", Pattern.DOTALL);
  private static final Pattern ID_CSS = Pattern.compile("^#(-?[A-Za-z_][\\w-]*)$");
  private static final Pattern ID_ATTRIBUTE_CSS = Pattern.compile("^\\[\\s*id\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)')\\s*\\]$");
  private static final Pattern TEST_ID_CSS = Pattern.compile(
      "^\\[\\s*(data-testid|data-test|data-cy|data-qa)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([\\w-]+))\\s*\\]$");
  private static final Pattern FRAME_NTH = Pattern.compile("^\\s*iframe\\s*>>\\s*nth=(\\d+)\\s*$");
  private static final Pattern CSS_IDENT = Pattern.compile("^-?[A-Za-z_][\\w-]*$");
  /** A lower-cased selector part that names a password-like field. */
  private static final Pattern PASSWORD_FIELD = Pattern.compile("(?s).*(password|passwd|passcode|pwd|\\botp\\b|one-time-code|\\bpin\\b|secret).*");
  /** A lower-cased selector part that names a user-name field. */
  private static final Pattern USER_FIELD = Pattern.compile("(?s).*(user|login|e-?mail|account).*");
  /** Selector syntax only the BrowserFlow driver understands, not a browser's querySelector. */
  private static final Pattern DRIVER_ONLY_CSS = Pattern.compile(
      ">>|:has-text\\(|:text(?:-is|-matches)?\\(|:visible|:nth-match\\(|^(?:text|css|xpath|id|data-testid|internal:[\\w-]+)=");

  /** The owner selector of the n-th child frame (0-based), as an import writes it. */
  static String frameLocator(int index) {
    return "iframe >> nth=" + index;
  }

  /** The index of a frame locator written by {@link #frameLocator}, if it is one. */
  static Optional<Integer> frameIndex(String locator) {
    Matcher m = FRAME_NTH.matcher(locator);
    return m.matches() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
  }

  /** Whether the selectors point at a password-like field (its typed value is a secret). */
  static boolean namesPasswordField(JsonNode selectors) {
    return anyPartMatches(selectors, PASSWORD_FIELD);
  }

  /** Whether a selector names a user-name field (user, login, e-mail, account). */
  static boolean namesUserField(JsonNode selectors) {
    return anyPartMatches(selectors, USER_FIELD);
  }

  private static boolean anyPartMatches(JsonNode selectors, Pattern field) {
    for (JsonNode alt : selectors) {
      for (String part : parts(alt)) {
        if (field.matcher(part.toLowerCase(Locale.ROOT)).matches()) {
          return true;
        }
      }
    }
    return false;
  }

  /** The first selector text, for naming things in messages. */
  static String first(JsonNode selectors) {
    for (JsonNode alt : selectors) {
      List<String> p = parts(alt);
      if (!p.isEmpty()) {
        return String.join(" >> ", p);
      }
    }
    return "";
  }

  private static List<String> parts(JsonNode alternative) {
    List<String> out = new ArrayList<>();
    if (alternative.isTextual()) {
      out.add(alternative.asText());
    } else if (alternative.isArray()) {
      for (JsonNode p : alternative) {
        if (!p.isTextual()) {
          return List.of();
        }
        out.add(p.asText());
      }
    }
    return out;
  }

  // =================================================================== import

  /**
   * The target of a step's {@code selectors} (in order, duplicates dropped) inside the frames of
   * {@code frame}; empty (with a blocking issue) when no alternative maps to a candidate.
   */
  static Optional<Target> toTarget(JsonNode selectors, List<Integer> frame, String path, Issues issues) {
    if (!selectors.isArray() || selectors.isEmpty()) {
      issues.blocking(ConversionCode.FIELD_MISSING, path + ".selectors", "the step has no selectors: it cannot find its element");
      return Optional.empty();
    }
    List<List<String>> alternatives = new ArrayList<>();
    for (int i = 0; i < selectors.size(); i++) {
      List<String> p = parts(selectors.get(i)); // untrimmed: text/ and aria/ match their text as written
      if (p.isEmpty() || p.stream().anyMatch(String::isBlank)) {
        issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, path + ".selectors[" + i + "]",
            "selector alternative " + i + " is not a string or an array of strings; it is left out");
        alternatives.add(List.of());
      } else {
        alternatives.add(p);
      }
    }
    List<String> hosts = commonShadowHosts(alternatives);
    boolean chainsDropped = hosts == null;
    Set<Candidate> candidates = new LinkedHashSet<>();
    for (int i = 0; i < alternatives.size(); i++) {
      List<String> alt = alternatives.get(i);
      if (alt.isEmpty()) {
        continue;
      }
      String last = alt.get(alt.size() - 1);
      candidates.addAll(candidates(last, path + ".selectors[" + i + "]", issues));
    }
    if (chainsDropped) {
      issues.warning(ConversionCode.SHADOW_PATH_DROPPED, path + ".selectors",
          "the shadow-root chains of the selectors disagree on their hosts; each chain keeps only its last part (css pierces open shadow roots)");
    }
    if (candidates.isEmpty()) {
      issues.blocking(ConversionCode.TARGET_UNRESOLVED, path + ".selectors",
          "no selector alternative could be carried over: the step cannot find its element");
      return Optional.empty();
    }
    Target.Builder t = Target.builder().addAllCandidates(candidates);
    if (hosts != null) {
      t.addAllShadowPath(hosts);
    }
    for (int index : frame) {
      t.addFramePath(frameLocator(index));
    }
    return Optional.of(t.build());
  }

  /**
   * The shadow hosts every chain agrees on (empty when there is no chain), or null when chains
   * disagree or a host is not plain css.
   */
  private static List<String> commonShadowHosts(List<List<String>> alternatives) {
    List<String> hosts = null;
    for (List<String> alt : alternatives) {
      if (alt.size() < 2) {
        continue;
      }
      List<String> these = new ArrayList<>();
      for (String h : alt.subList(0, alt.size() - 1)) {
        if (h.startsWith("aria/") || h.startsWith("text/") || h.startsWith("xpath/")) {
          return null;
        }
        these.add((h.startsWith("pierce/") ? h.substring(7) : h).trim());
      }
      if (hosts != null && !hosts.equals(these)) {
        return null;
      }
      hosts = these;
    }
    return hosts == null ? List.of() : hosts;
  }

  /**
   * The candidates of one selector part, read as the reference reads it: {@code aria/} an
   * accessible-name query (its {@code [name="..."]} and {@code [role="..."]} filters only when
   * written so, quoted; anything else, brackets included, is the name), {@code text/} a text
   * containment query, {@code xpath/}, {@code pierce/} and plain css.
   */
  static List<Candidate> candidates(String selector, String path, Issues issues) {
    if (selector.startsWith("aria/")) {
      return aria(selector.substring(5), path, issues);
    }
    if (selector.startsWith("text/")) {
      return nonBlank(Candidate.of(Candidate.Kind.TEXT_CONTAINS, selector.substring(5)), path, issues);
    }
    if (selector.startsWith("xpath/")) {
      return nonBlank(Candidate.xpath(selector.substring(6).trim()), path, issues);
    }
    String css = (selector.startsWith("pierce/") ? selector.substring(7) : selector).trim();
    Matcher id = ID_CSS.matcher(css);
    if (id.matches()) {
      return List.of(Candidate.id(id.group(1)));
    }
    Matcher idAttr = ID_ATTRIBUTE_CSS.matcher(css);
    if (idAttr.matches()) {
      return List.of(Candidate.id(idAttr.group(1) != null ? idAttr.group(1) : idAttr.group(2)));
    }
    Matcher testId = TEST_ID_CSS.matcher(css);
    if (testId.matches()) {
      String v = testId.group(2) != null ? testId.group(2) : testId.group(3) != null ? testId.group(3) : testId.group(4);
      return List.of(Candidate.testId(v));
    }
    return nonBlank(Candidate.css(css), path, issues);
  }

  /** An aria selector's body: {@code [name="..."]} / {@code [role="..."]} filters, the rest the name. */
  private static List<Candidate> aria(String body, String path, Issues issues) {
    Matcher m = ARIA_ATTRIBUTE.matcher(body);
    StringBuilder rest = new StringBuilder();
    String name = null;
    String role = null;
    while (m.find()) {
      String attribute = m.group(1);
      String value = m.group(3);
      if (attribute.equals("name")) {
        name = value;
      } else if (attribute.equals("role")) {
        role = value;
      } else {
        issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, path, "aria selector attribute \"" + attribute
            + "\" is neither name nor role (the reference rejects it); the alternative is left out");
        return List.of();
      }
      m.appendReplacement(rest, "");
    }
    m.appendTail(rest);
    if (name == null && rest.length() > 0) {
      name = rest.toString();
    }
    if (role != null) {
      String known = ariaRole(role);
      if (known != null) {
        return List.of(name == null || name.isEmpty() ? Candidate.role(known) : Candidate.role(known, name));
      }
      issues.info(ConversionCode.ROLE_UNKNOWN, path, "ARIA role \"" + role + "\" is not one the driver knows; the name alone is kept");
    }
    if (name == null || name.isBlank()) {
      issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, path, "an aria selector without name or role is left out");
      return List.of();
    }
    return List.of(Candidate.of(Candidate.Kind.ARIA, name));
  }

  private static List<Candidate> nonBlank(Candidate c, String path, Issues issues) {
    if (c.value().isBlank()) {
      issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, path, "an empty " + c.kind().jsonName() + " selector is left out");
      return List.of();
    }
    return List.of(c);
  }

  /** The ARIA role for a role name the recorder wrote (its accessibility tree's names included), or null. */
  private static String ariaRole(String recorded) {
    String r = recorded.toLowerCase(Locale.ROOT);
    if (r.equals("image")) {
      return "img";
    }
    return ROLES.contains(r) ? r : null;
  }

  // =================================================================== export

  /**
   * The {@code selectors} of a target, each alternative as an array (shadow hosts first). Css-like
   * candidates without a shadow path are written {@code pierce/...}: BrowserFlow's css matches in
   * open shadow roots too, as the reference's {@code pierce/} does and its plain css does not.
   * Candidates a browser selector cannot express are left out with a warning; empty when none is left.
   */
  static ArrayNode toSelectors(Target target, String path, Issues issues) {
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    List<String> hosts = target.shadowPath();
    Candidate previous = null;
    for (Candidate c : target.candidates()) {
      boolean pairOfOneName = previous != null && previous.kind() == Candidate.Kind.LABEL
          && c.kind() == Candidate.Kind.TEXT && previous.value().equals(c.value());
      previous = c;
      if (pairOfOneName) {
        continue; // the label and text an accessible name imports as: aria/Name covers both
      }
      String s = selector(c, path, issues);
      if (s == null) {
        continue;
      }
      ArrayNode alt = out.addArray();
      boolean cssLike = !s.startsWith("aria/") && !s.startsWith("text/") && !s.startsWith("xpath/");
      if (cssLike && !hosts.isEmpty()) {
        hosts.forEach(alt::add);
        alt.add(s);
      } else {
        // BrowserFlow's css sees into open shadow roots; the reference's plain css does not, its pierce/ does
        alt.add(cssLike ? "pierce/" + s : s);
      }
    }
    return out;
  }

  /** The candidate as a css selector a page's querySelectorAll takes, when it is one. */
  static Optional<String> plainCss(Candidate c) {
    return switch (c.kind()) {
      case TEST_ID -> Optional.of("[data-testid=" + CssStrings.quote(c.value()) + "]");
      case ID -> Optional.of(CSS_IDENT.matcher(c.value()).matches() ? "#" + c.value() : "[id=" + CssStrings.quote(c.value()) + "]");
      case PLACEHOLDER -> Optional.of("[placeholder=" + CssStrings.quote(c.value()) + "]");
      case CSS -> DRIVER_ONLY_CSS.matcher(c.value()).find() ? Optional.empty() : Optional.of(c.value());
      case ROLE, LABEL, TEXT, TEXT_CONTAINS, ARIA, XPATH -> Optional.empty();
    };
  }

  private static String selector(Candidate c, String path, Issues issues) {
    return switch (c.kind()) {
      case ROLE -> "aria/" + c.name().orElse("") + "[role=\"" + c.value() + "\"]";
      case LABEL -> {
        issues.info(ConversionCode.APPROXIMATED, path, "label \"" + c.value() + "\" is written as aria/" + c.value()
            + ": the field's accessible name, which its label gives");
        yield "aria/" + c.value();
      }
      case TEXT -> {
        issues.info(ConversionCode.APPROXIMATED, path, "text \"" + c.value() + "\" (exact) is written as text/" + c.value()
            + ", which also matches elements whose text only contains it");
        yield "text/" + c.value();
      }
      case TEXT_CONTAINS -> "text/" + c.value();
      case ARIA -> "aria/" + c.value();
      case XPATH -> "xpath/" + c.value();
      case TEST_ID -> "[data-testid=" + CssStrings.quote(c.value()) + "]";
      case ID -> CSS_IDENT.matcher(c.value()).matches() ? "#" + c.value() : "[id=" + CssStrings.quote(c.value()) + "]";
      case PLACEHOLDER -> "[placeholder=" + CssStrings.quote(c.value()) + "]";
      case CSS -> {
        if (DRIVER_ONLY_CSS.matcher(c.value()).find()) {
          issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, path,
              "css \"" + c.value() + "\" uses selector syntax a browser's querySelector does not know; it is left out");
          yield null;
        }
        yield c.value();
      }
    };
  }
}
