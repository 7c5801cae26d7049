package io.browserflow.engine;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@link PostgresServer} for a test class, registered as a static {@code @RegisterExtension}
 * field: started before the class's first test, stopped after its last, with fresh store tables for
 * each test.
 */
final class PostgresPerClass implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback {
  private PostgresServer server;

  PostgresServer server() {
    return server;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    server = PostgresServer.start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (server != null) {
      server.close();
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) throws java.sql.SQLException {
    server.emptyStoreTables();
  }
}
