package io.browserflow.benchmarks;

import io.browserflow.cli.Main;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Replays every sample flow against the demo app N times in a row (default 50) through
 * {@code browserflow demo}, and prints how many rounds had every flow succeed.
 *
 * <pre>./mvnw -q -pl flow-benchmarks exec:java -Dexec.mainClass=io.browserflow.benchmarks.SampleReplay -Dexec.args=50</pre>
 */
public final class SampleReplay {
  private SampleReplay() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 50;
    PrintStream console = System.out;
    int clean = 0;
    long start = System.nanoTime();
    for (int r = 1; r <= rounds; r++) {
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      int exit;
      try {
        exit = Main.run("demo", "--report", "target/sample-replay/round-" + r);
      } finally {
        System.setOut(console);
      }
      if (exit == 0) {
        clean++;
      }
      console.printf("round %d: %s%n", r, exit == 0 ? "all sample flows succeeded"
          : "a flow failed, see target/sample-replay/round-" + r + "/index.html");
    }
    console.printf("%d of %d rounds with every sample flow succeeding (%d s)%n", clean, rounds,
        (System.nanoTime() - start) / 1_000_000_000);
  }
}
