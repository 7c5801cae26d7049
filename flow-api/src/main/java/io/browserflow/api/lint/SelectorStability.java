package io.browserflow.api.lint;

import io.browserflow.api.Candidate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides whether a locator is fragile and why. Reasons are short phrases that may quote the
 * selector text (selectors are not scanned values).
 */
final class SelectorStability {
  private SelectorStability() {}

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^}]*\\}");
  private static final Pattern SNAPSHOT_REF = Pattern.compile("^(?:ref:)?@e\\d+$");
  private static final Pattern POSITIONAL_PSEUDO =
      Pattern.compile("(?i):(nth-child|nth-of-type|nth-last-child|nth-last-of-type|eq|nth)\\(");
  private static final Pattern PLAYWRIGHT_NTH = Pattern.compile(">>\\s*nth=");
  private static final Pattern ID_TOKEN = Pattern.compile("#((?:\\\\.|[\\w\\-\\u00A0-\\uFFFF])+)");
  private static final Pattern CLASS_TOKEN = Pattern.compile("\\.((?:\\\\.|[\\w\\-\\u00A0-\\uFFFF])+)");
  private static final Pattern ATTRIBUTE = Pattern.compile(
      "\\[\\s*([\\w\\-:]+)\\s*(?:([~|^$*]?=)\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\]\\s]+)))?\\s*(?:[iIsS])?\\s*\\]");
  private static final Set<String> ID_LIKE_ATTRIBUTES = Set.of("id", "class", "for", "aria-labelledby",
      "aria-controls", "aria-describedby", "aria-owns", "aria-activedescendant");

  private static final Pattern TRANSIENT_CLASS = Pattern.compile(
      "(?i)[-_](?:enter|leave)(?:[-_](?:active|to|from|done))?$"
          + "|^(?:is-)?(?:focus|focused|hover|hovered)$"
          + "|^ng-(?:touched|untouched|dirty|pristine|valid|invalid|pending)$");
  private static final Pattern OVERLAY_TOKEN = Pattern.compile(
      "(?i)(?:^|[-_])(?:mask|backdrop|overlay)$|^v-modal$|loading-mask|^el-loading");

  // Ids and classes emitted by UI frameworks and CSS-in-JS tools; they change between builds or renders.
  private static final Pattern[] GENERATED = {
      Pattern.compile("(?i)^ember\\d+$"),
      Pattern.compile(":[rR][0-9a-zA-Z]*:|\u00ab[rR][0-9a-zA-Z]*\u00bb"),
      Pattern.compile("^css-(?=[a-z0-9]*\\d)[a-z0-9]{5,}(?:-.*)?$"),
      Pattern.compile("^sc-(?=[a-zA-Z0-9]*[A-Z])[a-zA-Z0-9]{5,}$"),
      Pattern.compile("^(?:jsx-\\d+|jss\\d+|mui-\\d+)$"),
      Pattern.compile("^svelte-(?=[a-z0-9]*\\d)[a-z0-9]{5,}$"),
      Pattern.compile("^makeStyles-.*-\\d+$|^Mui[A-Za-z]+-[A-Za-z]+-\\d+$"),
      Pattern.compile("^(?:ext-gen|ext-comp-|gwt-uid-|x-auto-|ui-id-|yui_|j_idt|__BVID__|downshift-|react-select-"
          + "|headlessui-[a-z-]+-|el-id-|rc-tabs-|rc_select_|mat-[a-z-]+-|cdk-[a-z-]+-|ng-tns-|radix-)[\\w:-]*\\d"),
      Pattern.compile("^[A-Za-z][A-Za-z0-9-]*_[A-Za-z0-9-]+__(?=[A-Za-z0-9_-]*\\d)[A-Za-z0-9_-]{5}$"),
  };
  private static final Pattern LONG_DIGITS = Pattern.compile("\\d{5,}");
  private static final Pattern HEX_SEGMENT = Pattern.compile("(?i)^(?=[0-9a-f]*\\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}$");

  private static final Pattern XPATH_ABSOLUTE = Pattern.compile("^\\(?\\s*/(?!/)");
  private static final Pattern XPATH_POSITION = Pattern.compile("\\[\\s*\\d+\\s*\\]|position\\(\\)|last\\(\\)");
  private static final Pattern XPATH_ID_VALUE = Pattern.compile(
      "@(?:id|class)\\s*=\\s*[\"']([^\"']*)[\"']|contains\\(\\s*@(?:id|class)\\s*,\\s*[\"']([^\"']*)[\"']\\s*\\)");

  /** A css attribute selector: name, operator (null when absent) and value (null when absent). */
  record AttributeSelector(String name, String op, String value) {}

  /** Reasons why this candidate is fragile; empty when it is not. */
  static List<String> fragileReasons(Candidate candidate, int maxCombinators) {
    String value = neutralize(candidate.value());
    if (SNAPSHOT_REF.matcher(value.trim()).matches()) {
      return List.of("snapshot ref " + candidate.value() + " is valid for one page snapshot only");
    }
    return switch (candidate.kind()) {
      case ID -> generatedReason(value)
          .map(r -> List.of("id \"" + candidate.value() + "\" looks generated (" + r + ")")).orElse(List.of());
      case CSS -> cssReasons(value, maxCombinators);
      case XPATH -> xpathReasons(value);
      // no structural fragility to find in a test id, role, label, placeholder, text or accessible name
      case TEST_ID, ROLE, LABEL, PLACEHOLDER, TEXT, ARIA, TEXT_CONTAINS -> List.of();
    };
  }

  /** Placeholders become a neutral word so they neither look generated nor split tokens. */
  static String neutralize(String s) {
    return PLACEHOLDER.matcher(s).replaceAll("P");
  }

  static boolean isSnapshotRef(String s) {
    return SNAPSHOT_REF.matcher(s.trim()).matches();
  }

  static List<String> cssReasons(String css, int maxCombinators) {
    Set<String> reasons = new LinkedHashSet<>();
    for (String selector : splitTopLevel(css, ',')) {
      Matcher positional = POSITIONAL_PSEUDO.matcher(selector);
      if (positional.find()) {
        reasons.add("uses positional :" + positional.group(1).toLowerCase(Locale.ROOT));
      }
      if (PLAYWRIGHT_NTH.matcher(selector).find()) {
        reasons.add("uses a positional nth= index");
      }
      List<String> compounds = compounds(selector);
      int combinators = compounds.size() - 1;
      if (combinators > maxCombinators) {
        reasons.add("chains " + combinators + " combinators (more than " + maxCombinators + ")");
      }
      if (combinators > 0 && compounds.get(0).toLowerCase(Locale.ROOT).matches("^(?:html|body)(?![\\w-]).*")) {
        reasons.add("is anchored at the document root");
      }
      for (String compound : compounds) {
        String outside = stripBrackets(compound);
        for (String id : tokens(ID_TOKEN, outside)) {
          generatedReason(id).ifPresent(r -> reasons.add("id \"" + id + "\" looks generated (" + r + ")"));
        }
        for (String cls : tokens(CLASS_TOKEN, outside)) {
          generatedReason(cls).ifPresent(r -> reasons.add("class \"" + cls + "\" looks generated (" + r + ")"));
          if (TRANSIENT_CLASS.matcher(cls).find()) {
            reasons.add("class \"" + cls + "\" is a transient state class");
          }
        }
        for (AttributeSelector a : attributes(compound)) {
          String name = a.name().toLowerCase(Locale.ROOT);
          if (name.startsWith("data-v-")) {
            reasons.add("attribute " + a.name() + " is a build-generated scope attribute");
          } else if (ID_LIKE_ATTRIBUTES.contains(name) && a.value() != null
              && ("=".equals(a.op()) || "~=".equals(a.op()))) {
            for (String token : a.value().trim().split("\\s+")) {
              generatedReason(token).ifPresent(r -> reasons.add(a.name() + " \"" + token + "\" looks generated (" + r + ")"));
            }
          }
        }
      }
    }
    return List.copyOf(reasons);
  }

  static List<String> xpathReasons(String xpath) {
    Set<String> reasons = new LinkedHashSet<>();
    if (XPATH_ABSOLUTE.matcher(xpath).find()) {
      reasons.add("is an absolute xpath from the document root");
    }
    if (XPATH_POSITION.matcher(xpath).find()) {
      reasons.add("uses positional indexes");
    }
    Matcher m = XPATH_ID_VALUE.matcher(xpath);
    while (m.find()) {
      String value = m.group(1) != null ? m.group(1) : m.group(2);
      for (String token : value.trim().split("\\s+")) {
        generatedReason(token).ifPresent(r -> reasons.add("\"" + token + "\" looks generated (" + r + ")"));
      }
    }
    return List.copyOf(reasons);
  }

  /** Why an id, class or name token looks generated by a framework or build tool, if it does. */
  static Optional<String> generatedReason(String token) {
    if (token.isEmpty()) {
      return Optional.empty();
    }
    for (Pattern p : GENERATED) {
      if (p.matcher(token).find()) {
        return Optional.of("framework-generated");
      }
    }
    if (LONG_DIGITS.matcher(token).find()) {
      return Optional.of("long digit run");
    }
    for (String segment : token.split("[-_:.]+")) {
      if (HEX_SEGMENT.matcher(segment).matches()) {
        return Optional.of("hex hash");
      }
      if (looksRandom(segment)) {
        return Optional.of("random-looking");
      }
    }
    return Optional.empty();
  }

  // e.g. "1x2y3z", "a9Fk3Q": several letters and digits that keep alternating.
  private static boolean looksRandom(String segment) {
    if (segment.length() < 5) {
      return false;
    }
    int digits = 0;
    int letters = 0;
    int transitions = 0;
    for (int i = 0; i < segment.length(); i++) {
      char c = segment.charAt(i);
      if (Character.isDigit(c)) {
        digits++;
      } else if (Character.isLetter(c)) {
        letters++;
      }
      if (i > 0 && Character.isDigit(c) != Character.isDigit(segment.charAt(i - 1))) {
        transitions++;
      }
    }
    return digits >= 2 && letters >= 2 && transitions >= 3;
  }

  /** True when the element a css, id or test id addresses looks like a mask, overlay or backdrop. */
  static boolean addressesOverlay(Candidate candidate) {
    String value = neutralize(candidate.value());
    return switch (candidate.kind()) {
      case ID, TEST_ID -> OVERLAY_TOKEN.matcher(value).find();
      case CSS -> cssAddressesOverlay(value);
      // roles, labels, placeholders, texts, accessible names and xpaths are not read for overlay names
      case ROLE, LABEL, PLACEHOLDER, TEXT, XPATH, ARIA, TEXT_CONTAINS -> false;
    };
  }

  /** True when the last compound of some selector in the css list has an overlay class or id. */
  private static boolean cssAddressesOverlay(String css) {
    for (String selector : splitTopLevel(css, ',')) {
      List<String> compounds = compounds(selector);
      if (compounds.isEmpty()) {
        continue;
      }
      String last = stripBrackets(compounds.get(compounds.size() - 1));
      List<String> names = new ArrayList<>(tokens(CLASS_TOKEN, last));
      names.addAll(tokens(ID_TOKEN, last));
      for (String name : names) {
        if (OVERLAY_TOKEN.matcher(name).find()) {
          return true;
        }
      }
    }
    return false;
  }

  /** The attribute selectors of a css selector, in order. */
  static List<AttributeSelector> attributes(String css) {
    List<AttributeSelector> out = new ArrayList<>();
    Matcher m = ATTRIBUTE.matcher(css);
    while (m.find()) {
      String value = m.group(3) != null ? m.group(3) : m.group(4) != null ? m.group(4) : m.group(5);
      out.add(new AttributeSelector(m.group(1), m.group(2), value));
    }
    return out;
  }

  /** Compound selectors of one complex selector, split at top-level combinators. */
  static List<String> compounds(String selector) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int depth = 0;
    char quote = 0;
    for (int i = 0; i < selector.length(); i++) {
      char c = selector.charAt(i);
      if (quote != 0) {
        current.append(c);
        if (c == '\\' && i + 1 < selector.length()) {
          current.append(selector.charAt(++i));
        } else if (c == quote) {
          quote = 0;
        }
        continue;
      }
      if (c == '\\' && i + 1 < selector.length()) {
        current.append(c).append(selector.charAt(++i));
        continue;
      }
      if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '[' || c == '(') {
        depth++;
      } else if ((c == ']' || c == ')') && depth > 0) {
        depth--;
      }
      boolean combinator = depth == 0 && (Character.isWhitespace(c) || c == '>' || c == '+' || c == '~');
      if (combinator) {
        if (current.length() > 0) {
          out.add(current.toString());
          current.setLength(0);
        }
      } else {
        current.append(c);
      }
    }
    if (current.length() > 0) {
      out.add(current.toString());
    }
    return out;
  }

  static List<String> splitTopLevel(String s, char separator) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    char quote = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '[' || c == '(') {
        depth++;
      } else if ((c == ']' || c == ')') && depth > 0) {
        depth--;
      } else if (c == separator && depth == 0) {
        out.add(s.substring(start, i));
        start = i + 1;
      }
    }
    out.add(s.substring(start));
    return out;
  }

  // Bracketed parts hold attribute values and pseudo arguments, not ids or classes.
  private static String stripBrackets(String compound) {
    StringBuilder sb = new StringBuilder();
    int depth = 0;
    char quote = 0;
    for (int i = 0; i < compound.length(); i++) {
      char c = compound.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
        continue;
      }
      if (depth > 0 && (c == '"' || c == '\'')) {
        quote = c;
      } else if (c == '[' || c == '(') {
        depth++;
        sb.append(' ');
      } else if ((c == ']' || c == ')') && depth > 0) {
        depth--;
      } else if (depth == 0) {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  private static List<String> tokens(Pattern pattern, String s) {
    List<String> out = new ArrayList<>();
    Matcher m = pattern.matcher(s);
    while (m.find()) {
      out.add(m.group(1).replace("\\", ""));
    }
    return out;
  }
}
