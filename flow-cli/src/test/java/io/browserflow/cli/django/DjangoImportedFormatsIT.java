package io.browserflow.cli.django;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.formats.Conversion;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recordings of Django's admin in the two seed formats BrowserFlow imports (the record-replay
 * extension's flow, seed 000; the recording plugin's Flow JSON, seed 002), written as those tools
 * write them, converted and replayed against a fresh admin; each outcome checked in Django's database.
 */
@Tag("browser")
class DjangoImportedFormatsIT {
  private static final Path FOREIGN = DjangoAdmin.RESOURCES.resolve("foreign");

  @TempDir
  static Path dir;
  static DjangoAdmin admin;
  static PlaywrightDriver driver;

  @BeforeAll
  static void start() throws Exception {
    admin = DjangoAdmin.start(dir);
    driver = PlaywrightDriver.launch();
  }

  @AfterAll
  static void stop() throws Exception {
    DjangoAdmin.closeAll(driver, admin);
  }

  private static RunResult replay(Flow flow, Inputs inputs) {
    try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      return engine.run(flow, inputs);
    }
  }

  @Test
  void should_replay_a_record_replay_flow_of_the_admin_with_its_variables_as_inputs() throws Exception {
    admin.reset();
    String group = "Editors " + UUID.randomUUID().toString().substring(0, 6);
    Conversion<Flow> c = FlowFormats.read(Files.readString(FOREIGN.resolve("add-group.record-replay.json")),
        "add-group.record-replay.json");

    assertThat(c.from()).isEqualTo(Format.RECORD_REPLAY);
    assertThat(c.quality()).as("%s", c.issues()).isNotEqualTo(Quality.BLOCKED);
    assertThat(c.value().credentials()).extracting(Credential::key).containsExactly("password");

    RunResult r = replay(c.value(), Inputs.builder().input("baseUrl", admin.baseUrl).input("group", group)
        .credential("password", admin.password).build());

    assertThat(r.status()).as("%s %s", r.errorPath(), r.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(admin.groups(group)).isEqualTo(1);
    assertThat(r.toJson()).doesNotContain(admin.password);
  }

  @Test
  void should_replay_a_recording_plugin_flow_of_the_admin_with_the_typed_password_as_a_secret_credential() throws Exception {
    admin.reset();
    String recorded = Files.readString(FOREIGN.resolve("add-group.recording-plugin.json")).replace("BASE", admin.baseUrl);
    Conversion<Flow> c = FlowFormats.read(recorded, "add-group.recording-plugin.json");
    Flow flow = c.value();

    assertThat(c.from()).isEqualTo(Format.RECORDING_PLUGIN);
    assertThat(c.quality()).as("%s", c.issues()).isNotEqualTo(Quality.BLOCKED);
    assertThat(FlowJson.write(flow)).as("the recorded password is never written").doesNotContain("recorded-Pass-71");
    assertThat(flow.credentials()).filteredOn(Credential::secret).extracting(Credential::key).anyMatch(k -> k.endsWith("_PASSWORD"));
    Inputs.Builder inputs = Inputs.builder();
    for (Credential k : flow.credentials()) {
      String key = k.key();
      inputs.credential(key, key.endsWith("_PASSWORD") ? admin.password : key.endsWith("_BASE_URL") ? admin.baseUrl : "admin");
    }
    assertThat(admin.groups("Plugin reviewers")).isZero();

    RunResult r = replay(flow, inputs.build());

    assertThat(r.status()).as("%s %s", r.errorPath(), r.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(admin.groups("Plugin reviewers")).as("the recorded group name is the input's default").isEqualTo(1);
  }
}
