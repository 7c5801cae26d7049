package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A hand-written Selenium IDE project replayed against a local page, checked by the page's own event log. */
@Tag("browser")
class SideReplayTest {
  private static final String PASSWORD = "s3cret-Pa55";

  @RegisterExtension
  static final ReplaySite SITE = ReplaySite.directory("/formats/side/site");

  @Test
  void should_replay_the_recorded_checkout_as_the_page_logs_it() throws Exception {
    Path side = Path.of(SideReplayTest.class.getResource("/formats/side/shop.side").toURI());
    Conversion<Flow> c = new SideCodec().read(Files.readString(side, StandardCharsets.UTF_8), "shop.side");
    assertThat(c.blockingIssues()).isEmpty();
    assertThat(c.value().credential("PASSWORD")).isPresent();
    assertThat(FlowJson.write(c.value())).doesNotContain(PASSWORD);
    // the page's event log, read after the recorded commands
    Flow flow = Flow.builder().from(c.value())
        .addSteps(DataStep.Read.builder().id("log").target(Target.of(Candidate.css("#log"))).build()).build();

    RunResult r;
    try (FlowEngine engine = FlowEngine.builder().driver(SITE.driver()).build()) {
      r = engine.run(flow, Inputs.builder().input("BASE_URL", SITE.site().url()).credential("PASSWORD", PASSWORD).build(),
          RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());
    }

    assertThat(r.succeeded()).as(r.toJson()).isTrue();
    assertThat(r.outputs().get("steps.log.text")).isEqualTo(String.join(" | ", "name=Ada", "password set",
        "size=l", "agree=true", "add", "add", "add", "bonus", "search=shoes", "hover", "dblclick", "pay",
        "terms opened", "script 3", "finish"));
    // the renamed button was found by the recorded css alternative
    StepResult add = r.steps().stream().filter(s -> s.stepId().equals(clickAddId(c.value()))).findFirst().orElseThrow();
    assertThat(add.winner()).hasValue(1);
    assertThat(r.toJson()).doesNotContain(PASSWORD);
  }

  private static String clickAddId(Flow flow) {
    return flow.steps().stream().filter(s -> s.title().orElse("").startsWith("The id changed")).findFirst()
        .orElseThrow().id();
  }
}
