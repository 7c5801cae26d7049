package io.browserflow.playwright;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * How {@link PlaywrightDriver#launch(LaunchOptions)} starts Chromium.
 *
 * <pre>{@code
 * LaunchOptions options = LaunchOptions.builder()
 *     .headless(false)                                  // watch it run
 *     .executablePath(Path.of("/opt/chromium/chrome"))  // else BROWSERFLOW_CHROMIUM, /usr/bin/chromium, Chrome, ...
 *     .slowMo(Duration.ofMillis(100))                   // pause after every browser operation
 *     .addArgs("--lang=de-DE")
 *     .build();
 * }</pre>
 *
 * <p>Defaults: headless, the browser found by the search order of {@link PlaywrightDriver#launch(LaunchOptions)},
 * no slow motion, no extra arguments, no trace, a 30-second launch timeout. Invalid settings
 * (negative slow motion, a non-positive launch timeout, a blank argument) fail in {@code build()}
 * with an {@link IllegalStateException} naming the setting.
 */
@Value.Immutable
public interface LaunchOptions {
  /** Run without a window (default {@code true}). */
  @Value.Default
  default boolean headless() {
    return true;
  }

  /** The Chromium or Chrome executable to start; when empty the driver searches the machine. */
  Optional<Path> executablePath();

  /** A pause after every browser operation, to watch a run (default zero). */
  @Value.Default
  default Duration slowMo() {
    return Duration.ZERO;
  }

  /** Extra command-line switches for the browser, e.g. {@code --lang=de-DE}. */
  List<String> args();

  /**
   * Record a Playwright trace in every session, as if each {@code SessionOptions.trace()} were true
   * (saved as {@code trace.zip} in the session's artifacts directory when it closes).
   */
  @Value.Default
  default boolean trace() {
    return false;
  }

  /**
   * Run Chromium in its own sandbox (default {@code false}, Playwright's default). Renderers then run
   * under a seccomp filter in a user namespace of their own, so a page that finds a flaw in the
   * renderer is still held. Chromium refuses its sandbox when started by root: launching with it
   * as root fails with {@code ACTION_FAILED} before the browser starts, naming the ways out (run as
   * another user, or accept an unsandboxed browser).
   */
  @Value.Default
  default boolean sandbox() {
    return false;
  }

  /**
   * Keep the browser's own traffic inside the run's network policy (default {@code false}): WebRTC
   * may use proxied connections only (no UDP to addresses the policy never sees) and DNS prefetching
   * is off. Approved replays ({@code run --require-approval}, {@code mcp}) launch confined and sandboxed.
   */
  @Value.Default
  default boolean confined() {
    return false;
  }

  /** How long starting the browser may take (default 30 seconds). */
  @Value.Default
  default Duration launchTimeout() {
    return Duration.ofSeconds(30);
  }

  @Value.Check
  default void check() {
    if (slowMo().isNegative()) {
      throw new IllegalStateException("slowMo must not be negative, not " + slowMo());
    }
    if (launchTimeout().isNegative() || launchTimeout().isZero()) {
      throw new IllegalStateException("launchTimeout must be positive, not " + launchTimeout());
    }
    for (String arg : args()) {
      if (arg.isBlank()) {
        throw new IllegalStateException("args must not contain a blank argument");
      }
    }
  }

  /** Headless, browser found on the machine, no extras. */
  static LaunchOptions defaults() {
    return builder().build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link LaunchOptions}. */
  final class Builder extends ImmutableLaunchOptions.Builder {}
}
