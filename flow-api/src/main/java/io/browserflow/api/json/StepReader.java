package io.browserflow.api.json;

import io.browserflow.api.Condition;
import io.browserflow.api.Dialog;
import io.browserflow.api.ErrorCode;
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
import io.browserflow.api.Target;
import io.browserflow.api.json.ReadContext.Fields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Reads step lists and steps: the common step fields (id, op, title, timeout, retry, onError,
 * expect, disabled) and, through an exhaustive switch over {@link Step.Kind}, the op-specific
 * fields of each kind. Nested bodies and fallbacks come back here, one level deeper.
 */
final class StepReader {
  private static final Pattern WHOLE_PLACEHOLDER = Pattern.compile("\\$\\{[^{}]+\\}");

  private final ReadContext read;
  private final TargetReader targets;
  private final ConditionReader conditions;

  StepReader(ReadContext read, TargetReader targets, ConditionReader conditions) {
    this.read = read;
    this.targets = targets;
    this.conditions = conditions;
  }

  /** The steps of an array at nesting {@code depth} (1: the flow's own); a bad step is reported and left out. */
  List<Step> list(JsonValue v, String path, int depth) {
    if (!read.isArray(v, path, "an array of steps")) {
      return List.of();
    }
    if (depth > FlowJsonReader.MAX_STRUCTURE_DEPTH) {
      read.problem(ErrorCode.LIMIT_EXCEEDED, JsonPath.abbreviate(path), v,
          "steps nest deeper than " + FlowJsonReader.MAX_STRUCTURE_DEPTH + " levels; flatten the flow");
      return List.of();
    }
    List<Step> steps = new ArrayList<>();
    for (int i = 0; i < v.size(); i++) {
      Step step = step(v.elements().get(i), JsonPath.index(path, i), depth);
      if (step != null) {
        steps.add(step);
      }
    }
    return steps;
  }

  private List<Step> body(Fields f, String key, int depth) {
    return f.has(key) ? list(f.get(key), f.at(key), depth + 1) : List.of();
  }

  private Step step(JsonValue v, String path, int depth) {
    Fields f = read.object(v, path, "a step");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    String id = read.string(f, "id", true);
    Step.Kind kind = op(f);
    if (kind != null) {
      f.what = "a " + kind.op() + " step";
    }
    Optional<String> title = read.optString(f, "title");
    Integer timeoutMs = read.integer(f, "timeoutMs", false);
    Retry retry = f.has("retry") ? retry(f.get("retry"), f.at("retry")) : null;
    OnError onError = f.has("onError") ? onError(f.get("onError"), f.at("onError"), depth) : null;
    List<Condition> expect = conditions.list(f, "expect");
    List<Dialog> dialogs = read.objects(f, "dialogs", this::dialog);
    Boolean disabled = read.bool(f, "disabled");
    Supplier<Step> make = kind == null ? null : opStep(kind, f, id, depth);
    if (kind != null) {
      read.unknown(f, stepFields(kind));
    }
    if (read.problemCount() > before || make == null) {
      return null;
    }
    return read.build(path, v, () -> {
      Step step = make.get();
      if (title.isPresent()) {
        step = step.withTitle(title.get());
      }
      if (timeoutMs != null) {
        step = step.withTimeoutMs(timeoutMs);
      }
      if (retry != null) {
        step = step.withRetry(retry);
      }
      if (onError != null) {
        step = step.withOnError(onError);
      }
      if (!expect.isEmpty()) {
        step = step.withExpect(expect);
      }
      if (!dialogs.isEmpty()) {
        step = step.withDialogs(dialogs);
      }
      if (disabled != null) {
        step = step.withDisabled(disabled);
      }
      return step;
    });
  }

  private Step.Kind op(Fields f) {
    JsonValue op = f.get("op");
    if (op == null) {
      read.missing(f, "op");
      return null;
    }
    if (!op.is(JsonValue.Type.STRING)) {
      read.wrongType(f.at("op"), op, "a string naming the operation");
      return null;
    }
    Optional<Step.Kind> kind = Step.Kind.fromOp(op.text());
    if (kind.isEmpty()) {
      read.problem(ErrorCode.FIELD_INVALID, f.at("op"), op,
          ReadContext.unknownValue("op", op.text(), FormatNames.ops()));
      return null;
    }
    if (read.v1() && FormatNames.SINCE_V2_OPS.contains(kind.get())) {
      read.problem(ErrorCode.FIELD_INVALID, f.at("op"), op, ReadContext.sinceV2Message("op \"" + op.text() + "\""));
      return null;
    }
    return kind.get();
  }

  private Dialog dialog(JsonValue v, String path) {
    Fields f = read.object(v, path, "a dialog");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    Dialog.Type type = read.enumValue(f, "type", Dialog.Type.class, null);
    Optional<String> message = read.optString(f, "message");
    Dialog.Answer answer = read.enumValue(f, "answer", Dialog.Answer.class, Dialog.Answer.ACCEPT);
    Optional<String> text = read.optString(f, "text");
    read.unknown(f, FormatNames.DIALOG);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> Dialog.builder().type(type).message(message).answer(answer).text(text).build());
  }

  private Retry retry(JsonValue v, String path) {
    Fields f = read.object(v, path, "a retry");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    Integer count = read.integer(f, "count", true);
    Integer interval = read.integer(f, "intervalMs", false);
    Retry.Backoff backoff = read.enumValue(f, "backoff", Retry.Backoff.class, Retry.Backoff.NONE);
    read.unknown(f, FormatNames.RETRY);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> Retry.of(count, interval == null ? 500 : interval, backoff));
  }

  private OnError onError(JsonValue v, String path, int depth) {
    List<String> allowed = new ArrayList<>(FormatNames.ON_ERROR_WORDS);
    allowed.add("{\"fallback\": [steps]}");
    if (v.is(JsonValue.Type.STRING)) {
      switch (v.text()) {
        case "stop":
          return OnError.stop();
        case "continue":
          return OnError.continueRun();
        case "retry":
          return OnError.retry();
        case "fallback":
          read.problem(ErrorCode.FIELD_INVALID, path, v, "a fallback is written as {\"fallback\": [steps]}");
          return null;
        default:
          read.problem(ErrorCode.FIELD_INVALID, path, v, ReadContext.unknownValue("onError", v.text(), allowed));
          return null;
      }
    }
    if (!v.is(JsonValue.Type.OBJECT)) {
      read.wrongType(path, v, "\"stop\", \"continue\", \"retry\" or {\"fallback\": [steps]}");
      return null;
    }
    Fields f = new Fields(v, path, "an onError object");
    int before = read.problemCount();
    List<Step> fallback = List.of();
    JsonValue steps = f.get("fallback");
    if (steps == null) {
      read.missing(f, "fallback");
    } else {
      fallback = list(steps, f.at("fallback"), depth + 1);
      if (read.problemCount() == before && fallback.isEmpty()) {
        read.problem(ErrorCode.FIELD_INVALID, f.at("fallback"), steps, "an onError fallback needs at least one step");
      }
    }
    read.unknown(f, FormatNames.ON_ERROR);
    if (read.problemCount() > before) {
      return null;
    }
    List<Step> chosen = fallback;
    return read.build(path, v, () -> OnError.fallback(chosen));
  }

  /** Reads the op-specific fields; the returned supplier builds the step (called only without problems). */
  private Supplier<Step> opStep(Step.Kind kind, Fields f, String id, int depth) {
    return switch (kind) {
      case OPEN -> {
        String url = read.string(f, "url", true);
        Optional<String> tab = read.optString(f, "tab");
        yield () -> PageStep.Open.builder().id(id).url(url).tab(tab).build();
      }
      case NAVIGATE -> {
        String url = read.string(f, "url", true);
        yield () -> PageStep.Navigate.builder().id(id).url(url).build();
      }
      case BACK -> () -> PageStep.Back.builder().id(id).build();
      case FORWARD -> () -> PageStep.Forward.builder().id(id).build();
      case RELOAD -> () -> PageStep.Reload.builder().id(id).build();
      case FRAME_MAIN -> () -> PageStep.FrameMain.builder().id(id).build();
      case TAB_NEW -> {
        String alias = read.string(f, "alias", true);
        Optional<String> url = read.optString(f, "url");
        yield () -> PageStep.TabNew.builder().id(id).alias(alias).url(url).build();
      }
      case TAB_SWITCH -> {
        String alias = read.string(f, "alias", true);
        yield () -> PageStep.TabSwitch.builder().id(id).alias(alias).build();
      }
      case TAB_CLOSE -> {
        Optional<String> alias = read.optString(f, "alias");
        yield () -> PageStep.TabClose.builder().id(id).alias(alias).build();
      }
      case FRAME -> {
        String locator = read.string(f, "locator", true);
        yield () -> PageStep.Frame.builder().id(id).locator(locator).build();
      }
      case SET_VIEWPORT -> {
        Integer width = read.integer(f, "width", true);
        Integer height = read.integer(f, "height", true);
        Double scale = read.decimal(f, "deviceScaleFactor");
        Boolean mobile = read.bool(f, "mobile");
        Boolean touch = read.bool(f, "touch");
        yield () -> {
          PageStep.SetViewport.Builder b = PageStep.SetViewport.builder().id(id).width(width).height(height);
          if (scale != null) {
            b.deviceScaleFactor(scale);
          }
          if (mobile != null) {
            b.mobile(mobile);
          }
          if (touch != null) {
            b.touch(touch);
          }
          return b.build();
        };
      }
      case EMULATE_NETWORK -> {
        Boolean offline = read.bool(f, "offline");
        Integer download = read.integer(f, "downloadBytesPerSecond", false);
        Integer upload = read.integer(f, "uploadBytesPerSecond", false);
        Integer latency = read.integer(f, "latencyMs", false);
        yield () -> {
          PageStep.EmulateNetwork.Builder b = PageStep.EmulateNetwork.builder().id(id);
          if (offline != null) {
            b.offline(offline);
          }
          if (download != null) {
            b.downloadBytesPerSecond(download);
          }
          if (upload != null) {
            b.uploadBytesPerSecond(upload);
          }
          if (latency != null) {
            b.latencyMs(latency);
          }
          return b.build();
        };
      }
      case CLICK -> {
        Target target = targets.target(f, "target", true);
        Step.MouseButton button = read.enumValue(f, "button", Step.MouseButton.class, Step.MouseButton.LEFT);
        List<String> modifiers = read.strings(f, "modifiers");
        Optional<Point> offset = targets.point(f, "offset");
        Optional<String> newTab = read.optString(f, "newTab");
        Integer delay = read.integer(f, "delay", false);
        yield () -> {
          InteractionStep.Click.Builder b = InteractionStep.Click.builder().id(id).target(target).button(button).modifiers(modifiers)
              .offset(offset).newTab(newTab);
          if (delay != null) {
            b.delay(delay);
          }
          return b.build();
        };
      }
      case DBLCLICK -> {
        Target target = targets.target(f, "target", true);
        Optional<Point> offset = targets.point(f, "offset");
        yield () -> InteractionStep.Dblclick.builder().id(id).target(target).offset(offset).build();
      }
      case CONTEXTMENU -> {
        Target target = targets.target(f, "target", true);
        Optional<Point> offset = targets.point(f, "offset");
        yield () -> InteractionStep.Contextmenu.builder().id(id).target(target).offset(offset).build();
      }
      case HOVER -> {
        Target target = targets.target(f, "target", true);
        yield () -> InteractionStep.Hover.builder().id(id).target(target).build();
      }
      case MOUSE -> {
        Step.MouseAction action = read.enumValue(f, "action", Step.MouseAction.class, null);
        Target target = targets.target(f, "target", true);
        Optional<Point> fromCenter = targets.point(f, "fromCenter");
        Step.MouseButton button = read.enumValue(f, "button", Step.MouseButton.class, Step.MouseButton.LEFT);
        yield () -> InteractionStep.Mouse.builder().id(id).action(action).target(target).fromCenter(fromCenter).button(button).build();
      }
      case CHECK -> {
        Target target = targets.target(f, "target", true);
        yield () -> InteractionStep.Check.builder().id(id).target(target).build();
      }
      case UNCHECK -> {
        Target target = targets.target(f, "target", true);
        yield () -> InteractionStep.Uncheck.builder().id(id).target(target).build();
      }
      case TOGGLE -> {
        Target target = targets.target(f, "target", true);
        yield () -> InteractionStep.Toggle.builder().id(id).target(target).build();
      }
      case FILL -> {
        Target target = targets.target(f, "target", true);
        String value = read.string(f, "value", true);
        yield () -> InteractionStep.Fill.builder().id(id).target(target).value(value).build();
      }
      case CHANGE -> {
        Target target = targets.target(f, "target", true);
        String value = read.string(f, "value", true);
        yield () -> InteractionStep.Change.builder().id(id).target(target).value(value).build();
      }
      case TYPE -> {
        Optional<Target> target = Optional.ofNullable(targets.target(f, "target", false));
        String text = read.string(f, "text", true);
        yield () -> InteractionStep.Type.builder().id(id).target(target).text(text).build();
      }
      case PRESS -> {
        String key = read.string(f, "key", true);
        List<String> modifiers = read.strings(f, "modifiers");
        Step.KeyPhase phase = read.enumValue(f, "phase", Step.KeyPhase.class, Step.KeyPhase.PRESS);
        Optional<Target> target = Optional.ofNullable(targets.target(f, "target", false));
        yield () -> InteractionStep.Press.builder().id(id).key(key).modifiers(modifiers).phase(phase).target(target).build();
      }
      case SELECT -> {
        Target target = targets.target(f, "target", true);
        Optional<String> value = read.optString(f, "value");
        Optional<String> label = read.optString(f, "label");
        read.exactlyOne(f, "value", "label");
        yield () -> InteractionStep.Select.builder().id(id).target(target).value(value).label(label).build();
      }
      case SCROLL -> {
        Step.ScrollMode mode = read.enumValue(f, "mode", Step.ScrollMode.class, Step.ScrollMode.BY);
        Optional<Target> target = Optional.ofNullable(targets.target(f, "target", false));
        Integer x = read.integer(f, "x", false);
        Integer y = read.integer(f, "y", false);
        yield () -> InteractionStep.Scroll.builder().id(id).mode(mode).target(target).x(x == null ? 0 : x)
            .y(y == null ? 0 : y).build();
      }
      case DRAG -> {
        Target from = targets.target(f, "from", true);
        Target to = targets.target(f, "to", true);
        yield () -> InteractionStep.Drag.builder().id(id).source(from).destination(to).build();
      }
      case UPLOAD -> {
        Target target = targets.target(f, "target", true);
        List<String> files = read.strings(f, "files");
        yield () -> InteractionStep.Upload.builder().id(id).target(target).files(files).build();
      }
      case WAIT -> {
        Integer ms = read.integer(f, "ms", false);
        Condition until = f.has("until") ? conditions.condition(f.get("until"), f.at("until"), 1) : null;
        read.exactlyOne(f, "ms", "until");
        yield () -> {
          CheckStep.Wait.Builder b = CheckStep.Wait.builder().id(id);
          if (ms != null) {
            b.ms(ms);
          }
          if (until != null) {
            b.until(until);
          }
          return b.build();
        };
      }
      case ASSERT -> {
        Condition condition = conditions.required(f, "condition");
        yield () -> CheckStep.Assert.builder().id(id).condition(condition).build();
      }
      case READ -> {
        Target target = targets.target(f, "target", true);
        Step.ReadKind what = read.enumValue(f, "what", Step.ReadKind.class, Step.ReadKind.TEXT);
        int before = read.problemCount();
        Optional<String> attribute = read.optString(f, "attribute");
        if (what == Step.ReadKind.ATTRIBUTE && attribute.isEmpty() && read.problemCount() == before) {
          read.problem(ErrorCode.FIELD_MISSING, f.at("attribute"), f.object,
              "a read step with what \"attribute\" needs the attribute name");
        } else if (what != null && what != Step.ReadKind.ATTRIBUTE && attribute.isPresent()) {
          read.problem(ErrorCode.FIELD_INVALID, f.at("attribute"), f.get("attribute"),
              "attribute belongs to a read step with what \"attribute\" only");
        }
        yield () -> DataStep.Read.builder().id(id).target(target).what(what).attribute(attribute).build();
      }
      case SCRAPE -> {
        Target target = targets.target(f, "target", true);
        Step.ScrapeMode mode = read.enumValue(f, "mode", Step.ScrapeMode.class, Step.ScrapeMode.TABLE);
        List<String> attributes = read.strings(f, "attributes");
        Integer limit = read.integer(f, "limit", false);
        if (mode != null && mode != Step.ScrapeMode.ATTRIBUTES && !attributes.isEmpty()) {
          read.problem(ErrorCode.FIELD_INVALID, f.at("attributes"), f.get("attributes"),
              "attributes belong to a scrape step with mode \"attributes\" only");
        }
        yield () -> {
          DataStep.Scrape.Builder b = DataStep.Scrape.builder().id(id).target(target).mode(mode).attributes(attributes);
          if (limit != null) {
            b.limit(limit);
          }
          return b.build();
        };
      }
      case PAGINATE -> {
        Target target = targets.target(f, "target", true);
        Step.PaginateMode mode = read.enumValue(f, "mode", Step.PaginateMode.class, Step.PaginateMode.NEXT);
        Integer maxPages = read.integer(f, "maxPages", true);
        List<Step> body = body(f, "body", depth);
        yield () -> DataStep.Paginate.builder().id(id).target(target).mode(mode).maxPages(maxPages).body(body).build();
      }
      case SET_VAR -> {
        String name = read.string(f, "name", true);
        String value = read.string(f, "value", true);
        yield () -> DataStep.SetVar.builder().id(id).name(name).value(value).build();
      }
      case EVAL -> {
        String script = read.string(f, "script", true);
        yield () -> DataStep.Eval.builder().id(id).script(script).build();
      }
      case SCREENSHOT -> {
        Optional<Target> target = Optional.ofNullable(targets.target(f, "target", false));
        Optional<String> name = read.optString(f, "name");
        Boolean fullPage = read.bool(f, "fullPage");
        yield () -> DataStep.Screenshot.builder().id(id).target(target).name(name)
            .fullPage(fullPage != null && fullPage).build();
      }
      case CSV_IMPORT -> {
        String path = read.string(f, "path", true);
        yield () -> DataStep.CsvImport.builder().id(id).path(path).build();
      }
      case CSV_EXPORT -> {
        String source = read.string(f, "source", true);
        String path = read.string(f, "path", true);
        yield () -> DataStep.CsvExport.builder().id(id).source(source).path(path).build();
      }
      case DATASET_WRITE -> {
        String dataset = read.string(f, "dataset", true);
        Map<String, String> row = read.stringMap(f, "row", true);
        yield () -> DataStep.DatasetWrite.builder().id(id).dataset(dataset).row(row).build();
      }
      case DATASET_EXPORT -> {
        String dataset = read.string(f, "dataset", true);
        Step.DatasetFormat format = read.enumValue(f, "format", Step.DatasetFormat.class, Step.DatasetFormat.CSV);
        String path = read.string(f, "path", true);
        Boolean clear = read.bool(f, "clear");
        yield () -> DataStep.DatasetExport.builder().id(id).dataset(dataset).format(format).path(path)
            .clear(clear != null && clear).build();
      }
      case HTTP -> {
        Optional<String> method = read.optString(f, "method");
        String url = read.string(f, "url", true);
        Map<String, String> headers = read.stringMap(f, "headers", false);
        Optional<String> body = read.optString(f, "body");
        Map<String, String> extract = read.stringMap(f, "extract", false);
        Boolean failOnStatus = read.bool(f, "failOnStatus");
        yield () -> ExternalStep.Http.builder().id(id).method(method.orElse("GET")).url(url).headers(headers).body(body)
            .extract(extract).failOnStatus(failOnStatus == null || failOnStatus).build();
      }
      case CLIPBOARD -> {
        Step.ClipboardAction action = read.enumValue(f, "action", Step.ClipboardAction.class, null);
        Optional<String> text = read.optString(f, "text");
        yield () -> DataStep.Clipboard.builder().id(id).action(action).text(text).build();
      }
      case CALL -> {
        String flow = read.string(f, "flow", true);
        Map<String, String> inputs = read.stringMap(f, "inputs", false);
        List<String> outputs = read.strings(f, "outputs");
        yield () -> ExternalStep.Call.builder().id(id).flow(flow).inputs(inputs).outputs(outputs).build();
      }
      case FOREACH -> {
        ForeachSource source = foreachSource(f);
        Integer concurrency = read.integer(f, "concurrency", false);
        List<Step> body = body(f, "body", depth);
        yield () -> ControlStep.Foreach.builder().id(id).source(source).concurrency(concurrency == null ? 1 : concurrency)
            .body(body).build();
      }
      case REPEAT -> {
        Integer times = read.integer(f, "times", true);
        List<Step> body = body(f, "body", depth);
        yield () -> ControlStep.Repeat.builder().id(id).times(times).body(body).build();
      }
      case IF -> {
        Condition condition = conditions.required(f, "condition");
        List<Step> then = body(f, "then", depth);
        List<Step> otherwise = body(f, "else", depth);
        yield () -> ControlStep.If.builder().id(id).condition(condition).then(then).otherwise(otherwise).build();
      }
      case WHILE -> {
        Condition condition = conditions.required(f, "condition");
        List<Step> body = body(f, "body", depth);
        Integer max = read.integer(f, "max", true);
        yield () -> ControlStep.While.builder().id(id).condition(condition).body(body).max(max).build();
      }
      case MANUAL -> {
        String instructions = read.string(f, "instructions", true);
        yield () -> ExternalStep.Manual.builder().id(id).instructions(instructions).build();
      }
    };
  }

  private ForeachSource foreachSource(Fields f) {
    int before = read.problemCount();
    read.exactlyOne(f, "source", "items");
    JsonValue source = f.get("source");
    JsonValue items = f.get("items");
    if (read.problemCount() > before) {
      return null;
    }
    if (source != null) {
      if (!source.is(JsonValue.Type.STRING)) {
        read.wrongType(f.at("source"), source, "\"table\" or a whole placeholder such as \"${steps.list.items}\"");
        return null;
      }
      if (source.text().equals("table")) {
        return ForeachSource.table();
      }
      if (WHOLE_PLACEHOLDER.matcher(source.text()).matches()) {
        return read.build(f.at("source"), source, () -> ForeachSource.items(source.text()));
      }
      read.problem(ErrorCode.FIELD_INVALID, f.at("source"), source,
          "a foreach source is \"table\" or one whole placeholder such as \"${steps.list.items}\"; "
              + "list literal values under \"items\"");
      return null;
    }
    List<String> values = read.strings(f, "items");
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(f.at("items"), items, () -> ForeachSource.literal(values));
  }

  /** The op-specific fields of a step kind, in the writer's order: what a step of the kind may carry besides the common ones. */
  static List<String> opFields(Step.Kind kind) {
    return switch (kind) {
      case OPEN -> List.of("url", "tab");
      case NAVIGATE -> List.of("url");
      case TAB_NEW -> List.of("alias", "url");
      case TAB_SWITCH -> List.of("alias");
      case TAB_CLOSE -> List.of("alias");
      case FRAME -> List.of("locator");
      case SET_VIEWPORT -> List.of("width", "height", "deviceScaleFactor", "mobile", "touch");
      case EMULATE_NETWORK -> List.of("offline", "downloadBytesPerSecond", "uploadBytesPerSecond", "latencyMs");
      case CLICK -> List.of("target", "button", "modifiers", "offset", "newTab", "delay");
      case DBLCLICK -> List.of("target", "offset");
      case CONTEXTMENU -> List.of("target", "offset");
      case MOUSE -> List.of("action", "target", "fromCenter", "button");
      case HOVER -> List.of("target");
      case FILL -> List.of("target", "value");
      case CHANGE -> List.of("target", "value");
      case TYPE -> List.of("target", "text");
      case PRESS -> List.of("key", "modifiers", "phase", "target");
      case SELECT -> List.of("target", "value", "label");
      case CHECK -> List.of("target");
      case UNCHECK -> List.of("target");
      case TOGGLE -> List.of("target");
      case SCROLL -> List.of("mode", "target", "x", "y");
      case DRAG -> List.of("from", "to");
      case UPLOAD -> List.of("target", "files");
      case WAIT -> List.of("ms", "until");
      case ASSERT -> List.of("condition");
      case READ -> List.of("target", "what", "attribute");
      case SCRAPE -> List.of("target", "mode", "attributes", "limit");
      case PAGINATE -> List.of("target", "mode", "maxPages", "body");
      case SET_VAR -> List.of("name", "value");
      case EVAL -> List.of("script");
      case SCREENSHOT -> List.of("target", "name", "fullPage");
      case CSV_IMPORT -> List.of("path");
      case CSV_EXPORT -> List.of("source", "path");
      case DATASET_WRITE -> List.of("dataset", "row");
      case DATASET_EXPORT -> List.of("dataset", "format", "path", "clear");
      case HTTP -> List.of("method", "url", "headers", "body", "extract", "failOnStatus");
      case CLIPBOARD -> List.of("action", "text");
      case CALL -> List.of("flow", "inputs", "outputs");
      case FOREACH -> List.of("source", "items", "concurrency", "body");
      case REPEAT -> List.of("times", "body");
      case IF -> List.of("condition", "then", "else");
      case WHILE -> List.of("condition", "body", "max");
      case MANUAL -> List.of("instructions");
      // nothing beyond the common step fields
      case BACK, FORWARD, RELOAD, FRAME_MAIN -> List.of();
    };
  }

  /** Every field a step of this kind may carry. */
  static List<String> stepFields(Step.Kind kind) {
    return FormatNames.concat(FormatNames.STEP, opFields(kind));
  }
}
