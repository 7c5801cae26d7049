package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Tabs: a popup bound by a click's newTab alias, closing it, forks sharing the context, traces. */
@Tag("browser")
class PlaywrightTabTest extends ChromiumTest {

  @Test
  void should_bind_the_popup_of_a_click_and_return_to_the_opener_when_it_closes() {
    server.page("/report", page("Report", "<h1 id=\"r\">Report 42</h1>"));
    var s = showing("/home", "<button onclick=\"window.open('/report?id=42')\">Open report</button>");

    ActionResult r = s.perform(InteractionStep.Click.builder().id("open").target(Target.of(Candidate.role("button", "Open report")))
        .newTab("report").build(), TIMEOUT);

    assertThat(r.openedTab()).contains("report");
    s.switchTab("report");
    s.await(Condition.Url.of("**/report?id=42"), TIMEOUT);
    assertThat(s.read(css("#r"), Step.ReadKind.TEXT, Optional.empty(), TIMEOUT).value()).isEqualTo("Report 42");
    s.closeTab(Optional.empty());
    assertThat(s.state().tab()).isEqualTo("main");
    assertThat(s.state().tabs()).containsExactly("main");
  }

  @Test
  void should_forget_a_tab_the_page_closed_itself() {
    server.page("/self", page("Self", "<button onclick=\"window.close()\">Close me</button>"));
    var s = showing("/opener", "<a href=\"/self\" target=\"_blank\">Open</a>");
    s.perform(InteractionStep.Click.builder().id("open").target(Target.of(Candidate.text("Open"))).newTab("self").build(), TIMEOUT);
    s.switchTab("self");

    s.perform(InteractionStep.Click.builder().id("close").target(Target.of(Candidate.text("Close me"))).build(), TIMEOUT);

    s.await(Condition.Not.of(Condition.Url.of("**/self")), TIMEOUT);
    assertThat(s.state().tabs()).containsExactly("main");
    assertThat(s.state().tab()).isEqualTo("main");
  }

  @Test
  void should_fork_a_tab_on_the_same_page_sharing_cookies_usable_from_another_thread() throws Exception {
    var s = showing("/fork", "<input id=\"q\" aria-label=\"Q\"><script>document.cookie = 'k=v';</script>");

    try (DriverSession fork = s.fork("w1")) {
      assertThat(fork.state().url()).isEqualTo(server.url("/fork"));
      assertThat(fork.eval("document.cookie", TIMEOUT)).contains("k=v");
      CompletableFuture<String> other = CompletableFuture.supplyAsync(() -> {
        fork.perform(InteractionStep.Fill.builder().id("f").target(Target.of(Candidate.label("Q"))).value("in fork").build(), TIMEOUT);
        return fork.read(css("#q"), Step.ReadKind.VALUE, Optional.empty(), TIMEOUT).value();
      });
      s.perform(InteractionStep.Fill.builder().id("f").target(Target.of(Candidate.label("Q"))).value("in main").build(), TIMEOUT);

      assertThat(other.get()).isEqualTo("in fork");
      assertThat(s.read(css("#q"), Step.ReadKind.VALUE, Optional.empty(), TIMEOUT).value()).isEqualTo("in main");
    }
    assertThat(s.state().tabs()).containsExactly("main");
    assertThat(s.resolve(css("#q"), TIMEOUT).resolved()).isTrue();
  }

  @Test
  void should_save_a_trace_when_the_session_closes() throws Exception {
    server.page("/traced", page("Traced", "<p>x</p>"));
    Path artifacts = tempDir.resolve("traced");
    DriverSession s = driver.openSession(SessionOptions.builder().artifactsDir(artifacts).trace(true).build());
    s.open(server.url("/traced"), TIMEOUT);

    s.close();

    Path trace = artifacts.resolve("trace.zip");
    assertThat(trace).exists();
    assertThat(Files.readAllBytes(trace)).startsWith((byte) 'P', (byte) 'K');
  }
}
