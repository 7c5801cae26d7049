package io.browserflow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.FlowException;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.RecoveredRun;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.store.JournalEntry;
import io.browserflow.engine.store.RunStore;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code browserflow runs --store S}: the runs a store holds, and {@code recover}: those that need review. */
@Command(name = "runs", mixinStandardHelpOptions = true, sortOptions = false,
    description = "List the runs a run store holds, newest first: run id, flow, status (NEEDS_REVIEW for a run that "
        + "died, RUNNING for one an engine holds now), start, and the step a run that died left pending.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:listed", "2:bad usage, or the store cannot be read"})
final class RunsCommand extends CliCommand {
  @Option(names = "--store", required = true, paramLabel = "DIR|URL", description = "The run store: a folder, or a jdbc: URL "
      + "(user and password from BROWSERFLOW_STORE_USER and BROWSERFLOW_STORE_PASSWORD).")
  String store;

  @Option(names = "--flow", paramLabel = "ID", description = "Only the runs of this flow.")
  String flow;

  @Option(names = "--json", description = "Print the runs as a JSON array.")
  boolean json;

  /** One line of the listing. */
  record Row(String runId, String flowId, String status, String started, String pending) {}

  @Override
  public Integer call() {
    PrintWriter out = out();
    PrintWriter err = err();
    return withStore(store, err, s -> {
      List<Row> rows = rows(s, flow);
      if (json) {
        ArrayNode array = new ObjectMapper().createArrayNode();
        for (Row r : rows) {
          ObjectNode n = array.addObject().put("runId", r.runId()).put("flowId", r.flowId()).put("status", r.status())
              .put("startedAt", r.started());
          if (!r.pending().isEmpty()) {
            n.put("pending", r.pending());
          }
        }
        out.println(array.toPrettyString());
      } else if (rows.isEmpty()) {
        out.println("no runs in " + store);
      } else {
        String format = "%-28s  %-24s  %-13s  %-24s  %s%n";
        out.printf(format, "RUN", "FLOW", "STATUS", "STARTED", "PENDING");
        rows.forEach(r -> out.printf(format, r.runId(), r.flowId(), r.status(), r.started(), r.pending()));
      }
      out.flush();
      return BrowserflowCommand.OK;
    });
  }

  static List<Row> rows(RunStore store, String onlyFlow) {
    FlowEngine reader = Stores.reader(store);
    Map<String, RecoveredRun> review = reader.recover().stream()
        .collect(Collectors.toMap(RecoveredRun::runId, Function.identity()));
    List<Row> rows = new ArrayList<>();
    for (String flowId : onlyFlow != null ? List.of(onlyFlow) : store.flows()) {
      for (String runId : store.runs(flowId)) {
        Optional<RunResult> result = store.result(runId);
        if (result.isPresent()) {
          rows.add(new Row(runId, flowId, result.get().status().name(), result.get().startedAt().toString(), ""));
          continue;
        }
        RecoveredRun r = review.get(runId);
        if (r != null) {
          rows.add(new Row(runId, flowId, r.status().name(), r.startedAt().toString(), pending(r)));
          continue;
        }
        List<JournalEntry> journal = store.journal(runId);
        String started = journal.isEmpty() ? "" : journal.get(0).at().toString();
        rows.add(new Row(runId, flowId, "RUNNING", started, ""));
      }
    }
    rows.sort((a, b) -> b.runId().compareTo(a.runId()));
    return rows;
  }

  static String pending(RecoveredRun r) {
    return r.pendingStepId().map(id -> r.pendingPath().orElse("?") + " " + id + " ("
        + r.pendingState().map(Enum::name).orElse("?") + ")").orElse("");
  }

  /** Opens the store, runs {@code work}, closes it; a store error is exit 2 with its message. */
  static int withStore(String spec, PrintWriter err, Function<RunStore, Integer> work) {
    RunStore store;
    try {
      store = Stores.open(spec, null, System.getenv());
    } catch (FlowException e) {
      return BrowserflowCommand.usage(err, e.code() + ": " + e.getMessage());
    } catch (IllegalArgumentException e) {
      return BrowserflowCommand.usage(err, e.getMessage());
    }
    try {
      return work.apply(store);
    } catch (FlowException e) {
      return BrowserflowCommand.usage(err, e.code() + ": " + e.getMessage());
    } finally {
      Stores.close(store);
    }
  }
}
