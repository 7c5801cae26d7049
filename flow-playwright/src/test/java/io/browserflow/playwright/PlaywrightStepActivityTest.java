package io.browserflow.playwright;

import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.hasExactText;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.secret;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.engine.ConsoleLine;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RequestLine;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepActivityLimits;
import io.browserflow.engine.StepResult;
import java.net.ServerSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Each step's result says what the page reported while it ran: console errors and warnings, an
 * uncaught error, a 404 and a refused request, with the secret the page put in them masked, and no
 * more than the limits.
 */
@Tag("browser")
class PlaywrightStepActivityTest extends ChromiumTest {
  private static final String TOKEN = "tok-Activity-5521";

  private static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private RunResult run(Flow flow, Inputs inputs) {
    try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      return engine.run(flow, inputs);
    }
  }

  @Test
  void should_report_console_and_page_errors_and_failed_requests_with_the_step_that_caused_them() throws Exception {
    int closed = closedPort();
    server.page("/noisy", page("Noisy", "<input id=\"t\"> <button id=\"go\">Go</button> <p id=\"done\"></p>"
        + "<script>document.getElementById('go').onclick = async () => {"
        + " const t = document.getElementById('t').value;"
        + " console.log('only a log'); console.info('only info');"
        + " console.error('save failed for ' + t); console.warn('slow answer');"
        + " setTimeout(() => { throw new Error('boom ' + t); });"
        + " await fetch('/missing?token=' + encodeURIComponent(t)).catch(() => {});"
        + " await fetch('http://127.0.0.1:" + closed + "/down').catch(() => {});"
        + " setTimeout(() => { document.getElementById('done').textContent = 'done'; }, 50);"
        + "};</script>"));
    Flow flow = Flow.named("noisy").credential("TOKEN", secret())
        .open(server.url("/noisy"))
        .fill(css("#t"), "${credential.TOKEN}")
        .click(role("button", "Go")).expect(hasExactText(css("#done"), "done"))
        .build();

    RunResult result = run(flow, Inputs.builder().credential("TOKEN", TOKEN).build());

    assertThat(result.succeeded()).as(String.valueOf(result.errorMessage())).isTrue();
    StepResult open = result.steps().get(0);
    StepResult click = result.steps().get(2);
    assertThat(open.console()).isEmpty();
    assertThat(open.requests()).isEmpty();
    assertThat(click.console()).extracting(ConsoleLine::kind)
        .containsOnly(ConsoleLine.Kind.ERROR, ConsoleLine.Kind.WARNING, ConsoleLine.Kind.PAGE_ERROR);
    assertThat(click.console()).extracting(ConsoleLine::text).as("the page's lines, and the browser's on failed loads")
        .contains("save failed for ***", "slow answer").anyMatch(t -> t.contains("boom ***"))
        .anyMatch(t -> t.contains("Failed to load resource")).noneMatch(t -> t.contains("only"));
    assertThat(click.console()).filteredOn(c -> c.kind() == ConsoleLine.Kind.ERROR).first()
        .satisfies(c -> assertThat(c.location()).hasValueSatisfying(l -> assertThat(l).contains("/noisy")));
    assertThat(click.requests()).hasSize(2);
    RequestLine missing = click.requests().stream().filter(r -> r.status().isPresent()).findFirst().orElseThrow();
    assertThat(missing.method()).isEqualTo("GET");
    assertThat(missing.status()).hasValue(404);
    assertThat(missing.url()).as("the query keeps its names, not its values").endsWith("/missing?token=…");
    RequestLine refused = click.requests().stream().filter(r -> r.status().isEmpty()).findFirst().orElseThrow();
    assertThat(refused.url()).endsWith(closed + "/down");
    assertThat(refused.failure()).hasValueSatisfying(f -> assertThat(f).contains("ERR_CONNECTION_REFUSED"));
    assertThat(result.toJson()).doesNotContain(TOKEN).contains("\"console\"", "\"requests\"", "\"status\" : 404");
    assertThat(RunResult.fromJson(result.toJson()).steps().get(2)).isEqualTo(click);
  }

  @Test
  void should_keep_at_most_the_limit_and_count_the_rest() {
    server.page("/flood", page("Flood", "<button id=\"go\">Go</button> <p id=\"done\"></p>"
        + "<script>document.getElementById('go').onclick = () => {"
        + " for (let i = 0; i < 30; i++) console.error('error ' + i);"
        + " setTimeout(() => { document.getElementById('done').textContent = 'done'; }, 50);"
        + "};</script>"));
    Flow flow = Flow.named("flood").open(server.url("/flood"))
        .click(role("button", "Go")).expect(hasExactText(css("#done"), "done")).build();

    RunResult result = run(flow, Inputs.empty());

    assertThat(result.succeeded()).as(String.valueOf(result.errorMessage())).isTrue();
    StepResult click = result.steps().get(1);

    assertThat(click.console()).hasSize(StepActivityLimits.MAX_CONSOLE);
    assertThat(click.console().get(0).text()).isEqualTo("error 0");
    assertThat(click.droppedActivity()).isEqualTo(30 - StepActivityLimits.MAX_CONSOLE);
  }
}
