package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.DUPLICATE_ID;
import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.dsl.Dsl.truthy;
import static io.browserflow.api.validate.ValidationFixtures.T;
import static io.browserflow.api.validate.ValidationFixtures.assertOnly;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static io.browserflow.api.validate.ValidationFixtures.withSteps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import org.junit.jupiter.api.Test;

/** Ids and keys: unique where they must be, well-formed, not blank. */
class IdsValidationTest {

  @Test
  void should_reject_a_step_id_used_twice_at_top_level() {
    Problem p = assertOnly(problems(flow().back().id("go").reload().id("go")), DUPLICATE_ID, "steps[1].id");
    assertThat(p.message()).contains("go").contains("steps[0]");
  }

  @Test
  void should_reject_step_ids_repeated_in_bodies_branches_and_fallbacks() {
    var ps = problems(flow()
        .back().id("a")
        .ifThenElse(truthy("${vars.x}"), t -> t.reload().id("b"), e -> e.reload().id("b"))
        .click(T).id("c").fallback(f -> f.back().id("a"))
        .repeat(2, r -> r.back().id("c")));
    assertThat(ps).filteredOn(p -> p.code() == DUPLICATE_ID).extracting(Problem::path)
        .containsExactly("steps[1].else[0].id", "steps[2].onError.fallback[0].id", "steps[3].body[0].id");
  }

  @Test
  void should_reject_blank_and_malformed_step_ids() {
    var ps = problems(withSteps(
        PageStep.Back.builder().id(" ").build(),
        PageStep.Back.builder().id("has space").build(),
        PageStep.Back.builder().id("x${USER}").build(),
        PageStep.Back.builder().id("ok-1_a.b").build(),
        PageStep.Back.builder().id("中文-2").build()));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[0].id"), tuple(INVALID_FLOW, "steps[1].id"), tuple(INVALID_FLOW, "steps[2].id"));
  }

  @Test
  void should_reject_a_blank_flow_id_and_name() {
    var ps = problems(Flow.builder().id("").name(" ").build());
    assertThat(ps).extracting(Problem::code, Problem::path)
        .containsExactly(tuple(INVALID_FLOW, "id"), tuple(INVALID_FLOW, "name"));
  }

  @Test
  void should_reject_duplicate_input_keys() {
    assertOnly(problems(flow().input("USER").input("Q").input("USER").back()), DUPLICATE_ID, "inputs[2].key");
  }

  @Test
  void should_reject_duplicate_credential_keys() {
    assertOnly(problems(flow().credential("PW").credential("PW").back()), DUPLICATE_ID, "credentials[1].key");
  }

  @Test
  void should_reject_an_input_and_a_credential_sharing_a_key() {
    Problem p = assertOnly(problems(flow().input("TOKEN").credential(Credential.of("TOKEN", Credential.Type.TOKEN)).back()),
        DUPLICATE_ID, "credentials[0].key");
    assertThat(p.message()).contains("TOKEN");
  }

  @Test
  void should_reject_blank_and_unreferencable_keys() {
    var ps = problems(flow().input(" ").input("A B").credential("X}").credential("OK-key_1").back());
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "inputs[0].key"), tuple(INVALID_FLOW, "inputs[1].key"), tuple(INVALID_FLOW, "credentials[0].key"));
  }

  @Test
  void should_reject_duplicate_tab_aliases() {
    assertOnly(problems(flow().tab("main").tab("detail").tab("detail").back()), DUPLICATE_ID, "tabs[2].alias");
  }

  @Test
  void should_reject_duplicate_table_columns() {
    assertOnly(problems(flow().table(java.util.List.of("a", "b", "a"), java.util.List.of()).back()),
        DUPLICATE_ID, "table.columns[2]");
  }

  @Test
  void should_reject_a_blank_table_column() {
    assertOnly(problems(flow().table(java.util.List.of("a", ""), java.util.List.of()).back()),
        INVALID_FLOW, "table.columns[1]");
  }
}
