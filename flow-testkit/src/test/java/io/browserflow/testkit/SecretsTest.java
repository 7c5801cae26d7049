package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.testkit.EngineFixtures.APP;
import static io.browserflow.testkit.EngineFixtures.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Secret credential values never reach the journal, results, events, files or messages. */
class SecretsTest {
  @TempDir
  Path dir;

  @Test
  void should_keep_secrets_out_of_everything_written() throws IOException {
    EngineFixtures.Events events = new EngineFixtures.Events();
    FlowEngine engine = EngineFixtures.engine(EngineFixtures.app().build())
        .storeDirectory(dir).listener(events).sleeper(new EngineFixtures.NoSleep()).build();
    Flow flow = Flow.named("secrets")
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .open(APP + "/login")
        .fill(testId("pass"), "${credential.PASSWORD}").expect(hasValue(testId("pass"), "${credential.PASSWORD}"))
        .setVar("copy", "prefix-${credential.PASSWORD}")
        .fill(testId("user"), "${vars.copy}")
        .read(testId("pass")).id("leak")
        .assertThat(hasValue(testId("user"), "wrong ${credential.PASSWORD}")).timeoutMs(300).retry(1)
        .build();

    RunResult failed = engine.run(flow, Inputs.builder().credential("PASSWORD", SECRET).build());
    RunResult ok = engine.run(Flow.named("secrets ok")
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .open(APP + "/login").fill(testId("pass"), "${credential.PASSWORD}").readValue(testId("pass")).id("v")
        .screenshot("after.png").build(), Inputs.builder().credential("PASSWORD", SECRET).build());

    assertThat(failed.status()).isEqualTo(RunStatus.FAILED);
    assertThat(ok.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(ok.outputs().get("steps.v.value")).isEqualTo("***");
    List<String> everything = new java.util.ArrayList<>(events.lines);
    everything.add(failed.toJson());
    everything.add(ok.toJson());
    everything.add(failed.toString());
    everything.add(Inputs.builder().credential("PASSWORD", SECRET).build().toString());
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
        everything.add(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
      }
    }
    assertThat(everything).hasSizeGreaterThan(10).noneSatisfy(text -> assertThat(text).contains(SECRET));
    assertThat(String.join("\n", everything)).contains("***");
  }
}
