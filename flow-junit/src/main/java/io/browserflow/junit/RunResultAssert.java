package io.browserflow.junit;

import io.browserflow.api.ErrorCode;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AbstractStringAssert;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.MapAssert;

/**
 * AssertJ assertions on a {@link RunResult}; start with {@link FlowAssertions#assertThat(RunResult)}.
 * Failure messages name the flow and, for a failed run, give the full failure report (step path
 * and title, error code, candidates with their counts, URL, screenshot, trace).
 */
public final class RunResultAssert extends AbstractAssert<RunResultAssert, RunResult> {
  RunResultAssert(RunResult actual) {
    super(actual, RunResultAssert.class);
  }

  /** The run succeeded; otherwise fails with the failure report. */
  public RunResultAssert succeeded() {
    isNotNull();
    if (!actual.succeeded()) {
      failWithMessage("%s", FailureReport.describe(actual));
    }
    return this;
  }

  /** The run did not succeed. */
  public RunResultAssert failed() {
    isNotNull();
    if (actual.succeeded()) {
      failWithMessage("expected flow \"%s\" (%s) to fail, but it succeeded in %d ms", actual.flowName(), actual.flowId(),
          actual.tookMs());
    }
    return this;
  }

  /** The run failed with this error code. */
  public RunResultAssert failedWith(ErrorCode code) {
    failed();
    if (actual.errorCode().map(c -> c != code).orElse(true)) {
      failWithMessage("expected flow \"%s\" to fail with %s, but:%n%s", actual.flowName(), code, FailureReport.describe(actual));
    }
    return this;
  }

  /** The run failed at the step with this path, e.g. {@code steps[3]} or {@code steps[5].body[1]}. */
  public RunResultAssert failedAt(String path) {
    failed();
    if (!actual.errorPath().map(path::equals).orElse(false)) {
      failWithMessage("expected flow \"%s\" to fail at %s, but:%n%s", actual.flowName(), path, FailureReport.describe(actual));
    }
    return this;
  }

  /**
   * No step needed a candidate other than its first, and no failed step was replaced by its
   * {@code onError} fallback steps: the flow's first choices still work.
   */
  public RunResultAssert usedNoFallback() {
    isNotNull();
    List<StepResult> fellBack = actual.steps().stream().filter(s -> s.fallbackUsed() || s.recoveredByFallback())
        .collect(Collectors.toList());
    if (!fellBack.isEmpty()) {
      failWithMessage("expected flow \"%s\" to use no fallback, but %d step%s did:%n%s", actual.flowName(), fellBack.size(),
          fellBack.size() == 1 ? "" : "s", fellBack.stream().map(RunResultAssert::fallback).collect(Collectors.joining("\n")));
    }
    return this;
  }

  private static String fallback(StepResult s) {
    String where = "  " + s.path() + s.iteration().map(i -> " (iteration " + i + ")").orElse("")
        + s.title().map(t -> " \"" + t + "\"").orElse("") + " (" + s.op() + " " + s.stepId() + ")";
    if (s.recoveredByFallback()) {
      return where + ": failed and ran its onError fallback steps" + s.errorCode().map(c -> " (" + c + ")").orElse("");
    }
    return where + ": candidate " + (s.winner().orElse(-1) + 1) + " won" + s.candidates().map(c -> "; " + c).orElse("");
  }

  /** The run took less than {@code limit}. */
  public RunResultAssert tookLessThan(Duration limit) {
    isNotNull();
    if (actual.tookMs() >= limit.toMillis()) {
      failWithMessage("expected flow \"%s\" to take less than %d ms, but it took %d ms", actual.flowName(), limit.toMillis(),
          actual.tookMs());
    }
    return this;
  }

  /**
   * The output with this key ({@code steps.<id>.<field>}, e.g. {@code steps.total.text}, or
   * {@code vars.<name>}), for string assertions; fails listing the keys there are when it is missing.
   */
  public AbstractStringAssert<?> output(String key) {
    isNotNull();
    Map<String, String> outputs = actual.outputs();
    if (!outputs.containsKey(key)) {
      failWithMessage("flow \"%s\" has no output %s; its outputs are %s%s", actual.flowName(), key,
          outputs.isEmpty() ? "none" : String.join(", ", outputs.keySet()),
          actual.succeeded() ? "" : System.lineSeparator() + FailureReport.describe(actual));
    }
    return Assertions.assertThat(outputs.get(key)).as("output %s of flow \"%s\"", key, actual.flowName());
  }

  /** All outputs, for map assertions. */
  public MapAssert<String, String> outputs() {
    isNotNull();
    return Assertions.assertThat(actual.outputs()).as("outputs of flow \"%s\"", actual.flowName());
  }
}
