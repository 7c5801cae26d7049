package io.browserflow.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.engine.Inputs;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Which value a flow's input or credential gets: given, annotation, configuration, environment, served address. */
@Tag("browser")
class InputSourcesTest {
  @FlowTest(serve = "classpath:site", inputs = {"REGION=north", "BASE_URL=http://annotated.example"})
  static class Annotated {
  }

  @FlowTest(serve = "classpath:site")
  static class ServedOnly {
  }

  private static final Flow FLOW = Flow.named("needs everything")
      .input("BASE_URL").input("REGION").input("DEVICE").input("SERVER_URL")
      .credential("USERNAME").credential("PASSWORD")
      .open("${BASE_URL}/${REGION}/${DEVICE}/${SERVER_URL}/${credential.USERNAME}/${credential.PASSWORD}")
      .build();

  private static Inputs inputs(Class<?> type, Map<String, String> config, Map<String, String> env, Inputs given) {
    FlowSettings settings = FlowSettings.of(type, FlowSettings.findAnnotation(type), k -> Optional.ofNullable(config.get(k)));
    try (ClassResources resources = new ClassResources(settings, k -> Optional.ofNullable(config.get(k)), env::get)) {
      Inputs values = resources.inputsFor(FLOW, given);
      String served = resources.serverUrl().orElseThrow();
      assertThat(served).matches("http://127\\.0\\.0\\.1:\\d+");
      return values;
    }
  }

  @Test
  void should_prefer_given_values_then_annotation_then_configuration_then_environment_then_the_served_address() {
    Inputs values = inputs(Annotated.class,
        Map.of("browserflow.input.REGION", "config-region", "browserflow.input.DEVICE", "config-device",
            "browserflow.credential.USERNAME", "config-user"),
        Map.of("BROWSERFLOW_INPUT_DEVICE", "env-device", "BROWSERFLOW_CREDENTIAL_USERNAME", "env-user",
            "BROWSERFLOW_CREDENTIAL_PASSWORD", "env-secret", "USERNAME", "os-user"),
        Inputs.builder().input("REGION", "given-region").build());
    assertThat(values.inputs()).containsEntry("REGION", "given-region").containsEntry("BASE_URL", "http://annotated.example")
        .containsEntry("DEVICE", "config-device");
    assertThat(values.inputs().get("SERVER_URL")).startsWith("http://127.0.0.1:");
    assertThat(values.credentials()).containsEntry("USERNAME", "config-user").containsEntry("PASSWORD", "env-secret");
  }

  @Test
  void should_fill_base_url_with_the_served_address_and_never_read_unprefixed_environment_variables() {
    Inputs values = inputs(ServedOnly.class, Map.of(), Map.of("USERNAME", "os-user", "PASSWORD", "os-secret"), Inputs.empty());
    assertThat(values.inputs().get("BASE_URL")).startsWith("http://127.0.0.1:");
    assertThat(values.inputs()).doesNotContainKeys("REGION", "DEVICE");
    assertThat(values.credentials()).isEmpty();
  }
}
