package io.browserflow.cli.differential;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The reference replayer, {@code @puppeteer/replay} on {@code puppeteer-core} (npm, installed into
 * the project's {@code reference/} directory by {@code ./run-tests}: {@code npm ci --prefix reference}),
 * run by node on the system Chromium: the browser a headless BrowserFlow run launches, so its headless
 * shell when installed (Puppeteer's {@code 'shell'} mode; the full browser's new headless mode costs
 * about four times the CPU a context, and the suites replaying beside each other ran out of it). One
 * node process replays a batch of recordings, each in a fresh browser context, and reports per
 * recording whether it completed.
 */
public final class ReferenceReplayer {
  /** The outcome of one recording: completed, or the reference's error message. */
  public record Outcome(boolean ok, String error, long millis, String state) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path referenceDir;
  private final Path chromium;
  private final Map<String, Path> batch = new LinkedHashMap<>();
  private final Map<String, String> probes = new LinkedHashMap<>();

  public ReferenceReplayer() {
    this.referenceDir = projectRoot().resolve("reference");
    this.chromium = PlaywrightDriver.chromiumFor(LaunchOptions.defaults());
    assertThat(referenceDir.resolve("node_modules/@puppeteer/replay/package.json"))
        .as("the reference replayer is not installed: run `PUPPETEER_SKIP_DOWNLOAD=1 npm ci --prefix reference` "
            + "in the project root (./run-tests does)")
        .exists();
    assertThat(referenceDir.resolve("node_modules/puppeteer-core/package.json")).exists();
  }

  /** Adds a recording to the next batch. */
  public void add(String id, Path recording) {
    batch.put(id, recording);
  }

  /** Adds a recording whose main page is probed after a completed replay: {@code probe} is a JS expression, its value the outcome's state. */
  public void add(String id, Path recording, String probe) {
    batch.put(id, recording);
    probes.put(id, probe);
  }

  /**
   * Replays every recording added since the last call, {@code concurrency} at a time (each in its
   * own browser context), and returns their outcomes by id.
   */
  public Map<String, Outcome> replayAll(Path workDir, int timeoutMs, int concurrency) throws Exception {
    ObjectNode manifest = JSON.createObjectNode();
    manifest.put("executablePath", chromium.toString());
    manifest.put("timeout", timeoutMs);
    manifest.put("concurrency", concurrency);
    ArrayNode list = manifest.putArray("recordings");
    batch.forEach((id, file) -> {
      ObjectNode e = list.addObject().put("id", id).put("file", file.toAbsolutePath().toString());
      if (probes.containsKey(id)) {
        e.put("probe", probes.get(id));
      }
    });
    Path manifestFile = workDir.resolve("reference-manifest.json");
    Path resultsFile = workDir.resolve("reference-results.json");
    Path log = workDir.resolve("reference.log");
    JSON.writeValue(manifestFile.toFile(), manifest);
    long started = System.nanoTime();
    Process node = new ProcessBuilder("node", referenceDir.resolve("replay-recordings.mjs").toString(),
        manifestFile.toString(), resultsFile.toString())
        .directory(referenceDir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    long limitSeconds = 60L + (long) batch.size() * (timeoutMs / 1000 + 2) * 4;
    if (!node.waitFor(limitSeconds, TimeUnit.SECONDS)) {
      node.descendants().forEach(ProcessHandle::destroyForcibly);
      node.destroyForcibly().waitFor();
      throw new AssertionError("the reference replayer did not finish in " + limitSeconds + " s; its log: " + Files.readString(log));
    }
    System.out.printf("[differential] the reference replayed %d recordings, %d at a time: %d s%n", batch.size(), concurrency,
        (System.nanoTime() - started) / 1_000_000_000L);
    assertThat(node.exitValue()).as("the reference replayer failed to run; its log:%n%s", Files.readString(log)).isZero();
    Map<String, Outcome> out = new LinkedHashMap<>();
    for (JsonNode r : JSON.readTree(resultsFile.toFile())) {
      Outcome o = new Outcome(r.get("ok").asBoolean(), r.path("error").asText(""), r.path("millis").asLong(),
          r.path("state").isTextual() ? r.get("state").asText() : null);
      out.put(r.get("id").asText(), o);
      System.out.printf("[reference] %-40s %s %5d ms %s%n", r.get("id").asText(), o.ok() ? "completed" : "failed   ", o.millis(),
          o.ok() ? "" : o.error().lines().findFirst().orElse(""));
    }
    assertThat(out.keySet()).as("every recording was replayed").containsExactlyElementsOf(batch.keySet());
    batch.clear();
    probes.clear();
    return out;
  }

  /** The project root: the nearest directory upwards holding {@code reference/package.json}. */
  public static Path projectRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve("reference/package.json"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new AssertionError("no reference/package.json above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
