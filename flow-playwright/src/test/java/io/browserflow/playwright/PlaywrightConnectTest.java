package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.impl.driver.Driver;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PlaywrightDriver#connect} against a browser server started from Playwright's bundled driver
 * ({@code launch-server}), {@link PlaywrightDriver#connectOverCdp} against Chromium started with a
 * DevTools port, both on 127.0.0.1, and {@link PlaywrightDriver#of} over a browser the test launched.
 */
@Tag("browser")
class PlaywrightConnectTest extends ChromiumTest {
  @TempDir
  Path work;

  private static String firstMatch(Process p, boolean stderr, Pattern pattern) throws Exception {
    CompletableFuture<String> found = CompletableFuture.supplyAsync(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(stderr ? p.getErrorStream() : p.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          Matcher m = pattern.matcher(line);
          if (m.find()) {
            return m.group(1);
          }
        }
        return null;
      } catch (java.io.IOException e) {
        return null;
      }
    });
    String s = found.get(30, TimeUnit.SECONDS);
    assertThat(s).as("the process printed its endpoint").isNotNull();
    return s;
  }

  private static void stop(Process p) throws InterruptedException {
    p.descendants().forEach(ProcessHandle::destroy);
    p.destroy();
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.destroyForcibly();
    }
  }

  private void drive(PlaywrightDriver remote) {
    server.page("/remote", page("Remote", "<p id=\"p\">remote ok</p>"));
    try (DriverSession s = remote.openSession(SessionOptions.builder().artifactsDir(work.resolve("a")).build())) {
      s.open(server.url("/remote"), TIMEOUT);
      awaitText(s, "#p", "remote ok");
      assertThat(s.state().title()).isEqualTo("Remote");
    }
  }

  @Test
  void should_drive_a_playwright_browser_server() throws Exception {
    Path config = Files.writeString(work.resolve("server.json"), "{\"executablePath\": \""
        + driver.executable().orElseThrow() + "\", \"headless\": true, \"host\": \"127.0.0.1\", \"port\": 0}");
    ProcessBuilder pb = Driver.ensureDriverInstalled(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"), false)
        .createProcessBuilder();
    pb.command().addAll(List.of("launch-server", "--browser", "chromium", "--config", config.toString()));
    pb.redirectError(ProcessBuilder.Redirect.DISCARD);
    Process serverProcess = pb.start();
    try {
      String ws = firstMatch(serverProcess, false, Pattern.compile("(ws://\\S+)"));

      try (PlaywrightDriver remote = PlaywrightDriver.connect(ws)) {
        drive(remote);
        assertThat(remote.executable()).isEmpty();
      }
      assertThat(serverProcess.isAlive()).as("disconnecting leaves the server running").isTrue();
    } finally {
      stop(serverProcess);
    }
  }

  @Test
  void should_drive_chromium_over_the_devtools_protocol() throws Exception {
    Process chromium = new ProcessBuilder(driver.executable().orElseThrow().toString(), "--headless",
        "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir=" + work.resolve("profile"),
        "--no-sandbox", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "about:blank").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    try {
      String ws = firstMatch(chromium, true, Pattern.compile("DevTools listening on (ws://\\S+)"));

      try (PlaywrightDriver remote = PlaywrightDriver.connectOverCdp(ws)) {
        drive(remote);
        assertThat(remote.browserVersion()).isNotBlank();
      }
      assertThat(chromium.isAlive()).as("disconnecting leaves the browser running").isTrue();
    } finally {
      stop(chromium);
    }
  }

  @Test
  void should_drive_a_browser_the_caller_launched_and_leave_it_open() {
    try (com.microsoft.playwright.Playwright pw = com.microsoft.playwright.Playwright.create(
        new com.microsoft.playwright.Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")))) {
      com.microsoft.playwright.Browser browser = pw.chromium().launch(new com.microsoft.playwright.BrowserType.LaunchOptions()
          .setExecutablePath(driver.executable().orElseThrow()));

      try (PlaywrightDriver wrapped = PlaywrightDriver.of(browser)) {
        drive(wrapped);
      }

      assertThat(browser.isConnected()).isTrue();
      assertThat(browser.contexts()).isEmpty();
      browser.close();
    }
  }

  @Test
  void should_fail_to_connect_to_an_endpoint_nobody_listens_on() throws Exception {
    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    long start = System.nanoTime();

    Throwable e = org.assertj.core.api.Assertions.catchThrowable(() -> PlaywrightDriver.connectOverCdp("http://127.0.0.1:" + port));

    assertThat(e).isInstanceOf(io.browserflow.api.FlowRunException.class);
    assertThat(e.getMessage()).contains("127.0.0.1:" + port);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
  }
}
