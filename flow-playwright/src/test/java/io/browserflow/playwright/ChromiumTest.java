package io.browserflow.playwright;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Base of the browser tests: one Chromium for the test class (launched before, closed after; a
 * missing browser fails every test with the driver's install hint), a page server on 127.0.0.1, and
 * sessions closed after each test. Public (test code only) for the recorder's tests, which replay
 * their drafts on this driver.
 */
@Tag("browser")
public abstract class ChromiumTest {
  static final Duration TIMEOUT = Duration.ofSeconds(5);
  static final Duration SHORT = Duration.ofMillis(1000);

  protected static PlaywrightDriver driver;
  protected static TestServer server;

  @TempDir
  protected Path tempDir;

  private final List<DriverSession> sessions = new ArrayList<>();
  private final List<TestServer> otherOrigins = new ArrayList<>();

  @BeforeAll
  static void launchBrowser() {
    server = new TestServer();
    driver = PlaywrightDriver.launch();
  }

  @AfterAll
  static void closeBrowser() {
    if (driver != null) {
      driver.close();
      driver = null;
    }
    if (server != null) {
      server.close();
      server = null;
    }
  }

  @AfterEach
  void closeSessions() {
    sessions.forEach(DriverSession::close);
    sessions.clear();
    otherOrigins.forEach(TestServer::close);
    otherOrigins.clear();
  }

  /** A second page server on 127.0.0.1 (another origin), serving {@code /api}; closed after the test. */
  TestServer otherOriginServer() {
    TestServer other = new TestServer();
    otherOrigins.add(other);
    other.page("/api", "{}");
    return other;
  }

  PlaywrightSession session(SessionOptions options) {
    PlaywrightSession s = (PlaywrightSession) driver.openSession(options);
    sessions.add(s);
    return s;
  }

  PlaywrightSession session() {
    return session(SessionOptions.builder().artifactsDir(tempDir.resolve("artifacts")).build());
  }

  /** A session showing {@code body} at {@code path}. */
  PlaywrightSession showing(String path, String body) {
    server.page(path, page("Test", body));
    PlaywrightSession s = session();
    s.open(server.url(path), TIMEOUT);
    return s;
  }

  public static String page(String title, String body) {
    return "<!doctype html><html><head><meta charset=\"utf-8\"><title>" + title + "</title></head><body>"
        + body + "</body></html>";
  }

  static Target css(String css) {
    return Target.of(Candidate.css(css));
  }

  /** Waits until the element {@code css} selects shows exactly {@code text}. */
  static void awaitText(DriverSession s, String css, String text) {
    s.await(Condition.Text.of(css(css), text, Condition.Match.EQUALS), TIMEOUT);
  }
}
