package io.browserflow.cli;

import io.browserflow.engine.ResumeDecision;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code browserflow resume RUN_ID --store S --decision D FLOW_FILE}: settles and continues a run that died. */
@Command(name = "resume", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Settle the step a run that died left pending (see browserflow recover), then continue the run "
        + "without replaying its verified steps. Give the flow file it ran and the inputs it started with.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the resumed run succeeded (or was cancelled with --decision cancel)",
        "1:the resumed run failed or needs review again, or the resume was refused (RUN_LOCKED: another engine holds "
            + "the run; INPUT_CHANGED: other inputs than it started with; REVIEW_REQUIRED: unknown or finished run, "
            + "or another version of the flow)",
        "2:bad usage, an unreadable flow or store"})
final class ResumeCommand extends CliCommand {
  @Parameters(index = "0", paramLabel = "RUN_ID", description = "The run to resume, as browserflow recover lists it.")
  String runId;

  @Parameters(index = "1", paramLabel = "FLOW_FILE", description = "The flow file the run ran (the same version).")
  Path file;

  @Option(names = "--decision", required = true, paramLabel = "verify|confirm|retry|cancel",
      description = "What to do with the pending step: verify (re-check its expect conditions; if they fail the run "
          + "stays for review), confirm (a person saw it acted), retry (act again), cancel (end the run).")
  String decision;

  @Mixin
  RunFlags flags;

  @Override
  public Integer call() {
    ResumeDecision d;
    try {
      d = ResumeDecision.valueOf(decision.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      err().println("browserflow: --decision must be verify, confirm, retry or cancel, was '"
          + decision + "'");
      return BrowserflowCommand.USAGE;
    }
    return flags.execute(List.of(file), null, new BatchRun.Resume(runId, d), spec);
  }
}
