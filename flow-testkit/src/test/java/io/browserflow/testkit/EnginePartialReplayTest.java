package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.testkit.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunHandle;
import io.browserflow.engine.RunListener;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.StepState;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Replay from a step, a trial run up to a step, breakpoints and single steps. */
class EnginePartialReplayTest {
  private final FlowEngine engine = EngineFixtures.engine(EngineFixtures.app().build()).build();

  private static Flow search() {
    return Flow.named("search")
        .open(APP + "/home").id("open")
        .setVar("device", "A1").id("set")
        .fill(placeholder("Device ID"), "${vars.device}").id("fill")
        .click(testId("search")).id("search").expect(visible(css("#results")))
        .read(css("td.total")).id("total")
        .build();
  }

  private static List<String> states(RunResult r) {
    return r.steps().stream().map(s -> s.stepId() + ":" + s.state() + s.iteration().map(i -> "#" + i).orElse("")).toList();
  }

  @Test
  void should_end_a_trial_run_right_after_the_until_step() {
    RunResult r = engine.run(search(), Inputs.empty(), RunOptions.builder().replayUntil("fill").build());

    assertThat(r.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(states(r)).containsExactly("open:VERIFIED", "set:VERIFIED", "fill:VERIFIED");
  }

  @Test
  void should_skip_the_steps_before_the_from_step_but_reopen_the_page() {
    RunResult r = engine.run(search(), Inputs.empty(), RunOptions.builder().replayFrom("search").build());

    assertThat(r.errorMessage()).isEmpty();
    assertThat(states(r)).containsExactly("open:VERIFIED", "set:SKIPPED", "fill:SKIPPED", "search:VERIFIED", "total:VERIFIED");
    assertThat(r.steps().get(1).message().orElse(r.steps().get(1).toString())).contains("RunOptions.replayFrom search");
    assertThat(r.outputs()).containsEntry("steps.total.text", "42").doesNotContainKey("vars.device");
  }

  @Test
  void should_leave_out_a_flow_output_made_of_skipped_steps() {
    Flow flow = Flow.named("outputs").open(APP + "/home").read(css("td.total")).id("total")
        .click(testId("save")).id("save")
        .output("total", "${steps.total.text}").output("page", "home")
        .build();

    RunResult r = engine.run(flow, Inputs.empty(), RunOptions.builder().replayFrom("save").build());
    RunResult whole = engine.run(flow, Inputs.empty());

    assertThat(r.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(r.outputs()).containsEntry("outputs.page", "home").doesNotContainKey("outputs.total");
    assertThat(whole.outputs()).containsEntry("outputs.total", "42");
  }

  @Test
  void should_start_in_the_first_iteration_of_a_loop_and_run_the_later_ones_whole() {
    Flow flow = Flow.named("loop").open(APP + "/home")
        .repeat(3, r -> r.setVar("at", "${loop.index}").id("mark").click(testId("save")).id("save")).id("again")
        .build();

    RunResult r = engine.run(flow, Inputs.empty(), RunOptions.builder().replayFrom("save").build());

    assertThat(r.errorMessage()).isEmpty();
    assertThat(states(r)).containsSubsequence("mark:SKIPPED#0", "save:VERIFIED#0", "mark:VERIFIED#1", "save:VERIFIED#1",
        "mark:VERIFIED#2", "save:VERIFIED#2");
  }

  @Test
  void should_take_the_branch_that_holds_the_from_step_without_testing_the_condition() {
    Flow flow = Flow.named("branch").open(APP + "/home").setVar("mode", "fast").id("mode")
        .ifThenElse(varEquals("${vars.mode}", "fast"), fast -> fast.click(testId("save")).id("quick"),
            slow -> slow.read(css("td.total")).id("careful")).id("which")
        .build();

    RunResult r = engine.run(flow, Inputs.empty(), RunOptions.builder().replayFrom("careful").build());

    assertThat(r.errorMessage()).isEmpty();
    assertThat(states(r)).containsExactly("open-1:VERIFIED", "mode:SKIPPED", "careful:VERIFIED", "which:VERIFIED");
  }

  @Test
  void should_refuse_an_unknown_step_and_a_loop_that_never_reaches_the_from_step() {
    RunResult unknown = engine.run(search(), Inputs.empty(), RunOptions.builder().replayFrom("nope").build());
    Flow empty = Flow.named("empty").open(APP + "/home").foreach(values(), e -> e.click(testId("save")).id("inner")).id("each").build();
    RunResult never = engine.run(empty, Inputs.empty(), RunOptions.builder().replayFrom("inner").build());

    assertThat(unknown.errorCode()).hasValue(ErrorCode.INVALID_FLOW);
    assertThat(unknown.errorMessage().orElseThrow()).contains("RunOptions.replayFrom names the step nope");
    assertThat(never.errorCode()).hasValue(ErrorCode.CHECK_FAILED);
    assertThat(never.errorMessage().orElseThrow()).contains("foreach each", "without reaching it");
  }

  @Test
  void should_run_one_step_at_a_time_in_single_step_mode() throws Exception {
    List<String> started = new CopyOnWriteArrayList<>();
    List<String> paused = new CopyOnWriteArrayList<>();
    FlowEngine stepping = EngineFixtures.engine(EngineFixtures.app().build()).listener(new RunListener() {
      @Override
      public void stepStarted(String runId, String path, String stepId, String iteration) {
        started.add(stepId);
      }

      @Override
      public void stepPaused(String runId, String path, String stepId, String iteration) {
        paused.add(stepId);
      }
    }).build();

    RunHandle run = stepping.start(search(), Inputs.empty(), RunOptions.builder().singleStep(true).build());
    awaitPaused(run, paused, 1);
    assertThat(started).isEmpty();
    run.step();
    awaitPaused(run, paused, 2);
    assertThat(started).containsExactly("open");
    run.step();
    awaitPaused(run, paused, 3);
    assertThat(started).containsExactly("open", "set");
    run.resume();
    RunResult r = run.await();

    assertThat(r.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(paused).containsExactly("open", "set", "fill");
    assertThat(r.steps()).extracting(StepResult::state).containsOnly(StepState.VERIFIED);
  }

  @Test
  void should_pause_where_a_listener_asks_and_go_on_when_resumed() throws Exception {
    List<String> paused = new CopyOnWriteArrayList<>();
    FlowEngine breaking = EngineFixtures.engine(EngineFixtures.app().build()).listener(new RunListener() {
      @Override
      public boolean pauseBefore(String runId, String path, String stepId, String iteration) {
        return stepId.equals("search");
      }

      @Override
      public void stepPaused(String runId, String path, String stepId, String iteration) {
        paused.add(path + " " + stepId);
      }
    }).build();

    RunHandle run = breaking.start(search(), Inputs.empty(), RunOptions.defaults());
    awaitPaused(run, paused, 1);
    assertThat(run.await(Duration.ofMillis(200))).isEmpty();
    run.resume();

    assertThat(run.await().status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(paused).containsExactly("steps[3] search");
  }

  private static void awaitPaused(RunHandle run, List<String> paused, int count) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while ((paused.size() < count || !run.isPaused()) && System.nanoTime() < end) {
      Thread.sleep(5);
    }
    assertThat(paused).hasSize(count);
    assertThat(run.isPaused()).isTrue();
  }
}
