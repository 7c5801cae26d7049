package io.browserflow.api.json;

import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Target;
import io.browserflow.api.json.ReadContext.Fields;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Reads conditions: works out the one form a condition object has from its keys, rejects keys
 * that belong to another form, and reads the form's fields. Nested {@code not}s count towards
 * {@link FlowJsonReader#MAX_STRUCTURE_DEPTH}.
 */
final class ConditionReader {
  private final ReadContext read;
  private final TargetReader targets;

  ConditionReader(ReadContext read, TargetReader targets) {
    this.read = read;
    this.targets = targets;
  }

  /** The conditions of the array under {@code key}, empty when absent; a bad one is reported and left out. */
  List<Condition> list(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null || !read.isArray(v, f.at(key), "an array of conditions")) {
      return List.of();
    }
    List<Condition> conditions = new ArrayList<>();
    for (int i = 0; i < v.size(); i++) {
      Condition c = condition(v.elements().get(i), JsonPath.index(f.at(key), i), 1);
      if (c != null) {
        conditions.add(c);
      }
    }
    return conditions;
  }

  /** The condition under {@code key}, which must be there. */
  Condition required(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null) {
      read.missing(f, key);
      return null;
    }
    return condition(v, f.at(key), 1);
  }

  /** The forms of a condition object and the keys each may carry. */
  private enum Form {
    URL("url"), TITLE("title"), ELEMENT("element", "state"), COUNT("element", "count", "op"),
    TEXT("text", "element", "match"), VALUE("element", "value"), ATTRIBUTE("element", "attribute", "value"),
    VAR("var", "equals", "contains", "truthy", "falsy"), DOWNLOAD("download"), LOAD("loadState"),
    EXPRESSION("expression"), NOT("not");

    final List<String> keys;

    Form(String... keys) {
      this.keys = List.of(keys);
    }

    String describe() {
      return FormatNames.of(this) + " condition";
    }
  }

  private static final List<String> PRIMARY_KEYS =
      List.of("url", "title", "element", "text", "var", "download", "loadState", "expression", "not");

  Condition condition(JsonValue v, String path, int depth) {
    Fields f = read.object(v, path, "a condition");
    if (f == null) {
      return null;
    }
    if (depth > FlowJsonReader.MAX_STRUCTURE_DEPTH) {
      read.problem(ErrorCode.LIMIT_EXCEEDED, JsonPath.abbreviate(path), v,
          "conditions nest deeper than " + FlowJsonReader.MAX_STRUCTURE_DEPTH + " levels");
      return null;
    }
    int before = read.problemCount();
    Form form = form(f);
    if (form != null) {
      f.what = "a " + form.describe();
      for (String key : FormatNames.CONDITION) {
        if (f.has(key) && !form.keys.contains(key)) {
          read.problem(ErrorCode.FIELD_INVALID, f.at(key), f.get(key),
              JsonPath.quote(key) + " does not belong to " + f.what + " (fields: " + String.join(", ", form.keys) + ")");
        }
      }
    }
    read.unknown(f, FormatNames.CONDITION);
    if (form == null) {
      return null;
    }
    Supplier<Condition> make = conditionOf(form, f, depth);
    if (read.problemCount() > before || make == null) {
      return null;
    }
    return read.build(path, v, make);
  }

  private Form form(Fields f) {
    if (f.has("element")) {
      if (f.has("count")) {
        return Form.COUNT;
      }
      if (f.has("attribute")) {
        return Form.ATTRIBUTE;
      }
      if (f.has("text")) {
        return Form.TEXT;
      }
      return f.has("value") ? Form.VALUE : Form.ELEMENT;
    }
    List<String> primaries = PRIMARY_KEYS.stream().filter(f::has).collect(Collectors.toList());
    if (primaries.isEmpty()) {
      for (String elementKey : List.of("state", "count", "attribute", "value")) {
        if (f.has(elementKey)) {
          read.problem(ErrorCode.FIELD_MISSING, f.at("element"), f.object,
              "a condition with " + JsonPath.quote(elementKey) + " needs an element target");
          return null;
        }
      }
      read.problem(ErrorCode.FIELD_INVALID, f.path, f.object, "the condition matches no form; it needs one of "
          + String.join(", ", PRIMARY_KEYS) + ", e.g. {\"url\": \"**/home\"}");
      return null;
    }
    if (primaries.contains("text") && primaries.size() == 1) {
      return Form.TEXT;
    }
    if (primaries.size() > 1) {
      read.problem(ErrorCode.FIELD_INVALID, f.path, f.object, "a condition has exactly one form, found "
          + String.join(" and ", primaries) + "; wrap several checks in separate conditions");
      return null;
    }
    String primary = primaries.get(0);
    return switch (primary) {
      case "url" -> Form.URL;
      case "title" -> Form.TITLE;
      case "var" -> Form.VAR;
      case "download" -> Form.DOWNLOAD;
      case "loadState" -> Form.LOAD;
      case "expression" -> Form.EXPRESSION;
      case "not" -> Form.NOT;
      default -> throw new IllegalStateException("no condition form for the primary key " + primary);
    };
  }

  private Supplier<Condition> conditionOf(Form form, Fields f, int depth) {
    return switch (form) {
      case URL -> {
        String glob = read.string(f, "url", true);
        yield () -> Condition.Url.of(glob);
      }
      case TITLE -> {
        String glob = read.string(f, "title", true);
        yield () -> Condition.Title.of(glob);
      }
      case ELEMENT -> {
        Target target = targets.target(f, "element", true);
        Condition.State state = read.enumValue(f, "state", Condition.State.class, Condition.State.VISIBLE);
        yield () -> Condition.Element.of(target, state);
      }
      case COUNT -> {
        Target target = targets.target(f, "element", true);
        Integer count = read.integer(f, "count", true);
        Condition.Op op = Condition.Op.EQ;
        JsonValue symbol = f.get("op");
        if (symbol != null) {
          List<String> symbols = new ArrayList<>();
          for (Condition.Op o : Condition.Op.values()) {
            symbols.add(o.symbol());
          }
          if (!symbol.is(JsonValue.Type.STRING)) {
            read.wrongType(f.at("op"), symbol, "a string, one of " + String.join(", ", symbols));
          } else if (Condition.Op.fromSymbol(symbol.text()).isEmpty()) {
            read.problem(ErrorCode.FIELD_INVALID, f.at("op"), symbol,
                ReadContext.unknownValue("comparison", symbol.text(), symbols));
          } else {
            op = Condition.Op.fromSymbol(symbol.text()).get();
          }
        }
        Condition.Op chosen = op;
        yield () -> Condition.Count.of(target, chosen, count);
      }
      case TEXT -> {
        String text = read.string(f, "text", true);
        Target target = targets.target(f, "element", false);
        Condition.Match match = read.enumValue(f, "match", Condition.Match.class, Condition.Match.CONTAINS);
        yield () -> Condition.Text.of(Optional.ofNullable(target), text, match);
      }
      case VALUE -> {
        Target target = targets.target(f, "element", true);
        String value = read.string(f, "value", true);
        yield () -> Condition.Value.of(target, value);
      }
      case ATTRIBUTE -> {
        Target target = targets.target(f, "element", true);
        String name = read.string(f, "attribute", true);
        Optional<String> value = read.optString(f, "value");
        yield () -> Condition.Attribute.of(target, name, value);
      }
      case VAR -> varCondition(f);
      case DOWNLOAD -> {
        String glob = read.string(f, "download", true);
        yield () -> Condition.Download.of(glob);
      }
      case LOAD -> {
        Condition.LoadState state = read.enumValue(f, "loadState", Condition.LoadState.class, null);
        yield () -> Condition.Load.of(state);
      }
      case EXPRESSION -> {
        String script = read.string(f, "expression", true);
        yield () -> Condition.Expression.of(script);
      }
      case NOT -> {
        Condition inner = condition(f.get("not"), f.at("not"), depth + 1);
        yield () -> Condition.Not.of(inner);
      }
    };
  }

  private Supplier<Condition> varCondition(Fields f) {
    String subject = read.string(f, "var", true);
    List<String> ops = List.of("equals", "contains", "truthy", "falsy");
    List<String> present = ops.stream().filter(f::has).collect(Collectors.toList());
    if (present.size() != 1) {
      read.problem(ErrorCode.FIELD_INVALID, f.path, f.object, "a var condition needs exactly one of "
          + String.join(", ", ops) + (present.isEmpty() ? "" : ", found " + String.join(" and ", present)));
      return null;
    }
    String op = present.get(0);
    if (op.equals("truthy") || op.equals("falsy")) {
      JsonValue flag = f.get(op);
      if (!flag.is(JsonValue.Type.BOOLEAN) || !flag.bool()) {
        read.problem(ErrorCode.FIELD_INVALID, f.at(op), flag, op + " takes only true"
            + (op.equals("truthy") ? "; use {\"falsy\": true} for the opposite" : "; use {\"truthy\": true} for the opposite"));
        return null;
      }
      return op.equals("truthy") ? () -> Condition.Var.truthy(subject) : () -> Condition.Var.falsy(subject);
    }
    String operand = read.string(f, op, true);
    return op.equals("equals") ? () -> Condition.Var.equalTo(subject, operand)
        : () -> Condition.Var.containing(subject, operand);
  }
}
