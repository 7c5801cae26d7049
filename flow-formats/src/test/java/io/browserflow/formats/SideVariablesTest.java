package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.read;
import static io.browserflow.formats.SideProjects.step;
import static io.browserflow.formats.SideProjects.roundTripped;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import org.junit.jupiter.api.Test;

/** store* commands, variable references and scripts. */
class SideVariablesTest {
  @Test
  void should_reference_stored_values_as_step_outputs_and_run_variables() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("store", "Ada", "who"), cmd("storeText", "id=total", "total"),
        cmd("storeValue", "id=qty", "qty"), cmd("storeAttribute", "id=buy@data-sku", "sku"),
        cmd("storeTitle", "", "title"), cmd("storeXpathCount", "//li", "items"),
        cmd("type", "id=note", "${who}: ${total} x ${qty} of ${sku} on ${title} (${items})"),
        cmd("assert", "total", "42 EUR"));

    assertThat(step(c, 1)).isEqualTo(DataStep.SetVar.builder().id("s2").name("who").value("Ada").build());
    assertThat(((DataStep.Read) step(c, 2)).what()).isEqualTo(Step.ReadKind.TEXT);
    assertThat(((DataStep.Read) step(c, 3)).what()).isEqualTo(Step.ReadKind.VALUE);
    assertThat(((DataStep.Read) step(c, 4)).attribute()).hasValue("data-sku");
    assertThat(((DataStep.Read) step(c, 4)).target()).isEqualTo(Target.of(Candidate.id("buy")));
    assertThat(((DataStep.Eval) step(c, 5)).script()).isEqualTo("document.title");
    assertThat(((DataStep.Eval) step(c, 6)).script()).contains("snapshotLength", "\"//li\"");
    assertThat(((InteractionStep.Fill) step(c, 7)).value()).isEqualTo("${vars.who}: ${steps.s3.text} x ${steps.s4.value} of "
        + "${steps.s5.attribute} on ${steps.s6.result} (${steps.s7.result})");
    assertThat(((CheckStep.Assert) step(c, 8)).condition()).isEqualTo(Condition.Var.equalTo("${steps.s3.text}", "42 EUR"));
    assertThat(issue(c, ConversionCode.EVAL_USED).severity()).isEqualTo(ConversionIssue.Severity.INFO);
    assertThat(c.blockingIssues()).isEmpty();
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_keep_a_variable_assigned_twice_in_a_run_variable() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("storeText", "id=total", "t"), cmd("click", "id=add"),
        cmd("storeText", "id=total", "t"), cmd("assertText", "id=label", "${t}"));

    assertThat(c.value().steps()).extracting(s -> s.kind().op())
        .containsExactly("open", "read", "setVar", "click", "read", "setVar", "assert");
    assertThat(((DataStep.SetVar) step(c, 5)).value()).isEqualTo("${steps.s5.text}");
    assertThat(((CheckStep.Assert) step(c, 6)).condition()).isEqualTo(
        Condition.Text.of(Target.of(Candidate.id("label")), "${vars.t}", Condition.Match.EQUALS));
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_declare_a_variable_no_command_stores_as_an_input() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("type", "id=q", "${query}"));

    assertThat(((InteractionStep.Fill) step(c, 1)).value()).isEqualTo("${query}");
    assertThat(c.value().input("query")).isPresent();
    ConversionIssue i = issue(c, ConversionCode.BINDING_UNRESOLVED);
    assertThat(i.path()).isEqualTo("tests[0].commands[1].value");
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.WARNING);
  }

  @Test
  void should_run_scripts_as_capability_gated_eval_steps() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("store", "3", "n"),
        cmd("executeScript", "return document.querySelectorAll('li').length + ${n}", "count"),
        cmd("executeAsyncScript", "return fetch('/api').then(r => r.status)", "status"),
        cmd("echo", "count is ${count}"), cmd("type", "id=c", "${count}/${status}"));

    DataStep.Eval sync = (DataStep.Eval) step(c, 2);
    assertThat(sync.script()).isEqualTo("(function () {\nreturn document.querySelectorAll('li').length + '${vars.n}'\n})()");
    assertThat(((DataStep.Eval) step(c, 3)).script()).startsWith("new Promise(").contains(".apply(null, [resolve])");
    assertThat(((InteractionStep.Fill) step(c, 4)).value()).isEqualTo("${steps.s3.result}/${steps.s4.result}");
    assertThat(c.value().policy().get().capabilities()).containsExactly(Capability.SCRIPT_EVAL);
    assertThat(issue(c, ConversionCode.SCRIPT_VARIABLE).path()).isEqualTo("tests[0].commands[2].target");
    ConversionIssue echo = issue(c, ConversionCode.COMMAND_SKIPPED);
    assertThat(echo.path()).isEqualTo("tests[0].commands[4]");
    assertThat(echo.severity()).isEqualTo(ConversionIssue.Severity.INFO);
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }
}
