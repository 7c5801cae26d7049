package io.browserflow.engine.spi;

import io.browserflow.api.Target;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.immutables.value.Value;

/**
 * How a target was resolved: the match count of every candidate (in candidate order; {@code -1}
 * for a candidate not evaluated) and the index of the winning candidate, the first that matched
 * exactly one element ({@code -1} when none did).
 */
@Value.Immutable
public interface Resolution {
  @Value.Parameter
  List<Integer> counts();

  @Value.Parameter
  int winner();

  /**
   * Elements on the live page that resemble the target, best first, when it failed or a fallback
   * won (drivers that can rank the page fill them in; none otherwise).
   */
  List<Suggestion> suggestions();

  /** This resolution with {@code suggestions}. */
  default Resolution withSuggested(List<Suggestion> suggestions) {
    return ImmutableResolution.builder().from(this).suggestions(suggestions).build();
  }

  /** True when a candidate other than the first won. */
  default boolean fallbackUsed() {
    return winner() > 0;
  }

  default boolean resolved() {
    return winner() >= 0;
  }

  /** True when no candidate won and at least one matched several elements. */
  default boolean ambiguous() {
    return !resolved() && counts().stream().anyMatch(c -> c > 1);
  }

  static Resolution of(List<Integer> counts, int winner) {
    return ImmutableResolution.of(counts, winner);
  }

  /** The winner for these counts under the strict rule: the first candidate matching exactly one. */
  static Resolution strict(List<Integer> counts) {
    int winner = IntStream.range(0, counts.size()).filter(i -> counts.get(i) == 1).findFirst().orElse(-1);
    return of(counts, winner);
  }

  /**
   * {@code css ".btn" matched 3, role button "Save" matched 0}, and the closest elements when there
   * are suggestions: {@code ; closest: role button "Go" (0.86), testId "go" (0.52)}.
   */
  default String describe(Target target) {
    String counted = IntStream.range(0, target.candidates().size())
        .mapToObj(i -> target.candidates().get(i).describe() + " matched "
            + (i < counts().size() && counts().get(i) >= 0 ? String.valueOf(counts().get(i)) : "-"))
        .collect(Collectors.joining(", "));
    return suggestions().isEmpty() ? counted
        : counted + "; closest: " + suggestions().stream().map(Suggestion::describe).collect(Collectors.joining(", "));
  }
}
