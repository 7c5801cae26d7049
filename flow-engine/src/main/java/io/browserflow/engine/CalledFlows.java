package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.api.validate.FlowValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The flows a run calls, resolved before its first step: subflows of the top-level flow first, then
 * the engine's {@link FlowLibrary}. A library flow is validated like any flow; a circle of calls
 * is refused; the steps of called flows count towards {@code maxSteps} once per call, and calls
 * towards {@code maxNestingDepth}.
 */
final class CalledFlows {
  private final Flow top;
  private final FlowLibrary library;
  private final FlowLimits limits;
  private final Map<String, Flow> resolved = new LinkedHashMap<>();

  CalledFlows(Flow top, FlowLibrary library, FlowLimits limits) {
    this.top = top;
    this.library = library;
    this.limits = limits;
  }

  /** Every flow the run may call, by id; throws when one cannot be found, is invalid, or the calls exceed a limit. */
  Map<String, Flow> resolve() {
    long steps = count(top, new ArrayList<>(List.of(top.id())), 0);
    if (steps > limits.maxSteps()) {
      throw new FlowRunException(ErrorCode.LIMIT_EXCEEDED, "with its calls the flow runs up to " + steps
          + " steps, more than the limit of " + limits.maxSteps() + " (FlowLimits.maxSteps counts called steps once per call)",
          Map.of(FlowException.Details.ACTUAL, String.valueOf(steps), FlowException.Details.ALLOWED, String.valueOf(limits.maxSteps())));
    }
    return resolved;
  }

  /** Steps of {@code flow} with those of the flows it calls; {@code way} holds the callers, {@code depth} the calls so far. */
  private long count(Flow flow, List<String> way, int depth) {
    long n = 0;
    List<List<Step>> lists = new ArrayList<>(List.of(flow.steps()));
    while (!lists.isEmpty()) {
      for (Step s : lists.remove(lists.size() - 1)) {
        n++;
        lists.addAll(Walk.children(s));
        Optional<ExternalStep.Call> call = Walk.asCall(s);
        if (call.isPresent()) {
          n += callee(call.get().flow(), s, way, depth + 1);
        }
      }
    }
    return n;
  }

  private long callee(String id, Step call, List<String> way, int depth) {
    if (way.contains(id)) {
      List<String> circle = new ArrayList<>(way.subList(way.indexOf(id), way.size()));
      circle.add(id);
      throw new FlowRunException(ErrorCode.INVALID_FLOW, "step " + call.id() + " closes a circle of flows calling each other ("
          + String.join(" → ", circle) + "): a flow may not call itself, directly or through others");
    }
    if (depth > limits.maxNestingDepth()) {
      throw new FlowRunException(ErrorCode.LIMIT_EXCEEDED, "step " + call.id() + " calls " + id + " " + depth
          + " calls deep, more than the limit of " + limits.maxNestingDepth() + " (FlowLimits.maxNestingDepth)");
    }
    Flow callee = resolved.computeIfAbsent(id, this::find);
    way.add(id);
    long n = count(callee, way, depth);
    way.remove(way.size() - 1);
    return n;
  }

  private Flow find(String id) {
    Optional<Flow> sub = top.subflow(id);
    if (sub.isPresent()) {
      return sub.get();
    }
    Flow found = library.find(id).orElseThrow(() -> new FlowRunException(ErrorCode.INVALID_FLOW, "a call names the flow " + id
        + ", which is neither a subflow of " + top.id() + " nor in the engine's flow library"
        + " (FlowEngine.Builder.flowLibrary, the command line's --flows DIR)"));
    List<Problem> problems = FlowValidator.of(limits).validate(found);
    if (!problems.isEmpty()) {
      Problem p = problems.get(0);
      throw new FlowRunException(ErrorCode.INVALID_FLOW, "the called flow " + id + " is invalid (" + problems.size()
          + (problems.size() == 1 ? " problem" : " problems") + "; first: " + p.code() + " at " + p.path() + ": " + p.message() + ")");
    }
    return found;
  }
}
