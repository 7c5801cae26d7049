package io.browserflow.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.support.descriptor.ClasspathResourceSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** FlowTests.from: a folder of flow files becomes one dynamic test per file, each in its own context. */
@Tag("browser")
class FlowTestsSuiteTest {
  static EngineExecutionResults results;

  @BeforeAll
  static void run() {
    results = Kit.run(SuiteCase.class);
  }

  @Test
  void should_make_one_test_per_flow_file_named_after_flow_and_file() {
    assertThat(Kit.passed(results)).contains("Save a name [a-save-ada.flow.json]", "Save Grace [b-save-grace.flow.json]");
    assertThat(results.testEvents().finished().stream()
        .filter(e -> e.getTestDescriptor().getUniqueId().toString().contains("whole_folder"))
        .map(e -> e.getTestDescriptor().getDisplayName()))
        .containsExactly("Save a name [a-save-ada.flow.json]", "Save Grace [b-save-grace.flow.json]", "c-duplicate-ids.flow.json");
  }

  @Test
  void should_point_each_test_at_its_file() {
    assertThat(results.testEvents().finished().stream().map(e -> e.getTestDescriptor().getSource().orElseThrow()))
        .filteredOn(s -> s instanceof ClasspathResourceSource)
        .extracting(s -> ((ClasspathResourceSource) s).getClasspathResourceName())
        .contains("suite/a-save-ada.flow.json", "suite/b-save-grace.flow.json", "flows/visits.flow.json");
  }

  @Test
  void should_fail_only_the_test_of_an_invalid_file() {
    assertThat(Kit.failure(results.testEvents(), "c-duplicate-ids.flow.json"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("FlowTests.from(\"classpath:suite/\") for c-duplicate-ids.flow.json")
        .hasMessageContaining("DUPLICATE_ID");
    assertThat(results.testEvents().failed().count()).isEqualTo(1);
  }

  @Test
  void should_select_files_by_glob_and_take_a_single_file() {
    assertThat(results.testEvents().succeeded().stream().map(e -> e.getTestDescriptor().getUniqueId().toString()))
        .filteredOn(id -> id.contains("selected_files") || id.contains("single_file")).hasSize(2);
  }

  @Test
  void should_retry_dynamic_tests() {
    assertThat(SuiteCase.dynamicAttempts).hasValue(2);
    assertThat(Kit.passed(results)).contains("second time lucky");
    assertThat(Kit.entries(results, "browserflow.flaky")).hasSize(1);
  }

  @FlowTest(serve = "classpath:site")
  static class SuiteCase {
    static final AtomicInteger dynamicAttempts = new AtomicInteger();

    @TestFactory
    Stream<DynamicTest> whole_folder() {
      return FlowTests.from("classpath:suite/");
    }

    @TestFactory
    Stream<DynamicTest> selected_files() {
      return FlowTests.from("classpath:suite/", "b-*");
    }

    @TestFactory
    Stream<DynamicTest> single_file() {
      return FlowTests.from("classpath:flows/visits.flow.json");
    }

    @TestFactory
    @FlowRetries(1)
    Stream<DynamicTest> plain_dynamic_test() {
      return Stream.of(DynamicTest.dynamicTest("second time lucky", () -> {
        if (dynamicAttempts.incrementAndGet() == 1) {
          throw new IllegalStateException("not yet");
        }
      }));
    }
  }
}
