package io.browserflow.engine;

import io.browserflow.engine.store.RunStore;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on the embedded H2 store. */
class EmbeddedRunStoreContractTest extends RunStoreContract {
  @TempDir
  Path dir;

  @Override
  protected RunStore open() {
    return RunStore.embedded(dir);
  }
}
