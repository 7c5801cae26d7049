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

  String out() {
    return out.toString();
  }

  String err() {
    return err.toString();
  }
}
