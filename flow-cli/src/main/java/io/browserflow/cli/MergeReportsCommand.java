package io.browserflow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.report.ReportItem;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code browserflow merge-reports DIR...}: the reports of a sharded suite as one. */
@Command(name = "merge-reports", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Merge the --report folders of the machines that ran a sharded suite (run --shard I/N) into one "
        + "report: OUT/index.html and OUT/results.json, the results in the order of the folders given.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:merged, and every flow succeeded", "1:merged, and a flow failed",
        "2:bad usage, or a folder holds no readable results.json"})
final class MergeReportsCommand extends CliCommand {
  @Parameters(arity = "1..*", paramLabel = "DIR", description = "Report folders written by run --report (with results.json).")
  List<Path> dirs;

  @Option(names = "--out", paramLabel = "OUT", defaultValue = "merged-report", description = "Where to write the merged report.")
  Path out;

  @Override
  public Integer call() {
    PrintWriter stdout = out();
    PrintWriter err = err();
    List<ReportItem> items = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (Path dir : dirs) {
      Path file = dir.resolve(BatchReport.RESULTS);
      if (!Files.isRegularFile(file)) {
        return BrowserflowCommand.usage(err, dir + " holds no " + BatchReport.RESULTS + "; give folders written by run --report");
      }
      try {
        for (JsonNode r : json.readTree(Files.readString(file, StandardCharsets.UTF_8))) {
          items.add(ReportItem.builder().result(RunResult.fromJson(r.toString())).build());
        }
      } catch (IOException | RuntimeException e) {
        return BrowserflowCommand.usage(err, "cannot read " + file + ": " + e.getMessage());
      }
    }
    Path index = BatchReport.write(out, items);
    long ok = items.stream().filter(i -> i.result().succeeded()).count();
    stdout.println("merged " + items.size() + " results from " + dirs.size() + " reports (" + ok + " succeeded): "
        + index.toAbsolutePath());
    stdout.flush();
    return ok == items.size() ? BrowserflowCommand.OK : BrowserflowCommand.FAILED;
  }
}
