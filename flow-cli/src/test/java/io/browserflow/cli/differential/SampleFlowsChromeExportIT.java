package io.browserflow.cli.differential;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.PageStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.cli.OpenedResources;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.formats.Conversion;
import io.browserflow.formats.ConversionIssue;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import io.browserflow.playwright.LocalSite;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The demo app's sample flows exported to Chrome Recorder JSON and replayed by the reference
 * ({@code @puppeteer/replay} on the system Chromium), against the same demo app BrowserFlow replays
 * the flows on: an export that is not {@code blocked} must complete in the reference and end where
 * BrowserFlow's own replay of the flow ends (the main page's path and hash and the app's session
 * storage: the signed-in user, saved rebinds); a blocked export must name the step it cannot express.
 * Inputs and the demo sign-in are filled into the export as a person would before replaying it
 * (a conversion never writes credentials).
 */
@Tag("browser")
class SampleFlowsChromeExportIT {
  private static final Path ROOT = ReferenceReplayer.projectRoot();
  private static final Path FLOWS = ROOT.resolve("samples/src/main/resources/flows");
  /** The page state compared: where the main page is and what the app keeps in session storage. */
  private static final String PROBE = "JSON.stringify({path: location.pathname, hash: location.hash, session: "
      + "Object.fromEntries(Object.keys(sessionStorage).sort().map(k => [k, sessionStorage.getItem(k)]))})";

  @TempDir
  static Path work;

  private static LocalSite site;
  private static PlaywrightDriver driver;
  private static final Map<String, Conversion<String>> exports = new LinkedHashMap<>();
  private static Map<String, ReferenceReplayer.Outcome> reference;

  static Stream<String> samples() throws Exception {
    try (Stream<Path> files = Files.list(FLOWS)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".flow.json")).sorted().toList().stream();
    }
  }

  @BeforeAll
  static void exportAndReplayInTheReference() throws Exception {
    site = LocalSite.directory(ROOT.resolve("samples/src/main/resources/demo-app"), 0);
    ReferenceReplayer replayer = new ReferenceReplayer();
    for (String name : samples().toList()) {
      Conversion<String> exported = FlowFormats.write(flow(name), Format.CHROME_RECORDER);
      exports.put(name, exported);
      if (exported.blockingIssues().isEmpty()) {
        String filled = exported.value();
        for (Map.Entry<String, String> v : values(flow(name)).entrySet()) {
          filled = filled.replace("${" + v.getKey() + "}", v.getValue());
        }
        assertThat(filled).as("every placeholder of %s filled", name).doesNotContain("${");
        replayer.add(name, Files.writeString(work.resolve(name.replace(".flow.json", ".recording.json")), filled), PROBE);
      }
    }
    reference = replayer.replayAll(work, 10_000, 2);
    driver = PlaywrightDriver.launch();
  }

  @AfterAll
  static void stop() throws Exception {
    OpenedResources.closeAll(driver, site);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void should_replay_in_the_reference_to_browserflows_end_state_or_be_blocked_naming_the_step(String name) throws Exception {
    Conversion<String> exported = exports.get(name);
    if (!exported.blockingIssues().isEmpty()) {
      for (ConversionIssue i : exported.blockingIssues()) {
        assertThat(i.path()).as("a blocking issue of %s names its step: %s", name, i).matches("steps\\[\\d+].*");
      }
      return;
    }
    Flow flow = flow(name);
    // the same probe, on the main page, once BrowserFlow's replay is done
    Flow probed = Flow.builder().from(flow)
        .policy(io.browserflow.api.Policy.builder().from(flow.policy().orElse(io.browserflow.api.Policy.builder().build()))
            .addCapabilities(Capability.SCRIPT_EVAL).build())
        .addSteps(PageStep.FrameMain.builder().id("probe-main-frame").build(),
            DataStep.Eval.builder().id("probe").script(PROBE).build())
        .build();
    Map<String, String> v = values(flow);
    Inputs.Builder inputs = Inputs.builder();
    flow.inputs().forEach(in -> inputs.input(in.key(), v.get(in.key())));
    flow.credentials().forEach(c -> inputs.credential(c.key(), v.get("credential." + c.key())));
    RunResult bf;
    try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      bf = engine.run(probed, inputs.build(), RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());
    }
    assertThat(bf.status()).as("BrowserFlow replays %s: %s %s", name, bf.errorCode(), bf.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    String bfState = bf.outputs().entrySet().stream().filter(e -> e.getKey().startsWith("steps.probe.")).map(Map.Entry::getValue)
        .findFirst().orElseThrow(() -> new AssertionError("no probe output in " + bf.outputs().keySet()));

    ReferenceReplayer.Outcome ref = reference.get(name);
    assertThat(ref.ok()).as("the reference replays the export of %s: %s%n%s", name, ref.error(), exported.value()).isTrue();
    assertThat(ref.state()).as("the reference's end state for %s", name).isEqualTo(bfState);
  }

  private static Flow flow(String name) throws Exception {
    return FlowJson.read(Files.readString(FLOWS.resolve(name)));
  }

  /** The values a person fills in: the demo's address, the inputs' defaults, the demo sign-in. */
  private static Map<String, String> values(Flow flow) {
    Map<String, String> v = new LinkedHashMap<>();
    for (Input in : flow.inputs()) {
      v.put(in.key(), in.key().equals("BASE_URL") ? site.url() : in.key().equals("UPLOAD_FILE")
          ? ROOT.resolve("samples/src/main/resources/data/devices.csv").toString() : in.defaultValue().orElse(""));
    }
    v.put("credential.USERNAME", "demo");
    v.put("credential.PASSWORD", "demo-pass");
    return v;
  }
}
