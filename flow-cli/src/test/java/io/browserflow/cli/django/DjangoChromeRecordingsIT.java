package io.browserflow.cli.django;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.lint.Quality;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.cli.OpenedResources;
import io.browserflow.cli.differential.ReferenceReplayer;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.formats.Conversion;
import io.browserflow.formats.FlowFormats;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Django's admin scenarios written once by hand as Chrome Recorder JSON (under
 * {@code src/test/resources/django/chrome/}, as the Recorder writes them, the admin's password
 * typed literally): each is replayed by BrowserFlow (imported, its recorded password replayed from
 * memory as {@code --use-recorded-secrets} does) and by the reference replayer, each on a fresh
 * database, and both end states are checked on the server by the scenario's check script.
 */
@Tag("browser")
class DjangoChromeRecordingsIT {
  private static final Path RECORDINGS = DjangoAdmin.RESOURCES.resolve("chrome");

  @org.junit.jupiter.api.io.TempDir
  static Path dir;
  static DjangoAdmin admin;
  static PlaywrightDriver driver;
  static ReferenceReplayer reference;

  static Stream<String> scenarios() throws Exception {
    try (Stream<Path> files = Files.list(RECORDINGS)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".json"))
          .map(n -> n.substring(0, n.length() - ".json".length())).sorted().toList().stream();
    }
  }

  @BeforeAll
  static void start() throws Exception {
    admin = DjangoAdmin.start(dir);
    driver = PlaywrightDriver.launch();
    reference = new ReferenceReplayer();
  }

  @AfterAll
  static void stop() throws Exception {
    OpenedResources.closeAll(driver, admin);
  }

  /** The recording as the Recorder would have written it against this server: its address and the admin's password in it. */
  private static Path recording(String scenario) throws Exception {
    String text = Files.readString(RECORDINGS.resolve(scenario + ".json"))
        .replace("{{BASE}}", admin.baseUrl).replace("{{PASSWORD}}", admin.password);
    return Files.writeString(dir.resolve(scenario + ".json"), text);
  }

  @ParameterizedTest
  @MethodSource("scenarios")
  void should_reach_the_checked_server_state_in_browserflow_and_in_the_reference(String scenario) throws Exception {
    Path file = recording(scenario);
    boolean changesData = !admin.checksNoChange(scenario);

    admin.reset();
    if (changesData) {
      assertThat(admin.passes(scenario)).as("the check of %s fails on the fresh database", scenario).isFalse();
    }
    Conversion<Flow> imported = FlowFormats.read(Files.readString(file), scenario);
    assertThat(imported.quality()).as(imported.report()).isNotEqualTo(Quality.BLOCKED);
    Inputs.Builder inputs = Inputs.builder();
    for (String key : imported.recordedSecrets().keys()) {
      inputs.credential(key, imported.recordedSecrets().value(key).orElseThrow());
    }
    RunResult result;
    try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      result = engine.run(imported.value(), inputs.build(), RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());
    }
    assertThat(result.status()).as("BrowserFlow replays %s: %s at %s\n%s", scenario, result.errorMessage(),
        result.errorPath(), imported.report()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(result.toJson()).doesNotContain(admin.password);
    admin.check(scenario);

    admin.reset();
    reference.add(scenario, file);
    // the recordings set no timeout: the reference waits as long as BrowserFlow's default step timeout
    Map<String, ReferenceReplayer.Outcome> outcome = reference.replayAll(dir, FlowLimits.defaults().defaultStepTimeoutMs(), 1);
    assertThat(outcome.get(scenario).ok()).as("the reference replays %s: %s", scenario, outcome.get(scenario).error()).isTrue();
    admin.check(scenario);
  }
}
