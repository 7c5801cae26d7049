package io.browserflow.benchmarks;

import static io.browserflow.api.dsl.Dsl.*;

import io.browserflow.api.Flow;
import io.browserflow.api.dsl.FlowBuilder;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.store.RunStore;
import io.browserflow.testkit.NoOpPageDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Engine overhead: a 100-step flow on a driver that does nothing, with the journal off and with the
 * directory journal on (fsync of every {@code dispatching} entry). Divide the score by 100 for the
 * cost per step. Goal: under 20 µs per step without fsync.
 */
@BenchmarkMode(Mode.AverageTime)
public class EngineBenchmark extends MicroBenchmark {
  static final int STEPS = 100;

  @Param({"off", "fsync"})
  public String journal;

  private FlowEngine engine;
  private Flow flow;
  private Path dir;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    FlowBuilder b = Flow.named("engine overhead").input("Q", defaultValue("x"));
    b.open("http://127.0.0.1:1/");
    for (int i = 1; i < STEPS; i++) {
      switch (i % 4) {
        case 0: b.fill(testId("q").or(css("#q")), "${Q}"); break;
        case 1: b.click(role("button", "Search")).expect(visible(css(".result"))); break;
        case 2: b.press(testId("q"), "Enter"); break;
        default: b.select(testId("mode"), "fast"); break;
      }
    }
    flow = b.build();
    RunStore store = RunStore.none();
    if (journal.equals("fsync")) {
      dir = Files.createTempDirectory("browserflow-bench");
      store = RunStore.directory(dir, 3);
    }
    engine = FlowEngine.builder().driver(NoOpPageDriver.create()).store(store).build();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    engine.close();
    if (dir != null) {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** One run of the 100-step flow. */
  @Benchmark
  public RunResult run100Steps() {
    return engine.run(flow, Inputs.empty());
  }
}
