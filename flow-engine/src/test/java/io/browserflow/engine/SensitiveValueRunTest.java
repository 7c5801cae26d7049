package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.engine.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import org.junit.jupiter.api.Test;

/** A flow holding a literal secret value (lint SENSITIVE_VALUE, error) is refused at run time unless the run allows it. */
class SensitiveValueRunTest {
  private static final String KEY = "AKIAIOSFODNN7QWERTYU";

  private final Flow flow = Flow.named("literal key").open(APP + "/settings")
      .fill(testId("api-key"), KEY).id("key")
      .click(testId("save")).id("save")
      .build();

  @Test
  void should_refuse_a_literal_secret_before_the_first_step_in_the_callers_words() {
    FakeDriver driver = new FakeDriver();
    RunResult result = FlowEngine.builder().driver(driver).build().run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).hasValue(ErrorCode.SENSITIVE_VALUE);
    assertThat(result.steps()).isEmpty();
    assertThat(driver.performed).isEmpty();
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m)
        .contains("steps[1].value", "a literal secret value", "${credential.KEY}", "RunOptions.builder().allowSensitiveValues(true)")
        .doesNotContain(KEY));

    RunResult cli = FlowEngine.builder().driver(new FakeDriver()).build()
        .run(flow, Inputs.empty(), RunOptions.builder().caller(Caller.CLI).build());
    assertThat(cli.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("--force"));
    RunResult junit = FlowEngine.builder().driver(new FakeDriver()).build()
        .run(flow, Inputs.empty(), RunOptions.builder().caller(Caller.JUNIT).build());
    assertThat(junit.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("browserflow.allowSensitiveValues=true"));
  }

  @Test
  void should_run_it_when_forced_and_a_credential_placeholder_always() {
    FakeDriver driver = new FakeDriver();
    RunResult forced = FlowEngine.builder().driver(driver).build()
        .run(flow, Inputs.empty(), RunOptions.builder().allowSensitiveValues(true).build());
    assertThat(forced.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(driver.performed).containsExactly("open:" + APP + "/settings", "key", "save");

    Flow clean = Flow.named("key from credential").credential("API_KEY", io.browserflow.api.dsl.Dsl.secret())
        .open(APP + "/settings").fill(testId("api-key"), "${credential.API_KEY}").id("key").build();
    RunResult fine = FlowEngine.builder().driver(new FakeDriver()).build()
        .run(clean, Inputs.builder().credential("API_KEY", KEY).build());
    assertThat(fine.status()).isEqualTo(RunStatus.SUCCEEDED);
  }
}
