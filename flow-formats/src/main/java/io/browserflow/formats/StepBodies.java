package io.browserflow.formats;

import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import java.util.List;

/** The step lists a step holds (then and else, loop and paginate bodies), in order; none for the others. Fallbacks are not bodies. */
final class StepBodies implements StepFamilyVisitor<List<List<Step>>> {
  static final StepBodies VISITOR = new StepBodies();

  private StepBodies() {}

  // steps with bodies
  @Override public List<List<Step>> visitPaginate(DataStep.Paginate s) { return List.of(s.body()); }
  @Override public List<List<Step>> visitForeach(ControlStep.Foreach s) { return List.of(s.body()); }
  @Override public List<List<Step>> visitRepeat(ControlStep.Repeat s) { return List.of(s.body()); }
  @Override public List<List<Step>> visitIf(ControlStep.If s) { return List.of(s.then(), s.otherwise()); }
  @Override public List<List<Step>> visitWhile(ControlStep.While s) { return List.of(s.body()); }

  // steps without a body
  @Override public List<List<Step>> visitStep(Step step) { return List.of(); }
}
