package io.browserflow.formats;

import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.placeholder;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.testId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hand-written browserctl recordings (src/test/resources/formats/browserctl) imported and replayed
 * against local pages; the pages keep their own event log ({@code <pre id="log">}), read at the end.
 * One browser for the class.
 */
@Tag("browser")
class BrowserctlReplayTest {
  private static final String PASSWORD = "pw-123";
  @RegisterExtension
  static final ReplaySite SITE = ReplaySite.classpath("formats/browserctl/site");

  private static String resource(String name) throws IOException {
    try (InputStream in = BrowserctlReplayTest.class.getClassLoader().getResourceAsStream("formats/browserctl/" + name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The flow with a last step reading the page's event log (one entry a line; read text has blanks collapsed). */
  private static Flow readingLog(Flow flow) {
    return Flow.builder().from(flow)
        .addSteps(DataStep.Read.builder().id("log").target(Target.of(Candidate.css("#log"))).build()).build();
  }

  private static RunResult run(Flow flow, Inputs inputs, RunOptions options) {
    try (FlowEngine engine = FlowEngine.builder().driver(SITE.driver()).build()) {
      return engine.run(readingLog(flow), inputs, options);
    }
  }

  @Test
  void should_replay_the_json_recording_through_login_iframe_and_tab() throws IOException {
    Conversion<Flow> c = new BrowserctlCodec().read(resource("shop-order.browserctl-flow.json"), "shop-order.browserctl-flow.json");
    assertThat(c.quality()).as(c.report()).isEqualTo(Quality.READY);
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.FIELD_DROPPED, "credentials[0]"), tuple(ConversionCode.WAIT_AS_EXPECT, "commands[5]"));

    RunResult r = run(c.value(), Inputs.builder().credential("SHOP_BASE_URL", SITE.site().url())
        .credential("SHOP_USERNAME", "ada").credential("SHOP_PASSWORD", PASSWORD).build(), RunOptions.defaults());

    assertThat(r.succeeded()).as(r.toJson()).isTrue();
    assertThat(r.outputs().get("steps.log.text")).isEqualTo(String.join(" ",
        "login:ada", "search=shoes", "enter", "size=M", "gift=true", "news=false", "query", "pay=4111",
        "detail confirmed"));
    assertThat(r.toJson()).doesNotContain(PASSWORD);
  }

  @Test
  void should_replay_the_text_recording_with_find_keys_pointer_scroll_and_eval() throws IOException {
    Conversion<Flow> c = new BrowserctlTextCodec().read(resource("shop-browse.browserctl"), "shop-browse.browserctl");
    assertThat(c.blockingIssues()).as(c.report()).isEmpty();
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.EVAL_USED, "line 22"), tuple(ConversionCode.EVAL_USED, "line 21"), tuple(ConversionCode.EVAL_USED, "line 23"));
    assertThat(c.value().name()).isEqualTo("Shop browse");

    RunResult r = run(c.value(), Inputs.builder().credential("SHOP_BASE_URL", SITE.site().url()).build(),
        RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());

    assertThat(r.succeeded()).as(r.toJson()).isTrue();
    assertThat(r.outputs().get("steps.log.text")).isEqualTo(String.join(" ",
        "note=gift wrap", "note=gift wrap!", "ctrl+a", "hover", "dblclick", "eval:Shop", "query"));
  }

  @Test
  void should_replay_a_flow_exported_to_browserctl_and_read_back() {
    Flow flow = Flow.named("export replay")
        .credential("SHOP_BASE_URL")
        .open("${credential.SHOP_BASE_URL}/app.html#/home")
        .fill(placeholder("搜索"), "boots")
        .select(css("#size"), "L")
        .click(testId("open-pay"))
        .frame("[role=\"dialog\"] iframe")
        .fill(css("#card"), "5500")
        .click(role("button", "Pay now"))
        .frameMain()
        .build();
    Conversion<String> out = new BrowserctlCodec().write(flow);
    Flow back = new BrowserctlCodec().read(out.value(), "export.browserctl-flow.json").value();

    RunResult r = run(back, Inputs.builder().credential("SHOP_BASE_URL", SITE.site().url()).build(), RunOptions.defaults());

    assertThat(r.succeeded()).as(r.toJson()).isTrue();
    assertThat(r.outputs().get("steps.log.text")).isEqualTo("search=boots size=L pay=5500");
  }
}
