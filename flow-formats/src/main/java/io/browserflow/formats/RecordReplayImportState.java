package io.browserflow.formats;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.Input;
import io.browserflow.api.Retry;
import io.browserflow.api.Step;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.formats.RecordReplayDocument.Node;
import io.browserflow.formats.RecordReplayDocument.Variable;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What one record-replay import has built so far, shared by the mappers of its nodes: the issues,
 * the step ids taken, the inputs and credentials the flow declares, what each variable name stands
 * for at this point of the walk (a flow variable, the output of a node that saved it, a run
 * variable, a loop item), the tabs opened and the capabilities the steps need.
 */
final class RecordReplayImportState {
  static final FlowLimits LIMITS = FlowLimits.defaults();
  static final String MAIN_TAB = "main";

  final Issues issues;
  final Set<String> ids = new HashSet<>();
  final Map<String, Input> inputs = new LinkedHashMap<>();
  final Map<String, Credential> credentials = new LinkedHashMap<>();
  /** Flow variables by key. */
  final Map<String, Variable> variables = new LinkedHashMap<>();
  /** Names saved by a node (saveAs, assign): the placeholder of the node's output, once that node has been mapped. */
  final Map<String, String> saved = new HashMap<>();
  /** The output placeholder of each step made from a node that saves a value (saveAs), by step id. */
  final Map<String, String> nodeOutputs = new HashMap<>();
  /** Names kept as run variables ({@code ${vars.NAME}}): saved more than once, or also a flow variable, or tested by a while. */
  final Set<String> runVariables = new HashSet<>();
  /** The item variables of the enclosing foreach loops, innermost first. */
  final Deque<String> loopItems = new ArrayDeque<>();
  final Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
  /** The last URL each tab alias was opened or navigated to, for switchTab and closeTab by URL. */
  final Map<String, String> tabUrls = new LinkedHashMap<>();
  String currentTab = MAIN_TAB;
  int tabs;
  /** Whether a navigate has been mapped (the first one of the flow opens the page). */
  boolean navigated;
  int mapped;
  int read;

  RecordReplayImportState(Issues issues) {
    this.issues = issues;
  }

  /** {@code wanted} when no step has it yet (characters a step id cannot hold become dashes), else with a suffix. */
  String id(String wanted) {
    String base = wanted.replaceAll("[^\\p{L}\\p{N}_.-]+", "-");
    if (base.isEmpty()) {
      base = "step";
    }
    String id = base;
    for (int n = 2; !ids.add(id); n++) {
      id = base + "-" + n;
    }
    return id;
  }

  /** The one step a node becomes, with the node's common parts. */
  List<Step> one(Step step, Node n) {
    return List.of(common(step, n));
  }

  /** The common parts of every step: the node's id, name, disabled switch, timeout, retry and screenshot switch. */
  Step common(Step step, Node n) {
    Step s = step;
    if (n.name() != null && !n.name().isBlank()) {
      s = s.withTitle(n.name().strip());
    }
    if (n.disabled()) {
      s = s.withDisabled(true);
    }
    if (n.config().has("timeoutMs")) {
      if (n.config().get("timeoutMs").isNumber()) {
        s = s.withTimeoutMs(issues.clamped(n.config().get("timeoutMs").asInt(), LIMITS.minStepTimeoutMs(), LIMITS.maxStepTimeoutMs(),
            n.path() + ".timeoutMs", "timeoutMs"));
      } else {
        issues.warning(ConversionCode.FIELD_INVALID, n.path() + ".timeoutMs", "timeoutMs is not a number; the default is used");
      }
    }
    if (n.config().path("retry").isObject()) {
      var r = n.config().get("retry");
      int count = issues.clamped(r.path("count").asInt(0), 0, LIMITS.maxRetries(), n.path() + ".retry.count", "retry count");
      int interval = Math.max(0, r.path("intervalMs").asInt(500));
      Retry.Backoff backoff = "exp".equals(r.path("backoff").asText("none")) ? Retry.Backoff.EXP : Retry.Backoff.NONE;
      if (count > 0) {
        s = s.withRetry(Retry.of(count, interval, backoff));
      }
    }
    if (n.config().path("screenshotOnFail").isBoolean() && !n.config().get("screenshotOnFail").asBoolean()) {
      issues.info(ConversionCode.UNSUPPORTED_OPTION, n.path() + ".screenshotOnFail", "screenshotOnFail false has no "
          + "equivalent: BrowserFlow always keeps a screenshot of a failed step");
    }
    return s;
  }

  /** A credential's type from its key: password, token, API key, URL or text. */
  static Credential.Type credentialType(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    if (lower.matches(".*(pass|pwd|secret).*")) {
      return Credential.Type.PASSWORD;
    }
    if (lower.matches(".*api.?key.*")) {
      return Credential.Type.API_KEY;
    }
    if (lower.contains("token")) {
      return Credential.Type.TOKEN;
    }
    return lower.endsWith("url") ? Credential.Type.URL : Credential.Type.TEXT;
  }
}
