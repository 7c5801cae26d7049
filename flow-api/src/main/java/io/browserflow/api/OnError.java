package io.browserflow.api;

import java.util.List;
import org.immutables.value.Value;

/**
 * What the run does when a step fails after its retries: {@code stop} the run (default),
 * {@code continue} with the next step, {@code retry} with the step's retry policy (one retry when
 * it has none), or run a {@code fallback} list of steps in place of the failed one.
 */
@Value.Immutable
public interface OnError {
  /** The reaction kinds, with their JSON spelling in lower case. */
  enum Kind {
    STOP, CONTINUE, RETRY, FALLBACK
  }

  @Value.Parameter
  Kind kind();

  /** Steps run instead of the failed step; only for {@link Kind#FALLBACK}. */
  @Value.Parameter
  List<Step> fallback();

  @Value.Check
  default void check() {
    if ((kind() == Kind.FALLBACK) == fallback().isEmpty()) {
      throw new IllegalStateException(kind() == Kind.FALLBACK
          ? "onError fallback needs at least one step" : "only onError fallback has steps");
    }
  }

  static OnError stop() {
    return ImmutableOnError.of(Kind.STOP, List.of());
  }

  static OnError continueRun() {
    return ImmutableOnError.of(Kind.CONTINUE, List.of());
  }

  static OnError retry() {
    return ImmutableOnError.of(Kind.RETRY, List.of());
  }

  static OnError fallback(List<Step> steps) {
    return ImmutableOnError.of(Kind.FALLBACK, steps);
  }
}
