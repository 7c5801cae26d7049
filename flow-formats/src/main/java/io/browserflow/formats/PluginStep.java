package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One step of a recording-plugin Flow JSON, its fields read but nothing mapped: the common ones
 * (id, type, tab, page URL, frame, target, post-condition) and those of its type, read on demand
 * from {@link #node}.
 */
final class PluginStep {
  /** The element a step acted on, as the plugin describes it. */
  static final class Element {
    /** The plugin's own selector, then its other candidates (css or xpath), in its order. */
    final List<String> selectors = new ArrayList<>();
    String tagName;
    /** An input's or button's {@code type}, lower case. */
    String type;
    String id;
    String name;
    String testId;
    String role;
    String ariaLabel;
    String label;
    String placeholder;
    String text;
    String className;

    boolean is(String tag) {
      return tag.equals(tagName);
    }

    boolean isSelect() {
      return is("SELECT");
    }

    boolean isCheckbox() {
      return is("INPUT") && "checkbox".equals(type) || "checkbox".equals(role) || "switch".equals(role);
    }

    boolean isRadio() {
      return is("INPUT") && "radio".equals(type) || "radio".equals(role);
    }

    boolean isForm() {
      return is("FORM");
    }

    /** A button or input that submits its form when clicked. */
    boolean isSubmitter() {
      return is("BUTTON") && (type == null || type.equals("submit"))
          || is("INPUT") && ("submit".equals(type) || "image".equals(type));
    }

    /** A field that takes typed text. */
    boolean isTextField() {
      if (is("TEXTAREA")) {
        return true;
      }
      if (!is("INPUT")) {
        return false;
      }
      return type == null || TEXT_TYPES.contains(type);
    }

    /** Words naming the field: its type, name, id, test id, placeholder, label and accessible name. */
    String naming() {
      StringBuilder sb = new StringBuilder();
      for (String s : new String[] {type, name, id, testId, placeholder, label, ariaLabel}) {
        if (s != null) {
          sb.append(s).append(' ');
        }
      }
      selectors.forEach(s -> sb.append(s).append(' '));
      return sb.toString().toLowerCase(Locale.ROOT);
    }

    boolean isPassword() {
      return "password".equals(type) || PASSWORD.matcher(naming()).find();
    }

    boolean isUserName() {
      return !isPassword() && USER.matcher(naming()).find();
    }

    /** The selector to name the element by in messages. */
    String describe() {
      if (!selectors.isEmpty()) {
        return selectors.get(0);
      }
      return tagName == null ? "(no selector)" : tagName.toLowerCase(Locale.ROOT);
    }
  }

  /** The frame a step ran in: the owner element's selectors, its name, its runtime id. */
  static final class Frame {
    final List<String> selectors = new ArrayList<>();
    String name;
    String frameId;
  }

  private static final java.util.Set<String> TEXT_TYPES = java.util.Set.of("text", "search", "email", "tel", "url",
      "password", "number");
  private static final Pattern PASSWORD = Pattern.compile("passw|passwd|pwd|passcode|\\botp\\b|one-time-code|密码|口令");
  private static final Pattern USER = Pattern.compile("user|login|account|e-?mail|用户名|账号|帐号|登录名");

  final JsonNode node;
  final String path;
  /** Null when the step is no object with a textual type. */
  final String type;
  final String id;
  final String tabId;
  /** The top page's URL when the step was recorded. */
  final String url;
  final String frameUrl;
  final Frame frame;
  final Element target;
  /** Whether the step has a {@code target} at all (it may still describe no element usably). */
  final boolean hasTarget;
  /** {@code postCondition.topUrl}: the top page's URL after the step. */
  final String topUrlAfter;

  private PluginStep(JsonNode node, String path) {
    this.node = node;
    this.path = path;
    boolean object = node != null && node.isObject();
    this.type = object && node.path("type").isTextual() ? node.get("type").asText() : null;
    this.id = object ? PluginRecording.text(node, "id") : null;
    this.tabId = object ? PluginRecording.text(node, "tabId") : null;
    this.url = object ? PluginRecording.text(node, "url") : null;
    this.frameUrl = object ? PluginRecording.text(node, "frameUrl") : null;
    this.frame = object && node.path("frame").isObject() ? frame(node.get("frame")) : null;
    this.hasTarget = object && node.hasNonNull("target");
    this.target = hasTarget ? element(node.get("target")) : null;
    this.topUrlAfter = object ? PluginRecording.text(node.path("postCondition"), "topUrl") : null;
  }

  static PluginStep of(JsonNode node, String path) {
    return new PluginStep(node, path);
  }

  /** Whether the step ran inside a frame (it names a frame URL or a frame). */
  boolean inFrame() {
    return frameUrl != null || frame != null;
  }

  String text(String field) {
    return PluginRecording.text(node, field);
  }

  boolean has(String field) {
    return node.hasNonNull(field);
  }

  boolean flag(String field) {
    return node.path(field).asBoolean(false);
  }

  /** A numeric field; null when absent or not a number. */
  Double number(String field) {
    JsonNode v = node.get(field);
    return v != null && v.isNumber() ? v.asDouble() : null;
  }

  private static Frame frame(JsonNode n) {
    Frame f = new Frame();
    addSelector(f.selectors, n.get("selector"));
    JsonNode c = n.path("selectorCandidates");
    for (int i = 0; c.isArray() && i < c.size(); i++) {
      addSelector(f.selectors, c.get(i));
    }
    f.name = PluginRecording.text(n, "name");
    f.frameId = PluginRecording.text(n, "frameId");
    return f;
  }

  private static Element element(JsonNode n) {
    Element e = new Element();
    if (n.isTextual()) {
      addSelector(e.selectors, n);
      return e;
    }
    if (!n.isObject()) {
      return e;
    }
    addSelector(e.selectors, n.get("selector"));
    JsonNode c = n.path("selectorCandidates");
    for (int i = 0; c.isArray() && i < c.size(); i++) {
      addSelector(e.selectors, c.get(i));
    }
    String tag = PluginRecording.text(n, "tagName");
    e.tagName = tag == null ? null : tag.toUpperCase(Locale.ROOT);
    String type = PluginRecording.text(n, "type");
    e.type = type == null ? null : type.toLowerCase(Locale.ROOT);
    e.id = blankToNull(PluginRecording.text(n, "id"));
    e.name = blankToNull(PluginRecording.text(n, "name"));
    e.testId = blankToNull(PluginRecording.text(n, "testId"));
    e.role = blankToNull(PluginRecording.text(n, "role"));
    e.ariaLabel = blankToNull(PluginRecording.text(n, "ariaLabel"));
    e.label = blankToNull(PluginRecording.text(n, "label"));
    e.placeholder = blankToNull(PluginRecording.text(n, "placeholder"));
    e.text = blankToNull(PluginRecording.text(n, "text"));
    e.className = blankToNull(PluginRecording.text(n, "className"));
    return e;
  }

  private static void addSelector(List<String> into, JsonNode s) {
    if (s != null && s.isTextual() && !s.asText().isBlank() && !into.contains(s.asText().strip())) {
      into.add(s.asText().strip());
    }
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}
