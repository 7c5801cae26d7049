package io.browserflow.playwright;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Tracing;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a session shares with its forks: the browser context (cookies, storage), the driver thread,
 * the artifacts directory, downloads, network deny mode and the trace. The owning session closes it.
 */
final class SharedContext {
  final DriverThread thread;
  final BrowserContext context;
  final Path artifacts;
  final Downloads downloads;
  final NetworkGuard guard;
  final boolean trace;
  /** Answers the native dialogs of every page of the context. */
  final Dialogs dialogs = new Dialogs();
  /** Sessions (the owner and its open forks) using the context; above one, long blocking browser calls are avoided. */
  final AtomicInteger users = new AtomicInteger(1);

  SharedContext(DriverThread thread, BrowserContext context, Path artifacts, NetworkGuard guard, boolean trace) {
    this.thread = thread;
    this.context = context;
    this.artifacts = artifacts;
    this.downloads = new Downloads(artifacts.resolve("downloads"));
    this.guard = guard;
    this.trace = trace;
  }

  /** On the driver thread: saves the trace (when recording) and closes the context. */
  void close() {
    try {
      downloads.settle();
      if (trace) {
        context.tracing().stop(new Tracing.StopOptions().setPath(artifacts.resolve("trace.zip")));
      }
    } finally {
      context.close();
    }
  }
}
