package io.browserflow.playwright;

import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.testkit.PageDriverContract;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * The SPI contract against real Chromium: one browser for the class, a fresh context per session.
 * The build runs it twice: with the fast click and change paths (the default) and without
 * ({@code -Dbrowserflow.fastActions=false}).
 */
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
      ActionStats stats = driver.actionStats();
      driver.close();
      if ("false".equals(System.getProperty("browserflow.fastActions"))) {
        // the run with the fast paths off (see the pom): none was taken, none was even tried
        org.assertj.core.api.Assertions.assertThat(stats.fast() + stats.fellBack()).as(stats.toString()).isZero();
      }
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
