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
    Conversion<Flow> c = read(cmd("open", "/"), cmd("editContent", "id=note", "hi"), cmd("run", "login"),
        cmd("mouseDown", "id=a"), cmd("flyToTheMoon", "now"), cmd("setSpeed", "100"));

    assertThat(c.value().steps()).hasSize(1);
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
        .containsExactly(
            tuple(ConversionCode.UNSUPPORTED_STEP, "tests[0].commands[1]",
                ConversionIssue.Severity.WARNING),
            tuple(ConversionCode.TEST_NOT_FOUND, "tests[0].commands[2]",
                ConversionIssue.Severity.BLOCKING),
            tuple(ConversionCode.UNSUPPORTED_STEP, "tests[0].commands[3]",
                ConversionIssue.Severity.WARNING),
            tuple(ConversionCode.UNSUPPORTED_STEP, "tests[0].commands[4]",
                ConversionIssue.Severity.BLOCKING),
            tuple(ConversionCode.COMMAND_SKIPPED, "tests[0].commands[5]",
                ConversionIssue.Severity.INFO));
    assertThat(c.issues().get(1).message()).contains("run", "login");
    assertThat(c.issues().get(3).message()).contains("flyToTheMoon");
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(c.stepsRead()).isEqualTo(6);
    assertThat(c.stepsMapped()).isEqualTo(1);
  }
}
