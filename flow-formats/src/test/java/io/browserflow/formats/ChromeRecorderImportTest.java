package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Import of Chrome Recorder user flows: one mapping per step type and selector kind, with the issues each leaves. */
class ChromeRecorderImportTest {
  private final ChromeRecorderCodec codec = new ChromeRecorderCodec();

  private Conversion<Flow> read(String steps) {
    return read("{\"title\": \"Recording\", \"steps\": [" + steps + "]}", true);
  }

  private Conversion<Flow> read(String json, boolean valid) {
    Conversion<Flow> c = codec.read(json, "recording.json");
    if (valid) {
      assertThat(c.issues()).as("validation problems").noneMatch(i -> i.code() == ConversionCode.INVALID_FLOW
          || i.code() == ConversionCode.BINDING_UNRESOLVED || i.message().startsWith("the imported flow is not valid"));
      assertThat(FlowJson.read(FlowJson.write(c.value()))).isEqualTo(c.value());
    }
    return c;
  }

  private static final String OPEN = "{\"type\": \"navigate\", \"url\": \"http://127.0.0.1:8080/form.html\"}";

  private static List<ConversionCode> codes(Conversion<?> c) {
    return c.issues().stream().map(ConversionIssue::code).collect(Collectors.toList());
  }

  private static Optional<ConversionIssue> issue(Conversion<?> c, ConversionCode code) {
    return c.issues().stream().filter(i -> i.code() == code).findFirst();
  }

  @Test
  void should_map_set_viewport_and_the_first_navigate_to_open_and_later_ones_to_navigate() {
    Conversion<Flow> c = read("{\"type\": \"setViewport\", \"width\": 1280, \"height\": 720, \"deviceScaleFactor\": 1,"
        + " \"isMobile\": false, \"hasTouch\": false, \"isLandscape\": false}, " + OPEN + ","
        + "{\"type\": \"navigate\", \"url\": \"http://127.0.0.1:8080/other.html\"}");

    List<Step> steps = c.value().steps();
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.SET_VIEWPORT, Step.Kind.OPEN, Step.Kind.NAVIGATE);
    assertThat(((PageStep.SetViewport) steps.get(0)).width()).isEqualTo(1280);
    assertThat(((PageStep.Open) steps.get(1)).url()).isEqualTo("http://127.0.0.1:8080/form.html");
    assertThat(((PageStep.Navigate) steps.get(2)).url()).isEqualTo("http://127.0.0.1:8080/other.html");
    assertThat(steps).extracting(Step::id).containsExactly("s1", "s2", "s3");
    assertThat(c.issues()).isEmpty();
    assertThat(c.quality()).isEqualTo(Quality.READY);
    assertThat(c.stepsRead()).isEqualTo(3);
    assertThat(c.stepsMapped()).isEqualTo(3);
    assertThat(c.value().name()).isEqualTo("Recording");
  }

  @Test
  void should_clamp_a_tiny_viewport_and_carry_over_the_device_emulation() {
    Conversion<Flow> c = read("{\"type\": \"setViewport\", \"width\": 200, \"height\": 700, \"deviceScaleFactor\": 3,"
        + " \"isMobile\": true, \"hasTouch\": true, \"isLandscape\": true}," + OPEN);

    PageStep.SetViewport viewport = (PageStep.SetViewport) c.value().steps().get(0);
    assertThat(viewport.width()).isEqualTo(320);
    assertThat(viewport.deviceScaleFactor()).hasValue(3);
    assertThat(viewport.mobile()).isTrue();
    assertThat(viewport.touch()).isTrue();
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.VALUE_CLAMPED, "steps[0].width"), tuple(ConversionCode.UNSUPPORTED_OPTION, "steps[0].isLandscape"));
  }

  @Test
  void should_map_clicks_with_buttons_offsets_and_device_types() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"click\", \"selectors\": [[\"#pad\"]], \"offsetX\": 30, \"offsetY\": 15.5, \"duration\": 300},"
        + "{\"type\": \"click\", \"selectors\": [[\"#pad\"]], \"offsetX\": 1, \"offsetY\": 2, \"button\": \"secondary\"},"
        + "{\"type\": \"click\", \"selectors\": [[\"#pad\"]], \"offsetX\": 1, \"offsetY\": 2, \"button\": \"auxiliary\", \"deviceType\": \"touch\"},"
        + "{\"type\": \"click\", \"selectors\": [[\"#pad\"]], \"offsetX\": 1, \"offsetY\": 2, \"button\": \"back\"},"
        + "{\"type\": \"doubleClick\", \"selectors\": [[\"#pad\"]], \"offsetX\": 5, \"offsetY\": 6},"
        + "{\"type\": \"hover\", \"selectors\": [[\"#pad\"]]}");

    List<Step> steps = c.value().steps();
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.CLICK, Step.Kind.CLICK,
        Step.Kind.CLICK, Step.Kind.CLICK, Step.Kind.DBLCLICK, Step.Kind.HOVER);
    InteractionStep.Click first = (InteractionStep.Click) steps.get(1);
    assertThat(first.offset()).contains(Point.of(30, 15.5));
    assertThat(first.button()).isEqualTo(Step.MouseButton.LEFT);
    assertThat(first.delay()).hasValue(300);
    assertThat(first.target()).isEqualTo(Target.of(Candidate.id("pad")));
    assertThat(((InteractionStep.Click) steps.get(2)).button()).isEqualTo(Step.MouseButton.RIGHT);
    assertThat(((InteractionStep.Click) steps.get(3)).button()).isEqualTo(Step.MouseButton.MIDDLE);
    assertThat(((InteractionStep.Click) steps.get(4)).button()).isEqualTo(Step.MouseButton.BACK);
    assertThat(((InteractionStep.Dblclick) steps.get(5)).offset()).contains(Point.of(5, 6));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).containsExactly(
        tuple(ConversionCode.UNSUPPORTED_OPTION, "steps[3].deviceType"));
    assertThat(c.stepsMapped()).isEqualTo(7);
    assertThat(c.stepsRead()).isEqualTo(7);
  }

  @Test
  void should_map_change_to_a_change_step_whose_element_decides_at_run_time() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"change\", \"selectors\": [[\"aria/Name\"], [\"#name\"]], \"value\": \"Ada\"},"
        + "{\"type\": \"change\", \"selectors\": [[\"#colour\"]], \"value\": \"blue\"}");

    List<Step> steps = c.value().steps();
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.CHANGE, Step.Kind.CHANGE);
    InteractionStep.Change name = (InteractionStep.Change) steps.get(1);
    assertThat(name.value()).isEqualTo("Ada");
    assertThat(name.target().candidates()).containsExactly(Candidate.aria("Name"), Candidate.id("name"));
    assertThat(((InteractionStep.Change) steps.get(2)).value()).isEqualTo("blue");
    assertThat(c.issues()).isEmpty();
  }

  @Test
  void should_replace_each_distinct_password_typed_in_the_recording_by_its_own_secret_credential() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"change\", \"selectors\": [[\"#password\"]], \"value\": \"hunter2-secret\"},"
        + "{\"type\": \"change\", \"selectors\": [[\"#password\"]], \"value\": \"hunter2-secret!\"},"
        + "{\"type\": \"change\", \"selectors\": [[\"#email\"]], \"value\": \"grace@example.test\"},"
        + "{\"type\": \"change\", \"selectors\": [[\"#password\"]], \"value\": \"grace-secret\"},"
        + "{\"type\": \"change\", \"selectors\": [[\"#pwd-again\"]], \"value\": \"hunter2-secret\"}");

    List<Step> steps = c.value().steps().subList(1, 6);
    assertThat(steps).extracting(s -> ((InteractionStep.Change) s).value()).containsExactly("${credential.PASSWORD}",
        "${credential.PASSWORD_2}", "grace@example.test", "${credential.PASSWORD_GRACE}", "${credential.PASSWORD}");
    assertThat(c.value().credentials()).extracting(Credential::key).containsExactly("PASSWORD", "PASSWORD_2", "PASSWORD_GRACE");
    assertThat(c.value().credentials()).allMatch(Credential::secret).allMatch(k -> k.type() == Credential.Type.PASSWORD);
    assertThat(c.recordedSecrets().keys()).containsExactly("PASSWORD", "PASSWORD_2", "PASSWORD_GRACE");
    assertThat(c.recordedSecrets().value("PASSWORD_GRACE")).hasValue("grace-secret");
    assertThat(c.recordedSecrets().toString()).doesNotContain("secret\"", "hunter2", "grace-secret");
    assertThat(c.issues()).extracting(ConversionIssue::code).containsOnly(ConversionCode.SENSITIVE_VALUE);
    assertThat(c.report()).doesNotContain("hunter2", "grace-secret");
    assertThat(FlowJson.write(c.value())).doesNotContain("hunter2", "grace-secret");
    assertThat(c.withValue(Format.FLOW, "text").recordedSecrets().isEmpty()).isTrue();
  }

  @Test
  void should_merge_key_down_and_up_into_a_press_with_held_modifiers() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"keyDown\", \"key\": \"Enter\"}, {\"type\": \"keyUp\", \"key\": \"Enter\","
        + " \"assertedEvents\": [{\"type\": \"navigation\", \"url\": \"http://127.0.0.1:8080/orders/12345\", \"title\": \"Order\"}]},"
        + "{\"type\": \"keyDown\", \"key\": \"Shift\"}, {\"type\": \"keyDown\", \"key\": \"Tab\"},"
        + "{\"type\": \"keyUp\", \"key\": \"Tab\"}, {\"type\": \"keyUp\", \"key\": \"Shift\"},"
        + "{\"type\": \"keyDown\", \"key\": \"Control\"}, {\"type\": \"click\", \"selectors\": [[\"#a\"]], \"offsetX\": 1, \"offsetY\": 1},"
        + "{\"type\": \"keyUp\", \"key\": \"Control\"},"
        + "{\"type\": \"keyDown\", \"key\": \"Escape\"}, {\"type\": \"keyUp\", \"key\": \"Escape\"},"
        + "{\"type\": \"keyDown\", \"key\": \" \"}, {\"type\": \"keyUp\", \"key\": \" \"},"
        + "{\"type\": \"keyUp\", \"key\": \"q\"}");

    List<Step> steps = c.value().steps();
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.PRESS, Step.Kind.PRESS,
        Step.Kind.CLICK, Step.Kind.PRESS, Step.Kind.PRESS, Step.Kind.PRESS);
    InteractionStep.Press enter = (InteractionStep.Press) steps.get(1);
    assertThat(enter.key()).isEqualTo("Enter");
    assertThat(enter.target()).isEmpty();
    assertThat(enter.expect()).containsExactly(Condition.Url.of("http://127.0.0.1:8080/orders/*"), Condition.Title.of("Order"));
    InteractionStep.Press tab = (InteractionStep.Press) steps.get(2);
    assertThat(tab.key()).isEqualTo("Tab");
    assertThat(tab.modifiers()).containsExactly("Shift");
    assertThat(((InteractionStep.Click) steps.get(3)).modifiers()).containsExactly("Control");
    assertThat(((InteractionStep.Press) steps.get(4)).modifiers()).isEmpty();
    assertThat(((InteractionStep.Press) steps.get(5)).key()).isEqualTo("Space");
    assertThat(steps).allMatch(st -> !(st instanceof InteractionStep.Press p) || p.phase() == Step.KeyPhase.PRESS || p.key().equals("q"));
    InteractionStep.Press release = (InteractionStep.Press) steps.get(6);
    assertThat(release.phase()).isEqualTo(Step.KeyPhase.UP);
    assertThat(release.key()).isEqualTo("q");
    assertThat(c.issues()).filteredOn(i -> i.severity() != ConversionIssue.Severity.INFO).isEmpty();
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).contains(
        tuple(ConversionCode.STEPS_MERGED, "steps[2]"), tuple(ConversionCode.STEPS_MERGED, "steps[5]"), tuple(ConversionCode.STEPS_MERGED, "steps[6]"),
        tuple(ConversionCode.STEPS_MERGED, "steps[9]"), tuple(ConversionCode.KEY_UNPAIRED, "steps[14]"));
    assertThat(c.stepsMapped()).isEqualTo(15);
  }

  @Test
  void should_keep_a_key_down_around_the_steps_recorded_before_its_release_and_at_the_end() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"keyDown\", \"key\": \"a\"}, {\"type\": \"click\", \"selectors\": [[\"#b\"]], \"offsetX\": 1, \"offsetY\": 1},"
        + "{\"type\": \"keyUp\", \"key\": \"a\"}, {\"type\": \"keyDown\", \"key\": \"z\"}");

    List<Step> steps = c.value().steps();
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.PRESS, Step.Kind.CLICK,
        Step.Kind.PRESS, Step.Kind.PRESS);
    assertThat(steps).filteredOn(InteractionStep.Press.class::isInstance).map(InteractionStep.Press.class::cast)
        .extracting(InteractionStep.Press::key, InteractionStep.Press::phase).containsExactly(
            tuple("a", Step.KeyPhase.DOWN), tuple("a", Step.KeyPhase.UP), tuple("z", Step.KeyPhase.DOWN));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .contains(tuple(ConversionCode.KEY_UNPAIRED, "steps[4]"));
  }

  @Test
  void should_map_page_and_element_scrolls_to_absolute_positions() {
    Conversion<Flow> c = read(OPEN + ", {\"type\": \"scroll\", \"x\": 0, \"y\": 500.4},"
        + "{\"type\": \"scroll\", \"selectors\": [[\"#list\"]], \"x\": 10, \"y\": 80}");

    InteractionStep.Scroll page = (InteractionStep.Scroll) c.value().steps().get(1);
    assertThat(page.mode()).isEqualTo(Step.ScrollMode.TO);
    assertThat(page.target()).isEmpty();
    assertThat(page.y()).isEqualTo(500);
    InteractionStep.Scroll element = (InteractionStep.Scroll) c.value().steps().get(2);
    assertThat(element.target()).contains(Target.of(Candidate.id("list")));
    assertThat(element.x()).isEqualTo(10);
    assertThat(element.y()).isEqualTo(80);
  }

  @Test
  void should_map_wait_for_element_as_the_reference_replays_it_a_count_negated_by_visible_false() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"waitForElement\", \"selectors\": [[\"#done\"]]},"
        + "{\"type\": \"waitForElement\", \"selectors\": [[\".item\"]], \"operator\": \"==\", \"count\": 3},"
        + "{\"type\": \"waitForElement\", \"selectors\": [[\"#spinner\"]], \"visible\": false},"
        + "{\"type\": \"waitForElement\", \"selectors\": [[\".row\"]], \"operator\": \"<=\", \"count\": 2, \"visible\": false},"
        + "{\"type\": \"waitForElement\", \"selectors\": [[\"#name\"]], \"attributes\": {\"aria-invalid\": \"false\"},"
        + " \"properties\": {\"value\": \"Ada\", \"checked\": true, \"offsetWidth\": 100, \"dataset\": {\"userId\": \"7\"}}},"
        + "{\"type\": \"waitForElement\", \"selectors\": [[\"#toast\"]], \"attributes\": {\"role\": \"alert\"}, \"visible\": false}");

    Target done = Target.of(Candidate.id("done"));
    Target name = Target.of(Candidate.id("name"));
    Target toast = Target.of(Candidate.id("toast"));
    List<Step> steps = c.value().steps();
    assertThat(((CheckStep.Wait) steps.get(1)).until()).contains(Condition.Count.of(done, Condition.Op.GTE, 1));
    assertThat(((CheckStep.Wait) steps.get(2)).until()).contains(Condition.Count.of(Target.of(Candidate.css(".item")), Condition.Op.EQ, 3));
    assertThat(((CheckStep.Wait) steps.get(3)).until())
        .contains(Condition.Not.of(Condition.Count.of(Target.of(Candidate.id("spinner")), Condition.Op.GTE, 1)));
    assertThat(((CheckStep.Wait) steps.get(4)).until())
        .contains(Condition.Not.of(Condition.Count.of(Target.of(Candidate.css(".row")), Condition.Op.LTE, 2)));
    CheckStep.Wait attrs = (CheckStep.Wait) steps.get(5);
    assertThat(attrs.until()).contains(Condition.Count.of(name, Condition.Op.GTE, 1));
    assertThat(attrs.expect()).containsExactly(
        Condition.Attribute.of(name, "aria-invalid", Optional.of("false")),
        Condition.Value.of(name, "Ada"),
        Condition.Element.of(name, Condition.State.CHECKED),
        Condition.Attribute.of(name, "data-user-id", Optional.of("7")));
    CheckStep.Wait gone = (CheckStep.Wait) steps.get(6);
    assertThat(gone.until()).contains(Condition.Not.of(Condition.Count.of(toast, Condition.Op.GTE, 1)));
    assertThat(gone.expect()).isEmpty();
    assertThat(c.issues()).filteredOn(i -> i.severity() == ConversionIssue.Severity.WARNING)
        .extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.UNSUPPORTED_OPTION, "steps[5].properties.offsetWidth"),
            tuple(ConversionCode.UNSUPPORTED_OPTION, "steps[6].visible"));
    assertThat(c.issues()).noneMatch(i -> i.message().contains("visibility is not"));
  }

  @Test
  void should_map_wait_for_expression_declaring_script_eval_and_the_sleep_idiom_to_a_fixed_wait() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"waitForExpression\", \"expression\": \"window.ready === true\"},"
        + "{\"type\": \"waitForExpression\", \"expression\": \"new Promise(resolve => setTimeout(() => resolve(true), 1500))\"}");

    assertThat(((CheckStep.Wait) c.value().steps().get(1)).until()).contains(Condition.Expression.of("window.ready === true"));
    assertThat(((CheckStep.Wait) c.value().steps().get(2)).ms()).hasValue(1500);
    assertThat(c.value().policy().get().capabilities()).containsExactly(Capability.SCRIPT_EVAL);
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.EVAL_USED, "steps[1]"));
  }

  @Test
  void should_report_network_emulation_unknown_types_and_custom_steps_left_out() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"emulateNetworkConditions\", \"download\": 1000, \"upload\": 500, \"latency\": 40},"
        + "{\"type\": \"customStep\", \"name\": \"solveCaptcha\", \"parameters\": {\"token\": \"abc\"}},"
        + "{\"type\": \"teleport\"}");

    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::severity, ConversionIssue::path).containsExactly(
        tuple(ConversionCode.CUSTOM_STEP, ConversionIssue.Severity.WARNING, "steps[2]"),
        tuple(ConversionCode.UNSUPPORTED_STEP, ConversionIssue.Severity.WARNING, "steps[3]"));
    assertThat(c.quality()).isNotEqualTo(Quality.BLOCKED);
    assertThat(issue(c, ConversionCode.CUSTOM_STEP).get().message()).contains("solveCaptcha", "reference replayer skips it too");
    assertThat(c.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.EMULATE_NETWORK);
    assertThat(c.value().steps().get(1)).isEqualTo(PageStep.EmulateNetwork.builder().id(c.value().steps().get(1).id())
        .downloadBytesPerSecond(1000).uploadBytesPerSecond(500).latencyMs(40).build());
    assertThat(c.stepsMapped()).isEqualTo(2);
  }

  @Test
  void should_read_network_conditions_as_the_reference_replays_them() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"emulateNetworkConditions\", \"download\": 0, \"upload\": 0, \"latency\": 40},"
        + "{\"type\": \"emulateNetworkConditions\", \"download\": -1, \"upload\": -1, \"latency\": 0},"
        + "{\"type\": \"emulateNetworkConditions\", \"download\": 0, \"upload\": 750.4, \"latency\": 0},"
        + "{\"type\": \"emulateNetworkConditions\", \"download\": \"fast\", \"upload\": 1, \"latency\": 0}");

    List<Step> steps = c.value().steps();
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.EMULATE_NETWORK,
        Step.Kind.EMULATE_NETWORK, Step.Kind.EMULATE_NETWORK);
    PageStep.EmulateNetwork offline = (PageStep.EmulateNetwork) steps.get(1);
    assertThat(offline.offline()).isTrue();
    assertThat(offline.throttles()).as("offline sends nothing: no latency").isFalse();
    assertThat(((PageStep.EmulateNetwork) steps.get(2)).realNetwork()).isTrue();
    PageStep.EmulateNetwork upOnly = (PageStep.EmulateNetwork) steps.get(3);
    assertThat(upOnly.offline()).isFalse();
    assertThat(upOnly.downloadBytesPerSecond()).isEmpty();
    assertThat(upOnly.uploadBytesPerSecond()).hasValue(750);
    assertThat(upOnly.latencyMs()).isEmpty();
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::severity, ConversionIssue::path).containsExactly(
        tuple(ConversionCode.FIELD_INVALID, ConversionIssue.Severity.BLOCKING, "steps[4]"));
    assertThat(io.browserflow.api.validate.FlowValidator.defaults().validate(c.value())).isEmpty();
  }

  @Test
  void should_turn_every_selector_kind_into_candidates_in_order() {
    Conversion<Flow> c = read(OPEN + ", {\"type\": \"click\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": ["
        + "[\"aria/Save[role=\\\"button\\\"]\"], [\"aria/Logo[role=\\\"image\\\"]\"], [\"aria/Save changes\"],"
        + " [\"text/Save changes\"], [\"xpath///*[@id=\\\"save\\\"]\"], [\"pierce/#save\"], [\"form > button.primary\"],"
        + " [\"[data-testid=\\\"save-btn\\\"]\"], \"#save\", [\"aria/Odd[role=\\\"StaticText\\\"]\"]]}");

    assertThat(((InteractionStep.Click) c.value().steps().get(1)).target().candidates()).containsExactly(
        Candidate.role("button", "Save"), Candidate.role("img", "Logo"), Candidate.aria("Save changes"),
        Candidate.textContains("Save changes"), Candidate.xpath("//*[@id=\"save\"]"), Candidate.id("save"),
        Candidate.css("form > button.primary"), Candidate.testId("save-btn"), Candidate.aria("Odd"));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.ROLE_UNKNOWN, "steps[1].selectors[9]"));
  }

  @Test
  void should_report_a_field_the_step_type_does_not_have_with_its_path() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"click\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"#go\"]], \"clickCount\": 3},"
        + "{\"type\": \"keyDown\", \"key\": \"a\", \"selectors\": [[\"#q\"]]}, {\"type\": \"keyUp\", \"key\": \"a\"}");

    assertThat(c.issues()).filteredOn(i -> i.code() == ConversionCode.FIELD_DROPPED)
        .extracting(ConversionIssue::severity, ConversionIssue::path).containsExactly(
            tuple(ConversionIssue.Severity.WARNING, "steps[1].clickCount"), tuple(ConversionIssue.Severity.WARNING, "steps[2].selectors"));
    assertThat(c.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.CLICK, Step.Kind.PRESS);
  }

  @Test
  void should_read_aria_filters_only_when_quoted_and_keep_other_brackets_in_the_name() {
    Conversion<Flow> c = read(OPEN + ", {\"type\": \"click\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": ["
        + "[\"aria/Save [draft]\"], [\"aria/Save[role=button]\"], [\"aria/[name='Go'][role='link']\"], [\"aria/X[level=\\\"2\\\"]\"],"
        + " [\"text/  two spaces \"]]}");

    assertThat(((InteractionStep.Click) c.value().steps().get(1)).target().candidates()).containsExactly(
        Candidate.aria("Save [draft]"), Candidate.aria("Save[role=button]"), Candidate.role("link", "Go"),
        Candidate.textContains("  two spaces "));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.UNSUPPORTED_LOCATOR, "steps[1].selectors[3]"));
  }

  @Test
  void should_put_agreeing_shadow_hosts_in_the_shadow_path_and_keep_only_last_parts_when_they_disagree() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"click\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"app-root\", \"fancy-button\", \"#inner\"],"
        + " [\"app-root\", \"fancy-button\", \"button.x\"], [\"pierce/#inner\"]]},"
        + "{\"type\": \"click\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"app-root\", \"#inner\"], [\"other-host\", \"#inner\"]]}");

    Target agreed = ((InteractionStep.Click) c.value().steps().get(1)).target();
    assertThat(agreed.shadowPath()).containsExactly("app-root", "fancy-button");
    assertThat(agreed.candidates()).containsExactly(Candidate.id("inner"), Candidate.css("button.x"));
    Target dropped = ((InteractionStep.Click) c.value().steps().get(2)).target();
    assertThat(dropped.shadowPath()).isEmpty();
    assertThat(dropped.candidates()).containsExactly(Candidate.id("inner"));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.SHADOW_PATH_DROPPED, "steps[2].selectors"));
  }

  @Test
  void should_locate_frames_by_position_with_a_warning_and_wrap_frame_expressions_in_frame_steps() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"click\", \"frame\": [0, 1], \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"#pay\"]]},"
        + "{\"type\": \"waitForExpression\", \"frame\": [2], \"expression\": \"window.paid\"}");

    List<Step> steps = c.value().steps();
    assertThat(((InteractionStep.Click) steps.get(1)).target().framePath()).containsExactly("iframe >> nth=0", "iframe >> nth=1");
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.CLICK, Step.Kind.FRAME,
        Step.Kind.WAIT, Step.Kind.FRAME_MAIN);
    assertThat(((PageStep.Frame) steps.get(2)).locator()).isEqualTo("iframe >> nth=2");
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).contains(
        tuple(ConversionCode.FRAME_SELECTOR_UNSTABLE, "steps[1].frame"), tuple(ConversionCode.FRAME_SELECTOR_UNSTABLE, "steps[2].frame"));
    assertThat(c.stepsMapped()).isEqualTo(3);
  }

  @Test
  void should_bind_a_popup_target_to_the_click_before_it_and_enter_any_other_target_as_a_frame() {
    String popup = "http://127.0.0.1:8080/help.html";
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"click\", \"target\": \"main\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"#help\"]]},"
        + "{\"type\": \"click\", \"target\": \"" + popup + "\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"#ok\"]]},"
        + "{\"type\": \"close\", \"target\": \"" + popup + "\"},"
        + "{\"type\": \"hover\", \"target\": \"main\", \"selectors\": [[\"#after\"]]},"
        + "{\"type\": \"click\", \"target\": \"http://127.0.0.1:8080/other.html\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"#x\"]]}");

    List<Step> steps = c.value().steps();
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.CLICK, Step.Kind.TAB_SWITCH,
        Step.Kind.CLICK, Step.Kind.TAB_CLOSE, Step.Kind.HOVER, Step.Kind.FRAME, Step.Kind.CLICK);
    assertThat(((InteractionStep.Click) steps.get(1)).newTab()).contains("popup");
    assertThat(((PageStep.TabSwitch) steps.get(2)).alias()).isEqualTo("popup");
    assertThat(((PageStep.TabClose) steps.get(4)).alias()).contains("popup");
    assertThat(((PageStep.Frame) steps.get(6)).locator()).isEqualTo("url:http://127.0.0.1:8080/other.html");
    assertThat(c.value().tabs()).containsExactly(TabAlias.builder().alias("popup").url(popup).opener("main").build());
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.TARGET_ENTERED_AS_FRAME, "steps[5].target"));
  }

  @Test
  void should_expect_the_asserted_navigation_with_volatile_parts_generalized_and_not_repeat_a_covered_navigate() {
    Conversion<Flow> c = read(OPEN + ","
        + "{\"type\": \"click\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"#buy\"]], \"assertedEvents\": [{\"type\": \"navigation\","
        + " \"url\": \"http://127.0.0.1:8080/orders/98765/confirm?session=3f2a9c1e-1b2c-4d5e-8f90-123456789abc&lang=en\", \"title\": \"\"}]},"
        + "{\"type\": \"navigate\", \"url\": \"http://127.0.0.1:8080/orders/98765/confirm?session=3f2a9c1e-1b2c-4d5e-8f90-123456789abc&lang=en\"}");

    List<Step> steps = c.value().steps();
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.CLICK);
    assertThat(steps.get(1).expect()).containsExactly(
        Condition.Url.of("http://127.0.0.1:8080/orders/*/confirm?session=*&lang=en"));
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).containsExactly(tuple(ConversionCode.STEPS_MERGED, "steps[2]"));
    assertThat(c.stepsMapped()).isEqualTo(3);
  }

  @Test
  void should_apply_step_timeouts_the_flow_timeout_as_default_and_clamp_them() {
    Conversion<Flow> c = read("{\"title\": \"T\", \"timeout\": 7000, \"steps\": [" + OPEN + ","
        + "{\"type\": \"click\", \"timeout\": 2000, \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"#a\"]]},"
        + "{\"type\": \"hover\", \"timeout\": 60000, \"selectors\": [[\"#a\"]]}]}", true);

    assertThat(c.value().steps()).extracting(s -> s.timeoutMs().getAsInt()).containsExactly(7000, 2000, 30000);
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.VALUE_CLAMPED, "steps[2].timeout"));
  }

  @Test
  void should_not_copy_a_flow_timeout_equal_to_the_default_onto_steps() {
    Conversion<Flow> c = read("{\"title\": \"T\", \"timeout\": 10000, \"steps\": [" + OPEN + "]}", true);

    assertThat(c.value().steps().get(0).timeoutMs()).isEmpty();
  }

  @Test
  void should_block_steps_that_cannot_find_their_element_and_warn_when_the_recording_never_navigates() {
    Conversion<Flow> c = read("{\"title\": \"T\", \"steps\": ["
        + "{\"type\": \"click\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": [[\"#a\"]]},"
        + "{\"type\": \"click\", \"offsetX\": 1, \"offsetY\": 1, \"selectors\": []},"
        + "{\"type\": \"change\", \"selectors\": [[\"#a\"]]}, 42]}", true);

    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).containsExactly(
        tuple(ConversionCode.NO_START_URL, "steps[0]"), tuple(ConversionCode.FIELD_MISSING, "steps[1].selectors"),
        tuple(ConversionCode.FIELD_INVALID, "steps[2].value"), tuple(ConversionCode.FIELD_INVALID, "steps[3]"));
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(c.value().steps()).hasSize(1);
  }

  @Test
  void should_declare_inputs_and_credentials_named_by_placeholders() {
    Conversion<Flow> c = read("{\"type\": \"navigate\", \"url\": \"${BASE_URL}/login\"},"
        + "{\"type\": \"change\", \"selectors\": [[\"#user\"]], \"value\": \"${credential.USERNAME}\"},"
        + "{\"type\": \"change\", \"selectors\": [[\"#password\"]], \"value\": \"${credential.PASSWORD}\"}");

    assertThat(c.value().inputs()).extracting(i -> i.key()).containsExactly("BASE_URL");
    assertThat(c.value().credentials()).extracting(Credential::key, Credential::secret)
        .containsExactly(tuple("USERNAME", false), tuple("PASSWORD", true));
    assertThat(codes(c)).isEmpty();
  }
}
