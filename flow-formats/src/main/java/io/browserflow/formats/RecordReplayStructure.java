package io.browserflow.formats;

import io.browserflow.api.Condition;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.formats.RecordReplayDocument.Node;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Walks a {@link RecordReplayGraph} from its start node into nested steps, as
 * {@code SideControlFlow} reads Selenium IDE blocks: a plain node becomes its step(s) and the walk
 * goes on along its default edge; an if node becomes an {@code if} whose branches run up to the node
 * where they join again (its immediate post-dominator); a cycle that forms a while becomes a
 * {@code while} bounded at {@value #CYCLE_BOUND} passes; an onError edge becomes the node's
 * {@code onError}: {@code continue} when it leads to the node's own next node, a {@code fallback}
 * of the nodes on the way when they lead back to it.
 *
 * <p>A node reached twice (a branch jumping into another branch: a goto), an onError path that
 * joins the flow elsewhere, and the nodes no walk reaches are blocking issues
 * ({@code GRAPH_UNSTRUCTURED}) naming the nodes.
 */
final class RecordReplayStructure {
  /** The passes a while made from a cycle may make: the extension's while node's default maximum. */
  static final int CYCLE_BOUND = 100;

  private final RecordReplayImportState st;
  private final RecordReplayNodes nodes;

  RecordReplayStructure(RecordReplayImportState st, RecordReplayNodes nodes) {
    this.st = st;
    this.nodes = nodes;
  }

  /** The steps of a whole graph. */
  List<Step> steps(RecordReplayGraph g) {
    st.read += g.nodes.size();
    if (g.entry == null) {
      return List.of();
    }
    Walk w = new Walk(g);
    List<Step> out = w.sequence(g.entry, null);
    Set<String> left = new LinkedHashSet<>(g.nodes.keySet());
    left.removeAll(w.visited);
    left.removeAll(w.reported);
    if (!left.isEmpty()) {
      st.issues.blocking(g.oneStart ? ConversionCode.GRAPH_UNSTRUCTURED : ConversionCode.GRAPH_START,
          g.nodes.get(left.iterator().next()).path(), "node" + (left.size() == 1 ? " " : "s ") + String.join(", ", left)
          + " of " + g.where + (left.size() == 1 ? " is" : " are") + " not converted: "
          + (g.oneStart ? "no path from the start node " + g.entry + " reaches " + (left.size() == 1 ? "it" : "them")
          : "only another start node leads there"));
    }
    return out;
  }

  /** One walk of one graph: the nodes visited so far. */
  private final class Walk {
    private final RecordReplayGraph g;
    final Set<String> visited = new HashSet<>();
    /** Nodes a blocking issue already names as not converted. */
    final Set<String> reported = new HashSet<>();

    Walk(RecordReplayGraph g) {
      this.g = g;
    }

    /** The steps from {@code start} up to (not including) {@code stop}; null: to the end of the region. */
    List<Step> sequence(String start, String stop) {
      List<Step> out = new ArrayList<>();
      String cur = start;
      String previous = null;
      while (cur != null && !cur.equals(stop)) {
        Node n = g.nodes.get(cur);
        if (!visited.add(cur)) {
          st.issues.blocking(ConversionCode.GRAPH_UNSTRUCTURED, n.path(), "node " + cur + " of " + g.where + " is reached "
              + "again " + (previous == null ? "at the start of a branch" : "after " + previous) + ", from a branch that "
              + "joins the others only later (a goto): BrowserFlow's if and while run each step in one place; "
              + "repeat the node in each branch, or join the branches before it");
          return out;
        }
        previous = cur;
        RecordReplayGraph.Loop loop = g.loops.get(cur);
        if (loop != null) {
          out.add(cycle(n, loop));
          cur = loop.exit();
          continue;
        }
        if (RecordReplayGraph.isIf(n)) {
          String join = g.join(cur);
          Condition c = nodes.condition(n);
          List<Step> then = sequence(g.whenTrue(cur), join);
          List<Step> otherwise = sequence(g.whenFalse(cur), join);
          out.add(nodes.ifStep(n, c, then, otherwise));
          onErrorOfControl(n);
          cur = join;
          continue;
        }
        List<Step> made = new ArrayList<>(nodes.node(n));
        String next = g.next(cur);
        String error = g.onError(cur);
        if (error != null) {
          onError(n, made, next, error);
        }
        out.addAll(made);
        cur = next;
      }
      return out;
    }

    private Step cycle(Node head, RecordReplayGraph.Loop loop) {
      Condition c = nodes.condition(head);
      List<Step> body = sequence(loop.bodyEntry(), null);
      st.issues.warning(ConversionCode.APPROXIMATED, head.path(), "the cycle through " + head.id() + " in " + g.where
          + " (which the extension refuses to run: its graphs are acyclic) becomes a while over the "
          + (loop.onFalse() ? "negated " : "") + "condition of " + head.id() + ", bounded at " + CYCLE_BOUND
          + " passes: the run fails with LIMIT_EXCEEDED after that many");
      onErrorOfControl(head);
      return nodes.whileStep(head, loop.onFalse() ? Condition.Not.of(c) : c, body, CYCLE_BOUND);
    }

    private void onErrorOfControl(Node n) {
      String error = g.onError(n.id());
      if (error != null) {
        st.issues.blocking(ConversionCode.GRAPH_UNSTRUCTURED, n.path(), "if node " + n.id() + " has an onError edge (to "
            + error + "): an if only tests its condition, so BrowserFlow has nothing to attach it to");
      }
    }

    /**
     * The onError edge of a node: continue when it leads to the node's next node; a fallback of the
     * nodes on the way when they lead back to that next node; otherwise unstructured.
     */
    private void onError(Node n, List<Step> made, String next, String error) {
      if (made.isEmpty()) {
        return;
      }
      if (error.equals(next)) {
        made.set(made.size() - 1, made.get(made.size() - 1).withOnError(OnError.continueRun()));
        return;
      }
      String join = g.join(n.id());
      if (!Objects.equals(join, next)) {
        st.issues.blocking(ConversionCode.GRAPH_UNSTRUCTURED, n.path(), "the onError path of " + n.id() + " (to " + error
            + ") in " + g.where + " joins the flow " + (join == null ? "only at its end" : "at " + join) + ", not at "
            + (next == null ? "the end, where " + n.id() + " leads" : n.id() + "'s next node " + next)
            + ": a BrowserFlow fallback runs in place of the failed step and then goes on with the next one");
        reportPath(error, join);
        return;
      }
      if (made.size() > 1) {
        st.issues.blocking(ConversionCode.GRAPH_UNSTRUCTURED, n.path(), n.id() + " became " + made.size() + " steps, and "
            + "its onError path (to " + error + ") can be attached to one step only");
        reportPath(error, join);
        return;
      }
      List<Step> fallback = sequence(error, next);
      if (!fallback.isEmpty()) {
        made.set(0, made.get(0).withOnError(OnError.fallback(fallback)));
      }
    }

    /** Names the nodes of a path left unconverted in the issue that says why; they are not reported again. */
    private void reportPath(String from, String until) {
      Set<String> path = new LinkedHashSet<>();
      String cur = from;
      while (cur != null && !cur.equals(until) && !visited.contains(cur) && path.add(cur)) {
        cur = RecordReplayGraph.isIf(g.nodes.get(cur)) ? null : g.next(cur);
      }
      if (!path.isEmpty()) {
        reported.addAll(path);
        st.issues.blocking(ConversionCode.GRAPH_UNSTRUCTURED, g.nodes.get(from).path(), "node" + (path.size() == 1 ? " " : "s ")
            + String.join(", ", path) + " of that onError path " + (path.size() == 1 ? "is" : "are") + " not converted");
      }
    }
  }
}
