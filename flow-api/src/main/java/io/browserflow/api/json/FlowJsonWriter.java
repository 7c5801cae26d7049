package io.browserflow.api.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Point;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import io.browserflow.api.Retry;
import io.browserflow.api.Schedule;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a flow into the browserflow/1 tree (writer key order, defaults omitted) and renders it
 * either pretty-printed or canonical (keys sorted at every level, no insignificant whitespace).
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
    switch (v.type()) {
      case OBJECT: {
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
        break;
      }
      case ARRAY:
        g.writeStartArray();
        for (JsonValue e : v.elements()) {
          emit(e, g, sortKeys);
        }
        g.writeEndArray();
        break;
      case STRING:
        g.writeString(v.text());
        break;
      case INTEGER:
        if (v.number() instanceof BigInteger) {
          g.writeNumber((BigInteger) v.number());
        } else {
          g.writeNumber(v.number().longValue());
        }
        break;
      case DECIMAL:
        g.writeNumber(v.number().doubleValue());
        break;
      case BOOLEAN:
        g.writeBoolean(v.bool());
        break;
      default:
        g.writeNull();
    }
  }

  private static FlowValidationException tooDeep(String detail) {
    return new FlowValidationException(List.of(Problem.limit(ErrorCode.LIMIT_EXCEEDED, "",
        "the flow nests too deeply to serialize" + (detail == null ? "" : ": " + detail),
        "more than " + FlowJsonReader.MAX_STRUCTURE_DEPTH, FlowJsonReader.MAX_STRUCTURE_DEPTH)));
  }

  // ------------------------------------------------------------------ model to tree

  static JsonValue tree(Flow flow) {
    JsonValue o = JsonValue.object();
    o.put("schema", flow.schema());
    o.put("id", flow.id());
    o.put("name", flow.name());
    flow.description().ifPresent(d -> o.put("description", d));
    putStrings(o, "tags", flow.tags());
    flow.meta().ifPresent(m -> o.put("meta", meta(m)));
    if (!flow.inputs().isEmpty()) {
      JsonValue a = JsonValue.array();
      flow.inputs().forEach(i -> a.add(input(i)));
      o.put("inputs", a);
    }
    if (!flow.credentials().isEmpty()) {
      JsonValue a = JsonValue.array();
      flow.credentials().forEach(c -> a.add(credential(c)));
      o.put("credentials", a);
    }
    if (!flow.tabs().isEmpty()) {
      JsonValue a = JsonValue.array();
      flow.tabs().forEach(t -> a.add(tab(t)));
      o.put("tabs", a);
    }
    flow.table().ifPresent(t -> o.put("table", table(t)));
    flow.policy().ifPresent(p -> o.put("policy", policy(p)));
    flow.schedule().ifPresent(s -> o.put("schedule", schedule(s)));
    putSteps(o, "steps", flow.steps(), 1);
    return o;
  }

  private static JsonValue meta(FlowMeta m) {
    JsonValue o = JsonValue.object();
    m.createdAt().ifPresent(v -> o.put("createdAt", v));
    m.source().ifPresent(v -> o.put("source", v));
    m.recorderVersion().ifPresent(v -> o.put("recorderVersion", v));
    return o;
  }

  private static JsonValue input(Input i) {
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

  private static JsonValue credential(Credential c) {
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

  private static JsonValue tab(TabAlias t) {
    JsonValue o = JsonValue.object();
    o.put("alias", t.alias());
    t.url().ifPresent(v -> o.put("url", v));
    t.opener().ifPresent(v -> o.put("opener", v));
    return o;
  }

  private static JsonValue table(DataTable t) {
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

  private static JsonValue policy(Policy p) {
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

  private static JsonValue schedule(Schedule s) {
    JsonValue o = JsonValue.object();
    s.everyMinutes().ifPresent(v -> o.put("everyMinutes", JsonValue.integer(v)));
    s.cron().ifPresent(v -> o.put("cron", v));
    if (!s.input().isEmpty()) {
      JsonValue input = JsonValue.object();
      for (Map.Entry<String, String> e : s.input().entrySet()) {
        input.put(e.getKey(), e.getValue());
      }
      o.put("input", input);
    }
    return o;
  }

  // ------------------------------------------------------------------ steps

  private static void putSteps(JsonValue o, String key, List<Step> steps, int depth) {
    if (!steps.isEmpty()) {
      o.put(key, steps(steps, depth));
    }
  }

  private static JsonValue steps(List<Step> steps, int depth) {
    if (depth > FlowJsonReader.MAX_STRUCTURE_DEPTH) {
      throw tooDeep(null);
    }
    JsonValue a = JsonValue.array();
    for (Step s : steps) {
      a.add(step(s, depth));
    }
    return a;
  }

  private static JsonValue step(Step s, int depth) {
    JsonValue o = JsonValue.object();
    o.put("id", s.id());
    o.put("op", s.kind().op());
    s.title().ifPresent(v -> o.put("title", v));
    s.timeoutMs().ifPresent(v -> o.put("timeoutMs", JsonValue.integer(v)));
    s.retry().ifPresent(r -> o.put("retry", retry(r)));
    OnError onError = s.onError();
    if (onError.kind() == OnError.Kind.FALLBACK) {
      o.put("onError", JsonValue.object().put("fallback", steps(onError.fallback(), depth + 1)));
    } else if (onError.kind() != OnError.Kind.STOP) {
      o.put("onError", FormatNames.of(onError.kind()));
    }
    if (!s.expect().isEmpty()) {
      JsonValue a = JsonValue.array();
      s.expect().forEach(c -> a.add(condition(c, 1)));
      o.put("expect", a);
    }
    if (s.disabled()) {
      o.put("disabled", JsonValue.bool(true));
    }
    opFields(s, o, depth);
    return o;
  }

  private static JsonValue retry(Retry r) {
    JsonValue o = JsonValue.object();
    o.put("count", JsonValue.integer(r.count()));
    if (r.intervalMs() != 500) {
      o.put("intervalMs", JsonValue.integer(r.intervalMs()));
    }
    if (r.backoff() != Retry.Backoff.NONE) {
      o.put("backoff", FormatNames.of(r.backoff()));
    }
    return o;
  }

  private static void opFields(Step s, JsonValue o, int depth) {
    switch (s.kind()) {
      case OPEN: {
        Step.Open x = (Step.Open) s;
        o.put("url", x.url());
        x.tab().ifPresent(v -> o.put("tab", v));
        break;
      }
      case NAVIGATE:
        o.put("url", ((Step.Navigate) s).url());
        break;
      case TAB_NEW: {
        Step.TabNew x = (Step.TabNew) s;
        o.put("alias", x.alias());
        x.url().ifPresent(v -> o.put("url", v));
        break;
      }
      case TAB_SWITCH:
        o.put("alias", ((Step.TabSwitch) s).alias());
        break;
      case TAB_CLOSE:
        ((Step.TabClose) s).alias().ifPresent(v -> o.put("alias", v));
        break;
      case FRAME:
        o.put("locator", ((Step.Frame) s).locator());
        break;
      case SET_VIEWPORT: {
        Step.SetViewport x = (Step.SetViewport) s;
        o.put("width", JsonValue.integer(x.width()));
        o.put("height", JsonValue.integer(x.height()));
        break;
      }
      case CLICK: {
        Step.Click x = (Step.Click) s;
        o.put("target", target(x.target()));
        if (x.button() != Step.MouseButton.LEFT) {
          o.put("button", FormatNames.of(x.button()));
        }
        putStrings(o, "modifiers", x.modifiers());
        x.offset().ifPresent(p -> o.put("offset", point(p)));
        x.newTab().ifPresent(v -> o.put("newTab", v));
        break;
      }
      case DBLCLICK: {
        Step.Dblclick x = (Step.Dblclick) s;
        o.put("target", target(x.target()));
        x.offset().ifPresent(p -> o.put("offset", point(p)));
        break;
      }
      case CONTEXTMENU: {
        Step.Contextmenu x = (Step.Contextmenu) s;
        o.put("target", target(x.target()));
        x.offset().ifPresent(p -> o.put("offset", point(p)));
        break;
      }
      case HOVER:
        o.put("target", target(((Step.Hover) s).target()));
        break;
      case CHECK:
        o.put("target", target(((Step.Check) s).target()));
        break;
      case UNCHECK:
        o.put("target", target(((Step.Uncheck) s).target()));
        break;
      case TOGGLE:
        o.put("target", target(((Step.Toggle) s).target()));
        break;
      case FILL: {
        Step.Fill x = (Step.Fill) s;
        o.put("target", target(x.target()));
        o.put("value", x.value());
        break;
      }
      case TYPE: {
        Step.Type x = (Step.Type) s;
        x.target().ifPresent(t -> o.put("target", target(t)));
        o.put("text", x.text());
        break;
      }
      case PRESS: {
        Step.Press x = (Step.Press) s;
        o.put("key", x.key());
        putStrings(o, "modifiers", x.modifiers());
        x.target().ifPresent(t -> o.put("target", target(t)));
        break;
      }
      case SELECT: {
        Step.Select x = (Step.Select) s;
        o.put("target", target(x.target()));
        x.value().ifPresent(v -> o.put("value", v));
        x.label().ifPresent(v -> o.put("label", v));
        break;
      }
      case SCROLL: {
        Step.Scroll x = (Step.Scroll) s;
        if (x.mode() != Step.ScrollMode.BY) {
          o.put("mode", FormatNames.of(x.mode()));
        }
        x.target().ifPresent(t -> o.put("target", target(t)));
        if (x.x() != 0) {
          o.put("x", JsonValue.integer(x.x()));
        }
        if (x.y() != 0) {
          o.put("y", JsonValue.integer(x.y()));
        }
        break;
      }
      case DRAG: {
        Step.Drag x = (Step.Drag) s;
        o.put("from", target(x.source()));
        o.put("to", target(x.destination()));
        break;
      }
      case UPLOAD: {
        Step.Upload x = (Step.Upload) s;
        o.put("target", target(x.target()));
        putStrings(o, "files", x.files());
        break;
      }
      case WAIT: {
        Step.Wait x = (Step.Wait) s;
        x.ms().ifPresent(v -> o.put("ms", JsonValue.integer(v)));
        x.until().ifPresent(c -> o.put("until", condition(c, 1)));
        break;
      }
      case ASSERT:
        o.put("condition", condition(((Step.Assert) s).condition(), 1));
        break;
      case READ: {
        Step.Read x = (Step.Read) s;
        o.put("target", target(x.target()));
        if (x.what() != Step.ReadKind.TEXT) {
          o.put("what", FormatNames.of(x.what()));
        }
        x.attribute().ifPresent(v -> o.put("attribute", v));
        break;
      }
      case SCRAPE: {
        Step.Scrape x = (Step.Scrape) s;
        o.put("target", target(x.target()));
        if (x.mode() != Step.ScrapeMode.TABLE) {
          o.put("mode", FormatNames.of(x.mode()));
        }
        putStrings(o, "attributes", x.attributes());
        x.limit().ifPresent(v -> o.put("limit", JsonValue.integer(v)));
        break;
      }
      case PAGINATE: {
        Step.Paginate x = (Step.Paginate) s;
        o.put("target", target(x.target()));
        if (x.mode() != Step.PaginateMode.NEXT) {
          o.put("mode", FormatNames.of(x.mode()));
        }
        o.put("maxPages", JsonValue.integer(x.maxPages()));
        putSteps(o, "body", x.body(), depth + 1);
        break;
      }
      case SET_VAR: {
        Step.SetVar x = (Step.SetVar) s;
        o.put("name", x.name());
        o.put("value", x.value());
        break;
      }
      case EVAL:
        o.put("script", ((Step.Eval) s).script());
        break;
      case SCREENSHOT: {
        Step.Screenshot x = (Step.Screenshot) s;
        x.target().ifPresent(t -> o.put("target", target(t)));
        x.name().ifPresent(v -> o.put("name", v));
        if (x.fullPage()) {
          o.put("fullPage", JsonValue.bool(true));
        }
        break;
      }
      case CSV_IMPORT:
        o.put("path", ((Step.CsvImport) s).path());
        break;
      case CSV_EXPORT: {
        Step.CsvExport x = (Step.CsvExport) s;
        o.put("source", x.source());
        o.put("path", x.path());
        break;
      }
      case FOREACH: {
        Step.Foreach x = (Step.Foreach) s;
        ForeachSource source = x.source();
        switch (source.kind()) {
          case TABLE:
            o.put("source", "table");
            break;
          case ITEMS:
            o.put("source", source.ref().orElse(""));
            break;
          default:
            // the only list written even when empty: it says which kind of source this is
            o.put("items", strings(source.values()));
        }
        if (x.concurrency() != 1) {
          o.put("concurrency", JsonValue.integer(x.concurrency()));
        }
        putSteps(o, "body", x.body(), depth + 1);
        break;
      }
      case REPEAT: {
        Step.Repeat x = (Step.Repeat) s;
        o.put("times", JsonValue.integer(x.times()));
        putSteps(o, "body", x.body(), depth + 1);
        break;
      }
      case IF: {
        Step.If x = (Step.If) s;
        o.put("condition", condition(x.condition(), 1));
        putSteps(o, "then", x.then(), depth + 1);
        putSteps(o, "else", x.otherwise(), depth + 1);
        break;
      }
      case WHILE: {
        Step.While x = (Step.While) s;
        o.put("condition", condition(x.condition(), 1));
        putSteps(o, "body", x.body(), depth + 1);
        o.put("max", JsonValue.integer(x.max()));
        break;
      }
      case MANUAL:
        o.put("instructions", ((Step.Manual) s).instructions());
        break;
      default:
        // back, forward, reload, frameMain: nothing beyond the common fields
        break;
    }
  }

  // ------------------------------------------------------------------ targets and conditions

  private static JsonValue target(Target t) {
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

  private static JsonValue point(Point p) {
    return JsonValue.object().put("x", JsonValue.number(p.x())).put("y", JsonValue.number(p.y()));
  }

  private static JsonValue condition(Condition c, int depth) {
    if (depth > FlowJsonReader.MAX_STRUCTURE_DEPTH) {
      throw tooDeep(null);
    }
    JsonValue o = JsonValue.object();
    if (c instanceof Condition.Url) {
      o.put("url", ((Condition.Url) c).glob());
    } else if (c instanceof Condition.Title) {
      o.put("title", ((Condition.Title) c).glob());
    } else if (c instanceof Condition.Element) {
      Condition.Element x = (Condition.Element) c;
      o.put("element", target(x.target()));
      o.put("state", FormatNames.of(x.state()));
    } else if (c instanceof Condition.Count) {
      Condition.Count x = (Condition.Count) c;
      o.put("element", target(x.target()));
      o.put("count", JsonValue.integer(x.count()));
      if (x.op() != Condition.Op.EQ) {
        o.put("op", x.op().symbol());
      }
    } else if (c instanceof Condition.Text) {
      Condition.Text x = (Condition.Text) c;
      o.put("text", x.text());
      x.target().ifPresent(t -> o.put("element", target(t)));
      if (x.match() != Condition.Match.CONTAINS) {
        o.put("match", FormatNames.of(x.match()));
      }
    } else if (c instanceof Condition.Value) {
      Condition.Value x = (Condition.Value) c;
      o.put("element", target(x.target()));
      o.put("value", x.value());
    } else if (c instanceof Condition.Attribute) {
      Condition.Attribute x = (Condition.Attribute) c;
      o.put("element", target(x.target()));
      o.put("attribute", x.name());
      x.value().ifPresent(v -> o.put("value", v));
    } else if (c instanceof Condition.Var) {
      Condition.Var x = (Condition.Var) c;
      o.put("var", x.subject());
      Optional<String> operand = x.operand();
      switch (x.op()) {
        case EQUALS:
          o.put("equals", operand.orElse(""));
          break;
        case CONTAINS:
          o.put("contains", operand.orElse(""));
          break;
        case TRUTHY:
          o.put("truthy", JsonValue.bool(true));
          break;
        default:
          o.put("falsy", JsonValue.bool(true));
      }
    } else if (c instanceof Condition.Download) {
      o.put("download", ((Condition.Download) c).fileGlob());
    } else if (c instanceof Condition.Load) {
      o.put("loadState", FormatNames.of(((Condition.Load) c).state()));
    } else if (c instanceof Condition.Expression) {
      o.put("expression", ((Condition.Expression) c).script());
    } else {
      o.put("not", condition(((Condition.Not) c).condition(), depth + 1));
    }
    return o;
  }

  // ------------------------------------------------------------------ small pieces

  private static void putStrings(JsonValue o, String key, List<String> values) {
    if (!values.isEmpty()) {
      o.put(key, strings(values));
    }
  }

  private static JsonValue strings(List<String> values) {
    JsonValue a = JsonValue.array();
    for (String v : values) {
      a.add(JsonValue.string(v));
    }
    return a;
  }
}
