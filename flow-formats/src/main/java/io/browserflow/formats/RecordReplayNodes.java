package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Step;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.formats.RecordReplayDocument.Graph;
import io.browserflow.formats.RecordReplayDocument.Node;
import io.browserflow.formats.RecordReplayDocument.Variable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The steps of one node, by its type: the control nodes (if, while, foreach and the subflows they
 * run) here, pages, tabs and interactions in {@link RecordReplayPageNodes}, waits, checks and data in
 * {@link RecordReplayDataNodes}. A node with no BrowserFlow equivalent is never dropped: it becomes
 * a {@code manual} step in its place, named by the node, with a blocking issue, so the flow cannot
 * run unattended past what it did.
 */
final class RecordReplayNodes {
  private final RecordReplayImportState st;
  private final RecordReplayValues values;
  private final Map<String, Graph> subflows;
  private final RecordReplayPageNodes pages;
  private final RecordReplayDataNodes data;
  /** The subflows being walked, innermost first: one inside itself is a cycle. */
  private final Deque<String> inside = new ArrayDeque<>();
  final Set<String> usedSubflows = new HashSet<>();
  private RecordReplayStructure structure;

  RecordReplayNodes(RecordReplayImportState st, RecordReplayValues values, RecordReplaySelectors selectors,
      Map<String, Graph> subflows) {
    this.st = st;
    this.values = values;
    this.subflows = subflows;
    this.pages = new RecordReplayPageNodes(st, values, selectors);
    this.data = new RecordReplayDataNodes(st, values, selectors, this);
  }

  void structure(RecordReplayStructure structure) {
    this.structure = structure;
  }

  /** The steps of a node that is no if: one step in most cases, none when it is only skipped. */
  List<Step> node(Node n) {
    List<Step> made;
    switch (n.type()) {
      case "navigate": case "openTab": case "switchTab": case "closeTab": case "click": case "dblclick": case "fill":
      case "key": case "scroll": case "drag": case "switchFrame":
        made = pages.map(n);
        break;
      case "wait": case "delay": case "assert": case "script": case "extract": case "http": case "datasetWrite":
      case "clipboard": case "screenshot": case "handleDownload":
        made = data.map(n);
        break;
      case "foreach":
        made = foreach(n);
        break;
      case "while":
        made = whileNode(n);
        break;
      default:
        made = null;
        st.issues.blocking(ConversionCode.UNSUPPORTED_STEP, n.path(), "node " + n.id() + " has type \"" + n.type()
            + "\", which BrowserFlow has no step for; it is kept as a manual step: do by hand what it did, or replace it");
    }
    if (made == null) {
      return List.of(placeholder(n));
    }
    if (!made.isEmpty()) {
      st.mapped++;
    }
    return made;
  }

  /**
   * The manual step that stands where a node could not be converted (the issue that says why was
   * reported already): the flow keeps the node's place and cannot pass it unattended.
   */
  Step placeholder(Node n) {
    Step manual = ExternalStep.Manual.builder().id(st.id(n.id()))
        .instructions("The record-replay node " + n.id() + " (" + n.type() + ") could not be converted: do by hand what it "
            + "did, or replace this step (see the conversion report).").build();
    return n.name() == null || n.name().isBlank() ? manual : manual.withTitle(n.name().strip());
  }

  // ================================================================ saved names

  /**
   * The producer step, and when {@code name} is a run variable a setVar after it; otherwise later
   * templates naming {@code name} read the producer's output {@code field}.
   */
  List<Step> saved(Step producer, String name, String field) {
    List<Step> out = new ArrayList<>(List.of(producer));
    String output = "${steps." + producer.id() + "." + field + "}";
    st.nodeOutputs.put(producer.id(), output);
    if (name == null || name.isBlank()) {
      return out;
    }
    name = name.strip();
    if (st.runVariables.contains(name)) {
      out.add(DataStep.SetVar.builder().id(st.id(producer.id() + "-set")).name(name).value(output).build());
    } else {
      st.saved.put(name, output);
    }
    return out;
  }

  // ================================================================ control

  /** The condition of an if or while node: {@code {var, equals?}} or {@code {expression}}. */
  Condition condition(Node n) {
    JsonNode c = n.config().path("condition");
    String p = n.path() + ".condition";
    if (n.config().has("branches")) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_OPTION, n.path() + ".branches", "if node " + n.id() + " has branches "
          + "(case edges); BrowserFlow reads the condition with true and false edges only");
    }
    if (c.path("expression").isTextual() && !c.get("expression").asText().isBlank()) {
      String script = c.get("expression").asText();
      st.capabilities.add(Capability.SCRIPT_EVAL);
      st.issues.warning(ConversionCode.EVAL_USED, p + ".expression", "the condition of " + n.id() + " is a script, "
          + "evaluated in the page; the flow declares script.eval, which a run must allow (--allow eval)");
      if (script.matches("(?s).*\\b(vars|workflow)\\b.*")) {
        st.issues.warning(ConversionCode.APPROXIMATED, p + ".expression", "the expression of " + n.id() + " reads the "
            + "extension's variables (vars), which do not exist in the page; test a variable with {var, equals} instead");
      }
      return Condition.Expression.of(script);
    }
    if (c.path("var").isTextual() && !c.get("var").asText().isBlank()) {
      String subject = values.placeholder(c.get("var").asText().strip(), p + ".var");
      JsonNode eq = c.get("equals");
      if (eq != null && !eq.isNull()) {
        return Condition.Var.equalTo(subject, values.value(eq.isValueNode() ? eq.asText() : eq.toString(), p + ".equals"));
      }
      return Condition.Var.truthy(subject);
    }
    st.issues.blocking(ConversionCode.FIELD_INVALID, p, "the condition of " + n.id() + " is neither {var, equals} nor "
        + "{expression}; it is read as never true");
    return Condition.Var.equalTo("", "true");
  }

  Step ifStep(Node n, Condition c, List<Step> then, List<Step> otherwise) {
    Step s = ControlStep.If.builder().id(st.id(n.id())).condition(c).then(then).otherwise(otherwise).build();
    disabledControl(n);
    st.mapped++;
    return st.common(s, n);
  }

  Step whileStep(Node n, Condition c, List<Step> body, int max) {
    Step s = ControlStep.While.builder().id(st.id(n.id())).condition(c).body(body).max(max).build();
    disabledControl(n);
    st.mapped++;
    return st.common(s, n);
  }

  private void disabledControl(Node n) {
    if (n.disabled()) {
      st.issues.warning(ConversionCode.APPROXIMATED, n.path() + ".disabled", "disabled " + n.type() + " node " + n.id()
          + " is a disabled " + n.type() + " step: the whole block is skipped, not only its test");
    }
  }

  private List<Step> whileNode(Node n) {
    Condition c = condition(n);
    int max = 100;
    if (n.config().has("maxIterations")) {
      max = st.issues.clamped(n.config().path("maxIterations").asInt(100), 1, RecordReplayImportState.LIMITS.maxWhileIterations(),
          n.path() + ".maxIterations", "maxIterations");
    }
    List<Step> body = body(n);
    if (body == null) {
      return null;
    }
    disabledControl(n);
    return st.one(ControlStep.While.builder().id(st.id(n.id())).condition(c).body(body).max(max).build(), n);
  }

  private List<Step> foreach(Node n) {
    String listVar = n.text("listVar");
    String itemVar = n.text("itemVar") == null || n.text("itemVar").isBlank() ? "item" : n.text("itemVar").strip();
    ForeachSource source;
    Variable list = listVar == null ? null : st.variables.get(listVar.strip());
    if (list != null && list.defaultValue() != null && list.defaultValue().isArray()) {
      List<String> items = new ArrayList<>();
      list.defaultValue().forEach(v -> items.add(v.isValueNode() ? v.asText() : v.toString()));
      source = ForeachSource.literal(items);
    } else {
      String ref = listVar == null ? "" : values.placeholder(listVar.strip(), n.path() + ".listVar");
      source = ForeachSource.literal(List.of(ref));
      st.issues.blocking(ConversionCode.FOREACH_SOURCE, n.path() + ".listVar", "foreach " + n.id() + " iterates "
          + (listVar == null ? "no list (listVar is missing)" : "{" + listVar + "}, which is no flow variable with a list as "
          + "its default") + ": BrowserFlow iterates literal values, the flow's table or a scrape's items; the flow "
          + "iterates once over " + (ref.isEmpty() ? "nothing" : ref));
    }
    int concurrency = 1;
    if (n.config().has("concurrency")) {
      concurrency = st.issues.clamped(n.config().path("concurrency").asInt(1), 1, RecordReplayImportState.LIMITS.maxForeachConcurrency(),
          n.path() + ".concurrency", "concurrency");
    }
    st.loopItems.push(itemVar);
    List<Step> body;
    try {
      body = body(n);
    } finally {
      st.loopItems.pop();
    }
    if (body == null) {
      return null;
    }
    disabledControl(n);
    return st.one(ControlStep.Foreach.builder().id(st.id(n.id())).source(source).body(body).concurrency(concurrency)
        .build(), n);
  }

  /** The steps of the subflow a foreach or while node runs; null (with a blocking issue) when there is none. */
  private List<Step> body(Node n) {
    String key = n.text("subflowId");
    if (key == null || key.isBlank()) {
      st.issues.blocking(ConversionCode.SUBFLOW_UNRESOLVED, n.path() + ".subflowId", n.type() + " node " + n.id()
          + " names no subflow (subflowId) to run");
      return null;
    }
    Graph g = subflows.get(key);
    if (g == null) {
      st.issues.blocking(ConversionCode.SUBFLOW_UNRESOLVED, n.path() + ".subflowId", n.type() + " node " + n.id()
          + " runs subflow " + key + ", which the flow's subflows do not have");
      return null;
    }
    if (inside.contains(key)) {
      st.issues.blocking(ConversionCode.SUBFLOW_UNRESOLVED, n.path() + ".subflowId", n.type() + " node " + n.id()
          + " runs subflow " + key + " inside itself (" + String.join(" → ", reversed(inside)) + " → " + key + ")");
      return null;
    }
    usedSubflows.add(key);
    inside.push(key);
    try {
      return structure.steps(new RecordReplayGraph(g, st.issues));
    } finally {
      inside.pop();
    }
  }

  private static List<String> reversed(Deque<String> d) {
    List<String> l = new ArrayList<>(d);
    java.util.Collections.reverse(l);
    return l;
  }
}
