package io.browserflow.junit;

import io.browserflow.api.Flow;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import java.util.Map;
import java.util.Objects;

/**
 * One row of a {@link FlowSource} data-driven test: the flow, the row, and the result of running
 * the flow with it in the invocation's browser context. Declare it as the first parameter of the
 * {@code @ParameterizedTest} method.
 *
 * <pre>{@code
 * @ParameterizedTest
 * @FlowSource(value = "classpath:flows/device-search.flow.json", csv = "classpath:data/devices.csv")
 * void every_device_is_found(FlowInvocation search) {
 *   assertThat(search.result()).usedNoFallback();
 * }
 * }</pre>
 *
 * <p>The extension runs the flow before the test body; with {@link FlowSource#requireSuccess()}
 * (the default) a failed run fails the invocation before the body starts, so {@link #result()} is
 * always a successful run in the body. Instances belong to one invocation and are not shared.
 */
public final class FlowInvocation {
  private final Flow flow;
  private final int index;
  private final Map<String, String> row;
  private final Inputs inputs;
  private final String name;
  private final boolean requireSuccess;
  private volatile RunResult result;

  FlowInvocation(Flow flow, int index, Map<String, String> row, Inputs inputs, String name, boolean requireSuccess) {
    this.flow = flow;
    this.index = index;
    this.row = Map.copyOf(row);
    this.inputs = inputs;
    this.name = name;
    this.requireSuccess = requireSuccess;
  }

  /** The flow as it runs for this row (its table reduced to the row when the rows come from it). */
  public Flow flow() {
    return flow;
  }

  /** The row's position, from 1. */
  public int index() {
    return index;
  }

  /** The row: column to cell, secret credential values included (never print them). */
  public Map<String, String> row() {
    return row;
  }

  /** The inputs and credentials taken from the row (the class's own come on top when the flow runs). */
  public Inputs inputs() {
    return inputs;
  }

  /**
   * The result of running the flow with this row.
   *
   * @throws IllegalStateException when the flow has not run: the test class lacks {@link FlowTest}
   */
  public RunResult result() {
    RunResult r = result;
    if (r == null) {
      throw new IllegalStateException("the flow of " + name + " has not run: annotate the test class with @FlowTest");
    }
    return r;
  }

  boolean requireSuccess() {
    return requireSuccess;
  }

  void ran(RunResult result) {
    this.result = Objects.requireNonNull(result, "result");
  }

  /** The flow's name and the row, e.g. {@code Search one device [DEVICE_ID=1000000150601081283]}; secrets as {@code ***}. */
  @Override
  public String toString() {
    return name;
  }
}
