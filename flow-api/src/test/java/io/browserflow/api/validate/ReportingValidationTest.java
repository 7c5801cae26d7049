package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.BINDING_UNRESOLVED;
import static io.browserflow.api.ErrorCode.CAPABILITY_DENIED;
import static io.browserflow.api.ErrorCode.DUPLICATE_ID;
import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.ErrorCode.LIMIT_EXCEEDED;
import static io.browserflow.api.ErrorCode.TAB_UNDECLARED;
import static io.browserflow.api.ErrorCode.TARGET_EMPTY;
import static io.browserflow.api.ErrorCode.VALUE_OUT_OF_RANGE;
import static io.browserflow.api.dsl.Dsl.hasText;
import static io.browserflow.api.dsl.Dsl.tableRows;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.truthy;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.dsl.Dsl.visible;
import static io.browserflow.api.validate.ValidationFixtures.EMPTY;
import static io.browserflow.api.validate.ValidationFixtures.T;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.dsl.FlowBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How problems are reported: all of them, in document order, through the DSL and the validator. */
class ReportingValidationTest {

  private static FlowBuilder flowWithManyProblems() {
    return Flow.named(" ").flowId("many")
        .input("A").input("A")
        .tab("t", "ghost")
        .table(List.of("c"), List.of(List.of()))
        .click(EMPTY).id("a")
        .fill(T, "${NOPE}").id("a").timeoutMs(5)
        .repeat(0, r -> r.tabSwitch("ghost")).id("r")
        .fill(EMPTY, "${X}").expect(urlMatches("${Y}")).retry(9)
        .eval("1");
  }

  @Test
  void should_report_every_problem_in_document_order() {
    List<Problem> ps = problems(flowWithManyProblems());
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "name"),
        tuple(DUPLICATE_ID, "inputs[1].key"),
        tuple(TAB_UNDECLARED, "tabs[0].opener"),
        tuple(INVALID_FLOW, "table.rows[0]"),
        tuple(TARGET_EMPTY, "steps[0].target.candidates"),
        tuple(DUPLICATE_ID, "steps[1].id"),
        tuple(VALUE_OUT_OF_RANGE, "steps[1].timeoutMs"),
        tuple(BINDING_UNRESOLVED, "steps[1].value"),
        tuple(VALUE_OUT_OF_RANGE, "steps[2].times"),
        tuple(TAB_UNDECLARED, "steps[2].body[0].alias"),
        tuple(LIMIT_EXCEEDED, "steps[3].retry.count"),
        tuple(BINDING_UNRESOLVED, "steps[3].expect[0].url"),
        tuple(TARGET_EMPTY, "steps[3].target.candidates"),
        tuple(BINDING_UNRESOLVED, "steps[3].value"),
        tuple(CAPABILITY_DENIED, "steps[4]"));
    assertThat(ps).allSatisfy(p -> assertThat(p.message()).isNotBlank());
  }

  @Test
  void should_throw_from_the_dsl_build_with_every_problem() {
    assertThatThrownBy(() -> flowWithManyProblems().build())
        .isInstanceOfSatisfying(FlowValidationException.class, e -> {
          assertThat(e.problems()).hasSize(15);
          assertThat(e.code()).isEqualTo(INVALID_FLOW);
          assertThat(e.getMessage()).contains("steps[3].expect[0].url");
        });
  }

  @Test
  void should_build_a_valid_flow_and_return_it_from_check() {
    Flow flow = flow().input("USER").open("https://a.example/${USER}").fill(testId("q"), "${USER}").build();
    assertThat(FlowValidator.defaults().check(flow)).isSameAs(flow);
  }

  @Test
  void should_let_custom_limits_decide_the_dsl_outcome() {
    FlowBuilder b = flow().repeat(150, r -> r.back());
    assertThatThrownBy(b::build).isInstanceOf(FlowValidationException.class);
    FlowLimits generous = FlowLimits.builder().maxRepeatTimes(200).build();
    assertThat(b.build(generous).steps()).hasSize(1);
    assertThatThrownBy(() -> flow().back().back().build(FlowLimits.builder().maxSteps(1).build()))
        .isInstanceOfSatisfying(FlowValidationException.class,
            e -> assertThat(e.problems()).extracting(Problem::path).containsExactly("steps"));
  }

  @Test
  void should_not_leak_secret_values_into_messages() {
    String secret = "hunter2-very-secret";
    List<Problem> ps = problems(flow().fill(EMPTY, secret + "${NOPE}").fill(T, secret.repeat(1_000)));
    assertThat(ps).isNotEmpty().allSatisfy(p -> assertThat(p.describe()).doesNotContain(secret));
  }

  /** A 400-step flow using most step kinds, placeholders and nesting. */
  static Flow bigFlow() {
    FlowBuilder b = Flow.named("big").input("USER").credential("PW").credential("BASE")
        .table(List.of("name"), List.of(List.of("a"), List.of("b")))
        .capabilities(Capability.SCRIPT_EVAL);
    int n = 0;
    while (n + 13 <= 400) {
      b.open("${credential.BASE}/x").fill(testId("user"), "${USER}").fill(testId("pw"), "${credential.PW}")
          .click(testId("go").or(testId("submit")).inFrame("iframe#pay")).expect(visible(T), urlMatches("**/home"))
          .read(T)
          .foreach(tableRows(), r -> r.fill(T, "${loop.row.name}").click(T).retry(2))
          .ifThenElse(truthy("${USER}"), t -> t.setVar("v", "x"), e -> e.setVar("v", "y"))
          .assertThat(hasText(T, "${vars.v}"))
          .eval("document.title");
      n += 13;
    }
    while (n < 400) {
      b.back();
      n++;
    }
    return b.buildUnvalidated();
  }

  @Test
  void should_count_the_big_flow_as_400_steps() {
    Flow flow = bigFlow();
    List<Step> extra = new java.util.ArrayList<>(flow.steps());
    extra.add(PageStep.Back.builder().id("one-more").build());
    assertThat(problems(Flow.builder().from(flow).steps(extra).build())).extracting(Problem::code, Problem::path)
        .containsExactly(tuple(LIMIT_EXCEEDED, "steps"));
  }
}
