package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one Chrome Recorder export has written so far, shared by the writers of its steps: the
 * recording's steps and the issues, the targets of the tabs ({@link ChromeTabTargets}), the tab
 * and frames the flow is in, the evals whose result later steps use, and for each written step the
 * flow step it comes from ({@link Origin}), which {@link ChromeDroppedSteps} needs to tell whether
 * a step left out is one later steps depend on.
 */
final class ChromeExportState {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  static final String MAIN = "main";

  /** The flow step a written step comes from, and the tab and frame context it was written in. */
  record Origin(String path, String step, String tab, int frameEpoch) {}

  final Flow flow;
  final Issues issues = new Issues();
  /** The recording's steps. */
  final ArrayNode steps = JSON.arrayNode();
  final ChromeTabTargets tabs;
  /** Ids of the eval steps whose result a later step references. */
  final Set<String> evalOutputs = new HashSet<>();
  /** The tab alias the flow is in. */
  String tab = MAIN;
  /** The frame locators the flow has entered. */
  final List<String> frameContext = new ArrayList<>();
  /** Counts the times the flow left its frames: written steps with the same count share a frame context. */
  int frameEpoch;
  /**
   * The URL of the cross-site frame the flow entered with {@code frame url:<URL>}, written as the
   * steps' {@code target} (the reference finds an out-of-process iframe by it); null otherwise.
   */
  String frameTarget;
  /** The last literal URL each tab was opened or navigated to. */
  final Map<String, String> pageUrl = new java.util.HashMap<>();
  /** The path and label of the flow step being written. */
  String path = "steps";
  String step = "";
  /** The index in {@link #issues} of the last issue that left a step out; -1 before any. */
  int lastDrop = -1;
  final Map<ObjectNode, Origin> origins = new IdentityHashMap<>();
  int mapped;

  ChromeExportState(Flow flow) {
    this.flow = flow;
    this.tabs = new ChromeTabTargets(flow, issues);
  }

  /** Back to the main frame of the tab (a navigation, another tab). */
  void leaveFrames() {
    frameContext.clear();
    frameTarget = null;
    frameEpoch++;
  }

  /** Notes where a new recording step comes from. */
  ObjectNode born(ObjectNode n) {
    origins.put(n, new Origin(path, step, tab, frameEpoch));
    return n;
  }

  /** A warning that the step is not written; {@link ChromeDroppedSteps} makes it blocking when later steps need the step. */
  boolean notWritten(ConversionCode code, String p, String message) {
    issues.warning(code, p, message);
    lastDrop = issues.size() - 1;
    return false;
  }

  boolean unsupported(Step s, String p, String why) {
    return notWritten(ConversionCode.UNSUPPORTED_STEP, p, s.describe() + " (" + s.kind().op() + ") is not written: " + why);
  }
}
