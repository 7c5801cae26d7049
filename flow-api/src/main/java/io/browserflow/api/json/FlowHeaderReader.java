package io.browserflow.api.json;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Input;
import io.browserflow.api.Policy;
import io.browserflow.api.Schedule;
import io.browserflow.api.TabAlias;
import io.browserflow.api.json.ReadContext.Fields;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the flow's declarations around its steps: meta, inputs, credentials, tab aliases, the data
 * table, the policy and the schedule. Each returns null when its part had a problem.
 */
final class FlowHeaderReader {
  private final ReadContext read;

  FlowHeaderReader(ReadContext read) {
    this.read = read;
  }

  FlowMeta meta(JsonValue v, String path) {
    Fields f = read.object(v, path, "the meta object");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    Optional<String> createdAt = read.optString(f, "createdAt");
    Optional<String> source = read.optString(f, "source");
    Optional<String> recorderVersion = read.optString(f, "recorderVersion");
    read.unknown(f, FormatNames.META);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> FlowMeta.builder().createdAt(createdAt).source(source)
        .recorderVersion(recorderVersion).build());
  }

  Input input(JsonValue v, String path) {
    Fields f = read.object(v, path, "an input");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    String key = read.string(f, "key", true);
    Optional<String> label = read.optString(f, "label");
    Input.Type type = read.enumValue(f, "type", Input.Type.class, Input.Type.TEXT);
    Boolean required = read.bool(f, "required");
    Optional<String> defaultValue = read.optString(f, "default");
    Optional<String> pattern = read.optString(f, "pattern");
    List<String> options = read.strings(f, "options");
    read.unknown(f, FormatNames.INPUT);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> {
      Input.Builder b = Input.builder().key(key).label(label).type(type).defaultValue(defaultValue)
          .pattern(pattern).addAllOptions(options);
      if (required != null) {
        b.required(required);
      }
      return b.build();
    });
  }

  Credential credential(JsonValue v, String path) {
    Fields f = read.object(v, path, "a credential");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    String key = read.string(f, "key", true);
    Optional<String> label = read.optString(f, "label");
    Credential.Type type = read.enumValue(f, "type", Credential.Type.class, Credential.Type.TEXT);
    Boolean required = read.bool(f, "required");
    Boolean secret = read.bool(f, "secret");
    read.unknown(f, FormatNames.CREDENTIAL);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> {
      Credential.Builder b = Credential.builder().key(key).label(label).type(type);
      if (required != null) {
        b.required(required);
      }
      if (secret != null) {
        b.secret(secret);
      }
      return b.build();
    });
  }

  TabAlias tab(JsonValue v, String path) {
    Fields f = read.object(v, path, "a tab");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    String alias = read.string(f, "alias", true);
    Optional<String> url = read.optString(f, "url");
    Optional<String> opener = read.optString(f, "opener");
    read.unknown(f, FormatNames.TAB);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> TabAlias.builder().alias(alias).url(url).opener(opener).build());
  }

  DataTable table(JsonValue v, String path) {
    Fields f = read.object(v, path, "the table");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    List<String> columns = read.strings(f, "columns");
    List<List<String>> rows = new ArrayList<>();
    JsonValue rowsValue = f.get("rows");
    if (rowsValue != null && read.isArray(rowsValue, f.at("rows"), "an array of rows")) {
      for (int i = 0; i < rowsValue.size(); i++) {
        JsonValue row = rowsValue.elements().get(i);
        String rowPath = JsonPath.index(f.at("rows"), i);
        if (read.isArray(row, rowPath, "an array of cells (strings)")) {
          rows.add(read.stringElements(row, rowPath));
        }
      }
    }
    read.unknown(f, FormatNames.TABLE);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> DataTable.of(columns, rows));
  }

  Policy policy(JsonValue v, String path) {
    Fields f = read.object(v, path, "the policy");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    List<String> origins = read.strings(f, "allowedOrigins");
    Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
    List<String> known = new ArrayList<>();
    for (Capability c : Capability.values()) {
      known.add(c.id());
    }
    JsonValue ids = f.get("capabilities");
    if (ids != null && read.isArray(ids, f.at("capabilities"), "an array of capability names")) {
      for (int i = 0; i < ids.size(); i++) {
        JsonValue id = ids.elements().get(i);
        String at = JsonPath.index(f.at("capabilities"), i);
        if (!id.is(JsonValue.Type.STRING)) {
          read.wrongType(at, id, "a capability name, one of " + String.join(", ", known));
        } else if (Capability.fromId(id.text()).isEmpty()) {
          read.problem(ErrorCode.FIELD_INVALID, at, id, ReadContext.unknownValue("capability", id.text(), known));
        } else {
          capabilities.add(Capability.fromId(id.text()).get());
        }
      }
    }
    read.unknown(f, FormatNames.POLICY);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> Policy.builder().allowedOrigins(origins).capabilities(capabilities).build());
  }

  Schedule schedule(JsonValue v, String path) {
    Fields f = read.object(v, path, "the schedule");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    Integer every = read.integer(f, "everyMinutes", false);
    Optional<String> cron = read.optString(f, "cron");
    read.refuseSinceV2(f, FormatNames.SINCE_V2_SCHEDULE);
    Optional<String> at = read.optString(f, "at");
    Boolean enabled = read.bool(f, "enabled");
    int given = (f.has("everyMinutes") ? 1 : 0) + (f.has("cron") ? 1 : 0) + (f.has("at") ? 1 : 0);
    if (given != 1) {
      read.problem(ErrorCode.FIELD_INVALID, f.path, f.object, "the schedule needs exactly one of everyMinutes, cron or at"
          + (given == 0 ? ", found none" : ", found " + given));
    }
    Map<String, String> input = new LinkedHashMap<>();
    JsonValue inputValue = f.get("input");
    if (inputValue != null) {
      Fields inputs = read.object(inputValue, f.at("input"), "the schedule input");
      if (inputs != null) {
        for (Map.Entry<String, JsonValue> e : inputValue.fields().entrySet()) {
          String value = read.string(inputs, e.getKey(), false);
          if (value != null) {
            input.put(e.getKey(), value);
          }
        }
      }
    }
    read.unknown(f, FormatNames.SCHEDULE);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> {
      Schedule.Builder b = Schedule.builder().cron(cron).at(at).input(input).enabled(enabled == null || enabled);
      if (every != null) {
        b.everyMinutes(every);
      }
      return b.build();
    });
  }
}
