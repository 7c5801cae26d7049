package io.browserflow.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.JsonSelector;
import io.browserflow.api.Step;
import io.browserflow.api.ExternalStep;
import io.browserflow.engine.spi.HttpExchange;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** The outputs of an http step: status, body, headers and its extracts. */
final class HttpOutputs {
  private HttpOutputs() {}

  static Map<String, Object> of(ExternalStep.Http step, HttpExchange.Response response) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("status", String.valueOf(response.status()));
    out.put("body", response.body());
    Map<String, String> headers = new TreeMap<>();
    // set-cookie carries session cookies: they join the session's cookie jar, never the outputs
    response.headers().forEach((k, v) -> {
      if (!k.equalsIgnoreCase("set-cookie")) {
        headers.put(k.toLowerCase(java.util.Locale.ROOT), v);
      }
    });
    out.put("headers", headers);
    if (!step.extract().isEmpty()) {
      JsonNode doc = parse(step, response.body());
      step.extract().forEach((name, path) -> out.put(name, select(step, doc, name, path)));
    }
    return out;
  }

  private static JsonNode parse(ExternalStep.Http step, String body) {
    try {
      return RunResultJson.MAPPER.readTree(body);
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.CAPTURE_MISSING, "the response to " + step.method() + " "
          + withoutQuery(step.url()) + " is not JSON, so extract has nothing to select from ("
          + e.getMessage().lines().findFirst().orElse("") + ")");
    }
  }

  private static Object select(ExternalStep.Http step, JsonNode doc, String name, String path) {
    JsonNode at = doc;
    for (Object segment : JsonSelector.parse(path).segments()) {
      at = segment instanceof Integer ? at.path((Integer) segment) : at.path((String) segment);
    }
    if (at.isMissingNode()) {
      throw new FlowRunException(ErrorCode.CAPTURE_MISSING, "the response to " + step.method() + " "
          + withoutQuery(step.url()) + " has nothing at " + path + " (extract " + name + ")");
    }
    if (at.isValueNode()) {
      return at.isNull() ? "null" : at.asText();
    }
    return RunResultJson.MAPPER.convertValue(at, Object.class);
  }

  /** The URL without its query and fragment, for messages (a query may carry values). */
  static String withoutQuery(String url) {
    int cut = url.length();
    for (char c : new char[] {'?', '#'}) {
      int i = url.indexOf(c);
      if (i >= 0 && i < cut) {
        cut = i;
      }
    }
    return url.substring(0, cut);
  }
}
