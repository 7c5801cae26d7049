package io.browserflow.benchmarks;

import io.browserflow.cli.Main;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The speed-up of {@code --workers}: replays the sample flows against the demo app (repeated
 * {@code REPEAT} times as one batch, default 4) through {@code browserflow demo --workers W} for
 * each W given (default 1 2 4), ROUNDS times each (default 3), and prints the best wall time per W
 * and its ratio to one worker. Every batch must succeed, or the figure is not printed.
 *
 * <pre>./mvnw -q -pl flow-benchmarks exec:java -Dexec.mainClass=io.browserflow.benchmarks.WorkersSpeedup -Dexec.args="3 4 1 2 4"</pre>
 */
public final class WorkersSpeedup {
  private WorkersSpeedup() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    List<Integer> workers = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      workers.add(Integer.parseInt(args[i]));
    }
    if (workers.isEmpty()) {
      workers.addAll(List.of(1, 2, 4));
    }
    PrintStream console = System.out;
    console.printf("%d cores; sample flows x%d per batch, best of %d rounds%n", Runtime.getRuntime().availableProcessors(),
        repeat, rounds);
    Double baseline = null;
    for (int w : workers) {
      long best = Long.MAX_VALUE;
      for (int r = 1; r <= rounds; r++) {
        long start = System.nanoTime();
        int exit;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
          exit = Main.run("demo", "--workers", String.valueOf(w), "--repeat", String.valueOf(repeat),
              "--report", "target/workers-speedup/w" + w + "-r" + r);
        } finally {
          System.setOut(console);
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        if (exit != 0) {
          console.printf("workers %d, round %d: a flow failed (exit %d), see target/workers-speedup/w%d-r%d/index.html%n",
              w, r, exit, w, r);
          return;
        }
        best = Math.min(best, ms);
      }
      if (baseline == null) {
        baseline = (double) best;
      }
      console.printf("workers %d: %6d ms  speed-up %.2fx%n", w, best, baseline / best);
    }
  }
}
