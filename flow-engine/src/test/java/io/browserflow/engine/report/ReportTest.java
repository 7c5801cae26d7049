package io.browserflow.engine.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowFormatException;
import io.browserflow.engine.ConsoleLine;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.StepState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What makes a flow flaky, the history file, and what the HTML report says and in which order. */
class ReportTest {
  @TempDir
  Path dir;

  private static RunResult.Builder run(String id, RunStatus status) {
    return RunResult.builder().runId("r-" + id).flowId(id).flowName("Flow " + id).flowDigest("d")
        .status(status).startedAt(Instant.parse("2026-12-02T10:00:00Z")).tookMs(300);
  }

  private static StepResult.Builder step(String path, String id, StepState state) {
    return StepResult.builder().path(path).stepId(id).op("click").state(state).tookMs(100);
  }

  private static final RunResult PASSED = run("ok", RunStatus.SUCCEEDED)
      .addSteps(step("steps[0]", "go", StepState.VERIFIED).winner(0).locator("role button \"Go\"").startMs(5).build()).build();
  private static final RunResult FAILED = run("broken", RunStatus.FAILED)
      .addSteps(step("steps[0]", "open", StepState.VERIFIED).op("open").startMs(0).build())
      .addSteps(step("steps[1]", "send", StepState.FAILED).title("Send <it>").startMs(100)
          .errorCode(ErrorCode.TARGET_NOT_FOUND).message("no candidate matched exactly one element")
          .candidates("role button \"Send\" matched 0")
          .addConsole(ConsoleLine.of(ConsoleLine.Kind.ERROR, "send failed", Optional.empty())).build())
      .errorCode(ErrorCode.TARGET_NOT_FOUND).errorPath("steps[1]").errorMessage("no candidate matched exactly one element")
      .trace("/runs/broken/trace.zip").build();
  private static final RunResult FELL_BACK = run("fallback", RunStatus.SUCCEEDED)
      .addSteps(step("steps[0]", "save", StepState.VERIFIED).winner(1).fallbackUsed(true).locator("testId \"save\"")
          .attempts(2).build()).build();

  @Test
  void should_call_flaky_what_passed_on_a_retry_or_alternates_across_runs() {
    assertThat(ReportItem.of(PASSED).flaky()).isFalse();
    assertThat(ReportItem.of(FELL_BACK).passedOnRetry()).as("a step needed 2 attempts").isTrue();
    assertThat(ReportItem.builder().result(PASSED).addEarlierAttempts(FAILED).build().flaky()).isTrue();
    assertThat(ReportItem.builder().result(PASSED).addHistory(RunStatus.FAILED).build().flaky())
        .as("fixed once is not flaky").isFalse();
    assertThat(ReportItem.builder().result(PASSED).addHistory(RunStatus.SUCCEEDED, RunStatus.FAILED).build().alternates())
        .isTrue();
    assertThat(ReportItem.builder().result(FAILED).addHistory(RunStatus.FAILED, RunStatus.FAILED).build().flaky()).isFalse();
  }

  @Test
  void should_keep_the_last_outcomes_per_key_across_loads() throws Exception {
    Path file = dir.resolve("nested/history.json");
    FlowHistory h = FlowHistory.load(file, 2);
    assertThat(h.outcomes("a")).isEmpty();
    h.record("a", PASSED);
    h.record("a", FAILED);
    h.record("a", PASSED);
    h.record("b", FAILED);
    h.save();

    FlowHistory again = FlowHistory.load(file, 2);

    assertThat(again.outcomes("a")).containsExactly(RunStatus.FAILED, RunStatus.SUCCEEDED);
    assertThat(again.outcomes("b")).containsExactly(RunStatus.FAILED);
    assertThat(Files.readString(file)).contains("browserflow-history/1").doesNotContain("no candidate");
  }

  @Test
  void should_refuse_a_file_that_is_not_a_history_saying_what_to_do() throws Exception {
    Path file = Files.writeString(dir.resolve("history.json"), "{\"outcomes\": {\"a\": [{\"status\": \"MAYBE\"}]}}");

    assertThatThrownBy(() -> FlowHistory.load(file, 10)).isInstanceOf(FlowFormatException.class)
        .hasMessageContaining("is not a BrowserFlow history file").hasMessageContaining("delete it");
  }

  @Test
  void should_inline_only_png_screenshots_and_run_only_its_own_script() throws Exception {
    // a results.json from elsewhere (merge-reports) names a local file that is no screenshot
    Path stolen = java.nio.file.Files.writeString(dir.resolve("passwd-failure.png"), "root:x:0:0:secret-line");
    Path shot = java.nio.file.Files.write(dir.resolve("send-failure.png"),
        new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13});
    RunResult twoShots = run("shots", RunStatus.FAILED).addSteps(step("steps[0]", "send", StepState.FAILED)
        .errorCode(ErrorCode.TARGET_NOT_FOUND).addArtifacts(stolen.toString(), shot.toString()).build())
        .errorCode(ErrorCode.TARGET_NOT_FOUND).errorPath("steps[0]").build();

    String html = HtmlReport.render(List.of(ReportItem.of(twoShots)), Instant.EPOCH);

    assertThat(html).contains("passwd-failure.png</code> (not a PNG)")
        .doesNotContain(java.util.Base64.getEncoder().encodeToString("root:x:0:0:secret-line".getBytes()))
        .contains("src=\"data:image/png;base64,iVBORw0KGgo");
    assertThat(html).containsPattern("Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
        + "style-src 'unsafe-inline'; script-src 'sha256-[A-Za-z0-9+/=]{44}'");
  }

  @Test
  void should_show_failed_flows_first_each_opening_with_its_failed_step() {
    String html = HtmlReport.render(List.of(ReportItem.of(PASSED), ReportItem.of(FELL_BACK), ReportItem.of(FAILED)),
        Instant.EPOCH);

    int failed = html.indexOf("data-category=\"failed\"");
    int flaky = html.indexOf("data-category=\"flaky\"");
    int passed = html.indexOf("data-category=\"passed\"");
    assertThat(failed).isPositive().isLessThan(flaky);
    assertThat(flaky).isLessThan(passed);
    String broken = html.substring(failed, flaky);
    assertThat(broken.indexOf("class=\"failure\"")).as("the failure before the timeline")
        .isLessThan(broken.indexOf("class=\"timeline\""));
    assertThat(broken).contains("Send &lt;it&gt;", "TARGET_NOT_FOUND", "role button \"Send\" matched 0".replace("\"", "&quot;"),
        "console error: send failed", "browserflow show-trace /runs/broken/trace.zip");
    assertThat(html).contains("promote <code>testId &quot;save&quot;</code> to first")
        .contains("locator <code>role button &quot;Go&quot;</code>")
        .contains("2 of 3 flows succeeded.").contains("1 failed · 1 flaky · 1 passed")
        .doesNotContain("<it>");
  }
}
