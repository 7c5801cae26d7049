package io.browserflow.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Capability;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** Settings: the annotation's attribute wins, then the configuration parameter, then the default. */
@Tag("browser")
class FlowSettingsTest {
  private static FlowSettings settings(Class<?> type, Map<String, String> config) {
    Function<String, Optional<String>> lookup = k -> Optional.ofNullable(config.get(k));
    return FlowSettings.of(type, FlowSettings.findAnnotation(type), lookup);
  }

  @FlowTest
  static class Unset {
  }

  @FlowTest(headless = "false", slowMoMs = 50, retries = 2, traceOnFailure = "true", reportDir = "build/flows",
      defaultTimeoutMs = 2_000, inputs = {"A=1", "B=x=y"}, allow = "script.eval", connect = "ws://127.0.0.1:3000/pw")
  static class Annotated {
    @FlowTest(retries = 5)
    static class Inner {
    }
  }

  static class Nested extends Annotated {
  }

  @Test
  void should_use_the_defaults_when_nothing_is_set() {
    FlowSettings s = settings(Unset.class, Map.of());
    assertThat(s.headless).isTrue();
    assertThat(s.slowMoMs).isZero();
    assertThat(s.retries).isZero();
    assertThat(s.traceOnFailure).as("traces are kept for failures by default").isTrue();
    assertThat(s.reportDir).isEqualTo(Path.of("target/browserflow"));
    assertThat(s.defaultTimeoutMs).isEmpty();
    assertThat(s.connect).isEmpty();
    assertThat(s.browserPath).isEmpty();
  }

  @Test
  void should_take_configuration_parameters_where_the_annotation_leaves_a_setting_unset() {
    FlowSettings s = settings(Unset.class, Map.of("browserflow.headless", "false", "browserflow.retries", "3",
        "browserflow.browserPath", "/opt/chrome/chrome", "browserflow.defaultTimeoutMs", "1500",
        "browserflow.allow", "file.upload, script.eval", "browserflow.uploadRoots", "a,b",
        "browserflow.allowOrigins", "HTTP://Api.Example.test:8443/, https://cdn.example.test"));
    assertThat(s.headless).isFalse();
    assertThat(s.retries).isEqualTo(3);
    assertThat(s.browserPath).contains(Path.of("/opt/chrome/chrome"));
    assertThat(s.defaultTimeoutMs).hasValue(1500);
    assertThat(s.allow).containsExactlyInAnyOrder(Capability.FILE_UPLOAD, Capability.SCRIPT_EVAL);
    assertThat(s.uploadRoots).containsExactly(Path.of("a"), Path.of("b"));
    assertThat(s.allowOrigins).containsExactly("http://api.example.test:8443", "https://cdn.example.test");
  }

  @Test
  void should_let_the_annotation_win_over_configuration_parameters() {
    FlowSettings s = settings(Annotated.class, Map.of("browserflow.headless", "true", "browserflow.retries", "0",
        "browserflow.slowMoMs", "0", "browserflow.reportDir", "elsewhere", "browserflow.allow", "file.upload"));
    assertThat(s.headless).isFalse();
    assertThat(s.retries).isEqualTo(2);
    assertThat(s.slowMoMs).isEqualTo(50);
    assertThat(s.traceOnFailure).isTrue();
    assertThat(s.reportDir).isEqualTo(Path.of("build/flows"));
    assertThat(s.defaultTimeoutMs).hasValue(2_000);
    assertThat(s.inputs).containsExactly(Map.entry("A", "1"), Map.entry("B", "x=y"));
    assertThat(s.allow).as("capabilities add up").containsExactlyInAnyOrder(Capability.SCRIPT_EVAL, Capability.FILE_UPLOAD);
    assertThat(s.connect).contains("ws://127.0.0.1:3000/pw");
  }

  @Test
  void should_find_the_annotation_on_a_superclass_and_the_nearest_enclosing_class() {
    assertThat(settings(Nested.class, Map.of()).retries).isEqualTo(2);
    assertThat(settings(Annotated.Inner.class, Map.of()).retries).isEqualTo(5);
  }

  @Test
  void should_reject_bad_values_naming_the_setting() {
    assertThatThrownBy(() -> settings(Unset.class, Map.of("browserflow.slowMoMs", "-5")))
        .isInstanceOf(ExtensionConfigurationException.class).hasMessageContaining("slowMoMs = \"-5\" is invalid");
    assertThatThrownBy(() -> settings(Unset.class, Map.of("browserflow.defaultTimeoutMs", "50")))
        .hasMessageContaining("defaultTimeoutMs = \"50\" is invalid: use a whole number from 100 to 300000");
    assertThatThrownBy(() -> settings(Unset.class, Map.of("browserflow.connect", "localhost:9222")))
        .hasMessageContaining("connect = \"localhost:9222\" is invalid");
    assertThatThrownBy(() -> settings(Unset.class, Map.of("browserflow.allow", "teleport")))
        .hasMessageContaining("allow = \"teleport\" is invalid: capabilities are ui.observe");
    assertThatThrownBy(() -> settings(Unset.class, Map.of("browserflow.allowOrigins", "example.test/path")))
        .hasMessageContaining("allowOrigins = \"example.test/path\" is invalid: write an origin as scheme://host[:port]")
        .hasMessageContaining("attribute allowOrigins or configuration parameter browserflow.allowOrigins");
    assertThatThrownBy(() -> settings(Unset.class, Map.of("browserflow.traceOnFailure", "yes")))
        .hasMessageContaining("@FlowTest on " + Unset.class.getName()).hasMessageContaining("use true or false");
  }
}
