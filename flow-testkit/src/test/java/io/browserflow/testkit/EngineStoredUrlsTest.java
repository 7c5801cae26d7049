package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.testkit.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import org.junit.jupiter.api.Test;

/** A page reached with a token in its address: the run's results keep the address, not the token. */
class EngineStoredUrlsTest {
  // the mail's link carries the token, as a password-reset mail does: the flow itself holds none
  private final FlowEngine engine = EngineFixtures.engine(EngineFixtures.app()
      .page(APP + "/mail", "<button data-testid='reset' data-on-click='navigate:/home?token=rst-4711-abcdef#session=s-99'>"
          + "Reset</button>").build()).build();

  @Test
  void should_keep_no_query_or_fragment_value_of_a_failed_steps_page() {
    Flow flow = Flow.named("reset link").open(APP + "/mail").click(testId("reset"))
        .click(testId("nowhere")).timeoutMs(200).build();

    RunResult r = engine.run(flow, Inputs.empty());

    assertThat(r.status()).isEqualTo(RunStatus.FAILED);
    assertThat(r.steps()).as(String.valueOf(r.errorMessage())).hasSize(3);
    StepResult failed = r.steps().get(r.steps().size() - 1);
    assertThat(failed.url()).hasValue(APP + "/home?token=…#session=…");
    assertThat(r.toJson()).contains("/home?token=…").doesNotContain("rst-4711-abcdef", "s-99");
  }
}
