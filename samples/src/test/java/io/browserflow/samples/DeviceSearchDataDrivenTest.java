package io.browserflow.samples;

import static io.browserflow.junit.FlowAssertions.assertThat;

import io.browserflow.junit.FlowInvocation;
import io.browserflow.junit.FlowSource;
import io.browserflow.junit.FlowTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * A data-driven flow: one invocation per row of {@code data/devices.csv}, each searching that
 * device in a fresh browser context, shown as {@code [1] Search one device [DEVICE_ID=...]}.
 * A failed search fails its row with the step, error code, candidates, URL and screenshot before
 * the body runs; the body adds what a successful run must also show.
 */
@Tag("browser")
@FlowTest(serve = "classpath:demo-app")
class DeviceSearchDataDrivenTest {

  @ParameterizedTest
  @FlowSource(value = "classpath:flows/device-search.flow.json", csv = "classpath:data/devices.csv")
  void finds_every_device_of_the_csv(FlowInvocation search) {
    assertThat(search.result()).usedNoFallback()
        .output("steps.meter.text").startsWith("33001002500");
  }
}
