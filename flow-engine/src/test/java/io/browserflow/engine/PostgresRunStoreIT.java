package io.browserflow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import io.browserflow.engine.store.JdbcRunStore;
import io.browserflow.engine.store.JournalEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Engines in several JVMs sharing one PostgreSQL run store: a killed engine's run is reported for
 * review by another, only one of two engines resuming it at once gets it; and a database that goes
 * away stops a run with {@code STORE_FAILED} before its next action.
 */
class PostgresRunStoreIT {
  static final long LEASE_MS = 1000;
  @RegisterExtension
  static final PostgresPerClass POSTGRES = new PostgresPerClass();

  @TempDir
  Path dir;

  private final List<Process> children = new ArrayList<>();

  @AfterEach
  void killChildren() throws InterruptedException {
    for (Process p : children) {
      p.destroyForcibly();
      p.waitFor(30, TimeUnit.SECONDS);
    }
  }

  private JdbcRunStore store() {
    return JdbcRunStore.builder().url(POSTGRES.server().url()).artifactsRoot(dir.resolve("artifacts"))
        .lease(Duration.ofMillis(LEASE_MS)).build();
  }

  private Process child(String name, String... args) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
        SharedStoreChild.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile())
        .start();
    children.add(p);
    return p;
  }

  private static void await(String what, long seconds, java.util.function.BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + seconds + " s waiting for " + what);
      }
      Thread.sleep(20);
    }
  }

  @Test
  void should_report_a_killed_engines_run_to_another_and_let_one_of_two_resume_it() throws Exception {
    Path marker = dir.resolve("dispatching");
    Process first = child("first", "run", POSTGRES.server().url(), dir.resolve("artifacts").toString(), marker.toString());
    await("the first engine to dispatch its slow click (log " + dir.resolve("first.log") + ")", 60,
        () -> Files.exists(marker) || !first.isAlive());
    assertThat(first.isAlive()).as("first engine alive; log: %s", read(dir.resolve("first.log"))).isTrue();

    try (JdbcRunStore observer = store()) {
      FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).store(observer).build();
      Thread.sleep(LEASE_MS * 2);
      assertThat(engine.recover()).as("a live engine renews its lease: its run is not for review").isEmpty();

      first.destroyForcibly(); // SIGKILL
      first.waitFor(30, TimeUnit.SECONDS);
      await("the killed engine's lease to run out", 30, () -> !engine.recover().isEmpty());
      RecoveredRun run = engine.recover().get(0);
      assertThat(run.pendingStepId()).hasValue("save");
      assertThat(run.pendingState()).hasValue(StepState.DISPATCHING);
      assertThat(run.verifiedSteps()).isEqualTo(3);

      // two engines in two JVMs resume it at the same moment
      List<Path> outs = new ArrayList<>();
      List<Path> readies = new ArrayList<>();
      Path go = dir.resolve("go");
      for (String name : List.of("second", "third")) {
        outs.add(dir.resolve(name + ".out"));
        readies.add(dir.resolve(name + ".ready"));
        child(name, "resume", POSTGRES.server().url(), dir.resolve("artifacts").toString(), readies.get(readies.size() - 1).toString(),
            go.toString(), outs.get(outs.size() - 1).toString());
      }
      await("both resuming engines to be ready", 60, () -> readies.stream().allMatch(Files::exists));
      Files.writeString(go, "go");
      await("both resuming engines to answer", 60, () -> outs.stream().allMatch(Files::exists));

      List<String> outcomes = outs.stream().map(PostgresRunStoreIT::read).sorted().collect(Collectors.toList());
      assertThat(outcomes).as("logs: %s / %s", read(dir.resolve("second.log")), read(dir.resolve("third.log")))
          .containsExactly(ErrorCode.RUN_LOCKED.name(), RunStatus.SUCCEEDED.name());
      assertThat(observer.result(run.runId())).hasValueSatisfying(r -> assertThat(r.status()).isEqualTo(RunStatus.SUCCEEDED));
      assertThat(engine.recover()).isEmpty();
      List<JournalEntry> journal = observer.journal(run.runId());
      assertThat(journal).filteredOn(e -> e.type() == JournalEntry.Type.DECISION).hasSize(1);
      assertThat(journal).filteredOn(e -> e.stepId().filter("after"::equals).isPresent()
          && e.state().filter(StepState.DISPATCHING::equals).isPresent()).as("after dispatched once").hasSize(1);
    }
  }

  @Test
  void should_stop_before_the_next_action_when_the_database_goes_away() throws Exception {
    FakeDriver driver = new FakeDriver();
    driver.beforePerform = s -> {
      if (s.id().equals("s3")) {
        try {
          POSTGRES.server().stopNow();
        } catch (IOException | InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }
    };
    RunResult result;
    try (JdbcRunStore store = store()) {
      result = FlowEngine.builder().driver(driver).store(store).build().run(StoreFailureChild.flow(), Inputs.empty());
    } finally {
      POSTGRES.server().startAgain();
    }

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).hasValue(ErrorCode.STORE_FAILED);
    assertThat(result.errorPath()).hasValue("steps[3]");
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m)
        .contains("run store jdbc:postgresql://127.0.0.1:", "user=***", "Nothing was dispatched after the last entry written")
        .doesNotContain("user=postgres", "user=" + System.getProperty("user.name") + "&"));
    assertThat(driver.performed).endsWith("s3").doesNotContain("s4");
    try (JdbcRunStore store = store()) {
      List<String> dispatched = store.journal(result.runId()).stream()
          .filter(e -> e.state().filter(StepState.DISPATCHING::equals).isPresent())
          .map(e -> e.stepId().orElse("?")).collect(Collectors.toList());
      assertThat(dispatched).as("each performed step's DISPATCHING row was committed first")
          .containsExactly("open-1", "s1", "s2", "s3");
      await("the failed run's lease to run out (its engine could not let go: no database)", 30,
          () -> !store.unfinished().isEmpty());
      assertThat(store.unfinished()).as("the journal says s3 may have acted: for review").containsExactly(result.runId());
    }
  }

  private static String read(Path p) {
    try {
      return Files.exists(p) ? Files.readString(p).trim() : "(none)";
    } catch (IOException e) {
      return e.toString();
    }
  }
}
