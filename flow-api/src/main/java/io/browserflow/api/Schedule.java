package io.browserflow.api;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * When a scheduler starts NEW runs of a flow: every N minutes, on a 5-field cron expression, or
 * once at an instant (exactly one of the three), with the given inputs; a disabled schedule is
 * kept but never fires. A firing never resumes an earlier run.
 */
@Value.Immutable
public interface Schedule {
  OptionalInt everyMinutes();

  Optional<String> cron();

  /** One firing at this ISO-8601 instant ({@code 2026-12-24T08:00:00Z}); a scheduler that was down then fires it when it starts. */
  Optional<String> at();

  /** A disabled schedule never fires until enabled again. */
  @Value.Default
  default boolean enabled() {
    return true;
  }

  /** Inputs for each scheduled run. */
  Map<String, String> input();

  static Schedule everyMinutes(int minutes) {
    return builder().everyMinutes(minutes).build();
  }

  static Schedule cron(String expression) {
    return builder().cron(expression).build();
  }

  /** Once, at an instant. */
  static Schedule once(java.time.Instant at) {
    return builder().at(at.toString()).build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link Schedule}. */
  final class Builder extends ImmutableSchedule.Builder {}
}
