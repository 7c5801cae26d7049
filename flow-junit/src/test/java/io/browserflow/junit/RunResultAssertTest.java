package io.browserflow.junit;

import static io.browserflow.junit.FlowAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.ErrorCode;
import io.browserflow.engine.ConsoleLine;
import io.browserflow.engine.RequestLine;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.StepState;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** FlowAssertions on results built by hand: what passes, and what a failure says. */
class RunResultAssertTest {
  private static RunResult.Builder run(RunStatus status) {
    return RunResult.builder().runId("r1").flowId("search").flowName("Search one device").flowDigest("d")
        .status(status).startedAt(Instant.EPOCH).tookMs(1200);
  }

  private static StepResult.Builder step(String path, String id, StepState state) {
    return StepResult.builder().path(path).stepId(id).op("click").state(state).tookMs(10);
  }

  private static final RunResult PASSED = run(RunStatus.SUCCEEDED)
      .addSteps(step("steps[0]", "open", StepState.VERIFIED).op("open").build())
      .addSteps(step("steps[1]", "search", StepState.VERIFIED).title("Search").winner(1).fallbackUsed(true)
          .candidates("testId \"search\" matched 0, role button \"Search\" matched 1").build())
      .outputs(Map.of("steps.total.text", "23"))
      .build();

  private static final RunResult FAILED = run(RunStatus.FAILED)
      .addSteps(step("steps[0]", "open", StepState.VERIFIED).op("open").build())
      .addSteps(step("steps[1].body[0]", "save", StepState.FAILED).title("Save the form").iteration("2")
          .errorCode(ErrorCode.TARGET_NOT_FOUND).message("no candidate matched exactly one element")
          .candidates("testId \"save\" matched 0, css \".btn\" matched 0").url("http://127.0.0.1:8080/form.html")
          .addArtifacts("/reports/save-2-failure.png", "/reports/trace.zip")
          .addConsole(ConsoleLine.of(ConsoleLine.Kind.ERROR, "save failed: 500", Optional.of("http://127.0.0.1:8080/app.js:12:3")))
          .addRequests(RequestLine.builder().method("POST").url("http://127.0.0.1:8080/api/save").status(500).ms(14).build())
          .droppedActivity(3).build())
      .errorCode(ErrorCode.TARGET_NOT_FOUND).errorMessage("no candidate matched exactly one element")
      .errorPath("steps[1].body[0]")
      .build();

  @Test
  void should_pass_on_what_holds() {
    assertThat(PASSED).succeeded().output("steps.total.text").isEqualTo("23");
    assertThat(PASSED).outputs().containsOnlyKeys("steps.total.text");
    assertThat(PASSED).tookLessThan(Duration.ofSeconds(2));
    assertThat(FAILED).failed().failedWith(ErrorCode.TARGET_NOT_FOUND).failedAt("steps[1].body[0]");
  }

  @Test
  void should_report_a_failed_run_with_step_code_candidates_url_screenshot_and_trace() {
    assertThatThrownBy(() -> assertThat(FAILED).succeeded()).isInstanceOf(AssertionError.class)
        .hasMessageContaining("flow \"Search one device\" (search) failed at steps[1].body[0] (iteration 2) \"Save the form\" "
            + "(click save): TARGET_NOT_FOUND")
        .hasMessageContaining("candidates:  testId \"save\" matched 0, css \".btn\" matched 0")
        .hasMessageContaining("url:         http://127.0.0.1:8080/form.html")
        .hasMessageContaining("screenshot:  /reports/save-2-failure.png")
        .hasMessageContaining("trace:       /reports/trace.zip")
        .hasMessageContaining("open it with: browserflow show-trace /reports/trace.zip")
        .hasMessageContaining("page said:   console error: save failed: 500 (http://127.0.0.1:8080/app.js:12:3)")
        .hasMessageContaining("request:     POST http://127.0.0.1:8080/api/save -> 500 (14 ms)")
        .hasMessageContaining("and:         3 more console lines or requests (see the trace)")
        .hasMessageContaining("1 step verified, 1200 ms");
  }

  @Test
  void should_list_the_steps_that_fell_back() {
    assertThatThrownBy(() -> assertThat(PASSED).usedNoFallback())
        .hasMessageContaining("but 1 step did:")
        .hasMessageContaining("steps[1] \"Search\" (click search): candidate 2 won; testId \"search\" matched 0");
  }

  @Test
  void should_list_the_outputs_there_are_when_one_is_missing() {
    assertThatThrownBy(() -> assertThat(PASSED).output("steps.meter.text"))
        .hasMessageContaining("has no output steps.meter.text; its outputs are steps.total.text");
    assertThatThrownBy(() -> assertThat(PASSED).output("steps.total.text").isEqualTo("24"))
        .hasMessageContaining("output steps.total.text of flow \"Search one device\"");
  }

  @Test
  void should_say_what_was_expected_of_a_run_that_went_otherwise() {
    assertThatThrownBy(() -> assertThat(PASSED).failed()).hasMessageContaining("to fail, but it succeeded in 1200 ms");
    assertThatThrownBy(() -> assertThat(FAILED).failedWith(ErrorCode.CHECK_FAILED))
        .hasMessageContaining("to fail with CHECK_FAILED, but:").hasMessageContaining("TARGET_NOT_FOUND");
    assertThatThrownBy(() -> assertThat(FAILED).failedAt("steps[0]")).hasMessageContaining("to fail at steps[0]");
  }
}
