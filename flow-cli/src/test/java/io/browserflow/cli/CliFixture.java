package io.browserflow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

  /** A folder {@code dir/site} holding {@code file} with {@code html}, for {@code --serve}. */
  static Path site(Path dir, String file, String html) throws IOException {
    Path site = Files.createDirectories(dir.resolve("site"));
    Files.writeString(site.resolve(file), html);
    return site;
  }

  /** The field {@code name} of each result of a {@code --json} array, as text, in order. */
  static List<String> field(JsonNode results, String name) {
    List<String> values = new ArrayList<>();
    results.forEach(r -> values.add(r.get(name).asText()));
    return values;
  }
}
