package io.browserflow.api.validate;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The flow's structure: step ids (well formed, unique in the whole flow), nesting depth, and tab
 * aliases (declared up front or bound by an earlier tabNew / click newTab in document order, and
 * how many there are).
 */
final class StructureRules {
  private static final Pattern STEP_ID = Pattern.compile("[\\p{L}\\p{N}_.-]+");
  private static final String MAIN_TAB = "main";

  private final ValidationContext ctx;
  private final FlowLimits limits;
  private final PlaceholderRules placeholders;
  private final Map<String, String> stepIdPaths = new HashMap<>();
  private final Set<String> declaredTabs = new HashSet<>();
  private final Set<String> boundTabs = new HashSet<>();
  private final Set<String> countedTabs = new HashSet<>();
  private boolean tabLimitReported;

  StructureRules(ValidationContext ctx, PlaceholderRules placeholders) {
    this.ctx = ctx;
    this.limits = ctx.limits();
    this.placeholders = placeholders;
  }

  /** Steps nested one level deeper than the limit are reported once, where that level starts. */
  void nesting(String path, int depth) {
    if (depth == limits.maxNestingDepth() + 1) {
      ctx.overLimit(path, "steps are nested " + depth + " levels deep, more than the limit of "
          + limits.maxNestingDepth() + ": flatten the branches or move the inner steps into another flow",
          depth, limits.maxNestingDepth());
    }
  }

  /** Checks the id; true when the step's outputs may be referenced (a valid first use of the id). */
  boolean stepId(Step s, String p) {
    String id = s.id();
    if (id.isBlank()) {
      ctx.invalid(p + ".id", "the step id is blank: give every step a stable id");
      return false;
    }
    if (!STEP_ID.matcher(id).matches()) {
      ctx.invalid(p + ".id", "step id \"" + id + "\" may only hold letters, digits, -, _ and . (no spaces, no ${...})");
      return false;
    }
    String first = stepIdPaths.putIfAbsent(id, p);
    ctx.scope().sawStepId(id);
    if (first != null) {
      ctx.report(Problem.of(ErrorCode.DUPLICATE_ID, p + ".id", "step id " + id + " is already used at " + first
          + ": step ids must be unique in the whole flow, nested bodies and fallbacks included"));
      return false;
    }
    return true;
  }

  void tabs() {
    List<TabAlias> tabs = ctx.flow().tabs();
    for (TabAlias t : tabs) {
      declaredTabs.add(t.alias());
    }
    countedTabs.addAll(declaredTabs);
    if (countedTabs.size() > limits.maxTabAliases()) {
      tabLimitReported = true;
      ctx.overLimit("tabs", "the flow declares " + countedTabs.size() + " tab aliases, more than the limit of "
          + limits.maxTabAliases(), countedTabs.size(), limits.maxTabAliases());
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < tabs.size(); i++) {
      TabAlias t = tabs.get(i);
      String p = "tabs[" + i + "]";
      if (t.alias().isBlank()) {
        ctx.invalid(p + ".alias", "the tab alias is blank: name the tab, e.g. detail");
      } else {
        Integer first = seen.putIfAbsent(t.alias(), i);
        if (first != null) {
          ctx.report(Problem.of(ErrorCode.DUPLICATE_ID, p + ".alias", "tab alias " + t.alias()
              + " is declared twice (first at tabs[" + first + "]): remove or rename one"));
        }
      }
      t.url().ifPresent(u -> placeholders.text(u, p + ".url"));
      t.opener().ifPresent(o -> {
        if (!declaredTabs.contains(o) && !MAIN_TAB.equals(o)) {
          ctx.report(Problem.of(ErrorCode.TAB_UNDECLARED, p + ".opener", "opener " + o + " of tab " + t.alias()
              + " is not a declared tab alias: declare it in tabs or use " + MAIN_TAB));
        }
      });
    }
  }

  void tabUse(String alias, String path) {
    if (declaredTabs.contains(alias) || boundTabs.contains(alias) || MAIN_TAB.equals(alias)) {
      return;
    }
    Set<String> known = new LinkedHashSet<>();
    known.add(MAIN_TAB);
    known.addAll(declaredTabs);
    known.addAll(boundTabs);
    ctx.report(Problem.of(ErrorCode.TAB_UNDECLARED, path, "tab alias " + alias + " is not declared and no earlier "
        + "tabNew or click newTab opens it (known: " + String.join(", ", known) + "): declare it in tabs "
        + "or open it first"));
  }

  void tabBind(String alias, String path) {
    if (alias.isBlank()) {
      ctx.invalid(path, "the tab alias is blank: name the tab, e.g. detail");
      return;
    }
    boundTabs.add(alias);
    if (countedTabs.add(alias) && countedTabs.size() > limits.maxTabAliases() && !tabLimitReported) {
      tabLimitReported = true;
      ctx.overLimit(path, "this step brings the flow to " + countedTabs.size() + " tab aliases, more than the limit of "
          + limits.maxTabAliases() + ": reuse aliases", countedTabs.size(), limits.maxTabAliases());
    }
  }
}
