package io.browserflow.api.validate;

import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import java.util.Collections;
import java.util.List;

/**
 * One validation pass over one flow; collects problems in document order (the JSON writer's key
 * order), walking every step once.
 *
 * <p>Scoping is tracked while walking: inputs and credentials are known up front, {@code vars} and
 * step outputs become visible after the step that makes them ({@link BindingScope}), loop variables
 * come from the innermost enclosing loop, and tab aliases are bound by earlier tabNew / click
 * newTab steps in document order.
 *
 * <p>The rules are cut by what they look at, sharing one {@link ValidationContext}:
 * {@link DeclarationRules}, {@link StructureRules} (ids, nesting, tabs), {@link LimitRules},
 * {@link PlaceholderRules}, {@link StepFieldRules}, {@link ConditionRules} and {@link TargetRules}.
 * This class walks the steps and keeps the order of their problems.
 */
final class ValidationRun {
  private final ValidationContext ctx;
  private final PlaceholderRules placeholders;
  private final DeclarationRules declarations;
  private final StructureRules structure;
  private final LimitRules limitRules;
  private final ConditionRules conditions;
  private final StepFieldRules fieldRules;
  private int stepCount;

  ValidationRun(Flow flow, FlowLimits limits) {
    this(flow, limits, java.util.Map.of());
  }

  /** A run over one flow; {@code callable} holds the subflows calls may name (by id). */
  ValidationRun(Flow flow, FlowLimits limits, java.util.Map<String, Flow> callable) {
    this.ctx = new ValidationContext(flow, limits, callable);
    this.placeholders = new PlaceholderRules(ctx);
    this.declarations = new DeclarationRules(ctx, placeholders);
    this.structure = new StructureRules(ctx, placeholders);
    this.limitRules = new LimitRules(ctx);
    TargetRules targets = new TargetRules(ctx, placeholders);
    this.conditions = new ConditionRules(ctx, placeholders, targets);
    this.fieldRules = new StepFieldRules(ctx, placeholders, targets, conditions, structure, this::steps);
  }

  List<Problem> run() {
    Flow flow = ctx.flow();
    declarations.header();
    declarations.inputs();
    declarations.credentials();
    structure.tabs();
    flow.table().ifPresent(declarations::table);
    flow.policy().ifPresent(declarations::policy);
    flow.schedule().ifPresent(declarations::schedule);
    int stepsAt = ctx.problems().size();
    steps(flow.steps(), "steps", 0);
    fieldRules.flowOutputs(flow);
    ctx.checkExports();
    limitRules.stepCount(stepCount, stepsAt);
    limitRules.definitionSize();
    return ctx.problems();
  }

  /** The ids this flow calls and the paths of the calls, once {@link #run()} walked it. */
  List<String[]> calls() {
    return ctx.calls();
  }

  // ---------------------------------------------------------------- steps

  private void steps(List<Step> steps, String path, int depth) {
    structure.nesting(path, depth);
    for (int i = 0; i < steps.size(); i++) {
      step(steps.get(i), path + "[" + i + "]", depth);
    }
  }

  private void step(Step s, String p, int depth) {
    stepCount++;
    boolean declarable = structure.stepId(s, p);
    s.title().ifPresent(t -> placeholders.text(t, p + ".title"));
    limitRules.timeout(s, p);
    s.retry().ifPresent(r -> limitRules.retry(r, p + ".retry"));
    // a fallback runs in place of the failed step: it sees what the step sees, and what it
    // declares is visible only after the step
    int mark = ctx.scope().mark();
    if (s.onError().kind() == OnError.Kind.FALLBACK) {
      steps(s.onError().fallback(), p + ".onError.fallback", depth + 1);
    }
    List<Object> fallbackDecls = ctx.scope().hideSince(mark);
    List<Problem> problems = ctx.problems();
    int expectAt = problems.size();
    fieldRules.dialogs(s, p); // written after expect, before the op fields
    fieldRules.check(s, p, depth);
    if (!s.expect().isEmpty()) {
      // expect is checked after the action (own outputs and body visible) but written before the
      // op fields, so its problems move to their document position
      int opEnd = problems.size();
      ctx.scope().current(declarable ? s : null);
      for (int k = 0; k < s.expect().size(); k++) {
        conditions.check(s.expect().get(k), p + ".expect[" + k + "]");
      }
      ctx.scope().current(null);
      if (problems.size() > opEnd && opEnd > expectAt) {
        Collections.rotate(problems.subList(expectAt, problems.size()), problems.size() - opEnd);
      }
    }
    if (declarable) {
      ctx.scope().declareStep(s);
    }
    ctx.scope().reveal(fallbackDecls);
  }
}
