package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Import of browserctl-flow.json: each command and option, placeholders, captures, the file's warnings and quality. */
class BrowserctlImportTest {
  private final BrowserctlCodec codec = new BrowserctlCodec();

  /** A file with the given declarations and command objects (JSON fragments). */
  private static String file(String declarations, String... commands) {
    return "{\"schemaVersion\":\"1.0.0\",\"kind\":\"browserctl-flow\",\"metadata\":{\"name\":\"t\"},"
        + (declarations.isEmpty() ? "" : declarations + ",")
        + "\"commands\":[" + String.join(",", commands) + "]}";
  }

  private static String cmd(String... argv) {
    return "{\"argv\":[" + List.of(argv).stream().map(BrowserctlImportTest::jsonString).collect(Collectors.joining(","))
        + "]}";
  }

  private static String jsonString(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private Conversion<Flow> read(String json) {
    Conversion<Flow> c = codec.read(json, "t.browserctl-flow.json");
    // every import must survive the native format
    assertThat(FlowJson.read(FlowJson.write(c.value()))).isEqualTo(c.value());
    return c;
  }

  private Step only(String... argv) {
    Conversion<Flow> c = read(file("", cmd(argv)));
    assertThat(c.value().steps()).hasSize(1);
    return c.value().steps().get(0);
  }

  /** The commands made no step, and the blocking issues are exactly {@code issues} (code, path). */
  private static void assertNoStepsBlockedBy(Conversion<Flow> c, Tuple... issues) {
    assertThat(c.value().steps()).isEmpty();
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path).containsExactly(issues);
  }

  private static Target css(String css) {
    return Target.of(Candidate.css(css));
  }

  @Nested
  class Pages {
    @Test
    void should_map_open_navigate_and_history() {
      Conversion<Flow> c = read(file("", cmd("open", "https://a.test/x", "--timeout", "5000"), cmd("navigate", "https://a.test/y"),
          cmd("back"), cmd("forward"), cmd("reload")));
      List<Step> s = c.value().steps();
      assertThat(s.get(0)).isEqualTo(PageStep.Open.builder().id("s1").url("https://a.test/x").timeoutMs(5000).build());
      assertThat(s.get(1)).isEqualTo(PageStep.Navigate.builder().id("s2").url("https://a.test/y").build());
      assertThat(s.subList(2, 5)).extracting(Step::kind).containsExactly(Step.Kind.BACK, Step.Kind.FORWARD, Step.Kind.RELOAD);
      assertThat(c.issues()).isEmpty();
      assertThat(c.stepsRead()).isEqualTo(5);
      assertThat(c.stepsMapped()).isEqualTo(5);
    }

    @Test
    void should_use_command_ids_as_step_ids_when_unique() {
      Conversion<Flow> c = read(file("", "{\"id\":\"cmd-001\",\"argv\":[\"open\",\"https://a.test\"]}",
          "{\"id\":\"cmd-001\",\"argv\":[\"reload\"]}", "{\"id\":\"bad id\",\"argv\":[\"reload\"]}"));
      assertThat(c.value().steps()).extracting(Step::id).containsExactly("cmd-001", "s1", "s2");
    }

    @Test
    void should_clamp_a_timeout_out_of_range_with_an_info() {
      Conversion<Flow> c = read(file("", cmd("open", "https://a.test", "--timeout", "60000")));
      assertThat(c.value().steps().get(0).timeoutMs()).hasValue(30_000);
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.VALUE_CLAMPED, "commands[0]"));
      assertThat(c.quality()).isEqualTo(Quality.READY);
    }

    @Test
    void should_block_a_command_without_its_url() {
      Conversion<Flow> c = read(file("", cmd("open")));
      assertNoStepsBlockedBy(c, tuple(ConversionCode.FIELD_MISSING, "commands[0]"));
    }
  }

  @Nested
  class Waits {
    @Test
    void should_map_each_wait_option() {
      Conversion<Flow> c = read(file("", cmd("wait", "--load", "domcontentloaded", "--timeout", "10000"),
          cmd("wait", "--selector", "#a"), cmd("wait", "--selector", "#b", "--state", "hidden"),
          cmd("wait", "--text", "Saved"), cmd("wait", "--ms", "500"), cmd("wait", "--url", "**/done"),
          cmd("wait", "--fn", "window.ready === true"), cmd("wait", "750")));
      List<Step> s = c.value().steps();
      assertThat(s.get(0)).isEqualTo(CheckStep.Wait.builder().id("s1")
          .until(Condition.Load.of(Condition.LoadState.DOMCONTENTLOADED)).timeoutMs(10_000).build());
      assertThat(((CheckStep.Wait) s.get(1)).until()).contains(Condition.Element.of(css("#a"), Condition.State.VISIBLE));
      assertThat(((CheckStep.Wait) s.get(2)).until()).contains(Condition.Element.of(css("#b"), Condition.State.HIDDEN));
      assertThat(((CheckStep.Wait) s.get(3)).until()).contains(Condition.Text.present("Saved"));
      assertThat(((CheckStep.Wait) s.get(4)).ms()).hasValue(500);
      assertThat(((CheckStep.Wait) s.get(5)).until()).contains(Condition.Url.of("**/done"));
      assertThat(((CheckStep.Wait) s.get(6)).until()).contains(Condition.Expression.of("window.ready === true"));
      assertThat(((CheckStep.Wait) s.get(7)).ms()).hasValue(750);
      assertThat(c.value().policy().orElseThrow().capabilities()).containsExactly(Capability.SCRIPT_EVAL);
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.EVAL_USED, "commands[6]"));
    }

    @Test
    void should_make_wait_url_after_a_click_the_clicks_expect() {
      Conversion<Flow> c = read(file("", cmd("click", "#login"),
          cmd("wait", "--url", "http://h.test/#/*", "--timeout", "12000")));
      assertThat(c.value().steps()).containsExactly(InteractionStep.Click.builder().id("s1").target(css("#login"))
          .addExpect(Condition.Url.of("http://h.test/#/*")).timeoutMs(12_000).build());
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
          .containsExactly(tuple(ConversionCode.WAIT_AS_EXPECT, "commands[1]", ConversionIssue.Severity.INFO));
      assertThat(c.stepsMapped()).isEqualTo(2);
    }

    @Test
    void should_keep_a_wait_the_file_attributes_to_another_step() {
      Conversion<Flow> c = read(file("", "{\"argv\":[\"click\",\"#a\"],\"sourceStepId\":\"c\"}",
          "{\"argv\":[\"wait\",\"--url\",\"**/x\"],\"sourceStepId\":\"w\"}"));
      assertThat(c.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.CLICK, Step.Kind.WAIT);
    }

    @Test
    void should_merge_any_wait_sharing_the_source_step() {
      Conversion<Flow> c = read(file("", "{\"id\":\"open\",\"argv\":[\"open\",\"https://a.test\"],\"sourceStepId\":\"open\"}",
          "{\"argv\":[\"wait\",\"--selector\",\"#ready\"],\"sourceStepId\":\"open\"}"));
      assertThat(c.value().steps()).containsExactly(PageStep.Open.builder().id("open").url("https://a.test")
          .addExpect(Condition.Element.of(css("#ready"), Condition.State.VISIBLE)).build());
    }

    @Test
    void should_clamp_a_long_fixed_wait_with_a_warning() {
      Conversion<Flow> c = read(file("", cmd("wait", "--ms", "90000")));
      assertThat(((CheckStep.Wait) c.value().steps().get(0)).ms()).hasValue(30_000);
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
          .containsExactly(tuple(ConversionCode.FIXED_WAIT_TOO_LONG, "commands[0]", ConversionIssue.Severity.WARNING));
    }

    @Test
    void should_block_a_wait_without_a_condition() {
      Conversion<Flow> c = read(file("", cmd("wait", "--timeout", "100")));
      assertThat(c.blockingIssues()).extracting(ConversionIssue::code).containsExactly(ConversionCode.FIELD_MISSING);
    }
  }

  @Nested
  class Interaction {
    @Test
    void should_map_pointer_and_form_commands() {
      Conversion<Flow> c = read(file("", cmd("fill", "[placeholder=\"用户名\"]", "ada"), cmd("type", "#q", "shoes"),
          cmd("click", "[data-testid=\"save\"]"), cmd("dblclick", "[id=\"row-1\"]"), cmd("hover", ".menu"),
          cmd("select", "#size", "M"), cmd("check", "#gift"), cmd("uncheck", "#news"), cmd("type", "typed")));
      List<Step> s = c.value().steps();
      assertThat(s.get(0)).isEqualTo(InteractionStep.Fill.builder().id("s1").target(css("[placeholder=\"用户名\"]")).value("ada").build());
      assertThat(s.get(1)).isEqualTo(InteractionStep.Type.builder().id("s2").target(css("#q")).text("shoes").build());
      assertThat(s.get(2)).isEqualTo(InteractionStep.Click.builder().id("s3").target(Target.of(Candidate.testId("save"))).build());
      assertThat(s.get(3)).isEqualTo(InteractionStep.Dblclick.builder().id("s4").target(Target.of(Candidate.id("row-1"))).build());
      assertThat(s.get(4)).isEqualTo(InteractionStep.Hover.builder().id("s5").target(css(".menu")).build());
      assertThat(s.get(5)).isEqualTo(InteractionStep.Select.builder().id("s6").target(css("#size")).value("M").build());
      assertThat(s.get(6)).isEqualTo(InteractionStep.Check.builder().id("s7").target(css("#gift")).build());
      assertThat(s.get(7)).isEqualTo(InteractionStep.Uncheck.builder().id("s8").target(css("#news")).build());
      assertThat(s.get(8)).isEqualTo(InteractionStep.Type.builder().id("s9").text("typed").build());
      assertThat(c.issues()).isEmpty();
    }

    @Test
    void should_map_press_with_modifiers_and_target() {
      assertThat(only("press", "a", "#editor", "--ctrl", "--shift", "--alt", "--meta")).isEqualTo(InteractionStep.Press.builder()
          .id("s1").key("a").addModifiers("Control", "Shift", "Alt", "Meta").target(css("#editor")).build());
      assertThat(only("press", "Enter")).isEqualTo(InteractionStep.Press.builder().id("s1").key("Enter").build());
    }

    @Test
    void should_map_scroll_forms() {
      Conversion<Flow> c = read(file("", cmd("scroll", "--by", "400"), cmd("scroll", "#list", "--by", "-50"),
          cmd("scroll", "--to", "top"), cmd("scroll", "--to", "bottom"), cmd("scroll", "#row-9"),
          cmd("scrollintoview", "#row-10"), cmd("scroll", "down", "200"), cmd("eval", "window.scrollTo(0, 640)")));
      List<Step> s = c.value().steps();
      assertThat(s.get(0)).isEqualTo(InteractionStep.Scroll.builder().id("s1").y(400).build());
      assertThat(s.get(1)).isEqualTo(InteractionStep.Scroll.builder().id("s2").target(css("#list")).y(-50).build());
      assertThat(s.get(2)).isEqualTo(InteractionStep.Scroll.builder().id("s3").mode(Step.ScrollMode.TO).build());
      assertThat(s.get(3)).isEqualTo(InteractionStep.Scroll.builder().id("s4").mode(Step.ScrollMode.TO)
          .y(BrowserctlImport.SCROLL_BOTTOM).build());
      assertThat(s.get(4)).isEqualTo(InteractionStep.Scroll.builder().id("s5").mode(Step.ScrollMode.INTO_VIEW).target(css("#row-9")).build());
      assertThat(s.get(5)).isEqualTo(InteractionStep.Scroll.builder().id("s6").mode(Step.ScrollMode.INTO_VIEW).target(css("#row-10")).build());
      assertThat(s.get(6)).isEqualTo(InteractionStep.Scroll.builder().id("s7").y(200).build());
      assertThat(s.get(7)).isEqualTo(InteractionStep.Scroll.builder().id("s8").mode(Step.ScrollMode.TO).y(640).build());
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.EVAL_AS_SCROLL, "commands[7]"));
      assertThat(c.value().policy()).isEmpty();
    }

    @Test
    void should_map_eval_with_its_capture_to_the_step_output() {
      Conversion<Flow> c = read(file("", "{\"id\":\"count\",\"argv\":[\"eval\",\"document.title\"],\"capture\":{\"result\":\"TITLE\"}}",
          cmd("fill", "#echo", "${TITLE}")));
      assertThat(c.value().steps().get(0)).isEqualTo(DataStep.Eval.builder().id("count").script("document.title").build());
      assertThat(((InteractionStep.Fill) c.value().steps().get(1)).value()).isEqualTo("${steps.count.result}");
      assertThat(c.value().policy().orElseThrow().capabilities()).contains(Capability.SCRIPT_EVAL);
      assertThat(c.issues()).extracting(ConversionIssue::code).containsExactly(ConversionCode.EVAL_USED);
    }

    @Test
    void should_map_get_to_read_steps_bound_by_capture() {
      Conversion<Flow> c = read(file("", "{\"id\":\"total\",\"argv\":[\"get\",\"text\",\"#total\"],\"capture\":{\"text\":\"TOTAL\"}}",
          cmd("get", "value", "#q"), cmd("get", "attr", "a.next", "href"), cmd("get", "url"),
          cmd("type", "#note", "${TOTAL}")));
      List<Step> s = c.value().steps();
      assertThat(s.get(0)).isEqualTo(DataStep.Read.builder().id("total").target(css("#total")).build());
      assertThat(s.get(1)).isEqualTo(DataStep.Read.builder().id("s1").target(css("#q")).what(Step.ReadKind.VALUE).build());
      assertThat(s.get(2)).isEqualTo(DataStep.Read.builder().id("s2").target(css("a.next")).what(Step.ReadKind.ATTRIBUTE)
          .attribute("href").build());
      assertThat(((InteractionStep.Type) s.get(3)).text()).isEqualTo("${steps.total.text}");
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.COMMAND_SKIPPED, "commands[3]"));
    }

    @Test
    void should_report_options_it_cannot_carry() {
      Conversion<Flow> c = read(file("", cmd("click", "#del", "--confirm", "Delete?"), cmd("fill", "#a", "--text-file", "a.txt")));
      assertThat(c.value().steps()).hasSize(1);
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
          .containsExactly(tuple(ConversionCode.UNSUPPORTED_OPTION, "commands[0]", ConversionIssue.Severity.WARNING),
              tuple(ConversionCode.UNSUPPORTED_OPTION, "commands[1]", ConversionIssue.Severity.BLOCKING));
    }

    @Test
    void should_block_snapshot_refs_as_selectors() {
      Conversion<Flow> c = read(file("", cmd("click", "@e12")));
      assertNoStepsBlockedBy(c, tuple(ConversionCode.TARGET_UNRESOLVED, "commands[0]"));
    }
  }

  @Nested
  class Find {
    @Test
    void should_map_positional_find_strategies_to_candidates() {
      Conversion<Flow> c = read(file("", cmd("find", "role", "button", "click", "--name", "Save", "--exact"),
          cmd("find", "text", "查询", "click", "--exact"), cmd("find", "label", "Email", "fill", "a@b.test", "--exact"),
          cmd("find", "placeholder", "用户名", "type", "ada", "--exact"), cmd("find", "testid", "go", "dblclick"),
          cmd("find", "alt", "logo", "hover"), cmd("find", "title", "Help", "check"),
          cmd("find", "first", "#save", "uncheck")));
      List<Step> s = c.value().steps();
      assertThat(((InteractionStep.Click) s.get(0)).target()).isEqualTo(Target.of(Candidate.role("button", "Save")));
      assertThat(((InteractionStep.Click) s.get(1)).target()).isEqualTo(Target.of(Candidate.text("查询")));
      assertThat(s.get(2)).isEqualTo(InteractionStep.Fill.builder().id("s3").target(Target.of(Candidate.label("Email"))).value("a@b.test").build());
      assertThat(s.get(3)).isEqualTo(InteractionStep.Type.builder().id("s4").target(Target.of(Candidate.placeholder("用户名"))).text("ada").build());
      assertThat(s.get(4)).isEqualTo(InteractionStep.Dblclick.builder().id("s5").target(Target.of(Candidate.testId("go"))).build());
      assertThat(s.get(5)).isEqualTo(InteractionStep.Hover.builder().id("s6").target(css("[alt=\"logo\"]")).build());
      assertThat(s.get(6)).isEqualTo(InteractionStep.Check.builder().id("s7").target(css("[title=\"Help\"]")).build());
      assertThat(s.get(7)).isEqualTo(InteractionStep.Uncheck.builder().id("s8").target(css("#save")).build());
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .contains(tuple(ConversionCode.FIND_POSITIONAL, "commands[7]"))
          .doesNotContain(tuple(ConversionCode.MATCH_EXACT, "commands[0]"));
    }

    @Test
    void should_map_flag_form_find_and_note_loose_matching() {
      Conversion<Flow> c = read(file("", cmd("find", "fill", "--placeholder", "用户名", "ada"),
          cmd("find", "click", "--text", "查询"), cmd("find", "click", "--testid", "submit-btn"),
          cmd("find", "text", "--testid", "total")));
      List<Step> s = c.value().steps();
      assertThat(s.get(0)).isEqualTo(InteractionStep.Fill.builder().id("s1").target(Target.of(Candidate.placeholder("用户名"))).value("ada").build());
      assertThat(((InteractionStep.Click) s.get(1)).target()).isEqualTo(Target.of(Candidate.text("查询")));
      assertThat(((InteractionStep.Click) s.get(2)).target()).isEqualTo(Target.of(Candidate.testId("submit-btn")));
      assertThat(s.get(3)).isEqualTo(DataStep.Read.builder().id("s4").target(Target.of(Candidate.testId("total"))).build());
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
          .containsExactly(tuple(ConversionCode.MATCH_EXACT, "commands[0]", ConversionIssue.Severity.INFO),
              tuple(ConversionCode.MATCH_EXACT, "commands[1]", ConversionIssue.Severity.INFO));
    }

    @Test
    void should_map_find_text_action_to_a_read_and_report_unknown_actions() {
      Conversion<Flow> c = read(file("", cmd("find", "testid", "total", "text"), cmd("find", "testid", "x", "drag")));
      assertThat(c.value().steps()).containsExactly(DataStep.Read.builder().id("s1").target(Target.of(Candidate.testId("total"))).build());
      assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.UNSUPPORTED_STEP, "commands[1]"));
    }
  }

  @Nested
  class Frames {
    @Test
    void should_map_frame_locator_and_frame_main() {
      Conversion<Flow> c = read(file("", cmd("frame", "[role=\"dialog\"] iframe", "--timeout", "8000"),
          cmd("click", "[data-testid=\"nav-paas\"]"), cmd("frame", "main"), cmd("frame", "url:http://h.test/assets/*.html*")));
      List<Step> s = c.value().steps();
      assertThat(s.get(0)).isEqualTo(PageStep.Frame.builder().id("s1").locator("[role=\"dialog\"] iframe").timeoutMs(8000).build());
      assertThat(s.get(2)).isEqualTo(PageStep.FrameMain.builder().id("s3").build());
      assertThat(s.get(3)).isEqualTo(PageStep.Frame.builder().id("s4").locator("url:http://h.test/assets/*.html*").build());
      assertThat(c.issues()).isEmpty();
    }

    @Test
    void should_insert_frame_main_before_switching_frames() {
      Conversion<Flow> c = read(file("", cmd("frame", "#a"), cmd("frame", "#b")));
      assertThat(c.value().steps()).extracting(Step::kind)
          .containsExactly(Step.Kind.FRAME, Step.Kind.FRAME_MAIN, Step.Kind.FRAME);
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.FRAME_RESET_INSERTED, "commands[1]"));
    }

    @Test
    void should_block_runtime_frame_ids() {
      Conversion<Flow> c = read(file("", cmd("frame", "click", "${FRAME_41}", "[data-testid=\"nav-paas\"]"),
          cmd("frame", "${FRAME_41}"), cmd("frame", "@e3"), cmd("frame", "index:2")));
      assertNoStepsBlockedBy(c, tuple(ConversionCode.FRAME_RUNTIME_ID_ONLY, "commands[0]"),
          tuple(ConversionCode.FRAME_RUNTIME_ID_ONLY, "commands[1]"), tuple(ConversionCode.FRAME_RUNTIME_ID_ONLY, "commands[2]"),
          tuple(ConversionCode.FRAME_UNRESOLVED, "commands[3]"));
      assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    }
  }

  @Nested
  class Tabs {
    @Test
    void should_bind_captured_tab_ids_to_aliases() {
      Conversion<Flow> c = read(file("",
          "{\"argv\":[\"tab\"],\"capture\":{\"automationTabId\":\"HOME\"}}",
          "{\"argv\":[\"click\",\"#open-detail\",\"--new-tab\"],\"capture\":{\"tabId\":\"DETAIL_TAB\"}}",
          cmd("tab", "${DETAIL_TAB}"), cmd("tab", "${HOME}"), cmd("tab", "close", "${DETAIL_TAB}"),
          "{\"argv\":[\"tab\",\"new\",\"https://a.test/docs\"],\"capture\":{\"tabId\":\"DOCS\"}}",
          cmd("tab", "${DOCS}"), cmd("tab", "close")));
      List<Step> s = c.value().steps();
      assertThat(s).containsExactly(
          InteractionStep.Click.builder().id("s1").target(css("#open-detail")).newTab("DETAIL_TAB").build(),
          PageStep.TabSwitch.builder().id("s2").alias("DETAIL_TAB").build(),
          PageStep.TabSwitch.builder().id("s3").alias("main").build(),
          PageStep.TabClose.builder().id("s4").alias("DETAIL_TAB").build(),
          PageStep.TabNew.builder().id("s5").alias("DOCS").url("https://a.test/docs").build(),
          PageStep.TabClose.builder().id("s6").build());
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.COMMAND_SKIPPED, "commands[0]"), tuple(ConversionCode.STEPS_MERGED, "commands[6]"));
      assertThat(c.stepsMapped()).isEqualTo(7);
    }

    @Test
    void should_bind_tab_labels() {
      Conversion<Flow> c = read(file("", cmd("tab", "new", "https://a.test", "--label", "docs"), cmd("open", "https://a.test/2"),
          cmd("tab", "docs")));
      assertThat(c.value().steps()).extracting(Step::kind)
          .containsExactly(Step.Kind.TAB_NEW, Step.Kind.OPEN, Step.Kind.TAB_SWITCH);
      assertThat(((PageStep.TabSwitch) c.value().steps().get(2)).alias()).isEqualTo("docs");
    }

    @Test
    void should_block_runtime_tab_ids_and_indexes() {
      Conversion<Flow> c = read(file("", cmd("tab", "t2"), cmd("tab", "2"), cmd("tab", "${NOPE}")));
      assertNoStepsBlockedBy(c, tuple(ConversionCode.TAB_UNRESOLVED, "commands[0]"),
          tuple(ConversionCode.TAB_UNRESOLVED, "commands[1]"), tuple(ConversionCode.TAB_UNRESOLVED, "commands[2]"));
    }

    @Test
    void should_bind_an_uncaptured_new_tab_to_a_generated_alias() {
      Conversion<Flow> c = read(file("", cmd("click", "#x", "--new-tab")));
      assertThat(((InteractionStep.Click) c.value().steps().get(0)).newTab()).contains("tab1");
      assertThat(c.issues()).extracting(ConversionIssue::code).containsExactly(ConversionCode.NEW_TAB_UNCAPTURED);
    }
  }

  @Nested
  class Declarations {
    private static final String DECLS = "\"credentials\":["
        + "{\"key\":\"BASE_URL\",\"label\":\"系统登录地址\",\"type\":\"url\",\"required\":true,\"secret\":false,\"placeholder\":\"http://h.test\"},"
        + "{\"key\":\"USERNAME\",\"type\":\"username\",\"secret\":false},"
        + "{\"key\":\"PASSWORD\",\"type\":\"password\",\"secret\":true}],"
        + "\"inputs\":[{\"key\":\"DEVICE_ID\",\"label\":\"设备 ID\",\"type\":\"text\",\"required\":true,\"defaultValue\":\"100\"},"
        + "{\"key\":\"COUNT\",\"type\":\"number\",\"defaultValue\":3},"
        + "{\"key\":\"WHEN\",\"type\":\"datetime\"}]";

    @Test
    void should_map_credentials_and_inputs_and_their_placeholders() {
      Conversion<Flow> c = read(file(DECLS, cmd("open", "${BASE_URL}/#/login"), cmd("fill", "#u", "${USERNAME}"),
          cmd("fill", "#p", "${PASSWORD}"), cmd("fill", "#d", "${DEVICE_ID}")));
      Flow f = c.value();
      assertThat(f.credentials()).containsExactly(
          Credential.builder().key("BASE_URL").label("系统登录地址").type(Credential.Type.URL).required(true).secret(false).build(),
          Credential.builder().key("USERNAME").type(Credential.Type.USERNAME).secret(false).build(),
          Credential.builder().key("PASSWORD").type(Credential.Type.PASSWORD).secret(true).build());
      assertThat(f.inputs()).containsExactly(
          Input.builder().key("DEVICE_ID").label("设备 ID").required(true).defaultValue("100").build(),
          Input.builder().key("COUNT").type(Input.Type.NUMBER).defaultValue("3").build(),
          Input.builder().key("WHEN").build());
      assertThat(f.steps()).extracting(s -> s instanceof InteractionStep.Fill ? ((InteractionStep.Fill) s).value() : ((PageStep.Open) s).url())
          .containsExactly("${credential.BASE_URL}/#/login", "${credential.USERNAME}", "${credential.PASSWORD}",
              "${input.DEVICE_ID}");
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.FIELD_DROPPED, "credentials[0]"), tuple(ConversionCode.TYPE_CHANGED, "inputs[2]"));
    }

    @Test
    void should_declare_an_undeclared_placeholder_as_an_input_with_a_warning() {
      Conversion<Flow> c = read(file("", cmd("fill", "#a", "${ORDER_NO}"), cmd("fill", "#b", "${ORDER_NO}")));
      assertThat(c.value().inputs()).containsExactly(Input.of("ORDER_NO"));
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
          .containsExactly(tuple(ConversionCode.BINDING_UNRESOLVED, "commands[0]", ConversionIssue.Severity.WARNING));
    }

    @Test
    void should_map_metadata_and_business_description() {
      Conversion<Flow> c = read("{\"schemaVersion\":\"1.0.0\",\"kind\":\"browserctl-flow\","
          + "\"metadata\":{\"name\":\"meter-rebind\",\"title\":\"电表重新关联\",\"source\":\"browser-extension-recorder\","
          + "\"createdAt\":\"2026-07-14T10:00:00.000Z\"},"
          + "\"business\":{\"description\":\"登录并重新关联。\",\"successCriteria\":\"出现成功提示\"},\"commands\":[]}");
      Flow f = c.value();
      assertThat(f.id()).isEqualTo("meter-rebind");
      assertThat(f.name()).isEqualTo("电表重新关联");
      assertThat(f.description()).contains("登录并重新关联。\n\nSuccess criteria: 出现成功提示");
      assertThat(f.meta().orElseThrow().source()).contains("browser-extension-recorder");
      assertThat(f.meta().orElseThrow().createdAt()).contains("2026-07-14T10:00:00.000Z");
    }

    @Test
    void should_replace_a_literal_password_with_a_secret_credential() {
      String secret = "hunter2-Secret!";
      Conversion<Flow> c = read(file("", cmd("fill", "[placeholder=\"密码\"]", secret), cmd("fill", "#user", "ada")));
      Flow f = c.value();
      assertThat(((InteractionStep.Fill) f.steps().get(0)).value()).isEqualTo("${credential.PASSWORD}");
      assertThat(f.credential("PASSWORD")).hasValueSatisfying(cr -> {
        assertThat(cr.secret()).isTrue();
        assertThat(cr.type()).isEqualTo(Credential.Type.PASSWORD);
      });
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
          .containsExactly(tuple(ConversionCode.SENSITIVE_VALUE, "commands[0]", ConversionIssue.Severity.WARNING));
      assertThat(c.report()).doesNotContain(secret).doesNotContain("hunter");
      assertThat(FlowJson.write(f)).doesNotContain(secret);
    }
  }

  @Nested
  class FileDiagnostics {
    @Test
    void should_carry_the_files_warnings_and_blocking_issues() {
      Conversion<Flow> c = read("{\"schemaVersion\":\"1.0.0\",\"kind\":\"browserctl-flow\",\"metadata\":{\"name\":\"t\"},"
          + "\"commands\":[{\"id\":\"cmd-001\",\"argv\":[\"click\",\"body > div:nth-child(2)\"],"
          + "\"warnings\":[{\"code\":\"OVERLAY_CLICK\",\"message\":\"mask\"}]}],"
          + "\"warnings\":[{\"code\":\"UNSTABLE_SELECTOR\",\"commandId\":\"cmd-001\",\"message\":\"nth-child\"},"
          + "{\"code\":\"NOTE\",\"message\":\"fyi\",\"severity\":\"info\"}],"
          + "\"quality\":{\"status\":\"blocked\",\"blockingIssues\":[{\"code\":\"IFRAME_UNRESOLVED\",\"message\":\"no locator\"}]}}");
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
          .containsExactly(tuple(ConversionCode.OVERLAY_CLICK, "commands[0]", ConversionIssue.Severity.WARNING),
              tuple(ConversionCode.UNSTABLE_SELECTOR, "commands[0]", ConversionIssue.Severity.WARNING),
              tuple(ConversionCode.SOURCE_ISSUE, "warnings[1]", ConversionIssue.Severity.INFO),
              tuple(ConversionCode.FRAME_UNRESOLVED, "quality.blockingIssues[0]", ConversionIssue.Severity.BLOCKING));
      assertThat(c.issues()).extracting(ConversionIssue::message).containsExactly("mask", "nth-child", "NOTE: fyi",
          "no locator");
      assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    }

    @Test
    void should_block_a_file_marked_blocked_without_issues() {
      Conversion<Flow> c = read(file("\"quality\":{\"status\":\"blocked\"}", cmd("reload")));
      assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.QUALITY_BLOCKED, "quality.status"));
      assertThat(c.value().steps()).hasSize(1);
    }

    @Test
    void should_mark_needs_review_without_warnings_as_a_warning() {
      Conversion<Flow> c = read(file("\"quality\":{\"status\":\"needs_review\"}", cmd("reload")));
      assertThat(c.quality()).isEqualTo(Quality.NEEDS_REVIEW);
      assertThat(c.issues()).extracting(ConversionIssue::code).containsExactly(ConversionCode.QUALITY_NEEDS_REVIEW);
    }

    @Test
    void should_leave_out_a_step_the_validator_rejects() {
      Conversion<Flow> c = read(file("", cmd("fill", "#a", "x".repeat(9000)), cmd("reload")));
      assertThat(c.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.RELOAD);
      assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
          .containsExactly(tuple(ConversionCode.INVALID_FLOW, "commands[0]"));
      assertThat(c.blockingIssues().get(0).message()).startsWith("the step made from this command is invalid and was "
          + "left out: LIMIT_EXCEEDED: ");
      assertThat(c.stepsMapped()).isEqualTo(1);
    }

    @Test
    void should_make_a_flow_id_of_a_name_with_blanks() {
      Conversion<Flow> c = read("{\"schemaVersion\":\"1.0.0\",\"kind\":\"browserctl-flow\","
          + "\"metadata\":{\"name\":\"Meter Rebind\"},\"commands\":[]}");
      assertThat(c.value().id()).isEqualTo("meter-rebind");
      assertThat(c.value().name()).isEqualTo("Meter Rebind");
    }

    @Test
    void should_block_unknown_commands_and_skip_observing_ones() {
      Conversion<Flow> c = read(file("", cmd("snapshot", "--interactive"), cmd("upload", "#f", "a.txt"), cmd("is", "visible", "#a")));
      assertThat(c.value().steps()).isEmpty();
      assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
          .containsExactly(tuple(ConversionCode.COMMAND_SKIPPED, "commands[0]", ConversionIssue.Severity.INFO),
              tuple(ConversionCode.UNSUPPORTED_STEP, "commands[1]", ConversionIssue.Severity.BLOCKING),
              tuple(ConversionCode.COMMAND_SKIPPED, "commands[2]", ConversionIssue.Severity.INFO));
      assertThat(c.stepsRead()).isEqualTo(3);
      assertThat(c.stepsMapped()).isZero();
    }

    @Test
    void should_reject_other_kinds_versions_and_a_missing_commands_array() {
      assertThatThrownBy(() -> codec.read("{\"kind\":\"other\"}", "x.json")).isInstanceOf(FlowFormatException.class)
          .satisfies(e -> assertThat(((FlowFormatException) e).problems()).extracting(p -> p.code())
              .containsExactly(ErrorCode.SCHEMA_UNSUPPORTED));
      assertThatThrownBy(() -> codec.read("{\"kind\":\"browserctl-flow\",\"schemaVersion\":\"2.0.0\",\"commands\":[]}", "x.json"))
          .isInstanceOf(FlowFormatException.class);
      assertThatThrownBy(() -> codec.read("{\"kind\":\"browserctl-flow\",\"schemaVersion\":\"1.0.0\"}", "x.json"))
          .isInstanceOf(FlowFormatException.class)
          .satisfies(e -> assertThat(((FlowFormatException) e).problems()).extracting(p -> p.code())
              .containsExactly(ErrorCode.FIELD_MISSING));
    }

    @Test
    void should_detect_only_browserctl_flow_json() {
      assertThat(codec.detects(file("", cmd("reload")))).isTrue();
      assertThat(codec.detects("{\"schema\":\"browserflow/1\"}")).isFalse();
      assertThat(codec.detects("open \"https://a.test\"")).isFalse();
      assertThat(codec.detects("<xml/>")).isFalse();
    }
  }
}
