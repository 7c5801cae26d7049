package io.browserflow.api.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
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
import io.browserflow.api.StepVisitor;
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
    s.accept(new OpFields(depth)).fields().forEach(o::put);
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

  /** The op-specific fields of a step, in the writer's key order; {@code depth} is the step's nesting depth. */
  private static final class OpFields implements StepVisitor<JsonValue> {
    private final int depth;

    OpFields(int depth) {
      this.depth = depth;
    }

    private JsonValue body(JsonValue o, String key, List<Step> steps) {
      putSteps(o, key, steps, depth + 1);
      return o;
    }

    @Override
    public JsonValue visitOpen(Step.Open x) {
      JsonValue o = JsonValue.object().put("url", x.url());
      x.tab().ifPresent(v -> o.put("tab", v));
      return o;
    }

    @Override
    public JsonValue visitNavigate(Step.Navigate x) {
      return JsonValue.object().put("url", x.url());
    }

    // back, forward, reload, frameMain: nothing beyond the common fields
    @Override public JsonValue visitBack(Step.Back x) { return JsonValue.object(); }
    @Override public JsonValue visitForward(Step.Forward x) { return JsonValue.object(); }
    @Override public JsonValue visitReload(Step.Reload x) { return JsonValue.object(); }
    @Override public JsonValue visitFrameMain(Step.FrameMain x) { return JsonValue.object(); }

    @Override
    public JsonValue visitTabNew(Step.TabNew x) {
      JsonValue o = JsonValue.object().put("alias", x.alias());
      x.url().ifPresent(v -> o.put("url", v));
      return o;
    }

    @Override
    public JsonValue visitTabSwitch(Step.TabSwitch x) {
      return JsonValue.object().put("alias", x.alias());
    }

    @Override
    public JsonValue visitTabClose(Step.TabClose x) {
      JsonValue o = JsonValue.object();
      x.alias().ifPresent(v -> o.put("alias", v));
      return o;
    }

    @Override
    public JsonValue visitFrame(Step.Frame x) {
      return JsonValue.object().put("locator", x.locator());
    }

    @Override
    public JsonValue visitSetViewport(Step.SetViewport x) {
      return JsonValue.object().put("width", JsonValue.integer(x.width())).put("height", JsonValue.integer(x.height()));
    }

    @Override
    public JsonValue visitClick(Step.Click x) {
      JsonValue o = JsonValue.object().put("target", target(x.target()));
      if (x.button() != Step.MouseButton.LEFT) {
        o.put("button", FormatNames.of(x.button()));
      }
      putStrings(o, "modifiers", x.modifiers());
      x.offset().ifPresent(p -> o.put("offset", point(p)));
      x.newTab().ifPresent(v -> o.put("newTab", v));
      return o;
    }

    @Override
    public JsonValue visitDblclick(Step.Dblclick x) {
      return targetAndOffset(x.target(), x.offset());
    }

    @Override
    public JsonValue visitContextmenu(Step.Contextmenu x) {
      return targetAndOffset(x.target(), x.offset());
    }

    private JsonValue targetAndOffset(Target t, Optional<Point> offset) {
      JsonValue o = JsonValue.object().put("target", target(t));
      offset.ifPresent(p -> o.put("offset", point(p)));
      return o;
    }

    @Override public JsonValue visitHover(Step.Hover x) { return targetOnly(x.target()); }
    @Override public JsonValue visitCheck(Step.Check x) { return targetOnly(x.target()); }
    @Override public JsonValue visitUncheck(Step.Uncheck x) { return targetOnly(x.target()); }
    @Override public JsonValue visitToggle(Step.Toggle x) { return targetOnly(x.target()); }

    private JsonValue targetOnly(Target t) {
      return JsonValue.object().put("target", target(t));
    }

    @Override
    public JsonValue visitFill(Step.Fill x) {
      return JsonValue.object().put("target", target(x.target())).put("value", x.value());
    }

    @Override
    public JsonValue visitType(Step.Type x) {
      JsonValue o = JsonValue.object();
      x.target().ifPresent(t -> o.put("target", target(t)));
      return o.put("text", x.text());
    }

    @Override
    public JsonValue visitPress(Step.Press x) {
      JsonValue o = JsonValue.object().put("key", x.key());
      putStrings(o, "modifiers", x.modifiers());
      x.target().ifPresent(t -> o.put("target", target(t)));
      return o;
    }

    @Override
    public JsonValue visitSelect(Step.Select x) {
      JsonValue o = JsonValue.object().put("target", target(x.target()));
      x.value().ifPresent(v -> o.put("value", v));
      x.label().ifPresent(v -> o.put("label", v));
      return o;
    }

    @Override
    public JsonValue visitScroll(Step.Scroll x) {
      JsonValue o = JsonValue.object();
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
      return o;
    }

    @Override
    public JsonValue visitDrag(Step.Drag x) {
      return JsonValue.object().put("from", target(x.source())).put("to", target(x.destination()));
    }

    @Override
    public JsonValue visitUpload(Step.Upload x) {
      JsonValue o = JsonValue.object().put("target", target(x.target()));
      putStrings(o, "files", x.files());
      return o;
    }

    @Override
    public JsonValue visitWait(Step.Wait x) {
      JsonValue o = JsonValue.object();
      x.ms().ifPresent(v -> o.put("ms", JsonValue.integer(v)));
      x.until().ifPresent(c -> o.put("until", condition(c, 1)));
      return o;
    }

    @Override
    public JsonValue visitAssert(Step.Assert x) {
      return JsonValue.object().put("condition", condition(x.condition(), 1));
    }

    @Override
    public JsonValue visitRead(Step.Read x) {
      JsonValue o = JsonValue.object().put("target", target(x.target()));
      if (x.what() != Step.ReadKind.TEXT) {
        o.put("what", FormatNames.of(x.what()));
      }
      x.attribute().ifPresent(v -> o.put("attribute", v));
      return o;
    }

    @Override
    public JsonValue visitScrape(Step.Scrape x) {
      JsonValue o = JsonValue.object().put("target", target(x.target()));
      if (x.mode() != Step.ScrapeMode.TABLE) {
        o.put("mode", FormatNames.of(x.mode()));
      }
      putStrings(o, "attributes", x.attributes());
      x.limit().ifPresent(v -> o.put("limit", JsonValue.integer(v)));
      return o;
    }

    @Override
    public JsonValue visitPaginate(Step.Paginate x) {
      JsonValue o = JsonValue.object().put("target", target(x.target()));
      if (x.mode() != Step.PaginateMode.NEXT) {
        o.put("mode", FormatNames.of(x.mode()));
      }
      o.put("maxPages", JsonValue.integer(x.maxPages()));
      return body(o, "body", x.body());
    }

    @Override
    public JsonValue visitSetVar(Step.SetVar x) {
      return JsonValue.object().put("name", x.name()).put("value", x.value());
    }

    @Override
    public JsonValue visitEval(Step.Eval x) {
      return JsonValue.object().put("script", x.script());
    }

    @Override
    public JsonValue visitScreenshot(Step.Screenshot x) {
      JsonValue o = JsonValue.object();
      x.target().ifPresent(t -> o.put("target", target(t)));
      x.name().ifPresent(v -> o.put("name", v));
      if (x.fullPage()) {
        o.put("fullPage", JsonValue.bool(true));
      }
      return o;
    }

    @Override
    public JsonValue visitCsvImport(Step.CsvImport x) {
      return JsonValue.object().put("path", x.path());
    }

    @Override
    public JsonValue visitCsvExport(Step.CsvExport x) {
      return JsonValue.object().put("source", x.source()).put("path", x.path());
    }

    @Override
    public JsonValue visitForeach(Step.Foreach x) {
      ForeachSource source = x.source();
      JsonValue o = switch (source.kind()) {
        case TABLE -> JsonValue.object().put("source", "table");
        case ITEMS -> JsonValue.object().put("source", source.ref().orElse(""));
        // the only list written even when empty: it says which kind of source this is
        case LITERAL -> JsonValue.object().put("items", strings(source.values()));
      };
      if (x.concurrency() != 1) {
        o.put("concurrency", JsonValue.integer(x.concurrency()));
      }
      return body(o, "body", x.body());
    }

    @Override
    public JsonValue visitRepeat(Step.Repeat x) {
      return body(JsonValue.object().put("times", JsonValue.integer(x.times())), "body", x.body());
    }

    @Override
    public JsonValue visitIf(Step.If x) {
      JsonValue o = body(JsonValue.object().put("condition", condition(x.condition(), 1)), "then", x.then());
      return body(o, "else", x.otherwise());
    }

    @Override
    public JsonValue visitWhile(Step.While x) {
      JsonValue o = body(JsonValue.object().put("condition", condition(x.condition(), 1)), "body", x.body());
      return o.put("max", JsonValue.integer(x.max()));
    }

    @Override
    public JsonValue visitManual(Step.Manual x) {
      return JsonValue.object().put("instructions", x.instructions());
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
    return c.accept(new ConditionFields(depth));
  }

  /** The fields of one condition object; {@code depth} counts nested {@code not}s. */
  private static final class ConditionFields implements ConditionVisitor<JsonValue> {
    private final int depth;

    ConditionFields(int depth) {
      this.depth = depth;
    }

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
      return JsonValue.object().put("element", target(x.target())).put("state", FormatNames.of(x.state()));
    }

    @Override
    public JsonValue visitCount(Condition.Count x) {
      JsonValue o = JsonValue.object().put("element", target(x.target())).put("count", JsonValue.integer(x.count()));
      if (x.op() != Condition.Op.EQ) {
        o.put("op", x.op().symbol());
      }
      return o;
    }

    @Override
    public JsonValue visitText(Condition.Text x) {
      JsonValue o = JsonValue.object().put("text", x.text());
      x.target().ifPresent(t -> o.put("element", target(t)));
      if (x.match() != Condition.Match.CONTAINS) {
        o.put("match", FormatNames.of(x.match()));
      }
      return o;
    }

    @Override
    public JsonValue visitValue(Condition.Value x) {
      return JsonValue.object().put("element", target(x.target())).put("value", x.value());
    }

    @Override
    public JsonValue visitAttribute(Condition.Attribute x) {
      JsonValue o = JsonValue.object().put("element", target(x.target())).put("attribute", x.name());
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
