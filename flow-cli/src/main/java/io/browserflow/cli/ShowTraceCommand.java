package io.browserflow.cli;

import io.browserflow.api.FlowRunException;
import io.browserflow.playwright.TraceViewer;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code browserflow show-trace FILE}: serves a trace in Playwright's trace viewer (shipped with
 * Playwright's driver) on 127.0.0.1 and prints where to open it; runs until stopped (Ctrl+C).
 */
@Command(name = "show-trace", mixinStandardHelpOptions = true,
    description = "Open a run's trace (trace.zip, secrets already stripped) in Playwright's trace viewer, served on "
        + "127.0.0.1; prints the address to open and runs until stopped with Ctrl+C. Exits 2 when FILE is missing, "
        + "1 when the viewer cannot start.")
final class ShowTraceCommand extends CliCommand {
  @Parameters(paramLabel = "FILE", description = "A trace.zip listed by `browserflow run` or in a failure message.")
  Path file;

  @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
      description = "Port on 127.0.0.1 to serve the viewer at (default: a free one).")
  int port;

  @Override
  public Integer call() {
    PrintWriter out = out();
    PrintWriter err = err();
    if (!Files.isRegularFile(file)) {
      return BrowserflowCommand.usage(err, "show-trace: no trace file at " + file.toAbsolutePath()
          + "; give the trace.zip path that `browserflow run` printed");
    }
    if (port < 0 || port > 65_535) {
      return BrowserflowCommand.usage(err, "--port must be between 0 and 65535, was " + port);
    }
    TraceViewer viewer;
    try {
      viewer = TraceViewer.serve(file, port);
    } catch (FlowRunException e) {
      err.println("browserflow: show-trace: " + e.getMessage());
      return BrowserflowCommand.FAILED;
    }
    Thread stop = new Thread(viewer::close, "browserflow-trace-viewer-stop");
    Runtime.getRuntime().addShutdownHook(stop);
    try {
      out.println("trace viewer: " + viewer.url() + " (showing " + file.toAbsolutePath() + "; stop it with Ctrl+C)");
      out.flush();
      viewer.waitFor();
      return BrowserflowCommand.OK;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return BrowserflowCommand.OK;
    } finally {
      viewer.close();
      try {
        Runtime.getRuntime().removeShutdownHook(stop);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running
      }
    }
  }
}
