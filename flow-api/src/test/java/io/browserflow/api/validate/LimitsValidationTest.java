package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.LIMIT_EXCEEDED;
import static io.browserflow.api.dsl.Dsl.tableRows;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.truthy;
import static io.browserflow.api.dsl.Dsl.values;
import static io.browserflow.api.validate.ValidationFixtures.T;
import static io.browserflow.api.validate.ValidationFixtures.assertLimit;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static io.browserflow.api.validate.ValidationFixtures.repeat;
import static io.browserflow.api.validate.ValidationFixtures.withSteps;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.dsl.FlowBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every FlowLimits limit: exactly at the limit passes, one above fails with actual and allowed. */
class LimitsValidationTest {

  /** {@code total} steps: top-level backs, a repeat with a body, and a click with a one-step fallback. */
  private static FlowBuilder flowWithSteps(int total) {
    FlowBuilder b = flow();
    int body = 200;
    for (int i = 0; i < total - body - 3; i++) {
      b.back();
    }
    b.repeat(2, r -> {
      for (int i = 0; i < body; i++) {
        r.reload();
      }
    });
    b.click(T).fallback(f -> f.back());
    return b;
  }

  @Test
  void should_count_nested_and_fallback_steps_up_to_the_step_limit() {
    assertThat(problems(flowWithSteps(400))).isEmpty();
    assertLimit(problems(flowWithSteps(401)), LIMIT_EXCEEDED, "steps", 401, 400);
  }

  @Test
  void should_report_the_step_limit_once_before_step_problems() {
    var ps = problems(flowWithSteps(401).waitMs(-1));
    assertThat(ps).extracting(p -> p.path()).containsExactly("steps", "steps[200].ms");
  }

  @Test
  void should_limit_declared_tab_aliases() {
    FlowBuilder ok = flow();
    FlowBuilder over = flow();
    for (int i = 0; i < 40; i++) {
      ok.tab("t" + i);
      over.tab("t" + i);
    }
    over.tab("t40");
    assertThat(problems(ok.back())).isEmpty();
    assertLimit(problems(over.back()), LIMIT_EXCEEDED, "tabs", 41, 40);
  }

  @Test
  void should_count_aliases_bound_by_steps_toward_the_tab_limit() {
    FlowBuilder b = flow();
    for (int i = 0; i < 39; i++) {
      b.tab("t" + i);
    }
    b.tabNew("t0").tabNew("extra-1");
    assertThat(problems(b)).isEmpty();
    b.click(T).newTab("extra-2");
    assertLimit(problems(b), LIMIT_EXCEEDED, "steps[2].newTab", 41, 40);
  }

  @Test
  void should_limit_literal_foreach_items() {
    String[] ok = Collections.nCopies(200, "v").toArray(String[]::new);
    String[] over = Collections.nCopies(201, "v").toArray(String[]::new);
    assertThat(problems(flow().foreach(values(ok), b -> b.fill(T, "${loop.item}")))).isEmpty();
    assertLimit(problems(flow().foreach(values(over), b -> b.fill(T, "${loop.item}"))),
        LIMIT_EXCEEDED, "steps[0].items", 201, 200);
  }

  private static FlowBuilder foreachOverTable(int rows) {
    List<List<String>> data = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      data.add(List.of("r" + i));
    }
    return flow().table(List.of("c"), data).foreach(tableRows(), b -> b.fill(T, "${loop.row.c}"));
  }

  @Test
  void should_limit_a_foreach_over_a_table_with_more_rows_than_items_allowed() {
    assertThat(problems(foreachOverTable(200))).isEmpty();
    assertLimit(problems(foreachOverTable(201)), LIMIT_EXCEEDED, "steps[0].source", 201, 200);
  }

  @Test
  void should_limit_repeat_times() {
    assertThat(problems(flow().repeat(100, b -> b.back()))).isEmpty();
    assertLimit(problems(flow().repeat(101, b -> b.back())), LIMIT_EXCEEDED, "steps[0].times", 101, 100);
  }

  @Test
  void should_limit_scrape_rows() {
    assertThat(problems(withSteps(DataStep.Scrape.builder().id("s").target(T).limit(500).build()))).isEmpty();
    assertLimit(problems(withSteps(DataStep.Scrape.builder().id("s").target(T).limit(501).build())),
        LIMIT_EXCEEDED, "steps[0].limit", 501, 500);
  }

  @Test
  void should_limit_paginate_pages() {
    assertThat(problems(flow().paginate(testId("next"), 50, b -> b.back()))).isEmpty();
    assertLimit(problems(flow().paginate(testId("next"), 51, b -> b.back())),
        LIMIT_EXCEEDED, "steps[0].maxPages", 51, 50);
  }

  @Test
  void should_limit_retries_per_step() {
    assertThat(problems(flow().click(T).retry(5))).isEmpty();
    assertLimit(problems(flow().click(T).retry(6)), LIMIT_EXCEEDED, "steps[0].retry.count", 6, 5);
  }

  @Test
  void should_limit_retries_of_nested_and_fallback_steps() {
    assertLimit(problems(flow().click(T).fallback(f -> f.back().retry(6))), LIMIT_EXCEEDED,
        "steps[0].onError.fallback[0].retry.count", 6, 5);
  }

  /** {@code levels} repeats nested in each other around one back step. */
  private static Step nested(int levels) {
    Step inner = PageStep.Back.builder().id("leaf").build();
    for (int i = levels; i >= 1; i--) {
      inner = ControlStep.Repeat.builder().id("r" + i).times(1).addBody(inner).build();
    }
    return inner;
  }

  @Test
  void should_limit_nesting_depth() {
    assertThat(problems(withSteps(nested(8)))).isEmpty();
    assertLimit(problems(withSteps(nested(9))), LIMIT_EXCEEDED,
        "steps[0]" + ".body[0]".repeat(8) + ".body", 9, 8);
  }

  @Test
  void should_count_a_fallback_as_one_nesting_level() {
    Step deep = InteractionStep.Click.builder().id("c").target(T)
        .onError(OnError.fallback(List.of(PageStep.Back.builder().id("fb").build()))).build();
    for (int i = 8; i >= 1; i--) {
      deep = ControlStep.Repeat.builder().id("r" + i).times(1).addBody(deep).build();
    }
    assertLimit(problems(withSteps(deep)), LIMIT_EXCEEDED,
        "steps[0]" + ".body[0]".repeat(8) + ".onError.fallback", 9, 8);
  }

  @Test
  void should_limit_fill_values() {
    assertThat(problems(flow().fill(T, repeat('a', 8192)))).isEmpty();
    assertLimit(problems(flow().fill(T, repeat('a', 8193))), LIMIT_EXCEEDED, "steps[0].value", 8193, 8192);
  }

  @Test
  void should_limit_typed_text() {
    assertThat(problems(flow().type(repeat('a', 8192)))).isEmpty();
    assertLimit(problems(flow().type(repeat('a', 8193))), LIMIT_EXCEEDED, "steps[0].text", 8193, 8192);
  }

  @Test
  void should_limit_the_name() {
    assertThat(problems(io.browserflow.api.Flow.named(repeat('n', 128)).flowId("id").back())).isEmpty();
    assertLimit(problems(io.browserflow.api.Flow.named(repeat('n', 129)).flowId("id").back()),
        LIMIT_EXCEEDED, "name", 129, 128);
  }

  @Test
  void should_limit_the_description() {
    assertThat(problems(flow().description(repeat('d', 2048)).back())).isEmpty();
    assertLimit(problems(flow().description(repeat('d', 2049)).back()), LIMIT_EXCEEDED, "description", 2049, 2048);
  }

  @Test
  void should_limit_foreach_concurrency() {
    assertThat(problems(flow().foreach(values("a"), 10, b -> b.back()))).isEmpty();
    assertLimit(problems(flow().foreach(values("a"), 11, b -> b.back())), LIMIT_EXCEEDED,
        "steps[0].concurrency", 11, 10);
  }

  private static FlowBuilder table(int rows, int cellChars) {
    List<List<String>> data = new ArrayList<>(Collections.nCopies(rows, List.of("v")));
    data.set(0, List.of(repeat('c', cellChars)));
    return flow().table(List.of("c"), data).back();
  }

  @Test
  void should_limit_table_rows() {
    assertThat(problems(table(5000, 1))).isEmpty();
    assertLimit(problems(table(5001, 1)), LIMIT_EXCEEDED, "table.rows", 5001, 5000);
  }

  @Test
  void should_limit_table_cells() {
    assertThat(problems(table(1, 32 * 1024))).isEmpty();
    assertLimit(problems(table(1, 32 * 1024 + 1)), LIMIT_EXCEEDED, "table.rows[0][0]", 32 * 1024 + 1, 32 * 1024);
  }

  @Test
  void should_limit_while_iterations() {
    assertThat(problems(flow().setVar("go", "1").repeatWhile(truthy("${vars.go}"), 1000, b -> b.back()))).isEmpty();
    assertLimit(problems(flow().setVar("go", "1").repeatWhile(truthy("${vars.go}"), 1001, b -> b.back())),
        LIMIT_EXCEEDED, "steps[1].max", 1001, 1000);
  }

  @Test
  void should_apply_custom_limits() {
    FlowLimits tight = FlowLimits.builder().maxSteps(2).maxRepeatTimes(3).maxValueChars(4).build();
    FlowBuilder b = flow().repeat(4, r -> r.fill(T, "12345"));
    assertThat(problems(b)).isEmpty();
    assertThat(problems(b, tight)).extracting(p -> p.path(), p -> p.actual().orElseThrow(), p -> p.allowed().orElseThrow())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("steps[0].times", "4", "3"),
            org.assertj.core.groups.Tuple.tuple("steps[0].body[0].value", "5", "4"));
    FlowLimits generous = FlowLimits.builder().maxRepeatTimes(1_000).build();
    assertThat(problems(flow().repeat(500, r -> r.back()))).isNotEmpty();
    assertThat(problems(flow().repeat(500, r -> r.back()), generous)).isEmpty();
  }

  @Test
  void should_apply_a_custom_step_limit_and_depth() {
    FlowLimits limits = FlowLimits.builder().maxSteps(3).maxNestingDepth(1).build();
    assertLimit(problems(flow().back().back().back().back(), limits), LIMIT_EXCEEDED, "steps", 4, 3);
    assertLimit(problems(withSteps(nested(2)), limits), LIMIT_EXCEEDED, "steps[0].body[0].body", 2, 1);
  }
}
