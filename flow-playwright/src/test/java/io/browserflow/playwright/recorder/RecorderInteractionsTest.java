package io.browserflow.playwright.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.LintCode;
import io.browserflow.engine.Inputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Hover menus, double and right clicks, scrolls, drags, uploads, key presses, popups and overlays. */
@Tag("browser")
class RecorderInteractionsTest extends RecorderTestBase {
  static final String LOG = "<pre id=\"log\"></pre><script>function log(s){ document.getElementById('log').textContent += s + '\\n'; }"
      + "window.pageState = () => ({url: location.pathname + location.search + location.hash,"
      + " log: document.getElementById('log').textContent, scrollY: Math.round(scrollY),"
      + " box: Math.round((document.getElementById('box') || {scrollTop: 0}).scrollTop)});</script>";

  private static List<String> ops(FlowDraft d) {
    return d.flow().steps().stream().map(s -> s.kind().op()).collect(Collectors.toList());
  }

  @Test
  void should_record_hover_menus_double_and_right_clicks() {
    server.page("/widgets.html", page("Widgets",
        "<style>#menu-items{display:none}</style>"
            + "<div id=\"menu\" onmouseenter=\"document.getElementById('menu-items').style.display='block'\">Account"
            + "<div id=\"menu-items\"><button onclick=\"log('settings')\">Settings</button></div></div>"
            + "<div id=\"cell\" ondblclick=\"log('edit cell')\" onclick=\"log('select cell')\">Cell A1</div>"
            + "<div id=\"row\" oncontextmenu=\"event.preventDefault(); log('row menu')\">Row 1</div>"
            + LOG));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/widgets.html"));
    page.hover("#menu");
    page.waitForTimeout(100);
    page.click("text=Settings");
    page.dblclick("#cell");
    page.click("#row", new com.microsoft.playwright.Page.ClickOptions().setButton(com.microsoft.playwright.options.MouseButton.RIGHT));
    String expected = state(page);
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "hover", "click", "dblclick", "contextmenu");
    assertThat(expected).contains("settings\\nselect cell\\nselect cell\\nedit cell\\nrow menu");
    assertThat(replayState(draft.flow())).isEqualTo(expected);
  }

  @Test
  void should_record_scrolls_drags_and_uploads() throws Exception {
    server.page("/move.html", page("Move",
        "<div id=\"box\" style=\"height:100px;overflow:auto\"><div style=\"height:1000px\">tall</div></div>"
            + "<div id=\"card\" draggable=\"true\" ondragstart=\"event.dataTransfer.setData('text/plain','card')\">Card</div>"
            + "<div id=\"done\" ondragover=\"event.preventDefault()\" ondrop=\"event.preventDefault(); log('dropped ' + event.dataTransfer.getData('text/plain'))\">Done column</div>"
            + "<input type=\"file\" id=\"attachment\" onchange=\"log('file ' + this.files[0].name)\">"
            + "<div style=\"height:2000px\"></div>"
            + LOG));
    Path file = Files.writeString(tempDir.resolve("notes.txt"), "hello");
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/move.html"));
    page.hover("#box");
    page.mouse().wheel(0, 300);
    page.waitForFunction("() => document.getElementById('box').scrollTop > 0");
    page.dragAndDrop("#card", "#done");
    page.setInputFiles("#attachment", file);
    page.mouse().move(10, 600);
    page.mouse().wheel(0, 500);
    page.waitForFunction("() => scrollY > 0");
    page.waitForTimeout(500);
    String expected = state(page);
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "scroll", "drag", "upload", "scroll");
    InteractionStep.Upload upload = (InteractionStep.Upload) draft.flow().steps().get(3);
    assertThat(upload.files()).containsExactly("${input.ATTACHMENT_FILE}");
    assertThat(draft.flow().inputs()).extracting(i -> i.key()).containsExactly("ATTACHMENT_FILE");
    assertThat(expected).contains("dropped card", "file notes.txt");
    RunResultState.check(replayState(draft.flow(), Inputs.builder().input("ATTACHMENT_FILE", file.toString()).build()), expected);
  }

  @Test
  void should_record_enter_that_navigates_as_a_press_expecting_the_url() {
    server.page("/search.html", page("Search",
        "<form action=\"/results.html\"><input name=\"q\" aria-label=\"Query\"></form>" + LOG));
    server.page("/results.html", page("Results", "<p>results</p>" + LOG));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/search.html"));
    page.getByLabel("Query").pressSequentially("lamp 42");
    page.keyboard().press("Enter");
    page.waitForURL("**/results.html?**");
    String expected = state(page);
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "fill", "press");
    InteractionStep.Press press = (InteractionStep.Press) draft.flow().steps().get(2);
    assertThat(press.key()).isEqualTo("Enter");
    assertThat(press.expect()).containsExactly(Condition.Url.of("**/results.html?q=lamp+42"));
    assertThat(replayState(draft.flow())).isEqualTo(expected);
  }

  @Test
  void should_bind_a_popup_to_the_click_that_opened_it() {
    server.page("/opener.html", page("Opener",
        "<button onclick=\"window.open('/popup.html')\">Open details</button>" + LOG));
    server.page("/popup.html", page("Popup",
        "<button onclick=\"opener.log('approved in popup'); \">Approve</button>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/opener.html"));
    com.microsoft.playwright.Page popup = page.waitForPopup(() -> page.click("text=Open details"));
    popup.waitForLoadState();
    popup.click("text=Approve");
    page.bringToFront();
    String expected = state(page);
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "click", "tabSwitch", "click");
    assertThat(((InteractionStep.Click) draft.flow().steps().get(1)).newTab()).hasValue("popup1");
    assertThat(draft.flow().steps().get(2).expect()).containsExactly(Condition.Url.of("**/popup.html"));
    assertThat(draft.flow().tabs()).singleElement().satisfies(t -> assertThat(t.opener()).hasValue("main"));
    assertThat(expected).contains("approved in popup");
    assertThat(replayState(draft.flow())).isEqualTo(expected);
  }

  @Test
  void should_not_record_a_close_when_the_opener_closed_the_popup_long_after_the_last_action_in_it() {
    // the opener closes the popup 2.5 s after it reported back (past the window in which a close
    // right after an action counts as the page's own): only the page saying so tells it from a person
    server.page("/parent.html", page("Parent",
        "<button onclick=\"window.open('/child.html')\">Add author</button><input id=\"date\" aria-label=\"Date\">"
            + "<script>function added(w, name){ log('added ' + name); setTimeout(() => w.close(), 2500); }</script>" + LOG));
    server.page("/child.html", page("Child", "<button onclick=\"opener.added(window, 'Ann')\">Save</button>"));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/parent.html"));
    com.microsoft.playwright.Page popup = page.waitForPopup(() -> page.click("text=Add author"));
    popup.waitForLoadState();
    popup.click("text=Save");
    popup.waitForClose(() -> {});
    page.bringToFront();
    page.click("#date");
    String expected = state(page);
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "click", "tabSwitch", "click",
        "tabSwitch", "click");
    assertThat(expected).contains("added Ann");
    assertThat(replayState(draft.flow())).isEqualTo(expected);
  }

  @Test
  void should_declare_the_dialogs_a_person_answered_on_the_steps_that_opened_them() {
    server.page("/dialogs.html", page("Dialogs",
        "<button onclick=\"log(confirm('Delete 3 orders?') ? 'deleted' : 'kept')\">Delete</button>"
            + "<button onclick=\"log('renamed ' + prompt('New name', 'draft'))\">Rename</button>"
            + "<button onclick=\"alert('Saved'); log('saved')\">Save</button>"
            + "<button onclick=\"log(confirm('Archive?') ? 'archived' : 'not archived')\">Archive</button>" + LOG));
    java.util.ArrayDeque<java.util.function.Consumer<com.microsoft.playwright.Dialog>> answers = new java.util.ArrayDeque<>(List.of(
        d -> d.accept(), d -> d.accept("Plan B"), d -> d.accept(), d -> d.dismiss()));
    page.onDialog(d -> answers.poll().accept(d));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/dialogs.html"));
    for (String button : List.of("Delete", "Rename", "Save", "Archive")) {
      page.click("text=" + button);
    }
    String expected = state(page);
    FlowDraft draft = rec.stop();

    assertThat(answers).isEmpty();
    assertThat(ops(draft)).as(FlowJson.write(draft.flow())).containsExactly("open", "click", "click", "click", "click");
    List<io.browserflow.api.Dialog> declared = draft.flow().steps().stream().flatMap(s -> s.dialogs().stream())
        .collect(Collectors.toList());
    assertThat(declared).containsExactly(
        io.browserflow.api.Dialog.confirm("Delete 3 orders?"),
        io.browserflow.api.Dialog.prompt("New name").answer("Plan B"),
        io.browserflow.api.Dialog.alert("Saved"),
        io.browserflow.api.Dialog.confirm("Archive?").dismiss());
    assertThat(draft.flow().steps().get(4).dialogs()).containsExactly(io.browserflow.api.Dialog.confirm("Archive?").dismiss());
    assertThat(expected).contains("deleted\\nrenamed Plan B\\nsaved\\nnot archived");
    // the replay answers as the person did, and fails a step whose dialog is not declared
    assertThat(replayState(draft.flow())).isEqualTo(expected);
  }

  @Test
  void should_skip_clicks_on_loading_overlays_with_a_warning() {
    server.page("/busy.html", page("Busy",
        "<button onclick=\"log('saved')\">Save</button>"
            + "<div class=\"loading-mask\" style=\"position:fixed;left:0;top:200px;width:100%;height:100px\"></div>" + LOG));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/busy.html"));
    page.mouse().click(50, 250);
    page.click("text=Save");
    FlowDraft draft = rec.stop();

    assertThat(ops(draft)).containsExactly("open", "click");
    assertThat(draft.report().has(LintCode.OVERLAY_CLICK)).isTrue();
  }

  /** Compares states; a helper so a mismatch prints both. */
  static final class RunResultState {
    static void check(String actual, String expected) {
      assertThat(actual).isEqualTo(expected);
    }
  }
}
