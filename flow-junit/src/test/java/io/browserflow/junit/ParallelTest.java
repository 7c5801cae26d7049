package io.browserflow.junit;

import static io.browserflow.junit.FlowAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Parallel execution: tests of a class really run at once, each in its own context; a test handed
 * a Playwright Page runs alone within its class.
 */
@Tag("browser")
class ParallelTest {
  static EngineExecutionResults results;

  @BeforeAll
  static void run() {
    results = Kit.run(List.of(ConcurrentCase.class, PageCase.class),
        "junit.jupiter.execution.parallel.enabled", "true",
        "junit.jupiter.execution.parallel.mode.default", "concurrent",
        "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
        "junit.jupiter.execution.parallel.config.strategy", "fixed",
        "junit.jupiter.execution.parallel.config.fixed.parallelism", "6");
  }

  @Test
  void should_run_flow_tests_of_a_class_at_the_same_time_each_in_its_own_context() {
    assertThat(results.testEvents().failed().count()).as(Kit.passed(results).toString()).isZero();
    assertThat(Kit.passed(results)).contains("first(FlowRunner)", "second(FlowRunner)", "third(FlowRunner)");
    assertThat(ConcurrentCase.threads).hasSize(3);
    assertThat(ConcurrentCase.visits).containsOnly("visit 2").hasSize(3);
  }

  @Test
  void should_run_a_test_with_a_page_alone_within_its_class() {
    assertThat(Kit.passed(results)).contains("with_page(FlowRunner, Page)", "flow_a(FlowRunner)", "flow_b(FlowRunner)");
    assertThat(PageCase.othersSeenByThePageTest).containsOnly(0);
  }

  /** Three flow tests that wait for each other: they pass only if they run at the same time. */
  @FlowTest(serve = "classpath:site")
  static class ConcurrentCase {
    static final CyclicBarrier together = new CyclicBarrier(3);
    static final Set<String> threads = ConcurrentHashMap.newKeySet();
    static final List<String> visits = new CopyOnWriteArrayList<>();

    private static void visitTwice(FlowRunner flows) throws Exception {
      threads.add(Thread.currentThread().getName());
      assertThat(flows.run("classpath:flows/visits.flow.json")).succeeded().output("steps.visits.text").isEqualTo("visit 1");
      together.await(30, TimeUnit.SECONDS);
      // the second visit of this context: no other test's pages share its storage
      visits.add(flows.run("classpath:flows/visits.flow.json").outputs().get("steps.visits.text"));
    }

    @Test
    void first(FlowRunner flows) throws Exception {
      visitTwice(flows);
    }

    @Test
    void second(FlowRunner flows) throws Exception {
      visitTwice(flows);
    }

    @Test
    void third(FlowRunner flows) throws Exception {
      visitTwice(flows);
    }
  }

  @FlowTest(serve = "classpath:site")
  static class PageCase {
    static final AtomicInteger running = new AtomicInteger();
    static final List<Integer> othersSeenByThePageTest = new CopyOnWriteArrayList<>();

    private static void flow(FlowRunner flows) {
      running.incrementAndGet();
      try {
        assertThat(flows.run("classpath:flows/visits.flow.json")).succeeded();
      } finally {
        running.decrementAndGet();
      }
    }

    @Test
    void flow_a(FlowRunner flows) {
      flow(flows);
    }

    @Test
    void flow_b(FlowRunner flows) {
      flow(flows);
    }

    @Test
    void with_page(FlowRunner flows, Page page) {
      othersSeenByThePageTest.add(running.get());
      assertThat(flows.run("classpath:flows/save-name.flow.json")).succeeded();
      page.getByTestId("name").fill("Playwright");
      page.getByTestId("save").click();
      assertThat(page.getByTestId("status").textContent()).isEqualTo("Saved Playwright");
      othersSeenByThePageTest.add(running.get());
    }
  }
}
