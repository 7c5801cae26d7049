package io.browserflow.api;

import java.util.Objects;
import java.util.Optional;

/**
 * A step or a condition narrowed to one kind, for code that asks about a single kind: the http step
 * a reference points at, whether a condition is a variable test. Whether a step is of a kind is its
 * {@link Step#kind()} (a fact, no narrowing needed). Code that treats every kind goes through
 * {@link StepVisitor} and {@link ConditionVisitor}, where a new kind fails to compile until each
 * place handles it.
 *
 * <pre>{@code
 * Optional<ExternalStep.Http> http = Kinds.as(step, ExternalStep.Http.class);
 * boolean urlCheck = Kinds.is(condition, Condition.Url.class);
 * }</pre>
 */
public final class Kinds {
  private Kinds() {}

  /** {@code step} as a {@code kind}, or empty when it is another kind. */
  public static <T extends Step> Optional<T> as(Step step, Class<T> kind) {
    Objects.requireNonNull(kind, "kind");
    return kind.isInstance(step) ? Optional.of(kind.cast(step)) : Optional.empty();
  }

  /** {@code condition} as a {@code kind}, or empty when it is another kind. */
  public static <T extends Condition> Optional<T> as(Condition condition, Class<T> kind) {
    Objects.requireNonNull(kind, "kind");
    return kind.isInstance(condition) ? Optional.of(kind.cast(condition)) : Optional.empty();
  }

  /** Whether {@code condition} is a {@code kind}. */
  public static boolean is(Condition condition, Class<? extends Condition> kind) {
    return kind.isInstance(condition);
  }
}
