package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.read;
import static io.browserflow.formats.SideProjects.step;
import static io.browserflow.formats.SideProjects.roundTripped;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import java.util.List;
import org.junit.jupiter.api.Test;

/** if/elseIf/else, while, times, do/repeatIf and forEach. */
class SideControlFlowTest {
  @Test
  void should_nest_if_else_if_else_into_ifs() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("storeText", "id=plan", "plan"),
        cmd("if", "${plan} === 'gold'"), cmd("click", "id=gold"),
        cmd("elseIf", "${plan} != \"none\""), cmd("click", "id=silver"),
        cmd("else", ""), cmd("click", "id=signup"), cmd("end", ""), cmd("click", "id=next"));

    ControlStep.If outer = (ControlStep.If) step(c, 2);
    assertThat(outer.condition()).isEqualTo(Condition.Var.equalTo("${steps.s2.text}", "gold"));
    assertThat(outer.then()).extracting(Step::id).containsExactly("s4");
    ControlStep.If inner = (ControlStep.If) outer.otherwise().get(0);
    assertThat(inner.condition()).isEqualTo(Condition.Not.of(Condition.Var.equalTo("${steps.s2.text}", "none")));
    assertThat(((InteractionStep.Click) inner.then().get(0)).target()).isEqualTo(Target.of(Candidate.id("silver")));
    assertThat(((InteractionStep.Click) inner.otherwise().get(0)).target()).isEqualTo(Target.of(Candidate.id("signup")));
    assertThat(c.value().steps()).hasSize(4);
    assertThat(c.issues()).isEmpty();
    assertThat(c.stepsMapped()).isEqualTo(c.stepsRead());
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_map_while_times_and_script_conditions() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("storeXpathCount", "//li", "n"),
        cmd("while", "${n} < 3", "20"), cmd("click", "id=more"), cmd("storeXpathCount", "//li", "n"), cmd("end", ""),
        cmd("times", "2"), cmd("click", "id=plus"), cmd("end", ""));

    ControlStep.While loop = (ControlStep.While) step(c, 3);
    assertThat(loop.condition()).isEqualTo(Condition.Expression.of("'${vars.n}' < 3"));
    assertThat(loop.max()).isEqualTo(20);
    assertThat(loop.body()).extracting(s -> s.kind().op()).containsExactly("click", "eval", "setVar");
    ControlStep.Repeat repeat = (ControlStep.Repeat) step(c, 4);
    assertThat(repeat.times()).isEqualTo(2);
    assertThat(repeat.body()).hasSize(1);
    assertThat(issue(c, ConversionCode.SCRIPT_VARIABLE).path()).isEqualTo("tests[0].commands[2].target");
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_rewrite_do_repeat_if_as_a_while_over_a_flag() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("do", ""), cmd("click", "id=next"),
        cmd("storeText", "id=page", "page"), cmd("repeatIf", "${page} != 'last'"));

    assertThat(step(c, 1)).isEqualTo(DataStep.SetVar.builder().id("s2").name("do_loop_1").value("true").build());
    ControlStep.While loop = (ControlStep.While) step(c, 2);
    assertThat(loop.condition()).isEqualTo(Condition.Var.truthy("${vars.do_loop_1}"));
    assertThat(loop.body()).extracting(s -> s.kind().op()).containsExactly("click", "read", "setVar", "if");
    ControlStep.If again = (ControlStep.If) loop.body().get(3);
    assertThat(again.condition()).isEqualTo(Condition.Not.of(Condition.Var.equalTo("${vars.page}", "last")));
    assertThat(issue(c, ConversionCode.REWRITTEN).path()).isEqualTo("tests[0].commands[1]");
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_iterate_a_stored_json_array_with_for_each() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("storeJson", "[\"red\", \"blue\"]", "colours"),
        cmd("forEach", "colours", "colour"), cmd("click", "css=[data-colour=${colour}]"), cmd("end", ""));

    ControlStep.Foreach each = (ControlStep.Foreach) step(c, 2);
    assertThat(each.source()).isEqualTo(ForeachSource.literal(List.of("red", "blue")));
    assertThat(((InteractionStep.Click) each.body().get(0)).target())
        .isEqualTo(Target.of(Candidate.css("[data-colour=${loop.item}]")));
    assertThat(c.blockingIssues()).isEmpty();
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_block_a_for_each_over_an_array_it_cannot_list() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("executeScript", "return ['a','b']", "xs"),
        cmd("forEach", "xs", "x"), cmd("click", "id=${x}"), cmd("end", ""));

    ConversionIssue i = issue(c, ConversionCode.FOREACH_SOURCE);
    assertThat(i.path()).isEqualTo("tests[0].commands[2].target");
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
  }

  @Test
  void should_report_blocks_that_do_not_nest() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("end", ""), cmd("if", "${x}"), cmd("click", "id=a"));

    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path).contains(
        tuple(ConversionCode.CONTROL_FLOW, "tests[0].commands[1]"),
        tuple(ConversionCode.CONTROL_FLOW, "tests[0].commands[2]"));
    assertThat(((ControlStep.If) step(c, 1)).then()).hasSize(1);
  }
}
