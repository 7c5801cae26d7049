package io.browserflow.playwright;

import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.testkit.PageDriverContract;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/** The SPI contract against real Chromium: one browser for the class, a fresh context per session. */
@Tag("browser")
class PlaywrightDriverContractTest extends PageDriverContract {
  private static PlaywrightDriver driver;
  private static TestServer server;

  @BeforeAll
  static void launch() {
    server = new TestServer();
    driver = PlaywrightDriver.launch();
  }

  @AfterAll
  static void shutdown() {
    if (driver != null) {
      driver.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Override
  protected DriverSession openSession(Map<String, String> pages, SessionOptions options) {
    server.serve(pages);
    return driver.openSession(options);
  }

  @Override
  protected String url(String path) {
    return server.url(path);
  }

  /** Expected failures wait one second (the suite's default is 1.5 s); fifteen of them keep the class shorter. */
  @Override
  protected Duration shortTimeout() {
    return Duration.ofSeconds(1);
  }
}
