package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A flow of the record-replay extension (seed 000), read: its header (id, name, description,
 * version, meta), its variables, and its steps as a graph ({@link Graph}): the V2 {@code nodes} and
 * {@code edges} when it has nodes, else the linear {@code steps[]} as a chain of nodes (a step is a
 * node whose config is the step's own fields), plus the {@code subflows} that foreach and while
 * nodes run. What cannot be read as a node or an edge is an issue here, with its path.
 */
final class RecordReplayDocument {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** A node (or a linear step): its type, display name, disabled switch and config. */
  record Node(String path, String id, String type, String name, boolean disabled, ObjectNode config) {
    /** The config's text field {@code field}, or null when absent or not text. */
    String text(String field) {
      JsonNode v = config.get(field);
      return v != null && v.isValueNode() && !v.isNull() ? v.asText() : null;
    }

    /** How messages name the node: its type and id. */
    String label() {
      return type + " " + id;
    }
  }

  /** An edge; {@code label} is null for the default edge. */
  record Edge(String path, String id, String from, String to, String label) {}

  /**
   * Nodes and the edges between them. {@code linear}: made from {@code steps[]} (a chain in list
   * order); {@code unlinked}: nodes without a single edge, which the extension runs in list order.
   */
  record Graph(String path, List<Node> nodes, List<Edge> edges, boolean linear, boolean unlinked) {}

  /** A flow variable ({@code VariableDef}). */
  record Variable(String path, String key, String label, boolean sensitive, JsonNode defaultValue, String type,
      Boolean required, String pattern, List<String> options) {}

  /** A {@code meta.bindings} entry: where the flow may start. */
  record Binding(String path, String type, String value) {}

  /** An {@code meta.exposedOutputs} entry: a node's output the flow hands back under {@code as}. */
  record Output(String path, String nodeId, String as) {}

  final Issues issues = new Issues();
  final String id;
  final String name;
  final String description;
  /** The {@code version} field; null when missing. */
  final JsonNode version;
  final String createdAt;
  final boolean updatedAt;
  final List<String> tags = new ArrayList<>();
  final List<Binding> bindings = new ArrayList<>();
  final List<Output> outputs = new ArrayList<>();
  /** Meta fields with no equivalent (domain, tool, ...), by name. */
  final List<String> otherMeta = new ArrayList<>();
  final List<Variable> variables = new ArrayList<>();
  /** The graph that runs: the nodes when there are any, else the linear steps. */
  final Graph main;
  /** Whether the flow also has a linear {@code steps[]} (kept as the graph's backup). */
  final boolean backupSteps;
  final Map<String, Graph> subflows = new LinkedHashMap<>();

  private RecordReplayDocument(JsonNode root) {
    this.id = text(root, "id");
    this.name = text(root, "name");
    this.description = text(root, "description");
    this.version = root.get("version");
    JsonNode meta = root.path("meta");
    this.createdAt = text(meta, "createdAt");
    this.updatedAt = meta.has("updatedAt");
    for (JsonNode t : list(meta, "tags", "meta.tags", false)) {
      if (t.isTextual() && !t.asText().isBlank()) {
        tags.add(t.asText().strip());
      }
    }
    JsonNode b = list(meta, "bindings", "meta.bindings", false);
    for (int i = 0; i < b.size(); i++) {
      bindings.add(new Binding("meta.bindings[" + i + "]", text(b.get(i), "type"), text(b.get(i), "value")));
    }
    JsonNode o = list(meta, "exposedOutputs", "meta.exposedOutputs", false);
    for (int i = 0; i < o.size(); i++) {
      outputs.add(new Output("meta.exposedOutputs[" + i + "]", text(o.get(i), "nodeId"), text(o.get(i), "as")));
    }
    for (Iterator<String> it = meta.fieldNames(); it.hasNext();) {
      String f = it.next();
      if (!List.of("createdAt", "updatedAt", "tags", "bindings", "exposedOutputs").contains(f)) {
        otherMeta.add(f);
      }
    }
    JsonNode vars = list(root, "variables", "variables", false);
    for (int i = 0; i < vars.size(); i++) {
      variable(vars.get(i), "variables[" + i + "]");
    }
    JsonNode nodes = root.path("nodes");
    JsonNode steps = root.path("steps");
    boolean graph = nodes.isArray() && nodes.size() > 0;
    this.backupSteps = graph && steps.isArray() && steps.size() > 0;
    this.main = graph ? graph(root, "") : linear(steps);
    JsonNode subs = root.path("subflows");
    if (!subs.isMissingNode() && !subs.isNull() && !subs.isObject()) {
      issues.blocking(ConversionCode.FIELD_INVALID, "subflows", "subflows is not an object of subflows by id; no "
          + "subflow is read");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = subs.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      String p = "subflows." + e.getKey();
      if (!e.getValue().isObject()) {
        issues.blocking(ConversionCode.FIELD_INVALID, p, "subflow " + e.getKey() + " is not an object with nodes and "
            + "edges; it is read as empty");
      }
      subflows.put(e.getKey(), graph(e.getValue(), p));
    }
  }

  /**
   * The array {@code field} of {@code parent}; an empty one when it is absent or null, and when it
   * is no array, with a {@code FIELD_INVALID} issue at {@code path} (blocking if {@code blocking}).
   */
  private JsonNode list(JsonNode parent, String field, String path, boolean blocking) {
    JsonNode v = parent.path(field);
    if (v.isArray()) {
      return v;
    }
    if (!v.isMissingNode() && !v.isNull()) {
      issues.add(ConversionCode.FIELD_INVALID, blocking ? ConversionIssue.Severity.BLOCKING
          : ConversionIssue.Severity.WARNING, path, path + " is not an array; it is read as empty");
    }
    return JSON.arrayNode();
  }

  /** The flow in {@code root}; {@code SCHEMA_UNSUPPORTED} when it is no object with steps or nodes. */
  static RecordReplayDocument of(JsonNode root, String origin) {
    if (!root.isObject() || !(root.path("steps").isArray() || root.path("nodes").isArray())) {
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.SCHEMA_UNSUPPORTED, "",
          Json.label(origin) + " is not a record-replay flow: it needs a \"steps\" or a \"nodes\" array")));
    }
    return new RecordReplayDocument(root);
  }

  /** Whether {@code o} looks like a record-replay flow: steps or nodes, a numeric version, none of the other formats' markers. */
  static boolean looksLikeFlow(JsonNode o) {
    if (o.has("schema") || o.has("schemaVersion") || o.has("title") || !o.path("version").isNumber()) {
      return false;
    }
    JsonNode steps = o.path("steps");
    JsonNode nodes = o.path("nodes");
    if (!steps.isArray() && !nodes.isArray()) {
      return false;
    }
    for (JsonNode s : steps) {
      if (!s.path("type").isTextual()) {
        return false;
      }
    }
    for (JsonNode n : nodes) {
      if (!n.path("type").isTextual()) {
        return false;
      }
    }
    return true;
  }

  private void variable(JsonNode v, String p) {
    String key = text(v, "key");
    if (key == null || key.isBlank()) {
      issues.warning(ConversionCode.FIELD_MISSING, p + ".key", "the variable has no key; it is left out");
      return;
    }
    JsonNode rules = v.path("rules");
    Boolean required = rules.path("required").isBoolean() ? rules.get("required").asBoolean() : null;
    List<String> options = new ArrayList<>();
    for (JsonNode e : rules.path("enum")) {
      options.add(e.asText());
    }
    JsonNode def = v.get("default");
    variables.add(new Variable(p, key.strip(), text(v, "label"), v.path("sensitive").asBoolean(false),
        def == null || def.isNull() ? null : def, text(v, "type"), required, text(rules, "pattern"), options));
  }

  private Graph linear(JsonNode steps) {
    List<Node> nodes = new ArrayList<>();
    List<Edge> edges = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      String p = "steps[" + i + "]";
      JsonNode s = steps.get(i);
      if (!s.isObject() || !s.path("type").isTextual()) {
        issues.blocking(ConversionCode.FIELD_INVALID, p, "the step is not an object with a type; it is left out");
        continue;
      }
      ObjectNode config = ((ObjectNode) s).deepCopy();
      config.remove(List.of("id", "type"));
      String id = text(s, "id");
      if (id == null || id.isBlank()) {
        id = "step-" + (i + 1);
        issues.info(ConversionCode.DEFAULT_FILLED, p + ".id", "the step has no id; it is " + id);
      }
      Node n = new Node(p, id, s.get("type").asText(), null, false, config);
      if (!nodes.isEmpty()) {
        edges.add(new Edge(p, null, nodes.get(nodes.size() - 1).id(), id, null));
      }
      nodes.add(n);
    }
    return new Graph("", nodes, edges, true, false);
  }

  /** The graph of the {@code nodes} and {@code edges} of {@code owner}: the flow, or a subflow at {@code graphPath}. */
  private Graph graph(JsonNode owner, String graphPath) {
    String nodesPath = graphPath.isEmpty() ? "nodes" : graphPath + ".nodes";
    String edgesPath = graphPath.isEmpty() ? "edges" : graphPath + ".edges";
    JsonNode nodeList = list(owner, "nodes", nodesPath, true);
    JsonNode edgeList = list(owner, "edges", edgesPath, true);
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < nodeList.size(); i++) {
      String p = nodesPath + "[" + i + "]";
      JsonNode n = nodeList.get(i);
      String id = text(n, "id");
      if (!n.isObject() || !n.path("type").isTextual() || id == null || id.isBlank()) {
        issues.blocking(ConversionCode.FIELD_INVALID, p, "the node is not an object with an id and a type; it is left out");
        continue;
      }
      ObjectNode config;
      if (n.path("config").isObject()) {
        config = ((ObjectNode) n.get("config")).deepCopy();
      } else {
        if (n.has("config") && !n.get("config").isNull()) {
          issues.warning(ConversionCode.FIELD_INVALID, p + ".config", "the config is not an object; it is read as empty");
        }
        config = JSON.objectNode();
      }
      nodes.add(new Node(p, id, n.get("type").asText(), text(n, "name"), n.path("disabled").asBoolean(false), config));
    }
    List<Edge> edges = new ArrayList<>();
    for (int i = 0; i < edgeList.size(); i++) {
      String p = edgesPath + "[" + i + "]";
      JsonNode e = edgeList.get(i);
      String from = text(e, "from");
      String to = text(e, "to");
      if (from == null || to == null) {
        issues.blocking(ConversionCode.GRAPH_EDGE_BROKEN, p, "the edge " + (text(e, "id") == null ? "" : text(e, "id") + " ")
            + "lacks its from or to node; it is left out");
        continue;
      }
      String label = text(e, "label");
      edges.add(new Edge(p, text(e, "id"), from, to, label == null || label.equals("default") ? null : label));
    }
    return new Graph(graphPath, nodes, edges, false, edges.isEmpty() && nodes.size() > 1);
  }

  private static String text(JsonNode o, String field) {
    JsonNode v = o == null ? null : o.get(field);
    return v != null && v.isValueNode() && !v.isNull() ? v.asText() : null;
  }
}
