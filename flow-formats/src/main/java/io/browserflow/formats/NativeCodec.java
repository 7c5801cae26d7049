package io.browserflow.formats;

import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.json.FlowJson;
import java.util.List;

/** BrowserFlow's own {@code browserflow/1} JSON. */
final class NativeCodec extends JsonCodec {
  NativeCodec() {
    super(Format.FLOW, o -> o.path("schema").asText("").startsWith("browserflow/"));
  }

  @Override
  public Conversion<Flow> read(String content, String origin) {
    Flow flow = FlowJson.read(content);
    int n = count(flow.steps());
    return Conversion.of(Format.FLOW, Format.FLOW, flow, n, n, List.of());
  }

  @Override
  public Conversion<String> write(Flow flow) {
    int n = count(flow.steps());
    return Conversion.of(Format.FLOW, Format.FLOW, FlowJson.write(flow), n, n, List.of());
  }

  /** Steps including nested bodies and fallbacks. */
  static int count(List<Step> steps) {
    int n = 0;
    for (Step s : steps) {
      n += 1 + s.accept(NESTED);
    }
    return n;
  }

  /** The number of steps in a step's bodies. */
  private static final StepVisitor<Integer> NESTED = new StepFamilyVisitor<>() {
    // steps with bodies
    @Override
    public Integer visitPaginate(DataStep.Paginate step) {
      return count(step.body());
    }

    @Override
    public Integer visitForeach(ControlStep.Foreach step) {
      return count(step.body());
    }

    @Override
    public Integer visitRepeat(ControlStep.Repeat step) {
      return count(step.body());
    }

    @Override
    public Integer visitIf(ControlStep.If step) {
      return count(step.then()) + count(step.otherwise());
    }

    @Override
    public Integer visitWhile(ControlStep.While step) {
      return count(step.body());
    }

    // steps without a body
    @Override public Integer visitStep(Step step) { return 0; }
  };
}
