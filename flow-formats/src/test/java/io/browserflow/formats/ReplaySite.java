package io.browserflow.formats;

import io.browserflow.playwright.LocalSite;
import io.browserflow.playwright.PlaywrightDriver;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The site a replay test class replays recordings against, served from its test resources on a free
 * 127.0.0.1 port, and one Playwright driver: started before the class's tests, both closed after them.
 *
 * <pre>{@code
 * @RegisterExtension static final ReplaySite SITE = ReplaySite.classpath("formats/browserctl/site");
 * }</pre>
 */
final class ReplaySite implements BeforeAllCallback, AfterAllCallback {
  private final Supplier<LocalSite> serve;
  private LocalSite site;
  private PlaywrightDriver driver;

  private ReplaySite(Supplier<LocalSite> serve) {
    this.serve = serve;
  }

  /** The site under {@code root} on the test class path (read from jars as from folders). */
  static ReplaySite classpath(String root) {
    return new ReplaySite(() -> LocalSite.classpath(root, ReplaySite.class.getClassLoader(), 0));
  }

  /** The site in the test resources' folder {@code resource} (served from the file system). */
  static ReplaySite directory(String resource) {
    return new ReplaySite(() -> {
      try {
        return LocalSite.directory(Path.of(ReplaySite.class.getResource(resource).toURI()), 0);
      } catch (URISyntaxException e) {
        throw new IllegalStateException(resource, e);
      }
    });
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    site = serve.get();
    driver = PlaywrightDriver.launch();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    try {
      if (driver != null) {
        driver.close();
      }
    } finally {
      if (site != null) {
        site.close();
      }
    }
  }

  PlaywrightDriver driver() {
    return driver;
  }

  LocalSite site() {
    return site;
  }
}
