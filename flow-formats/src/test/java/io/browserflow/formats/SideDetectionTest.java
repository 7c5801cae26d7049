package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowFormatException;
import org.junit.jupiter.api.Test;

/** Which content is a Selenium IDE project, and projects that cannot be read. */
class SideDetectionTest {
  @Test
  void should_detect_a_project_with_tests_commands_and_version() {
    SideCodec codec = new SideCodec();
    assertThat(codec.detects(SideProjects.commands(cmd("open", "/")))).isTrue();
    assertThat(codec.detects("{\"version\":\"2.0\",\"tests\":[]}")).isFalse();
    assertThat(codec.detects("{\"tests\":[{\"commands\":[]}]}")).isFalse();
    assertThat(codec.detects("{\"schema\":\"browserflow/1\",\"id\":\"x\",\"steps\":[]}")).isFalse();
    assertThat(codec.detects("[1, 2]")).isFalse();
    assertThat(codec.detects("{ not json")).isFalse();
  }

  @Test
  void should_refuse_a_project_without_tests() {
    assertThatThrownBy(() -> new SideCodec().read("{\"version\":\"2.0\",\"tests\":[]}", "empty.side"))
        .isInstanceOfSatisfying(FlowFormatException.class,
            e -> assertThat(e.problems().get(0).code()).isEqualTo(ErrorCode.FIELD_MISSING));
  }
}
