package io.browserflow.engine.spi;

/**
 * A source of browser sessions: one browser, a fresh isolated session (context) per run.
 *
 * <p>Drivers are found with {@link java.util.ServiceLoader} (through {@link PageDriverProvider}) or
 * passed to the engine's builder. A driver is thread-safe; its sessions are not (the engine uses a
 * session from one thread at a time).
 *
 * <pre>{@code
 * try (PageDriver driver = PlaywrightDriver.launch(options);
 *      DriverSession session = driver.openSession(SessionOptions.defaults())) {
 *   session.open("http://127.0.0.1:8080/", Duration.ofSeconds(10));
 * }
 * }</pre>
 */
public interface PageDriver extends AutoCloseable {
  /** A short name for reports, e.g. {@code playwright-chromium} or {@code in-memory}. */
  String name();

  /**
   * What the driver runs flows in, for an approval to pin (seed 003's environment): at least
   * {@code browser} and {@code browserVersion}. By default the driver's name, version unknown.
   */
  default java.util.Map<String, String> environment() {
    return java.util.Map.of("browser", name(), "browserVersion", "unknown");
  }

  /** Opens a fresh, isolated session (cookies, storage, tabs) with one tab bound to alias {@code main}. */
  DriverSession openSession(SessionOptions options);

  /** Releases the browser; open sessions become unusable. */
  @Override
  void close();
}
