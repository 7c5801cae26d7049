package io.browserflow.api.json;

import static io.browserflow.api.json.FlowJsonWriter.putStrings;

import io.browserflow.api.Candidate;
import io.browserflow.api.Point;
import io.browserflow.api.Target;

/** Targets (candidates, frame path, shadow path) and click offsets as JSON objects. */
final class TargetWriter {
  private TargetWriter() {}

  static JsonValue target(Target t) {
    JsonValue o = JsonValue.object();
    if (!t.candidates().isEmpty()) {
      JsonValue a = JsonValue.array();
      for (Candidate c : t.candidates()) {
        JsonValue co = JsonValue.object().put(c.kind().jsonName(), c.value());
        c.name().ifPresent(n -> co.put("name", n));
        a.add(co);
      }
      o.put("candidates", a);
    }
    putStrings(o, "framePath", t.framePath());
    putStrings(o, "shadowPath", t.shadowPath());
    return o;
  }

  static JsonValue point(Point p) {
    return JsonValue.object().put("x", JsonValue.number(p.x())).put("y", JsonValue.number(p.y()));
  }
}
