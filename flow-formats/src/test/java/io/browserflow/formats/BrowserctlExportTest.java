package io.browserflow.formats;

import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.defaultValue;
import static io.browserflow.api.dsl.Dsl.described;
import static io.browserflow.api.dsl.Dsl.hidden;
import static io.browserflow.api.dsl.Dsl.label;
import static io.browserflow.api.dsl.Dsl.placeholder;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.secret;
import static io.browserflow.api.dsl.Dsl.tableRows;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.text;
import static io.browserflow.api.dsl.Dsl.textPresent;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.dsl.Dsl.visible;
import static io.browserflow.api.dsl.Dsl.xpath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** Export of flows to browserctl-flow.json: the command rules of the format, issues by code and path, secrets. */
class BrowserctlExportTest {
  private final BrowserctlCodec codec = new BrowserctlCodec();

  private Conversion<String> write(Flow flow) {
    return codec.write(flow);
  }

  private static JsonNode json(Conversion<String> c) {
    return Json.parse(c.value(), "out");
  }

  /** The argv of every command. */
  /** The path and severity of each {@code UNSUPPORTED_STEP} issue, in order. */
  private static List<Tuple> unsupportedSteps(Conversion<String> c) {
    return c.issues().stream().filter(i -> i.code() == ConversionCode.UNSUPPORTED_STEP)
        .map(i -> tuple(i.path(), i.severity())).toList();
  }

  private static List<List<String>> argv(Conversion<String> c) {
    List<List<String>> all = new ArrayList<>();
    for (JsonNode cmd : json(c).path("commands")) {
      List<String> words = new ArrayList<>();
      cmd.path("argv").forEach(w -> words.add(w.asText()));
      all.add(words);
    }
    return all;
  }

  @Test
  void should_write_the_files_header_declarations_and_quality() {
    Flow flow = Flow.named("电表重新关联").flowId("meter-rebind").description("按设备 ID 重新关联。")
        .credential(Credential.builder().key("BASE_URL").label("系统登录地址").type(Credential.Type.URL).build())
        .credential("PASSWORD", secret())
        .input("DEVICE_ID", defaultValue("100"), described("设备 ID"))
        .open("${credential.BASE_URL}/#/login")
        .fill(placeholder("密码"), "${credential.PASSWORD}")
        .fill(placeholder("设备ID"), "${DEVICE_ID}")
        .build();
    Conversion<String> c = write(flow);
    JsonNode root = json(c);
    assertThat(root.path("schemaVersion").asText()).isEqualTo("1.0.0");
    assertThat(root.path("kind").asText()).isEqualTo("browserctl-flow");
    assertThat(root.path("metadata").path("name").asText()).isEqualTo("meter-rebind");
    assertThat(root.path("metadata").path("title").asText()).isEqualTo("电表重新关联");
    assertThat(root.path("business").path("description").asText()).isEqualTo("按设备 ID 重新关联。");
    assertThat(root.path("credentials").get(0).path("type").asText()).isEqualTo("url");
    assertThat(root.path("credentials").get(1).path("secret").asBoolean()).isTrue();
    assertThat(root.path("inputs").get(0).path("defaultValue").asText()).isEqualTo("100");
    assertThat(argv(c)).containsExactly(List.of("open", "${BASE_URL}/#/login"),
        List.of("find", "placeholder", "密码", "fill", "${PASSWORD}", "--exact"),
        List.of("find", "placeholder", "设备ID", "fill", "${DEVICE_ID}", "--exact"));
    assertThat(root.path("commands").get(0).path("id").asText()).isEqualTo(flow.steps().get(0).id());
    assertThat(root.path("commands").get(0).path("preview").asText()).isEqualTo("open \"${BASE_URL}/#/login\"");
    assertThat(root.path("quality").path("status").asText()).isEqualTo(c.quality().jsonName());
    assertThat(c.stepsRead()).isEqualTo(3);
    assertThat(c.stepsMapped()).isEqualTo(3);
  }

  @Test
  void should_write_a_navigating_click_as_click_and_wait_url() {
    Flow flow = Flow.named("login").open("https://a.test/login")
        .click(testId("login")).expect(urlMatches("https://a.test/#/*"), visible(css("#menu"))).timeoutMs(12000)
        .build();
    Conversion<String> c = write(flow);
    assertThat(argv(c)).containsExactly(List.of("open", "https://a.test/login"),
        List.of("click", "[data-testid=\"login\"]"),
        List.of("wait", "--url", "https://a.test/#/*", "--timeout", "12000"),
        List.of("wait", "--selector", "#menu", "--timeout", "12000"));
    JsonNode cmds = json(c).path("commands");
    assertThat(cmds.get(2).path("sourceStepId").asText()).isEqualTo(flow.steps().get(1).id());
    assertThat(argv(c)).noneMatch(a -> a.get(0).equals("navigate"));
  }

  @Test
  void should_write_frames_as_frame_commands_without_runtime_ids() {
    Flow flow = Flow.named("frames").open("https://a.test")
        .frame("[role=\"dialog\"] iframe").timeoutMs(8000)
        .click(testId("save"))
        .frameMain()
        .click(css("#pay").inFrame("iframe#card"))
        .build();
    Conversion<String> c = write(flow);
    assertThat(argv(c)).containsExactly(List.of("open", "https://a.test"),
        List.of("frame", "[role=\"dialog\"] iframe", "--timeout", "8000"),
        List.of("click", "[data-testid=\"save\"]"), List.of("frame", "main"),
        List.of("frame", "iframe#card"), List.of("click", "#pay"), List.of("frame", "main"));
    assertThat(c.value()).doesNotContain("${FRAME_");
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .contains(tuple(ConversionCode.FRAME_PATH_AS_COMMANDS, "steps[4].target.framePath"));
  }

  @Test
  void should_block_a_nested_frame() {
    Flow flow = Flow.named("nested").open("https://a.test").frame("#outer").frame("#inner").build();
    Conversion<String> c = write(flow);
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.FRAME_UNRESOLVED, "steps[2]"));
    assertThat(json(c).path("quality").path("status").asText()).isEqualTo("blocked");
    assertThat(json(c).path("quality").path("blockingIssues").get(0).path("code").asText()).isEqualTo("FRAME_UNRESOLVED");
  }

  @Test
  void should_write_tabs_with_capture_bindings() {
    Flow flow = Flow.named("tabs").open("https://a.test")
        .click(css("#open-detail")).newTab("detail")
        .tabSwitch("detail")
        .tabClose("detail")
        .tabSwitch("main")
        .tabNew("docs", "https://a.test/docs")
        .tabClose()
        .build();
    Conversion<String> c = write(flow);
    assertThat(argv(c)).containsExactly(List.of("tab"), List.of("open", "https://a.test"),
        List.of("click", "#open-detail", "--new-tab"), List.of("tab", "${detail}"), List.of("tab", "close", "${detail}"),
        List.of("tab", "${main}"), List.of("tab", "new", "https://a.test/docs"), List.of("tab", "${docs}"),
        List.of("tab", "close"));
    JsonNode cmds = json(c).path("commands");
    assertThat(cmds.get(0).path("capture").path("automationTabId").asText()).isEqualTo("main");
    assertThat(cmds.get(2).path("capture").path("tabId").asText()).isEqualTo("detail");
    assertThat(cmds.get(6).path("capture").path("tabId").asText()).isEqualTo("docs");
  }

  @Test
  void should_use_find_for_semantic_candidates_and_css_for_the_rest() {
    Flow flow = Flow.named("find").open("https://a.test")
        .click(role("button", "Save"))
        .click(text("查询"))
        .fill(label("Email"), "a@b.test")
        .press(placeholder("搜索"), "Enter")
        .click(xpath("//button").or(Target.of(Candidate.id("go"))))
        .build();
    Conversion<String> c = write(flow);
    assertThat(argv(c).subList(1, 6)).containsExactly(
        List.of("find", "role", "button", "click", "--name", "Save", "--exact"),
        List.of("find", "text", "查询", "click", "--exact"),
        List.of("find", "label", "Email", "fill", "a@b.test", "--exact"),
        List.of("press", "Enter", "[placeholder=\"搜索\"]"),
        List.of("click", "[id=\"go\"]"));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .contains(tuple(ConversionCode.CANDIDATE_SUBSTITUTED, "steps[5].target.candidates[1]"),
            tuple(ConversionCode.CANDIDATES_DROPPED, "steps[5].target"));
  }

  @Test
  void should_block_a_target_no_candidate_of_which_browserctl_can_express() {
    Flow flow = Flow.named("x").open("https://a.test").scrollIntoView(text("Footer")).build();
    Conversion<String> c = write(flow);
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.TARGET_UNRESOLVED, "steps[1].target"));
  }

  @Test
  void should_list_steps_without_equivalent_as_issues_at_their_path() {
    Flow flow = Flow.named("loops").open("https://a.test")
        .table(List.of("q"), List.of(List.of("a")))
        .foreach(tableRows(), body -> body.fill(css("#q"), "${loop.row.q}"))
        .ifThen(Condition.Url.of("**/x"), then -> then.click(css("#x")))
        .scrape(css("table"), Step.ScrapeMode.TABLE)
        .setVar("n", "1")
        .manual("solve the captcha")
        .viewport(800, 600)
        .contextmenu(css("#row"))
        .build();
    Conversion<String> c = write(flow);
    assertThat(unsupportedSteps(c)).containsExactly(tuple("steps[1]", ConversionIssue.Severity.BLOCKING),
        tuple("steps[2]", ConversionIssue.Severity.BLOCKING), tuple("steps[3]", ConversionIssue.Severity.BLOCKING),
        tuple("steps[4]", ConversionIssue.Severity.BLOCKING), tuple("steps[5]", ConversionIssue.Severity.BLOCKING),
        tuple("steps[6]", ConversionIssue.Severity.WARNING), tuple("steps[7]", ConversionIssue.Severity.BLOCKING));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .contains(tuple(ConversionCode.FIELD_DROPPED, "table"));
    assertThat(argv(c)).containsExactly(List.of("open", "https://a.test"));
    assertThat(c.stepsRead()).isEqualTo(10);
    assertThat(c.stepsMapped()).isEqualTo(1);
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
  }

  @Test
  void should_leave_network_emulation_out_blocking_only_offline() {
    Flow flow = Flow.named("network").open("https://a.test")
        .throttle(50_000, 20_000, 40)
        .offline()
        .online()
        .click(css("#go"))
        .build();
    Conversion<String> c = write(flow);
    assertThat(unsupportedSteps(c)).containsExactly(tuple("steps[1]", ConversionIssue.Severity.WARNING),
        tuple("steps[2]", ConversionIssue.Severity.BLOCKING), tuple("steps[3]", ConversionIssue.Severity.WARNING));
    assertThat(c.issues()).filteredOn(i -> i.path().equals("steps[2]")).singleElement()
        .satisfies(i -> assertThat(i.message()).contains("emulateNetwork", "real network"));
    assertThat(argv(c)).hasSize(2);
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
  }

  @Test
  void should_write_waits_scrolls_reads_and_eval() {
    Flow flow = Flow.named("misc").capabilities(Capability.SCRIPT_EVAL).open("https://a.test")
        .waitMs(500)
        .waitFor(textPresent("Saved")).timeoutMs(4000)
        .waitFor(hidden(css(".spinner")))
        .waitFor(Condition.Load.of(Condition.LoadState.NETWORKIDLE))
        .assertThat(urlMatches("**/done"))
        .scrollBy(0, 400)
        .scrollBy(css("#list"), 0, -50)
        .scrollTo(0, 0)
        .scrollTo(0, 300)
        .scrollIntoView(css("#row-9"))
        .read(css("#total")).id("total")
        .eval("document.title").id("title")
        .fill(css("#echo"), "${steps.total.text}")
        .select(css("#size"), "M")
        .check(css("#gift")).uncheck(css("#news")).hover(css(".menu")).dblclick(css("#row"))
        .press("Control+a")
        .screenshot("after.png")
        .build();
    Conversion<String> c = write(flow);
    assertThat(argv(c).subList(1, argv(c).size())).containsExactly(
        List.of("wait", "--ms", "500"),
        List.of("wait", "--text", "Saved", "--timeout", "4000"),
        List.of("wait", "--selector", ".spinner", "--state", "hidden"),
        List.of("wait", "--load", "networkidle"),
        List.of("wait", "--url", "**/done"),
        List.of("scroll", "--by", "400"),
        List.of("scroll", "#list", "--by", "-50"),
        List.of("scroll", "--to", "top"),
        List.of("eval", "window.scrollTo(0, 300)"),
        List.of("scrollintoview", "#row-9"),
        List.of("get", "text", "#total"),
        List.of("eval", "document.title"),
        List.of("fill", "#echo", "${total_text}"),
        List.of("select", "#size", "M"),
        List.of("check", "#gift"), List.of("uncheck", "#news"), List.of("hover", ".menu"), List.of("dblclick", "#row"),
        List.of("press", "a", "--ctrl"),
        List.of("screenshot", "after.png"));
    JsonNode cmds = json(c).path("commands");
    assertThat(cmds.get(11).path("capture").path("text").asText()).isEqualTo("total_text");
    assertThat(cmds.get(12).path("capture").path("result").asText()).isEqualTo("title_result");
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .contains(tuple(ConversionCode.APPROXIMATED, "steps[5]"), tuple(ConversionCode.SCROLL_FALLBACK_TO_EVAL, "steps[9]"),
            tuple(ConversionCode.EVAL_USED, "steps[12]"), tuple(ConversionCode.FIELD_DROPPED, "policy"));
  }

  @Test
  void should_report_what_a_click_loses() {
    Flow flow = Flow.named("c").open("https://a.test")
        .click(css("#a")).holding("Shift").at(3, 4).retry(2).continueOnError()
        .click(css("#b")).timeoutMs(5000)
        .build();
    Conversion<String> c = write(flow);
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
        .contains(tuple(ConversionCode.UNSUPPORTED_OPTION, "steps[1].modifiers", ConversionIssue.Severity.WARNING),
            tuple(ConversionCode.UNSUPPORTED_OPTION, "steps[1].offset", ConversionIssue.Severity.WARNING),
            tuple(ConversionCode.UNSUPPORTED_OPTION, "steps[1].retry", ConversionIssue.Severity.INFO),
            tuple(ConversionCode.UNSUPPORTED_OPTION, "steps[1].onError", ConversionIssue.Severity.WARNING),
            tuple(ConversionCode.UNSUPPORTED_OPTION, "steps[2].timeoutMs", ConversionIssue.Severity.INFO));
    JsonNode warnings = json(c).path("warnings");
    assertThat(warnings).anySatisfy(w -> {
      assertThat(w.path("code").asText()).isEqualTo("UNSUPPORTED_OPTION");
      assertThat(w.path("commandId").asText()).isEqualTo(flow.steps().get(1).id());
      assertThat(w.path("severity").asText()).isEqualTo("warning");
    });
  }

  @Test
  void should_never_write_a_secret_typed_value() {
    String password = "S3cret-Passw0rd!";
    Flow flow = Flow.named("leak").open("https://a.test/login")
        .fill(placeholder("Password").or(css("input[type=password]")), password)
        .fill(css("#user"), "ada")
        .build();
    Conversion<String> c = write(flow);
    assertThat(c.value()).doesNotContain(password).doesNotContain("S3cret");
    assertThat(c.report()).doesNotContain(password);
    assertThat(argv(c).get(1)).containsExactly("find", "placeholder", "Password", "fill", "${PASSWORD}", "--exact");
    JsonNode cred = json(c).path("credentials").get(0);
    assertThat(cred.path("key").asText()).isEqualTo("PASSWORD");
    assertThat(cred.path("secret").asBoolean()).isTrue();
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
        .contains(tuple(ConversionCode.SENSITIVE_VALUE, "steps[1].value", ConversionIssue.Severity.WARNING));
    assertThat(new BrowserctlTextCodec().write(flow).value()).doesNotContain(password);
  }

  @Test
  void should_leave_out_a_step_whose_secret_cannot_be_a_credential() {
    String token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
    Flow flow = Flow.named("jwt").capabilities(Capability.SCRIPT_EVAL).open("https://a.test")
        .eval("localStorage.setItem('t', '" + token + "')")
        .build();
    Conversion<String> c = write(flow);
    assertThat(c.value()).doesNotContain(token).doesNotContain("eyJhbGci");
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.SECRET_POLICY_VIOLATION, "steps[1]"));
  }

  @Test
  void should_block_references_browserctl_cannot_carry() {
    Flow flow = Flow.named("vars").open("https://a.test").setVar("n", "1").fill(css("#a"), "${vars.n}").build();
    Conversion<String> c = write(flow);
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .contains(tuple(ConversionCode.BINDING_UNRESOLVED, "steps[2]"));
  }

  @Test
  void should_skip_disabled_steps_with_an_info() {
    Flow flow = Flow.named("d").open("https://a.test").click(css("#x")).disabled().build();
    Conversion<String> c = write(flow);
    assertThat(argv(c)).containsExactly(List.of("open", "https://a.test"));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .contains(tuple(ConversionCode.STEP_DISABLED, "steps[1]"));
  }
}
