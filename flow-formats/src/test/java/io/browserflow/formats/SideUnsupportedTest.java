package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.browserflow.api.Flow;
import io.browserflow.api.lint.Quality;
import org.junit.jupiter.api.Test;

/** Commands without an equivalent, reported with code, path and severity. */
class SideUnsupportedTest {
  @Test
  void should_report_unsupported_commands_with_code_path_and_severity() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("submit", "id=form"), cmd("run", "login"),
        cmd("flyToTheMoon", "now"), cmd("setSpeed", "100"));

    assertThat(c.value().steps()).hasSize(1);
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
        .containsExactly(
            tuple(ConversionCode.UNSUPPORTED_STEP, "tests[0].commands[1]",
                ConversionIssue.Severity.WARNING),
            tuple(ConversionCode.TEST_NOT_FOUND, "tests[0].commands[2]",
                ConversionIssue.Severity.BLOCKING),
            tuple(ConversionCode.UNSUPPORTED_STEP, "tests[0].commands[3]",
                ConversionIssue.Severity.BLOCKING),
            tuple(ConversionCode.COMMAND_SKIPPED, "tests[0].commands[4]",
                ConversionIssue.Severity.INFO));
    assertThat(c.issues().get(1).message()).contains("run", "login");
    assertThat(c.issues().get(2).message()).contains("flyToTheMoon");
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(c.stepsRead()).isEqualTo(5);
    assertThat(c.stepsMapped()).isEqualTo(1);
  }

  @Test
  void should_map_the_mouse_commands_with_coordinates_from_the_centre_and_edit_content_as_a_fill() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("mouseDown", "id=a"), cmd("mouseDownAt", "id=a", "-5,12"),
        cmd("mouseMoveAt", "id=b", "10,0"), cmd("mouseUp", "id=b"), cmd("mouseUpAt", "id=b", "3.5,-2"),
        cmd("mouseOut", "id=b"), cmd("editContent", "id=note", "hi"));

    io.browserflow.api.Target a = io.browserflow.api.Target.of(io.browserflow.api.Candidate.id("a"));
    io.browserflow.api.Target b = io.browserflow.api.Target.of(io.browserflow.api.Candidate.id("b"));
    assertThat(c.value().steps().subList(1, 7)).usingRecursiveFieldByFieldElementComparatorIgnoringFields("id").containsExactly(
        io.browserflow.api.InteractionStep.Mouse.builder().id("x").action(io.browserflow.api.Step.MouseAction.DOWN).target(a).build(),
        io.browserflow.api.InteractionStep.Mouse.builder().id("x").action(io.browserflow.api.Step.MouseAction.DOWN).target(a)
            .fromCenter(io.browserflow.api.Point.of(-5, 12)).build(),
        io.browserflow.api.InteractionStep.Mouse.builder().id("x").action(io.browserflow.api.Step.MouseAction.MOVE).target(b)
            .fromCenter(io.browserflow.api.Point.of(10, 0)).build(),
        io.browserflow.api.InteractionStep.Mouse.builder().id("x").action(io.browserflow.api.Step.MouseAction.UP).target(b).build(),
        io.browserflow.api.InteractionStep.Mouse.builder().id("x").action(io.browserflow.api.Step.MouseAction.UP).target(b)
            .fromCenter(io.browserflow.api.Point.of(3.5, -2)).build(),
        io.browserflow.api.InteractionStep.Mouse.builder().id("x").action(io.browserflow.api.Step.MouseAction.OUT).target(b).build());
    assertThat(c.value().steps().get(7)).isInstanceOfSatisfying(io.browserflow.api.InteractionStep.Fill.class,
        f -> assertThat(f.value()).isEqualTo("hi"));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.APPROXIMATED, "tests[0].commands[7]"));
    assertThat(c.quality()).isNotEqualTo(Quality.BLOCKED);
  }
}
