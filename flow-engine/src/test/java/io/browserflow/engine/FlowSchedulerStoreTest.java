package io.browserflow.engine;

import static io.browserflow.engine.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Schedule;
import io.browserflow.api.dsl.Dsl;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.schedule.FlowScheduler;
import io.browserflow.engine.schedule.ScheduleStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One-shot schedules, enabled flags, and schedules kept across a scheduler's restart. */
class FlowSchedulerStoreTest {
  @TempDir
  Path dir;

  private static final String SECRET = "pw-1234-never-on-disk";

  private static Flow flow(Schedule schedule) {
    return Flow.named("nightly").input("Q").credential("PASSWORD", Dsl.credentialType(Credential.Type.PASSWORD))
        .schedule(schedule).open(APP + "/home").build();
  }

  @Test
  void should_fire_a_one_shot_schedule_once_and_forget_it() throws Exception {
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).build();
    FlowSchedulerTest.MovableClock clock = new FlowSchedulerTest.MovableClock();
    FlowSchedulerTest.Recorder recorder = new FlowSchedulerTest.Recorder();
    Flow once = flow(Schedule.builder().at("2026-11-30T10:30:00Z").putInput("Q", "x").build());

    try (FlowScheduler scheduler = FlowScheduler.builder(engine).clock(clock).tick(Duration.ofMillis(5))
        .listener(recorder).store(ScheduleStore.directory(dir)).build()) {
      scheduler.schedule(once, Inputs.builder().credential("PASSWORD", SECRET).build());
      assertThat(scheduler.nextFiring("nightly")).hasValue(Instant.parse("2026-11-30T10:30:00Z"));
      assertThat(Files.readString(dir.resolve("nightly.flow.json"))).contains("\"at\"", "\"Q\"").doesNotContain(SECRET);
      clock.advance(Duration.ofMinutes(31));
      FlowSchedulerTest.waitFor(() -> recorder.events.contains("fired 2026-11-30T10:30:00Z"));
      clock.advance(Duration.ofHours(2));
      Thread.sleep(60);
      FlowSchedulerTest.waitFor(() -> recorder.events.contains("finished SUCCEEDED"));
      assertThat(recorder.events).filteredOn(e -> e.startsWith("fired")).hasSize(1);
      assertThat(scheduler.nextFiring("nightly")).isEmpty();
      assertThat(dir.resolve("nightly.flow.json")).doesNotExist();
    }
  }

  @Test
  void should_keep_a_disabled_schedule_from_firing_until_enabled() throws Exception {
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).build();
    FlowSchedulerTest.MovableClock clock = new FlowSchedulerTest.MovableClock();
    FlowSchedulerTest.Recorder recorder = new FlowSchedulerTest.Recorder();
    Flow off = flow(Schedule.builder().everyMinutes(5).enabled(false).putInput("Q", "x").build());

    try (FlowScheduler scheduler = FlowScheduler.builder(engine).clock(clock).tick(Duration.ofMillis(5))
        .listener(recorder).build()) {
      scheduler.schedule(off, Inputs.builder().credential("PASSWORD", SECRET).build());
      clock.advance(Duration.ofMinutes(20));
      Thread.sleep(60);
      assertThat(recorder.events).isEmpty();
      assertThat(scheduler.nextFiring("nightly")).isEmpty();

      scheduler.enable("nightly", true);
      assertThat(scheduler.nextFiring("nightly")).hasValue(clock.instant().plus(Duration.ofMinutes(5)));
      clock.advance(Duration.ofMinutes(5));
      FlowSchedulerTest.waitFor(() -> recorder.events.contains("finished SUCCEEDED"));
    }
    assertThatThrownBy(() -> FlowScheduler.builder(engine).build().enable("other", true))
        .hasMessageContaining("no flow other is scheduled");
  }

  @Test
  void should_restore_the_schedules_of_an_earlier_scheduler_and_fire_a_missed_one_shot() throws Exception {
    FlowEngine engine = FlowEngine.builder().driver(new FakeDriver()).build();
    FlowSchedulerTest.MovableClock clock = new FlowSchedulerTest.MovableClock();
    Flow once = flow(Schedule.builder().at("2026-11-30T10:10:00Z").putInput("Q", "kept").build());
    Flow repeating = Flow.named("hourly").schedule(Schedule.cron("0 * * * *")).open(APP + "/home").build();

    try (FlowScheduler first = FlowScheduler.builder(engine).clock(clock).store(ScheduleStore.directory(dir)).build()) {
      first.schedule(once, Inputs.builder().credential("PASSWORD", SECRET).build());
      first.schedule(repeating, Inputs.empty());
    }
    // the process is down while the one-shot's instant passes
    clock.advance(Duration.ofMinutes(30));
    FlowSchedulerTest.Recorder recorder = new FlowSchedulerTest.Recorder();
    try (FlowScheduler second = FlowScheduler.builder(engine).clock(clock).tick(Duration.ofMillis(5))
        .listener(recorder).store(ScheduleStore.directory(dir)).build()) {
      second.restore(Inputs.builder().credential("PASSWORD", SECRET).build());

      FlowSchedulerTest.waitFor(() -> recorder.events.contains("fired 2026-11-30T10:10:00Z"));
      assertThat(second.nextFiring("hourly")).hasValue(Instant.parse("2026-11-30T11:00:00Z"));
    }
    Flow kept = FlowJson.read(dir.resolve("hourly.flow.json"));
    assertThat(kept.schedule().orElseThrow().cron()).hasValue("0 * * * *");
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        assertThat(Files.readString(f)).doesNotContain(SECRET);
      }
    }
  }
}
