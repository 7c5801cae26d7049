package io.browserflow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.engine.store.JournalEntry;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run killed with SIGKILL while a step is dispatching is found by recover() and not continued. */
class CrashRecoveryTest {
  @TempDir
  Path dir;

  @Test
  void should_report_a_killed_run_as_needing_review_at_the_dispatching_step() throws Exception {
    Path store = dir.resolve("runs");
    Path marker = dir.resolve("marker");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        CrashChild.class.getName(), store.toString(), marker.toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.exists(marker) && System.nanoTime() < deadline && child.isAlive()) {
        Thread.sleep(20);
      }
      assertThat(marker).as("child reached the slow click; log: %s", dir.resolve("child.log")).exists();
    } finally {
      child.destroyForcibly(); // SIGKILL on Unix
      child.waitFor(30, TimeUnit.SECONDS);
    }

    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver(dir.resolve("unused")))
        .storeDirectory(store).build();
    List<RecoveredRun> recovered = engine.recover();

    assertThat(recovered).singleElement().satisfies(run -> {
      assertThat(run.status()).isEqualTo(RunStatus.NEEDS_REVIEW);
      assertThat(run.flowId()).isEqualTo("crash");
      assertThat(run.pendingStepId()).hasValue("save");
      assertThat(run.pendingState()).hasValue(StepState.DISPATCHING);
      assertThat(run.pendingPath()).hasValue("steps[3]");
      assertThat(run.verifiedSteps()).isEqualTo(3);
    });
    String runId = recovered.get(0).runId();
    List<JournalEntry> journal = engine.store().journal(runId);
    assertThat(journal).isNotEmpty();
    assertThat(journal).filteredOn(e -> e.stepId().filter("after"::equals).isPresent()).isEmpty();
    assertThat(engine.store().result(runId)).isEmpty();
    // recover() is a report: nothing ran, nothing changed
    assertThat(engine.store().journal(runId)).hasSize(journal.size());
    assertThat(engine.recover()).hasSize(1);
    assertThat(new File(store.toFile(), "crash").list()).hasSize(1);

    // GIVEN a person confirmed the interrupted click happened
    FakeDriver second = new FakeDriver(dir.resolve("unused"));
    FlowEngine resumed = FlowEngine.builder().driver(second).storeDirectory(store).build();
    RunResult result = resumed.resume(runId, CrashChild.flow(), Inputs.empty(), ResumeDecision.CONFIRM,
        RunOptions.defaults());

    // THEN verified steps are not replayed (the page context is rebuilt by re-opening), outputs come back
    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(second.performed).containsExactly("open:http://127.0.0.1:1/start", "after");
    assertThat(result.outputs()).containsEntry("steps.total.text", "42");
    assertThat(resumed.store().journal(runId)).anySatisfy(e -> {
      assertThat(e.stepId()).hasValue("save");
      assertThat(e.evidence()).hasValue(JournalEntry.Evidence.USER);
    });
    assertThat(resumed.recover()).isEmpty();
  }
}
