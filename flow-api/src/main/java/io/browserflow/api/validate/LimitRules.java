package io.browserflow.api.validate;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Problem;
import io.browserflow.api.Retry;
import io.browserflow.api.Step;
import io.browserflow.api.json.FlowJson;

/**
 * The {@link FlowLimits} that bound the flow as a whole or any step: the step count (nested bodies
 * and fallbacks included), the size of the canonical definition, step timeouts and retries.
 * Limits on one kind's own fields are checked with that kind in {@link StepFieldRules}.
 */
final class LimitRules {
  private final ValidationContext ctx;
  private final FlowLimits limits;

  LimitRules(ValidationContext ctx) {
    this.ctx = ctx;
    this.limits = ctx.limits();
  }

  /** Reports too many steps at {@code at}, where the steps' problems start. */
  void stepCount(int stepCount, int at) {
    if (stepCount > limits.maxSteps()) {
      ctx.problems().add(at, Problem.limit(ErrorCode.LIMIT_EXCEEDED, "steps",
          "the flow has " + stepCount + " steps (nested bodies and fallbacks included), more than the limit of "
              + limits.maxSteps() + ": split it into several flows", stepCount, limits.maxSteps()));
    }
  }

  void timeout(Step s, String p) {
    if (s.timeoutMs().isPresent()) {
      int t = s.timeoutMs().getAsInt();
      if (t < limits.minStepTimeoutMs() || t > limits.maxStepTimeoutMs()) {
        ctx.outOfRange(p + ".timeoutMs", "timeoutMs is " + t + ": give a value in " + limits.minStepTimeoutMs() + ".."
            + limits.maxStepTimeoutMs() + " ms", t, limits.minStepTimeoutMs() + ".." + limits.maxStepTimeoutMs());
      }
    }
  }

  void retry(Retry r, String p) {
    if (r.count() < 0) {
      ctx.outOfRange(p + ".count", "the retry count is " + r.count() + ": give 0.." + limits.maxRetries(),
          r.count(), "0.." + limits.maxRetries());
    } else if (r.count() > limits.maxRetries()) {
      ctx.overLimit(p + ".count", "the retry count is " + r.count() + ", more than the limit of " + limits.maxRetries(),
          r.count(), limits.maxRetries());
    }
    if (r.intervalMs() < 0) {
      ctx.outOfRange(p + ".intervalMs", "the retry interval is " + r.intervalMs() + " ms: give 0 or more",
          r.intervalMs(), ">= 0");
    }
  }

  void definitionSize() {
    long bytes;
    try {
      bytes = FlowJson.canonicalSize(ctx.flow());
    } catch (RuntimeException e) {
      return; // not serializable (e.g. absurd nesting): the rules above already say why
    }
    if (bytes > limits.maxDefinitionBytes()) {
      ctx.problems().add(0, Problem.limit(ErrorCode.LIMIT_EXCEEDED, "", "the canonical JSON of the flow has " + bytes
          + " bytes, more than the limit of " + limits.maxDefinitionBytes()
          + ": move data into a CSV file (csvImport) or split the flow", bytes, limits.maxDefinitionBytes()));
    }
  }
}
