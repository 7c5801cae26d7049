package io.browserflow.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A {@code browserflow} command: what it prints goes to picocli's writers ({@link #out()},
 * {@link #err()}), so a shell and the tests that run the CLI in-process see the same words; it
 * returns the exit code ({@link BrowserflowCommand#OK}, {@code FAILED}, {@code USAGE}).
 */
abstract class CliCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  /** Where the command's results go. */
  PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /** Where its errors and diagnostics go. */
  PrintWriter err() {
    return spec.commandLine().getErr();
  }
}
