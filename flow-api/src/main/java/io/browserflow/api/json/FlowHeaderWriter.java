package io.browserflow.api.json;

import static io.browserflow.api.json.FlowJsonWriter.putStrings;
import static io.browserflow.api.json.FlowJsonWriter.strings;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Input;
import io.browserflow.api.Policy;
import io.browserflow.api.Schedule;
import io.browserflow.api.TabAlias;
import java.util.List;
import java.util.Map;

/**
 * The flow's declarations as JSON objects: meta, inputs, credentials, tab aliases, the data table,
 * the policy and the schedule, each without the fields that hold their defaults.
 */
final class FlowHeaderWriter {
  private FlowHeaderWriter() {}

  static JsonValue meta(FlowMeta m) {
    JsonValue o = JsonValue.object();
    m.createdAt().ifPresent(v -> o.put("createdAt", v));
    m.source().ifPresent(v -> o.put("source", v));
    m.recorderVersion().ifPresent(v -> o.put("recorderVersion", v));
    return o;
  }

  static JsonValue input(Input i) {
    JsonValue o = JsonValue.object();
    o.put("key", i.key());
    i.label().ifPresent(v -> o.put("label", v));
    if (i.type() != Input.Type.TEXT) {
      o.put("type", FormatNames.of(i.type()));
    }
    if (i.required() != i.defaultValue().isEmpty()) {
      o.put("required", JsonValue.bool(i.required()));
    }
    i.defaultValue().ifPresent(v -> o.put("default", v));
    i.pattern().ifPresent(v -> o.put("pattern", v));
    putStrings(o, "options", i.options());
    return o;
  }

  static JsonValue credential(Credential c) {
    JsonValue o = JsonValue.object();
    o.put("key", c.key());
    c.label().ifPresent(v -> o.put("label", v));
    if (c.type() != Credential.Type.TEXT) {
      o.put("type", FormatNames.of(c.type()));
    }
    if (!c.required()) {
      o.put("required", JsonValue.bool(false));
    }
    boolean secretByType = c.type() == Credential.Type.PASSWORD || c.type() == Credential.Type.TOKEN
        || c.type() == Credential.Type.API_KEY;
    if (c.secret() != secretByType) {
      o.put("secret", JsonValue.bool(c.secret()));
    }
    return o;
  }

  static JsonValue tab(TabAlias t) {
    JsonValue o = JsonValue.object();
    o.put("alias", t.alias());
    t.url().ifPresent(v -> o.put("url", v));
    t.opener().ifPresent(v -> o.put("opener", v));
    return o;
  }

  static JsonValue table(DataTable t) {
    JsonValue o = JsonValue.object();
    putStrings(o, "columns", t.columns());
    if (!t.rows().isEmpty()) {
      JsonValue rows = JsonValue.array();
      for (List<String> row : t.rows()) {
        rows.add(strings(row));
      }
      o.put("rows", rows);
    }
    return o;
  }

  static JsonValue policy(Policy p) {
    JsonValue o = JsonValue.object();
    putStrings(o, "allowedOrigins", p.allowedOrigins());
    if (!p.capabilities().isEmpty()) {
      JsonValue a = JsonValue.array();
      for (Capability c : Capability.values()) {
        if (p.capabilities().contains(c)) {
          a.add(JsonValue.string(c.id()));
        }
      }
      o.put("capabilities", a);
    }
    return o;
  }

  static JsonValue schedule(Schedule s) {
    JsonValue o = JsonValue.object();
    s.everyMinutes().ifPresent(v -> o.put("everyMinutes", JsonValue.integer(v)));
    s.cron().ifPresent(v -> o.put("cron", v));
    s.at().ifPresent(v -> o.put("at", v));
    if (!s.enabled()) {
      o.put("enabled", JsonValue.bool(false));
    }
    if (!s.input().isEmpty()) {
      JsonValue input = JsonValue.object();
      for (Map.Entry<String, String> e : s.input().entrySet()) {
        input.put(e.getKey(), e.getValue());
      }
      o.put("input", input);
    }
    return o;
  }
}
