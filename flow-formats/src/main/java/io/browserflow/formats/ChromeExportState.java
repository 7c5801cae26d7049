package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one Chrome Recorder export has written so far, shared by the writers of its steps: the
 * recording's steps and the issues, the URL and opener each tab alias is known by, the tab and
 * frames the flow is in, and the evals whose result later steps use.
 */
final class ChromeExportState {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  static final String MAIN = "main";

  final Flow flow;
  final Issues issues = new Issues();
  /** The recording's steps. */
  final ArrayNode steps = JSON.arrayNode();
  final Map<String, String> tabUrl = new HashMap<>();
  final Map<String, String> tabOpener = new HashMap<>();
  /** Tabs whose unknown URL was warned about. */
  final Set<String> tabUrlWarned = new HashSet<>();
  /** Ids of the eval steps whose result a later step references. */
  final Set<String> evalOutputs = new HashSet<>();
  /** The tab alias the flow is in. */
  String tab = MAIN;
  /** The frame locators the flow has entered. */
  final List<String> frameContext = new ArrayList<>();
  int mapped;

  ChromeExportState(Flow flow) {
    this.flow = flow;
  }

  boolean unsupported(Step s, String p, String why) {
    issues.warning(ConversionCode.UNSUPPORTED_STEP, p, s.describe() + " (" + s.kind().op() + ") is not written: " + why);
    return false;
  }
}
