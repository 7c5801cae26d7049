package io.browserflow.engine.spi;

import io.browserflow.engine.ConsoleLine;
import io.browserflow.engine.RequestLine;
import java.util.List;
import org.immutables.value.Value;

/**
 * What the pages of a session reported since the engine last asked
 * ({@link DriverSession#drainActivity()}): console errors and warnings, page errors, and failed or
 * 4xx/5xx requests, in the order seen, as the browser gave them (the engine masks secrets and cuts
 * long texts). A driver keeps at most {@code StepActivityLimits.MAX_CONSOLE} and
 * {@code MAX_REQUESTS} of them between two calls and counts the rest in {@link #dropped()}.
 */
@Value.Immutable
public interface PageActivity {
  List<ConsoleLine> console();

  List<RequestLine> requests();

  /** Lines seen but not kept. */
  @Value.Default
  default int dropped() {
    return 0;
  }

  static PageActivity none() {
    return builder().build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link PageActivity}. */
  final class Builder extends ImmutablePageActivity.Builder {}
}
