package io.browserflow.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class InMemoryVirtualClockTest {
  private final VirtualClock clock = new VirtualClock();
  private final List<String> log = new ArrayList<>();

  @Test
  void should_start_at_zero_with_nothing_scheduled() {
    assertThat(clock.now()).isZero();
    assertThat(clock.nextDue()).isEmpty();
  }

  @Test
  void should_run_due_tasks_in_time_then_scheduling_order() {
    clock.schedule(200, this, () -> log.add("b"));
    clock.schedule(100, this, () -> log.add("a1"));
    clock.schedule(100, this, () -> log.add("a2"));
    clock.schedule(300, this, () -> log.add("c"));

    clock.advanceTo(250);

    assertThat(log).containsExactly("a1", "a2", "b");
    assertThat(clock.now()).isEqualTo(250);
    assertThat(clock.nextDue()).isEqualTo(OptionalLong.of(300));
  }

  @Test
  void should_run_tasks_that_tasks_schedule_when_they_fall_due() {
    clock.schedule(100, this, () -> {
      log.add("first@" + clock.now());
      clock.schedule(50, this, () -> log.add("second@" + clock.now()));
    });

    clock.advanceTo(1000);

    assertThat(log).containsExactly("first@100", "second@150");
  }

  @Test
  void should_never_go_back_in_time() {
    clock.advanceTo(500);
    clock.advanceTo(100);

    assertThat(clock.now()).isEqualTo(500);
  }

  @Test
  void should_cancel_the_tasks_of_an_owner() {
    Object page = new Object();
    clock.schedule(100, page, () -> log.add("page"));
    clock.schedule(100, this, () -> log.add("other"));

    clock.cancel(page);
    clock.advanceBy(200);

    assertThat(log).containsExactly("other");
  }

  @Test
  void should_return_at_once_when_the_probe_already_holds() {
    clock.schedule(100, this, () -> log.add("later"));

    Optional<String> r = clock.waitFor(5000, () -> Optional.of("now"));

    assertThat(r).contains("now");
    assertThat(clock.now()).isZero();
    assertThat(log).isEmpty();
  }

  @Test
  void should_jump_to_the_change_that_makes_the_probe_hold() {
    boolean[] shown = {false};
    clock.schedule(300, this, () -> shown[0] = true);
    clock.schedule(900, this, () -> log.add("unrelated"));

    Optional<Long> r = clock.waitFor(5000, () -> shown[0] ? Optional.of(clock.now()) : Optional.empty());

    assertThat(r).contains(300L);
    assertThat(log).isEmpty();
  }

  @Test
  void should_stop_at_the_deadline_without_running_later_tasks() {
    clock.schedule(6000, this, () -> log.add("too late"));

    Optional<Boolean> r = clock.waitFor(5000, Optional::empty);

    assertThat(r).isEmpty();
    assertThat(clock.now()).isEqualTo(5000);
    assertThat(log).isEmpty();
  }

  @Test
  void should_wait_an_hour_without_sleeping() {
    long start = System.nanoTime();

    clock.waitFor(3_600_000, Optional::empty);

    assertThat(clock.now()).isEqualTo(3_600_000);
    assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(1000);
  }
}
