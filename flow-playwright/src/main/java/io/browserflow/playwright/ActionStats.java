package io.browserflow.playwright;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * How the driver's plain clicks and {@code change} steps were carried out since it started: on the
 * fast path (one page round trip resolving the locator and checking actionability; a click then
 * dispatched at the checked point and verified to arrive at the element, a value selected, set or
 * typed into the focused field), or handed to Playwright's own actionability waiting because the
 * fast check was inconclusive, with the reason why ({@code covered}, {@code animating},
 * {@code moved}, {@code in-frame}, {@code hidden}, {@code no-option}, {@code not-focused}, ...).
 * A snapshot; {@link #minus} gives the counts of a span.
 *
 * @see PlaywrightDriver#actionStats()
 */
public final class ActionStats {
  private final long fast;
  private final Map<String, Long> fellBack;

  private ActionStats(long fast, Map<String, Long> fellBack) {
    this.fast = fast;
    this.fellBack = Collections.unmodifiableMap(new TreeMap<>(fellBack));
  }

  /** Actions carried out on the fast path. */
  public long fast() {
    return fast;
  }

  /** Actions handed to Playwright's own waiting, in all. */
  public long fellBack() {
    return fellBack.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Actions handed to Playwright's own waiting, by reason. */
  public Map<String, Long> fallbackReasons() {
    return fellBack;
  }

  /** The counts since {@code earlier} (a snapshot of the same driver). */
  public ActionStats minus(ActionStats earlier) {
    Map<String, Long> m = new TreeMap<>(fellBack);
    earlier.fellBack.forEach((k, v) -> m.merge(k, -v, Long::sum));
    m.values().removeIf(v -> v == 0);
    return new ActionStats(fast - earlier.fast, m);
  }

  @Override
  public String toString() {
    return fast + " on the fast path, " + fellBack() + " fell back" + (fellBack.isEmpty() ? "" : " " + fellBack);
  }

  /** The live counters of one driver. */
  static final class Counter {
    private final LongAdder fast = new LongAdder();
    private final Map<String, LongAdder> fellBack = new ConcurrentHashMap<>();

    void fast() {
      fast.increment();
    }

    void fellBack(String reason) {
      fellBack.computeIfAbsent(reason, k -> new LongAdder()).increment();
    }

    ActionStats snapshot() {
      Map<String, Long> m = new TreeMap<>();
      fellBack.forEach((k, v) -> m.put(k, v.sum()));
      return new ActionStats(fast.sum(), m);
    }
  }
}
