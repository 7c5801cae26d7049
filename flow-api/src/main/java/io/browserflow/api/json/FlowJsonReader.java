package io.browserflow.api.json;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
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
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Maps one parsed browserflow/1 document onto the model, collecting every problem. Each mapping
 * method returns null when its part of the document had a problem; values are built only from
 * problem-free parts, so model constructors see complete, well-typed input (any exception they
 * still throw becomes a FIELD_INVALID problem).
 */
final class FlowJsonReader {
  /** Nested step lists and nested {@code not} conditions the codec handles; validation allows far fewer. */
  static final int MAX_STRUCTURE_DEPTH = 200;

  static final List<String> SUPPORTED_SCHEMAS = List.of(Flow.SCHEMA);

  private static final Pattern WHOLE_PLACEHOLDER = Pattern.compile("\\$\\{[^{}]+\\}");
  private static final List<String> CANDIDATE_FIELDS = candidateFields();

  private final boolean lenient;
  private final Problems problems;

  FlowJsonReader(boolean lenient, Problems problems) {
    this.lenient = lenient;
    this.problems = problems;
  }

  /** The fields of one JSON object being mapped, with where it is and what it is. */
  private static final class Fields {
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

  // ------------------------------------------------------------------ flow

  /** The flow, or null when the document has problems (added to the list). */
  Flow flow(JsonValue root) {
    int before = problems.count();
    if (!root.is(JsonValue.Type.OBJECT)) {
      problem(ErrorCode.FIELD_INVALID, "", root, "a flow document is a JSON object, found " + root.type().description());
      return null;
    }
    Fields f = new Fields(root, "", "the flow");
    if (!schemaSupported(f)) {
      return null;
    }
    String id = string(f, "id", false);
    String name = string(f, "name", true);
    Optional<String> description = optString(f, "description");
    List<String> tags = strings(f, "tags");
    FlowMeta meta = f.has("meta") ? meta(f.get("meta"), f.at("meta")) : null;
    List<Input> inputs = objects(f, "inputs", this::input);
    List<Credential> credentials = objects(f, "credentials", this::credential);
    List<TabAlias> tabs = objects(f, "tabs", this::tab);
    DataTable table = f.has("table") ? table(f.get("table"), f.at("table")) : null;
    Policy policy = f.has("policy") ? policy(f.get("policy"), f.at("policy")) : null;
    Schedule schedule = f.has("schedule") ? schedule(f.get("schedule"), f.at("schedule")) : null;
    List<Step> steps = f.has("steps") ? stepList(f.get("steps"), f.at("steps"), 1) : List.of();
    unknown(f, FormatNames.FLOW);
    if (problems.count() > before) {
      return null;
    }
    return build("", root, () -> {
      Flow.Builder b = Flow.builder().name(name).description(description).addAllTags(tags)
          .addAllInputs(inputs).addAllCredentials(credentials).addAllTabs(tabs).addAllSteps(steps);
      if (id != null) {
        b.id(id);
      }
      if (meta != null) {
        b.meta(meta);
      }
      if (table != null) {
        b.table(table);
      }
      if (policy != null) {
        b.policy(policy);
      }
      if (schedule != null) {
        b.schedule(schedule);
      }
      return b.build();
    });
  }

  private boolean schemaSupported(Fields f) {
    JsonValue schema = f.get("schema");
    String supported = SUPPORTED_SCHEMAS.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(", "));
    if (schema == null) {
      problem(ErrorCode.SCHEMA_UNSUPPORTED, "schema", f.object,
          "the document has no schema field; this reader supports " + supported);
      return false;
    }
    if (!schema.is(JsonValue.Type.STRING) || !SUPPORTED_SCHEMAS.contains(schema.text())) {
      String found = schema.is(JsonValue.Type.STRING) ? JsonPath.quote(schema.text()) : schema.type().description();
      problem(ErrorCode.SCHEMA_UNSUPPORTED, "schema", schema,
          "schema " + found + " is not supported; this reader supports " + supported);
      return false;
    }
    return true;
  }

  private FlowMeta meta(JsonValue v, String path) {
    Fields f = object(v, path, "the meta object");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    Optional<String> createdAt = optString(f, "createdAt");
    Optional<String> source = optString(f, "source");
    Optional<String> recorderVersion = optString(f, "recorderVersion");
    unknown(f, FormatNames.META);
    if (problems.count() > before) {
      return null;
    }
    return build(path, v, () -> FlowMeta.builder().createdAt(createdAt).source(source)
        .recorderVersion(recorderVersion).build());
  }

  private Input input(JsonValue v, String path) {
    Fields f = object(v, path, "an input");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    String key = string(f, "key", true);
    Optional<String> label = optString(f, "label");
    Input.Type type = enumValue(f, "type", Input.Type.class, Input.Type.TEXT);
    Boolean required = bool(f, "required");
    Optional<String> defaultValue = optString(f, "default");
    Optional<String> pattern = optString(f, "pattern");
    List<String> options = strings(f, "options");
    unknown(f, FormatNames.INPUT);
    if (problems.count() > before) {
      return null;
    }
    return build(path, v, () -> {
      Input.Builder b = Input.builder().key(key).label(label).type(type).defaultValue(defaultValue)
          .pattern(pattern).addAllOptions(options);
      if (required != null) {
        b.required(required);
      }
      return b.build();
    });
  }

  private Credential credential(JsonValue v, String path) {
    Fields f = object(v, path, "a credential");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    String key = string(f, "key", true);
    Optional<String> label = optString(f, "label");
    Credential.Type type = enumValue(f, "type", Credential.Type.class, Credential.Type.TEXT);
    Boolean required = bool(f, "required");
    Boolean secret = bool(f, "secret");
    unknown(f, FormatNames.CREDENTIAL);
    if (problems.count() > before) {
      return null;
    }
    return build(path, v, () -> {
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

  private TabAlias tab(JsonValue v, String path) {
    Fields f = object(v, path, "a tab");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    String alias = string(f, "alias", true);
    Optional<String> url = optString(f, "url");
    Optional<String> opener = optString(f, "opener");
    unknown(f, FormatNames.TAB);
    if (problems.count() > before) {
      return null;
    }
    return build(path, v, () -> TabAlias.builder().alias(alias).url(url).opener(opener).build());
  }

  private DataTable table(JsonValue v, String path) {
    Fields f = object(v, path, "the table");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    List<String> columns = strings(f, "columns");
    List<List<String>> rows = new ArrayList<>();
    JsonValue rowsValue = f.get("rows");
    if (rowsValue != null && isArray(rowsValue, f.at("rows"), "an array of rows")) {
      for (int i = 0; i < rowsValue.size(); i++) {
        JsonValue row = rowsValue.elements().get(i);
        String rowPath = JsonPath.index(f.at("rows"), i);
        if (isArray(row, rowPath, "an array of cells (strings)")) {
          rows.add(stringElements(row, rowPath));
        }
      }
    }
    unknown(f, FormatNames.TABLE);
    if (problems.count() > before) {
      return null;
    }
    return build(path, v, () -> DataTable.of(columns, rows));
  }

  private Policy policy(JsonValue v, String path) {
    Fields f = object(v, path, "the policy");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    List<String> origins = strings(f, "allowedOrigins");
    Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
    List<String> known = new ArrayList<>();
    for (Capability c : Capability.values()) {
      known.add(c.id());
    }
    JsonValue ids = f.get("capabilities");
    if (ids != null && isArray(ids, f.at("capabilities"), "an array of capability names")) {
      for (int i = 0; i < ids.size(); i++) {
        JsonValue id = ids.elements().get(i);
        String at = JsonPath.index(f.at("capabilities"), i);
        if (!id.is(JsonValue.Type.STRING)) {
          wrongType(at, id, "a capability name, one of " + String.join(", ", known));
        } else if (Capability.fromId(id.text()).isEmpty()) {
          problem(ErrorCode.FIELD_INVALID, at, id, unknownValue("capability", id.text(), known));
        } else {
          capabilities.add(Capability.fromId(id.text()).get());
        }
      }
    }
    unknown(f, FormatNames.POLICY);
    if (problems.count() > before) {
      return null;
    }
    return build(path, v, () -> Policy.builder().allowedOrigins(origins).capabilities(capabilities).build());
  }

  private Schedule schedule(JsonValue v, String path) {
    Fields f = object(v, path, "the schedule");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    Integer every = integer(f, "everyMinutes", false);
    Optional<String> cron = optString(f, "cron");
    exactlyOne(f, "everyMinutes", "cron");
    Map<String, String> input = new LinkedHashMap<>();
    JsonValue inputValue = f.get("input");
    if (inputValue != null) {
      Fields inputs = object(inputValue, f.at("input"), "the schedule input");
      if (inputs != null) {
        for (Map.Entry<String, JsonValue> e : inputValue.fields().entrySet()) {
          String value = string(inputs, e.getKey(), false);
          if (value != null) {
            input.put(e.getKey(), value);
          }
        }
      }
    }
    unknown(f, FormatNames.SCHEDULE);
    if (problems.count() > before) {
      return null;
    }
    return build(path, v, () -> {
      Schedule.Builder b = Schedule.builder().cron(cron).input(input);
      if (every != null) {
        b.everyMinutes(every);
      }
      return b.build();
    });
  }

  // ------------------------------------------------------------------ steps

  private List<Step> stepList(JsonValue v, String path, int depth) {
    if (!isArray(v, path, "an array of steps")) {
      return List.of();
    }
    if (depth > MAX_STRUCTURE_DEPTH) {
      problem(ErrorCode.LIMIT_EXCEEDED, JsonPath.abbreviate(path), v,
          "steps nest deeper than " + MAX_STRUCTURE_DEPTH + " levels; flatten the flow");
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
    return f.has(key) ? stepList(f.get(key), f.at(key), depth + 1) : List.of();
  }

  private Step step(JsonValue v, String path, int depth) {
    Fields f = object(v, path, "a step");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    String id = string(f, "id", true);
    Step.Kind kind = op(f);
    if (kind != null) {
      f.what = "a " + kind.op() + " step";
    }
    Optional<String> title = optString(f, "title");
    Integer timeoutMs = integer(f, "timeoutMs", false);
    Retry retry = f.has("retry") ? retry(f.get("retry"), f.at("retry")) : null;
    OnError onError = f.has("onError") ? onError(f.get("onError"), f.at("onError"), depth) : null;
    List<Condition> expect = conditions(f, "expect");
    Boolean disabled = bool(f, "disabled");
    Supplier<Step> make = kind == null ? null : opStep(kind, f, id, depth);
    if (kind != null) {
      unknown(f, FormatNames.stepFields(kind));
    }
    if (problems.count() > before || make == null) {
      return null;
    }
    return build(path, v, () -> {
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
      if (disabled != null) {
        step = step.withDisabled(disabled);
      }
      return step;
    });
  }

  private Step.Kind op(Fields f) {
    JsonValue op = f.get("op");
    if (op == null) {
      missing(f, "op");
      return null;
    }
    if (!op.is(JsonValue.Type.STRING)) {
      wrongType(f.at("op"), op, "a string naming the operation");
      return null;
    }
    Optional<Step.Kind> kind = Step.Kind.fromOp(op.text());
    if (kind.isEmpty()) {
      problem(ErrorCode.FIELD_INVALID, f.at("op"), op, unknownValue("op", op.text(), FormatNames.ops()));
      return null;
    }
    return kind.get();
  }

  private Retry retry(JsonValue v, String path) {
    Fields f = object(v, path, "a retry");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    Integer count = integer(f, "count", true);
    Integer interval = integer(f, "intervalMs", false);
    Retry.Backoff backoff = enumValue(f, "backoff", Retry.Backoff.class, Retry.Backoff.NONE);
    unknown(f, FormatNames.RETRY);
    if (problems.count() > before) {
      return null;
    }
    return build(path, v, () -> Retry.of(count, interval == null ? 500 : interval, backoff));
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
          problem(ErrorCode.FIELD_INVALID, path, v, "a fallback is written as {\"fallback\": [steps]}");
          return null;
        default:
          problem(ErrorCode.FIELD_INVALID, path, v, unknownValue("onError", v.text(), allowed));
          return null;
      }
    }
    if (!v.is(JsonValue.Type.OBJECT)) {
      wrongType(path, v, "\"stop\", \"continue\", \"retry\" or {\"fallback\": [steps]}");
      return null;
    }
    Fields f = new Fields(v, path, "an onError object");
    int before = problems.count();
    List<Step> fallback = List.of();
    JsonValue steps = f.get("fallback");
    if (steps == null) {
      missing(f, "fallback");
    } else {
      fallback = stepList(steps, f.at("fallback"), depth + 1);
      if (problems.count() == before && fallback.isEmpty()) {
        problem(ErrorCode.FIELD_INVALID, f.at("fallback"), steps, "an onError fallback needs at least one step");
      }
    }
    unknown(f, FormatNames.ON_ERROR);
    if (problems.count() > before) {
      return null;
    }
    List<Step> chosen = fallback;
    return build(path, v, () -> OnError.fallback(chosen));
  }

  /** Reads the op-specific fields; the returned supplier builds the step (called only without problems). */
  private Supplier<Step> opStep(Step.Kind kind, Fields f, String id, int depth) {
    return switch (kind) {
      case OPEN -> {
        String url = string(f, "url", true);
        Optional<String> tab = optString(f, "tab");
        yield () -> Step.Open.builder().id(id).url(url).tab(tab).build();
      }
      case NAVIGATE -> {
        String url = string(f, "url", true);
        yield () -> Step.Navigate.builder().id(id).url(url).build();
      }
      case BACK -> () -> Step.Back.builder().id(id).build();
      case FORWARD -> () -> Step.Forward.builder().id(id).build();
      case RELOAD -> () -> Step.Reload.builder().id(id).build();
      case FRAME_MAIN -> () -> Step.FrameMain.builder().id(id).build();
      case TAB_NEW -> {
        String alias = string(f, "alias", true);
        Optional<String> url = optString(f, "url");
        yield () -> Step.TabNew.builder().id(id).alias(alias).url(url).build();
      }
      case TAB_SWITCH -> {
        String alias = string(f, "alias", true);
        yield () -> Step.TabSwitch.builder().id(id).alias(alias).build();
      }
      case TAB_CLOSE -> {
        Optional<String> alias = optString(f, "alias");
        yield () -> Step.TabClose.builder().id(id).alias(alias).build();
      }
      case FRAME -> {
        String locator = string(f, "locator", true);
        yield () -> Step.Frame.builder().id(id).locator(locator).build();
      }
      case SET_VIEWPORT -> {
        Integer width = integer(f, "width", true);
        Integer height = integer(f, "height", true);
        yield () -> Step.SetViewport.builder().id(id).width(width).height(height).build();
      }
      case CLICK -> {
        Target target = target(f, "target", true);
        Step.MouseButton button = enumValue(f, "button", Step.MouseButton.class, Step.MouseButton.LEFT);
        List<String> modifiers = strings(f, "modifiers");
        Optional<Point> offset = point(f, "offset");
        Optional<String> newTab = optString(f, "newTab");
        yield () -> Step.Click.builder().id(id).target(target).button(button).modifiers(modifiers)
            .offset(offset).newTab(newTab).build();
      }
      case DBLCLICK -> {
        Target target = target(f, "target", true);
        Optional<Point> offset = point(f, "offset");
        yield () -> Step.Dblclick.builder().id(id).target(target).offset(offset).build();
      }
      case CONTEXTMENU -> {
        Target target = target(f, "target", true);
        Optional<Point> offset = point(f, "offset");
        yield () -> Step.Contextmenu.builder().id(id).target(target).offset(offset).build();
      }
      case HOVER -> {
        Target target = target(f, "target", true);
        yield () -> Step.Hover.builder().id(id).target(target).build();
      }
      case CHECK -> {
        Target target = target(f, "target", true);
        yield () -> Step.Check.builder().id(id).target(target).build();
      }
      case UNCHECK -> {
        Target target = target(f, "target", true);
        yield () -> Step.Uncheck.builder().id(id).target(target).build();
      }
      case TOGGLE -> {
        Target target = target(f, "target", true);
        yield () -> Step.Toggle.builder().id(id).target(target).build();
      }
      case FILL -> {
        Target target = target(f, "target", true);
        String value = string(f, "value", true);
        yield () -> Step.Fill.builder().id(id).target(target).value(value).build();
      }
      case TYPE -> {
        Optional<Target> target = Optional.ofNullable(target(f, "target", false));
        String text = string(f, "text", true);
        yield () -> Step.Type.builder().id(id).target(target).text(text).build();
      }
      case PRESS -> {
        String key = string(f, "key", true);
        List<String> modifiers = strings(f, "modifiers");
        Optional<Target> target = Optional.ofNullable(target(f, "target", false));
        yield () -> Step.Press.builder().id(id).key(key).modifiers(modifiers).target(target).build();
      }
      case SELECT -> {
        Target target = target(f, "target", true);
        Optional<String> value = optString(f, "value");
        Optional<String> label = optString(f, "label");
        exactlyOne(f, "value", "label");
        yield () -> Step.Select.builder().id(id).target(target).value(value).label(label).build();
      }
      case SCROLL -> {
        Step.ScrollMode mode = enumValue(f, "mode", Step.ScrollMode.class, Step.ScrollMode.BY);
        Optional<Target> target = Optional.ofNullable(target(f, "target", false));
        Integer x = integer(f, "x", false);
        Integer y = integer(f, "y", false);
        yield () -> Step.Scroll.builder().id(id).mode(mode).target(target).x(x == null ? 0 : x)
            .y(y == null ? 0 : y).build();
      }
      case DRAG -> {
        Target from = target(f, "from", true);
        Target to = target(f, "to", true);
        yield () -> Step.Drag.builder().id(id).source(from).destination(to).build();
      }
      case UPLOAD -> {
        Target target = target(f, "target", true);
        List<String> files = strings(f, "files");
        yield () -> Step.Upload.builder().id(id).target(target).files(files).build();
      }
      case WAIT -> {
        Integer ms = integer(f, "ms", false);
        Condition until = f.has("until") ? condition(f.get("until"), f.at("until"), 1) : null;
        exactlyOne(f, "ms", "until");
        yield () -> {
          Step.Wait.Builder b = Step.Wait.builder().id(id);
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
        Condition condition = requiredCondition(f, "condition");
        yield () -> Step.Assert.builder().id(id).condition(condition).build();
      }
      case READ -> {
        Target target = target(f, "target", true);
        Step.ReadKind what = enumValue(f, "what", Step.ReadKind.class, Step.ReadKind.TEXT);
        int before = problems.count();
        Optional<String> attribute = optString(f, "attribute");
        if (what == Step.ReadKind.ATTRIBUTE && attribute.isEmpty() && problems.count() == before) {
          problem(ErrorCode.FIELD_MISSING, f.at("attribute"), f.object,
              "a read step with what \"attribute\" needs the attribute name");
        } else if (what != null && what != Step.ReadKind.ATTRIBUTE && attribute.isPresent()) {
          problem(ErrorCode.FIELD_INVALID, f.at("attribute"), f.get("attribute"),
              "attribute belongs to a read step with what \"attribute\" only");
        }
        yield () -> Step.Read.builder().id(id).target(target).what(what).attribute(attribute).build();
      }
      case SCRAPE -> {
        Target target = target(f, "target", true);
        Step.ScrapeMode mode = enumValue(f, "mode", Step.ScrapeMode.class, Step.ScrapeMode.TABLE);
        List<String> attributes = strings(f, "attributes");
        Integer limit = integer(f, "limit", false);
        if (mode != null && mode != Step.ScrapeMode.ATTRIBUTES && !attributes.isEmpty()) {
          problem(ErrorCode.FIELD_INVALID, f.at("attributes"), f.get("attributes"),
              "attributes belong to a scrape step with mode \"attributes\" only");
        }
        yield () -> {
          Step.Scrape.Builder b = Step.Scrape.builder().id(id).target(target).mode(mode).attributes(attributes);
          if (limit != null) {
            b.limit(limit);
          }
          return b.build();
        };
      }
      case PAGINATE -> {
        Target target = target(f, "target", true);
        Step.PaginateMode mode = enumValue(f, "mode", Step.PaginateMode.class, Step.PaginateMode.NEXT);
        Integer maxPages = integer(f, "maxPages", true);
        List<Step> body = body(f, "body", depth);
        yield () -> Step.Paginate.builder().id(id).target(target).mode(mode).maxPages(maxPages).body(body).build();
      }
      case SET_VAR -> {
        String name = string(f, "name", true);
        String value = string(f, "value", true);
        yield () -> Step.SetVar.builder().id(id).name(name).value(value).build();
      }
      case EVAL -> {
        String script = string(f, "script", true);
        yield () -> Step.Eval.builder().id(id).script(script).build();
      }
      case SCREENSHOT -> {
        Optional<Target> target = Optional.ofNullable(target(f, "target", false));
        Optional<String> name = optString(f, "name");
        Boolean fullPage = bool(f, "fullPage");
        yield () -> Step.Screenshot.builder().id(id).target(target).name(name)
            .fullPage(fullPage != null && fullPage).build();
      }
      case CSV_IMPORT -> {
        String path = string(f, "path", true);
        yield () -> Step.CsvImport.builder().id(id).path(path).build();
      }
      case CSV_EXPORT -> {
        String source = string(f, "source", true);
        String path = string(f, "path", true);
        yield () -> Step.CsvExport.builder().id(id).source(source).path(path).build();
      }
      case FOREACH -> {
        ForeachSource source = foreachSource(f);
        Integer concurrency = integer(f, "concurrency", false);
        List<Step> body = body(f, "body", depth);
        yield () -> Step.Foreach.builder().id(id).source(source).concurrency(concurrency == null ? 1 : concurrency)
            .body(body).build();
      }
      case REPEAT -> {
        Integer times = integer(f, "times", true);
        List<Step> body = body(f, "body", depth);
        yield () -> Step.Repeat.builder().id(id).times(times).body(body).build();
      }
      case IF -> {
        Condition condition = requiredCondition(f, "condition");
        List<Step> then = body(f, "then", depth);
        List<Step> otherwise = body(f, "else", depth);
        yield () -> Step.If.builder().id(id).condition(condition).then(then).otherwise(otherwise).build();
      }
      case WHILE -> {
        Condition condition = requiredCondition(f, "condition");
        List<Step> body = body(f, "body", depth);
        Integer max = integer(f, "max", true);
        yield () -> Step.While.builder().id(id).condition(condition).body(body).max(max).build();
      }
      case MANUAL -> {
        String instructions = string(f, "instructions", true);
        yield () -> Step.Manual.builder().id(id).instructions(instructions).build();
      }
    };
  }

  private ForeachSource foreachSource(Fields f) {
    int before = problems.count();
    exactlyOne(f, "source", "items");
    JsonValue source = f.get("source");
    JsonValue items = f.get("items");
    if (problems.count() > before) {
      return null;
    }
    if (source != null) {
      if (!source.is(JsonValue.Type.STRING)) {
        wrongType(f.at("source"), source, "\"table\" or a whole placeholder such as \"${steps.list.items}\"");
        return null;
      }
      if (source.text().equals("table")) {
        return ForeachSource.table();
      }
      if (WHOLE_PLACEHOLDER.matcher(source.text()).matches()) {
        return build(f.at("source"), source, () -> ForeachSource.items(source.text()));
      }
      problem(ErrorCode.FIELD_INVALID, f.at("source"), source,
          "a foreach source is \"table\" or one whole placeholder such as \"${steps.list.items}\"; "
              + "list literal values under \"items\"");
      return null;
    }
    List<String> values = strings(f, "items");
    if (problems.count() > before) {
      return null;
    }
    return build(f.at("items"), items, () -> ForeachSource.literal(values));
  }

  // ------------------------------------------------------------------ targets and conditions

  private Target target(Fields f, String key, boolean required) {
    JsonValue v = f.get(key);
    if (v == null) {
      if (required) {
        missing(f, key);
      }
      return null;
    }
    return target(v, f.at(key));
  }

  private Target target(JsonValue v, String path) {
    Fields f = object(v, path, "a target");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    List<Candidate> candidates = new ArrayList<>();
    JsonValue list = f.get("candidates");
    if (list != null && isArray(list, f.at("candidates"), "an array of candidates")) {
      for (int i = 0; i < list.size(); i++) {
        Candidate c = candidate(list.elements().get(i), JsonPath.index(f.at("candidates"), i));
        if (c != null) {
          candidates.add(c);
        }
      }
    }
    List<String> framePath = strings(f, "framePath");
    List<String> shadowPath = strings(f, "shadowPath");
    unknown(f, FormatNames.TARGET);
    if (problems.count() > before) {
      return null;
    }
    return build(path, v, () -> Target.builder().candidates(candidates).framePath(framePath)
        .shadowPath(shadowPath).build());
  }

  private Candidate candidate(JsonValue v, String path) {
    Fields f = object(v, path, "a candidate");
    if (f == null) {
      return null;
    }
    int before = problems.count();
    List<Candidate.Kind> kinds = new ArrayList<>();
    List<String> kindNames = new ArrayList<>();
    for (Candidate.Kind k : Candidate.Kind.values()) {
      kindNames.add(k.jsonName());
      if (f.has(k.jsonName())) {
        kinds.add(k);
      }
    }
    Candidate.Kind kind = null;
    String value = null;
    if (kinds.isEmpty()) {
      problem(ErrorCode.FIELD_INVALID, path, v, "a candidate needs exactly one locator key: "
          + String.join(", ", kindNames) + ", e.g. {\"testId\": \"save\"}");
    } else if (kinds.size() > 1) {
      problem(ErrorCode.FIELD_INVALID, path, v, "a candidate has exactly one locator key, found "
          + kinds.stream().map(Candidate.Kind::jsonName).collect(Collectors.joining(" and "))
          + "; list alternatives as separate candidates");
    } else {
      kind = kinds.get(0);
      value = string(f, kind.jsonName(), true);
    }
    Optional<String> name = optString(f, "name");
    if (name.isPresent() && kind != null && kind != Candidate.Kind.ROLE) {
      problem(ErrorCode.FIELD_INVALID, f.at("name"), f.get("name"),
          "only a role candidate has a name, not a " + kind.jsonName() + " candidate");
    }
    unknown(f, CANDIDATE_FIELDS);
    if (problems.count() > before) {
      return null;
    }
    Candidate.Kind k = kind;
    String val = value;
    return build(path, v, () -> Candidate.builder().kind(k).value(val).name(name).build());
  }

  private Optional<Point> point(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null) {
      return Optional.empty();
    }
    Fields p = object(v, f.at(key), "an offset");
    if (p == null) {
      return Optional.empty();
    }
    int before = problems.count();
    Double x = decimal(p, "x");
    Double y = decimal(p, "y");
    unknown(p, FormatNames.POINT);
    if (problems.count() > before) {
      return Optional.empty();
    }
    return Optional.ofNullable(build(f.at(key), v, () -> Point.of(x == null ? 0 : x, y == null ? 0 : y)));
  }

  private List<Condition> conditions(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null || !isArray(v, f.at(key), "an array of conditions")) {
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

  private Condition requiredCondition(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null) {
      missing(f, key);
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

  private Condition condition(JsonValue v, String path, int depth) {
    Fields f = object(v, path, "a condition");
    if (f == null) {
      return null;
    }
    if (depth > MAX_STRUCTURE_DEPTH) {
      problem(ErrorCode.LIMIT_EXCEEDED, JsonPath.abbreviate(path), v,
          "conditions nest deeper than " + MAX_STRUCTURE_DEPTH + " levels");
      return null;
    }
    int before = problems.count();
    Form form = form(f);
    if (form != null) {
      f.what = "a " + form.describe();
      for (String key : FormatNames.CONDITION) {
        if (f.has(key) && !form.keys.contains(key)) {
          problem(ErrorCode.FIELD_INVALID, f.at(key), f.get(key),
              JsonPath.quote(key) + " does not belong to " + f.what + " (fields: " + String.join(", ", form.keys) + ")");
        }
      }
    }
    unknown(f, FormatNames.CONDITION);
    if (form == null) {
      return null;
    }
    Supplier<Condition> make = conditionOf(form, f, depth);
    if (problems.count() > before || make == null) {
      return null;
    }
    return build(path, v, make);
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
          problem(ErrorCode.FIELD_MISSING, f.at("element"), f.object,
              "a condition with " + JsonPath.quote(elementKey) + " needs an element target");
          return null;
        }
      }
      problem(ErrorCode.FIELD_INVALID, f.path, f.object, "the condition matches no form; it needs one of "
          + String.join(", ", PRIMARY_KEYS) + ", e.g. {\"url\": \"**/home\"}");
      return null;
    }
    if (primaries.contains("text") && primaries.size() == 1) {
      return Form.TEXT;
    }
    if (primaries.size() > 1) {
      problem(ErrorCode.FIELD_INVALID, f.path, f.object, "a condition has exactly one form, found "
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
        String glob = string(f, "url", true);
        yield () -> Condition.Url.of(glob);
      }
      case TITLE -> {
        String glob = string(f, "title", true);
        yield () -> Condition.Title.of(glob);
      }
      case ELEMENT -> {
        Target target = target(f, "element", true);
        Condition.State state = enumValue(f, "state", Condition.State.class, Condition.State.VISIBLE);
        yield () -> Condition.Element.of(target, state);
      }
      case COUNT -> {
        Target target = target(f, "element", true);
        Integer count = integer(f, "count", true);
        Condition.Op op = Condition.Op.EQ;
        JsonValue symbol = f.get("op");
        if (symbol != null) {
          List<String> symbols = new ArrayList<>();
          for (Condition.Op o : Condition.Op.values()) {
            symbols.add(o.symbol());
          }
          if (!symbol.is(JsonValue.Type.STRING)) {
            wrongType(f.at("op"), symbol, "a string, one of " + String.join(", ", symbols));
          } else if (Condition.Op.fromSymbol(symbol.text()).isEmpty()) {
            problem(ErrorCode.FIELD_INVALID, f.at("op"), symbol, unknownValue("comparison", symbol.text(), symbols));
          } else {
            op = Condition.Op.fromSymbol(symbol.text()).get();
          }
        }
        Condition.Op chosen = op;
        yield () -> Condition.Count.of(target, chosen, count);
      }
      case TEXT -> {
        String text = string(f, "text", true);
        Target target = target(f, "element", false);
        Condition.Match match = enumValue(f, "match", Condition.Match.class, Condition.Match.CONTAINS);
        yield () -> Condition.Text.of(Optional.ofNullable(target), text, match);
      }
      case VALUE -> {
        Target target = target(f, "element", true);
        String value = string(f, "value", true);
        yield () -> Condition.Value.of(target, value);
      }
      case ATTRIBUTE -> {
        Target target = target(f, "element", true);
        String name = string(f, "attribute", true);
        Optional<String> value = optString(f, "value");
        yield () -> Condition.Attribute.of(target, name, value);
      }
      case VAR -> varCondition(f);
      case DOWNLOAD -> {
        String glob = string(f, "download", true);
        yield () -> Condition.Download.of(glob);
      }
      case LOAD -> {
        Condition.LoadState state = enumValue(f, "loadState", Condition.LoadState.class, null);
        yield () -> Condition.Load.of(state);
      }
      case EXPRESSION -> {
        String script = string(f, "expression", true);
        yield () -> Condition.Expression.of(script);
      }
      case NOT -> {
        Condition inner = condition(f.get("not"), f.at("not"), depth + 1);
        yield () -> Condition.Not.of(inner);
      }
    };
  }

  private Supplier<Condition> varCondition(Fields f) {
    String subject = string(f, "var", true);
    List<String> ops = List.of("equals", "contains", "truthy", "falsy");
    List<String> present = ops.stream().filter(f::has).collect(Collectors.toList());
    if (present.size() != 1) {
      problem(ErrorCode.FIELD_INVALID, f.path, f.object, "a var condition needs exactly one of "
          + String.join(", ", ops) + (present.isEmpty() ? "" : ", found " + String.join(" and ", present)));
      return null;
    }
    String op = present.get(0);
    if (op.equals("truthy") || op.equals("falsy")) {
      JsonValue flag = f.get(op);
      if (!flag.is(JsonValue.Type.BOOLEAN) || !flag.bool()) {
        problem(ErrorCode.FIELD_INVALID, f.at(op), flag, op + " takes only true"
            + (op.equals("truthy") ? "; use {\"falsy\": true} for the opposite" : "; use {\"truthy\": true} for the opposite"));
        return null;
      }
      return op.equals("truthy") ? () -> Condition.Var.truthy(subject) : () -> Condition.Var.falsy(subject);
    }
    String operand = string(f, op, true);
    return op.equals("equals") ? () -> Condition.Var.equalTo(subject, operand)
        : () -> Condition.Var.containing(subject, operand);
  }

  // ------------------------------------------------------------------ typed field access

  private Fields object(JsonValue v, String path, String what) {
    if (!v.is(JsonValue.Type.OBJECT)) {
      wrongType(path, v, what + " (a JSON object)");
      return null;
    }
    return new Fields(v, path, what);
  }

  private boolean isArray(JsonValue v, String path, String what) {
    if (!v.is(JsonValue.Type.ARRAY)) {
      wrongType(path, v, what);
      return false;
    }
    return true;
  }

  private <T> List<T> objects(Fields f, String key, BiFunction<JsonValue, String, T> item) {
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

  private String string(Fields f, String key, boolean required) {
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

  private Optional<String> optString(Fields f, String key) {
    return Optional.ofNullable(string(f, key, false));
  }

  private Integer integer(Fields f, String key, boolean required) {
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

  private Double decimal(Fields f, String key) {
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

  private Boolean bool(Fields f, String key) {
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

  private List<String> strings(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null || !isArray(v, f.at(key), "an array of strings")) {
      return List.of();
    }
    return stringElements(v, f.at(key));
  }

  private List<String> stringElements(JsonValue array, String path) {
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

  private <E extends Enum<E>> E enumValue(Fields f, String key, Class<E> type, E absent) {
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

  private void exactlyOne(Fields f, String a, String b) {
    boolean hasA = f.has(a);
    boolean hasB = f.has(b);
    if (hasA == hasB) {
      problem(ErrorCode.FIELD_INVALID, f.path, f.object, f.what + " needs exactly one of " + a + " or " + b
          + (hasA ? ", found both" : ", found neither"));
    }
  }

  // ------------------------------------------------------------------ problems

  private void unknown(Fields f, Collection<String> known) {
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

  private void missing(Fields f, String key) {
    problem(ErrorCode.FIELD_MISSING, f.at(key), f.object, f.what + " needs the field \"" + key + "\"");
  }

  private void wrongType(String path, JsonValue v, String expected) {
    problem(ErrorCode.FIELD_INVALID, path, v, "expected " + expected + ", found " + v.type().description());
  }

  private static String unknownValue(String what, String value, List<String> allowed) {
    Optional<String> suggestion = FormatNames.closest(value, allowed);
    return "unknown " + what + " " + JsonPath.quote(value)
        + suggestion.map(s -> "; did you mean \"" + s + "\"?").orElse("")
        + " (allowed: " + String.join(", ", allowed) + ")";
  }

  private void problem(ErrorCode code, String path, JsonValue at, String message) {
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
  private <T> T build(String path, JsonValue at, Supplier<T> make) {
    try {
      return make.get();
    } catch (RuntimeException e) {
      String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      problem(ErrorCode.FIELD_INVALID, path, at, "not a valid value: "
          + (detail.length() > 200 ? detail.substring(0, 200) + "..." : detail));
      return null;
    }
  }

  private static List<String> candidateFields() {
    List<String> fields = new ArrayList<>();
    for (Candidate.Kind k : Candidate.Kind.values()) {
      fields.add(k.jsonName());
    }
    fields.add("name");
    return List.copyOf(fields);
  }
}
