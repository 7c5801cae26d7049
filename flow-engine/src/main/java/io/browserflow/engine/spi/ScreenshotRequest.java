package io.browserflow.engine.spi;

import io.browserflow.api.Target;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/** A screenshot to take: of the page or an element, saved to {@code file}, with fields to mask. */
@Value.Immutable
public interface ScreenshotRequest {
  Path file();

  Optional<Target> target();

  @Value.Default
  default boolean fullPage() {
    return false;
  }

  /** Targets painted over (e.g. fields filled with secret credentials). */
  List<Target> mask();

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link ScreenshotRequest}. */
  final class Builder extends ImmutableScreenshotRequest.Builder {}
}
