package io.browserflow.engine.spi;

import io.browserflow.api.Candidate;
import java.util.List;
import java.util.Locale;
import org.immutables.value.Value;

/**
 * An element on the live page that resembles what a target's candidates describe, found when the
 * target failed or fell back: ready candidates for it, best first, and how close it is (0 to 1).
 * Never used to act: replay stays strict; a person (or {@code browserflow suggest}) decides.
 */
@Value.Immutable
public interface Suggestion {
  /** Candidates that match the element exactly once on that page, best first. */
  List<Candidate> candidates();

  /** Similarity to the target's candidates, from 0 (nothing in common) to 1. */
  double score();

  /** {@code role button "Go" (0.86)}. */
  default String describe() {
    return candidates().isEmpty() ? String.format(Locale.ROOT, "an element (%.2f)", score())
        : String.format(Locale.ROOT, "%s (%.2f)", Suggestions.describe(candidates().get(0)), score());
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link Suggestion}. */
  final class Builder extends ImmutableSuggestion.Builder {}
}
