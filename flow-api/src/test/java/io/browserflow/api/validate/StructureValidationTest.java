package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.CAPABILITY_DENIED;
import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.dsl.Dsl.expression;
import static io.browserflow.api.dsl.Dsl.not;
import static io.browserflow.api.dsl.Dsl.tableRows;
import static io.browserflow.api.dsl.Dsl.truthy;
import static io.browserflow.api.dsl.Dsl.varEquals;
import static io.browserflow.api.validate.ValidationFixtures.T;
import static io.browserflow.api.validate.ValidationFixtures.assertOnly;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static io.browserflow.api.validate.ValidationFixtures.withSteps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import org.junit.jupiter.api.Test;

/** Structural rules of single steps (INVALID_FLOW) and gated capabilities (CAPABILITY_DENIED). */
class StructureValidationTest {

  @Test
  void should_require_exactly_one_of_wait_ms_and_until() {
    assertOnly(problems(withSteps(CheckStep.Wait.builder().id("w").build())), INVALID_FLOW, "steps[0]");
    assertOnly(problems(withSteps(CheckStep.Wait.builder().id("w").ms(10).until(Condition.Url.of("**")).build())),
        INVALID_FLOW, "steps[0]");
  }

  @Test
  void should_require_exactly_one_of_select_value_and_label() {
    assertOnly(problems(withSteps(InteractionStep.Select.builder().id("s").target(T).build())), INVALID_FLOW, "steps[0]");
    assertOnly(problems(withSteps(InteractionStep.Select.builder().id("s").target(T).value("a").label("A").build())),
        INVALID_FLOW, "steps[0]");
  }

  @Test
  void should_require_an_attribute_name_exactly_for_read_attribute() {
    assertOnly(problems(withSteps(DataStep.Read.builder().id("r").target(T).what(Step.ReadKind.ATTRIBUTE).build())),
        INVALID_FLOW, "steps[0].attribute");
    assertOnly(problems(withSteps(DataStep.Read.builder().id("r").target(T).what(Step.ReadKind.ATTRIBUTE).attribute(" ")
        .build())), INVALID_FLOW, "steps[0].attribute");
    assertOnly(problems(withSteps(DataStep.Read.builder().id("r").target(T).attribute("href").build())),
        INVALID_FLOW, "steps[0].attribute");
  }

  @Test
  void should_require_attributes_exactly_for_scrape_mode_attributes() {
    assertOnly(problems(withSteps(DataStep.Scrape.builder().id("s").target(T).mode(Step.ScrapeMode.ATTRIBUTES).build())),
        INVALID_FLOW, "steps[0].attributes");
    assertOnly(problems(withSteps(DataStep.Scrape.builder().id("s").target(T).addAttributes("href").build())),
        INVALID_FLOW, "steps[0].attributes");
  }

  @Test
  void should_require_a_target_to_scroll_into_view() {
    assertOnly(problems(withSteps(InteractionStep.Scroll.builder().id("s").mode(Step.ScrollMode.INTO_VIEW).build())),
        INVALID_FLOW, "steps[0].target");
  }

  @Test
  void should_require_files_to_upload() {
    var ps = problems(flow().capabilities(Capability.FILE_UPLOAD).upload(T).upload(T, "a.txt", " "));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[0].files"), tuple(INVALID_FLOW, "steps[1].files[1]"));
  }

  @Test
  void should_reject_blank_urls_keys_and_paths() {
    var ps = problems(flow().open(" ").navigate("").press(" ").csvImport(""));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[0].url"), tuple(INVALID_FLOW, "steps[1].url"),
        tuple(INVALID_FLOW, "steps[2].key"), tuple(INVALID_FLOW, "steps[3].path"));
  }

  @Test
  void should_reject_a_literal_url_whose_host_a_review_cannot_read() {
    // the browser loads http://exa_mple.test/ while java.net.URI reads no host: its origin would escape the review
    var ps = problems(flow().input("BASE").input("HOST").open("http://exa_mple.test/").navigate("https://a b.test/x")
        .open("http://127.0.0.1:8080/ok").navigate("${BASE}/x").open("http://${HOST}/x").open("https://shop.test:443/y"));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[0].url"), tuple(INVALID_FLOW, "steps[1].url"));
    assertThat(ps.get(0).message()).contains("exa_mple.test", "host");
  }

  @Test
  void should_require_a_placeholder_in_a_var_condition_subject() {
    assertOnly(problems(flow().assertThat(varEquals("total", "3"))), INVALID_FLOW, "steps[0].condition.var");
    assertOnly(problems(flow().ifThen(not(truthy("yes")), t -> t.back())), INVALID_FLOW, "steps[0].condition.not.var");
    assertThat(problems(flow().input("Q").assertThat(varEquals("${Q}", "3")))).isEmpty();
  }

  @Test
  void should_reject_a_blank_attribute_condition_name() {
    assertOnly(problems(flow().assertThat(Condition.Attribute.of(T, "", java.util.Optional.empty()))),
        INVALID_FLOW, "steps[0].condition.attribute");
  }

  @Test
  void should_require_a_table_for_a_foreach_over_the_table() {
    assertOnly(problems(flow().foreach(tableRows(), b -> b.back())), INVALID_FLOW, "steps[0].source");
  }

  @Test
  void should_deny_eval_without_the_script_capability() {
    Problem p = assertOnly(problems(flow().eval("1 + 1")), CAPABILITY_DENIED, "steps[0]");
    assertThat(p.message()).contains("script.eval").contains("policy.capabilities");
    assertThat(problems(flow().capabilities(Capability.SCRIPT_EVAL).eval("1 + 1"))).isEmpty();
  }

  @Test
  void should_deny_expression_conditions_without_the_script_capability() {
    var ps = problems(flow().waitFor(expression("ready")).back().expect(not(expression("busy"))));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(CAPABILITY_DENIED, "steps[0].until"), tuple(CAPABILITY_DENIED, "steps[1].expect[0].not"));
    assertThat(problems(flow().capabilities(Capability.SCRIPT_EVAL).waitFor(expression("ready")))).isEmpty();
  }

  @Test
  void should_deny_upload_without_the_upload_capability() {
    Problem p = assertOnly(problems(flow().upload(T, "a.txt")), CAPABILITY_DENIED, "steps[0]");
    assertThat(p.message()).contains("file.upload").contains("policy.capabilities");
    assertThat(problems(flow().capabilities(Capability.FILE_UPLOAD).upload(T, "a.txt"))).isEmpty();
  }

  @Test
  void should_validate_disabled_steps_too() {
    assertOnly(problems(flow().eval("x").disabled()), CAPABILITY_DENIED, "steps[0]");
  }
}
