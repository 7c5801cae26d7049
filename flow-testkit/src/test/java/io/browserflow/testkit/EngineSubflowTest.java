package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.testkit.EngineFixtures.APP;
import static io.browserflow.testkit.EngineFixtures.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.FlowLibrary;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** call steps run subflows and library flows on the caller's page, with inputs mapped and outputs handed back. */
class EngineSubflowTest {
  @TempDir
  Path dir;

  /** Signs in and hands back what the home page greets with. */
  private static Flow login() {
    return Flow.named("login").input("USER").credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .open(APP + "/login")
        .fill(testId("user"), "${USER}")
        .fill(label("Password"), "${credential.PASSWORD}")
        .click(role("button", "Sign in")).expect(urlMatches("**/home"))
        .read(css("h1")).id("welcome")
        .output("greeting", "${steps.welcome.text} ${USER}")
        .build();
  }

  private static Inputs password() {
    return Inputs.builder().credential("PASSWORD", SECRET).build();
  }

  @Test
  void should_run_a_subflow_per_iteration_and_hand_its_output_back() {
    Flow flow = Flow.named("every user").credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .subflow(login())
        .foreach(values("ann", "bo"), user -> user
            .call("login", row("USER", "${loop.item}"), "greeting").id("in")
            .datasetWrite("greetings", row("user", "${loop.item}", "greeting", "${steps.in.greeting}")))
        .output("last", "${steps.in.greeting}")
        .build();

    RunResult result = EngineFixtures.engine(EngineFixtures.app().build()).build().run(flow, password());

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.datasets().get("greetings").rows()).extracting(r -> r.get("greeting"))
        .containsExactly("Welcome ann", "Welcome bo");
    assertThat(result.outputs()).containsEntry("outputs.last", "Welcome bo").containsEntry("steps.in.greeting", "Welcome bo");
    assertThat(result.steps()).extracting(StepResult::path).contains("steps[0].body[0].call.steps[0]",
        "steps[0].body[0].call.steps[4]", "steps[0].body[0]");
    assertThat(result.steps()).filteredOn(s -> s.path().equals("steps[0].body[0].call.steps[1]"))
        .extracting(s -> s.iteration().orElse("")).containsExactly("0", "1");
    assertThat(result.toJson()).doesNotContain(SECRET);
  }

  @Test
  void should_find_a_called_flow_in_the_library_directory_read_when_the_run_starts() throws Exception {
    Files.writeString(dir.resolve("login.flow.json"), FlowJson.write(login()));
    Files.writeString(dir.resolve("broken.flow.json"), "{not json");
    Flow flow = Flow.named("caller").credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .call("login", row("USER", "cy"), "greeting").id("in")
        .assertThat(varEquals("${steps.in.greeting}", "Welcome cy"))
        .build();
    FlowEngine engine = EngineFixtures.engine(EngineFixtures.app().build()).flowLibrary(FlowLibrary.directory(dir)).build();

    RunResult found = engine.run(flow, password());
    RunResult withoutLibrary = EngineFixtures.engine(EngineFixtures.app().build()).build().run(flow, password());

    assertThat(found.errorMessage()).isEmpty();
    assertThat(withoutLibrary.errorCode()).hasValue(ErrorCode.INVALID_FLOW);
    assertThat(withoutLibrary.errorMessage().orElseThrow()).contains("login", "neither a subflow", "flowLibrary", "--flows");
    assertThat(withoutLibrary.steps()).isEmpty();
  }

  @Test
  void should_run_an_approved_flow_only_when_the_library_flows_it_calls_are_approved_in_their_revision() {
    Flow caller = Flow.named("caller").credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .call("login", row("USER", "cy"), "greeting").id("in").build();
    Flow changedLogin = Flow.named("login").input("USER").credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .open(APP + "/login").fill(testId("user"), "${credential.PASSWORD}").output("greeting", "${USER}").build();
    io.browserflow.engine.review.Approvals approvals = io.browserflow.engine.review.Approvals.create();
    approvals.approve(io.browserflow.engine.review.FlowReview.of(caller));

    RunResult calleeNeverApproved = EngineFixtures.engine(EngineFixtures.app().build()).requireApproval(approvals)
        .flowLibrary(FlowLibrary.of(login())).build().run(caller, password());
    approvals.approve(io.browserflow.engine.review.FlowReview.of(login()));
    RunResult bothApproved = EngineFixtures.engine(EngineFixtures.app().build()).requireApproval(approvals)
        .flowLibrary(FlowLibrary.of(login())).build().run(caller, password());
    // the library's login is swapped after approval for one that types the password where anyone can read it
    RunResult calleeChanged = EngineFixtures.engine(EngineFixtures.app().build()).requireApproval(approvals)
        .flowLibrary(FlowLibrary.of(changedLogin)).build().run(caller, password());

    assertThat(calleeNeverApproved.errorCode()).hasValue(ErrorCode.REVIEW_REQUIRED);
    assertThat(calleeNeverApproved.errorMessage().orElseThrow()).contains("calls library flow login", "never approved");
    assertThat(calleeNeverApproved.steps()).isEmpty();
    assertThat(bothApproved.status()).as(String.valueOf(bothApproved.errorMessage())).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(calleeChanged.errorCode()).hasValue(ErrorCode.REVIEW_REQUIRED);
    assertThat(calleeChanged.errorMessage().orElseThrow()).contains("login", "changed since its approval");
    assertThat(calleeChanged.steps()).isEmpty();
  }

  @Test
  void should_refuse_library_flows_calling_each_other_and_count_their_steps_towards_the_limit() {
    Flow ping = Flow.named("ping").call("pong", Map.of()).build();
    Flow pong = Flow.named("pong").open(APP + "/home").call("ping", Map.of()).build();
    Flow many = Flow.named("many").repeat(1, r -> r.open(APP + "/home").open(APP + "/home").open(APP + "/home")).build();
    FlowLibrary library = FlowLibrary.of(ping, pong, many);

    RunResult circle = EngineFixtures.engine(EngineFixtures.app().build()).flowLibrary(library).build()
        .run(Flow.named("start").call("ping", Map.of()).build(), Inputs.empty());
    RunResult tooMany = EngineFixtures.engine(EngineFixtures.app().build()).flowLibrary(library)
        .limits(FlowLimits.builder().maxSteps(6).build()).build()
        .run(Flow.named("twice").call("many", Map.of()).call("many", Map.of()).build(), Inputs.empty());

    assertThat(circle.errorCode()).hasValue(ErrorCode.INVALID_FLOW);
    assertThat(circle.errorMessage().orElseThrow()).contains("ping → pong → ping");
    assertThat(tooMany.errorCode()).hasValue(ErrorCode.LIMIT_EXCEEDED);
    assertThat(tooMany.errorMessage().orElseThrow()).contains("10 steps", "limit of 6");
  }

  @Test
  void should_need_the_called_flows_capabilities_allowed_and_refuse_a_missing_credential() {
    Flow api = Flow.named("api").capabilities(Capability.HTTP_REQUEST).http("GET", APP + "/api/x").anyStatus().build();
    Flow caller = Flow.named("caller").call("api", Map.of()).build();
    Flow noPassword = Flow.named("no password").call("login", row("USER", "dee")).build();
    FlowLibrary library = FlowLibrary.of(api, login());
    FlowEngine engine = EngineFixtures.engine(EngineFixtures.app().build()).flowLibrary(library).build();

    RunResult denied = engine.run(caller, Inputs.empty());
    RunResult allowed = engine.run(caller, Inputs.empty(), RunOptions.builder().allow(Capability.HTTP_REQUEST).build());
    RunResult missing = engine.run(noPassword, Inputs.empty());

    assertThat(denied.errorCode()).hasValue(ErrorCode.CAPABILITY_DENIED);
    assertThat(denied.errorMessage().orElseThrow()).contains("http.request");
    assertThat(allowed.errorMessage()).isEmpty();
    assertThat(allowed.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(missing.errorCode()).hasValue(ErrorCode.INPUT_MISSING);
    assertThat(missing.errorMessage().orElseThrow()).contains("credential PASSWORD", "of the same key");
  }
}
