package io.browserflow.formats;

import io.browserflow.api.Credential;
import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one browserctl import has built so far, shared by the mappers of its commands: the issues,
 * the flow's declarations and steps (with the source path of each step), and what earlier
 * commands bound for later ones (tabs, captured variables, the frame and tab the page is in).
 */
final class BrowserctlImportState {
  final Issues issues = new Issues();
  final Map<String, Credential> credentials = new LinkedHashMap<>();
  final Map<String, Input> inputs = new LinkedHashMap<>();
  final List<Step> steps = new ArrayList<>();
  /** Source path of each step. */
  final List<String> stepPaths = new ArrayList<>();
  private final StepIds ids = new StepIds();
  /** Captured tab variable to the tab alias it names. */
  final Map<String, String> tabVars = new HashMap<>();
  /** Tab label ({@code --label}) to the tab alias it names. */
  final Map<String, String> tabLabels = new HashMap<>();
  /** Captured variable to the step output it reads ({@code steps.<id>.<field>}). */
  final Map<String, String> outputVars = new HashMap<>();
  /** Variables captured by commands that have no step: a reference to one cannot be resolved. */
  final Set<String> deadVars = new HashSet<>();
  /** Unknown references already reported. */
  final Set<String> reported = new HashSet<>();
  boolean scriptEval;
  boolean inFrame;
  String currentTab = "main";
  int generatedTabs;
  int mapped;
  /** Index of the step the previous command made or joined; -1 when it made none. */
  int lastStep = -1;
  String lastSource;
  /** Alias of a tab the previous command opened (a following switch to it is implied). */
  String justOpened;

  void add(Command c, Step step) {
    steps.add(step);
    stepPaths.add(c.path);
    ids.take(step.id());
  }

  String id(Command c) {
    return ids.own(c.id);
  }

  String generatedId() {
    return ids.generated();
  }

  /** Binds the variables a command captures to the step's output field. */
  void output(Command c, String stepId, String field) {
    c.capture.values().forEach(var -> outputVars.put(var, "steps." + stepId + "." + field));
  }
}
