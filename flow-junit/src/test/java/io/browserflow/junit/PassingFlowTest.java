package io.browserflow.junit;

import static io.browserflow.api.dsl.Dsl.hasExactText;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.junit.FlowAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import io.browserflow.api.Flow;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** A @FlowTest class whose tests pass: runner, DSL flow, engine, mixed Playwright, contexts shared within a test. */
@Tag("browser")
class PassingFlowTest {
  static EngineExecutionResults results;

  @BeforeAll
  static void run() {
    results = Kit.run(PassingCase.class, "browserflow.credential.USERNAME", "ada", "browserflow.credential.PASSWORD", "s3cret-pw");
  }

  @Test
  void should_pass_every_test_of_the_class() {
    assertThat(results.testEvents().failed().count()).as(Kit.passed(results).toString()).isZero();
    assertThat(Kit.passed(results)).containsExactlyInAnyOrder("json_flow_from_the_class_path(FlowRunner)",
        "dsl_flow_with_inputs(FlowRunner)", "flows_of_one_test_share_its_context(FlowRunner, Page, BrowserContext)",
        "engine_runs_in_a_fresh_context(FlowEngine, FlowRunner)", "credentials_from_configuration(FlowRunner)");
  }

  @Test
  void should_publish_a_summary_of_every_run() {
    assertThat(Kit.entries(results, "browserflow.run")).isNotEmpty()
        .allSatisfy(e -> assertThat(e).contains("SUCCEEDED"))
        .anySatisfy(e -> assertThat(e).contains("flow \"Save a name\" (save-name)"));
    assertThat(Kit.entries(results, "browserflow.failure")).isEmpty();
  }

  @FlowTest(serve = "classpath:site")
  static class PassingCase {
    @Test
    void json_flow_from_the_class_path(FlowRunner flows) {
      RunResult result = flows.run("classpath:flows/save-name.flow.json");
      assertThat(result).succeeded().usedNoFallback().output("steps.status.text").isEqualTo("Saved Ada");
    }

    @Test
    void dsl_flow_with_inputs(FlowRunner flows) {
      Flow flow = Flow.named("Save a typed name")
          .input("BASE_URL").input("WHO")
          .open("${BASE_URL}/form.html")
          .fill(testId("name"), "${WHO}").id("who")
          .click(testId("save")).id("save").expect(hasExactText(testId("status"), "Saved ${WHO}"))
          .build();
      assertThat(flows.run(flow, Inputs.of(Map.of("WHO", "Grace")))).succeeded();
    }

    @Test
    void flows_of_one_test_share_its_context(FlowRunner flows, Page page, BrowserContext context) {
      assertThat(flows.run("classpath:flows/save-name.flow.json")).succeeded();
      // the flow left the page on the form, in this test's context: plain Playwright sees it
      assertThat(page.url()).endsWith("/form.html");
      assertThat(page.getByTestId("status").textContent()).isEqualTo("Saved Ada");
      assertThat(context.pages()).containsExactly(page);
      // a second flow runs in the same context: sessionStorage counts the second visit
      assertThat(flows.run("classpath:flows/save-name.flow.json")).succeeded();
      assertThat(page.getByTestId("visits").textContent()).isEqualTo("visit 2");
    }

    @Test
    void engine_runs_in_a_fresh_context(FlowEngine engine, FlowRunner flows) {
      Flow flow = flows.load("classpath:flows/visits.flow.json");
      assertThat(flows.run(flow)).succeeded().output("steps.visits.text").isEqualTo("visit 1");
      // the engine's run opens its own context: the test's first visit is not counted there
      RunResult run = engine.run(flow, Inputs.of(Map.of("BASE_URL", flows.defaultOptions().allowOrigins().get(0))));
      assertThat(run).succeeded().output("steps.visits.text").isEqualTo("visit 1");
    }

    @Test
    void credentials_from_configuration(FlowRunner flows) {
      assertThat(flows.run("classpath:flows/sign-in.flow.json")).succeeded();
    }
  }
}
