package io.browserflow.api.json;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON value with the line and column where it started in the source (0 when it was built in
 * memory). Parsed documents and documents about to be written share this one small tree so that
 * problems can point at source positions and the writer can emit keys in either order.
 */
final class JsonValue {
  enum Type {
    OBJECT("an object"), ARRAY("an array"), STRING("a string"), INTEGER("an integer"),
    DECIMAL("a decimal number"), BOOLEAN("a boolean"), NULL("null");

    private final String description;

    Type(String description) {
      this.description = description;
    }

    String description() {
      return description;
    }
  }

  private final Type type;
  private final int line;
  private final int column;
  private final Map<String, JsonValue> fields;
  private final List<JsonValue> elements;
  private final String text;
  private final Number number;
  private final boolean bool;

  private JsonValue(Type type, int line, int column, String text, Number number, boolean bool) {
    this.type = type;
    this.line = line;
    this.column = column;
    this.fields = type == Type.OBJECT ? new LinkedHashMap<>() : null;
    this.elements = type == Type.ARRAY ? new ArrayList<>() : null;
    this.text = text;
    this.number = number;
    this.bool = bool;
  }

  static JsonValue object(int line, int column) {
    return new JsonValue(Type.OBJECT, line, column, null, null, false);
  }

  static JsonValue object() {
    return object(0, 0);
  }

  static JsonValue array(int line, int column) {
    return new JsonValue(Type.ARRAY, line, column, null, null, false);
  }

  static JsonValue array() {
    return array(0, 0);
  }

  static JsonValue string(String text, int line, int column) {
    return new JsonValue(Type.STRING, line, column, text, null, false);
  }

  static JsonValue string(String text) {
    return string(text, 0, 0);
  }

  /** An integer: Integer, Long or BigInteger. */
  static JsonValue integer(Number value, int line, int column) {
    return new JsonValue(Type.INTEGER, line, column, null, value, false);
  }

  static JsonValue integer(long value) {
    return integer(value, 0, 0);
  }

  static JsonValue decimal(double value, int line, int column) {
    return new JsonValue(Type.DECIMAL, line, column, null, value, false);
  }

  /** A number for a double field: written as an integer when it is one (but never for -0.0). */
  static JsonValue number(double value) {
    boolean negativeZero = Double.doubleToRawLongBits(value) == Double.doubleToRawLongBits(-0.0d);
    if (!negativeZero && value == Math.rint(value) && Math.abs(value) < 0x1p53) {
      return integer((long) value);
    }
    return decimal(value, 0, 0);
  }

  static JsonValue bool(boolean value, int line, int column) {
    return new JsonValue(Type.BOOLEAN, line, column, null, null, value);
  }

  static JsonValue bool(boolean value) {
    return bool(value, 0, 0);
  }

  static JsonValue nullValue(int line, int column) {
    return new JsonValue(Type.NULL, line, column, null, null, false);
  }

  Type type() {
    return type;
  }

  boolean is(Type t) {
    return type == t;
  }

  int line() {
    return line;
  }

  int column() {
    return column;
  }

  /** Adds a field unless the key is already there; false for a duplicate. */
  boolean putIfAbsent(String key, JsonValue value) {
    return fields.putIfAbsent(key, value) == null;
  }

  /** Adds or replaces a field (writer side). */
  JsonValue put(String key, JsonValue value) {
    fields.put(key, value);
    return this;
  }

  JsonValue put(String key, String value) {
    return put(key, string(value));
  }

  void add(JsonValue value) {
    elements.add(value);
  }

  /** The field, or null when absent. */
  JsonValue field(String key) {
    return fields.get(key);
  }

  Map<String, JsonValue> fields() {
    return Collections.unmodifiableMap(fields);
  }

  List<JsonValue> elements() {
    return Collections.unmodifiableList(elements);
  }

  int size() {
    return type == Type.OBJECT ? fields.size() : elements.size();
  }

  String text() {
    return text;
  }

  Number number() {
    return number;
  }

  boolean bool() {
    return bool;
  }

  /** The integer value if this is an integer within int range. */
  boolean isInt() {
    if (type != Type.INTEGER) {
      return false;
    }
    if (number instanceof BigInteger) {
      return ((BigInteger) number).bitLength() < 32;
    }
    long v = number.longValue();
    return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
  }
}
