package io.browserflow.cli.differential;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.cli.OpenedResources;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.formats.Conversion;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential tests: the reference replayer ({@code @puppeteer/replay} 3.1.3 on puppeteer-core,
 * the system Chromium) and BrowserFlow (import, engine, Playwright driver) replay the same Chrome
 * Recorder recording on the same pages, and BrowserFlow's export of it is replayed by the reference.
 *
 * <p>A case passes only when the reference completes, BrowserFlow succeeds, both end states (what
 * the pages reported to the server) are equal, and the end state differs from the pages' initial
 * state; on the case's mutated page (an element renamed or removed) both must fail, so no case
 * passes by doing nothing. Expected divergences (BrowserFlow strict where the reference takes a
 * first match) assert BrowserFlow's error code and counts while the reference completes.
 */
@Tag("browser")
class ChromeRecorderDifferentialIT {
  private static final int REFERENCE_TIMEOUT_MS = 5000;
  private static final Path CASES = ReferenceReplayer.projectRoot().resolve("flow-cli/src/test/resources/differential/chrome");

  @TempDir
  static Path work;

  private static StateServer server;
  /** BrowserFlow's lanes: a driver each. */
  private static Lanes<PlaywrightDriver> lanes;
  /** Recordings the reference replays at a time: its replays mostly wait (for elements, for timeouts on mutated pages). */
  private static final int REFERENCE_CONCURRENCY = 3;
  /** The reference's outcomes, by run id: replayed in the background while BrowserFlow replays. */
  private static CompletableFuture<Map<String, ReferenceReplayer.Outcome>> reference;
  /**
   * BrowserFlow's runs, by run id, or what stopped one: every case is replayed before the first case
   * is checked, {@link Lanes#COUNT} at a time, while the reference replays in its own process (both
   * mostly wait on purpose).
   */
  private static Map<String, Attempt<RunResult>> browserFlowRuns = Map.of();
  private static final Map<String, Conversion<String>> exports = new LinkedHashMap<>();

  static List<DifferentialCase> cases() throws Exception {
    return DifferentialCase.all(CASES);
  }

  @BeforeAll
  static void replayEveryCaseInBothReplayers() throws Exception {
    server = new StateServer();
    ReferenceReplayer replayer = new ReferenceReplayer();
    for (DifferentialCase c : cases()) {
      replayer.add(runId(c, "ref"), recordingFile(c, "ref", false));
      if (c.mutation().isPresent()) {
        replayer.add(runId(c, "ref-mutated"), recordingFile(c, "ref-mutated", true));
      }
      if (c.export() && c.divergence().isEmpty()) {
        for (String variant : List.of("export", "export-mutated")) {
          String id = runId(c, variant);
          Conversion<Flow> imported = FlowFormats.read(recordingText(c, variant, variant.endsWith("mutated")), c.name());
          Conversion<String> exported = FlowFormats.write(imported.value(), Format.CHROME_RECORDER);
          exports.put(id, exported);
          Path file = Files.writeString(work.resolve(id + ".json"), exported.value());
          replayer.add(id, file);
        }
      }
    }
    reference = CompletableFuture.supplyAsync(() -> {
      try {
        return replayer.replayAll(work, REFERENCE_TIMEOUT_MS, REFERENCE_CONCURRENCY);
      } catch (Exception e) {
        throw new CompletionException(e);
      }
    });
    lanes = new Lanes<>(Lanes.COUNT, PlaywrightDriver::launch);
    Map<String, Lanes.Replay<PlaywrightDriver, RunResult>> replays = new LinkedHashMap<>();
    for (DifferentialCase c : cases()) {
      replays.put(runId(c, "bf"), driver -> replayInBrowserFlow(driver, c, "bf", false));
      if (c.mutation().isPresent()) {
        replays.put(runId(c, "bf-mutated"), driver -> replayInBrowserFlow(driver, c, "bf-mutated", true));
      }
    }
    browserFlowRuns = lanes.replay(replays);
  }

  private static ReferenceReplayer.Outcome reference(String runId) {
    return reference.join().get(runId);
  }

  @AfterAll
  static void stop() throws Exception {
    if (reference != null) {
      reference.cancel(true);
    }
    OpenedResources.closeAll(lanes, server);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void should_reach_the_reference_end_state_and_fail_where_it_fails(DifferentialCase c) throws Exception {
    RunResult bf = browserFlowRun(c, "bf");

    ReferenceReplayer.Outcome ref = reference(runId(c, "ref"));
    assertThat(ref.ok()).as("the reference replays %s: %s", c.name(), ref.error()).isTrue();
    Map<String, String> refEnd = server.endState(runId(c, "ref"));
    assertThat(refEnd).as("the reference's end state differs from the initial state")
        .isNotEmpty().isNotEqualTo(server.initialState(runId(c, "ref")));

    if (c.divergence().isPresent()) {
      DifferentialCase.Divergence d = c.divergence().get();
      assertThat(bf.status()).as("BrowserFlow diverges on purpose: %s", d.reason()).isEqualTo(RunStatus.FAILED);
      assertThat(bf.errorCode().map(Enum::name)).contains(d.code());
      assertThat(bf.errorMessage().orElse("")).contains(d.messageContains());
      return;
    }
    assertThat(bf.status()).as("BrowserFlow replays %s: %s %s", c.name(), bf.errorCode(), bf.errorMessage())
        .isEqualTo(RunStatus.SUCCEEDED);
    assertThat(server.endState(runId(c, "bf"))).as("BrowserFlow's end state").isEqualTo(refEnd);

    ReferenceReplayer.Outcome refMutated = reference(runId(c, "ref-mutated"));
    assertThat(refMutated.ok()).as("the reference fails on the mutated page").isFalse();
    assertThat(browserFlowRun(c, "bf-mutated").status()).as("BrowserFlow fails on the mutated page").isEqualTo(RunStatus.FAILED);

    if (c.export()) {
      Conversion<String> exported = exports.get(runId(c, "export"));
      assertThat(exported.blockingIssues()).as("the export of %s is not blocked: %s", c.name(), exported.report()).isEmpty();
      ReferenceReplayer.Outcome exportRun = reference(runId(c, "export"));
      assertThat(exportRun.ok()).as("the reference replays BrowserFlow's export: %s%n%s", exportRun.error(), exported.value()).isTrue();
      assertThat(server.endState(runId(c, "export"))).as("the export's end state in the reference").isEqualTo(refEnd);
      assertThat(reference(runId(c, "export-mutated")).ok()).as("the export fails on the mutated page in the reference").isFalse();
    }
  }

  @Test
  void should_have_a_case_for_each_behaviour_with_a_mutated_page_or_a_divergence() throws Exception {
    List<String> names = new ArrayList<>();
    for (DifferentialCase c : cases()) {
      names.add(c.name());
      assertThat(c.mutation().isPresent() || c.divergence().isPresent()).as(c.name()).isTrue();
    }
    assertThat(names).isNotEmpty();
  }

  /** Replays the case in BrowserFlow on a lane's driver, for the case's check. */
  private static RunResult replayInBrowserFlow(PlaywrightDriver driver, DifferentialCase c, String variant, boolean mutated) {
    Conversion<Flow> imported = FlowFormats.read(recordingText(c, variant, mutated), c.name());
    assertThat(imported.blockingIssues()).as("the import of %s is not blocked: %s", c.name(), imported.report()).isEmpty();
    Inputs inputs = Inputs.builder().credentials(c.credentials()).build();
    try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      return engine.run(imported.value(), inputs, RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());
    }
  }

  private static RunResult browserFlowRun(DifferentialCase c, String variant) throws Exception {
    return browserFlowRuns.get(runId(c, variant)).get();
  }

  private static String runId(DifferentialCase c, String variant) {
    return c.name() + "." + variant;
  }

  private static String recordingText(DifferentialCase c, String variant, boolean mutated) {
    String id = runId(c, variant);
    server.register(id, new StateServer.Run(c.dir(), CASES.resolve("_shared"), mutated ? c.mutation() : Optional.empty()));
    return c.recording(server.base(id), server.otherSite(id), mutated);
  }

  private static Path recordingFile(DifferentialCase c, String variant, boolean mutated) throws Exception {
    return Files.writeString(work.resolve(runId(c, variant) + ".json"), recordingText(c, variant, mutated));
  }
}
