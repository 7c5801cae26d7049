package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A recording-plugin Flow JSON read into a small model: the file-level parts (name, session, tabs)
 * and its steps ({@link PluginStep}). Reading never maps anything; it fails only when the file
 * is not such a recording at all (no {@code steps}, an unknown major schema version).
 */
final class PluginRecording {
  static final String SCHEMA_VERSION = "1.0.0";
  /** The step types of the format; any other type is not carried over (blocking). */
  static final Set<String> TYPES = Set.of("input", "change", "click", "submit", "keydown", "scroll", "navigate",
      "postmessage", "wait");

  /** How a tab came to be, from its {@code origin}. */
  enum TabOrigin {
    /** The session's own tab ({@code start}). */
    START,
    /** Opened by a click of the recording ({@code click}, with {@code openerStepId}). */
    CLICK,
    /** Opened by the user: a new tab typed into ({@code newtab}, {@code typed}, {@code user}). */
    USER,
    /** Anything else (a page script, unknown, missing): no step can open it as recorded. */
    UNKNOWN
  }

  /** One tab of {@code tabs[]}. */
  static final class Tab {
    String id;
    TabOrigin origin = TabOrigin.UNKNOWN;
    String originText;
    String openerStepId;
    String url;
    String path;
  }

  String schemaVersion;
  String name;
  String title;
  String description;
  String createdAt;
  String recorderVersion;
  String startUrl;
  /** The session's tab id; null when neither the session nor a start tab names it. */
  String mainTab;
  final Map<String, Tab> tabs = new LinkedHashMap<>();
  final List<PluginStep> steps = new ArrayList<>();

  static PluginRecording of(JsonNode root, String origin) {
    if (root == null || !root.isObject()) {
      throw failure(ErrorCode.SCHEMA_UNSUPPORTED, "", Json.label(origin) + " is not a recording-plugin Flow JSON object");
    }
    PluginRecording r = new PluginRecording();
    r.schemaVersion = text(root, "schemaVersion");
    if (r.schemaVersion == null || !(r.schemaVersion.equals("1") || r.schemaVersion.startsWith("1."))) {
      throw failure(ErrorCode.SCHEMA_UNSUPPORTED, "schemaVersion", Json.label(origin) + " has schemaVersion " + r.schemaVersion
          + "; this reader understands the recording plugin's 1.x");
    }
    JsonNode steps = root.get("steps");
    if (steps == null || !steps.isArray()) {
      throw failure(ErrorCode.FIELD_MISSING, "steps", Json.label(origin) + " has no steps array");
    }
    r.name = text(root, "name");
    r.title = text(root, "title");
    r.description = text(root, "description");
    r.createdAt = text(root, "createdAt");
    JsonNode recorder = root.path("recorder");
    r.recorderVersion = text(recorder, "version");
    JsonNode session = root.path("session");
    r.startUrl = text(session, "startUrl");
    r.mainTab = text(session, "tabId");
    JsonNode tabs = root.path("tabs");
    for (int i = 0; tabs.isArray() && i < tabs.size(); i++) {
      Tab t = tab(tabs.get(i), "tabs[" + i + "]");
      if (t.id != null) {
        r.tabs.putIfAbsent(t.id, t);
        if (r.mainTab == null && t.origin == TabOrigin.START) {
          r.mainTab = t.id;
        }
      }
    }
    for (int i = 0; i < steps.size(); i++) {
      r.steps.add(PluginStep.of(steps.get(i), "steps[" + i + "]"));
    }
    if (r.mainTab == null) {
      r.steps.stream().map(s -> s.tabId).filter(java.util.Objects::nonNull).findFirst().ifPresent(t -> r.mainTab = t);
    }
    return r;
  }

  /** Whether the recording ever names a tab other than the session's. */
  boolean multiTab() {
    for (String id : tabs.keySet()) {
      if (!id.equals(mainTab)) {
        return true;
      }
    }
    return steps.stream().anyMatch(s -> s.tabId != null && !s.tabId.equals(mainTab));
  }

  private static Tab tab(JsonNode n, String path) {
    Tab t = new Tab();
    t.path = path;
    t.id = text(n, "tabId");
    t.originText = text(n, "origin");
    t.openerStepId = text(n, "openerStepId");
    t.url = text(n, "url");
    String o = t.originText == null ? "" : t.originText.toLowerCase(java.util.Locale.ROOT);
    switch (o) {
      case "start":
        t.origin = TabOrigin.START;
        break;
      case "click":
        t.origin = TabOrigin.CLICK;
        break;
      case "newtab":
      case "typed":
      case "user":
        t.origin = TabOrigin.USER;
        break;
      default:
        t.origin = TabOrigin.UNKNOWN;
    }
    return t;
  }

  /** A field's text (numbers as their text); null when absent, null or a container. */
  static String text(JsonNode node, String field) {
    JsonNode v = node == null ? null : node.get(field);
    return v == null || v.isNull() || v.isContainerNode() ? null : v.asText();
  }

  private static FlowFormatException failure(ErrorCode code, String path, String message) {
    return new FlowFormatException(List.of(Problem.of(code, path, message)));
  }
}
