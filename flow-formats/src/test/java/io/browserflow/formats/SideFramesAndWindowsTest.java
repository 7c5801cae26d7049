package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.read;
import static io.browserflow.formats.SideProjects.step;
import static io.browserflow.formats.SideProjects.roundTripped;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.CheckStep;
import org.junit.jupiter.api.Test;

/** selectFrame and selectWindow: frame steps, tab aliases. */
class SideFramesAndWindowsTest {
  @Test
  void should_enter_frames_by_owner_or_index_and_leave_them_to_the_parent_or_top() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("selectFrame", "id=outer"), cmd("selectFrame", "index=0"),
        cmd("selectFrame", "relative=parent"), cmd("selectFrame", "relative=top"));

    assertThat(((PageStep.Frame) step(c, 1)).locator()).isEqualTo("[id=\"outer\"]");
    assertThat(((PageStep.Frame) step(c, 2)).locator()).isEqualTo(":is(iframe, frame) >> nth=0");
    assertThat(step(c, 3)).isInstanceOf(PageStep.FrameMain.class);
    assertThat(((PageStep.Frame) step(c, 4)).locator()).isEqualTo("[id=\"outer\"]");
    assertThat(step(c, 5)).isInstanceOf(PageStep.FrameMain.class);
    assertThat(issue(c, ConversionCode.FRAME_SELECTOR_UNSTABLE).path()).isEqualTo("tests[0].commands[2]");
    assertThat(issue(c, ConversionCode.REWRITTEN).path()).isEqualTo("tests[0].commands[3]");
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_follow_an_index_path_through_frames_and_their_parents_as_the_reference_does() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("selectFrame", "index=1\\0"), cmd("selectFrame", "index=..\\2"),
        cmd("selectFrame", "index=1\\x"));

    assertThat(c.value().steps().subList(1, c.value().steps().size())).extracting(s -> s instanceof PageStep.Frame f
        ? "frame " + f.locator() : s.kind().op()).containsExactly(
            "frame :is(iframe, frame) >> nth=1", "frame :is(iframe, frame) >> nth=0",
            "frameMain", "frame :is(iframe, frame) >> nth=1", "frame :is(iframe, frame) >> nth=2");
    assertThat(c.issues()).filteredOn(i -> i.code() == ConversionCode.FRAME_SELECTOR_UNSTABLE).extracting(ConversionIssue::path)
        .containsExactly("tests[0].commands[1]", "tests[0].commands[2]");
    ConversionIssue bad = issue(c, ConversionCode.FRAME_UNRESOLVED);
    assertThat(bad.path()).isEqualTo("tests[0].commands[3].target");
    assertThat(bad.message()).contains("index=1\\x");
  }

  @Test
  void should_bind_popups_to_tab_aliases_and_switch_by_stored_handles() {
    ObjectNode opens = cmd("click", "linkText=Terms");
    opens.put("opensWindow", true);
    opens.put("windowHandleName", "win4512");
    opens.put("windowTimeout", 2000);

    Conversion<Flow> c = read(cmd("open", "/"), cmd("storeWindowHandle", "root"), opens,
        cmd("selectWindow", "handle=${win4512}"), cmd("assertTitle", "Terms"), cmd("close", ""),
        cmd("selectWindow", "handle=${root}"), cmd("selectWindow", "handle=${nowhere}"));

    InteractionStep.Click click = (InteractionStep.Click) step(c, 1);
    assertThat(click.newTab()).hasValue("win4512");
    assertThat(c.value().tabs()).singleElement().satisfies(t -> {
      assertThat(t.alias()).isEqualTo("win4512");
      assertThat(t.opener()).hasValue("main");
    });
    assertThat(((PageStep.TabSwitch) step(c, 2)).alias()).isEqualTo("win4512");
    assertThat(((CheckStep.Assert) step(c, 3)).condition()).isEqualTo(Condition.Title.of("Terms"));
    assertThat(((PageStep.TabSwitch) step(c, 5)).alias()).isEqualTo("main");
    assertThat(issue(c, ConversionCode.COMMAND_SKIPPED).path()).isEqualTo("tests[0].commands[1]");
    ConversionIssue unknown = issue(c, ConversionCode.TAB_UNRESOLVED);
    assertThat(unknown.path()).isEqualTo("tests[0].commands[7]");
    assertThat(unknown.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }
}
