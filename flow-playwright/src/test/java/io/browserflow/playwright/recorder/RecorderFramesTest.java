package io.browserflow.playwright.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.json.FlowJson;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Recording across a same-origin iframe, a cross-origin iframe and open shadow roots. */
@Tag("browser")
class RecorderFramesTest extends RecorderTestBase {
  static final String LOG_SCRIPT = "<script>"
      + "window.addEventListener('message', e => { document.getElementById('log').textContent += e.data + '\\n'; });"
      + "function log(s){ document.getElementById('log').textContent += s + '\\n'; }"
      + "</script>";

  static String child(String name) {
    return page(name,
        "<input id=\"q\" placeholder=\"Search " + name + "\">"
            + "<button id=\"go\" onclick=\"parent.postMessage('" + name + ' ' + "' + document.getElementById('q').value, '*')\">Go</button>");
  }

  @Test
  void should_record_frames_as_owner_selectors_and_replay_them() {
    server.page("/inner.html", child("inner"));
    server.page("/remote.html", child("remote"));
    String remote = server.url("/remote.html").replace("127.0.0.1", "localhost");
    server.page("/frames.html", page("Frames",
        "<iframe id=\"inner\" src=\"/inner.html\"></iframe>"
            + "<iframe title=\"Remote widget\" src=\"" + remote + "\"></iframe>"
            + "<button onclick=\"log('main')\">Main</button><pre id=\"log\"></pre>" + LOG_SCRIPT
            + "<script>window.pageState = () => ({log: document.getElementById('log').textContent});</script>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/frames.html"));
    page.frameLocator("#inner").locator("#q").pressSequentially("alpha");
    page.frameLocator("#inner").locator("#go").click();
    page.frameLocator("[title='Remote widget']").locator("#q").pressSequentially("beta");
    page.frameLocator("[title='Remote widget']").locator("#go").click();
    page.getByText("Main").click();
    page.waitForFunction("() => document.getElementById('log').textContent.split('\\n').length > 3");
    String expected = state(page);
    FlowDraft draft = rec.stop();

    List<String> ops = draft.flow().steps().stream().map(s -> s.kind().op()).collect(Collectors.toList());
    assertThat(ops).as(FlowJson.write(draft.flow()))
        .containsExactly("open", "frame", "fill", "click", "frameMain", "frame", "fill", "click", "frameMain", "click");
    assertThat(((PageStep.Frame) draft.flow().steps().get(1)).locator()).isEqualTo("iframe#inner");
    assertThat(((PageStep.Frame) draft.flow().steps().get(5)).locator()).isEqualTo("iframe[title=\"Remote widget\"]");
    assertThat(draft.flow().steps().get(5).title()).hasValueSatisfying(t -> assertThat(t).contains("**/remote.html"));
    assertThat(expected).contains("inner alpha", "remote beta", "main");
    assertThat(replayState(draft.flow())).isEqualTo(expected);
  }

  @Test
  void should_record_inside_open_shadow_roots() {
    server.page("/shadow.html", page("Shadow",
        "<pre id=\"log\"></pre>" + LOG_SCRIPT
            + "<settings-panel></settings-panel>"
            + "<script>"
            + "customElements.define('settings-panel', class extends HTMLElement { connectedCallback() {"
            + " const r = this.attachShadow({mode: 'open'});"
            + " r.innerHTML = '<label>Nickname <input id=\"nick\"></label>'"
            + "  + '<select id=\"tone\"><option>calm</option><option>loud</option></select>'"
            + "  + '<label><input type=\"checkbox\" id=\"mute\"> Mute</label>'"
            + "  + '<button>Apply</button>';"
            + " r.querySelector('button').onclick = () => log('apply ' + r.getElementById('nick').value + ' '"
            + "  + r.getElementById('tone').value + ' ' + r.getElementById('mute').checked);"
            + "}});"
            + "window.pageState = () => { const r = document.querySelector('settings-panel').shadowRoot;"
            + " return {log: document.getElementById('log').textContent, nick: r.getElementById('nick').value,"
            + " tone: r.getElementById('tone').value, mute: r.getElementById('mute').checked}; };"
            + "</script>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/shadow.html"));
    page.locator("#nick").pressSequentially("Grace");
    page.focus("#tone");
    page.keyboard().press("ArrowDown");
    page.locator("#mute").check();
    page.getByRole(com.microsoft.playwright.options.AriaRole.BUTTON, new com.microsoft.playwright.Page.GetByRoleOptions().setName("Apply")).click();
    String expected = state(page);
    FlowDraft draft = rec.stop();

    List<Step> steps = draft.flow().steps();
    assertThat(steps.stream().map(s -> s.kind().op()).collect(Collectors.toList())).as(FlowJson.write(draft.flow()))
        .containsExactly("open", "fill", "select", "check", "click");
    assertThat(((InteractionStep.Fill) steps.get(1)).target().shadowPath()).containsExactly("settings-panel");
    assertThat(((InteractionStep.Select) steps.get(2)).target().shadowPath()).containsExactly("settings-panel");
    assertThat(((InteractionStep.Check) steps.get(3)).target().shadowPath()).containsExactly("settings-panel");
    assertThat(((InteractionStep.Click) steps.get(4)).target().shadowPath()).containsExactly("settings-panel");
    assertThat(expected).contains("apply Grace loud true");
    assertThat(replayState(draft.flow())).isEqualTo(expected);
  }
}
