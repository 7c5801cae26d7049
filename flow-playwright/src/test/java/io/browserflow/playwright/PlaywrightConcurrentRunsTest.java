package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sessions of one driver used at once (runs of an engine on several threads, an MCP server answering
 * two tools): every browser call goes through the driver's one thread, so a session waiting for an
 * element that never becomes actionable must not hold that thread for its whole timeout while
 * another session's element is ready to act on.
 */
@Tag("browser")
class PlaywrightConcurrentRunsTest extends ChromiumTest {
  private static final String OUT = "<p id=\"out\"></p><script>function done() {"
      + " document.getElementById('out').textContent = 'clicked'; }</script>";

  private static InteractionStep.Click click(Target t) {
    return InteractionStep.Click.builder().id("click").target(t).build();
  }

  @ParameterizedTest(name = "candidates: {0}")
  @ValueSource(ints = {1, 2})
  void should_act_in_one_session_while_another_waits_for_an_element_that_never_becomes_actionable(int candidates)
      throws Exception {
    DriverSession covered = showing("/covered", "<button id=\"go\" onclick=\"done()\">Go</button>"
        + "<div style=\"position:fixed;inset:0;background:rgba(0,0,0,.1)\"></div>" + OUT);
    DriverSession ready = showing("/ready", "<button id=\"go\" onclick=\"done()\">Go</button>" + OUT);
    Target go = candidates == 1 ? Target.of(Candidate.id("go"))
        : Target.of(Candidate.id("go"), Candidate.role("button", "Go"));

    CompletableFuture<FlowTimeoutException> stuck = CompletableFuture.supplyAsync(() ->
        catchThrowableOfType(FlowTimeoutException.class, () -> covered.perform(click(go), Duration.ofSeconds(5))));
    Thread.sleep(1000); // the covered session is waiting for its button by now

    long started = System.nanoTime();
    ready.perform(click(go), Duration.ofMillis(3000));
    long tookMs = (System.nanoTime() - started) / 1_000_000;

    assertThat(tookMs).as("the ready session clicks within its step's 3000 ms, not after the covered session gives up")
        .isLessThan(3000);
    assertThat(ready.read(Target.of(Candidate.id("out")), Step.ReadKind.TEXT, Optional.empty(), TIMEOUT).value())
        .isEqualTo("clicked");
    FlowTimeoutException e = stuck.get();
    assertThat(e).as("the covered button is never clicked").isNotNull();
    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(e.getMessage()).contains("stayed not ready");
    assertThat(covered.read(Target.of(Candidate.id("out")), Step.ReadKind.TEXT, Optional.empty(), TIMEOUT).value())
        .isEmpty();
  }
}
