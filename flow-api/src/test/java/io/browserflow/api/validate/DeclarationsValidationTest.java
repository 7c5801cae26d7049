package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.dsl.Dsl.defaultValue;
import static io.browserflow.api.dsl.Dsl.inputType;
import static io.browserflow.api.dsl.Dsl.options;
import static io.browserflow.api.dsl.Dsl.pattern;
import static io.browserflow.api.validate.ValidationFixtures.assertOnly;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.Problem;
import io.browserflow.api.Schedule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Flow-level declarations: schema, inputs, table shape, policy origins, schedule. */
class DeclarationsValidationTest {

  @Test
  void should_require_the_current_schema() {
    assertOnly(problems(Flow.builder().schema("browserflow/0").name("x").build()), INVALID_FLOW, "schema");
  }

  @Test
  void should_require_options_for_a_select_input_and_a_default_among_them() {
    assertOnly(problems(flow().input("MODE", inputType(Input.Type.SELECT)).back()), INVALID_FLOW, "inputs[0].options");
    assertOnly(problems(flow().input("MODE", options("fast", "slow"), defaultValue("medium")).back()),
        INVALID_FLOW, "inputs[0].default");
    assertThat(problems(flow().input("MODE", options("fast", "slow"), defaultValue("slow")).back())).isEmpty();
  }

  @Test
  void should_require_a_compiling_pattern_and_a_default_matching_it() {
    Problem p = assertOnly(problems(flow().input("ID", pattern("[0-9")).back()), INVALID_FLOW, "inputs[0].pattern");
    assertThat(p.message()).contains("ID");
    assertOnly(problems(flow().input("ID", pattern("[0-9]+"), defaultValue("12a")).back()), INVALID_FLOW,
        "inputs[0].default");
    assertThat(problems(flow().input("ID", pattern("[0-9]+"), defaultValue("123")).back())).isEmpty();
  }

  @Test
  void should_require_a_number_default_to_parse() {
    assertOnly(problems(flow().input("N", inputType(Input.Type.NUMBER), defaultValue("ten")).back()), INVALID_FLOW,
        "inputs[0].default");
    assertThat(problems(flow().input("N", inputType(Input.Type.NUMBER), defaultValue("-12.5")).back())).isEmpty();
  }

  @Test
  void should_require_one_cell_per_column() {
    var ps = problems(flow().table(List.of("a", "b"), List.of(List.of("1", "2"), List.of("1"), List.of("1", "2", "3")))
        .back());
    assertThat(ps).extracting(Problem::code).containsOnly(INVALID_FLOW);
    assertThat(ps).extracting(Problem::path).containsExactly("table.rows[1]", "table.rows[2]");
  }

  @Test
  void should_accept_origins() {
    assertThat(problems(flow().allowOrigins("https://sso.example.com", "http://127.0.0.1:8080", "https://[::1]:443",
        "https://*.example.com", "http://127.0.0.1:*").back())).isEmpty();
  }

  @Test
  void should_reject_allowed_origins_that_are_not_origins() {
    var ps = problems(flow().allowOrigins("https://a.example/", "https://a.example/login", "a.example", "https://",
        "https://a.example:99999", "https://a.example?q=1", "https://a.example").back());
    assertThat(ps).extracting(Problem::code).containsOnly(INVALID_FLOW);
    assertThat(ps).extracting(Problem::path).containsExactly("policy.allowedOrigins[0]", "policy.allowedOrigins[1]",
        "policy.allowedOrigins[2]", "policy.allowedOrigins[3]", "policy.allowedOrigins[4]", "policy.allowedOrigins[5]");
  }

  @Test
  void should_require_exactly_one_of_every_minutes_and_cron() {
    assertOnly(problems(flow().schedule(Schedule.builder().build()).back()), INVALID_FLOW, "schedule");
    assertOnly(problems(flow().schedule(Schedule.builder().everyMinutes(5).cron("* * * * *").build()).back()),
        INVALID_FLOW, "schedule");
  }

  @Test
  void should_require_a_five_field_cron() {
    for (String ok : List.of("*/5 * * * *", "0 6 * * MON-FRI", " 0  0 1,15 * ? ")) {
      assertThat(problems(flow().schedule(Schedule.cron(ok)).back())).as(ok).isEmpty();
    }
    for (String bad : List.of("* * * *", "0 0 * * * *", "", "0 6 * * MON FRI", "0 6 * * $")) {
      assertOnly(problems(flow().schedule(Schedule.cron(bad)).back()), INVALID_FLOW, "schedule.cron");
    }
  }

  @Test
  void should_require_schedule_inputs_to_be_declared() {
    assertOnly(problems(flow().input("Q").schedule(Schedule.builder().everyMinutes(5).putInput("Q", "x")
        .putInput("NOPE", "y").build()).back()), INVALID_FLOW, "schedule.input.NOPE");
  }
}
