package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Kinds;
import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One export of a flow to a record-replay flow; see {@link RecordReplayCodec} for the mapping. This
 * class writes the header (id, name, version, meta, variables) and decides the shape: linear
 * {@code steps[]} when the flow has no if, loop, disabled or titled step or onError path, else {@code nodes}
 * and {@code edges} (with {@code subflows} for loop bodies). Each step's node(s) come from
 * {@link RecordReplayStepWriter}; ifs, loops, onError fallbacks and the edges between nodes are
 * written here as {@link Fragment}s whose open exits the next fragment's entry closes.
 */
final class RecordReplayExport {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Pattern STEP_OUTPUT = Pattern.compile("\\$\\{steps\\.(.+)\\.([^.}]+)}");

  private final RecordReplayExportState st;
  private final RecordReplaySelectors selectors;
  private final RecordReplayConditions conditions;
  private final boolean linear;
  private final RecordReplayStepWriter writer;
  /** The nodes and edges of the graph being written (the flow's, or a subflow's). */
  private ArrayNode nodes;
  private ArrayNode edges;
  private final ObjectNode subflows = JSON.objectNode();
  private int edgeCount;

  RecordReplayExport(Flow flow) {
    this.st = new RecordReplayExportState(flow);
    this.selectors = new RecordReplaySelectors(st.issues);
    this.conditions = new RecordReplayConditions(st, selectors);
    this.linear = linear(flow.steps());
    this.writer = new RecordReplayStepWriter(st, selectors, conditions, linear);
  }

  Conversion<String> run() {
    Flow flow = st.flow;
    ObjectNode root = JSON.objectNode();
    root.put("id", flow.id());
    root.put("name", flow.name());
    flow.description().ifPresent(d -> root.put("description", d));
    root.put("version", flow.version());
    ObjectNode meta = meta();
    if (meta.size() > 0) {
      root.set("meta", meta);
    }
    root.set("variables", st.variables);
    declarations();
    List<Step> steps = withoutInitialRunVariables(flow.steps());
    if (linear) {
      ArrayNode list = root.putArray("steps");
      for (int i = 0; i < steps.size(); i++) {
        st.path = "steps[" + (flow.steps().size() - steps.size() + i) + "]";
        linearStep(steps, i, list);
      }
    } else {
      root.putArray("steps");
      nodes = root.putArray("nodes");
      edges = root.putArray("edges");
      Fragment f = sequence(steps, "steps", flow.steps().size() - steps.size());
      openErrorExits(f);
      if (subflows.size() > 0) {
        root.set("subflows", subflows);
      }
    }
    if (st.variables.isEmpty()) {
      root.remove("variables");
    }
    int read = count(flow.steps());
    return Conversion.of(Format.FLOW, Format.RECORD_REPLAY, Json.write(root), read, st.mapped, st.issues);
  }

  /** Steps with nested bodies and fallbacks. */
  private static int count(List<Step> steps) {
    int n = 0;
    for (Step s : steps) {
      n++;
      for (List<Step> body : s.accept(StepBodies.VISITOR)) {
        n += count(body);
      }
      n += count(s.onError().fallback());
    }
    return n;
  }

  // ================================================================ shape

  /**
   * Linear when nothing needs edges or a node's fields: no if, loop, disabled or titled step (a node
   * has a name, a linear step none), onError path, dataset or clipboard node.
   */
  private static boolean linear(List<Step> steps) {
    for (Step s : steps) {
      boolean continueOnAssert = s.onError().kind() == OnError.Kind.CONTINUE && s.kind() == Step.Kind.ASSERT;
      if (s.disabled() || s.title().isPresent() || s.onError().kind() == OnError.Kind.FALLBACK || s.onError().kind() == OnError.Kind.CONTINUE
          && !continueOnAssert || !s.accept(StepBodies.VISITOR).isEmpty() || s.accept(NODE_ONLY)) {
        return false;
      }
    }
    return true;
  }

  /** Steps only a node writes: repeat (a foreach over a list variable), dataset write and clipboard. */
  private static final StepVisitor<Boolean> NODE_ONLY = new StepFamilyVisitor<>() {
    @Override public Boolean visitStep(Step step) { return false; }
    @Override public Boolean visitDatasetWrite(DataStep.DatasetWrite s) { return true; }
    @Override public Boolean visitClipboard(DataStep.Clipboard s) { return true; }
    @Override public Boolean visitRepeat(ControlStep.Repeat s) { return true; }
  };

  private void linearStep(List<Step> steps, int i, ArrayNode list) {
    Step s = steps.get(i);
    if (foldedSetVar(steps, i)) {
      st.mapped++;
      return;
    }
    foldNext(steps, i);
    List<RecordReplayStepWriter.Spec> specs = writer.write(s, st.path);
    if (specs == null) {
      return;
    }
    st.mapped++;
    for (RecordReplayStepWriter.Spec spec : specs) {
      ObjectNode o = JSON.objectNode();
      o.put("id", spec.id());
      o.put("type", spec.type());
      o.setAll(spec.config());
      list.add(o);
    }
  }

  // ================================================================ run variables

  /**
   * The setVars the import puts first (a run variable starting from its flow variable, or empty)
   * are how the extension's variables start anyway; they are not written.
   */
  private List<Step> withoutInitialRunVariables(List<Step> steps) {
    int skip = 0;
    while (skip < steps.size()) {
      Optional<DataStep.SetVar> setVar = Kinds.as(steps.get(skip), DataStep.SetVar.class);
      if (setVar.isEmpty() || setVar.get().disabled()) {
        break;
      }
      DataStep.SetVar v = setVar.get();
      Optional<String> whole = Placeholders.wholeReference(v.value());
      boolean fromVariable = whole.isPresent() && !whole.get().startsWith("vars.") && !whole.get().startsWith("steps.")
          && !whole.get().startsWith("loop.") && st.name(whole.get(), "").equals(v.name());
      if (!v.value().isEmpty() && !fromVariable) {
        break;
      }
      skip++;
      st.mapped++;
    }
    return steps.subList(skip, steps.size());
  }

  /** A setVar right after the step whose output it keeps is that step's saveAs; true when steps[i] is one. */
  private boolean foldedSetVar(List<Step> steps, int i) {
    return i > 0 && Kinds.as(steps.get(i), DataStep.SetVar.class).filter(v -> foldable(steps.get(i - 1), v)).isPresent();
  }

  private void foldNext(List<Step> steps, int i) {
    if (i + 1 < steps.size()) {
      Kinds.as(steps.get(i + 1), DataStep.SetVar.class).filter(v -> foldable(steps.get(i), v))
          .ifPresent(v -> st.saveAs.put(steps.get(i).id(), v.name()));
    }
  }

  private static boolean foldable(Step producer, DataStep.SetVar v) {
    Matcher m = STEP_OUTPUT.matcher(v.value());
    return !v.disabled() && m.matches() && m.group(1).equals(producer.id()) && !producer.disabled()
        && !(producer.kind() == Step.Kind.HTTP && !m.group(2).equals("body"));
  }

  // ================================================================ graph

  /** A written piece of graph: its first node (null when it wrote none) and the exits the next piece's entry closes. */
  private static final class Fragment {
    String entry;
    final List<String[]> exits = new ArrayList<>();
  }

  private Fragment sequence(List<Step> steps, String base, int offset) {
    Fragment seq = new Fragment();
    for (int i = 0; i < steps.size(); i++) {
      String p = base + "[" + (offset + i) + "]";
      if (foldedSetVar(steps, i)) {
        st.mapped++;
        continue;
      }
      foldNext(steps, i);
      Fragment f = step(steps.get(i), p);
      if (f.entry == null) {
        continue;
      }
      close(seq.exits, f.entry);
      if (seq.entry == null) {
        seq.entry = f.entry;
      }
      seq.exits.clear();
      seq.exits.addAll(f.exits);
    }
    return seq;
  }

  private void close(List<String[]> exits, String to) {
    for (String[] e : exits) {
      edge(e[0], to, e[1]);
    }
  }

  private void edge(String from, String to, String label) {
    ObjectNode e = edges.addObject();
    e.put("id", "e" + (++edgeCount));
    e.put("from", from);
    e.put("to", to);
    if (label != null) {
      e.put("label", label);
    }
  }

  private ObjectNode node(Step s, String id, String type, ObjectNode config) {
    ObjectNode n = nodes.addObject();
    n.put("id", id);
    n.put("type", type);
    if (id.equals(s.id())) {
      s.title().ifPresent(t -> n.put("name", t));
      if (s.disabled()) {
        n.put("disabled", true);
      }
    }
    n.set("config", config);
    ObjectNode ui = n.putObject("ui");
    ui.put("x", 0);
    ui.put("y", 100 * (nodes.size() - 1));
    return n;
  }

  private Fragment step(Step s, String p) {
    st.path = p;
    return s.accept(new StepFamilyVisitor<Fragment>() {
      @Override public Fragment visitStep(Step step) { return plain(step, p); }
      @Override public Fragment visitForeach(ControlStep.Foreach s) { return foreach(s, p); }
      @Override public Fragment visitRepeat(ControlStep.Repeat s) { return repeat(s, p); }
      @Override public Fragment visitIf(ControlStep.If s) { return ifStep(s, p); }
      @Override public Fragment visitWhile(ControlStep.While s) { return whileLoop(s, p); }
    });
  }

  /** The node(s) {@link RecordReplayStepWriter} writes for a step that is not an if or a loop. */
  private Fragment plain(Step s, String p) {
    Fragment f = new Fragment();
    List<RecordReplayStepWriter.Spec> specs = writer.write(s, p);
    if (specs == null) {
      return f;
    }
    st.mapped++;
    String previous = null;
    for (RecordReplayStepWriter.Spec spec : specs) {
      node(s, spec.id(), spec.type(), spec.config());
      if (previous == null) {
        f.entry = spec.id();
      } else {
        edge(previous, spec.id(), null);
      }
      previous = spec.id();
    }
    f.exits.add(new String[] {previous, null});
    onError(s, p, f);
    return f;
  }

  private void onError(Step s, String p, Fragment f) {
    OnError e = s.onError();
    if (e.kind() == OnError.Kind.CONTINUE && s.kind() != Step.Kind.ASSERT) {
      f.exits.add(new String[] {s.id(), RecordReplayGraph.ON_ERROR});
    } else if (e.kind() == OnError.Kind.FALLBACK) {
      Fragment fb = sequence(e.fallback(), p + ".onError.fallback", 0);
      if (fb.entry == null) {
        f.exits.add(new String[] {s.id(), RecordReplayGraph.ON_ERROR});
      } else {
        edge(s.id(), fb.entry, RecordReplayGraph.ON_ERROR);
        f.exits.addAll(fb.exits);
      }
    }
  }

  /** onError exits nothing follows: the extension has no node to continue with. */
  private void openErrorExits(Fragment f) {
    for (String[] e : f.exits) {
      if (RecordReplayGraph.ON_ERROR.equals(e[1])) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, st.path, "onError continue of " + e[0] + ", with no step after "
            + "it, has no node to lead to: the extension stops at that failure");
      }
    }
  }

  private Fragment ifStep(ControlStep.If s, String p) {
    Fragment f = new Fragment();
    Optional<RecordReplayConditions.Test> test = conditions.test(s.condition(), p + ".condition");
    if (test.isEmpty()) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_CONDITION, p + ".condition", "the extension's if tests a variable "
          + "({var, equals}) or an expression; the condition of " + s.describe() + " is neither, so the if is not written");
      return f;
    }
    if (test.get().negated()) {
      st.issues.info(ConversionCode.APPROXIMATED, p + ".condition", "the falsy test of " + s.describe() + " is written as "
          + "a truthy one with the branches swapped");
    }
    ObjectNode config = st.config(s);
    config.set("condition", test.get().condition());
    node(s, s.id(), "if", config);
    st.mapped++;
    f.entry = s.id();
    boolean swap = test.get().negated();
    branch(s.id(), swap ? s.otherwise() : s.then(), RecordReplayGraph.TRUE, p + (swap ? ".else" : ".then"), f);
    branch(s.id(), swap ? s.then() : s.otherwise(), RecordReplayGraph.FALSE, p + (swap ? ".then" : ".else"), f);
    if (s.onError().kind() != OnError.Kind.STOP) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".onError", "the extension's if node has no onError path; "
          + "the onError of " + s.describe() + " is not written");
    }
    return f;
  }

  private void branch(String from, List<Step> steps, String label, String p, Fragment f) {
    Fragment b = sequence(steps, p, 0);
    if (b.entry == null) {
      f.exits.add(new String[] {from, label});
    } else {
      edge(from, b.entry, label);
      f.exits.addAll(b.exits);
    }
  }

  private Fragment whileLoop(ControlStep.While w, String p) {
    ObjectNode config = st.config(w);
    Optional<RecordReplayConditions.Test> test = conditions.test(w.condition(), p + ".condition");
    if (test.isEmpty() || test.get().negated()) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_CONDITION, p + ".condition", "the extension's while tests that a "
          + "variable is truthy or equals a value, or an expression; the condition of " + w.describe() + " is none of "
          + "these, so the loop is not written");
      return new Fragment();
    }
    config.set("condition", test.get().condition());
    config.put("maxIterations", w.max());
    return loop(w, p, "while", config, w.body(), null);
  }

  private Fragment repeat(ControlStep.Repeat r, String p) {
    ObjectNode config = st.config(r);
    String item = nextItem();
    String listVar = r.id() + "_items";
    List<String> values = new ArrayList<>();
    for (int i = 0; i < r.times(); i++) {
      values.add(String.valueOf(i));
    }
    st.issues.warning(ConversionCode.APPROXIMATED, p, "repeat " + r.times() + " is written as a foreach over the list 0.."
        + (r.times() - 1) + " (variable " + listVar + "), which reads back as that foreach; ${loop.index} is the item");
    listVariable(config, listVar, item, values, p);
    return loop(r, p, "foreach", config, r.body(), item);
  }

  private Fragment foreach(ControlStep.Foreach fe, String p) {
    ObjectNode config = st.config(fe);
    if (fe.source().kind() != ForeachSource.Kind.LITERAL) {
      st.issues.blocking(ConversionCode.FOREACH_SOURCE, p + ".source", "the extension's foreach iterates a variable's "
          + "list; " + fe.describe() + " iterates " + (fe.source().kind() == ForeachSource.Kind.TABLE ? "the flow's table"
          : fe.source().ref().orElse("items")) + ", which no variable holds before the run, so the loop is not written");
      return new Fragment();
    }
    String item = nextItem();
    if (fe.concurrency() != 1) {
      config.put("concurrency", fe.concurrency());
    }
    listVariable(config, fe.id() + "_items", item, fe.source().values(), p);
    return loop(fe, p, "foreach", config, fe.body(), item);
  }

  /** The loop variable of the next foreach: item, or item2, item3, ... inside others. */
  private String nextItem() {
    return "item" + (st.items.isEmpty() ? "" : String.valueOf(st.items.size() + 1));
  }

  /** A foreach's list as a variable starting with {@code values}, and the config naming it and the item. */
  private void listVariable(ObjectNode config, String listVar, String item, List<String> values, String p) {
    ObjectNode v = st.variables.addObject();
    v.put("key", listVar);
    ArrayNode def = v.putArray("default");
    values.forEach(x -> def.add(st.template(x, p + ".source")));
    config.put("listVar", listVar);
    config.put("itemVar", item);
  }

  /** The loop node of {@code s} and its body as the subflow it names; {@code item}: its loop variable, null for a while. */
  private Fragment loop(Step s, String p, String type, ObjectNode config, List<Step> body, String item) {
    Fragment f = new Fragment();
    String key = "sub-" + s.id();
    config.put("subflowId", key);
    node(s, s.id(), type, config);
    st.mapped++;
    ArrayNode outerNodes = nodes;
    ArrayNode outerEdges = edges;
    ObjectNode sub = JSON.objectNode();
    nodes = sub.putArray("nodes");
    edges = sub.putArray("edges");
    if (item != null) {
      st.items.push(item);
    }
    try {
      Fragment b = sequence(body, p + ".body", 0);
      openErrorExits(b);
    } finally {
      if (item != null) {
        st.items.pop();
      }
      nodes = outerNodes;
      edges = outerEdges;
    }
    subflows.set(key, sub);
    f.entry = s.id();
    f.exits.add(new String[] {s.id(), null});
    onError(s, p, f);
    return f;
  }

  // ================================================================ header

  private ObjectNode meta() {
    Flow flow = st.flow;
    ObjectNode meta = JSON.objectNode();
    flow.meta().flatMap(m -> m.createdAt()).ifPresent(c -> {
      meta.put("createdAt", c);
      meta.put("updatedAt", c);
    });
    if (!flow.tags().isEmpty()) {
      ArrayNode tags = meta.putArray("tags");
      flow.tags().forEach(tags::add);
    }
    flow.policy().ifPresent(pol -> {
      if (!pol.allowedOrigins().isEmpty()) {
        ArrayNode b = meta.putArray("bindings");
        for (String o : pol.allowedOrigins()) {
          ObjectNode x = b.addObject();
          x.put("type", "url");
          x.put("value", o);
        }
        st.issues.info(ConversionCode.APPROXIMATED, "policy.allowedOrigins", "the allowed origins are written as url bindings, "
            + "which in the extension say on which pages the flow may start");
      }
      Set<Capability> implied = EnumSet.of(Capability.SCRIPT_EVAL, Capability.HTTP_REQUEST, Capability.UI_OBSERVE,
          Capability.UI_INTERACT);
      for (Capability c : pol.capabilities()) {
        if (!implied.contains(c)) {
          st.issues.info(ConversionCode.FIELD_DROPPED, "policy.capabilities", "capability " + c.id() + " is not written: "
              + "the extension asks for no capabilities");
        }
      }
    });
    if (!flow.outputs().isEmpty()) {
      ArrayNode out = meta.putArray("exposedOutputs");
      for (Map.Entry<String, String> o : flow.outputs().entrySet()) {
        Matcher m = STEP_OUTPUT.matcher(o.getValue());
        if (m.matches()) {
          ObjectNode x = out.addObject();
          x.put("nodeId", m.group(1));
          x.put("as", o.getKey());
        } else {
          st.issues.warning(ConversionCode.FIELD_DROPPED, "outputs." + o.getKey(), "output " + o.getKey() + " is not one step's "
              + "output, which is all the extension exposes; it is not written");
        }
      }
      if (out.isEmpty()) {
        meta.remove("exposedOutputs");
      }
    }
    return meta;
  }

  private void declarations() {
    Flow flow = st.flow;
    for (Input in : flow.inputs()) {
      ObjectNode v = st.variables.addObject();
      v.put("key", in.key());
      in.label().ifPresent(l -> v.put("label", l));
      switch (in.type()) {
        case NUMBER:
          v.put("type", "number");
          break;
        case BOOLEAN:
          v.put("type", "boolean");
          break;
        case SELECT:
          v.put("type", "enum");
          break;
        case TEXT:
          break;
        default:
          st.issues.info(ConversionCode.TYPE_CHANGED, "inputs." + in.key(), "input " + in.key() + " of type "
              + in.type().name().toLowerCase(java.util.Locale.ROOT) + " is written as a text variable");
      }
      in.defaultValue().ifPresent(d -> v.put("default", d));
      ObjectNode rules = v.putObject("rules");
      rules.put("required", in.required());
      in.pattern().ifPresent(pt -> rules.put("pattern", pt));
      if (!in.options().isEmpty()) {
        ArrayNode e = rules.putArray("enum");
        in.options().forEach(e::add);
      }
    }
    for (Credential c : flow.credentials()) {
      ObjectNode v = st.variables.addObject();
      v.put("key", c.key());
      c.label().ifPresent(l -> v.put("label", l));
      if (c.secret()) {
        v.put("sensitive", true);
      } else {
        st.issues.info(ConversionCode.TYPE_CHANGED, "credentials." + c.key(), "credential " + c.key() + " is not secret: it "
            + "is written as a plain variable and reads back as an input");
      }
      v.putObject("rules").put("required", c.required());
    }
    if (!flow.tabs().isEmpty()) {
      st.issues.info(ConversionCode.FIELD_DROPPED, "tabs", "tab aliases are not written: the extension finds tabs by URL "
          + "(their declared URLs are what switchTab looks for)");
    }
    flow.table().ifPresent(t -> st.issues.warning(ConversionCode.FIELD_DROPPED, "table", "the extension has no data table; "
        + "the flow's table is not written"));
    flow.schedule().ifPresent(t -> st.issues.warning(ConversionCode.FIELD_DROPPED, "schedule", "the extension keeps "
        + "triggers apart from flows; the schedule is not written"));
    if (!flow.subflows().isEmpty()) {
      st.issues.warning(ConversionCode.FIELD_DROPPED, "subflows", "the flow's called subflows are not written: the "
          + "extension's subflows are loop bodies only");
    }
  }
}
