package io.browserflow.engine.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * Settings of one session: viewport, where artifacts go, and network deny mode (requests and
 * WebSockets to origins outside {@link #allowedOrigins()} are blocked and reported as
 * {@code NETWORK_ATTEMPT}).
 */
@Value.Immutable
public interface SessionOptions {
  @Value.Default
  default int viewportWidth() {
    return 1280;
  }

  @Value.Default
  default int viewportHeight() {
    return 800;
  }

  /** Directory for screenshots, downloads and traces; a temporary directory when empty. */
  Optional<Path> artifactsDir();

  /** Block every request outside {@link #allowedOrigins()}. */
  @Value.Default
  default boolean denyNetwork() {
    return false;
  }

  /** Origins ({@code scheme://host[:port]}) reachable in deny mode. */
  List<String> allowedOrigins();

  /** Record a trace, saved as {@code trace.zip} in the artifacts directory when the session closes. */
  @Value.Default
  default boolean trace() {
    return false;
  }

  /**
   * Whether a {@link #trace()} also films the page (screencast frames in the trace viewer's
   * timeline). Frames cost a few milliseconds per action and are never taken when the session has
   * {@link #secrets()}: text search cannot clean a picture. The engine films only
   * {@code TraceMode.ALWAYS} runs; {@code ON_FAILURE} traces keep actions, DOM snapshots and network.
   */
  @Value.Default
  default boolean traceScreenshots() {
    return true;
  }

  /**
   * The run's secrets: what screenshots paint over (every element whose text, value or attributes
   * hold one) and what a trace is stripped of before it is written. Never printed.
   */
  @Value.Default
  @Value.Auxiliary
  default SecretMask secrets() {
    return SecretMask.none();
  }

  /**
   * Cookies and local storage the session starts with (a signed-in state another session handed
   * over, see {@code SignIn}); none by default. In memory only, never printed.
   */
  @Value.Auxiliary
  Optional<StorageState> storageState();

  static SessionOptions defaults() {
    return builder().build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link SessionOptions}. */
  final class Builder extends ImmutableSessionOptions.Builder {}
}
