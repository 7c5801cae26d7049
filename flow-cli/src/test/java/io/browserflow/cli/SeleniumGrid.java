package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.playwright.PlaywrightDriver;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real Selenium Grid 4 (Maven Central's {@code org.seleniumhq.selenium:selenium-grid}, on this
 * test's classpath) in standalone mode in a child JVM, on 127.0.0.1 and a free port, with one
 * Chromium node driven by Debian's {@code chromium-driver}; it refuses at once a session request
 * no node supports ({@code --reject-unsupported-caps}) instead of queueing it.
 */
record SeleniumGrid(Process process, String url, Path logFile) implements AutoCloseable {
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  static SeleniumGrid start(Path work, int sessions) throws Exception {
    assertThat(CHROMEDRIVER).as("no chromedriver for the Grid's Chromium node: apt-get install -y chromium-driver").isExecutable();
    Path chromium = PlaywrightDriver.findChromium().orElseThrow(() -> new AssertionError(
        "no Chromium for the Grid's node: apt-get install -y chromium (or set BROWSERFLOW_CHROMIUM)"));
    int port = ChildProcesses.freeLoopbackPort();
    Path config = Files.writeString(work.resolve("grid.toml"), """
        [node]
        detect-drivers = false
        [[node.driver-configuration]]
        display-name = "Chromium"
        webdriver-executable = "%s"
        max-sessions = %d
        stereotype = '{"browserName": "chrome", "goog:chromeOptions": {"binary": "%s"}}'
        """.formatted(CHROMEDRIVER, sessions, chromium));
    Path log = work.resolve("grid.log");
    String java = ProcessHandle.current().info().command().orElse("java");
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "org.openqa.selenium.grid.Main",
        "standalone", "--host", "127.0.0.1", "--port", String.valueOf(port), "--config", config.toString(),
        "--max-sessions", String.valueOf(sessions), "--reject-unsupported-caps", "true")
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    SeleniumGrid grid = new SeleniumGrid(p, "http://127.0.0.1:" + port, log);
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline && p.isAlive()) {
      try {
        if (grid.status().path("ready").asBoolean()) {
          return grid;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(250);
    }
    grid.close();
    throw new AssertionError("the Selenium Grid did not become ready in 60 s; its log:\n" + Files.readString(log));
  }

  JsonNode status() throws IOException, InterruptedException {
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/status")).timeout(Duration.ofSeconds(5)).build(),
        HttpResponse.BodyHandlers.ofString());
    return new ObjectMapper().readTree(r.body()).path("value");
  }

  /** How many of the node's slots hold a session now. */
  int sessionsInUse() throws IOException, InterruptedException {
    int n = 0;
    for (JsonNode node : status().path("nodes")) {
      for (JsonNode slot : node.path("slots")) {
        if (!slot.path("session").isMissingNode() && !slot.path("session").isNull()) {
          n++;
        }
      }
    }
    return n;
  }

  /** Whether the Grid's node has a chromedriver running right now. */
  boolean drivesABrowser() {
    return process.descendants().anyMatch(h -> h.info().command().map(c -> c.endsWith("chromedriver")).orElse(false));
  }

  String log() throws IOException {
    return Files.readString(logFile);
  }

  @Override
  public void close() throws InterruptedException {
    ChildProcesses.stop(process);
  }
}
