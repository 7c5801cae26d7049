package io.browserflow.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.cli.Main;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The soak: replays the sample flows against the demo app through {@code browserflow demo
 * --workers W} in rounds of {@code ROUND} flows until {@code TOTAL} have run (default 1,000 at 4
 * workers, rounds of 100), in one JVM, and prints per round the failures and the heap after a full
 * GC; at the end the failures (goal 0), the heap after GC after the first and the last round
 * (goal: flat) and the browser and Playwright driver processes on the machine before and after
 * (goal: the same). Exit status 1 when a flow failed or a process was left behind.
 *
 * <pre>flow-benchmarks/soak.sh [TOTAL [WORKERS [ROUND]]]</pre>
 */
public final class Soak {
  private static final int SAMPLE_FLOWS = 10;

  private Soak() {}

  public static void main(String[] args) throws Exception {
    int total = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
    int workers = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    int round = args.length > 2 ? Integer.parseInt(args[2]) : 100;
    if (round % SAMPLE_FLOWS != 0 || total % round != 0) {
      throw new IllegalArgumentException("ROUND must be a multiple of " + SAMPLE_FLOWS + " (the sample flows) and TOTAL of ROUND");
    }
    PrintStream console = System.out;
    ObjectMapper json = new ObjectMapper();
    Processes before = Processes.now();
    console.printf(Locale.ROOT, "soak: %d flows, %d workers, rounds of %d, %d cores; before: %s%n", total, workers, round,
        Runtime.getRuntime().availableProcessors(), before);
    int failures = 0;
    long firstHeap = -1;
    long lastHeap = -1;
    List<String> failed = new ArrayList<>();
    long start = System.nanoTime();
    for (int r = 1; r <= total / round; r++) {
      Path report = Path.of("target/soak/round-" + r);
      long t = System.nanoTime();
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      try {
        Main.run("demo", "--workers", String.valueOf(workers), "--repeat", String.valueOf(round / SAMPLE_FLOWS),
            "--report", report.toString());
      } finally {
        System.setOut(console);
      }
      long ms = (System.nanoTime() - t) / 1_000_000;
      int ran = 0;
      int roundFailures = 0;
      for (JsonNode result : json.readTree(report.resolve("results.json").toFile())) {
        ran++;
        if (!"SUCCEEDED".equals(result.path("status").asText())) {
          roundFailures++;
          failed.add("round " + r + ": " + result.path("flowName").asText() + " " + result.path("status").asText() + " "
              + result.path("errorCode").asText("") + " " + result.path("errorMessage").asText("").lines().findFirst().orElse(""));
        }
      }
      if (ran != round) {
        roundFailures += round - ran;
        failed.add("round " + r + ": " + (round - ran) + " flows have no result");
      }
      failures += roundFailures;
      long heap = heapAfterGc();
      if (firstHeap < 0) {
        firstHeap = heap;
      }
      lastHeap = heap;
      console.printf(Locale.ROOT, "round %2d: %d flows in %6.1f s, %d failed, heap after GC %5.1f MiB%n", r, ran, ms / 1000.0,
          roundFailures, heap / 1048576.0);
    }
    Processes after = Processes.now();
    failed.forEach(f -> console.println("  failed: " + f));
    console.printf(Locale.ROOT, "soak: %d flows in %.1f min, %d failed; heap after GC %.1f MiB after round 1, %.1f MiB after "
            + "the last (%+.1f MiB); after: %s%n", total, (System.nanoTime() - start) / 60e9, failures, firstHeap / 1048576.0,
        lastHeap / 1048576.0, (lastHeap - firstHeap) / 1048576.0, after);
    boolean leaked = after.browsers > before.browsers || after.drivers > before.drivers;
    if (leaked) {
      console.println("soak: processes were left behind");
    }
    System.exit(failures == 0 && !leaked ? 0 : 1);
  }

  private static long heapAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(200);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Browser processes (Chromium's or Chrome's, any kind) and Playwright driver processes (node) on the machine. */
  record Processes(long browsers, long drivers) {
    static Processes now() {
      long browsers = 0;
      long drivers = 0;
      for (ProcessHandle h : ProcessHandle.allProcesses().toList()) {
        String command = h.info().command().orElse("");
        String line = h.info().commandLine().orElse(command);
        if (command.endsWith("/chromium") || command.endsWith("/chrome") || command.endsWith("chrome-headless-shell")) {
          browsers++;
        } else if (command.endsWith("/node") && line.contains("playwright")) {
          drivers++;
        }
      }
      return new Processes(browsers, drivers);
    }

    @Override
    public String toString() {
      return browsers + " browser processes, " + drivers + " Playwright driver processes";
    }
  }
}
