package io.browserflow.cli.differential;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * BrowserFlow's side of a differential suite, a few replays at a time: most of a replay is waiting
 * (for pages, and on a mutated page for the step timeout to run out), so one lane after another
 * spends the suite's time idle. Each lane is a thread with a resource of its own (a driver: one
 * session per driver, so no replay shares a driver's thread with another), opened on its first
 * replay and closed with the lanes.
 *
 * @param <R> what a lane replays with
 */
final class Lanes<R extends AutoCloseable> implements AutoCloseable {
  /** Replays BrowserFlow runs at a time in the differential suites. */
  static final int COUNT = 2;

  /** A replay made with a lane's resource. */
  interface Replay<R, T> {
    T run(R lane) throws Exception;
  }

  private final ExecutorService threads;
  private final ThreadLocal<R> resource;
  private final List<R> opened = new ArrayList<>();

  Lanes(int count, Supplier<R> open) {
    this.threads = Executors.newFixedThreadPool(count, r -> new Thread(r, "differential-lane"));
    this.resource = ThreadLocal.withInitial(() -> {
      R r = open.get();
      synchronized (opened) {
        opened.add(r);
      }
      return r;
    });
  }

  /** Runs every replay on the lanes; each one's result, or what stopped it, by id in the order given. */
  <T> Map<String, Attempt<T>> replay(Map<String, Replay<R, T>> replays) throws InterruptedException {
    long started = System.nanoTime();
    Map<String, Future<Attempt<T>>> running = new LinkedHashMap<>();
    replays.forEach((id, replay) -> running.put(id, threads.submit(() -> Attempt.of(() -> replay.run(resource.get())))));
    Map<String, Attempt<T>> done = new LinkedHashMap<>();
    for (Map.Entry<String, Future<Attempt<T>>> e : running.entrySet()) {
      try {
        done.put(e.getKey(), e.getValue().get());
      } catch (java.util.concurrent.ExecutionException x) {
        done.put(e.getKey(), new Attempt<>(null, x.getCause()));
      }
    }
    System.out.printf("[differential] %d BrowserFlow replays on %d lanes: %d s%n", replays.size(), COUNT,
        (System.nanoTime() - started) / 1_000_000_000L);
    return done;
  }

  @Override
  public void close() throws Exception {
    threads.shutdownNow();
    synchronized (opened) {
      for (R r : opened) {
        r.close();
      }
      opened.clear();
    }
  }
}
