package io.browserflow.api.lint;

import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import java.util.List;

/**
 * One lint pass over one flow. Walks the flow in document order (header, inputs, credentials,
 * tabs, table, policy, schedule, then steps depth-first; within a step: step-level findings, its
 * fields, its expect, nested bodies, its fallback) and collects findings.
 *
 * <p>Disabled steps never run, so only their values are scanned (a secret in a disabled step still
 * sits in the file); selector, frame, wait and sequence rules skip them.
 *
 * <p>The rules come in families sharing one {@link LintContext}: {@link DeclarationLint},
 * {@link StepKindLint} (with {@link NavigationLint} and {@link WaitLint}), {@link StepFieldLint},
 * {@link ConditionLint}, {@link SelectorLint}, {@link FrameLint} and {@link ValueLint}. This class
 * walks the steps.
 */
final class LintRun {
  private final LintContext ctx;
  private final DeclarationLint declarations;
  private final StepKindLint stepKinds;
  private final StepFieldLint fields;
  private final ConditionLint conditions;
  private final ValueLint values;

  LintRun(Flow flow, LintOptions options) {
    this.ctx = new LintContext(flow, options);
    this.values = new ValueLint(ctx);
    this.declarations = new DeclarationLint(ctx, values);
    this.stepKinds = new StepKindLint(ctx, new NavigationLint(ctx), new WaitLint(ctx));
    FrameLint frames = new FrameLint(ctx);
    SelectorLint selectors = new SelectorLint(ctx, values, frames);
    this.conditions = new ConditionLint(ctx, values, selectors);
    this.fields = new StepFieldLint(values, selectors, frames, conditions, this::steps);
  }

  LintReport run() {
    declarations.check();
    steps(ctx.flow().steps(), "steps", false, true);
    return LintReport.of(ctx.warnings());
  }

  // ------------------------------------------------------------------ steps

  private void steps(List<Step> list, String base, boolean continuation, boolean active) {
    for (int i = 0; i < list.size(); i++) {
      Step s = list.get(i);
      boolean after = WriteVerification.verified(list, i + 1, continuation);
      step(s, base + "[" + i + "]", list, i, after, active && !s.disabled());
    }
  }

  private void step(Step s, String path, List<Step> siblings, int index, boolean after, boolean active) {
    String id = s.id();
    if (active) {
      stepKinds.check(s, path, siblings, index, after);
    }
    s.title().ifPresent(t -> values.scan(path + ".title", id, t, false, "the step title", null));
    fields.check(s, path, after, active);
    for (int k = 0; k < s.expect().size(); k++) {
      conditions.check(s.expect().get(k), path + ".expect[" + k + "]", id, active);
    }
    if (s.onError().kind() == OnError.Kind.FALLBACK) {
      steps(s.onError().fallback(), path + ".onError.fallback", after, active);
    }
  }
}
