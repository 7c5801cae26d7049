package io.browserflow.playwright;

import com.microsoft.playwright.impl.driver.Driver;
import com.microsoft.playwright.impl.driver.jar.DriverJar;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Keeps Playwright's Node driver unpacked in a cache directory keyed by version, so that each JVM
 * does not unpack it again into a temporary directory. Measured on the 2-core reference machine, a
 * fresh JVM's {@code PlaywrightDriver.launch()} (Playwright's driver plus Chromium) takes 2.0–2.1 s
 * unpacking and 1.2–1.3 s from the cache; unpacking into the cache once costs about 1 s.
 *
 * <p>Playwright reads the driver location from the {@code playwright.cli.dir} system property or the
 * {@code PLAYWRIGHT_DRIVER_DIR} environment variable; when neither is set, this sets the property to
 * {@code <cache>/browserflow/playwright-driver/<version>-<os>-<arch>} after unpacking there once
 * (into a temporary sibling renamed atomically, so concurrent JVMs never see a half-written driver).
 * {@code -Dbrowserflow.playwright.driverCache=false} turns it off; {@code BROWSERFLOW_DRIVER_CACHE}
 * or {@code -Dbrowserflow.playwright.driverCacheDir} choose another cache root. Any failure leaves
 * Playwright's own behaviour in place.
 */
final class DriverCache {
  static final String MARKER = ".browserflow-complete";

  private DriverCache() {}

  /** Points Playwright at the cached driver, unpacking it first when needed; does nothing when disabled or already configured. */
  static synchronized void install() {
    if ("false".equalsIgnoreCase(System.getProperty("browserflow.playwright.driverCache"))
        || System.getProperty("playwright.cli.dir") != null || System.getenv("PLAYWRIGHT_DRIVER_DIR") != null) {
      return;
    }
    try {
      Optional<Path> root = cacheRoot();
      if (root.isEmpty()) {
        return;
      }
      Path dir = root.get().resolve(key());
      if (!Files.exists(dir.resolve(MARKER))) {
        unpack(dir);
      }
      if (Files.exists(dir.resolve(MARKER))) {
        System.setProperty("playwright.cli.dir", dir.toString());
      }
    } catch (IOException | RuntimeException | java.net.URISyntaxException | LinkageError e) {
      // the cache is an optimisation: Playwright unpacks to a temporary directory as usual
    }
  }

  private static void unpack(Path dir) throws IOException, java.net.URISyntaxException {
    Files.createDirectories(dir.getParent());
    Path tmp = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".tmp-");
    try {
      DriverJar.installDriverTo(tmp);
      Files.writeString(tmp.resolve(MARKER), key() + "\n");
      try {
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
        // another JVM won the race (or the file system cannot rename atomically): use what is there
      } catch (IOException e) {
        if (!Files.exists(dir.resolve(MARKER))) {
          throw e;
        }
      }
    } finally {
      deleteTree(tmp);
    }
  }

  static String key() {
    String version = Driver.class.getPackage().getImplementationVersion();
    if (version == null) {
      version = "unknown";
    }
    String os = System.getProperty("os.name", "os").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
    String arch = System.getProperty("os.arch", "arch").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "");
    return version + "-" + os + "-" + arch;
  }

  static Optional<Path> cacheRoot() {
    String configured = System.getProperty("browserflow.playwright.driverCacheDir", System.getenv("BROWSERFLOW_DRIVER_CACHE"));
    if (configured != null && !configured.isBlank()) {
      return Optional.of(Path.of(configured));
    }
    String home = System.getProperty("user.home");
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    Path base;
    if (os.contains("win")) {
      String local = System.getenv("LOCALAPPDATA");
      base = local != null ? Path.of(local) : home == null ? null : Path.of(home, "AppData", "Local");
    } else if (os.contains("mac")) {
      base = home == null ? null : Path.of(home, "Library", "Caches");
    } else {
      String xdg = System.getenv("XDG_CACHE_HOME");
      base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : home == null ? null : Path.of(home, ".cache");
    }
    return Optional.ofNullable(base).map(b -> b.resolve("browserflow").resolve("playwright-driver"));
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException ignored) {
          // best effort
        }
      });
    } catch (IOException ignored) {
      // best effort
    }
  }
}
