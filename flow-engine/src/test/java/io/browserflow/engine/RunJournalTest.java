package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.engine.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.engine.store.JournalEntry;
import io.browserflow.engine.store.RunStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write-ahead journal and the directory run store. */
class RunJournalTest {
  @TempDir
  Path dir;

  /** A store that remembers, for each entry, whether it was asked to be durable. */
  static final class RecordingStore implements RunStore {
    final RunStore delegate;
    final List<JournalEntry> entries = new ArrayList<>();
    final List<Boolean> durable = new ArrayList<>();

    RecordingStore(RunStore delegate) {
      this.delegate = delegate;
    }

    @Override
    public synchronized void append(String runId, String flowId, JournalEntry entry, boolean d) {
      delegate.append(runId, flowId, entry, d);
      entries.add(entry);
      durable.add(d);
    }

    @Override
    public void finish(RunResult result) {
      delegate.finish(result);
    }

    @Override
    public List<JournalEntry> journal(String runId) {
      return delegate.journal(runId);
    }

    @Override
    public Optional<RunResult> result(String runId) {
      return delegate.result(runId);
    }

    @Override
    public List<String> runs(String flowId) {
      return delegate.runs(flowId);
    }

    @Override
    public List<String> unfinished() {
      return delegate.unfinished();
    }

    @Override
    public Path artifactsDir(String runId, String flowId) {
      return delegate.artifactsDir(runId, flowId);
    }

    synchronized JournalEntry last() {
      return entries.get(entries.size() - 1);
    }

    synchronized boolean lastDurable() {
      return durable.get(durable.size() - 1);
    }
  }

  @Test
  void should_make_dispatching_durable_before_the_action_starts() {
    RecordingStore store = new RecordingStore(RunStore.directory(dir));
    FakeDriver driver = new FakeDriver();
    List<String> seenAtDispatch = new ArrayList<>();
    driver.beforePerform = step -> {
      JournalEntry last = store.last();
      seenAtDispatch.add(step.id() + ":" + last.stepId().orElse("") + ":" + last.state().orElse(null) + ":" + store.lastDurable());
    };
    Flow flow = Flow.named("journal").open(APP + "/home").fill(testId("a"), "x").id("a").click(testId("b")).id("b").build();

    RunResult result = FlowEngine.builder().driver(driver).store(store).build().run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(seenAtDispatch).containsExactly("a:a:DISPATCHING:true", "b:b:DISPATCHING:true");
  }

  @Test
  void should_journal_each_transition_in_order() {
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).storeDirectory(dir).build();
    Flow flow = Flow.named("order").open(APP + "/home").click(testId("b")).id("b").expect(textPresent("ok")).build();

    RunResult result = engine.run(flow, Inputs.empty());
    List<JournalEntry> journal = engine.store().journal(result.runId());

    assertThat(journal.get(0).type()).isEqualTo(JournalEntry.Type.RUN_STARTED);
    assertThat(journal.get(0).flowDigest()).hasValue(result.flowDigest());
    assertThat(journal).filteredOn(e -> e.stepId().equals(Optional.of("b"))).extracting(e -> e.state().get())
        .containsExactly(StepState.PREPARED, StepState.DISPATCHING, StepState.CHECKING, StepState.VERIFIED);
    assertThat(journal).filteredOn(e -> e.stepId().equals(Optional.of("b")) && e.state().get() == StepState.VERIFIED)
        .singleElement().satisfies(e -> assertThat(e.evidence()).hasValue(JournalEntry.Evidence.CHECK));
    assertThat(journal.get(journal.size() - 1).type()).isEqualTo(JournalEntry.Type.RUN_FINISHED);
    assertThat(journal).extracting(JournalEntry::seq).isSorted().doesNotHaveDuplicates();
    assertThat(engine.store().result(result.runId())).hasValue(result);
  }

  @Test
  void should_journal_fallback_steps_like_any_other() {
    FakeDriver driver = new FakeDriver();
    driver.failing.put("broken", io.browserflow.api.ErrorCode.ACTION_FAILED);
    FlowEngine engine = FlowEngine.builder().driver(driver).storeDirectory(dir).build();
    Flow flow = Flow.named("fallback journal").open(APP + "/home")
        .click(testId("broken")).id("broken").fallback(f -> f.click(testId("spare")).id("spare")).build();

    RunResult result = engine.run(flow, Inputs.empty());
    List<JournalEntry> journal = engine.store().journal(result.runId());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(journal).filteredOn(e -> e.stepId().equals(Optional.of("broken"))).extracting(e -> e.state().get())
        .containsExactly(StepState.PREPARED, StepState.DISPATCHING, StepState.FAILED);
    assertThat(journal).filteredOn(e -> e.stepId().equals(Optional.of("spare")))
        .extracting(e -> e.path().get() + " " + e.state().get())
        .containsExactly("steps[1].onError.fallback[0] PREPARED", "steps[1].onError.fallback[0] DISPATCHING",
            "steps[1].onError.fallback[0] CHECKING", "steps[1].onError.fallback[0] VERIFIED");
  }

  @Test
  void should_keep_the_last_runs_of_each_flow() {
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).store(RunStore.directory(dir, 2)).build();
    Flow flow = Flow.named("kept").open(APP + "/home").build();
    Flow other = Flow.named("other").open(APP + "/home").build();

    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ids.add(engine.run(flow, Inputs.empty()).runId());
    }
    engine.run(other, Inputs.empty());

    assertThat(engine.store().runs("kept")).containsExactly(ids.get(3), ids.get(2));
    assertThat(engine.store().runs("other")).hasSize(1);
    assertThat(engine.store().unfinished()).isEmpty();
  }

  @Test
  void should_drop_a_torn_last_line() throws Exception {
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).storeDirectory(dir).build();
    RunResult result = engine.run(Flow.named("torn").open(APP + "/home").build(), Inputs.empty());
    Path journal = dir.resolve("torn").resolve(result.runId()).resolve("journal.jsonl");
    int before = engine.store().journal(result.runId()).size();

    Files.writeString(journal, "{\"seq\": 99, \"at\": \"2026-", StandardCharsets.UTF_8, StandardOpenOption.APPEND);

    assertThat(engine.store().journal(result.runId())).hasSize(before);
  }

  @Test
  void should_serialize_results_as_json_and_back() {
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).build();
    RunResult result = engine.run(Flow.named("json").open(APP + "/home").read(testId("t")).id("t").build(),
        Inputs.empty());

    String json = result.toJson();

    assertThat(json).contains("\"status\" : \"SUCCEEDED\"", "\"steps.t.text\" : \"42\"");
    assertThat(RunResult.fromJson(json)).isEqualTo(result);
  }
}
