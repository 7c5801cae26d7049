package io.browserflow.cli.differential;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Selenium IDE's reference runner, {@code selenium-side-runner} 4.0.13 (npm, pinned in
 * {@code reference/}), headless on the system Chromium through Debian's {@code chromedriver}: plays
 * projects and says, per project and test, whether the test passed. All projects of a batch go to one
 * runner process (one Jest run), which the runner plays one after another.
 */
final class SideReferenceRunner {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A test's result in the reference: its project, suite (empty for tests run alone), name and whether it passed. */
  record TestOutcome(String project, String suite, String test, boolean passed, String failure) {}

  private final Path chromium;
  private final Path root = ReferenceReplayer.projectRoot();

  SideReferenceRunner(Path chromium) {
    this.chromium = chromium;
  }

  /**
   * Plays {@code projects} (each with a distinct name), each test with an element timeout of
   * {@code elementTimeoutMs}; the outcomes by project name, then test name (a test played in several
   * suites keeps the last outcome: give such tests distinct names in differential cases).
   */
  Map<String, Map<String, TestOutcome>> play(List<Path> projects, Path work, int elementTimeoutMs) throws Exception {
    Path bin = root.resolve("reference/node_modules/selenium-side-runner/dist/bin.js");
    if (!Files.isRegularFile(bin)) {
      throw new AssertionError("selenium-side-runner is not installed: npm ci --prefix reference");
    }
    if (!Files.isExecutable(Path.of("/usr/bin/chromedriver"))) {
      throw new AssertionError("chromedriver is not installed: apt-get install -y chromium-driver");
    }
    String run = String.valueOf(System.nanoTime());
    Path out = Files.createDirectories(work.resolve("side-results-" + run));
    List<String> command = new ArrayList<>(List.of("node", bin.toString(),
        "-c", "browserName=chrome goog:chromeOptions.binary=" + chromium
            + " goog:chromeOptions.args=[headless=new,no-sandbox,disable-gpu,window-size=1280x800]",
        "--timeout", String.valueOf(elementTimeoutMs), "--jest-timeout", "120000", "--output-directory", out.toString(),
        "--jest-options", "\"--forceExit\""));
    projects.forEach(p -> command.add(p.toString()));
    ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
        .redirectOutput(work.resolve("side-runner-" + run + ".log").toFile());
    pb.environment().put("PATH", "/usr/bin:" + System.getenv().getOrDefault("PATH", ""));
    Process p = pb.start();
    if (!p.waitFor(20, TimeUnit.MINUTES)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new AssertionError("selenium-side-runner did not finish in 20 minutes");
    }
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    System.out.printf("[differential] selenium-side-runner played %d projects: %d s%n", projects.size(),
        (System.nanoTime() - Long.parseLong(run)) / 1_000_000_000L);
    Path results;
    try (Stream<Path> files = Files.list(out)) {
      results = files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow(() -> new AssertionError(
          "selenium-side-runner wrote no results (exit " + p.exitValue() + "):\n" + log(work)));
    }
    Map<String, Map<String, TestOutcome>> byProject = new LinkedHashMap<>();
    for (JsonNode file : JSON.readTree(results.toFile()).path("testResults")) {
      for (JsonNode a : file.path("assertionResults")) {
        List<String> titles = new ArrayList<>();
        a.path("ancestorTitles").forEach(t -> titles.add(t.asText()));
        String project = strip(titles.isEmpty() ? "" : titles.get(0), "Running project ");
        String suite = titles.size() > 1 ? strip(titles.get(1), "Running suite ") : "";
        String test = strip(a.path("title").asText(), "Running test ");
        boolean passed = a.path("status").asText().equals("passed");
        List<String> messages = new ArrayList<>();
        a.path("failureMessages").forEach(m -> messages.add(m.asText().lines().findFirst().orElse("")));
        byProject.computeIfAbsent(project, k -> new LinkedHashMap<>())
            .put(test, new TestOutcome(project, suite, test, passed, String.join("; ", messages)));
      }
    }
    return byProject;
  }

  private static String strip(String s, String prefix) {
    return s.startsWith(prefix) ? s.substring(prefix.length()) : s;
  }

  /** The end of what each run of the runner printed. */
  static String log(Path work) {
    StringBuilder all = new StringBuilder();
    try (Stream<Path> files = Files.list(work)) {
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("side-runner-")).sorted().toList()) {
        String text = Files.readString(f, StandardCharsets.UTF_8);
        all.append(text.length() > 4000 ? text.substring(text.length() - 4000) : text).append('\n');
      }
    } catch (java.io.IOException e) {
      return "(no log)";
    }
    return all.length() == 0 ? "(no log)" : all.toString();
  }
}
