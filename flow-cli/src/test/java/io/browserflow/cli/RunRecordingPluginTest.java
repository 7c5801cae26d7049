package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow run} of a recording plugin's Flow JSON (seed 002): converted first, then
 * replayed in Chromium against pages this test serves on 127.0.0.1. The pages report each thing
 * the user did to the server ({@code POST /event}, synchronously), so the replay is checked by
 * what the server received, in order: sign-in, search, select, checkboxes, both scrolls, the
 * payment frame's forms (one submitted by a script), the frame's postMessage, the detail tab, a
 * typed navigation. The overlay click the recording holds must not be replayed (it would fail).
 */
@Tag("browser")
class RunRecordingPluginTest {
  private static final String PASSWORD = "pw-Secret-123";

  @TempDir
  Path dir;

  @RegisterExtension
  final LoopbackServer server = new LoopbackServer(this::handle);
  private final List<String> events = new CopyOnWriteArrayList<>();

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String path = ex.getRequestURI().getPath();
      if ("POST".equals(ex.getRequestMethod()) && path.equals("/event")) {
        events.add(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        ex.sendResponseHeaders(204, -1);
        return;
      }
      String name = path.substring(1);
      InputStream in = name.matches("[a-z-]+\\.(html|js)")
          ? getClass().getResourceAsStream("/formats/recording-plugin/site/" + name) : null;
      if (in == null) {
        ex.sendResponseHeaders(404, -1);
        return;
      }
      byte[] body;
      try (in) {
        body = in.readAllBytes();
      }
      ex.getResponseHeaders().set("Content-Type", name.endsWith(".js") ? "text/javascript; charset=utf-8"
          : "text/html; charset=utf-8");
      ex.sendResponseHeaders(200, body.length);
      ex.getResponseBody().write(body);
    }
  }

  /** The recording of the shop order, its {@code {{BASE}}} this test's server. */
  private Path recording() throws IOException {
    return Files.writeString(dir.resolve("shop-order.json"), new String(getClass()
        .getResourceAsStream("/formats/recording-plugin/shop-order.json").readAllBytes(), StandardCharsets.UTF_8)
        .replace("{{BASE}}", server.base()));
  }

  @Test
  void should_replay_a_recording_plugin_flow_to_the_server_state_the_recording_reached() throws Exception {
    Path recording = recording();

    CliFixture cli = CliFixture.run("run", recording.toString(), "--credential", "SHOP_ORDER_BASE_URL=" + server.base(),
        "--use-recorded-secrets", "--allow", "eval", "--json");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(cli.err()).contains(recording + ": recording-plugin -> flow: ", "quality needs_review", "OVERLAY_CLICK",
        "SUBMIT_FALLBACK_TO_EVAL");
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(results).hasSize(1);
    assertThat(results.get(0).get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(events).containsExactly("login:ada:ok", "search:boots", "size:M", "gift:true", "news:false", "scrolled",
        "list-scrolled", "pay:4111", "coupon:SAVE10", "message:paid", "detail-confirmed", "route:#/orders");
    assertThat(cli.out() + cli.err()).doesNotContain(PASSWORD);
  }

  @Test
  void should_replay_with_credentials_given_instead_of_the_recorded_ones() throws Exception {
    Path recording = recording();

    CliFixture cli = CliFixture.run("run", recording.toString(), "--credential", "SHOP_ORDER_BASE_URL=" + server.base(),
        "--credential", "SHOP_ORDER_USERNAME=bob", "--credential", "SHOP_ORDER_PASSWORD=wrong", "--allow", "eval", "--json");

    // the flow types what it is given: the page tells a wrong password apart, and the rest of the order still runs
    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(events).startsWith("login:bob:wrong-password", "search:boots");
  }
}
