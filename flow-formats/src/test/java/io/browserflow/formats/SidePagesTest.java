package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.read;
import static io.browserflow.formats.SideProjects.step;
import static io.browserflow.formats.SideProjects.roundTripped;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.lint.Quality;
import java.util.List;
import org.junit.jupiter.api.Test;

/** open (relative to the project url), pause, window size, close. */
class SidePagesTest {
  @Test
  void should_open_relative_urls_against_a_base_url_input_defaulting_to_the_project_url() {
    Conversion<Flow> c = read(cmd("open", "/login"), cmd("open", "cart"),
        cmd("open", SideProjects.URL + "/orders?page=2"), cmd("open", "https://other.example.test/x"));

    assertThat(c.value().steps()).extracting(s -> ((PageStep.Open) s).url()).containsExactly(
        "${BASE_URL}/login", "${BASE_URL}/cart", "${BASE_URL}/orders?page=2", "https://other.example.test/x");
    assertThat(c.value().input("BASE_URL")).hasValueSatisfying(i -> {
      assertThat(i.defaultValue()).hasValue(SideProjects.URL);
      assertThat(i.required()).isFalse();
    });
    assertThat(c.issues()).isEmpty();
    assertThat(c.quality()).isEqualTo(Quality.READY);
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_map_pause_window_size_and_close() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("pause", "250"), cmd("setWindowSize", "1280x800"),
        cmd("pause", "90000"), cmd("close", ""));

    assertThat(((CheckStep.Wait) step(c, 1)).ms()).hasValue(250);
    PageStep.SetViewport v = (PageStep.SetViewport) step(c, 2);
    assertThat(List.of(v.width(), v.height())).containsExactly(1280, 800);
    assertThat(((CheckStep.Wait) step(c, 3)).ms()).hasValue(30_000);
    assertThat(issue(c, ConversionCode.VALUE_CLAMPED).path()).isEqualTo("tests[0].commands[3]");
    assertThat(step(c, 4)).isInstanceOf(PageStep.TabClose.class);
  }
}
