package io.browserflow.api.json;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Problem;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * What the part readers of one document share: the problems found so far, whether unknown fields
 * are tolerated (lenient), and the typed field access that reports into them. An accessor returns
 * null (or an empty value) when its field has a problem, after adding the problem.
 */
final class ReadContext {
  private final boolean lenient;
  private final Problems problems;
  /** The document's schema, once known; browserflow/1 documents may not use what browserflow/2 added. */
  private String schema = io.browserflow.api.Flow.SCHEMA;

  ReadContext(boolean lenient, Problems problems) {
    this.lenient = lenient;
    this.problems = problems;
  }

  /** Problems reported so far; a part compares the count before and after to know whether it added any. */
  int problemCount() {
    return problems.count();
  }

  /** The fields of one JSON object being mapped, with where it is and what it is. */
  static final class Fields {
    final JsonValue object;
    final String path;
    String what;

    Fields(JsonValue object, String path, String what) {
      this.object = object;
      this.path = path;
      this.what = what;
    }

    /** The field's value; null when absent or JSON null (null means "not given"). */
    JsonValue get(String key) {
      JsonValue v = object.field(key);
      return v == null || v.is(JsonValue.Type.NULL) ? null : v;
    }

    boolean has(String key) {
      return get(key) != null;
    }

    String at(String key) {
      return JsonPath.field(path, key);
    }
  }

  // ------------------------------------------------------------------ typed field access

  Fields object(JsonValue v, String path, String what) {
    if (!v.is(JsonValue.Type.OBJECT)) {
      wrongType(path, v, what + " (a JSON object)");
      return null;
    }
    return new Fields(v, path, what);
  }

  boolean isArray(JsonValue v, String path, String what) {
    if (!v.is(JsonValue.Type.ARRAY)) {
      wrongType(path, v, what);
      return false;
    }
    return true;
  }

  <T> List<T> objects(Fields f, String key, BiFunction<JsonValue, String, T> item) {
    JsonValue v = f.get(key);
    if (v == null || !isArray(v, f.at(key), "an array")) {
      return List.of();
    }
    List<T> items = new ArrayList<>();
    for (int i = 0; i < v.size(); i++) {
      T t = item.apply(v.elements().get(i), JsonPath.index(f.at(key), i));
      if (t != null) {
        items.add(t);
      }
    }
    return items;
  }

  String string(Fields f, String key, boolean required) {
    JsonValue v = f.get(key);
    if (v == null) {
      if (required) {
        missing(f, key);
      }
      return null;
    }
    if (!v.is(JsonValue.Type.STRING)) {
      wrongType(f.at(key), v, "a string");
      return null;
    }
    return v.text();
  }

  Optional<String> optString(Fields f, String key) {
    return Optional.ofNullable(string(f, key, false));
  }

  Integer integer(Fields f, String key, boolean required) {
    JsonValue v = f.get(key);
    if (v == null) {
      if (required) {
        missing(f, key);
      }
      return null;
    }
    if (!v.isInt()) {
      if (v.is(JsonValue.Type.INTEGER)) {
        problem(ErrorCode.FIELD_INVALID, f.at(key), v, "the integer is outside the range "
            + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE);
      } else {
        wrongType(f.at(key), v, "an integer");
      }
      return null;
    }
    return v.number().intValue();
  }

  Double decimal(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null) {
      return null;
    }
    if (!v.is(JsonValue.Type.INTEGER) && !v.is(JsonValue.Type.DECIMAL)) {
      wrongType(f.at(key), v, "a number");
      return null;
    }
    double d = v.number().doubleValue();
    if (!Double.isFinite(d)) {
      problem(ErrorCode.FIELD_INVALID, f.at(key), v, "the number is too large");
      return null;
    }
    return d;
  }

  Boolean bool(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null) {
      return null;
    }
    if (!v.is(JsonValue.Type.BOOLEAN)) {
      wrongType(f.at(key), v, "true or false");
      return null;
    }
    return v.bool();
  }

  List<String> strings(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null || !isArray(v, f.at(key), "an array of strings")) {
      return List.of();
    }
    return stringElements(v, f.at(key));
  }

  /** An object of string values, in document order; empty when absent (and reported when required). */
  Map<String, String> stringMap(Fields f, String key, boolean required) {
    JsonValue v = f.get(key);
    if (v == null) {
      if (required) {
        missing(f, key);
      }
      return Map.of();
    }
    if (!v.is(JsonValue.Type.OBJECT)) {
      wrongType(f.at(key), v, "an object of string values");
      return Map.of();
    }
    Map<String, String> out = new java.util.LinkedHashMap<>();
    v.fields().forEach((name, value) -> {
      if (value.is(JsonValue.Type.STRING)) {
        out.put(name, value.text());
      } else {
        wrongType(JsonPath.field(f.at(key), name), value, "a string");
      }
    });
    return out;
  }

  List<String> stringElements(JsonValue array, String path) {
    List<String> strings = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      JsonValue e = array.elements().get(i);
      if (e.is(JsonValue.Type.STRING)) {
        strings.add(e.text());
      } else {
        wrongType(JsonPath.index(path, i), e, "a string");
      }
    }
    return strings;
  }

  <E extends Enum<E>> E enumValue(Fields f, String key, Class<E> type, E absent) {
    JsonValue v = f.get(key);
    if (v == null) {
      if (absent == null) {
        missing(f, key);
      }
      return absent;
    }
    List<String> allowed = FormatNames.spellings(type);
    if (!v.is(JsonValue.Type.STRING)) {
      wrongType(f.at(key), v, "a string, one of " + String.join(", ", allowed));
      return null;
    }
    Optional<E> e = FormatNames.parse(type, v.text());
    if (e.isEmpty()) {
      problem(ErrorCode.FIELD_INVALID, f.at(key), v, unknownValue(key, v.text(), allowed));
      return null;
    }
    return e.get();
  }

  void exactlyOne(Fields f, String a, String b) {
    boolean hasA = f.has(a);
    boolean hasB = f.has(b);
    if (hasA == hasB) {
      problem(ErrorCode.FIELD_INVALID, f.path, f.object, f.what + " needs exactly one of " + a + " or " + b
          + (hasA ? ", found both" : ", found neither"));
    }
  }

  // ------------------------------------------------------------------ schema versions

  void schema(String schema) {
    this.schema = schema;
  }

  /** Whether the document is browserflow/1 (read, then migrated to browserflow/2). */
  boolean v1() {
    return io.browserflow.api.Flow.SCHEMA_V1.equals(schema);
  }

  /**
   * In a browserflow/1 document, reports each of {@code sinceV2} present in {@code f}: browserflow/1
   * never had them, so the document's schema line is wrong.
   */
  void refuseSinceV2(Fields f, Collection<String> sinceV2) {
    if (!v1()) {
      return;
    }
    for (String key : sinceV2) {
      if (f.object.field(key) != null) {
        problem(ErrorCode.FIELD_INVALID, f.at(key), f.object.field(key), sinceV2Message("field \"" + key + "\""));
      }
    }
  }

  static String sinceV2Message(String what) {
    return what + " came with " + io.browserflow.api.Flow.SCHEMA + " and this document says \"schema\": \""
        + io.browserflow.api.Flow.SCHEMA_V1 + "\": change its schema to \"" + io.browserflow.api.Flow.SCHEMA
        + "\" (every browserflow/1 document is valid browserflow/2)";
  }

  // ------------------------------------------------------------------ problems

  void unknown(Fields f, Collection<String> known) {
    if (lenient) {
      return;
    }
    for (Map.Entry<String, JsonValue> e : f.object.fields().entrySet()) {
      String key = e.getKey();
      if (!known.contains(key)) {
        Optional<String> suggestion = FormatNames.closest(key, known);
        problem(ErrorCode.UNKNOWN_FIELD, f.at(key), e.getValue(), "unknown field " + JsonPath.quote(key)
            + " in " + f.what + suggestion.map(s -> "; did you mean \"" + s + "\"?")
                .orElse("; known fields: " + String.join(", ", known)));
      }
    }
  }

  void missing(Fields f, String key) {
    problem(ErrorCode.FIELD_MISSING, f.at(key), f.object, f.what + " needs the field \"" + key + "\"");
  }

  void wrongType(String path, JsonValue v, String expected) {
    problem(ErrorCode.FIELD_INVALID, path, v, "expected " + expected + ", found " + v.type().description());
  }

  static String unknownValue(String what, String value, List<String> allowed) {
    Optional<String> suggestion = FormatNames.closest(value, allowed);
    return "unknown " + what + " " + JsonPath.quote(value)
        + suggestion.map(s -> "; did you mean \"" + s + "\"?").orElse("")
        + " (allowed: " + String.join(", ", allowed) + ")";
  }

  void problem(ErrorCode code, String path, JsonValue at, String message) {
    Problem.Builder b = Problem.builder().code(code).path(path).message(message);
    if (at != null && at.line() > 0) {
      b.line(at.line());
      if (at.column() > 0) {
        b.column(at.column());
      }
    }
    problems.add(b.build());
  }

  /** Last line of defence: a model check the mapping did not anticipate becomes a problem, not an exception. */
  <T> T build(String path, JsonValue at, Supplier<T> make) {
    try {
      return make.get();
    } catch (RuntimeException e) {
      String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      problem(ErrorCode.FIELD_INVALID, path, at, "not a valid value: "
          + (detail.length() > 200 ? detail.substring(0, 200) + "..." : detail));
      return null;
    }
  }
}
