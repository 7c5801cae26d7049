package io.browserflow.api.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Classifies a frame locator ({@code iframe#pay}, {@code selector:...}, {@code url:<glob>},
 * {@code name:<name>}) into the frame lint codes.
 */
final class FrameLocators {
  private FrameLocators() {}

  /** What is wrong with a frame locator, with its lint code. */
  enum Issue {
    RUNTIME_ID_ONLY(LintCode.FRAME_RUNTIME_ID_ONLY),
    URL_DYNAMIC(LintCode.FRAME_URL_DYNAMIC),
    SELECTOR_UNSTABLE(LintCode.FRAME_SELECTOR_UNSTABLE);

    private final LintCode code;

    Issue(LintCode code) {
      this.code = code;
    }
  }

  /** One frame finding: what is wrong and the reasons. */
  record Finding(Issue issue, List<String> reasons) {
    LintCode code() {
      return issue.code;
    }
  }

  private static final Pattern RUNTIME_ID = Pattern.compile(
      "\\$\\{\\s*FRAME_.*|^(?:ref:)?@e\\d+$|^\\d+$|^(?i:frame[-_]?id|frame)[:=].*|^[0-9A-F]{32}$|^(?i:frames?)\\[\\d+\\]$");
  private static final Pattern FUZZY_SRC = Pattern.compile("(?i)^src$");

  /** The findings of one locator, most serious first; empty when it is fine. */
  static List<Finding> check(String locator, int maxCombinators) {
    String l = locator.trim();
    List<Finding> out = new ArrayList<>();
    if (RUNTIME_ID.matcher(l).find()) {
      out.add(new Finding(Issue.RUNTIME_ID_ONLY, List.of("it is a runtime frame id or snapshot ref")));
      return out;
    }
    String lower = l.toLowerCase(Locale.ROOT);
    if (lower.startsWith("url:")) {
      List<String> dynamic = VolatileValueScanner.dynamicUrlReasons(l.substring(4));
      if (!dynamic.isEmpty()) {
        out.add(new Finding(Issue.URL_DYNAMIC, dynamic));
      }
      return out;
    }
    if (lower.startsWith("name:")) {
      String name = SelectorStability.neutralize(l.substring(5).trim());
      SelectorStability.generatedReason(name).ifPresent(r ->
          out.add(new Finding(Issue.SELECTOR_UNSTABLE, List.of("frame name looks generated (" + r + ")"))));
      return out;
    }
    String css = SelectorStability.neutralize(lower.startsWith("selector:") ? l.substring(9).trim() : l);
    List<String> unstable = new ArrayList<>(SelectorStability.cssReasons(css, maxCombinators));
    List<String> dynamic = new ArrayList<>();
    for (SelectorStability.AttributeSelector a : SelectorStability.attributes(css)) {
      if (!FUZZY_SRC.matcher(a.name()).matches() || a.value() == null) {
        continue;
      }
      if (!"=".equals(a.op())) {
        unstable.add("matches the iframe src by substring");
      }
      dynamic.addAll(VolatileValueScanner.dynamicUrlReasons(a.value()));
    }
    if (!dynamic.isEmpty()) {
      out.add(new Finding(Issue.URL_DYNAMIC, dynamic.stream().distinct().collect(java.util.stream.Collectors.toList())));
    }
    if (!unstable.isEmpty()) {
      out.add(new Finding(Issue.SELECTOR_UNSTABLE, unstable.stream().distinct().collect(java.util.stream.Collectors.toList())));
    }
    return out;
  }
}
