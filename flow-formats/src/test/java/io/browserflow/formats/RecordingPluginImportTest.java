package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The recording-plugin Flow JSON import (seed 002's converter): one test per step type and its
 * options, each blocking case, the converter options, detection, the Markdown report, and that a
 * recorded secret reaches no output.
 */
class RecordingPluginImportTest {
  private static final String BASE = "http://app.test";

  /** A recording of one tab (id 1) that starts at {@code BASE/login}, with these steps. */
  static String recording(String... steps) {
    return "{\"schemaVersion\":\"1.0.0\",\"name\":\"shop\",\"session\":{\"startUrl\":\"" + BASE + "/login\",\"tabId\":1},"
        + "\"steps\":[" + String.join(",", steps) + "]}";
  }

  /** A step in tab 1 on {@code BASE/app}; {@code fields} are more JSON members. */
  static String step(String id, String type, String fields) {
    return "{\"id\":\"" + id + "\",\"type\":\"" + type + "\",\"tabId\":1,\"url\":\"" + BASE + "/app\""
        + (fields.isEmpty() ? "" : "," + fields) + "}";
  }

  static String target(String selector, String tag, String more) {
    return "\"target\":{\"selector\":\"" + selector.replace("\"", "\\\"") + "\",\"tagName\":\"" + tag + "\""
        + (more.isEmpty() ? "" : "," + more) + "}";
  }

  static Conversion<Flow> read(String json) {
    return read(json, ImportOptions.defaults());
  }

  static Conversion<Flow> read(String json, ImportOptions options) {
    return FlowFormats.read(json, Format.RECORDING_PLUGIN, "shop.json", options);
  }

  static String resource(String name) throws IOException {
    try (InputStream in = RecordingPluginImportTest.class.getClassLoader().getResourceAsStream("formats/" + name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The steps after the open of the start URL. */
  static List<Step> steps(Conversion<Flow> c) {
    List<Step> all = c.value().steps();
    assertThat(all.get(0)).isInstanceOf(PageStep.Open.class);
    return all.subList(1, all.size());
  }

  static Step only(Conversion<Flow> c) {
    assertThat(steps(c)).as(c.report()).hasSize(1);
    return steps(c).get(0);
  }

  static List<Object> codes(Conversion<Flow> c) {
    return c.issues().stream().map(i -> tuple(i.code(), i.severity(), i.path())).collect(Collectors.toList());
  }

  // ================================================================= step types

  @Nested
  class InputSteps {
    @Test
    void should_fill_a_business_value_as_an_input_with_the_recorded_default() {
      Conversion<Flow> c = read(recording(step("s1", "input", target("#device", "INPUT",
          "\"type\":\"text\",\"name\":\"deviceId\",\"placeholder\":\"设备ID\"") + ",\"value\":\"1000000150601081283\"")));

      InteractionStep.Fill fill = (InteractionStep.Fill) only(c);
      assertThat(fill.id()).isEqualTo("s1");
      assertThat(fill.value()).isEqualTo("${DEVICE_ID}");
      assertThat(fill.target().candidates()).containsExactly(Candidate.placeholder("设备ID"), Candidate.css("#device"));
      assertThat(c.value().input("DEVICE_ID")).hasValueSatisfying(in -> {
        assertThat(in.defaultValue()).hasValue("1000000150601081283");
        assertThat(in.label()).hasValue("设备ID");
      });
      assertThat(c.quality()).as(c.report()).isEqualTo(Quality.READY);
    }

    @Test
    void should_make_a_password_a_secret_credential_kept_in_memory_only() {
      Conversion<Flow> c = read(recording(
          step("s1", "input", target("#user", "INPUT", "\"type\":\"text\",\"placeholder\":\"用户名\"") + ",\"value\":\"ada\""),
          step("s2", "input", target("#pw", "INPUT", "\"type\":\"password\"") + ",\"value\":\"pw-Secret-123\"")));

      assertThat(steps(c)).extracting(s -> ((InteractionStep.Fill) s).value())
          .containsExactly("${credential.SHOP_USERNAME}", "${credential.SHOP_PASSWORD}");
      assertThat(c.value().credential("SHOP_PASSWORD")).hasValueSatisfying(k -> {
        assertThat(k.type()).isEqualTo(Credential.Type.PASSWORD);
        assertThat(k.secret()).isTrue();
      });
      assertThat(c.value().credential("SHOP_USERNAME")).hasValueSatisfying(k -> assertThat(k.secret()).isFalse());
      assertThat(c.recordedSecrets().value("SHOP_PASSWORD")).hasValue("pw-Secret-123");
      assertThat(c.recordedSecrets().value("SHOP_USERNAME")).hasValue("ada");
      assertThat(codes(c)).contains(tuple(ConversionCode.SENSITIVE_VALUE, ConversionIssue.Severity.WARNING, "steps[1].value"));
      assertThat(c.recordedSecrets().toString()).doesNotContain("pw-Secret-123");
    }

    @Test
    void should_give_distinct_passwords_distinct_credentials_and_the_same_one_the_same() {
      String pw = target("#pw", "INPUT", "\"type\":\"password\"");
      Conversion<Flow> c = read(recording(step("s1", "input", pw + ",\"value\":\"first-pw-1\""),
          step("s2", "click", target("#go", "BUTTON", "")),
          step("s3", "input", pw + ",\"value\":\"second-pw-2\""),
          step("s4", "click", target("#go", "BUTTON", "")),
          step("s5", "input", pw + ",\"value\":\"first-pw-1\"")));

      assertThat(steps(c)).filteredOn(s -> s instanceof InteractionStep.Fill).extracting(s -> ((InteractionStep.Fill) s).value())
          .containsExactly("${credential.SHOP_PASSWORD}", "${credential.SHOP_PASSWORD_2}", "${credential.SHOP_PASSWORD}");
    }

    @Test
    void should_keep_an_empty_value_with_a_warning() {
      Conversion<Flow> c = read(recording(step("s1", "input", target("#q", "INPUT", "\"type\":\"search\"") + ",\"value\":\"\"")));

      assertThat(((InteractionStep.Fill) only(c)).value()).isEmpty();
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.EMPTY_INPUT_VALUE, ConversionIssue.Severity.WARNING, "steps[0].value"));
      assertThat(c.quality()).isEqualTo(Quality.NEEDS_REVIEW);
    }

    @Test
    void should_type_only_the_last_of_consecutive_inputs_into_one_field() {
      String q = target("#q", "INPUT", "\"type\":\"search\",\"name\":\"q\"");
      Conversion<Flow> c = read(recording(step("s1", "input", q + ",\"value\":\"b\""), step("s2", "input", q + ",\"value\":\"bo\""),
          step("s3", "input", q + ",\"value\":\"boots\"")));

      assertThat(((InteractionStep.Fill) only(c)).value()).isEqualTo("${Q}");
      assertThat(c.value().input("Q").flatMap(Input::defaultValue)).hasValue("boots");
      assertThat(c.mappings()).extracting(StepMapping::sourcePath, StepMapping::outcome).containsExactly(
          tuple("session.startUrl", StepMapping.Outcome.MAPPED), tuple("steps[0]", StepMapping.Outcome.MERGED),
          tuple("steps[1]", StepMapping.Outcome.MERGED), tuple("steps[2]", StepMapping.Outcome.MAPPED));
      assertThat(c.stepsMapped()).isEqualTo(3);
    }
  }

  @Nested
  class ChangeSteps {
    @Test
    void should_select_an_option_of_a_select() {
      InteractionStep.Select s = (InteractionStep.Select) only(read(recording(step("s1", "change", target("#size", "SELECT", "\"id\":\"size\"")
          + ",\"value\":\"M\""))));
      assertThat(s.value()).hasValue("M");
      assertThat(s.target().candidates()).containsExactly(Candidate.id("size"), Candidate.css("#size"));
    }

    @Test
    void should_check_or_uncheck_a_checkbox_by_its_checked_state_and_check_a_radio() {
      Conversion<Flow> c = read(recording(
          step("s1", "change", target("#gift", "INPUT", "\"type\":\"checkbox\"") + ",\"value\":\"on\",\"checked\":true"),
          step("s2", "change", target("#news", "INPUT", "\"type\":\"checkbox\"") + ",\"value\":\"on\",\"checked\":false"),
          step("s3", "change", target("#std", "INPUT", "\"type\":\"radio\"") + ",\"value\":\"standard\"")));

      assertThat(steps(c)).extracting(Step::kind, Step::id).containsExactly(tuple(Step.Kind.CHECK, "s1"),
          tuple(Step.Kind.UNCHECK, "s2"), tuple(Step.Kind.CHECK, "s3"));
      assertThat(c.issues()).isEmpty();
    }

    @Test
    void should_fill_a_text_field_and_merge_the_change_the_input_before_caused() {
      String note = target("#note", "TEXTAREA", "\"name\":\"note\"");
      Conversion<Flow> c = read(recording(step("s1", "change", note + ",\"value\":\"gift wrap\""),
          step("s2", "input", note + ",\"value\":\"gift wrap!\""), step("s3", "change", note + ",\"value\":\"gift wrap!\"")));

      assertThat(steps(c)).extracting(s -> ((InteractionStep.Fill) s).value()).containsExactly("${NOTE}", "${NOTE_2}");
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.STEPS_MERGED, ConversionIssue.Severity.INFO, "steps[2]"));
    }

    @Test
    void should_let_the_element_decide_at_run_time_when_the_recording_does_not_say_what_it_is() {
      Conversion<Flow> c = read(recording(step("s1", "change", "\"target\":{\"selector\":\"#when\"},\"value\":\"2026-07-14\"")));

      InteractionStep.Change change = (InteractionStep.Change) only(c);
      assertThat(change.value()).isEqualTo("${VALUE}");
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.CHANGE_DECIDED_AT_RUN_TIME, ConversionIssue.Severity.WARNING, "steps[0]"));
      assertThat(ConversionCode.named("CHANGE_FALLBACK_TO_EVAL")).contains(ConversionCode.CHANGE_DECIDED_AT_RUN_TIME);
    }

    @Test
    void should_set_a_date_input_with_a_change_step_without_a_warning() {
      Conversion<Flow> c = read(recording(step("s1", "change", target("#when", "INPUT", "\"type\":\"date\",\"name\":\"when\"")
          + ",\"value\":\"2026-07-14\"")));

      assertThat(only(c)).isInstanceOf(InteractionStep.Change.class);
      assertThat(c.issues()).isEmpty();
    }
  }

  @Nested
  class ClickSteps {
    @Test
    void should_click_with_button_modifiers_and_the_url_it_leads_to() {
      Conversion<Flow> c = read(recording(step("s1", "click", target("#orders", "A", "\"text\":\"Orders\"")
          + ",\"button\":1,\"ctrlKey\":true,\"shiftKey\":true,\"altKey\":false,\"metaKey\":false,"
          + "\"postCondition\":{\"topUrl\":\"" + BASE + "/orders/42\"}")));

      InteractionStep.Click click = (InteractionStep.Click) only(c);
      assertThat(click.button()).isEqualTo(Step.MouseButton.MIDDLE);
      assertThat(click.modifiers()).containsExactly("Control", "Shift");
      assertThat(click.target().candidates()).containsExactly(Candidate.text("Orders"), Candidate.css("#orders"));
      assertThat(click.expect()).containsExactly(Condition.Url.of("${credential.SHOP_BASE_URL}/orders/*"));
      assertThat(c.value().credential("SHOP_BASE_URL")).hasValueSatisfying(k -> assertThat(k.type()).isEqualTo(Credential.Type.URL));
      assertThat(((PageStep.Open) c.value().steps().get(0)).url()).isEqualTo("${credential.SHOP_BASE_URL}/login");
    }

    @Test
    void should_leave_out_a_click_on_a_loading_mask_unless_asked_to_keep_it() {
      String json = recording(step("s1", "click", target("div.el-loading-mask", "DIV", "\"className\":\"el-loading-mask\"")));

      Conversion<Flow> left = read(json);
      Conversion<Flow> kept = read(json, ImportOptions.builder().keepOverlayClicks(true).build());

      assertThat(steps(left)).isEmpty();
      assertThat(codes(left)).containsExactly(tuple(ConversionCode.OVERLAY_CLICK, ConversionIssue.Severity.WARNING, "steps[0]"));
      assertThat(left.mappings().get(1).outcome()).isEqualTo(StepMapping.Outcome.SKIPPED);
      assertThat(only(kept)).isInstanceOf(InteractionStep.Click.class);
      assertThat(codes(kept)).containsExactly(tuple(ConversionCode.OVERLAY_CLICK, ConversionIssue.Severity.WARNING, "steps[0]"));
      assertThat(kept.issues().get(0).message()).contains("kept as asked");
    }

    @Test
    void should_bind_the_tab_a_click_opens_and_switch_to_it_for_its_steps() {
      String json = "{\"schemaVersion\":\"1.0.0\",\"name\":\"shop\",\"session\":{\"startUrl\":\"" + BASE + "/app\",\"tabId\":1},"
          + "\"tabs\":[{\"tabId\":1,\"origin\":\"start\"},{\"tabId\":2,\"origin\":\"click\",\"openerTabId\":1,\"openerStepId\":\"s1\","
          + "\"url\":\"" + BASE + "/detail\"}],\"steps\":["
          + step("s1", "click", target("#detail", "A", "")) + ","
          + "{\"id\":\"s2\",\"type\":\"navigate\",\"tabId\":2,\"url\":\"" + BASE + "/detail\",\"transitionType\":\"link\"},"
          + "{\"id\":\"s3\",\"type\":\"click\",\"tabId\":2,\"url\":\"" + BASE + "/detail\"," + target("#confirm", "BUTTON", "") + "},"
          + step("s4", "click", target("#done", "BUTTON", "")) + "]}";

      Conversion<Flow> c = read(json);

      assertThat(steps(c)).extracting(Step::kind).containsExactly(Step.Kind.CLICK, Step.Kind.TAB_SWITCH, Step.Kind.CLICK,
          Step.Kind.TAB_SWITCH, Step.Kind.CLICK);
      assertThat(((InteractionStep.Click) steps(c).get(0)).newTab()).hasValue("tab2");
      assertThat(((PageStep.TabSwitch) steps(c).get(1)).alias()).isEqualTo("tab2");
      assertThat(((PageStep.TabSwitch) steps(c).get(3)).alias()).isEqualTo("main");
      assertThat(c.value().tabs()).containsExactly(TabAlias.builder().alias("tab2").opener("main")
          .url("${credential.SHOP_BASE_URL}/detail").build());
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.STEPS_MERGED, ConversionIssue.Severity.INFO, "steps[1]"));
    }
  }

  @Nested
  class SubmitSteps {
    @Test
    void should_click_a_submit_button() {
      Conversion<Flow> c = read(recording(step("s1", "submit", target("button.primary", "BUTTON", "\"type\":\"submit\",\"text\":\"Pay\""))));

      assertThat(only(c)).isInstanceOf(InteractionStep.Click.class);
      assertThat(c.issues()).isEmpty();
    }

    @Test
    void should_submit_a_form_with_an_eval_of_request_submit_and_say_so() {
      Conversion<Flow> c = read(recording(step("s1", "submit", target("form#coupon", "FORM", "\"id\":\"coupon-form\""))));

      DataStep.Eval eval = (DataStep.Eval) only(c);
      assertThat(eval.script()).isEqualTo("document.querySelector(\"[id=\\\"coupon-form\\\"]\").requestSubmit()");
      assertThat(c.value().policy()).hasValueSatisfying(p -> assertThat(p.capabilities()).contains(Capability.SCRIPT_EVAL));
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.SUBMIT_FALLBACK_TO_EVAL, ConversionIssue.Severity.WARNING, "steps[0]"),
          tuple(ConversionCode.EVAL_USED, ConversionIssue.Severity.WARNING, "steps[0]"));
    }

    @Test
    void should_merge_the_submit_the_click_on_a_submit_button_caused() {
      Conversion<Flow> c = read(recording(step("s1", "click", target("#pay", "BUTTON", "\"type\":\"submit\"")),
          step("s2", "submit", target("#payform", "FORM", ""))));

      assertThat(only(c)).isInstanceOf(InteractionStep.Click.class);
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.STEPS_MERGED, ConversionIssue.Severity.INFO, "steps[1]"));
    }
  }

  @Nested
  class KeydownSteps {
    @Test
    void should_press_a_key_with_its_modifiers_on_its_element() {
      Conversion<Flow> c = read(recording(step("s1", "keydown", target("#q", "INPUT", "\"name\":\"q\"")
          + ",\"key\":\"a\",\"code\":\"KeyA\",\"ctrlKey\":true,\"shiftKey\":false,\"altKey\":false,\"metaKey\":false")));

      InteractionStep.Press press = (InteractionStep.Press) only(c);
      assertThat(press.key()).isEqualTo("a");
      assertThat(press.modifiers()).containsExactly("Control");
      assertThat(press.target()).hasValueSatisfying(t -> assertThat(t.candidates()).contains(Candidate.css("#q")));
    }

    @Test
    void should_press_on_the_focused_element_without_a_target_and_name_the_space_key() {
      Conversion<Flow> c = read(recording(step("s1", "keydown", "\"key\":\"Escape\""), step("s2", "keydown", "\"key\":\" \"")));

      assertThat(steps(c)).extracting(s -> ((InteractionStep.Press) s).key()).containsExactly("Escape", "Space");
      assertThat(steps(c)).allSatisfy(s -> assertThat(((InteractionStep.Press) s).target()).isEmpty());
    }

    @Test
    void should_skip_a_modifier_alone_and_a_character_the_input_types() {
      String q = target("#q", "INPUT", "\"name\":\"q\"");
      Conversion<Flow> c = read(recording(step("s1", "keydown", "\"key\":\"Shift\",\"shiftKey\":true"),
          step("s2", "keydown", q + ",\"key\":\"b\""), step("s3", "input", q + ",\"value\":\"b\"")));

      assertThat(only(c)).isInstanceOf(InteractionStep.Fill.class);
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.COMMAND_SKIPPED, ConversionIssue.Severity.INFO, "steps[0]"),
          tuple(ConversionCode.STEPS_MERGED, ConversionIssue.Severity.INFO, "steps[1]"));
    }

    @Test
    void should_write_no_character_typed_into_a_password_field_and_block_one_no_input_carries() {
      String pw = target("#pw", "INPUT", "\"type\":\"password\"");
      String json = recording(step("s1", "keydown", pw + ",\"key\":\"ß\""),
          step("s2", "input", pw + ",\"value\":\"hunter2ß\""),
          step("s3", "click", pw),
          step("s4", "keydown", "\"key\":\"Ж\""), // no target: the password field clicked before has the focus
          step("s5", "keydown", pw + ",\"key\":\"Enter\""),
          step("s6", "keydown", pw + ",\"key\":\"Ж\",\"shiftKey\":true,\"altKey\":true"));

      Conversion<Flow> c = read(json);

      assertThat(steps(c)).extracting(s -> s.kind()).containsExactly(Step.Kind.FILL, Step.Kind.CLICK, Step.Kind.PRESS);
      assertThat(((InteractionStep.Press) steps(c).get(2)).key()).isEqualTo("Enter");
      assertThat(codes(c)).contains(tuple(ConversionCode.STEPS_MERGED, ConversionIssue.Severity.INFO, "steps[0]"),
          tuple(ConversionCode.SECRET_POLICY_VIOLATION, ConversionIssue.Severity.BLOCKING, "steps[3]"),
          tuple(ConversionCode.SECRET_POLICY_VIOLATION, ConversionIssue.Severity.BLOCKING, "steps[5]"));
      assertThat(c.issues()).filteredOn(i -> i.code() == ConversionCode.SECRET_POLICY_VIOLATION)
          .allSatisfy(i -> assertThat(i.message()).contains(i.path(), "#pw"));
      assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
      assertThat(FlowJson.write(c.value()) + c.report() + ConversionReport.markdown(c)).doesNotContain("ß", "Ж");
    }
  }

  @Nested
  class ScrollSteps {
    @Test
    void should_scroll_the_page_by_a_delta_or_to_a_position() {
      Conversion<Flow> c = read(recording(step("s1", "scroll", "\"deltaX\":0,\"deltaY\":400"),
          step("s2", "scroll", "\"scrollX\":0,\"scrollY\":1200")));

      assertThat(steps(c)).extracting(s -> ((InteractionStep.Scroll) s).mode(), s -> ((InteractionStep.Scroll) s).y(), s -> ((InteractionStep.Scroll) s).target())
          .containsExactly(tuple(Step.ScrollMode.BY, 400, java.util.Optional.empty()),
              tuple(Step.ScrollMode.TO, 1200, java.util.Optional.empty()));
      assertThat(c.issues()).isEmpty();
    }

    @Test
    void should_scroll_inside_its_element() {
      InteractionStep.Scroll s = (InteractionStep.Scroll) only(read(recording(step("s1", "scroll",
          target("div.list", "DIV", "") + ",\"deltaY\":120"))));
      assertThat(s.target()).hasValue(Target.of(Candidate.css("div.list")));
      assertThat(s.mode()).isEqualTo(Step.ScrollMode.BY);
    }
  }

  @Nested
  class NavigateSteps {
    @Test
    void should_fold_the_start_navigation_into_the_open_and_a_navigation_the_click_checks() {
      Conversion<Flow> c = read(recording(
          "{\"id\":\"n0\",\"type\":\"navigate\",\"tabId\":1,\"url\":\"" + BASE + "/login\",\"transitionType\":\"typed\"}",
          step("s1", "click", target("#go", "BUTTON", "") + ",\"postCondition\":{\"topUrl\":\"" + BASE + "/home\"}"),
          "{\"id\":\"n1\",\"type\":\"navigate\",\"tabId\":1,\"url\":\"" + BASE + "/home\",\"transitionType\":\"link\"}"));

      assertThat(only(c)).isInstanceOf(InteractionStep.Click.class);
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.STEPS_MERGED, ConversionIssue.Severity.INFO, "steps[0]"),
          tuple(ConversionCode.STEPS_MERGED, ConversionIssue.Severity.INFO, "steps[2]"));
    }

    @Test
    void should_check_a_navigation_the_page_caused_as_the_expect_url_of_the_step_before() {
      Conversion<Flow> c = read(recording(step("s1", "click", target("#go", "BUTTON", "")),
          "{\"id\":\"n1\",\"type\":\"navigate\",\"tabId\":1,\"url\":\"" + BASE + "/orders/17\",\"transitionType\":\"form_submit\"}"));

      assertThat(only(c).expect()).containsExactly(Condition.Url.of("${credential.SHOP_BASE_URL}/orders/*"));
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.WAIT_AS_EXPECT, ConversionIssue.Severity.INFO, "steps[1]"));
    }

    @Test
    void should_navigate_where_the_user_typed_reload_and_leave_out_a_repeat_of_the_page_shown() {
      Conversion<Flow> c = read(recording(step("s1", "click", target("#go", "BUTTON", "")),
          "{\"id\":\"n1\",\"type\":\"navigate\",\"tabId\":1,\"url\":\"http://other.test/x\",\"transitionType\":\"typed\","
              + "\"transitionQualifiers\":[\"from_address_bar\"]}",
          "{\"id\":\"n2\",\"type\":\"navigate\",\"tabId\":1,\"url\":\"http://other.test/x\",\"transitionType\":\"reload\"}",
          "{\"id\":\"n3\",\"type\":\"navigate\",\"tabId\":1,\"url\":\"http://other.test/x\",\"transitionType\":\"link\"}"));

      assertThat(steps(c)).extracting(Step::kind, Step::id).containsExactly(tuple(Step.Kind.CLICK, "s1"),
          tuple(Step.Kind.NAVIGATE, "n1"), tuple(Step.Kind.RELOAD, "n2"));
      assertThat(((PageStep.Navigate) steps(c).get(1)).url()).isEqualTo("http://other.test/x");
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.REDUNDANT_NAVIGATE, ConversionIssue.Severity.WARNING, "steps[3]"));
    }

    @Test
    void should_keep_every_navigation_with_preserve_navigate() {
      String json = recording(step("s1", "click", target("#go", "BUTTON", "") + ",\"postCondition\":{\"topUrl\":\"" + BASE + "/home\"}"),
          "{\"id\":\"n1\",\"type\":\"navigate\",\"tabId\":1,\"url\":\"" + BASE + "/home\",\"transitionType\":\"link\"}",
          "{\"id\":\"n2\",\"type\":\"navigate\",\"tabId\":1,\"url\":\"" + BASE + "/home\",\"transitionType\":\"link\"}");

      Conversion<Flow> c = read(json, ImportOptions.builder().preserveNavigate(true).build());

      assertThat(steps(c)).extracting(Step::kind).containsExactly(Step.Kind.CLICK, Step.Kind.NAVIGATE, Step.Kind.NAVIGATE);
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.NAVIGATE_AFTER_CLICK, ConversionIssue.Severity.WARNING, "steps[1]"),
          tuple(ConversionCode.REDUNDANT_NAVIGATE, ConversionIssue.Severity.WARNING, "steps[2]"));
    }

    @Test
    void should_open_the_first_navigation_when_there_is_no_start_url() {
      Conversion<Flow> c = read("{\"schemaVersion\":\"1.0.0\",\"name\":\"x\",\"steps\":["
          + "{\"id\":\"n1\",\"type\":\"navigate\",\"url\":\"" + BASE + "/a\",\"transitionType\":\"typed\"},"
          + "{\"id\":\"s1\",\"type\":\"click\",\"url\":\"" + BASE + "/a\"," + target("#go", "BUTTON", "") + "}]}");

      assertThat(c.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.CLICK);
      assertThat(((PageStep.Open) c.value().steps().get(0)).url()).isEqualTo("${credential.X_BASE_URL}/a");
    }
  }

  @Nested
  class PostMessageSteps {
    @Test
    void should_post_from_the_frame_it_was_sent_from_to_the_recorded_origin() {
      Conversion<Flow> c = read(recording(step("p1", "postmessage", "\"frameUrl\":\"" + BASE + "/pay.html?order=7\","
          + "\"frame\":{\"selector\":\"#payFrame\",\"frameId\":3},\"targetWindow\":\"parent\",\"targetOrigin\":\"" + BASE + "\","
          + "\"data\":{\"type\":\"paid\",\"note\":\"${not a placeholder}\"}")));

      assertThat(steps(c)).extracting(Step::kind).containsExactly(Step.Kind.FRAME, Step.Kind.EVAL);
      assertThat(((PageStep.Frame) steps(c).get(0)).locator()).isEqualTo("#payFrame");
      assertThat(((DataStep.Eval) steps(c).get(1)).script()).isEqualTo("window.parent.postMessage({\"type\":\"paid\","
          + "\"note\":\"\\u0024{not a placeholder}\"}, \"${credential.SHOP_BASE_URL}\")");
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.EVAL_USED, ConversionIssue.Severity.WARNING, "steps[0]"));
    }

    @Test
    void should_post_to_any_origin_with_a_warning_when_none_is_recorded() {
      Conversion<Flow> c = read(recording(step("p1", "postmessage", "\"data\":\"hello\"")));

      assertThat(((DataStep.Eval) only(c)).script()).isEqualTo("window.postMessage(\"hello\", \"*\")");
      assertThat(codes(c)).contains(tuple(ConversionCode.DEFAULT_FILLED, ConversionIssue.Severity.WARNING, "steps[0].targetOrigin"));
    }
  }

  @Nested
  class WaitSteps {
    @Test
    void should_wait_and_report_a_wait_longer_than_the_maximum_naming_what_to_wait_for() {
      String json = recording(step("w1", "wait", "\"waitMs\":6000"), step("s1", "click", target("#result", "TABLE", "")));

      Conversion<Flow> c = read(json);
      Conversion<Flow> relaxed = read(json, ImportOptions.builder().maxFixedWaitMs(10_000).build());

      assertThat(((CheckStep.Wait) steps(c).get(0)).ms()).hasValue(6000);
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.FIXED_WAIT_TOO_LONG, ConversionIssue.Severity.WARNING, "steps[0].waitMs"));
      assertThat(c.issues().get(0).message()).contains("#result", "5000 ms");
      assertThat(relaxed.issues()).isEmpty();
    }

    @Test
    void should_cut_a_wait_longer_than_a_step_may_take() {
      Conversion<Flow> c = read(recording(step("w1", "wait", "\"waitMs\":45000")));

      assertThat(((CheckStep.Wait) only(c)).ms()).hasValue(30_000);
      assertThat(c.issues()).extracting(ConversionIssue::code).containsExactly(ConversionCode.VALUE_CLAMPED,
          ConversionCode.FIXED_WAIT_TOO_LONG);
    }
  }

  // ================================================================= frames and tabs

  @Nested
  class Frames {
    @Test
    void should_enter_a_frame_once_for_its_steps_and_leave_it_for_the_main_frame() {
      String frame = "\"frameUrl\":\"" + BASE + "/pay.html?token=abc\",\"frame\":{\"selector\":\"[role=\\\"dialog\\\"] iframe\"}";
      Conversion<Flow> c = read(recording(step("s1", "input", frame + "," + target("#card", "INPUT", "\"name\":\"card\"")
              + ",\"value\":\"4111\""),
          step("s2", "click", frame + "," + target("#pay", "BUTTON", "\"type\":\"button\"")),
          step("s3", "click", target("#done", "BUTTON", ""))));

      assertThat(steps(c)).extracting(Step::kind).containsExactly(Step.Kind.FRAME, Step.Kind.FILL, Step.Kind.CLICK,
          Step.Kind.FRAME_MAIN, Step.Kind.CLICK);
      assertThat(((PageStep.Frame) steps(c).get(0)).locator()).isEqualTo("[role=\"dialog\"] iframe");
    }

    @Test
    void should_locate_a_frame_by_its_url_without_query_or_by_its_name() {
      Conversion<Flow> c = read(recording(
          step("s1", "click", "\"frameUrl\":\"" + BASE + "/assets/123/detail.html?id=9\"," + target("#a", "BUTTON", "")),
          step("s2", "click", "\"frameUrl\":\"about:blank\",\"frame\":{\"name\":\"side\"}," + target("#b", "BUTTON", ""))));

      assertThat(steps(c)).filteredOn(s -> s instanceof PageStep.Frame).extracting(s -> ((PageStep.Frame) s).locator())
          .containsExactly("url:${credential.SHOP_BASE_URL}/assets/*/detail.html*", "name:side");
    }

    @Test
    void should_block_a_step_in_a_frame_without_a_stable_locator() {
      Conversion<Flow> c = read(recording(step("s1", "click", "\"frameUrl\":\"about:srcdoc\"," + target("#a", "BUTTON", "")),
          step("s2", "click", "\"frame\":{\"frameId\":41}," + target("#b", "BUTTON", ""))));

      assertThat(steps(c)).isEmpty();
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.FRAME_UNRESOLVED, ConversionIssue.Severity.BLOCKING, "steps[0].frameUrl"),
          tuple(ConversionCode.FRAME_RUNTIME_ID_ONLY, ConversionIssue.Severity.BLOCKING, "steps[1].frame"));
      assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
      assertThat(c.mappings()).extracting(StepMapping::outcome).endsWith(StepMapping.Outcome.LEFT_OUT, StepMapping.Outcome.LEFT_OUT);
    }

    @Test
    void should_block_a_post_message_from_a_frame_that_cannot_be_located() {
      Conversion<Flow> c = read(recording(step("p1", "postmessage", "\"frame\":{\"frameId\":7},\"targetOrigin\":\"" + BASE
          + "\",\"data\":{}")));

      assertThat(steps(c)).isEmpty();
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.POSTMESSAGE_FRAME_UNRESOLVED, ConversionIssue.Severity.BLOCKING,
          "steps[0].frame"));
    }
  }

  @Nested
  class Tabs {
    private String twoTabs(String secondTab, String... steps) {
      return "{\"schemaVersion\":\"1.0.0\",\"name\":\"shop\",\"session\":{\"startUrl\":\"" + BASE + "/app\",\"tabId\":1},"
          + "\"tabs\":[{\"tabId\":1,\"origin\":\"start\"}," + secondTab + "],\"steps\":[" + String.join(",", steps) + "]}";
    }

    private String inTab(String tabId, String id) {
      return "{\"id\":\"" + id + "\",\"type\":\"click\"" + (tabId == null ? "" : ",\"tabId\":" + tabId) + ",\"url\":\""
          + BASE + "/x\"," + target("#" + id, "BUTTON", "") + "}";
    }

    @Test
    void should_open_a_tab_the_user_opened_with_tab_new() {
      Conversion<Flow> c = read(twoTabs("{\"tabId\":2,\"origin\":\"newtab\",\"url\":\"" + BASE + "/report\"}",
          "{\"id\":\"n1\",\"type\":\"navigate\",\"tabId\":2,\"url\":\"" + BASE + "/report\",\"transitionType\":\"typed\"}",
          inTab("2", "b")));

      assertThat(steps(c)).extracting(Step::kind).containsExactly(Step.Kind.TAB_NEW, Step.Kind.CLICK);
      assertThat(((PageStep.TabNew) steps(c).get(0)).url()).hasValue("${credential.SHOP_BASE_URL}/report");
      assertThat(c.blockingIssues()).isEmpty();
    }

    @Test
    void should_block_a_step_in_a_tab_no_step_opens() {
      Conversion<Flow> c = read(twoTabs("{\"tabId\":2,\"origin\":\"script\"}", inTab("2", "a"), inTab("3", "b"),
          inTab(null, "c"),
          "{\"id\":\"d\",\"type\":\"click\",\"tabId\":2,\"url\":\"" + BASE + "/x\"," + target("#d", "BUTTON", "") + "}"));

      assertThat(steps(c)).isEmpty();
      assertThat(codes(c)).containsExactly(tuple(ConversionCode.TAB_UNRESOLVED, ConversionIssue.Severity.BLOCKING, "steps[0].tabId"),
          tuple(ConversionCode.TAB_UNRESOLVED, ConversionIssue.Severity.BLOCKING, "steps[1].tabId"),
          tuple(ConversionCode.TAB_UNRESOLVED, ConversionIssue.Severity.BLOCKING, "steps[2].tabId"),
          tuple(ConversionCode.TAB_UNRESOLVED, ConversionIssue.Severity.BLOCKING, "steps[3].tabId"));
    }

    @Test
    void should_block_a_tab_whose_opening_click_is_not_in_the_flow() {
      Conversion<Flow> c = read(twoTabs("{\"tabId\":2,\"origin\":\"click\",\"openerStepId\":\"gone\"}", inTab("2", "a")));

      assertThat(codes(c)).containsExactly(tuple(ConversionCode.TAB_UNRESOLVED, ConversionIssue.Severity.BLOCKING, "steps[0].tabId"));
    }
  }

  // ================================================================= other blocking cases

  @Test
  void should_block_an_element_only_snapshot_refs_name() {
    Conversion<Flow> c = read(recording(step("s1", "click", target("@e12", "BUTTON", "\"selectorCandidates\":[\"@e12\"]"))));

    assertThat(steps(c)).isEmpty();
    assertThat(codes(c)).containsExactly(tuple(ConversionCode.TARGET_UNRESOLVED, ConversionIssue.Severity.BLOCKING, "steps[0].target"));
    assertThat(c.issues().get(0).message()).contains("snapshot refs");
  }

  @Test
  void should_block_a_scroll_inside_an_element_that_cannot_be_located() {
    Conversion<Flow> c = read(recording(step("s1", "scroll", "\"target\":{\"tagName\":\"DIV\"},\"deltaY\":100")));

    assertThat(steps(c)).isEmpty();
    assertThat(codes(c)).containsExactly(tuple(ConversionCode.SCROLL_TARGET_UNRESOLVED, ConversionIssue.Severity.BLOCKING,
        "steps[0].target"));
  }

  @Test
  void should_block_an_unknown_step_type_and_never_drop_it_silently() {
    Conversion<Flow> c = read(recording(step("s1", "dragdrop", ""), step("s2", "click", target("#ok", "BUTTON", ""))));

    assertThat(only(c).id()).isEqualTo("s2");
    assertThat(codes(c)).containsExactly(tuple(ConversionCode.UNSUPPORTED_STEP, ConversionIssue.Severity.BLOCKING, "steps[0]"));
    assertThat(c.issues().get(0).message()).contains("dragdrop");
    assertThat(c.mappings().get(1)).isEqualTo(new StepMapping("steps[0]", "dragdrop", StepMapping.Outcome.LEFT_OUT, List.of(), ""));
    assertThat(c.stepsRead()).isEqualTo(2);
    assertThat(c.stepsMapped()).isEqualTo(1);
    assertThat(ConversionCode.named("UNSUPPORTED_STEP_TYPE")).contains(ConversionCode.UNSUPPORTED_STEP);
  }

  @Test
  void should_block_a_literal_secret_outside_a_field() {
    Conversion<Flow> c = read(recording(step("p1", "postmessage", "\"targetOrigin\":\"" + BASE + "\","
        + "\"data\":{\"token\":\"ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A\"}")));

    assertThat(codes(c)).contains(tuple(ConversionCode.SECRET_POLICY_VIOLATION, ConversionIssue.Severity.BLOCKING, "steps[0]"));
  }

  // ================================================================= the whole recording, options, detection

  @Test
  void should_convert_the_seed_scenario_with_every_step_type() throws IOException {
    Conversion<Flow> c = FlowFormats.read(resource("recording-plugin/meter-rebind.json"), "meter-rebind.json");
    Flow f = c.value();

    assertThat(c.from()).isEqualTo(Format.RECORDING_PLUGIN);
    assertThat(c.quality()).as(c.report()).isEqualTo(Quality.NEEDS_REVIEW);
    assertThat(f.id()).isEqualTo("meter-rebind");
    assertThat(f.name()).isEqualTo("电表重新关联");
    assertThat(f.meta()).hasValueSatisfying(m -> assertThat(m.source()).hasValue("recording-plugin"));
    assertThat(f.credentials()).extracting(Credential::key, Credential::secret).containsExactly(
        tuple("METER_REBIND_BASE_URL", false), tuple("METER_REBIND_USERNAME", false), tuple("METER_REBIND_PASSWORD", true));
    assertThat(f.inputs()).extracting(Input::key).containsExactly("DEVICE_ID", "NEW_METER");
    assertThat(f.steps()).extracting(Step::kind, Step::id).containsExactly(
        tuple(Step.Kind.OPEN, "s1"),
        tuple(Step.Kind.FILL, "step_002"), tuple(Step.Kind.FILL, "step_003"), tuple(Step.Kind.CLICK, "step_004"),
        tuple(Step.Kind.FILL, "step_007"), tuple(Step.Kind.PRESS, "step_008"), tuple(Step.Kind.SELECT, "step_009"),
        tuple(Step.Kind.CHECK, "step_010"), tuple(Step.Kind.CLICK, "step_011"), tuple(Step.Kind.WAIT, "step_012"),
        tuple(Step.Kind.SCROLL, "step_013"), tuple(Step.Kind.SCROLL, "step_014"), tuple(Step.Kind.CLICK, "step_015"),
        tuple(Step.Kind.FRAME, "s2"), tuple(Step.Kind.FILL, "step_016"), tuple(Step.Kind.EVAL, "step_017"),
        tuple(Step.Kind.EVAL, "step_018"), tuple(Step.Kind.FRAME_MAIN, "s3"), tuple(Step.Kind.CLICK, "step_019"),
        tuple(Step.Kind.TAB_SWITCH, "s4"), tuple(Step.Kind.CLICK, "step_021"), tuple(Step.Kind.PRESS, "step_022"),
        tuple(Step.Kind.TAB_SWITCH, "s5"), tuple(Step.Kind.NAVIGATE, "step_023"), tuple(Step.Kind.WAIT, "step_024"));
    assertThat(((InteractionStep.Click) f.steps().get(3)).expect()).containsExactly(Condition.Url.of("${credential.METER_REBIND_BASE_URL}/#/index"));
    assertThat(((InteractionStep.Click) f.steps().get(18)).newTab()).hasValue("tab2");
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).containsExactlyInAnyOrder(
        tuple(ConversionCode.STEPS_MERGED, "steps[0]"),
        tuple(ConversionCode.SENSITIVE_VALUE, "steps[1].value"),
        tuple(ConversionCode.SENSITIVE_VALUE, "steps[2].value"),
        tuple(ConversionCode.STEPS_MERGED, "steps[4]"),
        tuple(ConversionCode.OVERLAY_CLICK, "steps[5]"),
        tuple(ConversionCode.EVAL_USED, "steps[16]"),
        tuple(ConversionCode.SUBMIT_FALLBACK_TO_EVAL, "steps[17]"),
        tuple(ConversionCode.STEPS_MERGED, "steps[19]"),
        tuple(ConversionCode.FIXED_WAIT_TOO_LONG, "steps[23].waitMs"));
    assertThat(c.stepsRead()).isEqualTo(24);
    assertThat(c.stepsMapped()).isEqualTo(23);
    assertThat(FlowJson.read(FlowJson.write(f))).isEqualTo(f);
  }

  @Test
  void should_refuse_options_for_a_format_they_do_not_apply_to_and_bad_option_values() throws IOException {
    String side = resource("side/shop.side");
    ImportOptions keep = ImportOptions.builder().keepOverlayClicks(true).build();

    assertThatThrownBy(() -> FlowFormats.read(side, Format.SELENIUM_IDE, "shop.side", keep))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("recording-plugin").hasMessageContaining("side");
    assertThat(FlowFormats.read(side, Format.SELENIUM_IDE, "shop.side", ImportOptions.defaults()).from()).isEqualTo(Format.SELENIUM_IDE);
    assertThatThrownBy(() -> ImportOptions.builder().maxFixedWaitMs(-1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxFixedWaitMs").hasMessageContaining("30000");
    assertThat(ImportOptions.defaults().maxFixedWaitMs()).isEqualTo(5_000);
    assertThat(ImportOptions.defaults().isDefault()).isTrue();
    assertThat(keep.isDefault()).isFalse();
  }

  @Test
  void should_detect_the_format_by_content_without_taking_other_formats() throws IOException {
    String plugin = resource("recording-plugin/meter-rebind.json");
    String browserctl = resource("browserctl/shop-order.browserctl-flow.json");
    String chrome = resource("chrome-recorder/checkout.json");
    // a recording with a title, which a Chrome Recorder user flow has too
    String titled = recording(step("s1", "click", target("#a", "BUTTON", ""))).replace("\"name\":\"shop\"", "\"title\":\"Shop\"");
    // the record-replay extension's flows (seed 000) have steps of some of these types, and a version, not a schemaVersion
    String recordReplay = "{\"id\":\"f1\",\"name\":\"login\",\"version\":1,\"steps\":[{\"id\":\"a\",\"type\":\"click\","
        + "\"target\":{\"candidates\":[{\"type\":\"css\",\"value\":\"#go\"}]}}]}";

    assertThat(FlowFormats.detect(plugin)).hasValue(Format.RECORDING_PLUGIN);
    assertThat(FlowFormats.detect(titled)).hasValue(Format.RECORDING_PLUGIN);
    assertThat(FlowFormats.detect(browserctl)).hasValue(Format.BROWSERCTL);
    assertThat(FlowFormats.detect(chrome)).hasValue(Format.CHROME_RECORDER);
    assertThat(FlowFormats.detect(resource("side/shop.side"))).hasValue(Format.SELENIUM_IDE);
    RecordingPluginCodec codec = new RecordingPluginCodec();
    assertThat(codec.detects(browserctl)).isFalse();
    assertThat(codec.detects(chrome)).isFalse();
    assertThat(codec.detects(recordReplay)).isFalse();
    assertThat(codec.detects(FlowJson.write(Flow.named("x").open("http://a.test").build()))).isFalse();
    assertThat(new ChromeRecorderCodec().detects(titled)).isFalse();
    assertThat(new BrowserctlCodec().detects(plugin)).isFalse();
    assertThat(Format.fromId("recording-plugin")).hasValue(Format.RECORDING_PLUGIN);
    assertThat(Format.RECORDING_PLUGIN.readable()).isTrue();
    assertThat(Format.RECORDING_PLUGIN.writable()).isFalse();
  }

  // ================================================================= outputs: browserctl, report, secrets

  @Test
  void should_carry_the_imports_blocking_issues_into_the_browserctl_file_and_its_quality() throws IOException {
    Conversion<Flow> c = FlowFormats.read(resource("recording-plugin/blocked-order.json"), "blocked-order.json");

    Conversion<String> out = FlowFormats.write(c, Format.BROWSERCTL);
    com.fasterxml.jackson.databind.JsonNode root = Json.MAPPER.readTree(out.value());

    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(out.quality()).as("the export's own issues").isNotEqualTo(Quality.BLOCKED);
    assertThat(root.path("quality").path("status").asText()).isEqualTo("blocked");
    List<String> blocking = new java.util.ArrayList<>();
    root.path("quality").path("blockingIssues").forEach(i -> blocking.add(i.path("code").asText() + "@" + i.path("path").asText()
        + "@" + i.path("source").asText()));
    assertThat(blocking).containsExactlyInAnyOrder("TARGET_UNRESOLVED@steps[0].target@recording-plugin",
        "FRAME_UNRESOLVED@steps[1].frameUrl@recording-plugin", "POSTMESSAGE_FRAME_UNRESOLVED@steps[2].frame@recording-plugin",
        "SCROLL_TARGET_UNRESOLVED@steps[3].target@recording-plugin", "TAB_UNRESOLVED@steps[4].tabId@recording-plugin",
        "UNSUPPORTED_STEP@steps[5]@recording-plugin");
    // read back, the file is as blocked as the conversion was
    assertThat(FlowFormats.read(out.value(), "blocked-order.browserctl-flow.json").quality()).isEqualTo(Quality.BLOCKED);
  }

  @Test
  void should_name_the_command_an_import_warning_is_about_in_the_browserctl_file() throws IOException {
    Conversion<Flow> c = FlowFormats.read(resource("recording-plugin/meter-rebind.json"), "meter-rebind.json");

    com.fasterxml.jackson.databind.JsonNode root = Json.MAPPER.readTree(FlowFormats.write(c, Format.BROWSERCTL).value());

    List<String> warnings = new java.util.ArrayList<>();
    root.path("warnings").forEach(w -> warnings.add(w.path("code").asText() + "@" + w.path("commandId").asText("-")));
    assertThat(warnings).contains("SUBMIT_FALLBACK_TO_EVAL@step_018", "OVERLAY_CLICK@-", "FIXED_WAIT_TOO_LONG@step_024");
    assertThat(root.path("quality").path("status").asText()).isEqualTo("needs_review");
  }

  @Test
  void should_write_a_markdown_report_of_mapping_declarations_issues_and_confirmations() throws IOException {
    Conversion<Flow> c = FlowFormats.read(resource("recording-plugin/meter-rebind.json"), "meter-rebind.json");
    Conversion<String> out = FlowFormats.write(c, Format.BROWSERCTL);

    String md = ConversionReport.markdown(c, out, "meter-rebind.browserctl-flow.json");

    assertThat(md).startsWith("# Conversion report: 电表重新关联\n")
        .contains("- Source: recording-plugin → flow `meter-rebind` → browserctl\n",
            "- Output: `meter-rebind.browserctl-flow.json`\n",
            "- Steps: 23 of 24 source steps mapped, 25 flow steps\n",
            "- Quality: **needs_review**",
            "## Step mapping\n\n| source | type | outcome | result | issues |\n|---|---|---|---|---|\n",
            "| `session.startUrl` | start | mapped | `open s1` (the session's start URL) |  |\n",
            "| `steps[0]` | navigate | merged | into the open of the start URL | `STEPS_MERGED` |\n",
            "| `steps[5]` | click | skipped | overlay click | `OVERLAY_CLICK` |\n",
            "| `steps[15]` | input | mapped | `frame s2`, `fill step_016` |  |\n",
            "| `steps[17]` | submit | mapped | `eval step_018` | `SUBMIT_FALLBACK_TO_EVAL` |\n",
            "## Credentials\n",
            "| `METER_REBIND_PASSWORD` | password | yes | Password typed into [placeholder=\"密码\"] | kept in memory only",
            "## Inputs\n",
            "| `DEVICE_ID` | 设备ID | `1000000150601081283` |",
            "## Warnings\n\n- `SENSITIVE_VALUE` at `steps[2].value`: ",
            "## Blocking issues\n\nNone.\n",
            "## Manual confirmations\n\n",
            "- [ ] Give credential `METER_REBIND_PASSWORD` (password, secret) where the flow runs\n",
            "- [ ] Check `FIXED_WAIT_TOO_LONG` at `steps[23].waitMs`\n")
        .doesNotContain("Abc@12345");
  }

  @Test
  void should_report_blocking_issues_and_what_to_resolve_in_markdown() throws IOException {
    Conversion<Flow> c = FlowFormats.read(resource("recording-plugin/blocked-order.json"), "blocked-order.json");

    String md = ConversionReport.markdown(c);

    assertThat(md).contains("- Quality: **blocked** (6 blocking issues, 0 warnings): do not use the flow as it is",
        "| `steps[5]` | dragdrop | left out | — | `UNSUPPORTED_STEP` |",
        "- `TAB_UNRESOLVED` at `steps[4].tabId`: ",
        "- [ ] Resolve `POSTMESSAGE_FRAME_UNRESOLVED` at `steps[2].frame` before the flow is used\n");
  }

  @Test
  void should_write_no_recorded_secret_into_any_output() throws IOException {
    String json = recording(step("s1", "input", target("#pw", "INPUT", "\"type\":\"password\"") + ",\"value\":\"Tr0ub4dor&3-xyz\""),
        step("s2", "input", target("#key", "INPUT", "\"name\":\"apiKey\"") + ",\"value\":\"sk_live_51HqLyjWDarjtT1zdp7dc\""));

    Conversion<Flow> c = read(json);

    assertThat(c.value().credentials()).extracting(Credential::key).contains("SHOP_PASSWORD", "SHOP_SECRET");
    assertThat(c.recordedSecrets().keys()).contains("SHOP_PASSWORD", "SHOP_SECRET");
    for (Format f : List.of(Format.FLOW, Format.BROWSERCTL, Format.BROWSERCTL_TEXT, Format.CHROME_RECORDER, Format.JAVA)) {
      assertThat(FlowFormats.write(c, f).value()).as(f.id()).doesNotContain("Tr0ub4dor", "sk_live_51HqLyjWDarjtT1zdp7dc");
    }
    assertThat(ConversionReport.markdown(c, FlowFormats.write(c, Format.BROWSERCTL), "shop.browserctl-flow.json") + c.report())
        .doesNotContain("Tr0ub4dor", "sk_live_51HqLyjWDarjtT1zdp7dc");
  }
}
