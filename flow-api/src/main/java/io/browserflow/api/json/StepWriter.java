package io.browserflow.api.json;

import static io.browserflow.api.json.FlowJsonWriter.putStrings;
import static io.browserflow.api.json.FlowJsonWriter.strings;
import static io.browserflow.api.json.FlowJsonWriter.tooDeep;

import io.browserflow.api.Dialog;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.OnError;
import io.browserflow.api.Point;
import io.browserflow.api.Retry;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import java.util.List;
import java.util.Optional;

/**
 * Steps as JSON objects: the common step fields, then the op-specific fields of each kind through
 * a {@link StepVisitor} (so a new kind does not compile until it says how it is written).
 */
final class StepWriter {
  private StepWriter() {}

  static void putSteps(JsonValue o, String key, List<Step> steps, int depth) {
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
      s.expect().forEach(c -> a.add(ConditionWriter.condition(c, 1)));
      o.put("expect", a);
    }
    if (!s.dialogs().isEmpty()) {
      JsonValue a = JsonValue.array();
      for (Dialog d : s.dialogs()) {
        JsonValue dj = JsonValue.object().put("type", FormatNames.of(d.type()));
        d.message().ifPresent(m -> dj.put("message", m));
        dj.put("answer", FormatNames.of(d.answer()));
        d.text().ifPresent(t -> dj.put("text", t));
        a.add(dj);
      }
      o.put("dialogs", a);
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
  private record OpFields(int depth) implements StepVisitor<JsonValue> {
    private JsonValue body(JsonValue o, String key, List<Step> steps) {
      putSteps(o, key, steps, depth + 1);
      return o;
    }

    @Override
    public JsonValue visitOpen(PageStep.Open x) {
      JsonValue o = JsonValue.object().put("url", x.url());
      x.tab().ifPresent(v -> o.put("tab", v));
      return o;
    }

    @Override
    public JsonValue visitNavigate(PageStep.Navigate x) {
      return JsonValue.object().put("url", x.url());
    }

    // back, forward, reload, frameMain: nothing beyond the common fields
    @Override public JsonValue visitBack(PageStep.Back x) { return JsonValue.object(); }
    @Override public JsonValue visitForward(PageStep.Forward x) { return JsonValue.object(); }
    @Override public JsonValue visitReload(PageStep.Reload x) { return JsonValue.object(); }
    @Override public JsonValue visitFrameMain(PageStep.FrameMain x) { return JsonValue.object(); }

    @Override
    public JsonValue visitTabNew(PageStep.TabNew x) {
      JsonValue o = JsonValue.object().put("alias", x.alias());
      x.url().ifPresent(v -> o.put("url", v));
      return o;
    }

    @Override
    public JsonValue visitTabSwitch(PageStep.TabSwitch x) {
      return JsonValue.object().put("alias", x.alias());
    }

    @Override
    public JsonValue visitTabClose(PageStep.TabClose x) {
      JsonValue o = JsonValue.object();
      x.alias().ifPresent(v -> o.put("alias", v));
      return o;
    }

    @Override
    public JsonValue visitFrame(PageStep.Frame x) {
      return JsonValue.object().put("locator", x.locator());
    }

    @Override
    public JsonValue visitSetViewport(PageStep.SetViewport x) {
      JsonValue o = JsonValue.object().put("width", JsonValue.integer(x.width())).put("height", JsonValue.integer(x.height()));
      x.deviceScaleFactor().ifPresent(d -> o.put("deviceScaleFactor", JsonValue.number(d)));
      if (x.mobile()) {
        o.put("mobile", JsonValue.bool(true));
      }
      if (x.touch()) {
        o.put("touch", JsonValue.bool(true));
      }
      return o;
    }

    @Override
    public JsonValue visitEmulateNetwork(PageStep.EmulateNetwork x) {
      JsonValue o = JsonValue.object();
      if (x.offline()) {
        o.put("offline", JsonValue.bool(true));
      }
      x.downloadBytesPerSecond().ifPresent(v -> o.put("downloadBytesPerSecond", JsonValue.integer(v)));
      x.uploadBytesPerSecond().ifPresent(v -> o.put("uploadBytesPerSecond", JsonValue.integer(v)));
      x.latencyMs().ifPresent(v -> o.put("latencyMs", JsonValue.integer(v)));
      return o;
    }

    @Override
    public JsonValue visitClick(InteractionStep.Click x) {
      JsonValue o = JsonValue.object().put("target", TargetWriter.target(x.target()));
      if (x.button() != Step.MouseButton.LEFT) {
        o.put("button", FormatNames.of(x.button()));
      }
      putStrings(o, "modifiers", x.modifiers());
      x.offset().ifPresent(p -> o.put("offset", TargetWriter.point(p)));
      x.newTab().ifPresent(v -> o.put("newTab", v));
      x.delay().ifPresent(v -> o.put("delay", JsonValue.integer(v)));
      return o;
    }

    @Override
    public JsonValue visitDblclick(InteractionStep.Dblclick x) {
      return targetAndOffset(x.target(), x.offset());
    }

    @Override
    public JsonValue visitContextmenu(InteractionStep.Contextmenu x) {
      return targetAndOffset(x.target(), x.offset());
    }

    private JsonValue targetAndOffset(Target t, Optional<Point> offset) {
      JsonValue o = JsonValue.object().put("target", TargetWriter.target(t));
      offset.ifPresent(p -> o.put("offset", TargetWriter.point(p)));
      return o;
    }

    @Override public JsonValue visitHover(InteractionStep.Hover x) { return targetOnly(x.target()); }

    @Override
    public JsonValue visitMouse(InteractionStep.Mouse x) {
      JsonValue o = JsonValue.object().put("action", FormatNames.of(x.action())).put("target", TargetWriter.target(x.target()));
      x.fromCenter().ifPresent(p -> o.put("fromCenter", TargetWriter.point(p)));
      if (x.button() != Step.MouseButton.LEFT) {
        o.put("button", FormatNames.of(x.button()));
      }
      return o;
    }
    @Override public JsonValue visitCheck(InteractionStep.Check x) { return targetOnly(x.target()); }
    @Override public JsonValue visitUncheck(InteractionStep.Uncheck x) { return targetOnly(x.target()); }
    @Override public JsonValue visitToggle(InteractionStep.Toggle x) { return targetOnly(x.target()); }

    private JsonValue targetOnly(Target t) {
      return JsonValue.object().put("target", TargetWriter.target(t));
    }

    @Override
    public JsonValue visitFill(InteractionStep.Fill x) {
      return JsonValue.object().put("target", TargetWriter.target(x.target())).put("value", x.value());
    }

    @Override
    public JsonValue visitChange(InteractionStep.Change x) {
      return JsonValue.object().put("target", TargetWriter.target(x.target())).put("value", x.value());
    }

    @Override
    public JsonValue visitType(InteractionStep.Type x) {
      JsonValue o = JsonValue.object();
      x.target().ifPresent(t -> o.put("target", TargetWriter.target(t)));
      return o.put("text", x.text());
    }

    @Override
    public JsonValue visitPress(InteractionStep.Press x) {
      JsonValue o = JsonValue.object().put("key", x.key());
      putStrings(o, "modifiers", x.modifiers());
      if (x.phase() != Step.KeyPhase.PRESS) {
        o.put("phase", FormatNames.of(x.phase()));
      }
      x.target().ifPresent(t -> o.put("target", TargetWriter.target(t)));
      return o;
    }

    @Override
    public JsonValue visitSelect(InteractionStep.Select x) {
      JsonValue o = JsonValue.object().put("target", TargetWriter.target(x.target()));
      x.value().ifPresent(v -> o.put("value", v));
      x.label().ifPresent(v -> o.put("label", v));
      return o;
    }

    @Override
    public JsonValue visitScroll(InteractionStep.Scroll x) {
      JsonValue o = JsonValue.object();
      if (x.mode() != Step.ScrollMode.BY) {
        o.put("mode", FormatNames.of(x.mode()));
      }
      x.target().ifPresent(t -> o.put("target", TargetWriter.target(t)));
      if (x.x() != 0) {
        o.put("x", JsonValue.integer(x.x()));
      }
      if (x.y() != 0) {
        o.put("y", JsonValue.integer(x.y()));
      }
      return o;
    }

    @Override
    public JsonValue visitDrag(InteractionStep.Drag x) {
      return JsonValue.object().put("from", TargetWriter.target(x.source()))
          .put("to", TargetWriter.target(x.destination()));
    }

    @Override
    public JsonValue visitUpload(InteractionStep.Upload x) {
      JsonValue o = JsonValue.object().put("target", TargetWriter.target(x.target()));
      putStrings(o, "files", x.files());
      return o;
    }

    @Override
    public JsonValue visitWait(CheckStep.Wait x) {
      JsonValue o = JsonValue.object();
      x.ms().ifPresent(v -> o.put("ms", JsonValue.integer(v)));
      x.until().ifPresent(c -> o.put("until", ConditionWriter.condition(c, 1)));
      return o;
    }

    @Override
    public JsonValue visitAssert(CheckStep.Assert x) {
      return JsonValue.object().put("condition", ConditionWriter.condition(x.condition(), 1));
    }

    @Override
    public JsonValue visitRead(DataStep.Read x) {
      JsonValue o = JsonValue.object().put("target", TargetWriter.target(x.target()));
      if (x.what() != Step.ReadKind.TEXT) {
        o.put("what", FormatNames.of(x.what()));
      }
      x.attribute().ifPresent(v -> o.put("attribute", v));
      return o;
    }

    @Override
    public JsonValue visitScrape(DataStep.Scrape x) {
      JsonValue o = JsonValue.object().put("target", TargetWriter.target(x.target()));
      if (x.mode() != Step.ScrapeMode.TABLE) {
        o.put("mode", FormatNames.of(x.mode()));
      }
      putStrings(o, "attributes", x.attributes());
      x.limit().ifPresent(v -> o.put("limit", JsonValue.integer(v)));
      return o;
    }

    @Override
    public JsonValue visitPaginate(DataStep.Paginate x) {
      JsonValue o = JsonValue.object().put("target", TargetWriter.target(x.target()));
      if (x.mode() != Step.PaginateMode.NEXT) {
        o.put("mode", FormatNames.of(x.mode()));
      }
      o.put("maxPages", JsonValue.integer(x.maxPages()));
      return body(o, "body", x.body());
    }

    @Override
    public JsonValue visitSetVar(DataStep.SetVar x) {
      return JsonValue.object().put("name", x.name()).put("value", x.value());
    }

    @Override
    public JsonValue visitEval(DataStep.Eval x) {
      return JsonValue.object().put("script", x.script());
    }

    @Override
    public JsonValue visitScreenshot(DataStep.Screenshot x) {
      JsonValue o = JsonValue.object();
      x.target().ifPresent(t -> o.put("target", TargetWriter.target(t)));
      x.name().ifPresent(v -> o.put("name", v));
      if (x.fullPage()) {
        o.put("fullPage", JsonValue.bool(true));
      }
      return o;
    }

    @Override
    public JsonValue visitCsvImport(DataStep.CsvImport x) {
      return JsonValue.object().put("path", x.path());
    }

    @Override
    public JsonValue visitCsvExport(DataStep.CsvExport x) {
      return JsonValue.object().put("source", x.source()).put("path", x.path());
    }

    @Override
    public JsonValue visitDatasetWrite(DataStep.DatasetWrite x) {
      return JsonValue.object().put("dataset", x.dataset()).put("row", stringMap(x.row()));
    }

    @Override
    public JsonValue visitDatasetExport(DataStep.DatasetExport x) {
      JsonValue o = JsonValue.object().put("dataset", x.dataset());
      if (x.format() != Step.DatasetFormat.CSV) {
        o.put("format", FormatNames.of(x.format()));
      }
      o.put("path", x.path());
      if (x.clear()) {
        o.put("clear", JsonValue.bool(true));
      }
      return o;
    }

    @Override
    public JsonValue visitHttp(ExternalStep.Http x) {
      JsonValue o = JsonValue.object();
      if (!x.method().equals("GET")) {
        o.put("method", x.method());
      }
      o.put("url", x.url());
      if (!x.headers().isEmpty()) {
        o.put("headers", stringMap(x.headers()));
      }
      x.body().ifPresent(b -> o.put("body", b));
      if (!x.extract().isEmpty()) {
        o.put("extract", stringMap(x.extract()));
      }
      if (!x.failOnStatus()) {
        o.put("failOnStatus", JsonValue.bool(false));
      }
      return o;
    }

    @Override
    public JsonValue visitClipboard(DataStep.Clipboard x) {
      JsonValue o = JsonValue.object().put("action", FormatNames.of(x.action()));
      x.text().ifPresent(t -> o.put("text", t));
      return o;
    }

    @Override
    public JsonValue visitCall(ExternalStep.Call x) {
      JsonValue o = JsonValue.object().put("flow", x.flow());
      if (!x.inputs().isEmpty()) {
        o.put("inputs", stringMap(x.inputs()));
      }
      FlowJsonWriter.putStrings(o, "outputs", x.outputs());
      return o;
    }

    private static JsonValue stringMap(java.util.Map<String, String> map) {
      JsonValue o = JsonValue.object();
      map.forEach(o::put);
      return o;
    }

    @Override
    public JsonValue visitForeach(ControlStep.Foreach x) {
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
    public JsonValue visitRepeat(ControlStep.Repeat x) {
      return body(JsonValue.object().put("times", JsonValue.integer(x.times())), "body", x.body());
    }

    @Override
    public JsonValue visitIf(ControlStep.If x) {
      JsonValue condition = ConditionWriter.condition(x.condition(), 1);
      JsonValue o = body(JsonValue.object().put("condition", condition), "then", x.then());
      return body(o, "else", x.otherwise());
    }

    @Override
    public JsonValue visitWhile(ControlStep.While x) {
      JsonValue condition = ConditionWriter.condition(x.condition(), 1);
      JsonValue o = body(JsonValue.object().put("condition", condition), "body", x.body());
      return o.put("max", JsonValue.integer(x.max()));
    }

    @Override
    public JsonValue visitManual(ExternalStep.Manual x) {
      return JsonValue.object().put("instructions", x.instructions());
    }
  }
}
