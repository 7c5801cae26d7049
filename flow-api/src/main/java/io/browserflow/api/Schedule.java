package io.browserflow.api;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * When a scheduler starts NEW runs of a flow: every N minutes or on a 5-field cron expression
 * (exactly one), with the given inputs. A firing never resumes an earlier run.
 */
@Value.Immutable
public interface Schedule {
  OptionalInt everyMinutes();

  Optional<String> cron();

  /** Inputs for each scheduled run. */
  Map<String, String> input();

  static Schedule everyMinutes(int minutes) {
    return builder().everyMinutes(minutes).build();
  }

  static Schedule cron(String expression) {
    return builder().cron(expression).build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link Schedule}. */
  final class Builder extends ImmutableSchedule.Builder {}
}
