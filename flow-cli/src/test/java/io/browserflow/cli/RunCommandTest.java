package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code browserflow run} end to end: a served site, real Chromium, JSON output, exit codes, the HTML report. */
@Tag("browser")
class RunCommandTest {
  @TempDir
  Path dir;

  private static final String SITE = "<!doctype html><title>Shop</title>"
      + "<input data-testid='q' placeholder='Search'>"
      + "<button data-testid='go' onclick=\"document.getElementById('out').textContent='Found ' + "
      + "document.querySelector('[data-testid=q]').value\">Go</button><p id='out'></p>"
      + "<script>console.error('stock service unavailable')</script>";

  private Path site() throws Exception {
    return CliFixture.site(dir, "index.html", SITE);
  }

  private Path flow(String name, String goCandidates) throws Exception {
    return Files.writeString(dir.resolve(name + ".flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"" + name + "\","
        + "\"inputs\":[{\"key\":\"SERVER_URL\",\"type\":\"url\"},{\"key\":\"QUERY\",\"default\":\"shoes\"}],\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"${SERVER_URL}/index.html\"},"
        + "{\"id\":\"query\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"testId\":\"q\"}]},\"value\":\"${QUERY}\","
        + "\"expect\":[{\"element\":{\"candidates\":[{\"testId\":\"q\"}]},\"value\":\"${QUERY}\"}]},"
        + "{\"id\":\"go\",\"title\":\"Search\",\"op\":\"click\",\"timeoutMs\":1500,\"target\":{\"candidates\":[" + goCandidates + "]},"
        + "\"expect\":[{\"text\":\"Found ${QUERY}\",\"element\":{\"candidates\":[{\"css\":\"#out\"}]}}]}]}");
  }

  @Test
  void should_replay_flows_and_print_json_results() throws Exception {
    Path ok = flow("search", "{\"testId\":\"missing\"},{\"role\":\"button\",\"name\":\"Go\"}");

    CliFixture cli = CliFixture.run("run", ok.toString(), "--serve", site().toString(), "--input", "QUERY=boots", "--json");

    assertThat(cli.err()).isEmpty();
    assertThat(cli.exit).isZero();
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(results).hasSize(1);
    assertThat(results.get(0).get("status").asText()).isEqualTo("SUCCEEDED");
    JsonNode go = results.get(0).get("steps").get(2);
    assertThat(go.get("winner").asInt()).isEqualTo(1);
    assertThat(go.get("fallbackUsed").asBoolean()).isTrue();
  }

  @Test
  void should_exit_1_when_a_flow_fails_and_write_a_report_a_person_can_read() throws Exception {
    Path ok = flow("fallback", "{\"testId\":\"missing\"},{\"testId\":\"go\"}");
    Path failing = flow("broken", "{\"testId\":\"nowhere\"}");
    Path report = dir.resolve("report");
    Path store = dir.resolve("store");
    Path site = site();
    // the same flow passes, fails, then passes again: its outcomes alternate, so the last report calls it flaky
    Path toggling = flow("toggling", "{\"testId\":\"go\"}");
    CliFixture.run("run", toggling.toString(), "--serve", site.toString(), "--store", store.toString());
    flow("toggling", "{\"testId\":\"gone\"}");
    CliFixture.run("run", toggling.toString(), "--serve", site.toString(), "--store", store.toString());
    flow("toggling", "{\"testId\":\"go\"}");

    CliFixture cli = CliFixture.run("run", ok.toString(), failing.toString(), toggling.toString(), "--serve", site.toString(),
        "--report", report.toString(), "--store", store.toString(), "--screenshots", "all");

    assertThat(cli.exit).isEqualTo(1);
    assertThat(cli.out()).contains("2 of 3 flows succeeded", "TARGET_NOT_FOUND");
    Path index = report.resolve("index.html");
    assertThat(index).exists();
    assertThat(Files.readString(index)).as("self-contained: nothing loaded from elsewhere")
        .doesNotContain("src=\"http", "href=\"http", "<link ");
    try (Playwright playwright = Playwright.create();
         Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
             .setExecutablePath(PlaywrightDriver.findChromium().orElseThrow()))) {
      Page page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1100, 900));
      page.navigate(index.toUri().toString());
      assertThat(page.locator("#summary").innerText()).isEqualTo("2 of 3 flows succeeded.");
      Locator flows = page.locator("section.flow");
      assertThat(flows.first().getAttribute("data-category")).as("the failed flow comes first").isEqualTo("failed");
      Locator broken = flows.first();
      assertThat(broken.locator("h2").innerText()).contains("FAILED", "broken");
      Locator failure = broken.locator(".failure");
      assertThat(failure.innerText()).contains("steps[2]", "Search", "TARGET_NOT_FOUND", "testId \"nowhere\" matched 0");
      assertThat(failure.locator("img.failure-shot").isVisible()).isTrue();
      assertThat(((Number) failure.locator("img.failure-shot").evaluate("img => img.naturalWidth")).intValue()).isGreaterThan(100);
      assertThat(broken.locator(".activity").allInnerTexts()).as("what the page said while the steps ran")
          .anyMatch(t -> t.startsWith("console error: stock service unavailable"));
      assertThat(broken.locator(".trace").innerText()).contains("browserflow show-trace ").contains("trace.zip");
      assertThat(broken.locator("li.step").count()).isEqualTo(3);

      Locator fallback = page.locator("section.flow", new Page.LocatorOptions().setHasText("fallback")).locator("li.fallback");
      assertThat(fallback.innerText()).contains("locator testId \"go\" (candidate 1)", "promote testId \"go\" to first");
      assertThat(page.locator("section.flow", new Page.LocatorOptions().setHasText("fallback")).locator("img.thumb").count())
          .as("--screenshots all: a thumbnail per step").isEqualTo(3);

      Locator flaky = page.locator("section.flow[data-category=flaky]");
      assertThat(flaky.locator("h2").innerText()).contains("toggling", "flaky");
      assertThat(flaky.locator(".history .dot").count()).isEqualTo(3);

      page.getByRole(com.microsoft.playwright.options.AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Failed 1")).click();
      assertThat(visibleFlows(page)).containsExactly("broken");
      page.getByRole(com.microsoft.playwright.options.AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Flaky 1")).click();
      assertThat(visibleFlows(page)).containsExactly("toggling");
      page.getByRole(com.microsoft.playwright.options.AriaRole.BUTTON, new Page.GetByRoleOptions().setName("All 3")).click();
      page.getByPlaceholder("Search flows, steps, errors").fill("target_not_found");
      assertThat(visibleFlows(page)).containsExactly("broken");
      page.getByPlaceholder("Search flows, steps, errors").fill("no such flow");
      assertThat(page.locator("#nothing").isVisible()).isTrue();
      page.getByPlaceholder("Search flows, steps, errors").fill("");

      assertThat(((Number) page.evaluate("() => document.documentElement.scrollWidth - innerWidth")).intValue())
          .as("nothing wider than the window").isLessThanOrEqualTo(0);
      page.screenshot(new Page.ScreenshotOptions().setPath(dir.resolve("report.png")).setFullPage(true));
      if (System.getProperty("browserflow.report.screenshot") != null) {
        Files.copy(dir.resolve("report.png"), Path.of(System.getProperty("browserflow.report.screenshot")),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /** The names of the flows the report shows. */
  private static java.util.List<String> visibleFlows(Page page) {
    return page.locator("section.flow:visible h2").allInnerTexts().stream()
        .map(t -> t.replaceAll("^(SUCCEEDED|FAILED)\\s+", "").replaceAll("\\s+flaky$", "")).toList();
  }

  @Test
  void should_keep_the_trace_of_a_failed_run_only_and_open_it_with_show_trace() throws Exception {
    Path ok = flow("fine", "{\"testId\":\"go\"}");
    Path failing = flow("broken", "{\"testId\":\"nowhere\"}");

    CliFixture cli = CliFixture.run("run", ok.toString(), failing.toString(), "--serve", site().toString());

    assertThat(cli.exit).isEqualTo(1);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("trace: (\\S+) \\(open it with: browserflow show-trace (\\S+)\\)")
        .matcher(cli.out());
    assertThat(m.find()).as(cli.out()).isTrue();
    assertThat(m.group(2)).isEqualTo(m.group(1));
    Path trace = Path.of(m.group(1));
    assertThat(m.find()).as("the passing flow keeps no trace").isFalse();
    assertThat(trace).isRegularFile().hasFileName("trace.zip");

    CliFixture viewer = CliFixture.start("show-trace", trace.toString());
    String url = null;
    for (int i = 0; i < 300 && url == null; i++) {
      Thread.sleep(100);
      java.util.regex.Matcher at = java.util.regex.Pattern.compile("trace viewer: (http://127\\.0\\.0\\.1:\\d+\\S*)")
          .matcher(viewer.out());
      url = at.find() ? at.group(1) : null;
    }
    assertThat(url).as("show-trace printed where it serves the viewer").isNotNull();
    java.net.http.HttpResponse<String> page = java.net.http.HttpClient.newBuilder()
        .followRedirects(java.net.http.HttpClient.Redirect.NORMAL).build()
        .send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.uri().toString()).contains("trace=");
    viewer.thread.interrupt();
    viewer.thread.join(15_000);
    assertThat(viewer.thread.isAlive()).as("show-trace stops when interrupted").isFalse();
    assertThat(viewer.exit).isZero();
  }

  @Test
  void should_name_the_flag_of_a_bad_trace_mode_and_a_missing_trace_file() throws Exception {
    CliFixture bad = CliFixture.run("run", flow("fine", "{\"testId\":\"go\"}").toString(), "--trace", "sometimes");
    CliFixture missing = CliFixture.run("show-trace", dir.resolve("nope.zip").toString());

    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err()).contains("--trace must be on-failure, always or off, was 'sometimes'");
    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err()).contains("no trace file at").contains("nope.zip");
    CliFixture noKey = CliFixture.run("run", flow("fine", "{\"testId\":\"go\"}").toString(), "--credential", "hunter2-value");
    assertThat(noKey.exit).isEqualTo(2);
    assertThat(noKey.err()).contains("--credential needs KEY=VALUE").doesNotContain("hunter2");
  }

  @Test
  void should_wait_for_a_missing_target_as_long_as_the_step_timeout_says() throws Exception {
    // the query step sets no timeoutMs: --step-timeout decides how long it waits for the missing field
    Path flow = Files.writeString(dir.resolve("waiting.flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"waiting\","
        + "\"inputs\":[{\"key\":\"SERVER_URL\",\"type\":\"url\"}],\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"${SERVER_URL}/index.html\"},"
        + "{\"id\":\"query\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"testId\":\"later\"}]},\"value\":\"x\"}]}");

    CliFixture cli = CliFixture.run("run", flow.toString(), "--serve", site().toString(), "--step-timeout", "700", "--json");
    CliFixture tooShort = CliFixture.run("run", flow.toString(), "--step-timeout", "50");

    assertThat(cli.exit).as(cli.err()).isEqualTo(1);
    JsonNode query = new ObjectMapper().readTree(cli.out()).get(0).get("steps").get(1);
    assertThat(query.get("errorCode").asText()).isEqualTo("TARGET_NOT_FOUND");
    assertThat(query.get("tookMs").asLong()).as("waited 700 ms, not the default 10 s").isBetween(700L, 9_000L);
    assertThat(tooShort.exit).isEqualTo(2);
    assertThat(tooShort.err()).contains("--step-timeout must be 100 to 30000 ms, was 50");
  }

  @Test
  void should_refuse_inputs_no_flow_declares() throws Exception {
    Path ok = flow("search", "{\"testId\":\"go\"}");

    CliFixture cli = CliFixture.run("run", ok.toString(), "--input", "NOPE=1");

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("no flow declares --input NOPE");
  }

  @Test
  void should_name_the_command_line_options_when_the_browser_is_missing() throws Exception {
    Path ok = flow("search", "{\"testId\":\"go\"}");
    Path missing = dir.resolve("no-such-chromium");

    CliFixture cli = CliFixture.run("run", ok.toString(), "--serve", site().toString(), "--input", "QUERY=x",
        "--browser", missing.toString());

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("BROWSER_NOT_FOUND", missing.toString(), "--browser PATH", "BROWSERFLOW_CHROMIUM",
        "apt-get install -y chromium");
    assertThat(cli.err()).doesNotContain("LaunchOptions");
  }
}
