package io.browserflow.engine;

import io.browserflow.engine.store.JdbcRunStore;
import io.browserflow.engine.store.RunStore;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on a real PostgreSQL the test starts (initdb, pg_ctl on a free port) and stops. */
class PostgresRunStoreContractIT extends RunStoreContract {
  private static PostgresServer server;

  @TempDir
  Path dir;

  @BeforeAll
  static void startPostgres() {
    server = PostgresServer.start();
  }

  @AfterAll
  static void stopPostgres() {
    if (server != null) {
      server.close();
    }
  }

  /** Fresh tables for each test. */
  @BeforeEach
  void emptyTables() throws SQLException {
    server.emptyStoreTables();
  }

  @Override
  protected RunStore open() {
    return JdbcRunStore.builder().url(server.url()).artifactsRoot(dir).build();
  }
}
