package io.browserflow.junit;

import static io.browserflow.junit.FlowAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Retries: each attempt in a fresh context; passing on a retry is reported as flaky; failing every attempt keeps all failures. */
@Tag("browser")
class RetryTest {
  @TempDir
  static Path reports;
  static EngineExecutionResults results;

  @BeforeAll
  static void run() {
    results = Kit.run(List.of(RetryCase.class, ClassRetriesCase.class), "browserflow.reportDir", reports.toString());
  }

  @Test
  void should_pass_a_test_that_passes_on_a_retry_and_report_it_as_flaky() {
    assertThat(Kit.passed(results)).contains("flaky_body(FlowRunner, Page)");
    assertThat(RetryCase.flakyAttempts).hasValue(2);
    assertThat(Kit.entries(results, "browserflow.flaky")).anySatisfy(e -> assertThat(e)
        .contains("FLAKY: passed on attempt 2 of 3", "attempt 1: AssertionError: first attempt fails on purpose"));
  }

  @Test
  void should_run_each_attempt_in_a_fresh_context_with_a_fresh_page() {
    assertThat(RetryCase.visits).containsExactly("visit 1", "visit 1");
  }

  @Test
  void should_fail_with_the_last_failure_and_keep_the_earlier_ones() {
    Throwable failure = Kit.failure(results.testEvents(), "always_fails");
    assertThat(RetryCase.failingAttempts).hasValue(2);
    assertThat(failure.getMessage()).contains("TARGET_AMBIGUOUS");
    assertThat(failure.getSuppressed()).hasSize(1);
    assertThat(failure.getSuppressed()[0].getMessage()).contains("TARGET_AMBIGUOUS");
    assertThat(Kit.entries(results, "browserflow.attempts")).containsExactly(
        "failed all 2 attempts; the earlier failures are attached as suppressed exceptions");
    Path testDir = reports.resolve(Names.safe(RetryCase.class.getName())).resolve("always_fails");
    assertThat(failure.getMessage()).contains(testDir.resolve("attempt-2").toString());
    assertThat(failure.getSuppressed()[0].getMessage()).doesNotContain("attempt-2");
  }

  @Test
  void should_not_retry_or_report_a_test_that_passes_at_once() {
    assertThat(Kit.passed(results)).contains("passes_at_once()");
    assertThat(Kit.entries(results, "browserflow.flaky")).hasSize(2).noneSatisfy(e -> assertThat(e).contains("passes_at_once"));
  }

  @Test
  void should_take_retries_from_the_annotation_of_the_class() {
    assertThat(Kit.passed(results)).contains("flaky_without_browser()");
    assertThat(ClassRetriesCase.attempts).hasValue(2);
    assertThat(Kit.entries(results, "browserflow.flaky")).anySatisfy(e -> assertThat(e).contains("passed on attempt 2 of 2"));
  }

  @FlowTest(serve = "classpath:site")
  static class RetryCase {
    static final AtomicInteger flakyAttempts = new AtomicInteger();
    static final AtomicInteger failingAttempts = new AtomicInteger();
    static final List<String> visits = new CopyOnWriteArrayList<>();

    @Test
    @FlowRetries(2)
    void flaky_body(FlowRunner flows, Page page) {
      int attempt = flakyAttempts.incrementAndGet();
      assertThat(flows.run("classpath:flows/visits.flow.json")).succeeded();
      visits.add(page.getByTestId("visits").textContent());
      if (attempt == 1) {
        throw new AssertionError("first attempt fails on purpose");
      }
    }

    @Test
    @FlowRetries(1)
    void always_fails(FlowRunner flows) {
      failingAttempts.incrementAndGet();
      assertThat(flows.run("classpath:flows/broken-save.flow.json")).succeeded();
    }

    @Test
    void passes_at_once() {
      assertThat(1 + 1).isEqualTo(2);
    }
  }

  @FlowTest(retries = 1)
  static class ClassRetriesCase {
    static final AtomicInteger attempts = new AtomicInteger();

    @Test
    void flaky_without_browser() {
      assertThat(attempts.incrementAndGet()).isEqualTo(2);
    }
  }
}
