package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.cli.differential.ReferenceReplayer;
import io.browserflow.playwright.PlaywrightDriver;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real Playwright browser server: the {@code playwright-core} npm package's {@code run-server}
 * (installed into the project's {@code reference/} directory by {@code npm ci --prefix reference}),
 * on 127.0.0.1 and a free port, launching the system Chromium. Playwright downloads no browser here,
 * so the server's browser directory ({@code PLAYWRIGHT_BROWSERS_PATH}) holds links to the system
 * Chromium under the names that package's {@code browsers.json} expects, as an installed server's
 * would hold the downloaded builds.
 */
record PlaywrightRunServer(Process process, String endpoint, String version) implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("Listening on (ws://\\S+)");

  /**
   * Starts the server of the npm package {@code name} in {@code reference/node_modules}
   * ({@code playwright-core}, or the older {@code playwright-core-other}).
   */
  static PlaywrightRunServer start(String name, Path work) throws Exception {
    Path pkg = ReferenceReplayer.projectRoot().resolve("reference/node_modules").resolve(name);
    assertThat(pkg.resolve("cli.js")).as("Playwright's npm package %s is not installed: run "
        + "`PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix reference` in the project root "
        + "(./run-tests does); node comes from `apt-get install -y nodejs npm`", name).exists();
    Path chromium = PlaywrightDriver.findChromium().orElseThrow(() -> new AssertionError(
        "no Chromium for the Playwright server: apt-get install -y chromium (or set BROWSERFLOW_CHROMIUM)"));
    ObjectMapper json = new ObjectMapper();
    String version = json.readTree(pkg.resolve("package.json").toFile()).get("version").asText();
    Path browsers = Files.createDirectories(work.resolve("browsers-" + name));
    for (JsonNode b : json.readTree(pkg.resolve("browsers.json").toFile()).get("browsers")) {
      String revision = b.get("revision").asText();
      Path exe = switch (b.get("name").asText()) {
        case "chromium" -> browsers.resolve("chromium-" + revision).resolve("chrome-linux64/chrome");
        case "chromium-headless-shell" -> browsers.resolve("chromium_headless_shell-" + revision)
            .resolve("chrome-headless-shell-linux64/chrome-headless-shell");
        default -> null;
      };
      if (exe != null && !Files.exists(exe, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectories(exe.getParent());
        Files.createSymbolicLink(exe, chromium);
      }
    }
    ProcessBuilder pb = new ProcessBuilder("node", pkg.resolve("cli.js").toString(), "run-server", "--host", "127.0.0.1",
        "--port", "0").redirectError(work.resolve("run-server-" + name + ".log").toFile());
    pb.environment().put("PLAYWRIGHT_BROWSERS_PATH", browsers.toString());
    pb.environment().put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
    Process p = pb.start();
    CompletableFuture<String> ws = CompletableFuture.supplyAsync(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          Matcher m = LISTENING.matcher(line);
          if (m.find()) {
            String found = m.group(1);
            // keep draining what it prints so it never blocks on a full pipe
            CompletableFuture.runAsync(() -> {
              try {
                r.transferTo(java.io.Writer.nullWriter());
              } catch (IOException ignored) {
                // the server stopped
              }
            });
            return found;
          }
        }
        return null;
      } catch (IOException e) {
        return null;
      }
    });
    String endpoint;
    try {
      endpoint = ws.get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      endpoint = null;
    }
    if (endpoint == null) {
      ChildProcesses.stop(p);
      throw new AssertionError("Playwright's run-server (" + name + " " + version + ") did not start: "
          + Files.readString(work.resolve("run-server-" + name + ".log")));
    }
    return new PlaywrightRunServer(p, endpoint, version);
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Whether the server has a browser of its own running right now. */
  boolean runsABrowser() {
    return process.descendants().anyMatch(h -> h.info().command().map(c -> c.contains("chrom")).orElse(false));
  }

  @Override
  public void close() throws InterruptedException {
    ChildProcesses.stop(process);
  }
}
