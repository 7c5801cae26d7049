package io.browserflow.junit;

import io.browserflow.api.Flow;
import io.browserflow.engine.Caller;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The {@link FlowRunner} of one test: runs flows on the class's engine, bound to the test's session. */
final class DefaultFlowRunner implements FlowRunner {
  private final TestScope scope;

  DefaultFlowRunner(TestScope scope) {
    this.scope = scope;
  }

  @Override
  public RunResult run(Flow flow, Inputs inputs) {
    return run(flow, inputs, scope.resources.runOptions());
  }

  @Override
  public RunResult run(Flow flow, Inputs inputs, RunOptions options) {
    Objects.requireNonNull(flow, "flow");
    Objects.requireNonNull(inputs, "inputs");
    Objects.requireNonNull(options, "options");
    Inputs values = scope.resources.inputsFor(flow, inputs);
    RunOptions worded = RunOptions.builder().from(options).caller(Caller.JUNIT).build(); // refusals name attributes and keys
    RunResult result;
    Path trace;
    synchronized (scope) {
      ClassResources.Binding binding = scope.binding();
      result = scope.resources.bound(binding, () -> scope.resources.engine().run(flow, values, worded));
      trace = scope.tracePath();
    }
    result = withTrace(result, trace);
    ExtensionContext test = scope.context;
    String testName = test.getTestClass().map(Class::getSimpleName).orElse("") + " › " + test.getDisplayName();
    if (scope.resources.report != null) {
      scope.resources.report.add(test.getUniqueId() + " » " + flow.id(), testName + " › " + flow.name(),
          scope.resources.settings.testClass, scope.attempt(), result);
    }
    try {
      scope.context.publishReportEntry(FailureReport.entries(result));
    } catch (RuntimeException e) {
      // reporting is best effort
    }
    return result;
  }

  @Override
  public Flow load(String location) {
    return FlowFiles.read(Location.of(location), "FlowRunner.load(\"" + location + "\")");
  }

  @Override
  public RunOptions defaultOptions() {
    return scope.resources.runOptions();
  }

  /**
   * The context's trace as the run's trace and among the failed step's artifacts: it is what a
   * person opens next (saved when the test's context closes).
   */
  static RunResult withTrace(RunResult result, Path trace) {
    if (trace == null || result.succeeded()) {
      return result;
    }
    Optional<StepResult> failed = result.failedStep();
    if (failed.isEmpty()) {
      return RunResult.builder().from(result).trace(trace.toString()).build();
    }
    List<StepResult> steps = new ArrayList<>(result.steps());
    int i = steps.lastIndexOf(failed.get());
    StepResult withTrace = StepResult.builder().from(failed.get()).addArtifacts(trace.toString()).build();
    steps.set(i, withTrace);
    return RunResult.builder().from(result).steps(steps).trace(trace.toString()).build();
  }

  @Override
  public String toString() {
    return "FlowRunner of " + scope.context.getDisplayName();
  }
}
