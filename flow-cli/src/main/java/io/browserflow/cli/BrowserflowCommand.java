package io.browserflow.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code browserflow}: run, validate and lint flows; demo replays the samples against the demo app. */
@Command(name = "browserflow", mixinStandardHelpOptions = true, version = "browserflow 0.1.0-SNAPSHOT",
    description = "Replay, record, validate and lint browser flows.",
    subcommands = {RunCommand.class, RunsCommand.class, RecoverCommand.class, ResumeCommand.class, MergeReportsCommand.class, ValidateCommand.class, LintCommand.class, ConvertCommand.class, ImportCommand.class, ReviewCommand.class, McpCommand.class, SessionCommand.class, SessionDaemon.class, RecordCommand.class,
        DemoCommand.class, ShowTraceCommand.class, SuggestCommand.class, CommandLine.HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every flow succeeded", "1:a flow failed, or was refused for review (REVIEW_REQUIRED)", "2:bad usage, or an invalid or unreadable flow"})
final class BrowserflowCommand implements Runnable {
  /** Exit codes. */
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  /** Says a usage error on {@code err}, as {@code browserflow: MESSAGE}; the exit code {@link #USAGE}. */
  static int usage(PrintWriter err, String message) {
    err.println("browserflow: " + message);
    return USAGE;
  }

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new BrowserflowCommand());
    cli.setExitCodeExceptionMapper(e -> USAGE);
    cli.getSubcommands().get("session").setStopAtPositional(true); // the command's own words (-i, --new-tab) are its
    cli.setParameterExceptionHandler((ex, args) -> {
      PrintWriter err = ex.getCommandLine().getErr();
      err.println("browserflow: " + ex.getMessage());
      err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
      return USAGE;
    });
    return cli;
  }
}
