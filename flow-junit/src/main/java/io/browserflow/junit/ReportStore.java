package io.browserflow.junit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.store.RunStore;
import io.browserflow.engine.store.RunStoreException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Keeps each run's artifacts and {@code result.json} under the report folder: in the folder of the
 * test that ran it (runs of a {@link FlowRunner}), or in {@code <class>/runs/} (runs of the
 * injected engine). No journal: a test run is not resumed, and skipping the fsync keeps runs fast.
 */
final class ReportStore implements RunStore.WithoutJournal {
  private final Path classDir;
  private final Supplier<Path> boundDir; // the running test's folder on this thread, or null
  private final Map<String, Path> runDirs = new ConcurrentHashMap<>();

  ReportStore(Path classDir, Supplier<Path> boundDir) {
    this.classDir = classDir;
    this.boundDir = boundDir;
  }

  @Override
  public void finish(RunResult result) {
    Path dir = runDirs.remove(result.runId());
    if (dir == null) {
      return;
    }
    try {
      Files.writeString(dir.resolve("result.json"), result.toJson(), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      // the result is returned to the test anyway; the file is a convenience
    }
  }

  @Override
  public Path artifactsDir(String runId, String flowId) {
    Path bound = boundDir.get();
    Path dir = (bound != null ? bound : classDir.resolve("runs")).resolve(Names.safe(flowId) + "-" + runId);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new RunStoreException(ErrorCode.STORE_FAILED, "cannot create the report folder " + dir + ": " + e.getMessage(),
          Map.of(FlowException.Details.PATH, dir.toString()), e);
    }
    runDirs.put(runId, dir);
    return dir;
  }

  /** Where the result of a run was written. */
}
