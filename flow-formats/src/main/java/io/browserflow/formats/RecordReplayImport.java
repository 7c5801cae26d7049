package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Input;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.validate.FlowValidator;
import io.browserflow.formats.RecordReplayDocument.Binding;
import io.browserflow.formats.RecordReplayDocument.Graph;
import io.browserflow.formats.RecordReplayDocument.Node;
import io.browserflow.formats.RecordReplayDocument.Output;
import io.browserflow.formats.RecordReplayDocument.Variable;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One import of a record-replay flow; see {@link RecordReplayCodec} for the mapping. The file is
 * read into a {@link RecordReplayDocument}; this class maps the flow's header (name, variables,
 * bindings, outputs), decides which saved names become run variables, and hands the graph to
 * {@link RecordReplayGraph} and {@link RecordReplayStructure}, whose nodes {@link RecordReplayNodes}
 * maps, all sharing one {@link RecordReplayImportState}.
 */
final class RecordReplayImport {
  private static final Pattern KEY = Pattern.compile("[^\\s${}]+");

  private final RecordReplayDocument doc;
  private final String origin;
  private final Issues issues = new Issues();
  private final RecordReplayImportState st = new RecordReplayImportState(issues);

  /** {@code origin} names the flow when the document does not; without one ({@code null}) it is {@code flow}. */
  RecordReplayImport(RecordReplayDocument doc, String origin) {
    this.doc = doc;
    this.origin = origin == null ? "flow" : origin;
  }

  Conversion<Flow> run() {
    issues.addAll(doc.issues);
    int version = version();
    Set<String> lists = listVariables();
    variables(lists);
    runVariables();
    RecordReplaySelectors selectors = new RecordReplaySelectors(issues);
    RecordReplayValues values = new RecordReplayValues(st);
    RecordReplayNodes nodes = new RecordReplayNodes(st, values, selectors, doc.subflows);
    RecordReplayStructure structure = new RecordReplayStructure(st, nodes);
    nodes.structure(structure);
    if (doc.backupSteps) {
      issues.info(ConversionCode.FIELD_DROPPED, "steps", "the flow has nodes: they are what runs, as in the extension; its "
          + "linear steps are the backup kept from before the graph and are not converted");
    }
    if (doc.main.nodes().isEmpty()) {
      issues.blocking(ConversionCode.FIELD_MISSING, "steps", "the flow has no steps and no nodes");
    }
    List<Step> steps = new ArrayList<>(structure.steps(new RecordReplayGraph(doc.main, issues)));
    steps.addAll(0, initialRunVariables());
    for (String key : doc.subflows.keySet()) {
      if (!nodes.usedSubflows.contains(key)) {
        issues.warning(ConversionCode.FIELD_DROPPED, "subflows." + key, "subflow " + key + " is run by no foreach or while "
            + "node; it is not converted");
      }
    }
    Flow flow = flow(steps, version);
    for (Problem p : FlowValidator.of(RecordReplayImportState.LIMITS).validate(flow)) {
      issues.blocking(ConversionCode.INVALID_FLOW, p.path(), "the imported flow is not valid: " + p.code() + ": " + p.message());
    }
    return Conversion.of(Format.RECORD_REPLAY, Format.FLOW, flow, st.read, st.mapped, issues);
  }

  /** The extension's version counts the flow's revisions, as BrowserFlow's does; 1 when it is none. */
  private int version() {
    if (doc.version == null || !doc.version.isNumber()) {
      issues.warning(ConversionCode.SCHEMA_VERSION_ASSUMED, "version", "the flow has no numeric version; it is read as "
          + "revision 1 of a flow in the extension's current format");
      return 1;
    }
    if (!doc.version.canConvertToInt() || doc.version.asDouble() != Math.rint(doc.version.asDouble()) || doc.version.asInt() < 1) {
      issues.warning(ConversionCode.FIELD_INVALID, "version", "version " + doc.version.asText() + " is no revision number "
          + "(a whole number from 1); the flow is revision 1");
      return 1;
    }
    return doc.version.asInt();
  }

  private Flow flow(List<Step> steps, int version) {
    String name = doc.name == null ? "" : doc.name.strip();
    if (name.isEmpty()) {
      name = origin.replaceFirst("(?i)\\.json$", "").strip();
      name = name.isEmpty() ? "record-replay flow" : name;
      issues.info(ConversionCode.DEFAULT_FILLED, "name", "the flow has no name; it is named \"" + name + "\"");
    }
    int max = RecordReplayImportState.LIMITS.maxNameChars();
    if (name.length() > max) {
      name = name.substring(0, max).strip();
      issues.warning(ConversionCode.FIELD_TRUNCATED, "name", "the name is longer than " + max + " characters; it is cut");
    }
    Flow.Builder b = Flow.builder().name(name).version(version).addAllTags(doc.tags).addAllInputs(st.inputs.values())
        .addAllCredentials(st.credentials.values()).addAllSteps(steps);
    if (doc.id != null && !doc.id.isBlank()) {
      b.id(doc.id.strip());
    }
    if (doc.description != null && !doc.description.isBlank()) {
      String d = doc.description.strip();
      int maxD = RecordReplayImportState.LIMITS.maxDescriptionChars();
      if (d.length() > maxD) {
        d = d.substring(0, maxD);
        issues.warning(ConversionCode.FIELD_TRUNCATED, "description", "the description is longer than " + maxD
            + " characters; it is cut");
      }
      b.description(d);
    }
    FlowMeta.Builder meta = FlowMeta.builder().source("record-replay");
    if (doc.createdAt != null) {
      meta.createdAt(doc.createdAt);
    }
    b.meta(meta.build());
    if (doc.updatedAt) {
      issues.info(ConversionCode.FIELD_DROPPED, "meta.updatedAt", "meta.updatedAt is not kept; meta.createdAt is");
    }
    if (!doc.otherMeta.isEmpty()) {
      issues.info(ConversionCode.FIELD_DROPPED, "meta", "meta " + String.join(", ", doc.otherMeta) + " "
          + (doc.otherMeta.size() == 1 ? "has" : "have") + " no equivalent and " + (doc.otherMeta.size() == 1 ? "is" : "are")
          + " left out");
    }
    List<String> originsAllowed = bindings();
    if (!originsAllowed.isEmpty() || !st.capabilities.isEmpty()) {
      b.policy(Policy.builder().addAllAllowedOrigins(originsAllowed).addAllCapabilities(st.capabilities).build());
    }
    outputs(b);
    return b.build();
  }

  // ================================================================ bindings and outputs

  /** meta.bindings as allowed origins: a url binding's origin, a domain's https origin; a path binding has none. */
  private List<String> bindings() {
    Set<String> out = new LinkedHashSet<>();
    for (Binding bd : doc.bindings) {
      String value = bd.value() == null ? "" : bd.value().strip();
      String type = bd.type() == null ? "" : bd.type();
      if (value.isEmpty()) {
        issues.warning(ConversionCode.FIELD_MISSING, bd.path() + ".value", "the binding has no value; it is left out");
        continue;
      }
      switch (type) {
        case "url": {
          String o = origin(value);
          if (o == null) {
            issues.warning(ConversionCode.FIELD_INVALID, bd.path() + ".value", "binding url " + value + " is not an absolute "
                + "http(s) URL; it is left out");
          } else {
            out.add(o);
          }
          break;
        }
        case "domain":
          if (value.matches("[A-Za-z0-9.-]+(:[0-9]{1,5})?")) {
            out.add("https://" + value.toLowerCase(java.util.Locale.ROOT));
            issues.info(ConversionCode.APPROXIMATED, bd.path(), "domain binding " + value + " becomes the allowed origin https://"
                + value + ": the extension starts the flow only on pages of that domain (subdomains too); BrowserFlow lets "
                + "the run reach that origin besides the flow's own");
          } else {
            issues.warning(ConversionCode.FIELD_INVALID, bd.path() + ".value", "domain binding " + value + " is no host name; "
                + "it is left out");
          }
          break;
        default:
          issues.info(ConversionCode.FIELD_DROPPED, bd.path(), (type.isEmpty() ? "a binding without a type" : type + " binding "
              + value) + " says where the extension may start the flow; BrowserFlow has no such check, and a path names no "
              + "origin: it is left out");
      }
    }
    return new ArrayList<>(out);
  }

  private static String origin(String url) {
    try {
      URI u = URI.create(url);
      if (u.getScheme() == null || u.getHost() == null || !u.getScheme().toLowerCase(java.util.Locale.ROOT).startsWith("http")) {
        return null;
      }
      return u.getScheme().toLowerCase(java.util.Locale.ROOT) + "://" + u.getHost().toLowerCase(java.util.Locale.ROOT)
          + (u.getPort() < 0 ? "" : ":" + u.getPort());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private void outputs(Flow.Builder b) {
    for (Output o : doc.outputs) {
      String output = o.nodeId() == null ? null : st.nodeOutputs.get(o.nodeId());
      if (o.as() == null || o.as().isBlank() || output == null) {
        issues.warning(ConversionCode.FIELD_DROPPED, o.path(), "exposed output " + (o.as() == null ? "" : o.as() + " ")
            + "names " + (o.nodeId() == null ? "no node" : "node " + o.nodeId() + ", which saves no value the flow could hand back")
            + "; it is left out");
        continue;
      }
      b.putOutputs(o.as().strip(), output);
    }
  }

  // ================================================================ variables

  /** Variables with a list as default that a foreach iterates: their values go into the loop. */
  private Set<String> listVariables() {
    Set<String> lists = new LinkedHashSet<>();
    for (Node n : allNodes()) {
      if (n.type().equals("foreach") && n.text("listVar") != null) {
        lists.add(n.text("listVar").strip());
      }
    }
    return lists;
  }

  private void variables(Set<String> lists) {
    for (Variable v : doc.variables) {
      if (!KEY.matcher(v.key()).matches()) {
        issues.warning(ConversionCode.INVALID_KEY, v.path() + ".key", "variable key \"" + v.key() + "\" holds blanks, a "
            + "dollar sign or a brace, which no ${...} placeholder can name; it is left out");
        continue;
      }
      if (st.variables.containsKey(v.key())) {
        issues.warning(ConversionCode.DUPLICATE_KEY, v.path() + ".key", "variable " + v.key() + " is declared twice; the "
            + "later declaration is left out");
        continue;
      }
      st.variables.put(v.key(), v);
      if (v.sensitive()) {
        credential(v);
      } else if (v.defaultValue() != null && v.defaultValue().isArray() && lists.contains(v.key())) {
        continue;
      } else {
        input(v);
      }
    }
  }

  private void credential(Variable v) {
    Credential.Builder c = Credential.builder().key(v.key()).type(RecordReplayImportState.credentialType(v.key())).secret(true)
        .required(v.required() == null || v.required());
    if (v.label() != null && !v.label().isBlank()) {
      c.label(v.label().strip());
    }
    if (v.defaultValue() != null && !v.defaultValue().asText("").isEmpty()) {
      issues.warning(ConversionCode.SENSITIVE_VALUE, v.path() + ".default", "the default of sensitive variable " + v.key()
          + " is not kept: secret credentials live only in memory; give the value at run time");
    }
    st.credentials.put(v.key(), c.build());
  }

  private void input(Variable v) {
    Input.Builder in = Input.builder().key(v.key());
    if (v.label() != null && !v.label().isBlank()) {
      in.label(v.label().strip());
    }
    String type = v.type() == null ? "string" : v.type();
    switch (type) {
      case "number":
        in.type(Input.Type.NUMBER);
        break;
      case "boolean":
        in.type(Input.Type.BOOLEAN);
        break;
      case "enum":
        in.type(Input.Type.SELECT).addAllOptions(v.options());
        break;
      case "string":
        break;
      default:
        issues.info(ConversionCode.TYPE_CHANGED, v.path() + ".type", "variable " + v.key() + " of type " + type
            + " becomes a text input");
    }
    JsonNode def = v.defaultValue();
    if (def != null) {
      if (def.isContainerNode()) {
        issues.info(ConversionCode.TYPE_CHANGED, v.path() + ".default", "the default of " + v.key() + " is "
            + (def.isArray() ? "a list" : "an object") + "; the input gets it as JSON text");
      }
      in.defaultValue(def.isValueNode() ? def.asText() : def.toString());
    }
    if (v.required() != null) {
      in.required(v.required());
    }
    if (v.pattern() != null && !v.pattern().isBlank()) {
      in.pattern(v.pattern());
    }
    st.inputs.put(v.key(), in.build());
  }

  /**
   * Names kept as run variables ({@code ${vars.NAME}}, set by a setVar after each node that saves
   * them): saved by more than one node, saved and also a flow variable, or saved and tested by a
   * while (the test must see each pass's value).
   */
  private void runVariables() {
    Map<String, Integer> saves = new HashMap<>();
    Set<String> whileTests = new LinkedHashSet<>();
    List<Graph> graphs = new ArrayList<>(doc.subflows.values());
    graphs.add(0, doc.main);
    for (Graph g : graphs) {
      RecordReplayGraph analysis = new RecordReplayGraph(g, new Issues());
      for (Node n : g.nodes()) {
        if (n.type().equals("while") || analysis.loops.containsKey(n.id())) {
          JsonNode var = n.config().path("condition").path("var");
          if (var.isTextual()) {
            whileTests.add(var.asText().strip());
          }
        }
        for (String name : savedNames(n)) {
          saves.merge(name, 1, Integer::sum);
        }
      }
    }
    for (Map.Entry<String, Integer> e : saves.entrySet()) {
      String name = e.getKey();
      if (e.getValue() > 1 || st.variables.containsKey(name) || whileTests.contains(name)) {
        st.runVariables.add(name);
      }
    }
  }

  private static List<String> savedNames(Node n) {
    List<String> names = new ArrayList<>();
    String saveAs = n.text("saveAs");
    if (saveAs != null && !saveAs.isBlank() && List.of("extract", "script", "http", "clipboard", "screenshot").contains(n.type())) {
      names.add(saveAs.strip());
    }
    if (n.type().equals("http")) {
      n.config().path("assign").fieldNames().forEachRemaining(names::add);
    }
    return names;
  }

  /** A setVar per run variable before the first step: the flow variable's value, or empty as in the extension. */
  private List<Step> initialRunVariables() {
    List<Step> out = new ArrayList<>();
    for (String name : new java.util.TreeSet<>(st.runVariables)) {
      Variable v = st.variables.get(name);
      String value = v == null ? "" : v.sensitive() ? "${credential." + name + "}" : "${" + name + "}";
      out.add(DataStep.SetVar.builder().id(st.id("init-" + name)).name(name).value(value).build());
    }
    return out;
  }

  private List<Node> allNodes() {
    List<Node> all = new ArrayList<>(doc.main.nodes());
    doc.subflows.values().forEach(g -> all.addAll(g.nodes()));
    return all;
  }
}
