package io.browserflow.playwright;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Tracing;
import io.browserflow.engine.spi.SecretMask;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * What a session shares with its forks: the browser context (cookies, storage), the driver thread,
 * the artifacts directory, downloads, network deny mode and the trace. The owning session closes it.
 */
final class SharedContext {
  private static final System.Logger LOG = System.getLogger(SharedContext.class.getName());
  final DriverThread thread;
  final BrowserContext context;
  final Path artifacts;
  final Downloads downloads;
  final NetworkGuard guard;
  final boolean trace;
  /** The secrets of the runs using the context: painted over in screenshots, stripped from the trace. */
  private volatile SecretMask secrets;
  /** Console and page errors and failed requests of every page of the context, drained after each step. */
  final Activity activity = new Activity();
  /** When a session of this context last clicked or pressed a key (System.nanoTime); 0 before the first. */
  volatile long lastActionNanos;
  /** Answers the native dialogs of every page of the context. */
  final Dialogs dialogs = new Dialogs();
  /**
   * Opens the session a concurrent iteration runs in: a browser context of its own on a driver
   * thread of its own (set by the driver when it can start such lanes); null: forks are tabs of
   * this context on its thread.
   */
  volatile java.util.function.Function<io.browserflow.engine.spi.SessionOptions, io.browserflow.engine.spi.DriverSession> lanes;
  /** The options the context was opened with, for the lanes' sessions. */
  volatile io.browserflow.engine.spi.SessionOptions options;

  /** How the driver's clicks were carried out (fast path or Playwright's waiting), counted per driver. */
  final ActionStats.Counter actions;

  SharedContext(DriverThread thread, BrowserContext context, Path artifacts, NetworkGuard guard, boolean trace,
      SecretMask secrets, ActionStats.Counter actions) {
    this.actions = actions;
    this.thread = thread;
    this.context = context;
    this.artifacts = artifacts;
    this.downloads = new Downloads(artifacts.resolve("downloads"));
    this.guard = guard;
    this.trace = trace;
    this.secrets = secrets;
  }

  /** Set when the trace is not wanted: closing stops it without saving. */
  volatile boolean discardTrace;

  SecretMask secrets() {
    return secrets;
  }

  synchronized void addSecrets(SecretMask more) {
    secrets = secrets.and(more);
  }

  /** On the driver thread: saves the trace (when recording) and closes the context. */
  void close() {
    try {
      downloads.settle();
      if (trace && discardTrace) {
        context.tracing().stop();
      } else if (trace) {
        saveTrace(artifacts.resolve("trace.zip"));
      }
    } finally {
      context.close();
    }
  }

  /**
   * Saves the trace; with secrets, Playwright writes it to a private temporary file (in memory
   * under {@code /dev/shm} where there is one), which is read, stripped of the secrets into
   * {@code out} and deleted. A trace that cannot be cleaned is not kept.
   */
  private void saveTrace(Path out) {
    if (secrets.isEmpty()) {
      context.tracing().stop(new Tracing.StopOptions().setPath(out));
      return;
    }
    Path dir = null;
    Path raw = null;
    try {
      dir = Files.createTempDirectory(privateTemp(), "browserflow-trace-",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      raw = dir.resolve("raw.zip");
      context.tracing().stop(new Tracing.StopOptions().setPath(raw));
      TraceRedactor.redact(raw, out, secrets);
    } catch (IOException | IllegalStateException | UnsupportedOperationException e) {
      delete(out);
      LOG.log(System.Logger.Level.WARNING, "the trace was not kept: its secrets could not be stripped ({0})",
          secrets.redact(e.getMessage()));
    } finally {
      delete(raw);
      delete(dir);
    }
  }

  private static Path privateTemp() {
    Path shm = Paths.get("/dev/shm");
    return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Paths.get(System.getProperty("java.io.tmpdir"));
  }

  private static void delete(Path p) {
    if (p != null) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException ignored) {
        // a temporary file of a private directory
      }
    }
  }
}
