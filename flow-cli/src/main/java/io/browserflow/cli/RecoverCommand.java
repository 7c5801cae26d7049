package io.browserflow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.engine.RecoveredRun;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code browserflow recover --store S}: the runs that died and need a person, and why. */
@Command(name = "recover", mixinStandardHelpOptions = true, sortOptions = false,
    description = "List the runs that died (their process was killed or crashed) and need review: which step was "
        + "pending, what may have happened, and the browserflow resume command that settles it. Nothing is resumed "
        + "by itself.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:no run needs review", "1:at least one run needs review (listed)",
        "2:bad usage, or the store cannot be read"})
final class RecoverCommand extends CliCommand {
  @Option(names = "--store", required = true, paramLabel = "DIR|URL", description = "The run store: a folder, or a jdbc: URL "
      + "(user and password from BROWSERFLOW_STORE_USER and BROWSERFLOW_STORE_PASSWORD).")
  String store;

  @Option(names = "--json", description = "Print the runs as a JSON array.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = out();
    return RunsCommand.withStore(store, err(), s -> {
      List<RecoveredRun> runs = Stores.reader(s).recover();
      if (json) {
        ArrayNode array = new ObjectMapper().createArrayNode();
        for (RecoveredRun r : runs) {
          ObjectNode n = array.addObject().put("runId", r.runId()).put("flowId", r.flowId())
              .put("status", r.status().name()).put("startedAt", r.startedAt().toString())
              .put("verifiedSteps", r.verifiedSteps()).put("why", Stores.why(r));
          r.pendingPath().ifPresent(p -> n.put("pendingPath", p));
          r.pendingStepId().ifPresent(p -> n.put("pendingStepId", p));
          r.pendingState().ifPresent(p -> n.put("pendingState", p.name()));
          r.pinnedInputs().forEach(n.putArray("inputs")::add);
        }
        out.println(array.toPrettyString());
      } else if (runs.isEmpty()) {
        out.println("no run needs review in " + store);
      } else {
        for (RecoveredRun r : runs) {
          out.println(r.runId() + "  " + r.flowId() + "  " + r.status() + "  started " + r.startedAt() + ", "
              + r.verifiedSteps() + " steps verified");
          out.println("  " + Stores.why(r));
          String inputs = String.join(" ", Stores.inputFlags(r));
          out.println("  browserflow resume " + r.runId() + " --store " + store + " --decision verify|confirm|retry|cancel"
              + (inputs.isEmpty() ? "" : " " + inputs) + " FLOW_FILE");
        }
      }
      out.flush();
      return runs.isEmpty() ? BrowserflowCommand.OK : BrowserflowCommand.FAILED;
    });
  }
}
