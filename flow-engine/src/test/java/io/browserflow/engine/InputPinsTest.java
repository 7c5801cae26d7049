package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.defaultValue;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.textPresent;
import static io.browserflow.engine.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.store.JournalEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Non-secret inputs are pinned at run start and a resume with other values is refused; secrets are never pinned. */
class InputPinsTest {
  private static final String PASSWORD = "pw-Very-Secret-91";

  @TempDir
  Path dir;

  private final Flow flow = Flow.named("pins")
      .input("DEVICE").input("NOTE", defaultValue("none"))
      .credential(Credential.of("USER", Credential.Type.USERNAME))
      .credential(Credential.of("PASSWORD", Credential.Type.PASSWORD))
      .open(APP + "/home")
      .fill(testId("device"), "${DEVICE}").id("device")
      .fill(testId("password"), "${credential.PASSWORD}").id("password")
      .click(testId("save")).id("save").expect(textPresent("Saved"))
      .click(testId("after")).id("after")
      .build();

  private String runId;

  /** The process dies (an Error nobody catches) while {@code save} is dispatching. */
  private static final class Died extends Error {
    Died() {
      super("simulated death of the process");
    }
  }

  @BeforeEach
  void interruptedRun() {
    FakeDriver driver = new FakeDriver();
    driver.beforePerform = s -> {
      if (s.id().equals("save")) {
        throw new Died();
      }
    };
    FlowEngine engine = FlowEngine.builder().driver(driver).storeDirectory(dir).build();
    assertThatThrownBy(() -> engine.run(flow, inputs("1000150", "ann", PASSWORD))).isInstanceOf(Died.class);
    runId = FlowEngine.builder().driver(new FakeDriver()).storeDirectory(dir).build().recover().get(0).runId();
  }

  private static Inputs inputs(String device, String user, String password) {
    return Inputs.builder().input("DEVICE", device).credential("USER", user).credential("PASSWORD", password).build();
  }

  private FlowEngine engine(FakeDriver driver) {
    return FlowEngine.builder().driver(driver).storeDirectory(dir).build();
  }

  @Test
  void should_pin_non_secret_values_by_name_and_keep_no_value() throws IOException {
    JournalEntry start = engine(new FakeDriver()).store().journal(runId).get(0);

    assertThat(start.inputPins()).containsOnlyKeys("input.DEVICE", "input.NOTE", "credential.USER");
    assertThat(start.inputPins().values()).allSatisfy(pin -> assertThat(pin).matches("sha256:[0-9a-f]{64}"));
    assertThat(engine(new FakeDriver()).recover()).singleElement().satisfies(r ->
        assertThat(r.pinnedInputs()).containsExactly("credential.USER", "input.DEVICE", "input.NOTE"));
    String stored;
    try (Stream<Path> files = Files.walk(dir)) {
      stored = files.filter(Files::isRegularFile).map(p -> {
        try {
          return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).collect(Collectors.joining("\n"));
    }
    assertThat(stored).contains("inputPins").doesNotContain("1000150", PASSWORD, "\"ann\"");
  }

  @Test
  void should_resume_with_the_same_inputs_and_any_password() {
    FakeDriver driver = new FakeDriver();
    RunResult result = engine(driver).resume(runId, flow,
        Inputs.builder().input("DEVICE", "1000150").input("NOTE", "none").credential("USER", "ann")
            .credential("PASSWORD", "rotated-since").build(),
        ResumeDecision.VERIFY, RunOptions.defaults());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(driver.performed).containsExactly("open:" + APP + "/home", "after");
  }

  @Test
  void should_refuse_a_changed_input_and_keep_the_run_for_review() {
    FakeDriver driver = new FakeDriver();

    assertThatThrownBy(() -> engine(driver).resume(runId, flow, inputs("1000151", "ann", PASSWORD),
            ResumeDecision.VERIFY, RunOptions.defaults()))
        .isInstanceOfSatisfying(FlowRunException.class, e -> {
          assertThat(e.code()).isEqualTo(ErrorCode.INPUT_CHANGED);
          assertThat(e.details()).containsEntry(FlowException.Details.INPUT, "input.DEVICE")
              .containsEntry(FlowException.Details.RUN_ID, runId);
          assertThat(e.getMessage()).contains("input.DEVICE differs from the value the run started with")
              .doesNotContain("1000151", "1000150");
        });
    assertThat(driver.performed).isEmpty();
    assertThat(engine(new FakeDriver()).recover()).extracting(RecoveredRun::runId).containsExactly(runId);
  }

  @Test
  void should_refuse_a_changed_non_secret_credential_a_missing_input_and_a_new_one() {
    assertThatThrownBy(() -> engine(new FakeDriver()).resume(runId, flow, inputs("1000150", "bob", PASSWORD),
            ResumeDecision.VERIFY, RunOptions.defaults()))
        .isInstanceOfSatisfying(FlowRunException.class, e -> assertThat(e.details())
            .containsEntry(FlowException.Details.INPUT, "credential.USER"));
    assertThatThrownBy(() -> engine(new FakeDriver()).resume(runId, flow,
            Inputs.builder().credential("USER", "ann").credential("PASSWORD", PASSWORD).build(),
            ResumeDecision.VERIFY, RunOptions.defaults()))
        .isInstanceOfSatisfying(FlowRunException.class, e -> {
          assertThat(e.code()).isEqualTo(ErrorCode.INPUT_CHANGED);
          assertThat(e.getMessage()).contains("input.DEVICE is missing; the run started with it");
        });
    assertThatThrownBy(() -> engine(new FakeDriver()).resume(runId, flow,
            inputs("1000150", "ann", PASSWORD).toBuilder().input("NOTE", "changed").build(),
            ResumeDecision.VERIFY, RunOptions.defaults()))
        .isInstanceOfSatisfying(FlowRunException.class, e -> assertThat(e.details())
            .containsEntry(FlowException.Details.INPUT, "input.NOTE"));
  }

  @Test
  void should_salt_pins_per_run_so_equal_values_of_two_runs_do_not_look_alike() {
    assertThat(InputPins.of("run-a", flow, inputs("1000150", "ann", PASSWORD)))
        .isNotEqualTo(InputPins.of("run-b", flow, inputs("1000150", "ann", PASSWORD)))
        .isEqualTo(InputPins.of("run-a", flow, inputs("1000150", "ann", "other password")));
  }
}
