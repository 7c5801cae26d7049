package io.browserflow.cli;

import static io.browserflow.cli.ConvertCommandTest.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.browserflow.playwright.LocalSite;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow run} on files in other formats: converted first (issues on stderr), run
 * against local pages; a blocked conversion is refused with REVIEW_REQUIRED unless --force.
 */
@Tag("browser")
class RunImportedFormatsTest {
  /** The password the Selenium IDE fixture typed; the import turns it into a credential. */
  private static final String SIDE_PASSWORD = "s3cret-Pa55";

  @TempDir
  Path dir;

  private static JsonNode onlyResult(CliFixture cli) throws Exception {
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(results).hasSize(1);
    return results.get(0);
  }

  @Test
  void should_refuse_a_blocked_conversion_with_review_required_before_starting_the_browser() throws Exception {
    Path blocked = fixture("browserctl/blocked-search.browserctl-flow.json");

    CliFixture cli = CliFixture.run("run", blocked.toString(), "--serve", fixture("browserctl/site").toString());

    assertThat(cli.exit).isEqualTo(1);
    assertThat(cli.err()).contains(blocked + ": browserctl -> flow: ", "quality blocked",
        blocked + ": REVIEW_REQUIRED: ", "--force");
    assertThat(cli.out()).doesNotContain("serving");
  }

  @Test
  void should_run_a_blocked_conversion_when_forced() throws Exception {
    Path blocked = fixture("browserctl/blocked-search.browserctl-flow.json");

    CliFixture cli = CliFixture.run("run", blocked.toString(), "--serve", fixture("browserctl/site").toString(),
        "--input", "QUERY=sandals", "--force", "--json");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(cli.err()).contains(blocked + ": running despite 1 blocking issue (--force)").doesNotContain("REVIEW_REQUIRED:");
    JsonNode result = onlyResult(cli);
    assertThat(result.get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(result.get("steps")).hasSize(4);
  }

  @Test
  void should_run_a_chrome_recorder_recording_directly() throws Exception {
    try (LocalSite site = LocalSite.directory(fixture("chrome-recorder/site"), 0)) {
      // Chrome Recorder keeps absolute URLs: the recording is made for this server
      Path recording = Files.writeString(dir.resolve("checkout.json"),
          Files.readString(fixture("chrome-recorder/checkout.json")).replace("{{BASE}}", site.url()));

      CliFixture cli = CliFixture.run("run", recording.toString(), "--json");

      assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
      assertThat(cli.err()).contains(recording + ": chrome-recorder -> flow: ");
      JsonNode result = onlyResult(cli);
      assertThat(result.get("status").asText()).isEqualTo("SUCCEEDED");
      assertThat(result.get("steps").size()).isGreaterThanOrEqualTo(6);
    }
  }

  @Test
  void should_run_a_selenium_ide_project_directly() throws Exception {
    Path side = fixture("side/shop.side");

    CliFixture cli = CliFixture.run("run", side.toString(), "--serve", fixture("side/site").toString(),
        "--credential", "PASSWORD=" + SIDE_PASSWORD, "--allow", "eval", "--json");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(cli.err()).contains(side + " › Default Suite › Checkout: side -> flow: ").doesNotContain(SIDE_PASSWORD);
    JsonNode result = onlyResult(cli);
    assertThat(result.get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(cli.out()).doesNotContain(SIDE_PASSWORD);
  }

  /**
   * The record-replay fixture {@code approval.json} (a V2 graph: extract the order's status, if it
   * is "open" approve with a note and send, else reject) run twice against a page whose status the
   * test sets: the server receives the decision of the branch the page called for, and only that.
   */
  @Test
  void should_run_a_record_replay_graph_taking_the_branch_the_page_calls_for() throws Exception {
    AtomicReference<String> status = new AtomicReference<>("open");
    List<String> decisions = new CopyOnWriteArrayList<>();
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/order", x -> {
      byte[] page = ("<!doctype html><title>Order</title><p id=\"status\">" + status.get() + "</p>"
          + "<button data-testid=\"approve\" aria-label=\"Approve\" onclick=\"decision = 'approve'\">Approve</button>"
          + "<button id=\"reject\" onclick=\"send('reject', '')\">Reject</button>"
          + "<input id=\"note\" name=\"note\"><button id=\"send\" onclick=\"send(decision, note.value)\">Send</button>"
          + "<p id=\"result\"></p><script>let decision = '';"
          + "async function send(d, text) { const r = await fetch('/decision', {method: 'POST', body: d + '|' + text});"
          + " document.getElementById('result').textContent = 'Recorded ' + await r.text(); }</script>")
          .getBytes(StandardCharsets.UTF_8);
      x.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
      x.sendResponseHeaders(200, page.length);
      x.getResponseBody().write(page);
      x.close();
    });
    server.createContext("/decision", x -> {
      String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      decisions.add(body);
      byte[] answer = body.substring(0, body.indexOf('|')).getBytes(StandardCharsets.UTF_8);
      x.sendResponseHeaders(200, answer.length);
      x.getResponseBody().write(answer);
      x.close();
    });
    server.start();
    try {
      Path flow = fixture("record-replay/approval.json");
      String base = "baseUrl=http://127.0.0.1:" + server.getAddress().getPort();

      CliFixture open = CliFixture.run("run", flow.toString(), "--input", base, "--json");
      List<String> afterOpen = List.copyOf(decisions);
      status.set("closed");
      CliFixture closed = CliFixture.run("run", flow.toString(), "--input", base, "--input", "reviewer=grace", "--json");

      assertThat(open.exit).as(open.err() + open.out()).isZero();
      assertThat(open.err()).contains(flow + ": record-replay -> flow: 8 of 8 steps mapped");
      assertThat(onlyResult(open).get("status").asText()).isEqualTo("SUCCEEDED");
      assertThat(afterOpen).containsExactly("approve|approved by ada");
      assertThat(closed.exit).as(closed.err() + closed.out()).isZero();
      assertThat(onlyResult(closed).get("status").asText()).isEqualTo("SUCCEEDED");
      assertThat(decisions).containsExactly("approve|approved by ada", "reject|");
    } finally {
      server.stop(0);
    }
  }

  @Test
  void should_report_a_file_in_no_known_format_as_bad_input() throws Exception {
    Path notes = Files.writeString(dir.resolve("notes.txt"), "Dear team,\nplease find the notes attached.\n");

    CliFixture cli = CliFixture.run("run", notes.toString());

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains(notes + ": SCHEMA_UNSUPPORTED", "chrome-recorder, browserctl, browserctl-text, side");
  }
}
