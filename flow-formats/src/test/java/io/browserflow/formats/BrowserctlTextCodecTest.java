package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The .browserctl text: header comments, shell-like quoting, issue and capture comments, detection. */
class BrowserctlTextCodecTest {
  private final BrowserctlTextCodec codec = new BrowserctlTextCodec();

  /** The seed's example file, verbatim. */
  static final String METER_REBIND = String.join("\n",
      "# browserctl-recording: 1.0",
      "# name: meter-rebind",
      "# source: browser-extension-recorder",
      "#",
      "# credentials:",
      "# - METER_REBIND_BASE_URL url secret=false",
      "# - METER_REBIND_USERNAME username secret=false",
      "# - METER_REBIND_PASSWORD password secret=true",
      "#",
      "# business-inputs:",
      "# - DEVICE_ID default=1000000150601081283 help=\"设备 ID\"",
      "open \"${METER_REBIND_BASE_URL}\"",
      "wait --load domcontentloaded --timeout 10000",
      "fill \"[placeholder=\\\"用户名\\\"]\" \"${METER_REBIND_USERNAME}\"",
      "fill \"[placeholder=\\\"密码\\\"]\" \"${METER_REBIND_PASSWORD}\"",
      "click \"input.anniu.un_butt.buttonClass\"",
      "wait --url \"http://192.168.2.122:30264/#/*\" --timeout 12000",
      "fill \"[placeholder=\\\"设备ID\\\"]\" \"${DEVICE_ID}\"",
      "click \"button.el-button.el-button--primary\"",
      "");

  @Test
  void should_read_the_seed_example() {
    Conversion<Flow> c = codec.read(METER_REBIND, "meter-rebind.browserctl");
    Flow f = c.value();
    assertThat(f.id()).isEqualTo("meter-rebind");
    assertThat(f.meta().orElseThrow().source()).contains("browser-extension-recorder");
    assertThat(f.credentials()).containsExactly(
        Credential.builder().key("METER_REBIND_BASE_URL").type(Credential.Type.URL).secret(false).build(),
        Credential.builder().key("METER_REBIND_USERNAME").type(Credential.Type.USERNAME).secret(false).build(),
        Credential.builder().key("METER_REBIND_PASSWORD").type(Credential.Type.PASSWORD).secret(true).build());
    assertThat(f.inputs()).containsExactly(Input.builder().key("DEVICE_ID").label("设备 ID")
        .defaultValue("1000000150601081283").build());
    assertThat(f.steps()).containsExactly(
        PageStep.Open.builder().id("s1").url("${credential.METER_REBIND_BASE_URL}").build(),
        CheckStep.Wait.builder().id("s2").until(Condition.Load.of(Condition.LoadState.DOMCONTENTLOADED)).timeoutMs(10_000).build(),
        InteractionStep.Fill.builder().id("s3").target(Target.of(Candidate.css("[placeholder=\"用户名\"]")))
            .value("${credential.METER_REBIND_USERNAME}").build(),
        InteractionStep.Fill.builder().id("s4").target(Target.of(Candidate.css("[placeholder=\"密码\"]")))
            .value("${credential.METER_REBIND_PASSWORD}").build(),
        InteractionStep.Click.builder().id("s5").target(Target.of(Candidate.css("input.anniu.un_butt.buttonClass")))
            .addExpect(Condition.Url.of("http://192.168.2.122:30264/#/*")).timeoutMs(12_000).build(),
        InteractionStep.Fill.builder().id("s6").target(Target.of(Candidate.css("[placeholder=\"设备ID\"]"))).value("${input.DEVICE_ID}").build(),
        InteractionStep.Click.builder().id("s7").target(Target.of(Candidate.css("button.el-button.el-button--primary"))).build());
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.WAIT_AS_EXPECT, "line 17"));
    assertThat(c.stepsRead()).isEqualTo(8);
    assertThat(c.stepsMapped()).isEqualTo(8);
  }

  @Test
  void should_turn_warning_comments_into_issues_and_quality() {
    String text = "# browserctl-recording: 1.0\n# quality: blocked\n"
        + "open https://a.test\n"
        + "# warning: UNSTABLE_SELECTOR reason=\"selector uses nth-child\"\n"
        + "click \"body > div:nth-child(1)\"\n"
        + "# info: NOTE reason=fyi\n";
    Conversion<Flow> c = codec.read(text, "x.browserctl");
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
        .containsExactly(tuple(ConversionCode.UNSTABLE_SELECTOR, "line 4", ConversionIssue.Severity.WARNING),
            tuple(ConversionCode.SOURCE_ISSUE, "line 6", ConversionIssue.Severity.INFO),
            tuple(ConversionCode.QUALITY_BLOCKED, "line 2", ConversionIssue.Severity.BLOCKING));
    assertThat(c.issues().get(0).message()).isEqualTo("selector uses nth-child");
    assertThat(c.issues().get(1).message()).isEqualTo("NOTE: fyi");
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
  }

  @Test
  void should_parse_quoting_prefixes_continuations_and_captures() {
    String text = "browserctl open 'https://a.test/?q=a b'\n"
        + "fill #q \"say \\\"hi\\\"\\nbye\" \n"
        + "click \\\n  \"#long\" --new-tab\n"
        + "# capture: tabId=DETAIL\n"
        + "tab ${DETAIL}\n"
        + "type '#note' it\\'s\n";
    Conversion<Flow> c = codec.read(text, "x.browserctl");
    List<Step> s = c.value().steps();
    assertThat(((PageStep.Open) s.get(0)).url()).isEqualTo("https://a.test/?q=a b");
    assertThat(s.get(1)).isEqualTo(InteractionStep.Fill.builder().id("s2").target(Target.of(Candidate.css("#q")))
        .value("say \"hi\"\nbye").build());
    assertThat(((InteractionStep.Click) s.get(2)).newTab()).contains("DETAIL");
    assertThat(((PageStep.TabSwitch) s.get(3)).alias()).isEqualTo("DETAIL");
    assertThat(((InteractionStep.Type) s.get(4)).text()).isEqualTo("it's");
    assertThat(c.issues()).isEmpty();
  }

  @Test
  void should_block_an_unterminated_quote_at_its_line() {
    Conversion<Flow> c = codec.read("open https://a.test\nclick \"#a\n", "x.browserctl");
    assertThat(c.value().steps()).hasSize(1);
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.SYNTAX_ERROR, "line 2"));
  }

  @Test
  void should_write_the_header_and_one_command_per_line() {
    Flow flow = Flow.builder().id("meter-rebind").name("meter-rebind")
        .addCredentials(Credential.builder().key("BASE_URL").type(Credential.Type.URL).build(),
            Credential.builder().key("PASSWORD").type(Credential.Type.PASSWORD).build())
        .addInputs(Input.builder().key("DEVICE_ID").label("设备 ID").defaultValue("100").build())
        .addSteps(PageStep.Open.builder().id("s1").url("${credential.BASE_URL}").build(),
            InteractionStep.Fill.builder().id("s2").target(Target.of(Candidate.css("[placeholder=\"密码\"]")))
                .value("${credential.PASSWORD}").build(),
            InteractionStep.Click.builder().id("s3").target(Target.of(Candidate.css("input.anniu"))).timeoutMs(12_000)
                .addExpect(Condition.Url.of("http://h.test/#/*")).build())
        .build();
    String text = codec.write(flow).value();
    assertThat(text).startsWith("# browserctl-recording: 1.0\n")
        .contains("# name: meter-rebind\n", "# credentials:\n# - BASE_URL url secret=false\n# - PASSWORD password secret=true\n",
            "# business-inputs:\n# - DEVICE_ID default=\"100\" label=\"设备 ID\"\n")
        .contains("\nopen \"${BASE_URL}\"\nfill \"[placeholder=\\\"密码\\\"]\" \"${PASSWORD}\"\nclick \"input.anniu\"\n"
            + "wait --url \"http://h.test/#/*\" --timeout 12000\n");
    assertThat(codec.detects(text)).isTrue();
    assertThat(new BrowserctlCodec().detects(text)).isFalse();
  }

  @Test
  void should_say_when_a_wait_url_after_a_click_reads_back_as_its_expect() {
    Flow flow = Flow.builder().id("w").name("w")
        .addSteps(PageStep.Open.builder().id("s1").url("https://a.test").build(),
            InteractionStep.Click.builder().id("s2").target(Target.of(Candidate.css("#go"))).build(),
            CheckStep.Wait.builder().id("s3").until(Condition.Url.of("**/next")).build())
        .build();
    Conversion<String> out = codec.write(flow);
    assertThat(out.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.WAIT_AS_EXPECT, "steps[2]"));
    assertThat(codec.read(out.value(), "w.browserctl").value().steps()).extracting(Step::kind)
        .containsExactly(Step.Kind.OPEN, Step.Kind.CLICK);
    // the JSON keeps the wait a step of its own
    assertThat(new BrowserctlCodec().read(new BrowserctlCodec().write(flow).value(), "w.json").value().steps())
        .isEqualTo(flow.steps());
  }

  @Test
  void should_split_words_like_a_shell() {
    assertThat(ShellWords.split("fill  \"[a=\\\"b\\\"]\"  'x y'  z\\ w  \"\"")).containsExactly("fill", "[a=\"b\"]", "x y", "z w", "");
    assertThat(ShellWords.split("click #login")).containsExactly("click", "#login");
    assertThat(ShellWords.split("eval \"a\\\\nb\\d\"")).containsExactly("eval", "a\\nb\\d");
    assertThatThrownBy(() -> ShellWords.split("open 'x")).isInstanceOf(ShellWords.SyntaxException.class);
  }

  @Property
  void joined_words_split_back_and_stay_on_one_line(@ForAll List<String> argv) {
    String line = ShellWords.join(argv);
    assertThat(line).doesNotContainPattern("\\R");
    assertThat(ShellWords.split(line)).isEqualTo(argv);
  }
}
