package io.browserflow.playwright.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.json.FlowJson;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Situations where a naive recorder records the wrong thing, a secret, or loses an action. */
@Tag("browser")
class RecorderEdgeCasesTest extends RecorderTestBase {
  /** A recording of {@code page} whose live step events are collected into {@code events}. */
  private Recording recordingInto(List<String> events) {
    return Recorder.start(RecorderOptions.builder().page(page).listener(new RecordingListener() {
      @Override
      public void stepCaptured(Step step, int count) {
        events.add(step.toString());
      }
    }).build());
  }

  private static List<String> ops(FlowDraft d) {
    return d.flow().steps().stream().map(s -> s.kind().op()).collect(Collectors.toList());
  }

  @Test
  void should_record_enter_on_a_form_with_a_submit_button_once() {
    server.page("/login.html", page("Login",
        "<form action=\"/home.html\"><input name=\"user\" aria-label=\"User\"><button>Sign in</button></form>"));
    server.page("/home.html", page("Home", "<p>home</p>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/login.html"));
    page.getByLabel("User").pressSequentially("ada");
    page.keyboard().press("Enter");
    page.waitForURL("**/home.html?**");
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "fill", "press");
    assertThat(draft.flow().steps().get(2).expect()).containsExactly(Condition.Url.of("**/home.html?user=ada"));
  }

  @Test
  void should_keep_a_password_secret_after_a_show_password_toggle() {
    server.page("/secret.html", page("Secret",
        "<input type=\"password\" id=\"pw\" aria-label=\"Password\">"
            + "<label><input type=\"checkbox\" id=\"show\" onchange=\"document.getElementById('pw').type = this.checked ? 'text' : 'password'\"> Show</label>"
            + "<button>Next</button>"));
    List<String> events = new ArrayList<>();
    Recording rec = recordingInto(events);
    page.navigate(server.url("/secret.html"));
    page.locator("#pw").pressSequentially("hunter2");
    page.locator("#show").check();
    page.locator("#pw").pressSequentially("!");
    page.click("text=Next");
    FlowDraft draft = rec.stop();

    assertThat(FlowJson.write(draft.flow())).doesNotContain("hunter2");
    assertThat(String.join("\n", events)).doesNotContain("hunter2");
    assertThat(draft.flow().credentials()).singleElement().satisfies(c -> assertThat(c.secret()).isTrue());
  }

  @Test
  void should_keep_typing_that_navigates_on_a_keystroke() {
    server.page("/code.html", page("Code",
        "<input id=\"code\" aria-label=\"Code\" oninput=\"if (this.value.length === 3) location.href = '/done.html#' + this.value\">"));
    server.page("/done.html", page("Done", "<p id=\"log\">done</p>"
        + "<script>window.pageState = () => ({url: location.pathname + location.hash});</script>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/code.html"));
    page.locator("#code").pressSequentially("123");
    page.waitForURL("**/done.html#123");
    String expected = state(page);
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "fill");
    assertThat(((InteractionStep.Fill) draft.flow().steps().get(1)).value()).isEqualTo("123");
    assertThat(draft.flow().steps().get(1).expect()).containsExactly(Condition.Url.of("**/done.html#*"));
    assertThat(replayState(draft.flow())).isEqualTo(expected);
  }

  @Test
  void should_keep_the_frame_step_when_scrolls_follow_each_other_across_frames() {
    server.page("/tall.html", page("Tall", "<div style=\"height:3000px\">tall frame</div>"));
    server.page("/scrolls.html", page("Scrolls",
        "<iframe id=\"doc\" src=\"/tall.html\" style=\"height:200px\"></iframe><div style=\"height:3000px\"></div>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/scrolls.html"));
    page.mouse().move(400, 600);
    page.mouse().wheel(0, 300);
    page.waitForFunction("() => scrollY > 0");
    page.waitForTimeout(500);
    page.evaluate("() => window.scrollTo(0, 0)");
    page.mouse().move(100, 100);
    page.mouse().wheel(0, 400);
    page.waitForTimeout(600);
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "scroll", "frame", "scroll");
  }

  @Test
  void should_record_a_slotted_checkbox_once_and_ignore_text_selection() {
    server.page("/slot.html", page("Slot",
        "<p id=\"a\">First paragraph of text</p><p id=\"b\">Second paragraph of text</p>"
            + "<fancy-box><label><input type=\"checkbox\" id=\"agree\"> Agree</label></fancy-box>"
            + "<script>customElements.define('fancy-box', class extends HTMLElement { connectedCallback() {"
            + " this.attachShadow({mode: 'open'}).innerHTML = '<div class=\"frame\"><slot></slot></div>'; }});</script>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/slot.html"));
    com.microsoft.playwright.options.BoundingBox a = page.locator("#a").boundingBox();
    com.microsoft.playwright.options.BoundingBox b = page.locator("#b").boundingBox();
    page.mouse().move(a.x + 5, a.y + a.height / 2);
    page.mouse().down();
    page.mouse().move(b.x + 60, b.y + b.height / 2, new com.microsoft.playwright.Mouse.MoveOptions().setSteps(5));
    page.mouse().up();
    page.locator("#agree").check();
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "check");
  }

  @Test
  void should_record_an_address_typed_right_after_a_click_as_a_navigation_of_its_own() {
    server.page("/list.html", page("List", "<button onclick=\"document.getElementById('s').textContent='sorted'\">Sort</button>"
        + "<p id=\"s\">unsorted</p>"));
    server.page("/other.html", page("Other", "<a href=\"/list.html?view=compact\">Compact list</a>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/list.html"));
    page.locator("button").click();
    page.navigate(server.url("/other.html")); // the embedding code (or the address bar) right after the click
    page.getByText("Compact list").click();
    page.waitForURL("**/list.html?view=compact");
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "click", "navigate", "click");
    assertThat(((PageStep.Navigate) draft.flow().steps().get(2)).url()).endsWith("/other.html");
    assertThat(draft.flow().steps().get(1).expect()).noneMatch(RecordedStep::isExpectUrl);
    // the link's navigation was the page's own: a check naming the page, query included
    assertThat(draft.flow().steps().get(3).expect()).containsExactly(Condition.Url.of("**/list.html?view=compact"));
  }

  @Test
  void should_not_record_keys_that_act_on_the_browser() {
    server.page("/keys.html", page("Keys", "<input aria-label=\"Name\"><button id=\"b\">Go</button>"
        + "<div id=\"editor\" tabindex=\"0\" onkeydown=\"if (event.ctrlKey && event.key === 'd') { event.preventDefault(); this.textContent = 'duplicated'; }\">doc</div>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/keys.html"));
    page.locator("#b").focus();
    for (String key : List.of("Control+l", "Control+t", "Control+w", "F5", "Control+r", "Alt+ArrowLeft", "Control+Tab", "F12")) {
      page.keyboard().press(key);
    }
    page.locator("#editor").focus();
    page.keyboard().press("Control+d"); // the page takes it: its own shortcut
    page.keyboard().press("Escape");
    FlowDraft draft = rec.stop();

    assertThat(draft.flow().steps()).filteredOn(st -> st.kind() == Step.Kind.PRESS)
        .extracting(st -> ((InteractionStep.Press) st).key() + ((InteractionStep.Press) st).modifiers())
        .as(FlowJson.write(draft.flow())).containsExactly("d[Control]", "Escape[]");
  }

  @Test
  void should_give_a_wrong_password_typed_on_purpose_a_credential_of_its_own() {
    server.page("/login.html", page("Login", "<form action=\"/login.html\" method=\"get\"><input name=\"u\" aria-label=\"User\">"
        + "<input type=\"password\" name=\"password\" aria-label=\"Password\"><button>Sign in</button></form>"));
    List<String> events = new ArrayList<>();
    Recording rec = recordingInto(events);
    page.navigate(server.url("/login.html"));
    page.getByLabel("User").pressSequentially("ada");
    page.getByLabel("Password").pressSequentially("wrong-guess");
    page.getByText("Sign in").click();
    page.waitForURL("**/login.html?**");
    page.getByLabel("User").pressSequentially("ada");
    page.getByLabel("Password").pressSequentially("right-one");
    page.getByText("Sign in").click();
    page.waitForURL("**password=right-one");
    FlowDraft draft = rec.stop();

    assertThat(draft.flow().credentials()).extracting(c -> c.key()).as(FlowJson.write(draft.flow()))
        .containsExactly("PASSWORD", "PASSWORD_2");
    assertThat(draft.flow().steps()).filteredOn(st -> st.kind() == Step.Kind.FILL).extracting(st -> ((InteractionStep.Fill) st).value())
        .containsExactly("ada", "${credential.PASSWORD}", "ada", "${credential.PASSWORD_2}");
    assertThat(FlowJson.write(draft.flow()) + String.join("\n", events)).doesNotContain("wrong-guess", "right-one");
  }
}
