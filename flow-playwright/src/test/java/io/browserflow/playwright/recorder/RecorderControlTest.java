package io.browserflow.playwright.recorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.api.lint.LintCode;
import io.browserflow.engine.Inputs;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Pause and resume, capacity limits, parameterized drafts and hand-opened tabs. */
@Tag("browser")
class RecorderControlTest extends RecorderTestBase {
  static final String PAGE = page("Control",
      "<input id=\"city\" aria-label=\"City\"><input id=\"zip\" aria-label=\"Zip\">"
          + "<button onclick=\"log(document.getElementById('city').value + '/' + document.getElementById('zip').value)\">Send</button>"
          + "<button onclick=\"log('one')\">One</button><button onclick=\"log('two')\">Two</button><button onclick=\"log('three')\">Three</button>"
          + RecorderInteractionsTest.LOG);

  private static List<String> ops(FlowDraft d) {
    return d.flow().steps().stream().map(s -> s.kind().op()).collect(Collectors.toList());
  }

  @Test
  void should_flush_typed_text_on_pause_and_skip_what_happens_while_paused() {
    server.page("/control.html", PAGE);
    List<String> seen = new ArrayList<>();
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).listener(new RecordingListener() {
      @Override
      public void paused(String reason) {
        seen.add("paused");
      }

      @Override
      public void resumed() {
        seen.add("resumed");
      }

      @Override
      public void stopped(FlowDraft draft) {
        seen.add("stopped " + draft.flow().steps().size());
      }
    }).build());
    page.navigate(server.url("/control.html"));
    page.getByLabel("City").pressSequentially("Oslo");
    rec.pause(); // the field still has focus: its text must not be lost
    assertThat(rec.paused()).isTrue();
    page.click("text=One");
    rec.resume();
    page.click("text=Two");
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).containsExactly("open", "fill", "click");
    assertThat(((InteractionStep.Fill) draft.flow().steps().get(1)).value()).isEqualTo("Oslo");
    assertThat(((InteractionStep.Click) draft.flow().steps().get(2)).title()).hasValueSatisfying(t -> assertThat(t).contains("Two"));
    assertThat(seen).containsExactly("paused", "resumed", "stopped 3");
    assertThat(rec.stop()).as("stop is idempotent").isSameAs(draft);
  }

  @Test
  void should_pause_at_a_capacity_limit_and_report_it() {
    server.page("/control.html", PAGE);
    List<String> reasons = new ArrayList<>();
    Recording rec = Recorder.start(RecorderOptions.builder().page(page)
        .limits(FlowLimits.builder().maxSteps(3).build())
        .listener(new RecordingListener() {
          @Override
          public void paused(String reason) {
            reasons.add(reason);
          }
        }).build());
    page.navigate(server.url("/control.html"));
    page.click("text=One");
    page.click("text=Two");
    page.click("text=Three");
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).containsExactly("open", "click", "click");
    assertThat(draft.limitReached()).hasValueSatisfying(r -> assertThat(r).contains("3 steps"));
    assertThat(draft.report().has(LintCode.CAPTURE_LIMIT_REACHED)).isTrue();
    assertThat(reasons).singleElement().satisfies(r -> assertThat(r).contains("limit"));
    assertThat(rec.paused()).isTrue();
    assertThatThrownBy(rec::resume).isInstanceOf(IllegalStateException.class).hasMessageContaining("limit");
  }

  @Test
  void should_parameterize_typed_values_and_the_origin() {
    server.page("/control.html", PAGE);
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).parameterize(true).name("Send an address").build());
    page.navigate(server.url("/control.html"));
    page.getByLabel("City").pressSequentially("Oslo");
    page.getByLabel("Zip").pressSequentially("0150");
    page.click("text=Send");
    String expected = state(page);
    FlowDraft draft = rec.stop();

    assertThat(draft.flow().id()).isEqualTo("send-an-address");
    assertThat(((PageStep.Open) draft.flow().steps().get(0)).url()).isEqualTo("${BASE_URL}/control.html");
    assertThat(draft.flow().inputs()).extracting(Input::key).containsExactly("BASE_URL", "CITY", "ZIP");
    assertThat(draft.flow().inputs()).extracting(i -> i.defaultValue().orElse(""))
        .containsExactly(server.origin(), "Oslo", "0150");
    assertThat(((InteractionStep.Fill) draft.flow().steps().get(1)).value()).isEqualTo("${input.CITY}");
    assertThat(replayState(draft.flow())).as(FlowJson.write(draft.flow())).isEqualTo(expected);
    assertThat(replayState(draft.flow(), Inputs.builder().input("CITY", "Bergen").build())).contains("Bergen/0150");
  }

  @Test
  void should_record_a_tab_opened_by_hand_once_added() {
    server.page("/control.html", PAGE);
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/control.html"));
    com.microsoft.playwright.Page other = userContext.newPage();
    other.navigate(server.url("/control.html"));
    other.click("text=One"); // not recorded yet: nobody added the tab
    assertThat(rec.addCurrentTab()).hasValue("tab2");
    other.click("text=Three");
    assertThat(rec.addCurrentTab()).as("no other tab is left").isEmpty();
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).containsExactly("open", "tabNew", "click");
    assertThat(((PageStep.TabNew) draft.flow().steps().get(1)).url()).hasValue(server.url("/control.html"));
    assertThat(draft.report().has(LintCode.UNRECORDED_TAB)).isTrue();
  }

  @Test
  void should_stop_a_launched_recording_when_its_last_tab_closes() throws Exception {
    server.page("/closing.html", page("Closing", "<p>bye</p>"));
    List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    Recording rec = Recorder.start(RecorderOptions.builder().url(server.url("/closing.html")).headless(true)
        .listener(new RecordingListener() {
          @Override
          public void stopped(FlowDraft draft) {
            seen.add("stopped");
          }
        }).build());
    assertThat(rec.awaitStop(300)).as("still recording while the window is open").isEmpty();
    rec.withContext(c -> {
      c.pages().forEach(com.microsoft.playwright.Page::close); // the person closes the window
      return null;
    });
    java.util.Optional<FlowDraft> draft = rec.awaitStop(15_000);

    assertThat(draft).as("the recording stops by itself when the window closes").isPresent();
    assertThat(ops(draft.get())).containsExactly("open");
    assertThat(((PageStep.Open) draft.get().flow().steps().get(0)).url()).isEqualTo(server.url("/closing.html"));
    assertThat(seen).containsExactly("stopped");
    assertThat(rec.stop()).isSameAs(draft.get());
  }
}
