package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.engine.spi.DriverSession;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * emulateNetwork in Chromium: offline makes the page's own fetches fail (through
 * {@code BrowserContext.setOffline}) and the real network again makes them succeed; throttling
 * (a DevTools session of the page's own) adds its latency to each request until it ends.
 */
@Tag("browser")
class PlaywrightNetworkEmulationTest extends ChromiumTest {
  private static final OptionalInt NONE = OptionalInt.empty();
  private static final Duration SLOW = Duration.ofSeconds(10);

  private static final String FETCHING = "<button id=\"go\" onclick=\"const t0 = performance.now();"
      + " fetch('/api?at=' + t0).then(r => r.text()).then("
      + "t => { out.textContent = t; ms.textContent = Math.round(performance.now() - t0); },"
      + " () => { out.textContent = 'failed'; })\">Go</button><p id=\"out\"></p><p id=\"ms\"></p>";

  private void fetchAndExpect(DriverSession s, String text, Duration timeout) {
    s.perform(InteractionStep.Click.builder().id("go").target(css("#go")).build(), TIMEOUT);
    s.await(Condition.Text.of(css("#out"), text, Condition.Match.EQUALS), timeout);
  }

  private static void clearOut(DriverSession s) {
    s.eval("document.getElementById('out').textContent = ''; 'cleared'", TIMEOUT);
  }

  @Test
  void should_fail_a_fetch_in_the_page_while_offline_and_succeed_again_back_online() {
    server.page("/api", "pong");
    var s = showing("/fetching", FETCHING);
    fetchAndExpect(s, "pong", TIMEOUT);
    clearOut(s);

    s.emulateNetwork(true, NONE, NONE, NONE);
    fetchAndExpect(s, "failed", TIMEOUT);
    clearOut(s);

    s.emulateNetwork(false, NONE, NONE, NONE);
    fetchAndExpect(s, "pong", TIMEOUT);
  }

  @Test
  void should_add_the_latency_while_throttled_and_none_once_back_on_the_real_network() {
    server.page("/api", "pong");
    var s = showing("/throttled", FETCHING);

    s.emulateNetwork(false, OptionalInt.of(1_000_000), OptionalInt.of(1_000_000), OptionalInt.of(800));
    fetchAndExpect(s, "pong", SLOW);
    assertThat(Integer.parseInt(s.read(css("#ms"), Step.ReadKind.TEXT, java.util.Optional.empty(), TIMEOUT).value()))
        .isGreaterThanOrEqualTo(700);
    clearOut(s);

    s.emulateNetwork(false, NONE, NONE, NONE);
    fetchAndExpect(s, "pong", TIMEOUT);
    assertThat(Integer.parseInt(s.read(css("#ms"), Step.ReadKind.TEXT, java.util.Optional.empty(), TIMEOUT).value()))
        .isLessThan(700);
  }

  @Test
  void should_go_offline_from_a_throttled_network_and_back() {
    server.page("/api", "pong");
    var s = showing("/both", FETCHING);

    s.emulateNetwork(false, OptionalInt.of(500_000), NONE, OptionalInt.of(50));
    s.emulateNetwork(true, NONE, NONE, NONE);
    fetchAndExpect(s, "failed", TIMEOUT);
    clearOut(s);

    s.emulateNetwork(false, NONE, NONE, NONE);
    fetchAndExpect(s, "pong", TIMEOUT);
  }
}
