package io.browserflow.api.validate;

import io.browserflow.api.Flow;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import java.util.List;

/**
 * Checks a flow against the model's structural rules, placeholder scoping and {@link FlowLimits},
 * reporting ALL problems at once.
 *
 * <pre>{@code
 * List<Problem> problems = FlowValidator.of(FlowLimits.defaults()).validate(flow);
 * FlowValidator.defaults().check(flow); // throws FlowValidationException listing every problem
 * }</pre>
 */
public final class FlowValidator {
  private final FlowLimits limits;

  private FlowValidator(FlowLimits limits) {
    this.limits = limits;
  }

  public static FlowValidator of(FlowLimits limits) {
    return new FlowValidator(java.util.Objects.requireNonNull(limits, "limits"));
  }

  public static FlowValidator defaults() {
    return of(FlowLimits.defaults());
  }

  public FlowLimits limits() {
    return limits;
  }

  /** Every problem of the flow, in document order; empty when the flow is valid. */
  public List<Problem> validate(Flow flow) {
    return new ValidationRun(flow, limits).run();
  }

  /** Returns the flow when it is valid, else throws {@link FlowValidationException} with every problem. */
  public Flow check(Flow flow) {
    List<Problem> problems = validate(flow);
    if (!problems.isEmpty()) {
      throw new FlowValidationException(problems);
    }
    return flow;
  }
}
