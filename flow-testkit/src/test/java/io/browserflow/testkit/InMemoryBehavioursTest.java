package io.browserflow.testkit;

import static io.browserflow.testkit.MemoryPages.T;
import static io.browserflow.testkit.MemoryPages.click;
import static io.browserflow.testkit.MemoryPages.css;
import static io.browserflow.testkit.MemoryPages.text;
import static io.browserflow.testkit.MemoryPages.value;
import static io.browserflow.testkit.MemoryPages.thrown;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InMemoryBehavioursTest {
  @TempDir
  Path tempDir;

  private static final String STATUS = "<p id=status>idle</p>";

  private DriverSession pages(String home, String... more) {
    InMemoryPageDriver.Builder b = InMemoryPageDriver.builder().page("http://app.test/", home);
    for (int i = 0; i + 1 < more.length; i += 2) {
      b.page("http://app.test" + more[i], more[i + 1]);
    }
    return MemoryPages.open(b.build(), "http://app.test/", tempDir);
  }

  private static boolean visible(DriverSession s, String css) {
    return s.test(Condition.Element.of(css(css), Condition.State.VISIBLE));
  }

  @Test
  void should_run_every_action_of_a_list_in_order() {
    DriverSession s = MemoryPages.show(STATUS + "<div id=panel hidden>Panel</div><div id=spinner>Spin</div>"
        + "<button id=b disabled>B</button><p id=gone>gone</p>"
        + "<button id=go data-on-click=\"show:#panel; hide:#spinner; enable:#b; remove:#gone; text:#status=A; "
        + "text:#status=B; title:Done\">Go</button>");

    s.perform(click(css("#go")), T);

    assertThat(visible(s, "#panel")).isTrue();
    assertThat(visible(s, "#spinner")).isFalse();
    assertThat(s.test(Condition.Element.of(css("#b"), Condition.State.ENABLED))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#gone"), Condition.State.EXISTS))).isFalse();
    assertThat(text(s, "#status")).isEqualTo("B");
    assertThat(s.state().title()).isEqualTo("Done");
  }

  @Test
  void should_split_text_actions_at_the_first_top_level_equals_sign() {
    DriverSession s = MemoryPages.show("<p data-k=\"a=b\">old</p>"
        + "<button data-on-click=\"text:[data-k='a=b']=x = y; disable:button\">Go</button>");

    s.perform(click(css("button")), T);

    assertThat(text(s, "p")).isEqualTo("x = y");
    assertThat(s.test(Condition.Element.of(css("button"), Condition.State.DISABLED))).isTrue();
  }

  @Test
  void should_toggle_visibility_including_inline_styles() {
    DriverSession s = MemoryPages.show("<div id=p style=\"color: red; display: none\">P</div>"
        + "<button data-on-click=\"toggle:#p\">T</button>");

    s.perform(click(css("button")), T);
    assertThat(visible(s, "#p")).isTrue();
    assertThat(s.read(css("#p"), Step.ReadKind.ATTRIBUTE, java.util.Optional.of("style"), T).value())
        .isEqualTo("color: red;");
    s.perform(click(css("button")), T);
    assertThat(visible(s, "#p")).isFalse();
  }

  @Test
  void should_fail_loudly_on_an_unknown_behaviour() {
    DriverSession s = MemoryPages.show("<button data-on-click=\"explode:#x\">Go</button>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.perform(click(css("button")), T));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
    assertThat(e.getMessage()).contains("explode");
  }

  @Test
  void should_run_a_delayed_list_later_in_virtual_time() {
    DriverSession s = MemoryPages.show(STATUS + "<button data-on-click=\"text:#status=done\" data-on-click-delay=\"700\">Go</button>");

    s.perform(click(css("button")), T);

    assertThat(text(s, "#status")).isEqualTo("idle");
    s.await(Condition.Text.of(css("#status"), "done", Condition.Match.EQUALS), T);
    assertThat(MemoryPages.now(s)).isEqualTo(700);
  }

  @Test
  void should_bubble_clicks_to_ancestors_and_out_of_shadow_roots() {
    DriverSession s = MemoryPages.show(STATUS + "<div data-on-click=\"text:#status=outer\"><x-card>"
        + "<template shadowrootmode=open><span id=inner>Inner</span></template></x-card></div>");

    s.perform(click(css("#inner")), T);

    assertThat(text(s, "#status")).isEqualTo("outer");
  }

  @Test
  void should_show_hide_attach_and_detach_on_timers() {
    DriverSession s = MemoryPages.show("<p id=a data-show-after=100>a</p><p id=b data-hide-after=200>b</p>"
        + "<p id=c data-attach-after=300>c</p><p id=d data-detach-after=400>d</p>");

    assertThat(visible(s, "#a")).isFalse();
    assertThat(visible(s, "#b")).isTrue();
    assertThat(s.test(Condition.Element.of(css("#c"), Condition.State.EXISTS))).isFalse();
    s.await(Condition.Element.of(css("#d"), Condition.State.HIDDEN), T);

    assertThat(MemoryPages.now(s)).isEqualTo(400);
    assertThat(visible(s, "#a")).isTrue();
    assertThat(visible(s, "#b")).isFalse();
    assertThat(s.scrape(css("p"), Step.ScrapeMode.ATTRIBUTES, List.of("id"), 10, T).items())
        .extracting(m -> m.get("id")).containsExactly("a", "b", "c");
  }

  @Test
  void should_cancel_timers_of_a_page_that_was_left() {
    DriverSession s = pages("<p id=late data-attach-after=500>late</p>", "/other", "<p>other</p>");

    assertThat(((InMemorySession) s).clock.pending()).isEqualTo(1);

    s.navigate("http://app.test/other", T);

    assertThat(((InMemorySession) s).clock.pending()).isZero();
  }

  @Test
  void should_submit_a_form_with_its_submit_button_as_a_get_navigation() {
    DriverSession s = pages("<form action=/search><input name=q value=\"red shoes\"><input type=checkbox name=new checked>"
        + "<input type=checkbox name=used><select name=size><option>S<option selected>M</select>"
        + "<input name=off disabled value=x><button>Search</button></form>", "/search", "<title>Results</title>");

    s.perform(click(css("button")), T);

    assertThat(s.state().url()).isEqualTo("http://app.test/search?q=red+shoes&new=on&size=M");
  }

  @Test
  void should_run_data_on_submit_instead_of_navigating() {
    DriverSession s = MemoryPages.show(STATUS + "<form data-on-submit=\"text:#status=sent\"><input name=q aria-label=Q>"
        + "<input type=submit value=Send></form>");

    s.perform(click(css("input[type=submit]")), T);

    assertThat(s.state().url()).isEqualTo("http://app.test/");
    assertThat(text(s, "#status")).isEqualTo("sent");
  }

  @Test
  void should_not_submit_with_a_plain_button() {
    DriverSession s = pages("<form action=/search><button type=button>Nothing</button></form>", "/search", "");

    s.perform(click(css("button")), T);

    assertThat(s.state().url()).isEqualTo("http://app.test/");
  }

  @Test
  void should_download_through_a_link_with_a_download_attribute() throws Exception {
    DriverSession s = pages("<a href=/files/data.csv download>Get</a><a href=/files/x download=\"a/b.txt\">Other</a>",
        "/files/data.csv", "a,b\n1,2");

    s.perform(click(css("a[href$=csv]")), T);
    s.perform(click(css("a[href$=x]")), T);
    s.perform(click(css("a[href$=csv]")), T);

    assertThat(s.downloads()).extracting(d -> d.suggestedName()).containsExactly("data.csv", "a/b.txt", "data.csv");
    assertThat(Files.readString(s.downloads().get(0).path())).isEqualTo("a,b\n1,2");
    assertThat(s.downloads().get(0).path()).startsWith(tempDir);
    assertThat(s.downloads().get(1).path().getFileName().toString()).isEqualTo("a_b.txt");
    assertThat(s.downloads().get(2).path()).isNotEqualTo(s.downloads().get(0).path());
    assertThat(s.state().url()).isEqualTo("http://app.test/");
  }

  @Test
  void should_open_a_popup_for_a_modified_click_on_a_link() {
    DriverSession s = pages("<a href=/r>Report</a>", "/r", "<title>R</title>");

    ActionResult r = s.perform(InteractionStep.Click.builder().id("c").target(css("a")).addModifiers("Control").newTab("rep").build(), T);

    assertThat(r.openedTab()).contains("rep");
    assertThat(s.state().url()).isEqualTo("http://app.test/");
  }

  @Test
  void should_toggle_details_when_its_summary_is_clicked() {
    DriverSession s = MemoryPages.show("<details><summary>More</summary><p id=more>Hidden text</p></details>");

    assertThat(visible(s, "#more")).isFalse();
    s.perform(click(css("summary")), T);

    assertThat(visible(s, "#more")).isTrue();
  }

  @Test
  void should_fire_input_on_fill_and_change_on_select() {
    DriverSession s = MemoryPages.show(STATUS + "<input id=i aria-label=I data-on-input=\"text:#status=typed\">"
        + "<select id=sel data-on-change=\"text:#status=changed\"><option>a<option>b</select>");

    s.perform(InteractionStep.Fill.builder().id("f").target(css("#i")).value("x").build(), T);
    assertThat(text(s, "#status")).isEqualTo("typed");
    s.perform(InteractionStep.Select.builder().id("s").target(css("#sel")).label("b").build(), T);
    assertThat(text(s, "#status")).isEqualTo("changed");
  }

  @Test
  void should_edit_fields_with_keys() {
    DriverSession s = MemoryPages.show("<input id=i aria-label=I value=ab><textarea id=t>x</textarea>");

    s.perform(InteractionStep.Press.builder().id("p").key("Backspace").target(css("#i")).build(), T);
    s.perform(InteractionStep.Press.builder().id("p").key("Shift+KeyC").target(css("#i")).build(), T);
    s.perform(InteractionStep.Press.builder().id("p").key("a").addModifiers("Control").target(css("#i")).build(), T);
    s.perform(InteractionStep.Press.builder().id("p").key("Enter").target(css("#t")).build(), T);
    s.perform(InteractionStep.Type.builder().id("t").text("yz").build(), T);

    assertThat(value(s, "#i")).isEqualTo("aC");
    assertThat(value(s, "#t")).isEqualTo("x\nyz");
  }

  @Test
  void should_wait_for_a_readonly_field_to_become_editable() {
    DriverSession s = MemoryPages.show("<input id=i aria-label=I readonly>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.perform(InteractionStep.Fill.builder().id("f").target(css("#i")).value("x")
        .build(), java.time.Duration.ofSeconds(1)));

    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(e.getMessage()).contains("readonly");
  }

  @Test
  void should_reject_text_in_a_number_field() {
    DriverSession s = MemoryPages.show("<input id=n type=number aria-label=N>");

    assertThat(thrown(FlowRunException.class, () -> s.perform(InteractionStep.Fill.builder().id("f").target(css("#n")).value("abc").build(), T)).code()).isEqualTo(ErrorCode.ACTION_FAILED);
    s.perform(InteractionStep.Fill.builder().id("f").target(css("#n")).value("-1.5e3").build(), T);
    assertThat(value(s, "#n")).isEqualTo("-1.5e3");
  }

  @Test
  void should_refuse_several_files_for_a_single_file_input_and_missing_files() throws Exception {
    Path a = Files.writeString(tempDir.resolve("a.txt"), "a");
    Path b = Files.writeString(tempDir.resolve("b.txt"), "b");
    DriverSession s = MemoryPages.show("<input type=file id=f><input type=file id=m multiple>");

    assertThat(thrown(FlowRunException.class, () -> s.perform(InteractionStep.Upload.builder().id("u").target(css("#f"))
        .addFiles(a.toString(), b.toString()).build(), T)).code()).isEqualTo(ErrorCode.ACTION_FAILED);
    assertThat(thrown(FlowRunException.class, () -> s.perform(InteractionStep.Upload.builder().id("u").target(css("#f"))
        .addFiles(tempDir.resolve("none.txt").toString()).build(), T)).code())
        .isEqualTo(ErrorCode.ACTION_FAILED);
    s.perform(InteractionStep.Upload.builder().id("u").target(css("#m")).addFiles(a.toString(), b.toString()).build(), T);
    assertThat(value(s, "#m")).isEqualTo("C:\\fakepath\\a.txt");
  }

  @Test
  void should_use_the_session_options_artifacts_dir_for_downloads() {
    InMemoryPageDriver driver = InMemoryPageDriver.builder()
        .page("http://app.test/", "<button data-on-click=\"download:r.csv\">Export</button>").build();
    DriverSession s = driver.openSession(SessionOptions.builder().artifactsDir(tempDir.resolve("run1")).build());
    s.open("http://app.test/", T);

    s.perform(click(css("button")), T);

    assertThat(s.downloads().get(0).path()).isEqualTo(tempDir.resolve("run1").resolve("downloads").resolve("r.csv"));
  }
}
