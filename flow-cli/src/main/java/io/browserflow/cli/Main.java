package io.browserflow.cli;

import picocli.CommandLine;

/** Entry point of the {@code browserflow} command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command and returns its exit code (0 success, 1 a flow failed, 2 bad usage or flow). */
  public static int run(String... args) {
    return BrowserflowCommand.commandLine().execute(args);
  }

  /** Runs the command writing to the given streams (for embedding and tests). */
  public static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
    CommandLine cli = BrowserflowCommand.commandLine();
    cli.setOut(out);
    cli.setErr(err);
    return cli.execute(args);
  }
}
