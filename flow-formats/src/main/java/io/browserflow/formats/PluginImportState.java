package io.browserflow.formats;

import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import io.browserflow.api.validate.FlowLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one recording-plugin import has built so far, shared by the mappers of its steps: the
 * issues, the flow's steps (with the source path of each), the declarations its values became,
 * the tab and frame the flow is in, the URL each tab shows, and what happened to each source step.
 */
final class PluginImportState {
  static final FlowLimits LIMITS = FlowLimits.defaults();
  static final String MAIN = "main";

  final ImportOptions options;
  final Issues issues = new Issues();
  final List<Step> steps = new ArrayList<>();
  /** The source path of each flow step. */
  final List<String> stepPaths = new ArrayList<>();
  final List<StepMapping> mappings = new ArrayList<>();
  final Map<String, Credential> credentials = new LinkedHashMap<>();
  final Map<String, Input> inputs = new LinkedHashMap<>();
  /** The values typed into fields that became credentials, by key (memory only). */
  final Map<String, String> recordedSecrets = new LinkedHashMap<>();
  final Map<String, TabAlias> tabs = new LinkedHashMap<>();
  boolean scriptEval;
  int mapped;

  /** The tab alias the flow is in, and the frame locator it entered there (null: the main frame). */
  String currentTab = MAIN;
  String currentFrame;
  /** Tabs a step has opened or bound, by alias. */
  final Set<String> openTabs = new HashSet<>();
  /** The URL each tab shows, as far as the recording tells. */
  final Map<String, String> urlOfTab = new HashMap<>();
  /** The index of the last step that acted in each tab (not a frame or tab switch). */
  final Map<String, Integer> lastActionOfTab = new HashMap<>();
  /** The {@code postCondition.topUrl} of the last step that acted in each tab, when it changed the URL. */
  final Map<String, String> topUrlOfLastAction = new HashMap<>();

  private final StepIds ids = new StepIds();
  /** Set by a mapper that folded the current source step into another step, or left it out on purpose. */
  String merged;
  String skipped;

  PluginImportState(ImportOptions options) {
    this.options = options;
  }

  /** Keeps the source steps' ids for them: generated ids never take one. */
  void reserve(List<PluginStep> sourceSteps) {
    for (PluginStep s : sourceSteps) {
      if (s.id != null) {
        ids.reserve(s.id);
      }
    }
  }

  /** The source step's own id when it is a usable, unused step id; a generated one otherwise. */
  String id(PluginStep s) {
    return ids.own(s.id);
  }

  String generatedId() {
    return ids.generated();
  }

  /** Adds a step that acts in the current tab. */
  void act(Step step, String path) {
    if (lastActionOfTab.containsKey(currentTab) && step.expect().isEmpty()) {
      topUrlOfLastAction.remove(currentTab);
    }
    lastActionOfTab.put(currentTab, steps.size());
    steps.add(step);
    stepPaths.add(path);
  }

  /** Adds a step that only moves the flow into a tab or frame. */
  void context(Step step, String path) {
    steps.add(step);
    stepPaths.add(path);
  }

  /** Declares the script.eval capability, reporting it once. */
  void evalUsed(String path) {
    if (!scriptEval) {
      issues.warning(ConversionCode.EVAL_USED, path, "the flow runs a page script: it declares the script.eval "
          + "capability, which a run must allow (--allow eval)");
    }
    scriptEval = true;
  }

  /** The last step that acted in the current tab, if any. */
  Integer lastAction() {
    return lastActionOfTab.get(currentTab);
  }

  /** Appends {@code condition} to the expect list of the step at {@code index}. */
  void expect(int index, Condition condition) {
    Step s = steps.get(index);
    List<Condition> all = new ArrayList<>(s.expect());
    if (!all.contains(condition)) {
      all.add(condition);
      steps.set(index, s.withExpect(all));
    }
  }

  /** A step as the mapping table shows it: {@code click s4}. */
  static String describe(Step s) {
    return s.kind().op() + " " + s.id();
  }
}
