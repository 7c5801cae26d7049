package io.browserflow.api.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Turns a flow into the browserflow/2 tree (writer key order, defaults omitted) and renders it
 * either pretty-printed or canonical (keys sorted at every level, no insignificant whitespace).
 *
 * <p>The tree is built in parts, mirroring the reader: {@link FlowHeaderWriter} (declarations),
 * {@link StepWriter} (steps and their op fields), {@link ConditionWriter} and {@link TargetWriter}.
 */
final class FlowJsonWriter {
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final DefaultPrettyPrinter PRETTY = prettyPrinter();

  private FlowJsonWriter() {}

  static String pretty(Flow flow) {
    return render(tree(flow), false) + "\n";
  }

  static String canonical(Flow flow) {
    return render(tree(flow), true);
  }

  // ------------------------------------------------------------------ rendering

  private static DefaultPrettyPrinter prettyPrinter() {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    Separators separators = Separators.createDefaultInstance()
        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
        .withObjectEmptySeparator("")
        .withArrayEmptySeparator("");
    return new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter);
  }

  static String render(JsonValue value, boolean canonical) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      if (!canonical) {
        g.setPrettyPrinter(PRETTY.createInstance());
      }
      emit(value, g, canonical);
    } catch (IOException e) {
      // a StringWriter does not fail; only a generator constraint can get here
      throw tooDeep(e.getMessage());
    }
    return out.toString();
  }

  private static void emit(JsonValue v, JsonGenerator g, boolean sortKeys) throws IOException {
    Emission emission = switch (v.type()) {
      case OBJECT -> () -> {
        g.writeStartObject();
        List<String> keys = new ArrayList<>(v.fields().keySet());
        if (sortKeys) {
          Collections.sort(keys);
        }
        for (String key : keys) {
          g.writeFieldName(key);
          emit(v.field(key), g, sortKeys);
        }
        g.writeEndObject();
      };
      case ARRAY -> () -> {
        g.writeStartArray();
        for (JsonValue e : v.elements()) {
          emit(e, g, sortKeys);
        }
        g.writeEndArray();
      };
      case STRING -> () -> g.writeString(v.text());
      case INTEGER -> () -> {
        if (v.number() instanceof BigInteger) {
          g.writeNumber((BigInteger) v.number());
        } else {
          g.writeNumber(v.number().longValue());
        }
      };
      case DECIMAL -> () -> g.writeNumber(v.number().doubleValue());
      case BOOLEAN -> () -> g.writeBoolean(v.bool());
      case NULL -> g::writeNull;
    };
    emission.run();
  }

  /** Writing one value to the generator. */
  @FunctionalInterface
  private interface Emission {
    void run() throws IOException;
  }

  static FlowValidationException tooDeep(String detail) {
    return new FlowValidationException(List.of(Problem.limit(ErrorCode.LIMIT_EXCEEDED, "",
        "the flow nests too deeply to serialize" + (detail == null ? "" : ": " + detail),
        "more than " + FlowJsonReader.MAX_STRUCTURE_DEPTH, FlowJsonReader.MAX_STRUCTURE_DEPTH)));
  }

  // ------------------------------------------------------------------ model to tree

  static JsonValue tree(Flow flow) {
    return tree(flow, true);
  }

  /** A flow object; a subflow's ({@code top} false) has no schema. */
  private static JsonValue tree(Flow flow, boolean top) {
    JsonValue o = JsonValue.object();
    if (top) {
      o.put("schema", flow.schema());
    }
    o.put("id", flow.id());
    o.put("name", flow.name());
    if (top && flow.version() != 1) {
      o.put("version", JsonValue.integer(flow.version()));
    }
    flow.description().ifPresent(d -> o.put("description", d));
    putStrings(o, "tags", flow.tags());
    flow.meta().ifPresent(m -> o.put("meta", FlowHeaderWriter.meta(m)));
    if (!flow.inputs().isEmpty()) {
      JsonValue a = JsonValue.array();
      flow.inputs().forEach(i -> a.add(FlowHeaderWriter.input(i)));
      o.put("inputs", a);
    }
    if (!flow.credentials().isEmpty()) {
      JsonValue a = JsonValue.array();
      flow.credentials().forEach(c -> a.add(FlowHeaderWriter.credential(c)));
      o.put("credentials", a);
    }
    if (!flow.tabs().isEmpty()) {
      JsonValue a = JsonValue.array();
      flow.tabs().forEach(t -> a.add(FlowHeaderWriter.tab(t)));
      o.put("tabs", a);
    }
    flow.table().ifPresent(t -> o.put("table", FlowHeaderWriter.table(t)));
    flow.policy().ifPresent(p -> o.put("policy", FlowHeaderWriter.policy(p)));
    flow.schedule().ifPresent(s -> o.put("schedule", FlowHeaderWriter.schedule(s)));
    StepWriter.putSteps(o, "steps", flow.steps(), 1);
    if (!flow.outputs().isEmpty()) {
      JsonValue outputs = JsonValue.object();
      flow.outputs().forEach(outputs::put);
      o.put("outputs", outputs);
    }
    if (!flow.subflows().isEmpty()) {
      JsonValue a = JsonValue.array();
      flow.subflows().forEach(s -> a.add(tree(s, false)));
      o.put("subflows", a);
    }
    return o;
  }

  // ------------------------------------------------------------------ small pieces

  static void putStrings(JsonValue o, String key, List<String> values) {
    if (!values.isEmpty()) {
      o.put(key, strings(values));
    }
  }

  static JsonValue strings(List<String> values) {
    JsonValue a = JsonValue.array();
    for (String v : values) {
      a.add(JsonValue.string(v));
    }
    return a;
  }
}
