package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Export of flows to Chrome Recorder user flows: selectors, checks, key steps, frames, tabs, and what has no equivalent. */
class ChromeRecorderExportTest {
  private final ChromeRecorderCodec codec = new ChromeRecorderCodec();
  private int ids;

  private String id() {
    return "s" + (++ids);
  }

  private Conversion<String> write(Step... steps) {
    return write(Flow.builder().name("Export me").addSteps(steps).build());
  }

  private Conversion<String> write(Flow flow) {
    Conversion<String> c = codec.write(flow);
    assertThat(codec.detects(c.value())).as("the output is detected as a user flow").isTrue();
    return c;
  }

  private static JsonNode steps(Conversion<String> c) {
    return Json.parse(c.value(), "out").get("steps");
  }

  private static List<String> types(Conversion<String> c) {
    return texts(c, "type");
  }

  /** The text of {@code field} in each written step; "" where a step has none. */
  private static List<String> texts(Conversion<String> c, String field) {
    List<String> out = new ArrayList<>();
    steps(c).forEach(s -> out.add(s.path(field).asText()));
    return out;
  }

  private PageStep.Open open() {
    return PageStep.Open.builder().id(id()).url("http://127.0.0.1:8080/form.html").build();
  }

  @Test
  void should_write_steps_in_a_cross_site_frame_entered_by_url_with_the_frame_url_as_target() {
    String inner = "http://localhost:8080/inner.html";
    Conversion<String> c = write(open(),
        PageStep.Frame.builder().id(id()).locator("url:" + inner).build(),
        InteractionStep.Click.builder().id(id()).target(Target.of(Candidate.id("remote"))).offset(Point.of(1, 1)).build(),
        PageStep.FrameMain.builder().id(id()).build(),
        InteractionStep.Click.builder().id(id()).target(Target.of(Candidate.id("local"))).offset(Point.of(1, 1)).build());

    assertThat(c.blockingIssues()).isEmpty();
    JsonNode steps = steps(c);
    assertThat(types(c)).containsExactly("navigate", "click", "click");
    assertThat(steps.get(1).get("target").asText()).isEqualTo(inner);
    assertThat(steps.get(1).has("frame")).isFalse();
    assertThat(steps.get(2).get("target").asText()).isEqualTo("main");
  }

  @Test
  void should_block_a_same_site_frame_entered_by_url_that_later_steps_run_in() {
    Conversion<String> c = write(open(),
        PageStep.Frame.builder().id(id()).locator("url:http://127.0.0.1:8080/inner.html").build(),
        InteractionStep.Click.builder().id(id()).target(Target.of(Candidate.id("inside"))).offset(Point.of(1, 1)).build());

    assertThat(c.blockingIssues()).extracting(ConversionIssue::code).containsExactly(ConversionCode.FRAME_UNRESOLVED);
  }

  @Test
  void should_write_the_title_and_every_candidate_kind_as_a_selector_alternative_in_order() {
    Target t = Target.of(Candidate.role("button", "Save"), Candidate.label("Name"), Candidate.text("Save changes"),
        Candidate.xpath("//button[1]"), Candidate.testId("save"), Candidate.id("save"), Candidate.id("a:b"),
        Candidate.placeholder("Your name"), Candidate.css("form .primary"), Candidate.css("button >> nth=1"));
    Conversion<String> c = write(open(), InteractionStep.Click.builder().id(id()).target(t).offset(Point.of(12, 7.5)).build());

    JsonNode root = Json.parse(c.value(), "out");
    assertThat(root.get("title").asText()).isEqualTo("Export me");
    JsonNode click = root.get("steps").get(1);
    assertThat(click.get("type").asText()).isEqualTo("click");
    assertThat(click.get("target").asText()).isEqualTo("main");
    assertThat(click.get("offsetX").asDouble()).isEqualTo(12);
    assertThat(click.get("offsetY").asDouble()).isEqualTo(7.5);
    List<String> selectors = new ArrayList<>();
    click.get("selectors").forEach(a -> selectors.add(a.get(a.size() - 1).asText()));
    assertThat(selectors).containsExactly("aria/Save[role=\"button\"]", "aria/Name", "text/Save changes", "xpath///button[1]",
        "pierce/[data-testid=\"save\"]", "pierce/#save", "pierce/[id=\"a:b\"]", "pierce/[placeholder=\"Your name\"]",
        "pierce/form .primary");
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).containsExactly(
        tuple(ConversionCode.APPROXIMATED, "steps[1]"), tuple(ConversionCode.APPROXIMATED, "steps[1]"),
        tuple(ConversionCode.UNSUPPORTED_LOCATOR, "steps[1]"));
  }

  @Test
  void should_write_change_steps_aria_and_contained_text_selectors_side_buttons_and_hold_time() {
    Target field = Target.of(Candidate.aria("Country"), Candidate.textContains("Total:"));
    Conversion<String> c = write(open(), InteractionStep.Change.builder().id(id()).target(field).value("fr").build(),
        InteractionStep.Click.builder().id(id()).target(Target.of(Candidate.css("#b"))).button(Step.MouseButton.BACK).delay(120)
            .build(),
        InteractionStep.Click.builder().id(id()).target(Target.of(Candidate.css("#b"))).button(Step.MouseButton.FORWARD).build());

    JsonNode change = steps(c).get(1);
    assertThat(change.get("type").asText()).isEqualTo("change");
    assertThat(change.get("value").asText()).isEqualTo("fr");
    List<String> selectors = new ArrayList<>();
    change.get("selectors").forEach(a -> selectors.add(a.get(a.size() - 1).asText()));
    assertThat(selectors).containsExactly("aria/Country", "text/Total:");
    assertThat(steps(c).get(2).get("button").asText()).isEqualTo("back");
    assertThat(steps(c).get(2).get("duration").asInt()).isEqualTo(120);
    assertThat(steps(c).get(3).get("button").asText()).isEqualTo("forward");
    assertThat(c.issues()).extracting(ConversionIssue::code).containsOnly(ConversionCode.DEFAULT_FILLED);
  }

  @Test
  void should_write_network_emulation_as_the_reference_reads_it_back() {
    Conversion<String> c = write(open(), PageStep.EmulateNetwork.builder().id(id()).offline(true).build(),
        PageStep.EmulateNetwork.builder().id(id()).downloadBytesPerSecond(50_000).uploadBytesPerSecond(20_000).latencyMs(40).build(),
        PageStep.EmulateNetwork.builder().id(id()).downloadBytesPerSecond(0).uploadBytesPerSecond(0).latencyMs(5).build(),
        PageStep.EmulateNetwork.builder().id(id()).build());

    assertThat(types(c)).containsExactly("navigate", "emulateNetworkConditions", "emulateNetworkConditions",
        "emulateNetworkConditions", "emulateNetworkConditions");
    List<String> written = new ArrayList<>();
    for (int i = 1; i < 5; i++) {
      JsonNode n = steps(c).get(i);
      written.add(n.get("download").asInt() + "/" + n.get("upload").asInt() + "/" + n.get("latency").asInt());
    }
    // offline is 0/0 (the reference: offline = !download && !upload); unthrottled, never 0 when online, is -1
    assertThat(written).containsExactly("0/0/0", "50000/20000/40", "-1/-1/5", "-1/-1/0");
    assertThat(c.issues()).isEmpty();

    Flow back = codec.read(c.value(), "export.json").value();
    assertThat(back.steps()).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.EMULATE_NETWORK,
        Step.Kind.EMULATE_NETWORK, Step.Kind.EMULATE_NETWORK, Step.Kind.EMULATE_NETWORK);
    assertThat(((PageStep.EmulateNetwork) back.steps().get(1)).offline()).isTrue();
    PageStep.EmulateNetwork throttled = (PageStep.EmulateNetwork) back.steps().get(2);
    assertThat(List.of(throttled.downloadBytesPerSecond(), throttled.uploadBytesPerSecond(), throttled.latencyMs()))
        .containsExactly(java.util.OptionalInt.of(50_000), java.util.OptionalInt.of(20_000), java.util.OptionalInt.of(40));
    assertThat(((PageStep.EmulateNetwork) back.steps().get(3)).latencyMs()).hasValue(5);
    assertThat(((PageStep.EmulateNetwork) back.steps().get(4)).realNetwork()).isTrue();
  }

  @Test
  void should_block_the_export_when_a_left_out_step_comes_before_network_emulation() {
    Conversion<String> c = write(open(), PageStep.Reload.builder().id("reload-it").build(),
        PageStep.EmulateNetwork.builder().id(id()).offline(true).build());

    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::severity)
        .containsExactly(tuple(ConversionCode.UNSUPPORTED_STEP, ConversionIssue.Severity.BLOCKING));
  }

  @Test
  void should_write_shadow_hosts_as_chains_of_css_selectors_only() {
    Target t = Target.of(Candidate.css("#inner"), Candidate.role("button", "Go")).inShadow("app-root", "fancy-button");
    Conversion<String> c = write(open(), InteractionStep.Hover.builder().id(id()).target(t).build());

    JsonNode selectors = steps(c).get(1).get("selectors");
    assertThat(selectors.get(0).toString()).isEqualTo("[\"app-root\",\"fancy-button\",\"#inner\"]");
    assertThat(selectors.get(1).toString()).isEqualTo("[\"aria/Go[role=\\\"button\\\"]\"]");
  }

  @Test
  void should_write_expect_url_as_asserted_navigation_and_other_checks_as_waits_after_the_step() {
    Target buy = Target.of(Candidate.id("buy"));
    Conversion<String> c = write(open(), InteractionStep.Click.builder().id(id()).target(buy).timeoutMs(4000)
        .addExpect(Condition.Url.of("**/orders/*"), Condition.Element.of(Target.of(Candidate.id("done")), Condition.State.VISIBLE))
        .build());

    assertThat(types(c)).containsExactly("navigate", "click", "waitForElement");
    JsonNode click = steps(c).get(1);
    assertThat(click.get("timeout").asInt()).isEqualTo(4000);
    assertThat(click.get("assertedEvents").get(0).get("type").asText()).isEqualTo("navigation");
    assertThat(click.get("assertedEvents").get(0).get("url").asText()).isEqualTo("**/orders/*");
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).containsExactly(
        tuple(ConversionCode.DEFAULT_FILLED, "steps[1]"), tuple(ConversionCode.APPROXIMATED, "steps[1]"),
        tuple(ConversionCode.EXPECT_AS_WAIT, "steps[1]"));
    assertThat(click.get("offsetX").asInt()).isEqualTo(ChromeRecorderExport.DEFAULT_OFFSET);
  }

  @Test
  void should_write_a_key_held_down_and_released_as_single_key_steps() {
    Conversion<String> c = write(open(), InteractionStep.Press.builder().id(id()).key("Shift").phase(Step.KeyPhase.DOWN).build(),
        InteractionStep.Press.builder().id(id()).key("Space").phase(Step.KeyPhase.DOWN).build(),
        InteractionStep.Press.builder().id(id()).key("Space").phase(Step.KeyPhase.UP).build(),
        InteractionStep.Press.builder().id(id()).key("Shift").phase(Step.KeyPhase.UP).build());

    assertThat(types(c)).containsExactly("navigate", "keyDown", "keyDown", "keyUp", "keyUp");
    assertThat(texts(c, "key")).containsExactly("", "Shift", " ", " ", "Shift");
    assertThat(c.issues()).isEmpty();
  }

  @Test
  void should_write_a_press_with_modifiers_as_key_steps_around_the_key() {
    Conversion<String> c = write(open(), InteractionStep.Press.builder().id(id()).key("Tab").addModifiers("Shift", "Control").build(),
        InteractionStep.Press.builder().id(id()).key("Space").build());

    assertThat(types(c)).containsExactly("navigate", "keyDown", "keyDown", "keyDown", "keyUp", "keyUp", "keyUp", "keyDown", "keyUp");
    assertThat(texts(c, "key")).containsExactly("", "Shift", "Control", "Tab", "Tab", "Control", "Shift", " ", " ");
    assertThat(c.issues()).isEmpty();
    assertThat(c.stepsMapped()).isEqualTo(3);
  }

  @Test
  void should_write_waits_and_asserts_as_wait_steps() {
    Target items = Target.of(Candidate.css(".item"));
    Target name = Target.of(Candidate.id("name"));
    Conversion<String> c = write(open(),
        CheckStep.Wait.builder().id(id()).ms(12000).build(),
        CheckStep.Wait.builder().id(id()).until(Condition.Count.of(items, Condition.Op.GT, 2)).build(),
        CheckStep.Wait.builder().id(id()).until(Condition.Element.of(name, Condition.State.HIDDEN)).build(),
        CheckStep.Assert.builder().id(id()).condition(Condition.Value.of(name, "Ada")).build(),
        CheckStep.Assert.builder().id(id()).condition(Condition.Attribute.of(name, "aria-invalid", java.util.Optional.of("false"))).build(),
        CheckStep.Wait.builder().id(id()).until(Condition.Url.of("http://127.0.0.1:8080/*/done?x=1")).build(),
        CheckStep.Assert.builder().id(id()).condition(Condition.Text.present("Thank you")).build(),
        CheckStep.Wait.builder().id(id()).until(Condition.Var.truthy("${vars.ok}")).build());

    JsonNode s = steps(c);
    assertThat(types(c)).containsExactly("navigate", "waitForExpression", "waitForElement", "waitForExpression", "waitForElement",
        "waitForElement", "waitForExpression", "waitForExpression");
    assertThat(s.get(1).get("expression").asText()).isEqualTo("new Promise(resolve => setTimeout(() => resolve(true), 12000))");
    assertThat(s.get(1).get("timeout").asInt()).isEqualTo(13000);
    assertThat(s.get(2).get("operator").asText()).isEqualTo(">=");
    assertThat(s.get(2).get("count").asInt()).isEqualTo(3);
    // hidden: absent or not visible, which waitForElement cannot say
    assertThat(s.get(3).get("expression").asText()).startsWith("Array.from(document.querySelectorAll(\"#name\")).every(")
        .contains("getBoundingClientRect", "visibility === 'hidden'");
    assertThat(s.get(4).get("properties").get("value").asText()).isEqualTo("Ada");
    assertThat(s.get(5).get("attributes").get("aria-invalid").asText()).isEqualTo("false");
    assertThat(s.get(6).get("expression").asText())
        .isEqualTo("new RegExp(\"^http:\\\\/\\\\/127\\\\.0\\\\.0\\\\.1:8080\\\\/[^/]*\\\\/done\\\\?x=1$\").test(location.href)");
    assertThat(s.get(7).get("expression").asText()).contains("innerText", ".includes(\"Thank you\")");
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.APPROXIMATED, "steps[3]"), tuple(ConversionCode.UNSUPPORTED_STEP, "steps[8]"));
    assertThat(c.issues().get(0).severity()).isEqualTo(ConversionIssue.Severity.INFO);
  }

  @Test
  void should_list_every_step_without_an_equivalent_by_path_and_count_what_was_mapped() {
    Target t = Target.of(Candidate.id("x"));
    Step inner = InteractionStep.Click.builder().id("inner").target(t).build();
    Conversion<String> c = write(open(),
        ControlStep.Foreach.builder().id(id()).source(ForeachSource.literal(List.of("a", "b"))).addBody(inner).build(),
        ControlStep.If.builder().id(id()).condition(Condition.Text.present("x")).addThen(PageStep.Reload.builder().id("r").build()).build(),
        DataStep.Scrape.builder().id(id()).target(t).build(),
        DataStep.CsvImport.builder().id(id()).path("data.csv").build(),
        ExternalStep.Manual.builder().id(id()).instructions("solve the captcha").build(),
        DataStep.Eval.builder().id("calc").script("1 + 1").build(),
        DataStep.SetVar.builder().id(id()).name("sum").value("${steps.calc.result}").build(),
        PageStep.Back.builder().id(id()).build(),
        InteractionStep.Drag.builder().id(id()).source(t).destination(t).build(),
        InteractionStep.Upload.builder().id(id()).target(t).addFiles("/tmp/a.txt").build(),
        InteractionStep.Scroll.builder().id(id()).mode(Step.ScrollMode.BY).y(100).build(),
        DataStep.Eval.builder().id(id()).script("window.done = true").build());

    assertThat(c.issues()).filteredOn(i -> i.code() == ConversionCode.UNSUPPORTED_STEP).extracting(ConversionIssue::path).containsExactly(
        "steps[1]", "steps[2]", "steps[3]", "steps[4]", "steps[5]", "steps[6]", "steps[7]", "steps[8]", "steps[9]", "steps[10]",
        "steps[11]");
    // the steps that change the page block the export (the eval written last acts on what they did); the observing ones,
    // whose outputs nobody uses, and the setVar nobody reads stay warnings; the eval whose result setVar uses blocks
    assertThat(c.issues()).filteredOn(i -> i.code() == ConversionCode.UNSUPPORTED_STEP)
        .filteredOn(i -> i.severity() == ConversionIssue.Severity.WARNING).extracting(ConversionIssue::path)
        .containsExactly("steps[3]", "steps[4]", "steps[7]");
    assertThat(c.quality()).isEqualTo(io.browserflow.api.lint.Quality.BLOCKED);
    assertThat(types(c)).containsExactly("navigate", "waitForExpression");
    assertThat(steps(c).get(1).get("expression").asText()).contains("window.done = true");
    assertThat(c.stepsRead()).isEqualTo(15);
    assertThat(c.stepsMapped()).isEqualTo(2);
  }

  @Test
  void should_write_frame_context_and_frame_paths_as_indexes_and_warn_about_owner_selectors() {
    Target pay = Target.of(Candidate.id("pay"));
    Conversion<String> c = write(open(),
        PageStep.Frame.builder().id(id()).locator("iframe >> nth=1").build(),
        InteractionStep.Click.builder().id(id()).target(pay.inFrame("iframe >> nth=0")).offset(Point.of(1, 1)).build(),
        PageStep.FrameMain.builder().id(id()).build(),
        PageStep.Frame.builder().id(id()).locator("iframe#card").build(),
        InteractionStep.Hover.builder().id(id()).target(pay).build());

    assertThat(types(c)).containsExactly("navigate", "click", "hover");
    assertThat(steps(c).get(1).get("frame").toString()).isEqualTo("[1,0]");
    assertThat(steps(c).get(2).has("frame")).isFalse();
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.FRAME_UNRESOLVED, "steps[4]"));
  }

  @Test
  void should_write_popup_steps_with_the_tab_url_as_target() {
    String help = "http://127.0.0.1:8080/help.html";
    Flow flow = Flow.builder().name("tabs").addTabs(TabAlias.builder().alias("help").url(help).opener("main").build())
        .addSteps(open(),
            InteractionStep.Click.builder().id(id()).target(Target.of(Candidate.id("open"))).newTab("help").offset(Point.of(2, 2)).build(),
            PageStep.TabSwitch.builder().id(id()).alias("help").build(),
            InteractionStep.Click.builder().id(id()).target(Target.of(Candidate.id("ok"))).offset(Point.of(2, 2)).build(),
            PageStep.TabClose.builder().id(id()).build(),
            InteractionStep.Hover.builder().id(id()).target(Target.of(Candidate.id("after"))).build())
        .build();
    Conversion<String> c = write(flow);

    assertThat(types(c)).containsExactly("navigate", "click", "click", "close", "hover");
    assertThat(texts(c, "target").subList(1, 5)).containsExactly("main", help, help, "main");
    assertThat(c.issues()).isEmpty();
    assertThat(c.stepsMapped()).isEqualTo(6);
  }

  @Test
  void should_write_a_negated_count_as_visible_false_and_hidden_as_an_expression() {
    Target rows = Target.of(Candidate.css(".row"));
    Target spinner = Target.of(Candidate.id("spinner"));
    Conversion<String> c = write(open(),
        CheckStep.Wait.builder().id(id()).until(Condition.Not.of(Condition.Count.of(rows, Condition.Op.LTE, 2))).build(),
        CheckStep.Wait.builder().id(id()).until(Condition.Element.of(spinner, Condition.State.HIDDEN)).build());

    JsonNode s = steps(c);
    assertThat(types(c)).containsExactly("navigate", "waitForElement", "waitForExpression");
    assertThat(s.get(1).get("operator").asText()).isEqualTo("<=");
    assertThat(s.get(1).get("count").asInt()).isEqualTo(2);
    assertThat(s.get(1).get("visible").asBoolean(true)).isFalse();
    assertThat(s.get(2).get("expression").asText()).contains("querySelectorAll(\"#spinner\")");
    assertThat(c.issues()).extracting(ConversionIssue::severity, ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionIssue.Severity.INFO, ConversionCode.APPROXIMATED, "steps[2]"));
    assertThat(c.stepsMapped()).isEqualTo(3);
  }

  @Test
  void should_write_not_exists_as_a_count_of_zero_and_never_join_checks_to_a_negated_wait() {
    Target dialog = Target.of(Candidate.id("dialog"));
    Conversion<String> c = write(open(),
        CheckStep.Wait.builder().id(id()).until(Condition.Not.of(Condition.Element.of(dialog, Condition.State.EXISTS))).build(),
        CheckStep.Wait.builder().id(id()).until(Condition.Element.of(dialog, Condition.State.HIDDEN))
            .addExpect(Condition.Value.of(dialog, "x"), Condition.Element.of(dialog, Condition.State.DISABLED)).build(),
        CheckStep.Wait.builder().id(id()).until(Condition.Not.of(Condition.Count.of(dialog, Condition.Op.GTE, 1)))
            .addExpect(Condition.Value.of(dialog, "y")).build());

    JsonNode s = steps(c);
    assertThat(types(c)).containsExactly("navigate", "waitForElement", "waitForExpression", "waitForElement", "waitForElement",
        "waitForElement", "waitForElement");
    // not exists: exactly no element, with visible left at its default
    assertThat(s.get(1).get("operator").asText()).isEqualTo("==");
    assertThat(s.get(1).get("count").asInt()).isZero();
    assertThat(s.get(1).has("visible")).isFalse();
    // visible: false negates the whole check, so the checks of the same element stay waits of their own
    assertThat(s.get(2).get("expression").asText()).contains("querySelectorAll(\"#dialog\")");
    assertThat(s.get(3).get("properties").get("value").asText()).isEqualTo("x");
    assertThat(s.get(3).path("visible").asBoolean(true)).isTrue();
    assertThat(s.get(4).get("properties").get("disabled").asBoolean()).isTrue();
    assertThat(s.get(5).get("visible").asBoolean(true)).isFalse();
    assertThat(s.get(5).has("properties")).isFalse();
    assertThat(s.get(6).get("properties").get("value").asText()).isEqualTo("y");
    assertThat(c.issues()).filteredOn(i -> i.code() == ConversionCode.APPROXIMATED).extracting(ConversionIssue::path)
        .containsExactly("steps[2]");
  }

  @Test
  void should_approximate_checks_and_label_selects_with_warnings_and_flag_placeholders() {
    Target box = Target.of(Candidate.id("agree"));
    Conversion<String> c = write(open(),
        InteractionStep.Check.builder().id(id()).target(box).build(),
        InteractionStep.Select.builder().id(id()).target(Target.of(Candidate.id("country"))).label("Germany").build(),
        InteractionStep.Fill.builder().id(id()).target(Target.of(Candidate.id("user"))).value("${USER}").build(),
        InteractionStep.Hover.builder().id(id()).target(box).disabled(true).build());

    assertThat(types(c)).containsExactly("navigate", "click", "change", "change");
    assertThat(steps(c).get(2).get("value").asText()).isEqualTo("Germany");
    assertThat(c.issues()).extracting(ConversionIssue::code, ConversionIssue::path).containsExactly(
        tuple(ConversionCode.DEFAULT_FILLED, "steps[1]"), tuple(ConversionCode.APPROXIMATED, "steps[1]"), tuple(ConversionCode.APPROXIMATED, "steps[2]"),
        tuple(ConversionCode.PLACEHOLDER_VALUE, "steps[3]"), tuple(ConversionCode.STEP_DISABLED, "steps[4]"));
  }
}
