package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.textPresent;
import static io.browserflow.engine.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.engine.store.JournalEntry;
import io.browserflow.engine.store.RunStore;
import io.browserflow.engine.store.RunStoreException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RunStore} does, run against each store (directory, embedded H2, PostgreSQL).
 * {@link #store()} opens another instance on the same storage, as a second engine would.
 */
abstract class RunStoreContract {
  private final List<AutoCloseable> opened = new ArrayList<>();

  /** A new store instance on the test's storage; several calls share that storage. */
  protected abstract RunStore open();

  protected final RunStore store() {
    RunStore s = open();
    if (s instanceof AutoCloseable) {
      opened.add((AutoCloseable) s);
    }
    return s;
  }

  @AfterEach
  void closeStores() throws Exception {
    for (AutoCloseable c : opened) {
      c.close();
    }
  }

  private static final Flow FLOW = Flow.named("contract").open(APP + "/home")
      .fill(testId("name"), "Ann").id("name")
      .click(testId("save")).id("save").expect(textPresent("Saved"))
      .click(testId("after")).id("after")
      .build();

  /** The process dies (an Error nobody catches) while {@code save} dispatches. */
  private static final class Died extends Error {
    Died() {
      super("simulated death");
    }
  }

  private static JournalEntry entry(long seq, JournalEntry.Type type) {
    return JournalEntry.builder().seq(seq).at(Instant.parse("2026-12-01T10:00:00Z").plusSeconds(seq)).type(type).build();
  }

  @Test
  void should_give_back_every_field_of_the_journal_in_order() {
    RunStore store = store();
    List<JournalEntry> written = List.of(
        JournalEntry.builder().from(entry(1, JournalEntry.Type.RUN_STARTED)).flowId("f").flowDigest("sha256:ab")
            .putInputPins("input.A", "sha256:01").build(),
        JournalEntry.builder().from(entry(2, JournalEntry.Type.STEP)).path("steps[0]").stepId("s").iteration("1/2")
            .state(StepState.DISPATCHING).attempt(2).build(),
        JournalEntry.builder().from(entry(3, JournalEntry.Type.STEP)).path("steps[0]").stepId("s")
            .state(StepState.VERIFIED).attempt(2).evidence(JournalEntry.Evidence.CHECK).putOutputs("steps.s.text", "Ünïcode 中文")
            .build(),
        JournalEntry.builder().from(entry(4, JournalEntry.Type.STEP)).path("steps[1]").stepId("t")
            .state(StepState.FAILED).attempt(1).errorCode(ErrorCode.CHECK_FAILED).message("no \"Saved\"").build(),
        JournalEntry.builder().from(entry(5, JournalEntry.Type.DECISION)).decision(ResumeDecision.CONFIRM).build(),
        JournalEntry.builder().from(entry(6, JournalEntry.Type.RUN_FINISHED)).status(RunStatus.FAILED).build());
    for (JournalEntry e : written) {
      store.append("run-1", "f", e, e.seq() % 2 == 0);
    }

    assertThat(store().journal("run-1")).containsExactlyElementsOf(written);
    assertThat(store.journal("unknown")).isEmpty();
    assertThat(store.result("unknown")).isEmpty();
  }

  @Test
  void should_store_results_list_runs_newest_first_and_keep_unfinished_apart() {
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).store(store()).build();
    String first = engine.run(FLOW, Inputs.empty()).runId();
    RunResult second = engine.run(FLOW, Inputs.empty());

    RunStore other = store();
    assertThat(other.result(second.runId())).hasValue(second);
    assertThat(other.runs("contract")).containsExactly(second.runId(), first);
    assertThat(other.flows()).containsExactly("contract");
    assertThat(other.unfinished()).isEmpty();
    assertThat(other.journal(second.runId())).extracting(JournalEntry::type)
        .startsWith(JournalEntry.Type.RUN_STARTED).endsWith(JournalEntry.Type.RUN_FINISHED);
    assertThat(other.artifactsDir(second.runId(), "contract")).isDirectory();
  }

  @Test
  void should_keep_the_last_finished_runs_and_every_unfinished_one() {
    RunStore store = store();
    store.append("20261201T000000000Z-aaaaaa", "contract", JournalEntry.builder().from(entry(1, JournalEntry.Type.RUN_STARTED))
        .flowId("contract").build(), true);
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).store(store).build();
    List<String> finished = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      finished.add(engine.run(FLOW, Inputs.empty()).runId());
    }

    List<String> runs = store().runs("contract");
    assertThat(runs).hasSize(11).contains("20261201T000000000Z-aaaaaa")
        .containsAll(finished.subList(2, 12)).doesNotContain(finished.get(0), finished.get(1));
    assertThat(store().result(finished.get(0))).isEmpty();
  }

  @Test
  void should_have_each_dispatch_readable_by_another_engine_before_the_action() {
    List<String> seen = new ArrayList<>();
    FakeDriver driver = new FakeDriver();
    RunStore observer = store();
    driver.beforePerform = step -> {
      List<JournalEntry> journal = observer.journal(current(observer));
      JournalEntry last = journal.get(journal.size() - 1);
      seen.add(step.id() + ":" + last.stepId().orElse("") + ":" + last.state().orElse(null));
    };
    RunResult result = FlowEngine.builder().driver(driver).store(store()).build().run(FLOW, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(seen).containsExactly("name:name:DISPATCHING", "save:save:DISPATCHING", "after:after:DISPATCHING");
  }

  /** The one run of the flow in the store (the test's run in progress). */
  private static String current(RunStore store) {
    return store.runs("contract").get(0);
  }

  @Test
  void should_list_a_dead_run_for_review_and_resume_it_once() {
    FakeDriver dying = new FakeDriver();
    dying.beforePerform = s -> {
      if (s.id().equals("save")) {
        throw new Died();
      }
    };
    RunStore first = store();
    assertThatThrownBy(() -> FlowEngine.builder().driver(dying).store(first).build().run(FLOW, Inputs.empty()))
        .isInstanceOf(Died.class);
    // the Error unwound the run, which let go of it; a killed process does too (tested in two JVMs)

    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).store(store()).build();
    assertThat(engine.recover()).singleElement().satisfies(r -> {
      assertThat(r.flowId()).isEqualTo("contract");
      assertThat(r.pendingStepId()).hasValue("save");
      assertThat(r.pendingState()).hasValue(StepState.DISPATCHING);
      assertThat(r.verifiedSteps()).isEqualTo(2);
    });
    String runId = engine.recover().get(0).runId();
    FakeDriver resumed = new FakeDriver();
    RunResult result = FlowEngine.builder().driver(resumed).store(store()).build()
        .resume(runId, FLOW, Inputs.empty(), ResumeDecision.CONFIRM, RunOptions.defaults());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(resumed.performed).containsExactly("open:" + APP + "/home", "after");
    assertThat(store().unfinished()).isEmpty();
    assertThat(store().journal(runId)).extracting(JournalEntry::seq).doesNotHaveDuplicates().isSorted();
    assertThatThrownBy(() -> FlowEngine.builder().driver(new FakeDriver()).store(store()).build()
            .resume(runId, FLOW, Inputs.empty(), ResumeDecision.CONFIRM, RunOptions.defaults()))
        .isInstanceOfSatisfying(io.browserflow.api.FlowRunException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.REVIEW_REQUIRED));
  }

  @Test
  void should_let_one_engine_hold_a_run_at_a_time() {
    RunStore a = store();
    RunStore b = store();
    a.append("run-h", "contract", JournalEntry.builder().from(entry(1, JournalEntry.Type.RUN_STARTED)).flowId("contract")
        .build(), true);
    RunStore.RunLease lease = a.hold("run-h", "contract");

    assertThat(b.unfinished()).as("held elsewhere: not for review").doesNotContain("run-h");
    assertThatThrownBy(() -> b.hold("run-h", "contract")).isInstanceOfSatisfying(RunStoreException.class, e -> {
      assertThat(e.code()).isEqualTo(ErrorCode.RUN_LOCKED);
      assertThat(e.getMessage()).contains("run-h", "held by another engine");
    });

    lease.close();
    assertThat(b.unfinished()).contains("run-h");
    b.hold("run-h", "contract").close();
  }

  @Test
  void should_give_a_run_to_exactly_one_of_two_engines_holding_it_at_once() throws Exception {
    for (int round = 0; round < 5; round++) {
      String runId = "run-race-" + round;
      RunStore a = store();
      RunStore b = store();
      a.append(runId, "contract", JournalEntry.builder().from(entry(1, JournalEntry.Type.RUN_STARTED)).flowId("contract")
          .build(), true);
      CountDownLatch go = new CountDownLatch(1);
      CompletableFuture<Optional<RunStore.RunLease>> first = CompletableFuture.supplyAsync(() -> tryHold(go, a, runId));
      CompletableFuture<Optional<RunStore.RunLease>> second = CompletableFuture.supplyAsync(() -> tryHold(go, b, runId));
      go.countDown();
      List<Optional<RunStore.RunLease>> outcomes = List.of(first.get(30, TimeUnit.SECONDS), second.get(30, TimeUnit.SECONDS));

      assertThat(outcomes).as("round %d", round).filteredOn(Optional::isPresent).hasSize(1);
      outcomes.forEach(o -> o.ifPresent(RunStore.RunLease::close));
    }
  }

  private static Optional<RunStore.RunLease> tryHold(CountDownLatch go, RunStore store, String runId) {
    try {
      go.await();
      return Optional.of(store.hold(runId, "contract"));
    } catch (RunStoreException e) {
      if (e.code() != ErrorCode.RUN_LOCKED) {
        throw e;
      }
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
