package io.browserflow.cli;

import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.lint.LintReport;
import io.browserflow.api.lint.LintWarning;
import io.browserflow.api.lint.Quality;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code browserflow lint FILE...}: warnings and quality status of each flow. */
@Command(name = "lint", mixinStandardHelpOptions = true,
    description = "Lint flow files: fragile selectors, literal secrets, volatile values, unchecked writes. "
        + "Prints each warning and the quality status (ready, needs_review, blocked); exits 1 when a flow is blocked.")
final class LintCommand extends CliCommand {
  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "Flow files: browserflow/2 or /1, or any importable format (converted first; its issues count too).")
  List<Path> files;

  @Override
  public Integer call() {
    PrintWriter out = out();
    int code = BrowserflowCommand.OK;
    for (FlowFiles.Loaded l : FlowFiles.read(files, FlowJson.reader())) {
      if (l.error() != null) {
        FlowFiles.printError(err(), l.file(), l.error());
        code = BrowserflowCommand.USAGE;
        continue;
      }
      if (l.converted()) {
        FlowFiles.printConversion(out, l.file(), l.conversion());
      }
      LintReport report = FlowLint.lint(l.flow());
      for (LintWarning w : report.warnings()) {
        out.println(l.file() + ": " + w.describe());
      }
      // a blocked or reviewable conversion weighs as much as the flow's own warnings
      Quality quality = l.converted() && l.conversion().quality().compareTo(report.quality()) > 0
          ? l.conversion().quality() : report.quality();
      out.println(l.file() + ": " + quality.jsonName() + " (" + report.warnings().size() + " warnings)");
      if (quality == Quality.BLOCKED && code == BrowserflowCommand.OK) {
        code = BrowserflowCommand.FAILED;
      }
    }
    return code;
  }
}
