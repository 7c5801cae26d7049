package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.testkit.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.engine.Caller;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A refused run says what its caller can change: the Java API its methods, the command line its
 * flags and environment variables, the JUnit extension its attributes and configuration keys, and
 * never another caller's words.
 */
class EngineRemediesTest {
  private final FlowEngine engine = EngineFixtures.engine(EngineFixtures.app().build()).build();

  /** Words only one caller's messages may hold. */
  private static final Map<Caller, List<String>> OWN_WORDS = Map.of(
      Caller.API, List.of("builder()"),
      Caller.CLI, List.of("--"),
      Caller.JUNIT, List.of("@FlowTest", "browserflow."),
      Caller.MCP, List.of("browserflow mcp", "the tool", "MCP"));

  private String refusal(Flow flow, Inputs inputs, RunOptions.Builder options, Caller caller, ErrorCode code) {
    RunResult r = engine.run(flow, inputs, options.caller(caller).build());
    assertThat(r.errorCode()).hasValue(code);
    String message = r.errorMessage().orElseThrow();
    OWN_WORDS.forEach((other, words) -> {
      // the MCP server is started from the command line, so its remedies may name that command's flags
      if (other != caller && !(caller == Caller.MCP && other == Caller.CLI)) {
        assertThat(message).as("%s message holds no %s words", caller, other).doesNotContain(words);
      }
    });
    return message;
  }

  @ParameterizedTest
  @EnumSource(Caller.class)
  void should_say_how_to_allow_a_capability(Caller caller) {
    Flow flow = Flow.named("eval").capabilities(Capability.SCRIPT_EVAL).open(APP + "/home").eval("1 + 1").build();

    String m = refusal(flow, Inputs.empty(), RunOptions.builder(), caller, ErrorCode.CAPABILITY_DENIED);

    assertThat(m).contains(switch (caller) {
      case API -> "RunOptions.builder().allow(Capability.SCRIPT_EVAL)";
      case CLI -> "--allow eval";
      case JUNIT -> "@FlowTest(allow = \"script.eval\") or the configuration parameter browserflow.allow=script.eval";
      case MCP -> "declare script.eval in the flow's policy.capabilities and approve the flow again";
    });
  }

  @ParameterizedTest
  @EnumSource(Caller.class)
  void should_say_how_to_supply_missing_inputs_and_credentials(Caller caller) {
    Flow flow = Flow.named("inputs").input("COUNT").credential("PASSWORD", secret())
        .open(APP + "/home").fill(testId("device"), "${COUNT}").build();

    String m = refusal(flow, Inputs.empty(), RunOptions.builder(), caller, ErrorCode.INPUT_MISSING);

    assertThat(m).contains("input COUNT", "credential PASSWORD");
    switch (caller) {
      case API -> assertThat(m).contains("Inputs.builder().input(\"COUNT\", ...).credential(\"PASSWORD\", ...)");
      case CLI -> assertThat(m).contains("--input COUNT=VALUE", "--credential PASSWORD=VALUE",
          "BROWSERFLOW_CREDENTIAL_PASSWORD in the environment with --credentials-env");
      case JUNIT -> assertThat(m).contains("@FlowTest(inputs = \"COUNT=value\")", "browserflow.input.COUNT",
          "BROWSERFLOW_INPUT_COUNT", "browserflow.credential.PASSWORD", "BROWSERFLOW_CREDENTIAL_PASSWORD");
      case MCP -> assertThat(m).contains("pass COUNT as arguments of the tool",
          "start browserflow mcp with BROWSERFLOW_CREDENTIAL_PASSWORD set or PASSWORD in its --credentials FILE");
    }
  }

  @ParameterizedTest
  @EnumSource(Caller.class)
  void should_say_how_to_allow_an_origin(Caller caller) {
    Flow flow = Flow.named("origins").open(APP + "/home").click(testId("external")).build();

    String m = refusal(flow, Inputs.empty(), RunOptions.builder(), caller, ErrorCode.ORIGIN_DENIED);

    assertThat(m).contains("policy.allowedOrigins", switch (caller) {
      case API -> "RunOptions.builder().addAllowOrigins(\"http://elsewhere.test\")";
      case CLI -> "--allow-origin http://elsewhere.test";
      case JUNIT -> "@FlowTest(allowOrigins = \"http://elsewhere.test\") or the configuration parameter browserflow.allowOrigins";
      case MCP -> "approve the flow again (`browserflow review FLOW_FILE --approve`): the MCP server opens only";
    });
  }

  @ParameterizedTest
  @EnumSource(Caller.class)
  void should_say_how_to_add_an_upload_root(Caller caller) {
    Flow flow = Flow.named("upload").capabilities(Capability.FILE_UPLOAD).open(APP + "/home")
        .upload(testId("device"), "/etc/hostname").build();

    String m = refusal(flow, Inputs.empty(), RunOptions.builder().allow(Capability.FILE_UPLOAD), caller,
        ErrorCode.CAPABILITY_DENIED);

    assertThat(m).contains("/etc/hostname", switch (caller) {
      case API -> "FlowEngine.builder().uploadRoots(...)";
      case CLI -> "--upload-root DIR";
      case JUNIT -> "@FlowTest(uploadRoots = \"...\") or the configuration parameter browserflow.uploadRoots";
      case MCP -> "the MCP server reads uploads from no folder; run the flow with browserflow run --upload-root DIR";
    });
  }
}
