package io.browserflow.formats;

import static io.browserflow.formats.RecordReplayFlows.chain;
import static io.browserflow.formats.RecordReplayFlows.click;
import static io.browserflow.formats.RecordReplayFlows.edge;
import static io.browserflow.formats.RecordReplayFlows.extract;
import static io.browserflow.formats.RecordReplayFlows.graph;
import static io.browserflow.formats.RecordReplayFlows.ifVar;
import static io.browserflow.formats.RecordReplayFlows.issue;
import static io.browserflow.formats.RecordReplayFlows.issues;
import static io.browserflow.formats.RecordReplayFlows.node;
import static io.browserflow.formats.RecordReplayFlows.read;
import static io.browserflow.formats.RecordReplayFlows.valid;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.ControlStep;
import io.browserflow.api.lint.Quality;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Record-replay graphs as structured steps: sequences, if/else branches up to where they join,
 * while loops (nodes with subflows, and cycles through an if), onError edges; graphs without such a
 * form are blocked with their nodes named.
 */
class RecordReplayGraphImportTest {
  private static final String STATUS = extract("status", "#status", "state");

  @Test
  void should_turn_an_if_whose_branches_join_into_an_if_with_then_and_else() {
    Conversion<Flow> c = valid(graph(STATUS + ", " + ifVar("check", "state", "open") + ", " + click("a1") + ", " + click("a2")
            + ", " + click("b1") + ", " + click("after"),
        edge("status", "check") + ", " + edge("check", "a1", "true") + ", " + edge("check", "b1", "false") + ", "
            + chain("a1", "a2", "after") + ", " + edge("b1", "after")));

    List<Step> s = c.value().steps();
    assertThat(s).extracting(Step::id).containsExactly("status", "check", "after");
    ControlStep.If branch = (ControlStep.If) s.get(1);
    assertThat(branch.condition()).isEqualTo(Condition.Var.equalTo("${steps.status.text}", "open"));
    assertThat(branch.then()).extracting(Step::id).containsExactly("a1", "a2");
    assertThat(branch.otherwise()).extracting(Step::id).containsExactly("b1");
    assertThat(c.quality()).isEqualTo(Quality.READY);
  }

  @Test
  void should_take_the_default_edge_where_an_if_has_no_false_edge() {
    Conversion<Flow> c = valid(graph(STATUS + ", " + ifVar("check", "state", "open") + ", " + click("only") + ", "
        + click("after"), edge("status", "check") + ", " + edge("check", "only", "true") + ", " + edge("check", "after")
        + ", " + edge("only", "after")));

    ControlStep.If branch = (ControlStep.If) c.value().steps().get(1);
    assertThat(branch.then()).extracting(Step::id).containsExactly("only");
    assertThat(branch.otherwise()).isEmpty();
    assertThat(c.value().steps()).extracting(Step::id).containsExactly("status", "check", "after");
  }

  @Test
  void should_put_the_rest_of_the_flow_in_each_branch_when_the_branches_never_join() {
    Conversion<Flow> c = valid(graph(STATUS + ", " + ifVar("check", "state", "open") + ", " + click("a1") + ", " + click("a2")
        + ", " + click("b1"), edge("status", "check") + ", " + edge("check", "a1", "true") + ", "
        + edge("check", "b1", "false") + ", " + chain("a1", "a2")));

    ControlStep.If branch = (ControlStep.If) c.value().steps().get(1);
    assertThat(branch.then()).extracting(Step::id).containsExactly("a1", "a2");
    assertThat(branch.otherwise()).extracting(Step::id).containsExactly("b1");
    assertThat(c.value().steps()).hasSize(2);
  }

  @Test
  void should_turn_a_while_node_into_a_bounded_while_over_its_subflow() {
    String subflows = "\"subflows\": {\"body\": {\"nodes\": [" + click("next") + ", " + click("load") + "], \"edges\": ["
        + chain("next", "load") + "]}}";
    Conversion<Flow> c = valid(graph(node("pages", "while", "{\"condition\": {\"var\": \"more\"}, \"subflowId\": \"body\", "
        + "\"maxIterations\": 30}") + ", " + click("done"), edge("pages", "done"),
        "\"variables\": [{\"key\": \"more\", \"default\": \"yes\"}], " + subflows));

    ControlStep.While loop = (ControlStep.While) c.value().steps().get(0);
    assertThat(loop.condition()).isEqualTo(Condition.Var.truthy("${more}"));
    assertThat(loop.max()).isEqualTo(30);
    assertThat(loop.body()).extracting(Step::id).containsExactly("next", "load");
    assertThat(c.value().steps()).extracting(Step::id).containsExactly("pages", "done");
  }

  @Test
  void should_turn_a_cycle_through_an_if_into_a_while_bounded_at_a_hundred_passes() {
    // check --true--> next -> read -> back to check; check --false--> done
    Conversion<Flow> c = valid(graph(STATUS + ", " + ifVar("check", "state", "more") + ", " + click("next") + ", "
        + extract("read", "#status", "state") + ", " + click("done"),
        edge("status", "check") + ", " + edge("check", "next", "true") + ", " + chain("next", "read", "check") + ", "
            + edge("check", "done", "false")));

    assertThat(c.value().steps()).extracting(Step::id).containsExactly("init-state", "status", "status-set", "check", "done");
    ControlStep.While loop = (ControlStep.While) c.value().steps().get(3);
    assertThat(loop.condition()).isEqualTo(Condition.Var.equalTo("${vars.state}", "more"));
    assertThat(loop.max()).isEqualTo(RecordReplayStructure.CYCLE_BOUND);
    assertThat(loop.body()).extracting(Step::id).containsExactly("next", "read", "read-set");
    ConversionIssue i = issue(c, ConversionCode.APPROXIMATED).get();
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.WARNING);
    assertThat(i.message()).contains("check", "100");
  }

  @Test
  void should_loop_on_the_false_branch_with_the_negated_condition() {
    Conversion<Flow> c = valid(graph(STATUS + ", " + ifVar("ready", "state", "done") + ", " + click("poll") + ", "
        + click("go"), edge("status", "ready") + ", " + edge("ready", "poll", "false") + ", " + edge("poll", "ready")
        + ", " + edge("ready", "go", "true")));

    // the loop tests "state", which it must see anew on each pass: a run variable
    ControlStep.While loop = (ControlStep.While) c.value().steps().get(3);
    assertThat(loop.condition()).isEqualTo(Condition.Not.of(Condition.Var.equalTo("${vars.state}", "done")));
    assertThat(loop.body()).extracting(Step::id).containsExactly("poll");
  }

  @Test
  void should_turn_an_on_error_edge_to_the_next_node_into_continue_and_a_rejoining_path_into_a_fallback() {
    Conversion<Flow> c = valid(graph(click("try") + ", " + click("next") + ", " + click("save") + ", " + click("repair")
        + ", " + click("log") + ", " + click("end"),
        chain("try", "next", "save", "end") + ", " + edge("try", "next", "onError") + ", " + edge("save", "repair", "onError")
            + ", " + chain("repair", "log", "end")));

    List<Step> s = c.value().steps();
    assertThat(s).extracting(Step::id).containsExactly("try", "next", "save", "end");
    assertThat(s.get(0).onError()).isEqualTo(OnError.continueRun());
    assertThat(s.get(2).onError().kind()).isEqualTo(OnError.Kind.FALLBACK);
    assertThat(s.get(2).onError().fallback()).extracting(Step::id).containsExactly("repair", "log");
  }

  @Test
  void should_block_an_on_error_path_that_joins_the_flow_elsewhere() {
    Conversion<Flow> c = read(graph(click("a") + ", " + click("b") + ", " + click("c") + ", " + click("handler"),
        chain("a", "b", "c") + ", " + edge("a", "handler", "onError") + ", " + edge("handler", "c")));

    ConversionIssue i = issue(c, ConversionCode.GRAPH_UNSTRUCTURED).get();
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(i.path()).isEqualTo("nodes[0]");
    assertThat(i.message()).contains("onError path of a", "handler", "joins the flow at c", "next node b");
    assertThat(issues(c, ConversionCode.GRAPH_UNSTRUCTURED)).anyMatch(x -> x.message().contains("node handler of that onError path"));
    assertThat(c.value().steps()).extracting(Step::id).containsExactly("a", "b", "c");
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
  }

  @Test
  void should_block_a_goto_into_another_branch_naming_the_node() {
    // check --true--> a -> shared; check --false--> other(if) --true--> shared, --false--> b; shared, b -> end
    Conversion<Flow> c = read(graph(STATUS + ", " + ifVar("check", "state", "x") + ", " + ifVar("other", "state", "y") + ", "
        + click("a") + ", " + click("shared") + ", " + click("b") + ", " + click("end"),
        edge("status", "check") + ", " + edge("check", "a", "true") + ", " + edge("check", "other", "false") + ", "
            + edge("a", "shared") + ", " + edge("other", "shared", "true") + ", " + edge("other", "b", "false") + ", "
            + edge("shared", "end") + ", " + edge("b", "end")));

    ConversionIssue i = issue(c, ConversionCode.GRAPH_UNSTRUCTURED).get();
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(i.message()).contains("node shared", "goto");
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
  }

  @Test
  void should_block_a_cycle_that_is_no_while() {
    Conversion<Flow> c = read(graph(click("a") + ", " + click("b") + ", " + click("c"), chain("a", "b", "c", "b")));

    ConversionIssue i = issue(c, ConversionCode.GRAPH_UNSTRUCTURED).get();
    assertThat(i.message()).contains("c → b", "no while", "click");
    assertThat(i.path()).isEqualTo("nodes[1]");
    assertThat(c.value().steps()).extracting(Step::id).containsExactly("a", "b", "c");
  }

  @Test
  void should_block_a_loop_that_is_left_from_its_middle() {
    Conversion<Flow> c = read(graph(STATUS + ", " + ifVar("check", "state", "more") + ", " + click("next") + ", " + click("out")
        + ", " + click("done"), edge("status", "check") + ", " + edge("check", "next", "true") + ", " + edge("next", "check")
        + ", " + edge("next", "out", "onError") + ", " + edge("check", "done", "false") + ", " + edge("out", "done")));

    assertThat(issue(c, ConversionCode.GRAPH_UNSTRUCTURED).get().message()).contains("next leaves the loop of check", "out");
  }

  @Test
  void should_block_a_node_with_two_default_edges() {
    Conversion<Flow> c = read(graph(click("a") + ", " + click("b") + ", " + click("c"), edge("a", "b") + ", " + edge("a", "c")));

    assertThat(issue(c, ConversionCode.GRAPH_UNSTRUCTURED).get().message()).contains("a has two default edges", "b", "c");
    assertThat(issues(c, ConversionCode.GRAPH_UNSTRUCTURED)).anyMatch(x -> x.message().contains("node c") && x.message()
        .contains("not converted"));
  }

  @Test
  void should_block_edges_to_missing_nodes_and_unknown_labels() {
    Conversion<Flow> c = read(graph(click("a") + ", " + click("b"), edge("a", "b") + ", " + edge("b", "ghost") + ", "
        + edge("a", "b", "case:1")));

    List<ConversionIssue> broken = issues(c, ConversionCode.GRAPH_EDGE_BROKEN);
    assertThat(broken).hasSize(2).allMatch(i -> i.severity() == ConversionIssue.Severity.BLOCKING);
    assertThat(broken.get(0).message()).contains("ghost");
    assertThat(broken.get(0).path()).isEqualTo("edges[1]");
    assertThat(broken.get(1).message()).contains("case:1");
    assertThat(c.value().steps()).extracting(Step::id).containsExactly("a", "b");
  }

  @Test
  void should_block_several_start_nodes_and_a_graph_without_one() {
    Conversion<Flow> two = read(graph(click("a") + ", " + click("b") + ", " + click("c"), edge("a", "c") + ", " + edge("b", "c")));
    ConversionIssue i = issue(two, ConversionCode.GRAPH_START).get();
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(i.message()).contains("2 start nodes (a, b)");

    Conversion<Flow> none = read(graph(click("a") + ", " + click("b"), chain("a", "b", "a")));
    assertThat(issue(none, ConversionCode.GRAPH_START).get().message()).contains("no start node");
    assertThat(none.value().steps()).isEmpty();
  }

  @Test
  void should_run_the_nodes_of_a_graph_without_edges_in_their_listed_order() {
    Conversion<Flow> c = valid(graph(click("a") + ", " + click("b") + ", " + click("c"), ""));

    assertThat(c.value().steps()).extracting(Step::id).containsExactly("a", "b", "c");
    assertThat(issue(c, ConversionCode.DEFAULT_FILLED).get().message()).contains("listed order");
  }

  @Test
  void should_block_a_loop_node_whose_subflow_is_missing_or_runs_itself() {
    Conversion<Flow> missing = read(graph(node("loop", "foreach", "{\"listVar\": \"xs\", \"subflowId\": \"nowhere\"}"), "",
        "\"variables\": [{\"key\": \"xs\", \"default\": [\"1\"]}]"));
    assertThat(issue(missing, ConversionCode.SUBFLOW_UNRESOLVED).get().message()).contains("nowhere");
    assertThat(missing.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.MANUAL);

    Conversion<Flow> itself = read(graph(node("outer", "while", "{\"condition\": {\"var\": \"go\"}, \"subflowId\": \"s\"}"), "",
        "\"variables\": [{\"key\": \"go\"}], \"subflows\": {\"s\": {\"nodes\": [" + node("inner", "while",
            "{\"condition\": {\"var\": \"go\"}, \"subflowId\": \"s\"}") + "], \"edges\": []}}"));
    assertThat(issue(itself, ConversionCode.SUBFLOW_UNRESOLVED).get().message()).contains("inside itself", "s → s");
  }

  @Test
  void should_report_a_foreach_over_no_list_variable_as_blocking() {
    Conversion<Flow> c = read(graph(node("each", "foreach", "{\"listVar\": \"rows\", \"itemVar\": \"row\", \"subflowId\": \"b\"}"),
        "", "\"subflows\": {\"b\": {\"nodes\": [" + click("x") + "], \"edges\": []}}"));

    ConversionIssue i = issue(c, ConversionCode.FOREACH_SOURCE).get();
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(i.message()).contains("{rows}");
  }

  @Test
  void should_treat_a_linear_steps_list_as_a_chain_and_ignore_the_backup_steps_of_a_graph() {
    Conversion<Flow> c = valid("{\"id\": \"f\", \"name\": \"F\", \"version\": 2, \"steps\": [{\"id\": \"old\", \"type\": \"click\","
        + " \"target\": {\"candidates\": [{\"type\": \"css\", \"value\": \"#old\"}]}}], \"nodes\": [" + click("new") + "], \"edges\": []}");

    assertThat(c.value().steps()).extracting(Step::id).containsExactly("new");
    assertThat(c.value().version()).isEqualTo(2);
    assertThat(c.issues()).anyMatch(i -> i.path().equals("steps") && i.message().contains("backup"));
  }
}
