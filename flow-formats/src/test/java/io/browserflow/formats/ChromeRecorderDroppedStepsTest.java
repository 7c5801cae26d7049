package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A step the recording cannot hold is left out with a warning only when nothing written after it
 * depends on it; otherwise the Chrome Recorder export is blocked, naming the step.
 */
class ChromeRecorderDroppedStepsTest {
  private final ChromeRecorderCodec codec = new ChromeRecorderCodec();
  private static final Target FILE = Target.of(Candidate.testId("upload-input"));
  private static final Target IMPORT = Target.of(Candidate.testId("import-file"));

  private Conversion<String> write(Step... steps) {
    return codec.write(Flow.builder().name("dropped").addSteps(steps).build());
  }

  private static Step open() {
    return PageStep.Open.builder().id("open").url("http://127.0.0.1:8080/tools.html").build();
  }

  private static Step upload() {
    return InteractionStep.Upload.builder().id("choose-file").target(FILE).addFiles("/tmp/devices.csv").build();
  }

  private static Step click(String id, Target t) {
    return InteractionStep.Click.builder().id(id).target(t).offset(Point.of(2, 2)).build();
  }

  @Test
  void should_block_an_upload_the_click_after_it_depends_on_and_name_both() {
    Conversion<String> c = write(open(), upload(), click("import", IMPORT));

    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.UNSUPPORTED_STEP, "steps[1]"));
    assertThat(c.blockingIssues().get(0).message()).contains("upload step choose-file", "click import (steps[2])", "end state");
  }

  @Test
  void should_block_an_upload_that_is_the_last_step_as_the_end_state_includes_it() {
    Conversion<String> c = write(open(), click("import", IMPORT), upload());

    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(c.issues()).extracting(ConversionIssue::severity, ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionIssue.Severity.BLOCKING, ConversionCode.UNSUPPORTED_STEP, "steps[2]"));
    assertThat(c.blockingIssues().get(0).message()).contains("the flow's end state includes what it did");
  }

  @Test
  void should_block_an_action_and_only_warn_about_a_screenshot_after_it() {
    Step shot = DataStep.Screenshot.builder().id("shot").build();
    Conversion<String> c = write(open(), upload(), shot);

    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(c.issues()).extracting(ConversionIssue::severity, ConversionIssue::path).containsExactly(
        tuple(ConversionIssue.Severity.BLOCKING, "steps[1]"), tuple(ConversionIssue.Severity.WARNING, "steps[2]"));
  }

  @Test
  void should_block_a_read_whose_output_a_later_step_uses_and_warn_about_one_nobody_uses() {
    Target meter = Target.of(Candidate.testId("meter"));
    Conversion<String> c = write(open(),
        DataStep.Read.builder().id("meter").target(meter).build(),
        DataStep.Read.builder().id("status").target(Target.of(Candidate.testId("status"))).build(),
        InteractionStep.Fill.builder().id("copy").target(Target.of(Candidate.testId("new-meter"))).value("${steps.meter.text}").build());

    assertThat(c.issues()).filteredOn(i -> i.code() == ConversionCode.UNSUPPORTED_STEP)
        .extracting(ConversionIssue::severity, ConversionIssue::path).containsExactly(
            tuple(ConversionIssue.Severity.BLOCKING, "steps[1]"), tuple(ConversionIssue.Severity.WARNING, "steps[2]"));
    assertThat(c.blockingIssues().get(0).message()).contains("read step meter", "${steps.meter.text}", "steps[3]");
  }

  @Test
  void should_block_a_set_var_a_later_step_reads_and_a_loop_whose_body_sets_it() {
    Step fill = InteractionStep.Fill.builder().id("use").target(Target.of(Candidate.id("q"))).value("${vars.query}").build();
    Conversion<String> plain = write(open(), DataStep.SetVar.builder().id("set").name("query").value("boots").build(), fill);
    Conversion<String> unused = write(open(), DataStep.SetVar.builder().id("set").name("other").value("boots").build(), fill.withId("use2"));
    Conversion<String> looped = write(open(), ControlStep.Repeat.builder().id("loop").times(2)
        .addBody(DataStep.SetVar.builder().id("inner").name("query").value("boots").build()).build(), fill);

    assertThat(plain.blockingIssues()).extracting(ConversionIssue::path).containsExactly("steps[1]");
    assertThat(plain.blockingIssues().get(0).message()).contains("setVar step set", "${vars.query}");
    assertThat(unused.blockingIssues()).isEmpty();
    assertThat(looped.blockingIssues()).extracting(ConversionIssue::path).containsExactly("steps[1]");
  }

  @Test
  void should_warn_about_a_loop_that_only_observes_and_block_one_that_acts() {
    Target row = Target.of(Candidate.css("tr"));
    Step observing = ControlStep.Foreach.builder().id("each").source(ForeachSource.literal(List.of("a")))
        .addBody(CheckStep.Assert.builder().id("seen").condition(Condition.Text.present("${loop.item}")).build()).build();
    Step acting = ControlStep.Foreach.builder().id("each").source(ForeachSource.literal(List.of("a")))
        .addBody(click("row", row)).build();

    assertThat(write(open(), observing, click("after", IMPORT)).blockingIssues()).isEmpty();
    assertThat(write(open(), acting, click("after", IMPORT)).blockingIssues()).extracting(ConversionIssue::path)
        .containsExactly("steps[1]");
  }

  @Test
  void should_block_a_fill_whose_target_cannot_be_written_when_a_click_follows() {
    Target inexpressible = Target.of(Candidate.css("input >> nth=1"));
    Conversion<String> c = write(open(), InteractionStep.Fill.builder().id("name").target(inexpressible).value("Ada").build(),
        click("save", IMPORT));

    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.TARGET_UNRESOLVED, "steps[1]"));
    assertThat(c.blockingIssues().get(0).message()).contains("fill step name", "click save (steps[2])");
  }

  @Test
  void should_block_a_frame_that_cannot_be_entered_when_steps_run_in_it_only() {
    Step frame = PageStep.Frame.builder().id("dialog").locator("[role=\"dialog\"] iframe").build();
    Step inside = click("save", IMPORT);
    Step main = PageStep.FrameMain.builder().id("leave").build();

    Conversion<String> used = write(open(), frame, inside);
    Conversion<String> left = write(open(), frame, main, click("close", IMPORT));

    assertThat(used.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.FRAME_UNRESOLVED, "steps[1]"));
    assertThat(used.blockingIssues().get(0).message()).contains("frame step dialog", "click save (steps[2])");
    assertThat(left.blockingIssues()).isEmpty();
    assertThat(left.issues()).extracting(ConversionIssue::code).containsExactly(ConversionCode.FRAME_UNRESOLVED);
  }

  @Test
  void should_not_write_a_step_whose_target_is_in_a_frame_of_no_index() {
    Target inFrame = IMPORT.inFrame("iframe#card");
    Conversion<String> c = write(open(), click("pay", inFrame), click("after", IMPORT));

    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.FRAME_UNRESOLVED, "steps[1]"));
    assertThat(Json.parse(c.value(), "out").get("steps")).hasSize(2);
  }

  @Test
  void should_block_a_tab_new_only_when_a_step_runs_in_its_tab() {
    String help = "http://127.0.0.1:8080/help.html";
    Step tabNew = PageStep.TabNew.builder().id("help").alias("help").url(help).build();
    Step inHelp = click("ok", IMPORT);
    Step back = PageStep.TabSwitch.builder().id("back").alias("main").build();

    Conversion<String> used = write(open(), tabNew, inHelp);
    Conversion<String> unused = write(open(), tabNew, back, click("main-click", IMPORT));

    assertThat(used.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.UNSUPPORTED_STEP, "steps[1]"));
    assertThat(used.blockingIssues().get(0).message()).contains("tabNew step help", "opens tab help", "click ok (steps[2])");
    assertThat(unused.blockingIssues()).isEmpty();
  }

  @Test
  void should_keep_an_observing_step_left_out_a_warning_when_actions_follow() {
    Conversion<String> c = write(open(), DataStep.Screenshot.builder().id("shot").build(),
        CheckStep.Wait.builder().id("flag").until(Condition.Var.truthy("${vars.ok}")).build(), click("go", IMPORT));

    assertThat(c.blockingIssues()).isEmpty();
    assertThat(c.issues()).filteredOn(i -> i.code() == ConversionCode.UNSUPPORTED_STEP).extracting(ConversionIssue::path)
        .containsExactly("steps[1]", "steps[2]");
  }
}
