package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.validate.ValidationFixtures.assertOnly;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import io.browserflow.api.Schedule;
import io.browserflow.api.json.FlowJson;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** One-shot schedules and the enabled flag, in the model, the JSON and validation. */
class ScheduleFormatTest {

  @Test
  void should_read_and_write_a_disabled_one_shot_schedule() {
    Flow flow = flow().schedule(Schedule.builder().from(Schedule.once(Instant.parse("2026-12-24T08:00:00Z"))).enabled(false).build())
        .open("https://example.com").build();

    String json = FlowJson.write(flow);

    assertThat(json).contains("\"at\": \"2026-12-24T08:00:00Z\"", "\"enabled\": false");
    assertThat(FlowJson.read(json)).isEqualTo(flow);
    assertThat(FlowJson.write(flow().schedule(Schedule.everyMinutes(5)).open("https://example.com").build()))
        .doesNotContain("enabled");
  }

  @Test
  void should_refuse_two_kinds_of_firing_and_an_instant_that_is_not_one() {
    assertThatThrownBy(() -> FlowJson.read("{\"schema\": \"browserflow/2\", \"name\": \"x\", \"steps\": [],"
        + " \"schedule\": {\"cron\": \"0 6 * * *\", \"at\": \"2026-12-24T08:00:00Z\"}}"))
        .isInstanceOfSatisfying(FlowFormatException.class, e -> assertThat(e.problems()).extracting(Problem::message)
            .anySatisfy(m -> assertThat(m).contains("exactly one of everyMinutes, cron or at", "found 2")));
    Problem p = assertOnly(problems(flow().schedule(Schedule.builder().at("tomorrow morning").build())
        .open("https://example.com")), INVALID_FLOW, "schedule.at");
    assertThat(p.message()).contains("ISO-8601 instant");
  }
}
