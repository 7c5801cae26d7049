package io.browserflow.cli.differential;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.cli.Main;
import io.browserflow.playwright.PlaywrightDriver;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential tests for Selenium IDE projects: the reference ({@code selenium-side-runner} 4.0.13,
 * headless Chromium through Debian's chromedriver) and {@code browserflow run project.side} play the
 * same project on the same pages. A case agrees only when every test passes in both, both leave the
 * pages in the same reported state, and that state differs from the initial one; on the case's
 * mutated page both fail, and the same tests fail. Cases are own pages and projects under
 * {@code differential/side/} (one per command family, each dialog kind, suites with a shared session
 * and {@code run}); their {@code project.side} url is {@code {{BASE}}}, the run's address.
 */
@Tag("browser")
class SeleniumIdeDifferentialIT {
  private static final Path CASES = ReferenceReplayer.projectRoot().resolve("flow-cli/src/test/resources/differential/side");
  /**
   * The reference's element timeout on the cases' own pages: long enough for a loaded machine (at
   * 3 s a click in the frames and windows case timed out beside the other suites).
   */
  private static final int ELEMENT_TIMEOUT_MS = 10_000;
  /** The element timeout on mutated pages in both runners, where it must run out: the shorter, the sooner. */
  private static final int MUTATED_ELEMENT_TIMEOUT_MS = 3000;
  private static final ObjectMapper JSON = new ObjectMapper();

  @org.junit.jupiter.api.io.TempDir
  static Path work;
  private static StateServer server;
  private static CompletableFuture<Map<String, Map<String, SideReferenceRunner.TestOutcome>>> reference;
  /**
   * BrowserFlow's runs (passed or not, per test name) by run id, or what stopped one: every case is
   * played before the first case is checked, while the reference plays in its own process.
   */
  private static Map<String, Attempt<Map<String, Boolean>>> browserFlowRuns = Map.of();

  static List<DifferentialCase> cases() throws Exception {
    return DifferentialCase.all(CASES);
  }

  @BeforeAll
  static void playEveryCaseInBothRunners() throws Exception {
    server = new StateServer();
    Path chromium = PlaywrightDriver.findChromium()
        .orElseThrow(() -> new AssertionError("no Chromium: apt-get install -y chromium (or set BROWSERFLOW_CHROMIUM)"));
    List<Path> projects = new ArrayList<>();
    List<Path> mutatedProjects = new ArrayList<>();
    for (DifferentialCase c : cases()) {
      projects.add(project(c, "ref", false));
      mutatedProjects.add(project(c, "ref-mutated", true));
    }
    SideReferenceRunner runner = new SideReferenceRunner(chromium);
    CompletableFuture<Map<String, Map<String, SideReferenceRunner.TestOutcome>>> own = play(runner, projects, ELEMENT_TIMEOUT_MS);
    CompletableFuture<Map<String, Map<String, SideReferenceRunner.TestOutcome>>> mutated =
        play(runner, mutatedProjects, MUTATED_ELEMENT_TIMEOUT_MS);
    reference = own.thenCombine(mutated, (a, b) -> {
      Map<String, Map<String, SideReferenceRunner.TestOutcome>> all = new LinkedHashMap<>(a);
      all.putAll(b);
      return all;
    });
    Map<String, Lanes.Replay<AutoCloseable, Map<String, Boolean>>> plays = new LinkedHashMap<>();
    for (DifferentialCase c : cases()) {
      for (String variant : List.of("bf", "bf-mutated")) {
        plays.put(runId(c, variant), none -> playInBrowserFlow(c, variant, variant.endsWith("mutated")));
      }
    }
    // each play is a browserflow run of its own, with its own browser
    try (Lanes<AutoCloseable> lanes = new Lanes<>(Lanes.COUNT, () -> () -> { })) {
      browserFlowRuns = lanes.replay(plays);
    }
  }

  /** The reference plays {@code projects} in its own process, in the background. */
  private static CompletableFuture<Map<String, Map<String, SideReferenceRunner.TestOutcome>>> play(SideReferenceRunner runner,
      List<Path> projects, int elementTimeoutMs) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return runner.play(projects, work, elementTimeoutMs);
      } catch (Exception e) {
        throw new CompletionException(e);
      }
    }, task -> new Thread(task, "side-reference").start());
  }

  @AfterAll
  static void stop() {
    if (reference != null) {
      reference.cancel(true);
    }
    if (server != null) {
      server.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void should_pass_where_the_reference_passes_end_where_it_ends_and_fail_where_it_fails(DifferentialCase c) throws Exception {
    Map<String, Boolean> bf = browserFlowRuns.get(runId(c, "bf")).get();
    Map<String, Boolean> bfMutated = browserFlowRuns.get(runId(c, "bf-mutated")).get();

    Map<String, SideReferenceRunner.TestOutcome> ref = reference.join().get(runId(c, "ref"));
    assertThat(ref).as("the reference played %s: %s", c.name(), SideReferenceRunner.log(work)).isNotNull().isNotEmpty();
    Map<String, Boolean> refPassed = new TreeMap<>();
    ref.forEach((name, o) -> refPassed.put(name, o.passed()));
    assertThat(refPassed).as("the reference passes every test of %s: %s", c.name(), ref.values()).doesNotContainValue(false);
    Map<String, String> refEnd = server.endState(runId(c, "ref"));
    assertThat(refEnd).as("the reference's end state differs from the initial state").isNotEmpty()
        .isNotEqualTo(server.initialState(runId(c, "ref")));

    assertThat(bf).as("BrowserFlow's results per test of %s", c.name()).isEqualTo(refPassed);
    assertThat(server.endState(runId(c, "bf"))).as("BrowserFlow's end state").isEqualTo(refEnd);

    Map<String, Boolean> refMutated = new TreeMap<>();
    reference.join().get(runId(c, "ref-mutated")).forEach((name, o) -> refMutated.put(name, o.passed()));
    assertThat(refMutated).as("the reference fails a test on the mutated page").containsValue(false);
    assertThat(bfMutated).as("BrowserFlow fails the same tests on the mutated page").isEqualTo(refMutated);
  }

  @Test
  void should_have_cases_each_with_a_mutated_page() throws Exception {
    assertThat(cases()).isNotEmpty().allSatisfy(c -> assertThat(c.mutation()).as(c.name()).isPresent());
  }

  /** Plays the case's project with the CLI, as a user does; passed or not, per test name. */
  private static Map<String, Boolean> playInBrowserFlow(DifferentialCase c, String variant, boolean mutated) throws Exception {
    Path project = project(c, variant, mutated);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> args = new ArrayList<>(List.of("run", project.toString(), "--json", "--allow", "eval", "--timeout", "60000"));
    if (mutated) {
      // as long as the reference waits there (where both must fail: the sooner, the better)
      args.addAll(List.of("--step-timeout", String.valueOf(MUTATED_ELEMENT_TIMEOUT_MS)));
    }
    int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(String[]::new));
    assertThat(exit).as("browserflow run %s: %s", c.name(), err).isIn(0, 1);
    Map<String, Boolean> passed = new TreeMap<>();
    for (JsonNode r : JSON.readTree(out.toString())) {
      passed.put(r.get("flowName").asText(), r.get("status").asText().equals("SUCCEEDED"));
    }
    if (!mutated && passed.containsValue(false)) {
      System.out.println("[side-differential] " + c.name() + " in BrowserFlow:\n" + err + "\n" + out);
    }
    return passed;
  }

  private static String runId(DifferentialCase c, String variant) {
    return c.name() + "." + variant;
  }

  /** The case's project for one run: its url the run's address on the state server, its name the run id. */
  private static Path project(DifferentialCase c, String variant, boolean mutated) throws Exception {
    String id = runId(c, variant);
    server.register(id, new StateServer.Run(c.dir(), CASES.resolve("_shared"), mutated ? c.mutation() : Optional.empty()));
    String base = server.base(id);
    JsonNode p = JSON.readTree(Files.readString(c.dir().resolve("project.side")).replace("{{BASE}}", base));
    ((com.fasterxml.jackson.databind.node.ObjectNode) p).put("name", id);
    return Files.writeString(work.resolve(id + ".side"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(p));
  }
}
