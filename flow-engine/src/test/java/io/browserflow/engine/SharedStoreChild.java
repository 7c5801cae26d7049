package io.browserflow.engine;

import io.browserflow.engine.store.JdbcRunStore;
import io.browserflow.engine.store.RunStoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Child JVM of {@link PostgresRunStoreIT}: an engine on a JDBC store shared with other JVMs.
 *
 * <ul>
 *   <li>{@code run URL ARTIFACTS MARKER}: runs {@link CrashChild#flow()} until it is killed in its slow click;
 *   <li>{@code resume URL ARTIFACTS READY GO OUT}: writes READY, waits for GO, resumes the one unfinished run
 *       with CONFIRM (its last step takes 2 s, so a rival arrives while it holds the run) and writes
 *       {@code SUCCEEDED} or the code it was refused with to OUT.
 * </ul>
 */
public final class SharedStoreChild {
  private SharedStoreChild() {}

  public static void main(String[] args) throws Exception {
    JdbcRunStore store = JdbcRunStore.builder().url(args[1]).artifactsRoot(Path.of(args[2]))
        .lease(Duration.ofMillis(PostgresRunStoreIT.LEASE_MS)).build();
    if (args[0].equals("run")) {
      try (FlowEngine engine = FlowEngine.builder().driver(new FakeDriver(Path.of(args[3]))).store(store).build()) {
        engine.run(CrashChild.flow(), Inputs.empty());
      }
      return;
    }
    Path ready = Path.of(args[3]);
    Path go = Path.of(args[4]);
    Path out = Path.of(args[5]);
    FakeDriver driver = new FakeDriver();
    driver.beforePerform = s -> {
      if (s.id().equals("after")) {
        try {
          Thread.sleep(2000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };
    try (FlowEngine engine = FlowEngine.builder().driver(driver).store(store).build()) {
      String runId = engine.recover().get(0).runId();
      Files.writeString(ready, runId);
      while (!Files.exists(go)) {
        Thread.sleep(5);
      }
      String outcome;
      try {
        outcome = engine.resume(runId, CrashChild.flow(), Inputs.empty(), ResumeDecision.CONFIRM, RunOptions.defaults())
            .status().name();
      } catch (RunStoreException e) {
        outcome = e.code().name();
      }
      Files.writeString(out, outcome);
    } finally {
      store.close();
    }
  }
}
