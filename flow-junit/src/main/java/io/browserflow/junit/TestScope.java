package io.browserflow.junit;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One test invocation's browser context: opened on first use, replaced by a fresh one for each
 * retry attempt, closed when the test ends (JUnit closes the test's store). Its folder holds the
 * context's trace and downloads and the folders of the runs of the test's flows. A passing
 * attempt's trace is deleted: traces are kept for failures only.
 */
@SuppressWarnings("deprecation") // CloseableResource: still honoured when stored AutoCloseables are not closed
final class TestScope implements AutoCloseable, ExtensionContext.Store.CloseableResource {
  final ClassResources resources;
  final ExtensionContext context;
  private final Path dir;
  private int attempt = 1;
  private DriverSession session;
  private BrowserContext browserContext;
  private Page page;
  private boolean failed;
  private int viewportWidth = 1280;
  private int viewportHeight = 800;

  TestScope(ClassResources resources, ExtensionContext context, Path dir) {
    this.resources = resources;
    this.context = context;
    this.dir = dir;
  }

  synchronized DriverSession session() {
    if (session == null) {
      session = resources.driver().openSession(SessionOptions.builder().artifactsDir(attemptDir())
          .trace(resources.settings.traceOnFailure).build());
      viewportWidth = 1280;
      viewportHeight = 800;
    }
    return session;
  }

  /** The current attempt, from 1. */
  synchronized int attempt() {
    return attempt;
  }

  /** Where the current attempt's files go. */
  synchronized Path attemptDir() {
    return attempt == 1 ? dir : dir.resolve("attempt-" + attempt);
  }

  /** The trace of the current attempt's context, saved when the context closes; null when not tracing. */
  synchronized Path tracePath() {
    return resources.settings.traceOnFailure ? attemptDir().resolve("trace.zip").toAbsolutePath() : null;
  }

  synchronized ClassResources.Binding binding() {
    return new ClassResources.Binding(this, session(), attemptDir());
  }

  /** Applies a run's viewport when it differs from the context's. */
  synchronized void viewport(int width, int height) {
    if (session != null && (width != viewportWidth || height != viewportHeight)) {
      session.setViewport(width, height);
      viewportWidth = width;
      viewportHeight = height;
    }
  }

  synchronized BrowserContext browserContext() {
    if (browserContext == null) {
      BrowserContext c = PlaywrightHandles.context(session());
      resources.settings.defaultTimeoutMs.ifPresent(c::setDefaultTimeout);
      browserContext = c;
    }
    return browserContext;
  }

  /** The context's first tab, the one flows start in (alias {@code main}). */
  synchronized Page page() {
    if (page == null) {
      List<Page> pages = browserContext().pages();
      page = pages.isEmpty() ? browserContext().newPage() : pages.get(0);
    }
    return page;
  }

  synchronized void markFailed() {
    failed = true;
  }

  /** Ends the current attempt (failed) and starts the next one; its context opens on first use. */
  synchronized int nextAttempt() {
    failed = true;
    closeSession();
    attempt++;
    failed = false;
    return attempt;
  }

  private void closeSession() {
    if (session == null) {
      return;
    }
    Path attemptDir = attemptDir();
    try {
      if (!failed) {
        session.discardTrace();
      }
      session.close();
    } catch (RuntimeException e) {
      // the browser may be gone already; nothing left to release
    } finally {
      session = null;
      browserContext = null;
      page = null;
    }
    if (!failed) {
      try {
        Files.deleteIfExists(attemptDir.resolve("trace.zip"));
        deleteIfNoFiles(attemptDir);
      } catch (IOException | RuntimeException e) {
        // a leftover file in the report folder is harmless
      }
    }
  }

  private static void deleteIfNoFiles(Path root) throws IOException {
    if (!Files.isDirectory(root)) {
      return;
    }
    List<Path> all;
    try (Stream<Path> walk = Files.walk(root)) {
      all = walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList());
    }
    if (all.stream().anyMatch(Files::isRegularFile)) {
      return;
    }
    for (Path p : all) {
      Files.deleteIfExists(p);
    }
  }

  @Override
  public synchronized void close() {
    closeSession();
  }
}
