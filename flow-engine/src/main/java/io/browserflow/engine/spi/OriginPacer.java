package io.browserflow.engine.spi;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Spaces the requests of concurrent foreach iterations per origin: each request to an origin waits
 * until at least {@link #interval()} after the previous one to that origin (from any iteration of
 * any run of the engine) was let through. Drivers call {@link #await(String)} before sending a
 * request of an iteration's session; see {@link DriverSession#pace(OriginPacer)}.
 */
public final class OriginPacer {
  private static final OriginPacer NONE = new OriginPacer(Duration.ZERO);

  private final Duration interval;
  private final Map<String, Long> next = new HashMap<>(); // guarded by itself

  private OriginPacer(Duration interval) {
    this.interval = interval;
  }

  /** A pacer that lets requests to one origin through at least {@code interval} apart. */
  public static OriginPacer every(Duration interval) {
    Objects.requireNonNull(interval, "interval");
    if (interval.isNegative()) {
      throw new IllegalArgumentException("the interval between requests to one origin must not be negative, was " + interval);
    }
    return interval.isZero() ? NONE : new OriginPacer(interval);
  }

  /** No spacing. */
  public static OriginPacer none() {
    return NONE;
  }

  public Duration interval() {
    return interval;
  }

  public boolean paces() {
    return !interval.isZero();
  }

  /** Waits until a request to {@code url}'s origin may go; returns at once for URLs without one (data:, about:). */
  public void await(String url) throws InterruptedException {
    if (!paces()) {
      return;
    }
    String origin = origin(url);
    if (origin == null) {
      return;
    }
    long waitNanos;
    synchronized (next) {
      long now = System.nanoTime();
      long slot = Math.max(now, next.getOrDefault(origin, now));
      next.put(origin, slot + interval.toNanos());
      waitNanos = slot - now;
    }
    if (waitNanos > 0) {
      Thread.sleep(waitNanos / 1_000_000, (int) (waitNanos % 1_000_000));
    }
  }

  private static String origin(String url) {
    try {
      URI u = URI.create(url);
      if (u.getScheme() == null || u.getHost() == null) {
        return null;
      }
      return u.getScheme() + "://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
