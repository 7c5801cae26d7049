package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hand-written Chrome Recorder recordings imported and replayed against local pages, each page
 * keeping its own event log, read back after the run: clicks land at the recorded offset, change
 * replaces prefilled values and picks select options, key steps reach the focused element, frames,
 * shadow roots and popups are found.
 */
@Tag("browser")
class ChromeRecorderReplayTest {
  @RegisterExtension
  static final ReplaySite SITE = ReplaySite.classpath("formats/chrome-recorder/site");
  private final ChromeRecorderCodec codec = new ChromeRecorderCodec();

  /** Imports the fixture for this site, runs it, then reads the page's log (entries joined by " | "). */
  private List<String> replay(String fixture, Conversion<Flow>[] imported) throws IOException {
    return replay(fixture, imported, null);
  }

  /**
   * Like {@link #replay(String, Conversion[])}, first waiting until the log shows {@code settled}:
   * some page events (scroll) are dispatched after the step that caused them returned.
   */
  private List<String> replay(String fixture, Conversion<Flow>[] imported, String settled) throws IOException {
    String recording = ChromeRecorderRoundTripTest.fixture(fixture).replace("{{BASE}}", SITE.site().url());
    Conversion<Flow> c = codec.read(recording, fixture);
    imported[0] = c;
    assertThat(c.quality()).as(c.report()).isNotEqualTo(Quality.BLOCKED);
    Flow.Builder b = Flow.builder().from(c.value());
    if (settled != null) {
      b.addSteps(CheckStep.Wait.builder().id("settled").until(
          Condition.Text.of(Target.of(Candidate.id("log")), settled, Condition.Text.Match.CONTAINS)).build());
    }
    Flow flow = b.addSteps(DataStep.Read.builder().id("log").target(Target.of(Candidate.id("log"))).build())
        .build();
    RunResult r;
    try (FlowEngine engine = FlowEngine.builder().driver(SITE.driver()).build()) {
      r = engine.run(flow, Inputs.empty(), RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());
    }
    assertThat(r.succeeded()).as(r.toJson()).isTrue();
    return List.of(r.outputs().get("steps.log.text").split(" \\| "));
  }

  @Test
  @SuppressWarnings("unchecked")
  void should_replay_clicks_at_their_offset_change_values_and_options_and_key_steps_on_the_focused_field() throws IOException {
    Conversion<Flow>[] c = new Conversion[1];

    List<String> log = replay("form.json", c, "scrolled 500");

    assertThat(log).containsSubsequence(
        "click pad 30,15 button 0",
        "contextmenu pad 120,40",
        "country=de",
        "name=Ada Lovelace",
        "keydown Enter@name", "keyup Enter@name",
        "keydown Tab+shift@name",
        "dblclick go",
        "hover",
        "scrolled 500");
    // change types key by key, as the reference does: every value seen on the way is a prefix
    assertThat(log).contains("keydown A@name", "name=A", "name=Ad");
    assertThat(log).filteredOn(e -> e.startsWith("name=")).allMatch(e -> "Ada Lovelace".startsWith(e.substring(5)));
    assertThat(c[0].value().steps()).extracting(Step::kind).contains(Step.Kind.CHANGE, Step.Kind.PRESS)
        .doesNotContain(Step.Kind.FILL, Step.Kind.SELECT);
  }

  @Test
  @SuppressWarnings("unchecked")
  void should_replay_into_a_frame_a_shadow_root_and_a_popup_opened_by_a_click() throws IOException {
    Conversion<Flow>[] c = new Conversion[1];

    List<String> log = replay("popup-frame-shadow.json", c);

    assertThat(log).containsExactly("frame click", "shadow click", "popup ack Help");
    assertThat(c[0].has(ConversionCode.FRAME_SELECTOR_UNSTABLE)).isTrue();
    assertThat(c[0].value().tabs()).extracting(t -> t.alias()).containsExactly("popup");
  }

  @Test
  @SuppressWarnings("unchecked")
  void should_replay_a_navigating_click_and_an_enter_submitting_a_replaced_value() throws IOException {
    Conversion<Flow>[] c = new Conversion[1];

    List<String> log = replay("checkout.json", c);

    assertThat(log).containsExactly("done ?order=12345&qty=3");
    assertThat(c[0].has(ConversionCode.STEPS_MERGED)).isTrue();
    assertThat(c[0].value().steps().get(1).expect()).extracting(Object::toString)
        .anySatisfy(s -> assertThat(s).contains("next.html?order=*"));
  }
}
