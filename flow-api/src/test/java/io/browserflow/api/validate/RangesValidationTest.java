package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.VALUE_OUT_OF_RANGE;
import static io.browserflow.api.dsl.Dsl.retryEvery;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.truthy;
import static io.browserflow.api.dsl.Dsl.values;
import static io.browserflow.api.validate.ValidationFixtures.T;
import static io.browserflow.api.validate.ValidationFixtures.assertLimit;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static io.browserflow.api.validate.ValidationFixtures.withSteps;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.Problem;
import io.browserflow.api.Schedule;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import org.junit.jupiter.api.Test;

/** Numbers outside their range: VALUE_OUT_OF_RANGE with actual and allowed. */
class RangesValidationTest {

  @Test
  void should_accept_timeouts_at_both_ends_of_the_range() {
    assertThat(problems(flow().back().timeoutMs(100).reload().timeoutMs(30_000))).isEmpty();
  }

  @Test
  void should_reject_timeouts_outside_the_range() {
    assertLimit(problems(flow().back().timeoutMs(99)), VALUE_OUT_OF_RANGE, "steps[0].timeoutMs", 99, "100..30000");
    assertLimit(problems(flow().back().timeoutMs(30_001)), VALUE_OUT_OF_RANGE, "steps[0].timeoutMs", 30_001,
        "100..30000");
  }

  @Test
  void should_check_the_click_delay_range() {
    assertThat(problems(flow().click(T).delay(0).click(T).delay(30_000))).isEmpty();
    assertLimit(problems(flow().click(T).delay(-1)), VALUE_OUT_OF_RANGE, "steps[0].delay", -1, "0..30000");
    assertLimit(problems(flow().click(T).delay(30_001)), VALUE_OUT_OF_RANGE, "steps[0].delay", 30_001, "0..30000");
  }

  @Test
  void should_accept_network_emulation_offline_throttled_and_back_online() {
    assertThat(problems(flow().offline().throttle(0, 0, 0).throttle(50_000, 20_000, 40).online())).isEmpty();
  }

  @Test
  void should_reject_negative_network_emulation_values() {
    assertLimit(problems(withSteps(PageStep.EmulateNetwork.builder().id("n").downloadBytesPerSecond(-1).build())),
        VALUE_OUT_OF_RANGE, "steps[0].downloadBytesPerSecond", -1, "0.." + Integer.MAX_VALUE);
    assertLimit(problems(withSteps(PageStep.EmulateNetwork.builder().id("n").uploadBytesPerSecond(-5).build())),
        VALUE_OUT_OF_RANGE, "steps[0].uploadBytesPerSecond", -5, "0.." + Integer.MAX_VALUE);
    assertLimit(problems(flow().throttle(1000, 1000, -40)), VALUE_OUT_OF_RANGE, "steps[0].latencyMs", -40,
        "0.." + Integer.MAX_VALUE);
  }

  @Test
  void should_reject_offline_together_with_throttling() {
    Problem p = ValidationFixtures.assertOnly(problems(withSteps(PageStep.EmulateNetwork.builder().id("n").offline(true)
        .downloadBytesPerSecond(1000).latencyMs(40).build())), io.browserflow.api.ErrorCode.INVALID_FLOW, "steps[0]");
    assertThat(p.message()).contains("offline", "downloadBytesPerSecond", "latencyMs", "give offline: true alone");
  }

  @Test
  void should_accept_keys_held_down_and_released_and_reject_modifiers_on_them() {
    assertThat(problems(flow().keyDown("Shift").press("a").keyUp("Shift"))).isEmpty();
    Problem p = ValidationFixtures.assertOnly(problems(withSteps(InteractionStep.Press.builder().id("k").key("a")
        .phase(Step.KeyPhase.DOWN).addModifiers("Shift").build())), io.browserflow.api.ErrorCode.INVALID_FLOW,
        "steps[0].modifiers");
    assertThat(p.message()).contains("takes no modifiers", "phase down");
  }

  @Test
  void should_apply_a_custom_timeout_range() {
    FlowLimits limits = FlowLimits.builder().stepTimeoutMs(10, 50, 60_000).build();
    assertThat(problems(flow().back().timeoutMs(50_000), limits)).isEmpty();
  }

  @Test
  void should_accept_viewports_at_the_edges() {
    assertThat(problems(flow().viewport(320, 240).viewport(3840, 2160))).isEmpty();
  }

  @Test
  void should_reject_viewports_outside_the_range() {
    assertLimit(problems(flow().viewport(319, 600)), VALUE_OUT_OF_RANGE, "steps[0].width", 319, "320..3840");
    assertLimit(problems(flow().viewport(800, 2161)), VALUE_OUT_OF_RANGE, "steps[0].height", 2161, "240..2160");
  }

  @Test
  void should_reject_a_device_scale_factor_outside_its_range_and_accept_a_phone() {
    assertThat(problems(flow().viewport(390, 844, 3, true, true))).isEmpty();
    assertLimit(problems(flow().viewport(390, 844, 0, true, true)), VALUE_OUT_OF_RANGE, "steps[0].deviceScaleFactor", 0.0, "(0, 10]");
    assertLimit(problems(flow().viewport(390, 844, 11, false, false)), VALUE_OUT_OF_RANGE, "steps[0].deviceScaleFactor", 11.0, "(0, 10]");
  }

  @Test
  void should_reject_negative_retry_counts_and_intervals() {
    assertLimit(problems(flow().click(T).retry(-1)), VALUE_OUT_OF_RANGE, "steps[0].retry.count", -1, "0..5");
    assertLimit(problems(flow().click(T).retry(retryEvery(1, -5))), VALUE_OUT_OF_RANGE, "steps[0].retry.intervalMs",
        -5, ">= 0");
    assertThat(problems(flow().click(T).retry(retryEvery(0, 0)))).isEmpty();
  }

  @Test
  void should_bound_wait_ms() {
    assertThat(problems(flow().waitMs(0).waitMs(30_000))).isEmpty();
    assertLimit(problems(flow().waitMs(-1)), VALUE_OUT_OF_RANGE, "steps[0].ms", -1, "0..30000");
    assertLimit(problems(flow().waitMs(30_001)), VALUE_OUT_OF_RANGE, "steps[0].ms", 30_001, "0..30000");
  }

  @Test
  void should_reject_repeating_zero_times_as_pointless() {
    assertLimit(problems(flow().repeat(0, b -> b.back())), VALUE_OUT_OF_RANGE, "steps[0].times", 0, "1..100");
    assertThat(problems(flow().repeat(0, b -> b.back())).get(0).message()).contains("does nothing");
    assertThat(problems(flow().repeat(1, b -> b.back()))).isEmpty();
  }

  @Test
  void should_reject_paginate_max_pages_below_one() {
    assertLimit(problems(flow().paginate(testId("next"), 0, b -> b.back())), VALUE_OUT_OF_RANGE,
        "steps[0].maxPages", 0, "1..50");
  }

  @Test
  void should_reject_while_max_below_one() {
    assertLimit(problems(flow().setVar("go", "1").repeatWhile(truthy("${vars.go}"), 0, b -> b.back())),
        VALUE_OUT_OF_RANGE, "steps[1].max", 0, "1..1000");
  }

  @Test
  void should_reject_scrape_limit_below_one() {
    assertLimit(problems(withSteps(DataStep.Scrape.builder().id("s").target(T).limit(0).build())),
        VALUE_OUT_OF_RANGE, "steps[0].limit", 0, "1..500");
  }

  @Test
  void should_reject_foreach_concurrency_below_one() {
    assertLimit(problems(flow().foreach(values("a"), 0, b -> b.back())), VALUE_OUT_OF_RANGE,
        "steps[0].concurrency", 0, "1..10");
  }

  @Test
  void should_reject_schedules_more_often_than_every_minute() {
    assertLimit(problems(flow().schedule(Schedule.everyMinutes(0)).back()), VALUE_OUT_OF_RANGE,
        "schedule.everyMinutes", 0, ">= 1");
    assertThat(problems(flow().schedule(Schedule.everyMinutes(1)).back())).isEmpty();
  }

  @Test
  void should_reject_a_negative_element_count() {
    assertLimit(problems(flow().assertThat(Condition.Count.of(T, Condition.Op.GTE, -1))), VALUE_OUT_OF_RANGE,
        "steps[0].condition.count", -1, ">= 0");
  }
}
