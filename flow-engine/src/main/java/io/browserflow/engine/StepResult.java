package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.engine.spi.Suggestion;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.immutables.value.Value;

/**
 * What happened to one executed step: where it is ({@link #path()}, e.g. {@code steps[2].body[0]},
 * and the loop {@link #iteration()} such as {@code 3} or {@code 1/0} for nested loops), its final
 * state, attempts, time, the winning candidate and whether a fallback candidate was used, the error
 * and the artifacts (failure screenshot), and what the page reported meanwhile (console and page
 * errors, failed requests). Messages never contain secret values.
 */
@Value.Immutable
public interface StepResult {
  String path();

  String stepId();

  /** The step's op, e.g. {@code click}. */
  String op();

  Optional<String> title();

  /** Loop indexes from the outermost loop, separated by {@code /}; empty outside loops. */
  Optional<String> iteration();

  StepState state();

  @Value.Default
  default int attempts() {
    return 1;
  }

  long tookMs();

  /** Index of the candidate that matched exactly one element. */
  OptionalInt winner();

  /** The winning candidate as written ({@code role button "Go"}, {@code testId "save"}). */
  Optional<String> locator();

  /** Milliseconds from the run's start to this step's start (for timelines). */
  OptionalLong startMs();

  /** True when a candidate other than the first won: consider promoting it. */
  @Value.Default
  default boolean fallbackUsed() {
    return false;
  }

  /** True when this step failed and its onError fallback steps ran in its place. */
  @Value.Default
  default boolean recoveredByFallback() {
    return false;
  }

  Optional<ErrorCode> errorCode();

  Optional<String> message();

  /** Candidates tried with their match counts, for target errors and fallbacks. */
  Optional<String> candidates();

  /**
   * Elements of the live page that resemble the step's target, best first, when it failed or a
   * fallback won ({@code browserflow suggest} writes them into a copy of the flow); suggestions
   * showing a secret are left out.
   */
  List<Suggestion> suggestions();

  /** URL of the page when the step finished (failed steps especially). */
  Optional<String> url();

  /** Files written for this step (screenshots, traces), as paths. */
  List<String> artifacts();

  /**
   * Console errors and warnings and page errors seen while the step ran, at most
   * {@link StepActivityLimits#MAX_CONSOLE}, secrets masked.
   */
  List<ConsoleLine> console();

  /**
   * Requests that failed or were answered 4xx/5xx while the step ran, at most
   * {@link StepActivityLimits#MAX_REQUESTS}, secrets masked.
   */
  List<RequestLine> requests();

  /** Console lines and requests seen while the step ran beyond what {@link #console()} and {@link #requests()} keep. */
  @Value.Default
  default int droppedActivity() {
    return 0;
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link StepResult}. */
  final class Builder extends ImmutableStepResult.Builder {}
}
