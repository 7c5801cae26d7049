package io.browserflow.engine.store;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.engine.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Keeps nothing; used when journaling is switched off. */
final class NoRunStore implements RunStore {
  static final NoRunStore INSTANCE = new NoRunStore();

  private NoRunStore() {}

  @Override
  public void append(String runId, String flowId, JournalEntry entry, boolean durable) {}

  @Override
  public void finish(RunResult result) {}

  @Override
  public List<JournalEntry> journal(String runId) {
    return List.of();
  }

  @Override
  public Optional<RunResult> result(String runId) {
    return Optional.empty();
  }

  @Override
  public List<String> runs(String flowId) {
    return List.of();
  }

  @Override
  public List<String> unfinished() {
    return List.of();
  }

  @Override
  public Path artifactsDir(String runId, String flowId) {
    try {
      return Files.createTempDirectory("browserflow-" + runId);
    } catch (IOException e) {
      throw new RunStoreException(ErrorCode.STORE_FAILED, "cannot create a temporary artifacts directory: " + e.getMessage(),
          java.util.Map.of(), e);
    }
  }
}
