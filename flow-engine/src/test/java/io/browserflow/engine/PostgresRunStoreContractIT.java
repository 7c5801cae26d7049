package io.browserflow.engine;

import io.browserflow.engine.store.JdbcRunStore;
import io.browserflow.engine.store.RunStore;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on a real PostgreSQL the test starts (initdb, pg_ctl on a free port) and stops. */
class PostgresRunStoreContractIT extends RunStoreContract {
  @RegisterExtension
  static final PostgresPerClass POSTGRES = new PostgresPerClass();

  @TempDir
  Path dir;

  @Override
  protected RunStore open() {
    return JdbcRunStore.builder().url(POSTGRES.server().url()).artifactsRoot(dir).build();
  }
}
