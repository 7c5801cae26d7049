package io.browserflow.api.validate;

import io.browserflow.api.Flow;
import io.browserflow.api.Problem;
import java.util.ArrayList;
import java.util.List;

/** One validation pass over one flow; collects problems in document order. */
final class ValidationRun {
  private final Flow flow;
  private final FlowLimits limits;
  private final List<Problem> problems = new ArrayList<>();

  ValidationRun(Flow flow, FlowLimits limits) {
    this.flow = flow;
    this.limits = limits;
  }

  List<Problem> run() {
    // TODO(validation helper): implement every rule
    return problems;
  }
}
