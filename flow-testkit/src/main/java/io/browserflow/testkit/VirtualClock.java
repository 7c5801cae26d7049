package io.browserflow.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PriorityQueue;
import java.util.function.Supplier;

/**
 * The session's virtual time, in milliseconds since the session opened. Nothing ever sleeps: page
 * timers are scheduled tasks, and a wait jumps from one scheduled change to the next (re-checking
 * in between) until what it waits for holds or its deadline is reached. Time passes only while the
 * session waits or spends a configured delay, so runs are fast and deterministic.
 */
final class VirtualClock {
  private long now;
  private long sequence;
  private final PriorityQueue<Task> queue = new PriorityQueue<>(
      (a, b) -> a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.sequence, b.sequence));

  private record Task(long at, long sequence, Object owner, Runnable action) {
  }

  long now() {
    return now;
  }

  /** Runs {@code action} {@code delayMs} from now; tasks due at the same time run in scheduling order. */
  void schedule(long delayMs, Object owner, Runnable action) {
    queue.add(new Task(now + Math.max(0, delayMs), sequence++, owner, action));
  }

  /** Drops the pending tasks of an owner (a document that was unloaded). */
  void cancel(Object owner) {
    queue.removeIf(t -> t.owner == owner);
  }

  OptionalLong nextDue() {
    return queue.isEmpty() ? OptionalLong.empty() : OptionalLong.of(queue.peek().at);
  }

  int pending() {
    return queue.size();
  }

  /** Moves time forward to {@code time}, running every task due until then, in order. */
  void advanceTo(long time) {
    while (!queue.isEmpty() && queue.peek().at <= time) {
      Task t = queue.poll();
      now = Math.max(now, t.at);
      t.action.run();
    }
    now = Math.max(now, time);
  }

  void advanceBy(long millis) {
    advanceTo(now + Math.max(0, millis));
  }

  /**
   * Probes now, then after each scheduled change up to {@code deadline}, and once more at the
   * deadline; returns the first present result (empty when the deadline passed without one).
   */
  <T> Optional<T> waitFor(long deadline, Supplier<Optional<T>> probe) {
    while (true) {
      Optional<T> r = probe.get();
      if (r.isPresent()) {
        return r;
      }
      OptionalLong next = nextDue();
      if (next.isPresent() && next.getAsLong() <= deadline) {
        advanceTo(next.getAsLong());
      } else {
        if (now >= deadline) {
          return Optional.empty();
        }
        advanceTo(deadline);
        return probe.get();
      }
    }
  }

  /** Pending task times, for diagnostics. */
  List<Long> dueTimes() {
    List<Long> out = new ArrayList<>();
    for (Task t : queue) {
      out.add(t.at);
    }
    out.sort(null);
    return out;
  }
}
