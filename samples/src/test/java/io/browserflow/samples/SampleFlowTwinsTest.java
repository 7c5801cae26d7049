package io.browserflow.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each DSL sample equals its JSON twin, so the two forms never drift apart. */
class SampleFlowTwinsTest {
  static Stream<Arguments> twins() {
    return Stream.of(
        twin("login", SampleFlows::login),
        twin("delayed-element", SampleFlows::delayedElement),
        twin("device-search", SampleFlows::deviceSearch),
        twin("device-list", SampleFlows::deviceList),
        twin("devices-by-table", SampleFlows::devicesByTable),
        twin("meter-rebind", SampleFlows::meterRebind),
        twin("report-tab", SampleFlows::reportTab),
        twin("shadow-widget", SampleFlows::shadowWidget),
        twin("upload", SampleFlows::upload),
        twin("download", SampleFlows::download));
  }

  static Arguments twin(String id, Supplier<Flow> dsl) {
    return Arguments.of(id, dsl);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("twins")
  void should_build_the_same_flow_as_the_json_file(String id, Supplier<Flow> dsl) {
    Flow fromJson = FlowJson.read(SampleResources.flowFile(id));
    Flow fromDsl = dsl.get();

    // the written forms first: a difference there reads better than a failed equals
    assertThat(FlowJson.write(fromDsl)).isEqualTo(FlowJson.write(fromJson));
    assertThat(fromDsl).isEqualTo(fromJson);
    assertThat(FlowJson.digest(fromDsl)).isEqualTo(FlowJson.digest(fromJson));
  }

  @Test
  void should_list_every_json_sample_in_all() {
    assertThat(SampleFlows.all().stream().map(Flow::id).collect(Collectors.toSet()))
        .containsExactlyInAnyOrderElementsOf(SampleFlowFilesTest.IDS)
        .hasSameSizeAs(SampleFlows.all());
  }
}
