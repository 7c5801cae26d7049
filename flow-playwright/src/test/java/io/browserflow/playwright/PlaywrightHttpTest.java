package io.browserflow.playwright;

import static io.browserflow.api.dsl.Dsl.*;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.browserflow.api.Capability;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.TraceMode;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * http steps in Chromium go through the browser context: the page's cookies go along, cookies a
 * response sets reach the page, network deny mode checks every redirect hop, and the secret of a
 * header reaches the server but no result, journal or trace. Clipboard steps put text where the
 * page's own paste finds it. Datasets of what the page shows are exported.
 */
class PlaywrightHttpTest extends ChromiumTest {
  private static final String TOKEN = "tok-9f8e7d6c5b4a";

  private HttpServer site;
  private HttpServer elsewhere;
  private final List<String> saved = new CopyOnWriteArrayList<>();
  private final List<String> tokens = new CopyOnWriteArrayList<>();
  private final List<String> elsewhereHits = new CopyOnWriteArrayList<>();

  @BeforeEach
  void serve() throws IOException {
    elsewhere = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    elsewhere.createContext("/", x -> {
      elsewhereHits.add(x.getRequestURI().toString());
      send(x, 200, "application/json", "{\"leaked\": true}");
    });
    elsewhere.start();
    site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    site.setExecutor(Executors.newFixedThreadPool(2));
    site.createContext("/login", x -> send(x, 200, "text/html",
        page("Login", "<p>signed in</p><script>document.cookie = 'sid=ada-42; path=/';</script>")));
    site.createContext("/api/me", x -> {
      String cookies = String.valueOf(x.getRequestHeaders().getFirst("Cookie"));
      String sid = cookies.replaceAll(".*sid=([^;]*).*", "$1");
      send(x, 200, "application/json", "{\"user\": {\"sid\": \"" + (cookies.contains("sid=") ? sid : "nobody") + "\"}}");
    });
    site.createContext("/api/save", x -> {
      try (InputStream in = x.getRequestBody()) {
        saved.add(x.getRequestMethod() + " " + new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
      tokens.add(String.valueOf(x.getRequestHeaders().getFirst("X-Token")));
      x.getResponseHeaders().add("Set-Cookie", "saved=yes; Path=/");
      send(x, 201, "application/json", "{\"id\": " + saved.size() + ", \"echo\": \"" + x.getRequestHeaders().getFirst("X-Token") + "\"}");
    });
    site.createContext("/api/hop", x -> {
      x.getResponseHeaders().add("Location", "http://localhost:" + elsewhere.getAddress().getPort() + "/collect?who=ada");
      send(x, 302, "text/plain", "");
    });
    site.createContext("/after", x -> send(x, 200, "text/html",
        page("After", "<p id='c'></p><script>document.getElementById('c').textContent = document.cookie;</script>")));
    site.createContext("/paste", x -> send(x, 200, "text/html",
        page("Paste", "<input data-testid='box'><nav><a href='/p/ada'>Ada</a> <a href='/p/grace'>Grace, G.</a></nav>")));
    site.start();
  }

  @AfterEach
  void stop() {
    site.stop(0);
    elsewhere.stop(0);
  }

  private String url(String path) {
    return "http://127.0.0.1:" + site.getAddress().getPort() + path;
  }

  private static void send(HttpExchange x, int status, String type, String body) throws IOException {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().add("Content-Type", type + "; charset=utf-8");
    x.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
    if (b.length > 0) {
      x.getResponseBody().write(b);
    }
    x.close();
  }

  private RunResult run(Flow flow, RunOptions.Builder options) {
    try (FlowEngine engine = FlowEngine.builder().driver(driver).storeDirectory(tempDir.resolve("runs")).build()) {
      Inputs.Builder inputs = Inputs.builder();
      if (!flow.credentials().isEmpty()) {
        inputs.credential("TOKEN", TOKEN);
      }
      return engine.run(flow, inputs.build(), options.allow(Capability.HTTP_REQUEST).workDir(tempDir).build());
    }
  }

  @Test
  void should_carry_the_page_cookies_and_bring_the_response_cookies_back_to_the_page() throws Exception {
    Flow flow = Flow.named("api").credential("TOKEN", secret()).capabilities(Capability.HTTP_REQUEST)
        .open(url("/login")).expect(textPresent("signed in"))
        .http("GET", url("/api/me")).id("me").extract("sid", "$.user.sid")
        .http("POST", url("/api/save"), row("X-Token", "${credential.TOKEN}", "Content-Type", "application/json"),
            "{\"name\": \"${steps.me.sid}\"}").id("save").extract("id", "$.id").extract("echo", "$.echo")
        .open(url("/after")).expect(hasText(css("#c"), "saved=yes"))
        .build();

    RunResult result = run(flow, RunOptions.builder().trace(TraceMode.ALWAYS));

    assertThat(result.errorMessage()).isEmpty();
    assertThat(saved).containsExactly("POST {\"name\": \"ada-42\"}");
    assertThat(tokens).containsExactly(TOKEN);
    assertThat(result.outputs()).containsEntry("steps.me.sid", "ada-42").containsEntry("steps.save.status", "201")
        .containsEntry("steps.save.id", "1").containsEntry("steps.save.echo", "***");
    assertThat(result.outputs().get("steps.save.headers")).doesNotContain("saved=yes");
    assertThat(result.toJson()).doesNotContain(TOKEN);
    try (var files = Files.walk(tempDir.resolve("runs"))) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(readAll(f)).as("%s holds the token", f).doesNotContain(TOKEN);
      }
    }
    assertThat(result.trace()).isPresent();
  }

  /** The file's text, zip entries unpacked (a trace is a zip). */
  private static String readAll(Path f) throws IOException {
    if (!f.toString().endsWith(".zip")) {
      return new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
    }
    StringBuilder sb = new StringBuilder();
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(f))) {
      for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
        sb.append(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
      }
    }
    return sb.toString();
  }

  @Test
  void should_refuse_a_redirect_hop_to_a_denied_origin() {
    Flow flow = Flow.named("hop").capabilities(Capability.HTTP_REQUEST)
        .open(url("/login")).http("GET", url("/api/hop")).build();

    RunResult denied = run(flow, RunOptions.builder().denyNetwork(true));
    RunResult open = run(flow, RunOptions.builder());

    assertThat(denied.errorCode()).hasValue(ErrorCode.NETWORK_ATTEMPT);
    assertThat(denied.blockedRequests()).containsExactly("http://localhost:" + elsewhere.getAddress().getPort() + "/collect");
    assertThat(open.errorMessage()).isEmpty();
    assertThat(elsewhereHits).containsExactly("/collect?who=ada"); // only the run without deny mode got there
  }

  @Test
  void should_put_text_where_the_page_pastes_it_and_read_it_back() {
    Flow flow = Flow.named("clip")
        .open(url("/paste"))
        .clipboardWrite("copied by BrowserFlow")
        .press(testId("box"), "ControlOrMeta+V").expect(hasValue(testId("box"), "copied by BrowserFlow"))
        .clipboardRead().id("back")
        .assertThat(varEquals("${steps.back.text}", "copied by BrowserFlow"))
        .build();

    RunResult result = run(flow, RunOptions.builder());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.outputs()).containsEntry("steps.back.text", "copied by BrowserFlow");
  }

  @Test
  void should_export_what_the_page_shows_as_a_dataset() throws Exception {
    Flow flow = Flow.named("names")
        .open(url("/paste"))
        .scrape(css("nav"), Step.ScrapeMode.LINKS).id("links")
        .foreach(items("${steps.links.items}"), each -> each
            .datasetWrite("names", row("name", "${loop.row.text}", "href", "${loop.row.href}", "at", "${loop.index}")))
        .datasetExport("names", Step.DatasetFormat.CSV, "out/names.csv")
        .build();

    RunResult result = run(flow, RunOptions.builder());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(Files.readString(tempDir.resolve("out/names.csv"))).isEqualTo("name,href,at\r\nAda," + url("/p/ada")
        + ",0\r\n\"Grace, G.\"," + url("/p/grace") + ",1\r\n");
  }
}
