package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * A Chrome Recorder user flow, read: its title, the attribute its selectors were recorded on, its
 * timeout and its steps ({@link ChromeStep}).
 */
final class ChromeRecording {
  /** The title, stripped; empty when there is none. */
  final String title;
  /** The attribute selectors were recorded on; null when none is named. */
  final String selectorAttribute;
  final boolean hasTimeout;
  /** The timeout of every step; null when it is absent or not a number. */
  final Integer timeout;
  final List<ChromeStep> steps;

  private ChromeRecording(JsonNode root) {
    this.title = root.path("title").isTextual() ? root.path("title").asText().strip() : "";
    this.selectorAttribute = root.path("selectorAttribute").isTextual() ? root.path("selectorAttribute").asText() : null;
    this.hasTimeout = root.has("timeout");
    this.timeout = hasTimeout && root.get("timeout").isNumber() ? root.get("timeout").asInt() : null;
    JsonNode list = root.path("steps");
    List<ChromeStep> all = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      all.add(ChromeStep.of(list.get(i), "steps[" + i + "]"));
    }
    this.steps = List.copyOf(all);
  }

  /** The recording in {@code root}; {@code SCHEMA_UNSUPPORTED} when it is no object with a steps array. */
  static ChromeRecording of(JsonNode root, String origin) {
    if (!root.isObject() || !root.path("steps").isArray()) {
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.SCHEMA_UNSUPPORTED, "steps",
          Json.label(origin) + " is not a Chrome Recorder user flow: it needs a \"steps\" array")));
    }
    return new ChromeRecording(root);
  }
}
