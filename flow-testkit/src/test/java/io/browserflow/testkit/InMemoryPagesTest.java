package io.browserflow.testkit;

import static io.browserflow.testkit.MemoryPages.T;
import static io.browserflow.testkit.MemoryPages.css;
import static io.browserflow.testkit.MemoryPages.thrown;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InMemoryPagesTest {

  private static DriverSession session(InMemoryPageDriver.Builder b) {
    return b.build().openSession(SessionOptions.defaults());
  }

  @Test
  void should_open_a_not_found_page_for_an_unknown_url() {
    DriverSession s = session(InMemoryPageDriver.builder());

    s.open("http://app.test/missing", T);

    assertThat(s.state().url()).isEqualTo("http://app.test/missing");
    assertThat(s.state().title()).isEqualTo("404 Not Found");
    assertThat(s.test(Condition.Text.present("Not Found"))).isTrue();
  }

  @Test
  void should_find_a_page_without_its_query_and_fragment() {
    DriverSession s = session(InMemoryPageDriver.builder().page("http://app.test/list", "<title>List</title>"));

    s.open("http://app.test/list?page=2#top", T);

    assertThat(s.state().title()).isEqualTo("List");
    assertThat(s.state().url()).isEqualTo("http://app.test/list?page=2#top");
  }

  @Test
  void should_prefer_an_exact_registration_with_a_query() {
    DriverSession s = session(InMemoryPageDriver.builder().page("http://app.test/list", "<title>Any</title>")
        .page("http://app.test/list?page=2", "<title>Second</title>"));

    s.open("http://app.test/list?page=2", T);

    assertThat(s.state().title()).isEqualTo("Second");
  }

  @Test
  void should_refuse_a_relative_url_with_nothing_to_resolve_it_against() {
    DriverSession s = session(InMemoryPageDriver.builder());

    FlowRunException e = thrown(FlowRunException.class, () -> s.open("/login", T));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
  }

  @Test
  void should_resolve_a_relative_open_against_the_current_page() {
    DriverSession s = session(InMemoryPageDriver.builder().page("http://app.test/a/b", "<p>b</p>")
        .page("http://app.test/a/c", "<title>C</title>"));
    s.open("http://app.test/a/b", T);

    s.open("c", T);

    assertThat(s.state().url()).isEqualTo("http://app.test/a/c");
  }

  @Test
  void should_load_srcdoc_and_empty_frames() {
    DriverSession s = session(InMemoryPageDriver.builder().page("http://app.test/",
        "<iframe id=a srcdoc=\"<button id=b>In srcdoc</button>\"></iframe><iframe id=e></iframe>"));
    s.open("http://app.test/", T);

    s.enterFrame("#a", T);
    assertThat(s.resolve(css("#b"), T).resolved()).isTrue();
    s.mainFrame();
    s.enterFrame("url:about:blank", T);
    assertThat(s.test(Condition.Text.present("anything"))).isFalse();
  }

  @Test
  void should_block_a_frame_from_a_denied_origin_and_report_it() {
    DriverSession s = InMemoryPageDriver.builder()
        .page("http://app.test/", "<iframe src=\"http://ads.test/banner?id=7\"></iframe>")
        .page("http://ads.test/banner", "<p id=ad>ad</p>").build()
        .openSession(SessionOptions.builder().denyNetwork(true).addAllowedOrigins("http://app.test").build());

    s.open("http://app.test/", T);

    assertThat(s.blockedRequests()).containsExactly("http://ads.test/banner");
    assertThat(s.test(Condition.Element.of(css("#ad").inFrame("iframe"), Condition.State.EXISTS))).isFalse();
  }

  @Test
  void should_allow_origins_regardless_of_case_and_default_port() {
    DriverSession s = InMemoryPageDriver.builder().page("http://app.test:80/", "<title>ok</title>").build()
        .openSession(SessionOptions.builder().denyNetwork(true).addAllowedOrigins("HTTP://App.Test").build());

    s.open("http://app.test:80/", T);

    assertThat(s.blockedRequests()).isEmpty();
  }

  @Test
  void should_keep_the_document_on_a_fragment_navigation() {
    DriverSession s = MemoryPages.show("<p id=status>idle</p><button data-on-click=\"text:#status=clicked\">Go</button>"
        + "<a href=\"#details\">Details</a>");
    s.perform(MemoryPages.click(css("button")), T);

    s.perform(MemoryPages.click(css("a")), T);

    assertThat(s.state().url()).isEqualTo("http://app.test/#details");
    assertThat(MemoryPages.text(s, "#status")).isEqualTo("clicked");
  }

  @Test
  void should_ignore_back_and_forward_without_history() {
    DriverSession s = MemoryPages.show("<p>x</p>");

    s.back(T);
    s.forward(T);

    assertThat(s.state().url()).isEqualTo("http://app.test/");
  }

  @Test
  void should_drop_forward_history_after_a_new_navigation() {
    DriverSession s = session(InMemoryPageDriver.builder().page("http://app.test/1", "").page("http://app.test/2", "")
        .page("http://app.test/3", ""));
    s.open("http://app.test/1", T);
    s.open("http://app.test/2", T);
    s.back(T);

    s.open("http://app.test/3", T);
    s.forward(T);

    assertThat(s.state().url()).isEqualTo("http://app.test/3");
    s.back(T);
    assertThat(s.state().url()).isEqualTo("http://app.test/1");
  }

  @Test
  void should_refuse_to_bind_an_alias_twice() {
    DriverSession s = MemoryPages.show("<a href=\"/x\" target=\"_blank\">x</a>");
    s.newTab("two", Optional.empty(), T);
    s.switchTab("main");

    FlowRunException tab = thrown(FlowRunException.class, () -> s.newTab("two", Optional.empty(), T));
    FlowRunException popup = thrown(FlowRunException.class, () -> s.perform(io.browserflow.api.InteractionStep.Click.builder().id("c")
        .target(css("a")).newTab("two").build(), T));

    assertThat(tab.code()).isEqualTo(ErrorCode.ACTION_FAILED);
    assertThat(popup.code()).isEqualTo(ErrorCode.ACTION_FAILED);
    assertThat(s.state().tabs()).containsExactly("main", "two");
  }

  @Test
  void should_have_no_current_tab_after_closing_the_last_one() {
    DriverSession s = MemoryPages.show("<p>x</p>");

    s.closeTab(Optional.empty());

    assertThat(s.state().tab()).isEmpty();
    assertThat(s.state().tabs()).isEmpty();
    assertThat(thrown(FlowRunException.class, () -> s.open("http://app.test/", T)).code())
        .isEqualTo(ErrorCode.TAB_NOT_FOUND);
    s.newTab("again", Optional.of("http://app.test/"), T);
    assertThat(s.state().tab()).isEqualTo("again");
  }

  @Test
  void should_bind_unrequested_popups_to_generated_aliases() {
    DriverSession s = MemoryPages.show("<a href=\"/r\" target=\"_blank\">r</a>");

    io.browserflow.engine.spi.ActionResult r = s.perform(MemoryPages.click(css("a")), T);

    assertThat(r.openedTab()).contains("popup-1");
    assertThat(s.state().tabs()).containsExactly("main", "popup-1");
  }

  @Test
  void should_report_frame_context_lost_when_the_page_under_an_entered_frame_navigates() {
    DriverSession s = session(InMemoryPageDriver.builder()
        .page("http://app.test/", "<iframe src=/f></iframe><button data-on-click=\"navigate:/x\">go</button>")
        .page("http://app.test/f", "<a href=/x target=_top>leave</a>"));
    s.open("http://app.test/", T);
    s.enterFrame("iframe", T);

    s.perform(MemoryPages.click(css("a")), T);

    assertThat(s.state().url()).isEqualTo("http://app.test/x");
    assertThat(thrown(FlowRunException.class, () -> s.resolve(css("a"), T)).code())
        .isEqualTo(ErrorCode.FRAME_CONTEXT_LOST);
  }
}
