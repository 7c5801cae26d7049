package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.BINDING_UNRESOLVED;
import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.defaultValue;
import static io.browserflow.api.dsl.Dsl.hasText;
import static io.browserflow.api.dsl.Dsl.items;
import static io.browserflow.api.dsl.Dsl.tableRows;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.textPresent;
import static io.browserflow.api.dsl.Dsl.truthy;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.dsl.Dsl.values;
import static io.browserflow.api.dsl.Dsl.varEquals;
import static io.browserflow.api.validate.ValidationFixtures.T;
import static io.browserflow.api.validate.ValidationFixtures.assertOnly;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Problem;
import io.browserflow.api.Schedule;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.dsl.FlowBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ${...} placeholders resolve to declared inputs/credentials, earlier outputs and enclosing loops. */
class ScopingValidationTest {

  // ---------------------------------------------------------------- inputs and credentials

  @Test
  void should_resolve_declared_inputs_and_credentials() {
    assertThat(problems(flow().input("USER").credential("PW")
        .fill(T, "${USER}").fill(T, "${input.USER}").fill(T, "${credential.PW}"))).isEmpty();
  }

  @Test
  void should_reject_undeclared_inputs_and_credentials() {
    var ps = problems(flow().input("USER").fill(T, "${NOPE}").fill(T, "a ${input.NOPE} b").open("${credential.URL}/x"));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(BINDING_UNRESOLVED, "steps[0].value"), tuple(BINDING_UNRESOLVED, "steps[1].value"),
        tuple(BINDING_UNRESOLVED, "steps[2].url"));
    assertThat(ps.get(0).message()).contains("${NOPE}");
    assertThat(ps.get(2).message()).contains("credential");
  }

  @Test
  void should_point_a_bare_credential_key_to_the_credential_root() {
    Problem p = assertOnly(problems(flow().credential("PW").fill(T, "${PW}")), BINDING_UNRESOLVED, "steps[0].value");
    assertThat(p.message()).contains("${credential.PW}");
  }

  @Test
  void should_list_the_roots_for_an_unknown_root() {
    Problem p = assertOnly(problems(flow().fill(T, "${foo.bar}")), BINDING_UNRESOLVED, "steps[0].value");
    assertThat(p.message()).contains("foo").contains("input.").contains("credential.").contains("vars.")
        .contains("steps.").contains("loop.");
  }

  @Test
  void should_accept_a_dotted_input_key_without_root() {
    assertThat(problems(flow().input("foo.bar").fill(T, "${foo.bar}"))).isEmpty();
  }

  @Test
  void should_report_malformed_placeholder_syntax() {
    var ps = problems(flow().input("USER").fill(T, "${USER").fill(T, "x ${} y").fill(T, "${a${USER}}"));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(BINDING_UNRESOLVED, "steps[0].value"), tuple(BINDING_UNRESOLVED, "steps[1].value"),
        tuple(BINDING_UNRESOLVED, "steps[2].value"));
    assertThat(ps.get(0).message()).contains("unterminated");
    assertThat(ps.get(1).message()).contains("empty");
  }

  // ---------------------------------------------------------------- where placeholders are checked

  @Test
  void should_check_every_string_field_of_steps_targets_and_conditions() {
    Target t = Target.builder().addCandidates(Candidate.role("button", "${N1}"), Candidate.css("${N2}"))
        .addFramePath("url:${N3}").addShadowPath("${N4}").build();
    var ps = problems(flow()
        .click(t).title("${N5}").expect(urlMatches("${N6}"), varEquals("${N7}", "${N8}"))
        .selectLabel(T, "${N9}")
        .waitFor(hasText(T, "${N10}"))
        .manual("${N11}")
        .csvImport("${N12}.csv")
        .press("${N13}"));
    assertThat(ps).extracting(Problem::code).containsOnly(BINDING_UNRESOLVED);
    assertThat(ps).extracting(Problem::path).containsExactly(
        "steps[0].title",
        "steps[0].expect[0].url",
        "steps[0].expect[1].var",
        "steps[0].expect[1].equals",
        "steps[0].target.candidates[0].name",
        "steps[0].target.candidates[1].css",
        "steps[0].target.framePath[0]",
        "steps[0].target.shadowPath[0]",
        "steps[1].label",
        "steps[2].until.text",
        "steps[3].instructions",
        "steps[4].path",
        "steps[5].key");
  }

  @Test
  void should_check_tab_urls_against_inputs_and_credentials() {
    assertThat(problems(flow().credential("BASE").tab(TabAlias.builder().alias("d").url("${credential.BASE}/d").build()).back()))
        .isEmpty();
    assertOnly(problems(flow().tab(TabAlias.builder().alias("d").url("${BASE}/d").build()).back()),
        BINDING_UNRESOLVED, "tabs[0].url");
  }

  @Test
  void should_not_treat_literals_and_code_as_placeholders() {
    assertThat(problems(flow()
        .input("Q", defaultValue("${literal}"))
        .table(List.of("c"), List.of(List.of("${cell}")))
        .schedule(Schedule.builder().everyMinutes(5).putInput("Q", "${scheduled}").build())
        .capabilities(Capability.SCRIPT_EVAL)
        .eval("`${document.title}`")
        .assertThat(io.browserflow.api.Condition.Expression.of("`${x}` !== ''")))).isEmpty();
  }

  // ---------------------------------------------------------------- vars

  @Test
  void should_see_a_variable_after_its_set_var() {
    assertThat(problems(flow().setVar("n", "1").fill(T, "${vars.n}"))).isEmpty();
    assertOnly(problems(flow().fill(T, "${vars.n}").setVar("n", "1")), BINDING_UNRESOLVED, "steps[0].value");
  }

  @Test
  void should_not_let_a_set_var_see_itself() {
    assertOnly(problems(flow().setVar("n", "${vars.n}")), BINDING_UNRESOLVED, "steps[0].value");
  }

  @Test
  void should_see_a_variable_set_in_a_body_after_the_body() {
    assertThat(problems(flow().repeat(2, r -> r.setVar("n", "1")).fill(T, "${vars.n}"))).isEmpty();
  }

  @Test
  void should_not_see_a_then_variable_in_the_else_branch_but_after_the_if() {
    var ps = problems(flow().input("Q")
        .ifThenElse(truthy("${Q}"), t -> t.setVar("n", "1"), e -> e.fill(T, "${vars.n}"))
        .fill(T, "${vars.n}"));
    assertOnly(ps, BINDING_UNRESOLVED, "steps[0].else[0].value");
  }

  // ---------------------------------------------------------------- step outputs

  @Test
  void should_resolve_outputs_of_earlier_steps() {
    assertThat(problems(flow()
        .read(T).id("r").readValue(T).id("v").readAttribute(T, "href").id("a")
        .scrape(T, Step.ScrapeMode.LINKS).id("s").csvImport("in.csv").id("csv")
        .paginate(testId("next"), 2, b -> b.back()).id("pg")
        .screenshot("x.png").id("shot").csvExport("${steps.s.items}", "out.csv").id("out")
        .capabilities(Capability.SCRIPT_EVAL).eval("1").id("e")
        .fill(T, "${steps.r.text} ${steps.v.value} ${steps.a.attribute} ${steps.s.items} ${steps.s.count}")
        .fill(T, "${steps.csv.items} ${steps.csv.count} ${steps.pg.pages} ${steps.shot.path} ${steps.out.path}")
        .fill(T, "${steps.e.result}"))).isEmpty();
  }

  @Test
  void should_list_the_fields_a_step_has() {
    Problem p = assertOnly(problems(flow().read(T).id("r").fill(T, "${steps.r.value}")), BINDING_UNRESOLVED,
        "steps[1].value");
    assertThat(p.message()).contains("text");
    Problem q = assertOnly(problems(flow().scrape(T, Step.ScrapeMode.TABLE).id("s").fill(T, "${steps.s.rows}")),
        BINDING_UNRESOLVED, "steps[1].value");
    assertThat(q.message()).contains("items").contains("count");
    Problem none = assertOnly(problems(flow().click(T).id("c").fill(T, "${steps.c.text}")), BINDING_UNRESOLVED,
        "steps[1].value");
    assertThat(none.message()).contains("no outputs");
    assertOnly(problems(flow().read(T).id("r").fill(T, "${steps.r}")), BINDING_UNRESOLVED, "steps[1].value");
  }

  @Test
  void should_reject_outputs_of_later_and_unknown_steps() {
    var ps = problems(flow().fill(T, "${steps.r.text}").read(T).id("r").fill(T, "${steps.ghost.text}"));
    assertThat(ps).extracting(Problem::path).containsExactly("steps[0].value", "steps[2].value");
  }

  @Test
  void should_resolve_step_ids_holding_dots() {
    assertThat(problems(flow().read(T).id("page.total").fill(T, "${steps.page.total.text}"))).isEmpty();
  }

  @Test
  void should_see_own_outputs_in_own_expect_only() {
    assertThat(problems(flow().read(T).id("total").expect(varEquals("${steps.total.text}", "3")))).isEmpty();
    assertOnly(problems(flow().screenshot("${steps.shot.path}").id("shot")), BINDING_UNRESOLVED, "steps[0].name");
  }

  @Test
  void should_not_see_a_then_step_in_the_else_branch_but_after_the_if() {
    var ps = problems(flow().input("Q")
        .ifThenElse(truthy("${Q}"), t -> t.read(T).id("r"), e -> e.fill(T, "${steps.r.text}"))
        .fill(T, "${steps.r.text}"));
    Problem p = assertOnly(ps, BINDING_UNRESOLVED, "steps[0].else[0].value");
    assertThat(p.message()).contains("r");
  }

  @Test
  void should_not_see_an_else_step_in_a_nested_then() {
    var ps = problems(flow().input("Q")
        .ifThenElse(truthy("${Q}"),
            t -> t.ifThen(truthy("${Q}"), tt -> tt.read(T).id("inner")),
            e -> e.fill(T, "${steps.inner.text}")));
    assertOnly(ps, BINDING_UNRESOLVED, "steps[0].else[0].value");
  }

  @Test
  void should_see_loop_body_steps_after_the_loop() {
    assertThat(problems(flow().repeat(3, r -> r.read(T).id("r")).fill(T, "${steps.r.text}"))).isEmpty();
  }

  @Test
  void should_give_a_fallback_the_scope_of_the_failed_step() {
    var ps = problems(flow().read(T).id("first")
        .read(T).id("r").fallback(f -> f.fill(T, "${steps.first.text} ${steps.r.text}").setVar("fb", "1"))
        .fill(T, "${vars.fb} ${steps.r.text}"));
    assertOnly(ps, BINDING_UNRESOLVED, "steps[1].onError.fallback[0].value");
  }

  @Test
  void should_hide_fallback_declarations_from_the_failed_step_body_and_expect() {
    var ps = problems(flow()
        .paginate(testId("next"), 2, b -> b.fill(T, "${vars.fb}"))
        .expect(truthy("${vars.fb}"))
        .fallback(f -> f.setVar("fb", "1"))
        .fill(T, "${vars.fb}"));
    assertThat(ps).extracting(Problem::path).containsExactly("steps[0].expect[0].var", "steps[0].body[0].value");
  }

  // ---------------------------------------------------------------- loop variables

  @Test
  void should_resolve_loop_index_in_every_kind_of_loop() {
    assertThat(problems(flow()
        .repeat(2, b -> b.fill(T, "${loop.index}"))
        .foreach(values("a"), b -> b.fill(T, "${loop.index}"))
        .paginate(testId("next"), 2, b -> b.fill(T, "${loop.index}"))
        .setVar("go", "1")
        .repeatWhile(truthy("${vars.go}"), 5, b -> b.fill(T, "${loop.index}")))).isEmpty();
  }

  @Test
  void should_reject_loop_variables_outside_loops() {
    var ps = problems(flow().fill(T, "${loop.index}").fill(T, "${loop.item}").fill(T, "${loop.row.c}"));
    assertThat(ps).extracting(Problem::path).containsExactly("steps[0].value", "steps[1].value", "steps[2].value");
  }

  @Test
  void should_reject_loop_variables_in_the_loop_step_own_fields() {
    assertOnly(problems(flow().repeat(2, b -> b.back()).expect(textPresent("${loop.index}"))),
        BINDING_UNRESOLVED, "steps[0].expect[0].text");
  }

  @Test
  void should_resolve_table_columns_in_a_foreach_over_the_table() {
    FlowBuilder f = flow().table(List.of("name", "city"), List.of(List.of("Ann", "Oslo")));
    assertThat(problems(f.foreach(tableRows(), b -> b.fill(T, "${loop.row.name} ${loop.row.city}")))).isEmpty();
    Problem p = assertOnly(problems(flow().table(List.of("name"), List.of(List.of("Ann")))
        .foreach(tableRows(), b -> b.fill(T, "${loop.row.town}"))), BINDING_UNRESOLVED, "steps[0].body[0].value");
    assertThat(p.message()).contains("name");
  }

  @Test
  void should_resolve_any_row_field_in_a_foreach_over_items() {
    assertThat(problems(flow().scrape(T, Step.ScrapeMode.LINKS).id("links")
        .foreach(items("${steps.links.items}"), b -> b.fill(T, "${loop.row.href} ${loop.index}")))).isEmpty();
  }

  @Test
  void should_resolve_loop_item_only_in_a_foreach_over_literal_values() {
    assertThat(problems(flow().foreach(values("a", "b"), b -> b.fill(T, "${loop.item}")))).isEmpty();
    var ps = problems(flow().table(List.of("c"), List.of(List.of("x")))
        .foreach(tableRows(), b -> b.fill(T, "${loop.item}"))
        .foreach(values("a"), b -> b.fill(T, "${loop.row.c}"))
        .repeat(2, b -> b.fill(T, "${loop.item}")));
    assertThat(ps).extracting(Problem::path)
        .containsExactly("steps[0].body[0].value", "steps[1].body[0].value", "steps[2].body[0].value");
  }

  @Test
  void should_bind_loop_variables_to_the_innermost_loop() {
    var ps = problems(flow().table(List.of("c"), List.of(List.of("x")))
        .foreach(tableRows(), b -> b
            .ifThen(truthy("${loop.row.c}"), t -> t.fill(T, "${loop.row.c}"))
            .repeat(2, r -> r.fill(T, "${loop.row.c} ${loop.index}"))));
    assertOnly(ps, BINDING_UNRESOLVED, "steps[0].body[1].body[0].value");
  }

  @Test
  void should_check_literal_foreach_values() {
    assertOnly(problems(flow().foreach(values("a", "${NOPE}"), b -> b.back())), BINDING_UNRESOLVED,
        "steps[0].items[1]");
  }

  // ---------------------------------------------------------------- foreach over items

  @Test
  void should_require_a_whole_items_placeholder_of_an_earlier_scrape_or_csv_import() {
    assertThat(problems(flow().csvImport("a.csv").id("csv").foreach(items("${steps.csv.items}"), b -> b.back())))
        .isEmpty();
    assertOnly(problems(flow().scrape(T, Step.ScrapeMode.LINKS).id("s")
        .foreach(items("rows: ${steps.s.items}"), b -> b.back())), INVALID_FLOW, "steps[1].source");
    assertOnly(problems(flow().scrape(T, Step.ScrapeMode.LINKS).id("s")
        .foreach(items("${steps.s.count}"), b -> b.back())), INVALID_FLOW, "steps[1].source");
    assertOnly(problems(flow().read(T).id("r")
        .foreach(items("${steps.r.items}"), b -> b.back())), INVALID_FLOW, "steps[1].source");
    assertOnly(problems(flow().foreach(items("${steps.later.items}"), b -> b.back())
        .scrape(css("a"), Step.ScrapeMode.LINKS).id("later")), BINDING_UNRESOLVED, "steps[0].source");
  }

  @Test
  void should_require_a_whole_placeholder_as_csv_export_source() {
    assertOnly(problems(flow().csvExport("items.csv", "out.csv")), INVALID_FLOW, "steps[0].source");
  }
}
