package io.browserflow.api.json;

import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Input;
import io.browserflow.api.Policy;
import io.browserflow.api.Schedule;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import io.browserflow.api.json.ReadContext.Fields;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Maps one parsed browserflow/2 (or browserflow/1, migrated) document onto the model, collecting
 * every problem. A browserflow/1 document reads as it always did and becomes a browserflow/2 flow;
 * what browserflow/2 added is refused in it, naming the schema line to change. Each mapping
 * method returns null when its part of the document had a problem; values are built only from
 * problem-free parts, so model constructors see complete, well-typed input (any exception they
 * still throw becomes a FIELD_INVALID problem).
 *
 * <p>The document is read in parts: {@link FlowHeaderReader} (declarations), {@link StepReader}
 * (steps and their op fields), {@link ConditionReader} and {@link TargetReader}, sharing one
 * {@link ReadContext} (problems, strictness, typed field access).
 */
final class FlowJsonReader {
  /** Nested step lists and nested {@code not} conditions the codec handles; validation allows far fewer. */
  static final int MAX_STRUCTURE_DEPTH = 200;

  static final List<String> SUPPORTED_SCHEMAS = List.of(Flow.SCHEMA_V1, Flow.SCHEMA);

  private final ReadContext read;
  private final FlowHeaderReader header;
  private final StepReader stepReader;

  FlowJsonReader(boolean lenient, Problems problems) {
    this.read = new ReadContext(lenient, problems);
    this.header = new FlowHeaderReader(read);
    TargetReader targets = new TargetReader(read);
    this.stepReader = new StepReader(read, targets, new ConditionReader(read, targets));
  }

  /** The flow, or null when the document has problems (added to the list). */
  Flow flow(JsonValue root) {
    if (!root.is(JsonValue.Type.OBJECT)) {
      read.problem(ErrorCode.FIELD_INVALID, "", root,
          "a flow document is a JSON object, found " + root.type().description());
      return null;
    }
    Fields f = new Fields(root, "", "the flow");
    if (!schemaSupported(f)) {
      return null;
    }
    read.schema(f.get("schema").text());
    return body(root, f, true);
  }

  /** A subflow: a flow object without schema, schedule or subflows of its own. */
  private Flow subflow(JsonValue v, String path) {
    Fields f = read.object(v, path, "a subflow");
    return f == null ? null : body(v, f, false);
  }

  private Flow body(JsonValue root, Fields f, boolean top) {
    int before = read.problemCount();
    String id = read.string(f, "id", false);
    String name = read.string(f, "name", true);
    Integer version = top ? revision(f) : null;
    Optional<String> description = read.optString(f, "description");
    List<String> tags = read.strings(f, "tags");
    FlowMeta meta = f.has("meta") ? header.meta(f.get("meta"), f.at("meta")) : null;
    List<Input> inputs = read.objects(f, "inputs", header::input);
    List<Credential> credentials = read.objects(f, "credentials", header::credential);
    List<TabAlias> tabs = read.objects(f, "tabs", header::tab);
    DataTable table = f.has("table") ? header.table(f.get("table"), f.at("table")) : null;
    Policy policy = f.has("policy") ? header.policy(f.get("policy"), f.at("policy")) : null;
    Schedule schedule = top && f.has("schedule") ? header.schedule(f.get("schedule"), f.at("schedule")) : null;
    List<Step> steps = f.has("steps") ? stepReader.list(f.get("steps"), f.at("steps"), 1) : List.of();
    java.util.Map<String, String> outputs = read.stringMap(f, "outputs", false);
    List<Flow> subflows = top ? read.objects(f, "subflows", this::subflow) : List.of();
    read.unknown(f, top ? FormatNames.FLOW : FormatNames.SUBFLOW);
    read.refuseSinceV2(f, FormatNames.SINCE_V2_FLOW);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(f.path, root, () -> {
      Flow.Builder b = Flow.builder().name(name).description(description).addAllTags(tags)
          .addAllInputs(inputs).addAllCredentials(credentials).addAllTabs(tabs).addAllSteps(steps)
          .outputs(outputs).addAllSubflows(subflows);
      if (version != null) {
        b.version(version);
      }
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

  /** The flow's {@code version}, null when absent or invalid (reported). */
  private Integer revision(Fields f) {
    Integer version = read.integer(f, "version", false);
    if (version != null && version < 1) {
      read.problem(ErrorCode.FIELD_INVALID, f.at("version"), f.get("version"),
          "version is " + version + ": a flow's revisions are counted from 1 (leave it out for the first)");
      return null;
    }
    return version;
  }

  private boolean schemaSupported(Fields f) {
    JsonValue schema = f.get("schema");
    String supported = SUPPORTED_SCHEMAS.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(", "));
    if (schema == null) {
      read.problem(ErrorCode.SCHEMA_UNSUPPORTED, "schema", f.object,
          "the document has no schema field; this reader supports " + supported);
      return false;
    }
    if (!schema.is(JsonValue.Type.STRING) || !SUPPORTED_SCHEMAS.contains(schema.text())) {
      String found = schema.is(JsonValue.Type.STRING) ? JsonPath.quote(schema.text()) : schema.type().description();
      read.problem(ErrorCode.SCHEMA_UNSUPPORTED, "schema", schema,
          "schema " + found + " is not supported; this reader supports " + supported);
      return false;
    }
    return true;
  }
}
