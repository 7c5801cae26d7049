package io.browserflow.engine.store;

import io.browserflow.api.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Keeps nothing; used when journaling is switched off. */
final class NoRunStore implements RunStore.WithoutJournal {
  static final NoRunStore INSTANCE = new NoRunStore();

  private NoRunStore() {}

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
