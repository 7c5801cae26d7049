package io.browserflow.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command in-process and keeps what it printed. */
final class CliFixture {
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();
  volatile int exit;
  Thread thread;

  static CliFixture run(String... args) {
    CliFixture f = new CliFixture();
    f.exit = Main.run(new PrintWriter(f.out, true), new PrintWriter(f.err, true), args);
    return f;
  }

  /** Runs the command in a thread of its own; what it prints can be read while it runs. */
  static CliFixture start(String... args) {
    CliFixture f = new CliFixture();
    f.thread = new Thread(() -> f.exit = Main.run(new PrintWriter(f.out, true), new PrintWriter(f.err, true), args),
        "browserflow-cli-test");
    f.thread.start();
    return f;
  }

  /**
   * The key the tests' approvals are signed with: the build sets BROWSERFLOW_APPROVAL_KEY to a file in
   * target/ (the CLI's default then, in-process and in child processes alike).
   */
  static io.browserflow.engine.review.ApprovalKey approvalKey() {
    String file = System.getenv(ApprovalKeyOption.VARIABLE);
    if (file == null) {
      throw new IllegalStateException(ApprovalKeyOption.VARIABLE + " is not set: run the tests through Maven (flow-cli/pom.xml sets it)");
    }
    return io.browserflow.engine.review.ApprovalKey.readOrCreate(java.nio.file.Path.of(file));
  }

  String out() {
    return out.toString();
  }

  String err() {
    return err.toString();
  }
}
