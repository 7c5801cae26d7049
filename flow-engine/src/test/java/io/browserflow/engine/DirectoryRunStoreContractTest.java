package io.browserflow.engine;

import io.browserflow.engine.store.RunStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on the directory store. */
class DirectoryRunStoreContractTest extends RunStoreContract {
  @TempDir
  Path dir;

  @Override
  protected RunStore open() {
    return RunStore.directory(dir);
  }
}
