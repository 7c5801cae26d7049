package io.browserflow.samples;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static io.browserflow.junit.FlowAssertions.assertThat;

import com.microsoft.playwright.Page;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.junit.FlowRunner;
import io.browserflow.junit.FlowTest;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Flows as JUnit tests against the demo app: one built with the Java DSL, one read from JSON, and
 * one mixed with plain Playwright code in the same browser context.
 *
 * <p>{@code serve} publishes the demo app (a class-path folder) on 127.0.0.1 for the class and hands
 * its address to every flow declaring {@code BASE_URL}; the demo account comes from
 * {@code src/test/resources/junit-platform.properties}.
 */
@Tag("browser")
@FlowTest(serve = "classpath:demo-app")
class DemoAppFlowsTest {

  /** A flow built with the DSL ({@link SampleFlows}), with an input for this test. */
  @Test
  void finds_a_device_with_a_dsl_flow(FlowRunner flows) {
    RunResult search = flows.run(SampleFlows.deviceSearch(), Inputs.of(Map.of("DEVICE_ID", "1000000150601081271")));

    assertThat(search).succeeded().usedNoFallback()
        .output("steps.meter.text").isEqualTo("3300100250010");
  }

  /** A recorded flow read from the class path. */
  @Test
  void signs_in_and_out_with_a_json_flow(FlowRunner flows) {
    assertThat(flows.run("classpath:flows/login.flow.json")).succeeded().usedNoFallback();
  }

  /** A flow brings the page to where the test starts; plain Playwright goes on from there. */
  @Test
  void opens_the_detail_dialog_after_a_search(FlowRunner flows, Page page) {
    assertThat(flows.run("classpath:flows/device-search.flow.json")).succeeded();

    assertThat(page).hasURL(Pattern.compile(".*/app\\.html#/devices$"));
    assertThat(page.getByTestId("status-1000000150601081283")).hasText("Bound 已关联");
    page.getByTestId("detail-1000000150601081283").click();
    assertThat(page.getByTestId("detail-dialog")).isVisible();
  }
}
