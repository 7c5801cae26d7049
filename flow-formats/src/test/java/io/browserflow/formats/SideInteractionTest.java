package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.read;
import static io.browserflow.formats.SideProjects.step;
import static io.browserflow.formats.SideProjects.roundTripped;
import static io.browserflow.formats.SideProjects.withTargets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import org.junit.jupiter.api.Test;

/** Clicks, typing, keys, selects and the password credential. */
class SideInteractionTest {
  @Test
  void should_map_clicks_with_offsets_hover_checks_and_double_clicks() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("click", "id=a"), cmd("clickAt", "id=a", "5,7"),
        cmd("doubleClick", "id=b"), cmd("doubleClickAt", "id=b", "1,2"), cmd("mouseOver", "id=menu"),
        cmd("check", "id=agree"), cmd("uncheck", "id=news"), cmd("dragAndDropToObject", "id=card", "id=lane"));

    assertThat(c.value().steps()).extracting(s -> s.kind().op()).containsExactly("open", "click", "mouse",
        "dblclick", "mouse", "hover", "check", "uncheck", "drag");
    // clickAt and doubleClickAt count their coordinates from the element's centre, as the reference's actions do
    assertThat(step(c, 2)).isEqualTo(InteractionStep.Mouse.builder().id(step(c, 2).id()).action(Step.MouseAction.CLICK)
        .target(Target.of(Candidate.id("a"))).fromCenter(Point.of(5, 7)).build());
    assertThat(step(c, 4)).isEqualTo(InteractionStep.Mouse.builder().id(step(c, 4).id()).action(Step.MouseAction.DBLCLICK)
        .target(Target.of(Candidate.id("b"))).fromCenter(Point.of(1, 2)).build());
    InteractionStep.Drag drag = (InteractionStep.Drag) step(c, 8);
    assertThat(drag.source()).isEqualTo(Target.of(Candidate.id("card")));
    assertThat(drag.destination()).isEqualTo(Target.of(Candidate.id("lane")));
    assertThat(c.stepsMapped()).isEqualTo(c.stepsRead());
  }

  @Test
  void should_type_with_fill_and_replace_a_literal_password_by_a_credential() {
    ObjectNode pass = withTargets(cmd("type", "id=pwd", "hunter2-secret"), "css=input[type=password]");

    Conversion<Flow> c = read(cmd("open", "/"), cmd("type", "id=user", "ada"), pass);

    assertThat(((InteractionStep.Fill) step(c, 1)).value()).isEqualTo("ada");
    assertThat(((InteractionStep.Fill) step(c, 2)).value()).isEqualTo("${credential.PASSWORD}");
    assertThat(c.value().credential("PASSWORD")).hasValueSatisfying(cr -> {
      assertThat(cr.type()).isEqualTo(Credential.Type.PASSWORD);
      assertThat(cr.secret()).isTrue();
    });
    ConversionIssue i = issue(c, ConversionCode.SENSITIVE_VALUE);
    assertThat(i.path()).isEqualTo("tests[0].commands[2].value");
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.WARNING);
    assertThat(c.report()).doesNotContain("hunter2-secret");
    assertThat(FlowJson.write(c.value())).doesNotContain("hunter2-secret");
  }

  @Test
  void should_split_send_keys_into_typed_text_and_key_presses() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("sendKeys", "id=q", "shoes${KEY_ENTER}"),
        cmd("sendKeys", "id=q", "${KEY_CONTROL}a${KEY_CONTROL}${KEY_DELETE}x"), cmd("sendKeys", "id=q", "${KEY_FOO}"));

    assertThat(((InteractionStep.Type) step(c, 1)).text()).isEqualTo("shoes");
    InteractionStep.Press enter = (InteractionStep.Press) step(c, 2);
    assertThat(enter.key()).isEqualTo("Enter");
    assertThat(enter.target()).hasValue(Target.of(Candidate.id("q")));
    InteractionStep.Press selectAll = (InteractionStep.Press) step(c, 3);
    assertThat(selectAll.key()).isEqualTo("a");
    assertThat(selectAll.modifiers()).containsExactly("Control");
    assertThat(((InteractionStep.Press) step(c, 4)).key()).isEqualTo("Delete");
    assertThat(((InteractionStep.Press) step(c, 4)).modifiers()).isEmpty();
    assertThat(((InteractionStep.Type) step(c, 5)).text()).isEqualTo("x");
    assertThat(c.value().steps()).hasSize(6);
    assertThat(issue(c, ConversionCode.UNSUPPORTED_KEY).path()).isEqualTo("tests[0].commands[3].value");
    assertThat(issue(c, ConversionCode.REWRITTEN).path()).isEqualTo("tests[0].commands[1]");
  }

  @Test
  void should_select_options_by_label_value_and_index() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("select", "id=size", "label=Large"),
        cmd("select", "id=size", "value=l"), cmd("select", "id=size", "Medium"),
        cmd("addSelection", "css=#tags", "label=red"), cmd("select", "id=size", "index=2"));

    assertThat(((InteractionStep.Select) step(c, 1)).label()).hasValue("Large");
    assertThat(((InteractionStep.Select) step(c, 2)).value()).hasValue("l");
    assertThat(((InteractionStep.Select) step(c, 3)).label()).hasValue("Medium");
    assertThat(((DataStep.Eval) step(c, 4)).script()).as("addSelection keeps the other options selected")
        .contains("o.text.trim() === \"red\"", "o.selected = true").doesNotContain("selectedIndex");
    assertThat(((DataStep.Eval) step(c, 5)).script()).contains("document.getElementById(\"size\")", "selectedIndex");
    assertThat(c.value().policy().get().capabilities()).contains(Capability.SCRIPT_EVAL);
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).contains(
        tuple(ConversionCode.APPROXIMATED, "tests[0].commands[4]"),
        tuple(ConversionCode.APPROXIMATED, "tests[0].commands[5].value"));
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_keep_a_disabled_command_as_a_disabled_step_with_its_comment_as_title() {
    ObjectNode click = cmd("//click", "id=skip");
    click.put("comment", "Not needed any more");

    Conversion<Flow> c = read(cmd("open", "/"), click);

    assertThat(step(c, 1).disabled()).isTrue();
    assertThat(step(c, 1).title()).hasValue("Not needed any more");
  }
}
