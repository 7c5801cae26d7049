package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Frame locators (owner css, url glob, name) against the seeds' dialog iframe whose src carries a record id and a random token. */
@Tag("browser")
class PlaywrightFrameTest extends ChromiumTest {
  private String token;

  @BeforeEach
  void pages() {
    token = UUID.randomUUID().toString();
    server.page("/detail.html", page("Detail", "<label>Remark <input id=\"remark\"></label>"
        + "<button onclick=\"document.getElementById('saved').textContent = 'saved ' + document.getElementById('remark').value\">"
        + "Save</button><p id=\"saved\"></p><iframe name=\"nested\" src=\"/nested.html\"></iframe>"));
    server.page("/nested.html", page("Nested", "<p id=\"deep\">deep</p>"));
    server.page("/ads.html", page("Ads", "<p id=\"ad\">ad</p>"));
  }

  private DriverSession dialog() {
    return showing("/list", "<div role=\"dialog\"><iframe src=\"/detail.html?id=123&t=" + token + "\"></iframe></div>"
        + "<iframe name=\"ads\" src=\"/ads.html\"></iframe>");
  }

  private static InteractionStep.Fill fill(Target t, String value) {
    return InteractionStep.Fill.builder().id("fill").target(t).value(value).build();
  }

  @Test
  void should_work_inside_the_dialog_iframe_entered_by_owner_css() {
    DriverSession s = dialog();

    s.enterFrame("[role=\"dialog\"] iframe", TIMEOUT);
    s.perform(fill(Target.of(Candidate.label("Remark")), "rebind"), TIMEOUT);
    s.perform(InteractionStep.Click.builder().id("save").target(Target.of(Candidate.role("button", "Save"))).build(), TIMEOUT);

    awaitText(s, "#saved", "saved rebind");
    assertThat(s.state().framePath()).containsExactly("[role=\"dialog\"] iframe");
    s.mainFrame();
    assertThat(s.test(Condition.Count.of(css("#saved"), Condition.Op.EQ, 0))).isTrue();
  }

  @Test
  void should_enter_the_frame_by_a_url_glob_over_its_dynamic_src() {
    DriverSession s = dialog();

    s.enterFrame("url:" + server.url("/detail.html?id=123&t=*"), TIMEOUT);

    assertThat(s.resolve(css("#remark"), TIMEOUT).resolved()).isTrue();
  }

  @Test
  void should_enter_frames_by_name_and_nested_frames_one_after_the_other() {
    DriverSession s = dialog();

    s.enterFrame("name:ads", TIMEOUT);
    assertThat(s.resolve(css("#ad"), TIMEOUT).resolved()).isTrue();
    s.mainFrame();
    s.enterFrame("selector:[role=dialog] iframe", TIMEOUT);
    s.enterFrame("name:nested", TIMEOUT);

    assertThat(s.resolve(css("#deep"), TIMEOUT).resolved()).isTrue();
    assertThat(s.state().framePath()).containsExactly("selector:[role=dialog] iframe", "name:nested");
  }

  @Test
  void should_reach_an_element_through_a_target_frame_path_without_entering() {
    DriverSession s = dialog();

    String deep = s.read(css("#deep").inFrame("url:**/detail.html?id=123*", "name:nested"), Step.ReadKind.TEXT,
        Optional.empty(), TIMEOUT).value();

    assertThat(deep).isEqualTo("deep");
    assertThat(s.state().framePath()).isEmpty();
  }

  @Test
  void should_list_the_candidates_of_an_ambiguous_frame_locator() {
    DriverSession s = dialog();

    FlowRunException e = catchThrowableOfType(FlowRunException.class, () -> s.enterFrame("iframe", SHORT));

    assertThat(e.code()).isEqualTo(ErrorCode.FRAME_AMBIGUOUS);
    assertThat(e.details().get("candidates")).contains("/detail.html?id=123", "/ads.html");
  }

  @Test
  void should_fail_frame_not_found_for_a_glob_matching_no_frame() {
    DriverSession s = dialog();

    FlowRunException e = catchThrowableOfType(FlowRunException.class, () -> s.enterFrame("url:**/detail.html?id=999*", SHORT));

    assertThat(e.code()).isEqualTo(ErrorCode.FRAME_NOT_FOUND);
  }

  @Test
  void should_wait_for_a_dialog_iframe_inserted_later() {
    DriverSession s = showing("/late", "<script>setTimeout(() => { const d = document.createElement('div');"
        + " d.setAttribute('role', 'dialog'); d.innerHTML = '<iframe src=\"/detail.html?id=7\"></iframe>';"
        + " document.body.appendChild(d); }, 300)</script>");

    s.enterFrame("[role=\"dialog\"] iframe", TIMEOUT);

    assertThat(s.resolve(css("#remark"), TIMEOUT).resolved()).isTrue();
  }

  @Test
  void should_lose_the_frame_context_when_the_entered_frame_is_removed() {
    DriverSession s = dialog();
    s.enterFrame("[role=\"dialog\"] iframe", TIMEOUT);

    s.eval("() => { setTimeout(() => window.top.document.querySelector('[role=dialog]').remove(), 100); }", TIMEOUT);

    FlowRunException e = catchThrowableOfType(FlowRunException.class, () -> s.resolve(css("#never"), TIMEOUT));
    assertThat(e.code()).isEqualTo(ErrorCode.FRAME_CONTEXT_LOST);
  }
}
