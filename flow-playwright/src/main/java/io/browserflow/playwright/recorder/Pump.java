package io.browserflow.playwright.recorder;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.TimeoutError;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The thread that owns a launched recording's Playwright: runs requested work, and between requests
 * waits inside Playwright so the page's events reach Java (they are delivered only while the owning
 * thread is in a Playwright call).
 */
final class Pump {
  private final LinkedBlockingQueue<FutureTask<?>> tasks = new LinkedBlockingQueue<>();
  private final Thread thread;
  private volatile BrowserContext context;
  private volatile boolean done;
  private volatile Runnable idle = () -> {};

  Pump() {
    thread = new Thread(this::loop, "browserflow-recorder");
    thread.setDaemon(true);
    thread.start();
  }

  /** From now on, waits for events inside {@code context}; {@code idle} runs after each wait. */
  void pumpWith(BrowserContext context, Runnable idle) {
    this.context = context;
    this.idle = idle;
  }

  boolean onPumpThread() {
    return Thread.currentThread() == thread;
  }

  <T> T call(Supplier<T> work) {
    if (onPumpThread()) {
      return work.get();
    }
    if (done) {
      throw new IllegalStateException("the recording's browser is closed");
    }
    FutureTask<T> task = new FutureTask<>(work::get);
    tasks.add(task);
    try {
      while (true) {
        try {
          return task.get(200, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          if (done && !thread.isAlive() && !task.isDone()) {
            throw new IllegalStateException("the recording's browser is closed");
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the recording's browser", e);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof RuntimeException) {
        throw (RuntimeException) c;
      }
      if (c instanceof Error) {
        throw (Error) c;
      }
      throw new IllegalStateException(c);
    }
  }

  void shutdown() {
    done = true;
  }

  private void loop() {
    while (!done) {
      FutureTask<?> task = tasks.poll();
      if (task != null) {
        task.run();
        continue;
      }
      BrowserContext c = context;
      if (c == null) {
        try {
          task = tasks.poll(50, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          return;
        }
        if (task != null) {
          task.run();
        }
        continue;
      }
      try {
        c.waitForCondition(() -> done || !tasks.isEmpty(), new BrowserContext.WaitForConditionOptions().setTimeout(150));
      } catch (TimeoutError e) {
        // nothing happened; look for work
      } catch (PlaywrightException e) {
        context = null; // the browser is gone; idle decides what that means
      } catch (RuntimeException e) {
        // a callback failed while Playwright delivered events: the pump must live on
      }
      try {
        idle.run();
      } catch (RuntimeException e) {
        // same: never lose the thread every later call depends on
      }
    }
    FutureTask<?> left;
    while ((left = tasks.poll()) != null) {
      left.cancel(false);
    }
  }
}
