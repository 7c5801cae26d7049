package io.browserflow.cli.django;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.formats.Conversion;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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
  @RegisterExtension
  static final DjangoReplays DJANGO = new DjangoReplays(() -> dir);

  @Test
  void should_replay_a_record_replay_flow_of_the_admin_with_its_variables_as_inputs() throws Exception {
    DJANGO.admin().reset();
    String group = "Editors " + UUID.randomUUID().toString().substring(0, 6);
    Conversion<Flow> c = FlowFormats.read(Files.readString(FOREIGN.resolve("add-group.record-replay.json")),
        "add-group.record-replay.json");

    assertThat(c.from()).isEqualTo(Format.RECORD_REPLAY);
    assertThat(c.quality()).as("%s", c.issues()).isNotEqualTo(Quality.BLOCKED);
    assertThat(c.value().credentials()).extracting(Credential::key).containsExactly("password");

    RunResult r = DJANGO.replay(c.value(), Inputs.builder().input("baseUrl", DJANGO.admin().baseUrl).input("group", group)
        .credential("password", DJANGO.admin().password).build());

    assertThat(r.status()).as("%s %s", r.errorPath(), r.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(DJANGO.admin().groups(group)).isEqualTo(1);
    assertThat(r.toJson()).doesNotContain(DJANGO.admin().password);
  }

  @Test
  void should_replay_a_recording_plugin_flow_of_the_admin_with_the_typed_password_as_a_secret_credential() throws Exception {
    DJANGO.admin().reset();
    String recorded = Files.readString(FOREIGN.resolve("add-group.recording-plugin.json")).replace("BASE", DJANGO.admin().baseUrl);
    Conversion<Flow> c = FlowFormats.read(recorded, "add-group.recording-plugin.json");
    Flow flow = c.value();

    assertThat(c.from()).isEqualTo(Format.RECORDING_PLUGIN);
    assertThat(c.quality()).as("%s", c.issues()).isNotEqualTo(Quality.BLOCKED);
    assertThat(FlowJson.write(flow)).as("the recorded password is never written").doesNotContain("recorded-Pass-71");
    assertThat(flow.credentials()).filteredOn(Credential::secret).extracting(Credential::key).anyMatch(k -> k.endsWith("_PASSWORD"));
    Inputs.Builder inputs = Inputs.builder();
    for (Credential k : flow.credentials()) {
      String key = k.key();
      inputs.credential(key, key.endsWith("_PASSWORD") ? DJANGO.admin().password : key.endsWith("_BASE_URL") ? DJANGO.admin().baseUrl : "admin");
    }
    assertThat(DJANGO.admin().groups("Plugin reviewers")).isZero();

    RunResult r = DJANGO.replay(flow, inputs.build());

    assertThat(r.status()).as("%s %s", r.errorPath(), r.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(DJANGO.admin().groups("Plugin reviewers")).as("the recorded group name is the input's default").isEqualTo(1);
  }
}
