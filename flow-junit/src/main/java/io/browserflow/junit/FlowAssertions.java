package io.browserflow.junit;

import io.browserflow.engine.RunResult;

/**
 * AssertJ entry point for run results: {@code import static io.browserflow.junit.FlowAssertions.assertThat;}
 * next to AssertJ's own {@code assertThat} (the overloads do not clash).
 *
 * <pre>{@code
 * assertThat(flows.run("classpath:flows/device-search.flow.json"))
 *     .succeeded()                                   // else: step, title, code, candidates, URL, screenshot, trace
 *     .usedNoFallback()                              // else: which steps fell back to which candidate
 *     .output("steps.meter.text").isEqualTo("3300100250022");
 * }</pre>
 */
public final class FlowAssertions {
  private FlowAssertions() {}

  public static RunResultAssert assertThat(RunResult actual) {
    return new RunResultAssert(actual);
  }
}
