package io.browserflow.engine.spi;

import java.util.OptionalInt;

/**
 * A {@link DriverSession} that can emulate network conditions: {@code emulateNetwork} steps need it
 * (checked before a run's first step, {@link DriverFeatures#check}).
 */
public interface EmulatesNetwork {

  /**
   * Emulates network conditions for this session's pages from now on, until called again:
   * {@code offline} (loads and requests fail as they do without a network; no throughput is given
   * with it), or throttling to the given download and upload throughput (bytes per second) and
   * added latency (ms), each unthrottled when empty. Neither offline nor any value is the real
   * network again. A driver that can go offline but not throttle fails a throttling call with
   * {@code UNSUPPORTED_STEP}.
   */
  void emulateNetwork(boolean offline, OptionalInt downloadBytesPerSecond, OptionalInt uploadBytesPerSecond, OptionalInt latencyMs);
}
