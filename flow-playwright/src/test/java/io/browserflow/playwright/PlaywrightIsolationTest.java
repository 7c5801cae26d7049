package io.browserflow.playwright;

import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.textPresent;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seed 003's isolation promises through the engine: strict network deny fails the run at the first
 * blocked request (report-only lets it finish and lists it), and a download the flow does not declare
 * fails the run and leaves no file.
 */
@Tag("browser")
class PlaywrightIsolationTest extends ChromiumTest {
  private TestServer elsewhere;

  @BeforeEach
  void pages() {
    elsewhere = otherOriginServer();
    server.page("/ping", page("Ping", "<button data-testid=\"ping\" onclick=\"fetch('http://127.0.0.1:" + elsewhere.port()
        + "/api?key=s3cret').then(() => done('reached'), () => done('refused'))\">Ping</button><p id=\"out\"></p>"
        + "<script>function done(t) { document.getElementById('out').textContent = 'ping ' + t; }</script>"));
    server.file("/report.csv", "a,b\n1,2\n");
    server.page("/files", page("Files", "<a data-testid=\"get\" href=\"/report.csv\" download>Report</a><p>Files</p>"));
  }

  private RunResult run(Flow flow, RunOptions options) {
    try (FlowEngine engine = FlowEngine.builder().driver(driver).storeDirectory(tempDir.resolve("runs")).build()) {
      return engine.run(flow, Inputs.empty(), options);
    }
  }

  private Flow ping() {
    return Flow.named("ping").open(server.url("/ping"))
        .click(testId("ping")).id("ping")
        .assertThat(textPresent("ping refused")).id("answer")
        .click(testId("ping")).id("again")
        .build();
  }

  @Test
  void should_only_report_a_blocked_request_by_default() {
    RunResult result = run(ping(), RunOptions.builder().denyNetwork(true).build());

    assertThat(result.status()).as(String.valueOf(result.errorMessage())).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.blockedRequests()).contains(elsewhere.url("/api"));
    assertThat(elsewhere.requests()).isEmpty();
  }

  @Test
  void should_fail_the_run_at_the_first_blocked_request_when_strict() {
    RunResult result = run(ping(), RunOptions.builder().failOnBlockedRequest(true).build());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).hasValue(ErrorCode.NETWORK_ATTEMPT);
    assertThat(result.errorPath()).as("the click whose request was blocked, or the next step").hasValueSatisfying(
        p -> assertThat(p).isIn("steps[1]", "steps[2]"));
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m)
        .contains(elsewhere.url("/api"), "denied strictly", "RunOptions.builder().addAllowOrigins(\"" + elsewhere.origin() + "\")")
        .doesNotContain("s3cret"));
    assertThat(result.steps()).extracting(s -> s.stepId()).doesNotContain("again");
    assertThat(elsewhere.requests()).isEmpty();
  }

  @Test
  void should_fail_an_open_that_a_redirect_lands_on_another_origin_before_its_checks() {
    elsewhere.page("/landing", page("Landed", "<p>Landed elsewhere</p><button data-testid=\"next\">Next</button>"));
    server.redirect("/hop", elsewhere.url("/landing"));
    Flow flow = Flow.named("hop").open(server.url("/hop")).expect(textPresent("Landed elsewhere")).id("hop")
        .click(testId("next")).id("next").build();

    RunResult result = run(flow, RunOptions.defaults());

    assertThat(result.errorCode()).as(String.valueOf(result.errorMessage())).hasValue(ErrorCode.ORIGIN_DENIED);
    assertThat(result.errorPath()).hasValue("steps[0]");
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains(elsewhere.origin()));
    assertThat(result.steps()).extracting(s -> s.stepId()).doesNotContain("next");
  }

  private Flow download() {
    return Flow.named("download").open(server.url("/files"))
        .click(testId("get")).id("get")
        .assertThat(textPresent("Files")).id("after")
        .build();
  }

  @Test
  void should_fail_an_undeclared_download_and_keep_no_file() throws IOException {
    RunResult result = run(download(), RunOptions.defaults());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).hasValue(ErrorCode.CAPABILITY_DENIED);
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m)
        .contains("report.csv", "file.download", "RunOptions.builder().allow(Capability.FILE_DOWNLOAD)"));
    // the step after which the download was announced fails; one announced after the last step fails the run itself
    assertThat(result.steps()).filteredOn(s -> s.state() == StepState.FAILED)
        .allSatisfy(s -> assertThat(s.errorCode()).hasValue(ErrorCode.CAPABILITY_DENIED));
    assertThat(files(tempDir.resolve("runs"))).noneMatch(p -> p.getFileName().toString().equals("report.csv"));
  }

  @Test
  void should_keep_a_download_the_run_allows() throws IOException {
    RunResult result = run(download(), RunOptions.builder().allow(Capability.FILE_DOWNLOAD).build());

    assertThat(result.status()).as(String.valueOf(result.errorMessage())).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(files(tempDir.resolve("runs"))).anyMatch(p -> p.getFileName().toString().equals("report.csv"));
  }

  private static java.util.List<Path> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile).collect(java.util.stream.Collectors.toList());
    }
  }

  /** A click that downloads is the flow's last step: the end of the run waits for the download to be announced, and refuses it. */
  @Test
  void should_fail_an_undeclared_download_the_last_step_set_going() throws IOException {
    Flow flow = Flow.named("last download").open(server.url("/files")).click(testId("get")).id("get").build();

    RunResult result = run(flow, RunOptions.defaults());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).hasValue(ErrorCode.CAPABILITY_DENIED);
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("report.csv"));
    assertThat(files(tempDir.resolve("runs"))).noneMatch(p -> p.getFileName().toString().equals("report.csv"));
  }
}
