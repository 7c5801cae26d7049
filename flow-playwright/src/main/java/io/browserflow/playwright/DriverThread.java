package io.browserflow.playwright;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Where every Playwright call of one driver runs. Playwright objects are not thread-safe and belong
 * to the thread that created their Playwright instance, while a driver must be usable from any
 * thread (sessions of concurrent runs, forks of concurrent foreach iterations). So a launched or
 * connected driver owns one thread that creates Playwright and makes every call; other threads hand
 * their calls to it (about 30 µs a call, measured). Playwright dispatches events (downloads, popups,
 * routed requests) while a call is in progress, so handlers run on that thread too.
 *
 * <p>A driver wrapping a caller's {@code Browser} cannot own its thread: its calls run on the
 * calling thread, one at a time under a lock.
 */
abstract class DriverThread {
  private static final AtomicInteger COUNTER = new AtomicInteger();

  private final AtomicInteger sessions = new AtomicInteger();

  /** A session (a run's, or a fork's) makes its calls here from now on; its close calls {@link #left()}. */
  final void joined() {
    sessions.incrementAndGet();
  }

  final void left() {
    sessions.decrementAndGet();
  }

  /**
   * Whether more than one session calls through this thread, each from its own thread: then no call
   * may hold the thread for a long wait (for an element, for a change), or one session waiting for
   * its page stalls the others past their timeouts.
   */
  final boolean shared() {
    return sessions.get() > 1;
  }

  /** Runs {@code work} where Playwright may be used and returns its result; its exceptions pass through. */
  abstract <T> T call(Supplier<T> work);

  final void run(Runnable work) {
    call(() -> {
      work.run();
      return null;
    });
  }

  /** Stops accepting work (after the current call). */
  abstract void shutdown();

  static DriverThread dedicated() {
    return new Dedicated();
  }

  static DriverThread callerThread() {
    return new CallerThread();
  }

  private static final class Dedicated extends DriverThread {
    private final ExecutorService executor;
    private volatile Thread thread;

    Dedicated() {
      int n = COUNTER.incrementAndGet();
      executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "browserflow-playwright-" + n);
        t.setDaemon(true);
        thread = t;
        return t;
      });
    }

    @Override
    <T> T call(Supplier<T> work) {
      if (Thread.currentThread() == thread) {
        return work.get();
      }
      Future<T> future;
      try {
        future = executor.submit(work::get);
      } catch (java.util.concurrent.RejectedExecutionException e) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "the Playwright driver is closed");
      }
      boolean interrupted = false;
      try {
        while (true) {
          try {
            return future.get();
          } catch (InterruptedException e) {
            // the call cannot be abandoned half-way: Playwright finishes it; remember the interrupt
            interrupted = true;
          }
        }
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException) {
          throw (RuntimeException) cause;
        }
        if (cause instanceof Error) {
          throw (Error) cause;
        }
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "browser call failed: " + cause, java.util.Map.of(), cause);
      } catch (CancellationException e) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "the Playwright driver is closed");
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }

    @Override
    void shutdown() {
      executor.shutdown();
    }
  }

  private static final class CallerThread extends DriverThread {
    private final ReentrantLock lock = new ReentrantLock();

    @Override
    <T> T call(Supplier<T> work) {
      lock.lock();
      try {
        return work.get();
      } finally {
        lock.unlock();
      }
    }

    @Override
    void shutdown() {
      // nothing owned
    }
  }
}
