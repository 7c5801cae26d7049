package io.browserflow.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Misuse fails with ExtensionConfigurationException naming the annotation (or call) and the problem; no browser starts. */
@Tag("browser")
class MisuseTest {
  private static Throwable classFailure(Class<?> testClass) {
    EngineExecutionResults results = Kit.run(testClass);
    return Kit.failure(results.containerEvents(), testClass.getSimpleName());
  }

  @Test
  void should_name_an_attribute_with_a_bad_value() {
    assertThat(classFailure(BadHeadlessCase.class)).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("@FlowTest on " + BadHeadlessCase.class.getName())
        .hasMessageContaining("headless = \"yes\" is invalid: use true or false");
  }

  @Test
  void should_name_a_bad_configuration_parameter() {
    EngineExecutionResults results = Kit.run(PlainCase.class, "browserflow.retries", "many");
    assertThat(Kit.failure(results.containerEvents(), "PlainCase")).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("retries = \"many\" is invalid").hasMessageContaining("browserflow.retries");
  }

  @Test
  void should_say_how_to_point_at_a_browser_in_the_extensions_terms() {
    EngineExecutionResults results = Kit.run(MissingBrowserCase.class);
    assertThat(Kit.failure(results.testEvents(), "runs_a_flow")).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("BROWSER_NOT_FOUND").hasMessageContaining("/no/such/chromium")
        .hasMessageContaining("@FlowTest(browserPath = \"...\"), the configuration parameter browserflow.browserPath")
        .hasMessageNotContaining("LaunchOptions").hasMessageNotContaining("--browser");
  }

  @Test
  void should_name_a_served_folder_that_does_not_exist() {
    assertThat(classFailure(MissingServeCase.class)).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("@FlowTest(serve = \"classpath:no-such-site\")")
        .hasMessageContaining("no folder at class-path resource no-such-site");
  }

  @Test
  void should_report_each_misused_flow_source_on_its_method() {
    EngineExecutionResults results = Kit.run(SourcesCase.class);
    assertThat(results.testEvents().started().count()).isZero();
    assertThat(Kit.failure(results.containerEvents(), "missing_flow")).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("@FlowSource(\"classpath:flows/nope.flow.json\") on SourcesCase.missing_flow")
        .hasMessageContaining("no flow file at class-path resource flows/nope.flow.json");
    assertThat(Kit.failure(results.containerEvents(), "column_matching_no_input"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("csv = \"classpath:data/bad-column.csv\"")
        .hasMessageContaining("column COLOUR of classpath:data/bad-column.csv matches no input or credential of flow save-name")
        .hasMessageContaining("inputs: BASE_URL, NAME");
    assertThat(Kit.failure(results.containerEvents(), "invalid_flow")).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("the flow classpath:flows/duplicate-ids.flow.json is invalid")
        .hasMessageContaining("DUPLICATE_ID");
    assertThat(Kit.failure(results.containerEvents(), "no_table_no_csv"))
        .hasMessageContaining("the flow save-name has no table; add a table to the flow or give csv");
    assertThat(Kit.failure(results.containerEvents(), "no_rows")).hasMessageContaining("no rows in classpath:data/empty.csv");
    assertThat(Kit.failure(results.containerEvents(), "missing_csv")).hasMessageContaining("no CSV file at class-path resource data/nope.csv");
    assertThat(Kit.failure(results.containerEvents(), "wrong_parameter"))
        .hasMessageContaining("the method's first parameter must be a FlowInvocation");
    assertThat(Kit.failure(results.containerEvents(), "missing_folder")).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("FlowTests.from(\"classpath:no-such-flows/\"): no folder at class-path resource no-such-flows");
  }

  @Test
  void should_name_a_negative_retry_count_and_a_missing_flow_of_the_runner() {
    EngineExecutionResults results = Kit.run(RunnerCase.class);
    assertThat(Kit.failure(results.testEvents(), "negative_retries")).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("@FlowRetries(-1)");
    assertThat(Kit.failure(results.testEvents(), "runner_missing_file")).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("FlowRunner.load(\"classpath:flows/nope.flow.json\"): no flow file");
  }

  @Test
  void should_require_flow_test_on_the_class() {
    EngineExecutionResults results = Kit.run(NoAnnotationCase.class);
    assertThat(Kit.failure(results.containerEvents(), "rows")).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("must be annotated with @FlowTest");
    assertThat(Kit.failure(results.testEvents(), "Save a name")).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("must be annotated with @FlowTest");
  }

  @Test
  void should_fail_every_browser_test_of_the_class_when_the_browser_cannot_start() {
    EngineExecutionResults results = Kit.run(NoBrowserCase.class);
    assertThat(results.testEvents().failed().count()).isEqualTo(2);
    assertThat(Kit.failure(results.testEvents(), "first")).hasMessageContaining("/no/such/chromium");
    assertThat(Kit.failure(results.testEvents(), "second")).hasMessageContaining("/no/such/chromium");
    assertThat(Kit.passed(results)).containsExactly("no_browser_needed()");
  }

  @FlowTest(browserPath = "/no/such/chromium")
  static class NoBrowserCase {
    @Test
    void first(FlowRunner flows) {
      flows.run("classpath:flows/visits.flow.json");
    }

    @Test
    void second(com.microsoft.playwright.Page page) {
    }

    @Test
    void no_browser_needed() {
    }
  }

  @FlowTest(headless = "yes")
  static class BadHeadlessCase {
    @Test
    void never_runs() {
    }
  }

  @FlowTest
  static class PlainCase {
    @Test
    void never_runs() {
    }
  }

  @FlowTest(browserPath = "/no/such/chromium")
  static class MissingBrowserCase {
    @Test
    void runs_a_flow(FlowRunner flows) {
      flows.run(io.browserflow.api.Flow.named("Open").open("about:blank").build(), io.browserflow.engine.Inputs.empty());
    }
  }

  @FlowTest(serve = "classpath:no-such-site")
  static class MissingServeCase {
    @Test
    void never_runs() {
    }
  }

  @FlowTest
  static class SourcesCase {
    @ParameterizedTest
    @FlowSource("classpath:flows/nope.flow.json")
    void missing_flow(FlowInvocation row) {
    }

    @ParameterizedTest
    @FlowSource(value = "classpath:flows/save-name.flow.json", csv = "classpath:data/bad-column.csv")
    void column_matching_no_input(FlowInvocation row) {
    }

    @ParameterizedTest
    @FlowSource("classpath:flows/duplicate-ids.flow.json")
    void invalid_flow(FlowInvocation row) {
    }

    @ParameterizedTest
    @FlowSource("classpath:flows/save-name.flow.json")
    void no_table_no_csv(FlowInvocation row) {
    }

    @ParameterizedTest
    @FlowSource(value = "classpath:flows/save-name.flow.json", csv = "classpath:data/empty.csv")
    void no_rows(FlowInvocation row) {
    }

    @ParameterizedTest
    @FlowSource(value = "classpath:flows/save-name.flow.json", csv = "classpath:data/nope.csv")
    void missing_csv(FlowInvocation row) {
    }

    @ParameterizedTest
    @FlowSource("classpath:flows/names-table.flow.json")
    void wrong_parameter(String row) {
    }

    @TestFactory
    Stream<DynamicTest> missing_folder() {
      return FlowTests.from("classpath:no-such-flows/");
    }
  }

  @FlowTest
  static class RunnerCase {
    @Test
    @FlowRetries(-1)
    void negative_retries() {
    }

    @Test
    void runner_missing_file(FlowRunner flows) {
      flows.run("classpath:flows/nope.flow.json");
    }
  }

  static class NoAnnotationCase {
    @ParameterizedTest
    @FlowSource("classpath:flows/names-table.flow.json")
    void rows(FlowInvocation row) {
    }

    @TestFactory
    Stream<DynamicTest> suite() {
      return FlowTests.from("classpath:flows/save-name.flow.json");
    }
  }
}
