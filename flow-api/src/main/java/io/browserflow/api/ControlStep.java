package io.browserflow.api;

import java.util.List;
import org.immutables.value.Value;

/**
 * Steps of the {@link Step.Family#CONTROL} family: loops and branches, each with bodies of steps.
 * Each kind is an immutable value with a public builder; the DSL ({@link Flow#named(String)}) is the
 * usual way to make them.
 */
@Value.Enclosing
public sealed interface ControlStep extends Step {

  /**
   * Runs {@code body} once per item of {@code source}; up to {@code concurrency} iterations at once
   * (default 1), each concurrent worker in a session the driver forks (with the Playwright driver, a
   * browser context of its own starting with the run's cookies and local storage).
   */
  @Value.Immutable
  non-sealed interface Foreach extends ControlStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitForeach(this);
    }

    ForeachSource source();

    List<Step> body();

    @Value.Default
    default int concurrency() {
      return 1;
    }

    @Override
    default Kind kind() {
      return Kind.FOREACH;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Foreach}. */
    final class Builder extends ImmutableControlStep.Foreach.Builder {}
  }

  /** Runs {@code body} {@code times} times; {@code ${loop.index}} counts from 0. */
  @Value.Immutable
  non-sealed interface Repeat extends ControlStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitRepeat(this);
    }

    int times();

    List<Step> body();

    @Override
    default Kind kind() {
      return Kind.REPEAT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Repeat}. */
    final class Builder extends ImmutableControlStep.Repeat.Builder {}
  }

  /** Runs {@code then} when the condition holds, else {@code otherwise} (JSON {@code else}). */
  @Value.Immutable
  non-sealed interface If extends ControlStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitIf(this);
    }

    Condition condition();

    List<Step> then();

    List<Step> otherwise();

    @Override
    default Kind kind() {
      return Kind.IF;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link If}. */
    final class Builder extends ImmutableControlStep.If.Builder {}
  }

  /** Runs {@code body} while the condition holds, at most {@code max} times (then fails with {@code LIMIT_EXCEEDED}). */
  @Value.Immutable
  non-sealed interface While extends ControlStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitWhile(this);
    }

    Condition condition();

    List<Step> body();

    int max();

    @Override
    default Kind kind() {
      return Kind.WHILE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link While}. */
    final class Builder extends ImmutableControlStep.While.Builder {}
  }
}
