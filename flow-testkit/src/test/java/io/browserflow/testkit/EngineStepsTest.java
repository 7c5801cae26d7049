package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.testkit.EngineFixtures.APP;
import static io.browserflow.testkit.EngineFixtures.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.StepState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every step kind runs through the engine on the in-memory driver. */
class EngineStepsTest {
  @TempDir
  Path dir;

  private final FlowEngine engine = EngineFixtures.engine(EngineFixtures.app().build()).build();


  @Test
  void should_log_in_search_and_read_an_output() {
    Flow flow = Flow.named("login and search")
        .input("DEVICE", defaultValue("A1"))
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .open(APP + "/login")
        .fill(testId("user"), "ann")
        .fill(label("Password"), "${credential.PASSWORD}")
        .click(role("button", "Sign in")).expect(urlMatches("**/home"))
        .fill(placeholder("Device ID"), "${DEVICE}").expect(hasValue(testId("device"), "${DEVICE}"))
        .click(testId("search")).expect(visible(css("#results")))
        .read(css("td.total")).id("total")
        .assertThat(varEquals("${steps.total.text}", "42"))
        .build();

    RunResult result = engine.run(flow, Inputs.builder().credential("PASSWORD", SECRET).build());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.steps()).extracting(StepResult::state).containsOnly(StepState.VERIFIED);
    assertThat(result.steps()).hasSize(8);
    assertThat(result.outputs()).containsEntry("steps.total.text", "42");
    assertThat(result.steps().get(3).winner()).hasValue(0);
    assertThat(result.flowDigest()).hasSize(64);
  }

  @Test
  void should_run_interactions_and_checks() {
    Flow flow = Flow.named("interactions")
        .open(APP + "/home")
        .select(testId("mode"), "s").expect(hasValue(testId("mode"), "s"))
        .selectLabel(testId("mode"), "Fast").expect(hasValue(testId("mode"), "f"))
        .check(testId("agree")).expect(checked(testId("agree")))
        .uncheck(testId("agree")).expect(unchecked(testId("agree")))
        .toggle(testId("agree")).expect(checked(testId("agree")))
        .hover(testId("save"))
        .type(testId("device"), "X9").expect(hasValue(testId("device"), "X9"))
        .press(testId("device"), "Tab")
        .waitFor(visible(testId("late")))
        .click(testId("save")).expect(hasText(css("#status"), "Saved"))
        .assertThat(titleMatches("Home"))
        .scrollBy(0, 200)
        .viewport(800, 600)
        .build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.steps()).hasSize(14);
  }

  @Test
  void should_enter_frames_and_tabs() {
    Flow flow = Flow.named("frames and tabs")
        .open(APP + "/home")
        .frame("name:detail")
        .click(testId("inner")).expect(hasText(css("#msg"), "Inner done"))
        .frameMain()
        .click(testId("report")).newTab("report").expect(titleMatches("Home"))
        .tabSwitch("report").expect(titleMatches("Report"))
        .tabSwitch("main").expect(titleMatches("Home"))
        .tabClose("report")
        .assertThat(titleMatches("Home"))
        .navigate(APP + "/list1").back().expect(titleMatches("Home")).forward().reload()
        .build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
  }

  @Test
  void should_iterate_table_rows_scraped_items_and_literal_values() {
    Flow flow = Flow.named("loops")
        .table(List.of("DEVICE"), List.of(List.of("A1"), List.of("B2"), List.of("C3")))
        .open(APP + "/home")
        .foreach(tableRows(), row -> row
            .fill(testId("device"), "${loop.row.DEVICE}").expect(hasValue(testId("device"), "${loop.row.DEVICE}")))
        .scrape(css("#links"), Step.ScrapeMode.LINKS).id("links")
        .foreach(items("${steps.links.items}"), link -> link.setVar("last", "${loop.row.text}"))
        .foreach(values("x", "y"), v -> v.fill(testId("device"), "${loop.item}-${loop.index}"))
        .assertThat(hasValue(testId("device"), "y-1"))
        .repeat(3, r -> r.setVar("count", "${loop.index}"))
        .assertThat(varEquals("${vars.count}", "2"))
        .assertThat(varEquals("${vars.last}", "Beta"))
        .build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.outputs()).containsEntry("steps.links.count", "2").containsEntry("vars.last", "Beta");
    assertThat(result.steps()).filteredOn(s -> s.stepId().equals("fill-1")).extracting(s -> s.iteration().orElse(""))
        .containsExactly("0", "1", "2");
  }

  @Test
  void should_branch_and_loop_while_a_condition_holds() {
    Flow flow = Flow.named("branches")
        .open(APP + "/home")
        .ifThenElse(visible(css("#results")),
            then -> then.setVar("branch", "then"),
            otherwise -> otherwise.setVar("branch", "else"))
        .setVar("n", "go")
        .repeatWhile(varEquals("${vars.n}", "go"), 5, w -> w.setVar("n", "stop"))
        .assertThat(varEquals("${vars.branch}", "else"))
        .build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.outputs()).containsEntry("vars.branch", "else").containsEntry("vars.n", "stop");
    assertThat(result.steps()).filteredOn(s -> s.op().equals("if")).singleElement()
        .satisfies(s -> assertThat(s.message()).hasValue("else"));
  }

  @Test
  void should_fail_a_while_loop_that_exceeds_its_max() {
    Flow flow = Flow.named("endless")
        .setVar("n", "go")
        .repeatWhile(varEquals("${vars.n}", "go"), 3, w -> w.setVar("other", "x"))
        .build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).hasValue(io.browserflow.api.ErrorCode.LIMIT_EXCEEDED);
    assertThat(result.errorPath()).hasValue("steps[1]");
    assertThat(result.steps()).filteredOn(s -> s.stepId().equals("setVar-2")).hasSize(3);
  }

  @Test
  void should_paginate_until_next_is_gone() {
    Flow flow = Flow.named("pages")
        .open(APP + "/list1")
        .paginate(testId("next"), 10, page -> page.scrapeAttributes(css("p.item"), "class").id("items"))
        .id("pages")
        .build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.outputs()).containsEntry("steps.pages.pages", "3");
    assertThat(result.steps()).filteredOn(s -> s.stepId().equals("items")).hasSize(3);
  }

  @Test
  void should_import_and_export_csv() throws Exception {
    Files.writeString(dir.resolve("in.csv"), "name,city\nAnn,Oslo\n\"Bo, Jr\",Lima\n");
    Flow flow = Flow.named("csv")
        .csvImport("in.csv").id("people")
        .foreach(items("${steps.people.items}"), p -> p.setVar("city", "${loop.row.city}"))
        .csvExport("${steps.people.items}", "out/copy.csv").id("copy")
        .build();

    RunResult result = engine.run(flow, Inputs.empty(), RunOptions.builder().workDir(dir).build());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.outputs()).containsEntry("steps.people.count", "2").containsEntry("vars.city", "Lima");
    assertThat(Files.readString(dir.resolve("out/copy.csv"))).isEqualTo("name,city\r\nAnn,Oslo\r\n\"Bo, Jr\",Lima\r\n");
  }

  @Test
  void should_take_screenshots_into_the_run_artifacts() {
    FlowEngine stored = EngineFixtures.engine(EngineFixtures.app().build()).storeDirectory(dir.resolve("runs")).build();
    Flow flow = Flow.named("shots").open(APP + "/home").screenshot("home.png").id("shot").build();

    RunResult result = stored.run(flow, Inputs.empty());

    assertThat(result.outputs().get("steps.shot.path")).endsWith("home.png");
    assertThat(Path.of(result.outputs().get("steps.shot.path"))).exists().startsWith(dir.resolve("runs"));
    assertThat(result.steps().get(1).artifacts()).hasSize(1);
  }

  @Test
  void should_hand_manual_steps_to_the_handler() {
    Flow flow = Flow.named("manual").open(APP + "/home").manual("Solve the captcha").id("captcha").build();

    RunResult refused = engine.run(flow, Inputs.empty());
    List<String> handled = new java.util.ArrayList<>();
    RunResult done = EngineFixtures.engine(EngineFixtures.app().build())
        .manualStepHandler((id, instructions, session) -> handled.add(id + ": " + instructions)).build()
        .run(flow, Inputs.empty());

    assertThat(refused.errorCode()).hasValue(io.browserflow.api.ErrorCode.MANUAL_STEP_REQUIRED);
    assertThat(done.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(handled).containsExactly("captcha: Solve the captcha");
  }

  @Test
  void should_let_fixed_waits_pass_on_the_page() {
    Flow flow = Flow.named("fixed wait").open(APP + "/home").waitMs(400).assertThat(visible(testId("late")))
        .timeoutMs(100).build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
  }

  @Test
  void should_run_iterations_concurrently_each_in_its_own_tab() {
    Flow flow = Flow.named("concurrent")
        .table(List.of("DEVICE"), List.of(List.of("A1"), List.of("B2"), List.of("C3"), List.of("D4")))
        .open(APP + "/home")
        .foreach(tableRows(), 3, row -> row
            .fill(testId("device"), "${loop.row.DEVICE}").expect(hasValue(testId("device"), "${loop.row.DEVICE}"))
            .click(testId("search")).expect(visible(css("#results"))))
        .assertThat(hidden(css("#results")))
        .build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.steps()).filteredOn(s -> s.stepId().equals("fill-1")).extracting(s -> s.iteration().get())
        .containsExactlyInAnyOrder("0", "1", "2", "3");
    assertThat(result.steps()).filteredOn(s -> s.op().equals("foreach")).singleElement()
        .satisfies(s -> assertThat(s.message()).hasValue("4 items, up to 3 at once"));
  }

  @Test
  void should_run_iterations_one_at_a_time_when_the_driver_cannot_fork() {
    Flow flow = Flow.named("no fork")
        .foreach(values("a", "b"), 2, v -> v.click(testId("${loop.item}")))
        .build();

    RunResult result = FlowEngine.builder().driver(NoOpPageDriver.create()).build().run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.steps()).filteredOn(s -> s.op().equals("foreach")).singleElement()
        .satisfies(s -> assertThat(s.message().get()).startsWith("2 items one at a time: "));
  }

  @Test
  void should_skip_disabled_steps_and_report_them() {
    Flow flow = Flow.named("disabled").open(APP + "/home").click(text("Save")).disabled().build();

    RunResult result = engine.run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.steps().get(1).state()).isEqualTo(StepState.SKIPPED);
  }
}
