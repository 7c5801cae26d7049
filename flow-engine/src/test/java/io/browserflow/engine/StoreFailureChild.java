package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.testId;

import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.dsl.FlowBuilder;
import io.browserflow.engine.store.JournalEntry;
import io.browserflow.engine.store.RunStore;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Child JVM of {@link StoreFailureTest}, run in its own mount namespace where the store folder is a
 * small tmpfs: runs {@link #flow()} with a directory store on it, breaks the store as its mode says,
 * and writes what happened (outcome, the steps the driver performed, the steps the journal announced
 * as dispatching) to a properties file outside the tmpfs.
 *
 * <p>Modes: {@code full} fills the file system once step {@code s3} is performed; {@code readonly}
 * runs on a store the namespace remounted read-only before the run.
 */
public final class StoreFailureChild {
  private StoreFailureChild() {}

  static Flow flow() {
    return flow(i -> OnError.stop());
  }

  /** An open and 60 fills {@code s1..s60}, step {@code i} with the onError given for it. */
  static Flow flow(java.util.function.IntFunction<OnError> onError) {
    FlowBuilder b = Flow.named("store-failure").open("http://127.0.0.1:1/start");
    for (int i = 1; i <= 60; i++) {
      b.fill(testId("field-" + i), "value " + i).id("s" + i).onError(onError.apply(i));
    }
    return b.build();
  }

  public static void main(String[] args) throws IOException {
    String mode = args[0];
    Path store = Path.of(args[1]);
    Path out = Path.of(args[2]);
    FakeDriver driver = new FakeDriver();
    if (mode.equals("full")) {
      driver.beforePerform = s -> {
        if (s.id().equals("s3")) {
          fill(store.resolve("filler"));
        }
      };
    }
    Properties p = new Properties();
    try (FlowEngine engine = FlowEngine.builder().driver(driver).storeDirectory(store).build()) {
      RunResult result = engine.run(flow(), Inputs.empty());
      p.setProperty("status", result.status().name());
      p.setProperty("code", result.errorCode().map(Enum::name).orElse(""));
      p.setProperty("path", result.errorPath().orElse(""));
      p.setProperty("message", result.errorMessage().orElse(""));
      p.setProperty("performed", String.join(",", driver.performed));
      List<String> dispatching = new ArrayList<>();
      for (JournalEntry e : RunStore.directory(store).journal(result.runId())) {
        if (e.state().filter(StepState.DISPATCHING::equals).isPresent()) {
          dispatching.add(e.stepId().orElse("?"));
        }
      }
      p.setProperty("journaled", String.join(",", dispatching));
    } catch (RuntimeException e) {
      p.setProperty("status", "THREW");
      p.setProperty("message", e.toString());
    }
    try (OutputStream o = Files.newOutputStream(out)) {
      p.store(new java.io.OutputStreamWriter(o, StandardCharsets.UTF_8), null);
    }
  }

  /** Writes until the file system is full. */
  private static void fill(Path filler) {
    byte[] chunk = new byte[16 * 1024];
    try (OutputStream o = Files.newOutputStream(filler)) {
      while (true) {
        o.write(chunk);
      }
    } catch (IOException full) {
      // ENOSPC: the file system is full now
    }
    if (!Files.exists(filler)) {
      throw new UncheckedIOException(new IOException("the filler was not written"));
    }
  }
}
