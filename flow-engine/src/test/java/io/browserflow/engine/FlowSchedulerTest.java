package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.engine.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.Schedule;
import io.browserflow.engine.schedule.FlowScheduler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class FlowSchedulerTest {

  /** A clock the test moves. */
  static final class MovableClock extends Clock {
    volatile Instant now = Instant.parse("2026-11-30T10:00:00Z");

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }

    void advance(Duration d) {
      now = now.plus(d);
    }
  }

  static final class Recorder implements FlowScheduler.Listener {
    final List<String> events = new CopyOnWriteArrayList<>();

    @Override
    public void fired(String flowId, Instant at, RunHandle run) {
      events.add("fired " + at);
    }

    @Override
    public void skipped(String flowId, Instant at, String reason) {
      events.add("skipped " + at);
    }

    @Override
    public void finished(String flowId, RunResult result) {
      events.add("finished " + result.status());
    }
  }

  static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(condition.getAsBoolean()).as("condition reached in time").isTrue();
  }

  @Test
  void should_start_a_new_run_each_period_and_survive_failures() throws Exception {
    FakeDriver driver = new FakeDriver();
    driver.failing.put("boom", ErrorCode.ACTION_FAILED);
    FlowEngine engine = FlowEngine.builder().driver(driver).build();
    MovableClock clock = new MovableClock();
    Recorder recorder = new Recorder();
    Flow flow = Flow.named("scheduled").input("Q").schedule(Schedule.builder().everyMinutes(5).putInput("Q", "x").build())
        .open(APP + "/home").click(testId("boom")).id("boom").build();

    try (FlowScheduler scheduler = FlowScheduler.builder(engine).clock(clock).tick(Duration.ofMillis(5))
        .listener(recorder).build()) {
      scheduler.schedule(flow, Inputs.empty());
      assertThat(scheduler.nextFiring("scheduled")).hasValue(Instant.parse("2026-11-30T10:05:00Z"));
      Thread.sleep(50);
      assertThat(recorder.events).isEmpty();

      clock.advance(Duration.ofMinutes(5));
      waitFor(() -> recorder.events.contains("finished FAILED"));
      clock.advance(Duration.ofMinutes(5));
      waitFor(() -> recorder.events.stream().filter(e -> e.startsWith("finished")).count() == 2);
    }

    assertThat(recorder.events).containsExactly("fired 2026-11-30T10:05:00Z", "finished FAILED",
        "fired 2026-11-30T10:10:00Z", "finished FAILED");
    assertThat(driver.performed.stream().filter(p -> p.equals("boom")).count()).isEqualTo(2);
  }

  @Test
  void should_skip_a_firing_while_the_previous_run_is_going() throws Exception {
    FakeDriver driver = new FakeDriver();
    CountDownLatch release = new CountDownLatch(1);
    driver.beforePerform = step -> {
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
    FlowEngine engine = FlowEngine.builder().driver(driver).build();
    MovableClock clock = new MovableClock();
    Recorder recorder = new Recorder();
    Flow flow = Flow.named("slow").open(APP + "/home").click(testId("slow-step")).build();

    try (FlowScheduler scheduler = FlowScheduler.builder(engine).clock(clock).tick(Duration.ofMillis(5))
        .listener(recorder).build()) {
      scheduler.schedule(flow, Schedule.everyMinutes(1), Inputs.empty());
      clock.advance(Duration.ofMinutes(1));
      waitFor(() -> recorder.events.size() == 1);
      clock.advance(Duration.ofMinutes(1));
      waitFor(() -> recorder.events.size() == 2);
      release.countDown();
    }

    assertThat(recorder.events).containsExactly("fired 2026-11-30T10:01:00Z", "skipped 2026-11-30T10:02:00Z",
        "finished SUCCEEDED");
  }
}
