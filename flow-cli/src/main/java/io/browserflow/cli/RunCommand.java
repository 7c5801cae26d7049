package io.browserflow.cli;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code browserflow run FILE...}: replays flows in Chromium. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Replay flows in Chromium (headless unless --headed), one browser for all files; "
        + "prints live progress, or the run results as JSON with --json.")
final class RunCommand extends CliCommand {
  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "Flow files: browserflow/2 or /1 (.flow.json), or any importable format (Chrome Recorder JSON, "
          + "browserctl-flow.json, .browserctl, Selenium IDE .side), detected from the content and converted first.")
  List<Path> files;

  @Option(names = "--filter", paramLabel = "REGEX",
      description = "Selenium IDE projects: run the suites whose name REGEX finds, or when none, the tests whose name it "
          + "finds (as selenium-side-runner --filter); default: every suite.")
  String filter;

  @Mixin
  RunFlags flags;

  @Override
  public Integer call() {
    return flags.execute(files, filter, null, spec);
  }
}
