package io.browserflow.api;

import java.util.Optional;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * Steps of the {@link Step.Family#CHECK} family: waiting for and asserting conditions.
 * Each kind is an immutable value with a public builder; the DSL ({@link Flow#named(String)}) is the
 * usual way to make them.
 */
@Value.Enclosing
public sealed interface CheckStep extends Step {

  /** Waits {@code ms} milliseconds or until a condition holds (exactly one of them). Prefer conditions. */
  @Value.Immutable
  non-sealed interface Wait extends CheckStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitWait(this);
    }

    OptionalInt ms();

    Optional<Condition> until();

    @Override
    default Kind kind() {
      return Kind.WAIT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Wait}. */
    final class Builder extends ImmutableCheckStep.Wait.Builder {}
  }

  /** Fails with {@code CHECK_FAILED} unless the condition holds (waiting up to the step timeout). */
  @Value.Immutable
  non-sealed interface Assert extends CheckStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitAssert(this);
    }

    Condition condition();

    @Override
    default Kind kind() {
      return Kind.ASSERT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Assert}. */
    final class Builder extends ImmutableCheckStep.Assert.Builder {}
  }
}
