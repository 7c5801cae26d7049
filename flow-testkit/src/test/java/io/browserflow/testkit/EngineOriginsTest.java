package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.testkit.EngineFixtures.APP;
import static io.browserflow.testkit.EngineFixtures.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.engine.Caller;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.review.Approvals;
import io.browserflow.engine.review.FlowReview;
import org.junit.jupiter.api.Test;

/**
 * Where a run's values may point it. An approved run or a tool call reaches only the origins its
 * reviewed flow declares: a caller who passes {@code BASE_URL=http://elsewhere.test} does not get the
 * password typed there, nor a metadata address read by an {@code http} step. Plain runs keep taking
 * the origins their inputs bind.
 */
class EngineOriginsTest {
  private static final String LOCAL = "http://127.0.0.1:8080";

  private final InMemoryPageDriver.Builder pages = EngineFixtures.app()
      .page("http://elsewhere.test/login", "<title>Look-alike</title><input aria-label='Password' data-testid='pass'>")
      .page(LOCAL + "/login", "<title>Local</title><input aria-label='Password' data-testid='pass'>");

  /** Types the password into the login page of {@code BASE_URL}: the flow declares {@code origins}. */
  private static Flow signIn(String... origins) {
    return Flow.named("sign in").input("BASE_URL", inputType(io.browserflow.api.Input.Type.URL))
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .allowOrigins(origins)
        .open("${BASE_URL}/login").fill(label("Password"), "${credential.PASSWORD}").build();
  }

  private static Inputs to(String base) {
    return Inputs.builder().input("BASE_URL", base).credential("PASSWORD", SECRET).build();
  }

  private RunResult approvedRun(Flow flow, Inputs inputs) {
    Approvals approvals = Approvals.create();
    approvals.approve(FlowReview.of(flow));
    return EngineFixtures.engine(pages.build()).requireApproval(approvals).build().run(flow, inputs);
  }

  @Test
  void should_refuse_an_approved_run_whose_input_points_at_an_undeclared_origin() {
    Flow flow = signIn(APP);

    RunResult elsewhere = approvedRun(flow, to("http://elsewhere.test"));
    RunResult declared = approvedRun(flow, to(APP));

    assertThat(elsewhere.status()).isEqualTo(RunStatus.FAILED);
    assertThat(elsewhere.errorCode()).hasValue(ErrorCode.ORIGIN_DENIED);
    assertThat(elsewhere.errorMessage().orElseThrow()).contains("http://elsewhere.test", "does not declare", "policy.allowedOrigins");
    assertThat(elsewhere.steps()).as("refused before the first step: nothing typed anywhere").isEmpty();
    assertThat(declared.status()).as(String.valueOf(declared.errorMessage())).isEqualTo(RunStatus.SUCCEEDED);
  }

  @Test
  void should_let_a_declared_origin_take_any_port_when_it_says_so() {
    Flow anyPort = signIn("http://127.0.0.1:*");
    Flow onePort = signIn("http://127.0.0.1:9999");

    assertThat(approvedRun(anyPort, to(LOCAL)).status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(approvedRun(onePort, to(LOCAL)).errorCode()).hasValue(ErrorCode.ORIGIN_DENIED);
  }

  @Test
  void should_refuse_a_tool_call_of_a_flow_that_declares_no_origin_for_its_input() {
    Flow flow = signIn();

    RunResult call = EngineFixtures.engine(pages.build()).build()
        .run(flow, to(APP), RunOptions.builder().caller(Caller.MCP).build());
    RunResult local = EngineFixtures.engine(pages.build()).build().run(flow, to(APP));

    assertThat(call.errorCode()).hasValue(ErrorCode.ORIGIN_DENIED);
    assertThat(call.errorMessage().orElseThrow()).contains("it declares none");
    assertThat(local.status()).as("a plain local run keeps its inputs' origins").isEqualTo(RunStatus.SUCCEEDED);
  }

  @Test
  void should_refuse_an_approved_http_step_pointed_at_a_metadata_address() {
    Flow flow = Flow.named("status").input("API", inputType(io.browserflow.api.Input.Type.URL))
        .capabilities(Capability.HTTP_REQUEST).allowOrigins(APP)
        .http("GET", "${API}/latest/meta-data/").id("get").build();
    Approvals approvals = Approvals.create();
    approvals.approve(FlowReview.of(flow));
    FlowEngine engine = EngineFixtures.engine(pages.build()).requireApproval(approvals).build();

    RunResult r = engine.run(flow, Inputs.builder().input("API", "http://169.254.169.254").build(),
        RunOptions.builder().allow(Capability.HTTP_REQUEST).build());

    assertThat(r.errorCode()).hasValue(ErrorCode.ORIGIN_DENIED);
    assertThat(r.errorMessage().orElseThrow()).contains("http://169.254.169.254");
    assertThat(r.steps()).isEmpty();
  }
}
