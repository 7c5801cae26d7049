package io.browserflow.api.json;

import static io.browserflow.api.json.FlowJsonWriter.tooDeep;

import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import java.util.Optional;

/** Conditions as JSON objects, one {@link ConditionVisitor} case per form. */
final class ConditionWriter {
  private ConditionWriter() {}

  static JsonValue condition(Condition c, int depth) {
    if (depth > FlowJsonReader.MAX_STRUCTURE_DEPTH) {
      throw tooDeep(null);
    }
    return c.accept(new ConditionFields(depth));
  }

  /** The fields of one condition object; {@code depth} counts nested {@code not}s. */
  private record ConditionFields(int depth) implements ConditionVisitor<JsonValue> {
    @Override
    public JsonValue visitUrl(Condition.Url x) {
      return JsonValue.object().put("url", x.glob());
    }

    @Override
    public JsonValue visitTitle(Condition.Title x) {
      return JsonValue.object().put("title", x.glob());
    }

    @Override
    public JsonValue visitElement(Condition.Element x) {
      return JsonValue.object().put("element", TargetWriter.target(x.target())).put("state", FormatNames.of(x.state()));
    }

    @Override
    public JsonValue visitCount(Condition.Count x) {
      JsonValue o = JsonValue.object().put("element", TargetWriter.target(x.target()))
          .put("count", JsonValue.integer(x.count()));
      if (x.op() != Condition.Op.EQ) {
        o.put("op", x.op().symbol());
      }
      return o;
    }

    @Override
    public JsonValue visitText(Condition.Text x) {
      JsonValue o = JsonValue.object().put("text", x.text());
      x.target().ifPresent(t -> o.put("element", TargetWriter.target(t)));
      if (x.match() != Condition.Match.CONTAINS) {
        o.put("match", FormatNames.of(x.match()));
      }
      return o;
    }

    @Override
    public JsonValue visitValue(Condition.Value x) {
      return JsonValue.object().put("element", TargetWriter.target(x.target())).put("value", x.value());
    }

    @Override
    public JsonValue visitAttribute(Condition.Attribute x) {
      JsonValue o = JsonValue.object().put("element", TargetWriter.target(x.target())).put("attribute", x.name());
      x.value().ifPresent(v -> o.put("value", v));
      return o;
    }

    @Override
    public JsonValue visitVar(Condition.Var x) {
      JsonValue o = JsonValue.object().put("var", x.subject());
      Optional<String> operand = x.operand();
      return switch (x.op()) {
        case EQUALS -> o.put("equals", operand.orElse(""));
        case CONTAINS -> o.put("contains", operand.orElse(""));
        case TRUTHY -> o.put("truthy", JsonValue.bool(true));
        case FALSY -> o.put("falsy", JsonValue.bool(true));
      };
    }

    @Override
    public JsonValue visitDownload(Condition.Download x) {
      return JsonValue.object().put("download", x.fileGlob());
    }

    @Override
    public JsonValue visitLoad(Condition.Load x) {
      return JsonValue.object().put("loadState", FormatNames.of(x.state()));
    }

    @Override
    public JsonValue visitExpression(Condition.Expression x) {
      return JsonValue.object().put("expression", x.script());
    }

    @Override
    public JsonValue visitNot(Condition.Not x) {
      return JsonValue.object().put("not", condition(x.condition(), depth + 1));
    }
  }
}
