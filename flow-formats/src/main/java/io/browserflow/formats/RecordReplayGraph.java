package io.browserflow.formats;

import io.browserflow.formats.RecordReplayDocument.Edge;
import io.browserflow.formats.RecordReplayDocument.Graph;
import io.browserflow.formats.RecordReplayDocument.Node;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The control flow of one record-replay graph (the flow's nodes and edges, or a subflow's), read
 * before anything is mapped: each node's successors by edge label, the start node, the cycles that
 * form a while (an if node whose one branch loops back to it and whose other branch leaves), and
 * each node's immediate post-dominator (where its branches join again). {@link RecordReplayStructure}
 * walks it into nested steps.
 *
 * <p>What has no structured form is a blocking issue naming the nodes: an edge to a node the graph
 * lacks or with an unknown label ({@code GRAPH_EDGE_BROKEN}), no start node or several
 * ({@code GRAPH_START}), two edges of one label leaving a node (a fork), a cycle that is no while
 * (headed by a node that is no if, with a way out of its body other than its head, or entered
 * in the middle) ({@code GRAPH_UNSTRUCTURED}).
 */
final class RecordReplayGraph {
  static final String TRUE = "true";
  static final String FALSE = "false";
  static final String ON_ERROR = "onError";

  /** A cycle that forms a while: the branch of its head that enters the body, the one that leaves, whether the body runs on false. */
  record Loop(String bodyEntry, String exit, boolean onFalse) {}

  final Graph graph;
  /** Where messages say the graph is: "the flow" or "subflow KEY". */
  final String where;
  final Map<String, Node> nodes = new LinkedHashMap<>();
  /** Successor by label (null key: default) per node id, as written. */
  private final Map<String, Map<String, String>> out = new HashMap<>();
  final Map<String, Loop> loops = new LinkedHashMap<>();
  /** Back edges (from → head) that close a cycle; walked as the end of the loop body. */
  private final Set<String> backEdges = new HashSet<>();
  /** Nodes an edge leads to (forks included), for the start node. */
  private final Set<String> entered = new HashSet<>();
  String entry;
  /** Whether the graph has exactly one start node. */
  boolean oneStart = true;
  private final Map<String, String> ipdom = new HashMap<>();
  private final Issues issues;

  RecordReplayGraph(Graph graph, Issues issues) {
    this.graph = graph;
    this.issues = issues;
    this.where = graph.path().isEmpty() ? "the flow" : "subflow " + graph.path().substring("subflows.".length());
    index();
    if (nodes.isEmpty()) {
      return;
    }
    edges();
    start();
    if (entry != null) {
      cycles();
    }
    postDominators();
  }

  static boolean isIf(Node n) {
    return n.type().equals("if");
  }

  // ================================================================ successors

  /** Where an if node goes when its condition holds: its true edge, else its default edge; null: the end. */
  String whenTrue(String id) {
    return walked(id, labelled(id, TRUE, null));
  }

  String whenFalse(String id) {
    return walked(id, labelled(id, FALSE, null));
  }

  /** The default successor of a node that is no if; null at the end of the region. */
  String next(String id) {
    return walked(id, out(id).get(null));
  }

  /** The target of a node's onError edge, or null. */
  String onError(String id) {
    return walked(id, out(id).get(ON_ERROR));
  }

  /** The node where the branches leaving {@code id} join again; null when they join only at the end. */
  String join(String id) {
    return ipdom.get(id);
  }

  private String labelled(String id, String label, String fallback) {
    Map<String, String> o = out(id);
    return o.containsKey(label) ? o.get(label) : o.getOrDefault(null, fallback);
  }

  /** A back edge is walked as the end of the loop body it closes. */
  private String walked(String from, String to) {
    return to == null || backEdges.contains(from + "\u0000" + to) ? null : to;
  }

  private Map<String, String> out(String id) {
    return out.getOrDefault(id, java.util.Collections.emptyMap());
  }

  /** The successors the walk follows from {@code id}, back edges included. */
  private List<String> successors(String id) {
    Node n = nodes.get(id);
    List<String> s = new ArrayList<>();
    if (loops.containsKey(id)) {
      s.add(loops.get(id).exit());
      return s;
    }
    if (isIf(n)) {
      s.add(labelled(id, TRUE, null));
      s.add(labelled(id, FALSE, null));
    } else {
      s.add(out(id).get(null));
    }
    s.add(out(id).get(ON_ERROR));
    return s;
  }

  // ================================================================ reading

  private void index() {
    for (Node n : graph.nodes()) {
      if (nodes.containsKey(n.id())) {
        issues.blocking(ConversionCode.FIELD_INVALID, n.path() + ".id", "node id " + n.id() + " is used twice in " + where
            + " (also at " + nodes.get(n.id()).path() + "); the second node is left out");
        continue;
      }
      if (n.type().equals("trigger")) {
        issues.info(ConversionCode.COMMAND_SKIPPED, n.path(), "trigger node " + n.id() + " only marks where the editor starts "
            + "the flow; BrowserFlow starts it with run or a schedule");
        continue;
      }
      nodes.put(n.id(), n);
    }
  }

  private void edges() {
    Set<String> triggers = graph.nodes().stream().filter(n -> n.type().equals("trigger")).map(Node::id).collect(Collectors.toSet());
    List<Edge> all = new ArrayList<>(graph.edges());
    if (graph.unlinked()) {
      issues.info(ConversionCode.DEFAULT_FILLED, graph.path().isEmpty() ? "edges" : graph.path() + ".edges", where
          + " has nodes but no edges: its nodes run one after the other in their listed order, as the extension runs them");
      List<Node> list = new ArrayList<>(nodes.values());
      for (int i = 1; i < list.size(); i++) {
        all.add(new Edge(list.get(i).path(), null, list.get(i - 1).id(), list.get(i).id(), null));
      }
    }
    for (Edge e : all) {
      if (triggers.contains(e.from()) || triggers.contains(e.to())) {
        continue;
      }
      String name = e.id() == null ? e.from() + " → " + e.to() : "edge " + e.id() + " (" + e.from() + " → " + e.to() + ")";
      if (!nodes.containsKey(e.from()) || !nodes.containsKey(e.to())) {
        String missing = !nodes.containsKey(e.from()) ? e.from() : e.to();
        issues.blocking(ConversionCode.GRAPH_EDGE_BROKEN, e.path(), name + " in " + where + " names node " + missing
            + ", which " + where + " does not have; the edge is left out");
        continue;
      }
      String label = e.label();
      if (label != null && !label.equals(TRUE) && !label.equals(FALSE) && !label.equals(ON_ERROR)) {
        issues.blocking(ConversionCode.GRAPH_EDGE_BROKEN, e.path() + ".label", name + " has label \"" + label
            + "\"; the labels BrowserFlow reads are default, true, false and onError; the edge is left out");
        continue;
      }
      entered.add(e.to());
      boolean branch = TRUE.equals(label) || FALSE.equals(label);
      if (branch && !isIf(nodes.get(e.from()))) {
        issues.blocking(ConversionCode.GRAPH_EDGE_BROKEN, e.path() + ".label", name + " is labelled " + label + ", but "
            + e.from() + " is a " + nodes.get(e.from()).type() + " node, not an if; the edge is left out");
        continue;
      }
      Map<String, String> o = out.computeIfAbsent(e.from(), k -> new LinkedHashMap<>());
      if (o.containsKey(label)) {
        issues.blocking(ConversionCode.GRAPH_UNSTRUCTURED, e.path(), "node " + e.from() + " has two "
            + (label == null ? "default" : label) + " edges (to " + o.get(label) + " and " + e.to() + "): the graph forks, "
            + "and BrowserFlow runs one step after another; the edge to " + e.to() + " is left out");
        continue;
      }
      o.put(label, e.to());
    }
    for (Map.Entry<String, Map<String, String>> e : out.entrySet()) {
      Map<String, String> o = e.getValue();
      if (isIf(nodes.get(e.getKey())) && o.containsKey(TRUE) && o.containsKey(FALSE) && o.containsKey(null)) {
        issues.warning(ConversionCode.FIELD_DROPPED, nodes.get(e.getKey()).path(), "if node " + e.getKey() + " has true, "
            + "false and default edges; the extension never takes the default one (to " + o.get(null) + "), nor does the flow");
        o.remove(null);
      }
    }
  }

  private void start() {
    List<String> starts = nodes.keySet().stream().filter(id -> !entered.contains(id)).collect(Collectors.toList());
    String p = graph.path().isEmpty() ? "nodes" : graph.path();
    if (starts.size() == 1) {
      entry = starts.get(0);
      return;
    }
    oneStart = false;
    if (starts.isEmpty()) {
      issues.blocking(ConversionCode.GRAPH_START, p, where + " has no start node: every node has an edge into it ("
          + String.join(", ", nodes.keySet()) + "), so the graph is one cycle with no way in");
      return;
    }
    issues.blocking(ConversionCode.GRAPH_START, p, where + " has " + starts.size() + " start nodes (" + String.join(", ", starts)
        + "): nodes no edge leads to; the extension would pick one, BrowserFlow runs one sequence. Connect them into one "
        + "sequence; only what follows " + starts.get(0) + " is converted");
    entry = starts.get(0);
  }

  // ================================================================ cycles

  private void cycles() {
    // depth-first from the start: an edge to a node on the stack closes a cycle
    Map<String, List<String>> backTo = new LinkedHashMap<>();
    Set<String> done = new HashSet<>();
    Set<String> onStack = new HashSet<>();
    Deque<Object[]> stack = new ArrayDeque<>();
    stack.push(new Object[] {entry, successors(entry), 0});
    onStack.add(entry);
    while (!stack.isEmpty()) {
      Object[] frame = stack.peek();
      String id = (String) frame[0];
      @SuppressWarnings("unchecked")
      List<String> succ = (List<String>) frame[1];
      int i = (Integer) frame[2];
      if (i >= succ.size()) {
        stack.pop();
        onStack.remove(id);
        done.add(id);
        continue;
      }
      frame[2] = i + 1;
      String s = succ.get(i);
      if (s == null) {
        continue;
      }
      if (onStack.contains(s)) {
        backTo.computeIfAbsent(s, k -> new ArrayList<>()).add(id);
      } else if (!done.contains(s)) {
        onStack.add(s);
        stack.push(new Object[] {s, successors(s), 0});
      }
    }
    for (Map.Entry<String, List<String>> e : backTo.entrySet()) {
      loop(e.getKey(), e.getValue());
    }
  }

  /** Checks that the cycles closed by {@code sources} → {@code head} form a while; records it, or reports it. */
  private void loop(String head, List<String> sources) {
    sources.forEach(s -> backEdges.add(s + "\u0000" + head));
    String cycle = sources.stream().map(s -> s + " → " + head).collect(Collectors.joining(", "));
    Node h = nodes.get(head);
    if (!isIf(h)) {
      unstructured(h, "the cycle " + cycle + " in " + where + " is no while: its head " + head + " is a " + h.type()
          + " node, and only an if node with one branch into the loop and one out of it makes a while");
      return;
    }
    // the body: every node from which a back edge's source is reached without passing the head
    Set<String> body = new LinkedHashSet<>();
    Deque<String> todo = new ArrayDeque<>(sources);
    while (!todo.isEmpty()) {
      String id = todo.pop();
      if (id.equals(head) || !body.add(id)) {
        continue;
      }
      if (id.equals(entry)) {
        unstructured(h, "the cycle " + cycle + " in " + where + " is no while: it can be entered at " + entry
            + " without passing its head " + head);
        return;
      }
      for (Map.Entry<String, Map<String, String>> o : out.entrySet()) {
        if (o.getValue().containsValue(id) && !o.getKey().equals(head)) {
          todo.push(o.getKey());
        }
      }
    }
    String t = labelled(head, TRUE, null);
    String f = labelled(head, FALSE, null);
    boolean tIn = t != null && (body.contains(t) || t.equals(head));
    boolean fIn = f != null && (body.contains(f) || f.equals(head));
    if (tIn == fIn) {
      unstructured(h, "the cycle " + cycle + " in " + where + " is no while: "
          + (tIn ? "both branches of " + head + " stay in the loop, so it never ends" : head + " has no branch into the loop"));
      return;
    }
    String bodyEntry = tIn ? t : f;
    String exit = tIn ? f : t;
    if (bodyEntry.equals(head)) {
      unstructured(h, "the cycle " + cycle + " in " + where + " loops on " + head + " alone: a while without a body");
      return;
    }
    for (String id : body) {
      for (Map.Entry<String, String> o : out(id).entrySet()) {
        String to = o.getValue();
        if (!to.equals(head) && !body.contains(to)) {
          unstructured(h, "node " + id + " leaves the loop of " + head + " for " + to + " (a break): a while ends only "
              + "when its condition fails");
          return;
        }
      }
    }
    for (Map.Entry<String, Map<String, String>> o : out.entrySet()) {
      if (!body.contains(o.getKey()) && !o.getKey().equals(head)) {
        for (String to : o.getValue().values()) {
          if (body.contains(to)) {
            unstructured(h, "node " + o.getKey() + " enters the loop of " + head + " at " + to + ", past its condition");
            return;
          }
        }
      }
    }
    loops.put(head, new Loop(bodyEntry, exit, !tIn));
  }

  private void unstructured(Node n, String message) {
    issues.blocking(ConversionCode.GRAPH_UNSTRUCTURED, n.path(), message);
  }

  // ================================================================ post-dominators

  /** The iterative data-flow solution over every node (cycles already cut at their back edges). */
  private void postDominators() {
    List<String> ids = new ArrayList<>(nodes.keySet());
    int exit = ids.size();
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      index.put(ids.get(i), i);
    }
    BitSet[] pdom = new BitSet[exit + 1];
    for (int i = 0; i <= exit; i++) {
      pdom[i] = new BitSet();
      if (i == exit) {
        pdom[i].set(exit);
      } else {
        pdom[i].set(0, exit + 1);
      }
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int i = ids.size() - 1; i >= 0; i--) {
        BitSet meet = null;
        for (String s : walkedSuccessors(ids.get(i))) {
          BitSet other = pdom[s == null ? exit : index.get(s)];
          if (meet == null) {
            meet = (BitSet) other.clone();
          } else {
            meet.and(other);
          }
        }
        if (meet == null) {
          meet = (BitSet) pdom[exit].clone();
        }
        meet.set(i);
        if (!meet.equals(pdom[i])) {
          pdom[i] = meet;
          changed = true;
        }
      }
    }
    for (int i = 0; i < ids.size(); i++) {
      int best = -1;
      for (int d = pdom[i].nextSetBit(0); d >= 0; d = pdom[i].nextSetBit(d + 1)) {
        if (d != i && (best < 0 || pdom[d].cardinality() > pdom[best].cardinality())) {
          best = d;
        }
      }
      ipdom.put(ids.get(i), best < 0 || best == exit ? null : ids.get(best));
    }
  }

  /** Successors as the walk takes them: back edges end the body, a loop's head goes on at its exit. */
  private List<String> walkedSuccessors(String id) {
    List<String> s = new ArrayList<>();
    if (loops.containsKey(id)) {
      s.add(loops.get(id).exit());
      return s;
    }
    if (isIf(nodes.get(id))) {
      s.add(whenTrue(id));
      s.add(whenFalse(id));
    } else {
      s.add(next(id));
      String e = onError(id);
      if (e != null) {
        s.add(e);
      }
    }
    return s;
  }
}
