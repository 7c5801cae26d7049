package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Point;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One step of a Chrome Recorder user flow, read: its type, the page it acts in, its selectors,
 * frame indexes, asserted events and timeout, and the fields of its type. Reading never fails;
 * what a field holds that the import cannot use stays visible here ({@link #frame} null, {@link
 * #timeout} null), so the import can say so at the step's path.
 */
final class ChromeStep {
  /** An asserted event: its type, and its url when it has a non-blank one. */
  static final class AssertedEvent {
    final String type;
    final String url;
    /** The title the navigation leads to; null when absent or blank. */
    final String title;

    private AssertedEvent(JsonNode e) {
      this.type = e.path("type").asText();
      this.url = e.path("url").isTextual() && !e.get("url").asText().isBlank() ? e.get("url").asText() : null;
      this.title = e.path("title").isTextual() && !e.get("title").asText().isBlank() ? e.get("title").asText() : null;
    }
  }

  /** Where it is: {@code steps[3]}. */
  final String path;
  /** The step's type; null when the step is not an object with a type. */
  final String type;
  /** The page it acts in: {@code main}, or the URL of another page (a popup). */
  final String target;
  final JsonNode selectors;
  final boolean hasSelectors;
  /** The frame index path; empty when there is none, null when it is not a list of indexes. */
  final List<Integer> frame;
  final List<AssertedEvent> assertedEvents;
  final boolean hasTimeout;
  /** The timeout; null when it is absent or not a number. */
  final Integer timeout;

  // navigate, waitForURL
  /** The url; null when it is not a non-blank string. */
  final String url;
  final boolean exact;
  // setViewport
  final Integer width;
  final Integer height;
  /** The device scale factor when it is a number other than 1. */
  /** The device scale factor when it is a number other than 1; null otherwise. */
  final Double deviceScaleFactor;
  /** Which of isMobile, hasTouch and isLandscape are set. */
  final List<String> deviceFlags;
  // click, doubleClick
  final String button;
  final String deviceType;
  final boolean hasDuration;
  /** The press duration in ms when it is a non-negative number; null otherwise. */
  final Integer duration;
  final Optional<Point> offset;
  // change
  /** The value; null when it is not a string. */
  final String value;
  // keyDown, keyUp
  final String key;
  // scroll
  final double x;
  final double y;
  // waitForElement
  final String operator;
  final int count;
  final boolean visible;
  final Map<String, String> attributes;
  final Map<String, JsonNode> properties;
  // waitForExpression
  /** The expression; null when it is not a non-blank string. */
  final String expression;
  // emulateNetworkConditions: bytes per second and ms; null when not a number
  final Double download;
  final Double upload;
  final Double latency;
  // customStep
  final String name;
  /** The step's field names, as written. */
  final List<String> fields;

  private ChromeStep(JsonNode s, String path) {
    this.path = path;
    List<String> names = new ArrayList<>();
    s.fieldNames().forEachRemaining(names::add);
    this.fields = List.copyOf(names);
    this.type = s.isObject() && s.path("type").isTextual() ? s.get("type").asText() : null;
    this.target = s.path("target").asText("main");
    this.selectors = s.path("selectors");
    this.hasSelectors = s.has("selectors");
    this.frame = frame(s.path("frame"));
    List<AssertedEvent> events = new ArrayList<>();
    for (JsonNode e : s.path("assertedEvents")) {
      events.add(new AssertedEvent(e));
    }
    this.assertedEvents = List.copyOf(events);
    this.hasTimeout = s.has("timeout");
    this.timeout = hasTimeout && s.get("timeout").isNumber() ? s.get("timeout").asInt() : null;
    this.url = s.path("url").isTextual() && !s.get("url").asText().isBlank() ? s.get("url").asText() : null;
    this.exact = s.path("exact").asBoolean(false);
    this.width = s.path("width").isNumber() ? s.get("width").asInt() : null;
    this.height = s.path("height").isNumber() ? s.get("height").asInt() : null;
    this.deviceScaleFactor = s.path("deviceScaleFactor").isNumber() && s.get("deviceScaleFactor").asDouble() != 1.0
        ? s.get("deviceScaleFactor").asDouble() : null;
    List<String> flags = new ArrayList<>();
    for (String flag : List.of("isMobile", "hasTouch", "isLandscape")) {
      if (s.path(flag).asBoolean(false)) {
        flags.add(flag);
      }
    }
    this.deviceFlags = List.copyOf(flags);
    this.button = s.path("button").asText("primary");
    this.deviceType = s.path("deviceType").asText("mouse");
    this.hasDuration = s.has("duration");
    this.duration = s.path("duration").isNumber() && s.get("duration").asDouble() >= 0 ? (int) Math.round(s.get("duration").asDouble()) : null;
    this.offset = s.path("offsetX").isNumber() && s.path("offsetY").isNumber()
        ? Optional.of(Point.of(s.get("offsetX").asDouble(), s.get("offsetY").asDouble())) : Optional.empty();
    this.value = s.path("value").isTextual() ? s.get("value").asText() : null;
    this.key = s.path("key").asText("");
    this.x = s.path("x").asDouble(0);
    this.y = s.path("y").asDouble(0);
    this.operator = s.path("operator").asText(">=");
    this.count = s.path("count").isNumber() ? s.get("count").asInt() : 1;
    this.visible = s.has("visible") ? s.get("visible").asBoolean(true) : !s.path("hidden").asBoolean(false);
    Map<String, String> attrs = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = s.path("attributes").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> a = it.next();
      attrs.put(a.getKey(), a.getValue().asText());
    }
    this.attributes = attrs;
    Map<String, JsonNode> props = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = s.path("properties").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      props.put(e.getKey(), e.getValue());
    }
    this.properties = props;
    this.expression = s.path("expression").isTextual() && !s.get("expression").asText().isBlank()
        ? s.get("expression").asText() : null;
    this.download = s.path("download").isNumber() ? s.get("download").asDouble() : null;
    this.upload = s.path("upload").isNumber() ? s.get("upload").asDouble() : null;
    this.latency = s.path("latency").isNumber() ? s.get("latency").asDouble() : null;
    this.name = s.path("name").asText("unnamed");
  }

  /** The step {@code s} at {@code path}. */
  static ChromeStep of(JsonNode s, String path) {
    return new ChromeStep(s, path);
  }

  private static List<Integer> frame(JsonNode f) {
    if (f.isMissingNode() || f.isNull()) {
      return List.of();
    }
    if (!f.isArray()) {
      return null;
    }
    List<Integer> out = new ArrayList<>();
    for (JsonNode n : f) {
      if (!n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() < 0) {
        return null;
      }
      out.add(n.asInt());
    }
    return List.copyOf(out);
  }
}
