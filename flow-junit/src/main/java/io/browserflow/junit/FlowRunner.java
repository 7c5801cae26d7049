package io.browserflow.junit;

import io.browserflow.api.Flow;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;

/**
 * Runs flows in the current test's own browser context: a test parameter of {@link FlowTest}
 * classes. Every flow a test runs shares that context (cookies, storage, the open page) with the
 * others and with the test's Playwright {@code Page} and {@code BrowserContext}, so a test can sign
 * in with one flow, go on with another, and check the page with plain Playwright.
 *
 * <pre>{@code
 * @Test
 * void search_after_login(FlowRunner flows) {
 *   assertThat(flows.run("classpath:flows/login.flow.json")).succeeded();
 *   RunResult search = flows.run(SampleFlows.deviceSearch(), Inputs.of(Map.of("DEVICE_ID", "1000000150601081271")));
 *   assertThat(search).succeeded().usedNoFallback().output("steps.meter.text").isEqualTo("3300100250010");
 * }
 * }</pre>
 *
 * <p>A run <b>fails nothing by itself</b>: it returns the {@link RunResult}, failed or not; assert on
 * it with {@link FlowAssertions#assertThat(RunResult)}, whose {@code succeeded()} failure message
 * names the step, its title, the error code, the candidates tried with their counts, the URL, the
 * screenshot and the trace. Each run is also published as report entries of the test
 * ({@code browserflow.run}, and for failures {@code browserflow.failure},
 * {@code browserflow.screenshot}, {@code browserflow.trace}).
 *
 * <p>Inputs: the values passed here win; the flow's other declared inputs and credentials come
 * from the class (see {@link FlowTest}: annotation inputs, {@code browserflow.input.KEY} /
 * {@code browserflow.credential.KEY}, {@code BROWSERFLOW_INPUT_KEY} / {@code BROWSERFLOW_CREDENTIAL_KEY},
 * the served address). Keys the flow does not declare are passed on as given, and the engine
 * refuses them as it would anywhere.
 *
 * <p>Limits: use a runner from the test's own thread, one run at a time (runs of one runner are
 * serialized). A runner injected into a {@code @TestFactory} method belongs to the factory: its
 * dynamic tests share one context; use {@link FlowTests} for a context per dynamic test.
 */
public interface FlowRunner {
  /** Runs the flow with the class's inputs. */
  default RunResult run(Flow flow) {
    return run(flow, Inputs.empty());
  }

  /** Runs the flow with these inputs over the class's. */
  RunResult run(Flow flow, Inputs inputs);

  /** Runs the flow with these inputs and options (the class's capabilities and served origin are not added). */
  RunResult run(Flow flow, Inputs inputs, RunOptions options);

  /** Reads and runs a flow file: {@code classpath:flows/login.flow.json} or a path. */
  default RunResult run(String location) {
    return run(location, Inputs.empty());
  }

  /** Reads and runs a flow file with these inputs over the class's. */
  default RunResult run(String location, Inputs inputs) {
    return run(load(location), inputs);
  }

  /**
   * Reads a flow file ({@code classpath:...} or a path), strictly and validated.
   *
   * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException when the file does not
   *     exist or the flow is invalid (every problem listed)
   */
  Flow load(String location);

  /** The options runs use when none are given: the class's allowed capabilities and the served origin. */
  RunOptions defaultOptions();
}
