package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The target of exported steps in popups: main or the popup's URL, never its alias; blocked when the URL is not known. */
class ChromeRecorderTabTargetsTest {
  private static final String REPORT = "http://127.0.0.1:8080/report.html";
  private final ChromeRecorderCodec codec = new ChromeRecorderCodec();

  private Conversion<String> write(Step... steps) {
    return codec.write(Flow.builder().name("tabs").addSteps(steps).build());
  }

  private static List<String> targets(Conversion<String> c) {
    List<String> out = new ArrayList<>();
    for (JsonNode s : Json.parse(c.value(), "out").get("steps")) {
      out.add(s.has("target") ? s.get("target").asText() : "(none)");
    }
    return out;
  }

  private static Step open() {
    return PageStep.Open.builder().id("open").url("http://127.0.0.1:8080/reports.html").build();
  }

  private static Step openReport() {
    return InteractionStep.Click.builder().id("open-report").target(Target.of(Candidate.testId("open-report"))).newTab("report")
        .offset(Point.of(2, 2)).build();
  }

  private static Step toReport() {
    return PageStep.TabSwitch.builder().id("to-report").alias("report").build();
  }

  private static Step waitUrl(String id, String glob) {
    return CheckStep.Wait.builder().id(id).until(Condition.Url.of(glob)).build();
  }

  private static Step click(String id) {
    return InteractionStep.Click.builder().id(id).target(Target.of(Candidate.testId(id))).offset(Point.of(2, 2)).build();
  }

  @Test
  void should_take_the_popup_url_from_a_literal_url_wait_at_its_start() {
    Conversion<String> c = write(open(), openReport(), toReport(), waitUrl("report-open", REPORT), click("print"),
        PageStep.TabClose.builder().id("close").build(), click("again"));

    assertThat(targets(c)).containsExactly("main", "main", REPORT, REPORT, REPORT, "main");
    assertThat(c.quality()).isNotEqualTo(Quality.BLOCKED);
    assertThat(c.issues()).extracting(ConversionIssue::code).doesNotContain(ConversionCode.TAB_URL_UNKNOWN);
  }

  @Test
  void should_block_a_popup_whose_url_is_only_a_glob_and_never_write_the_alias() {
    Conversion<String> c = write(open(), openReport(), toReport(), waitUrl("report-open", "**/report.html"), click("print"),
        click("print-again"));

    assertThat(targets(c)).doesNotContain("report").containsExactly("main", "main", "(none)", "(none)", "(none)");
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.TAB_URL_UNKNOWN, "steps[3]"));
    assertThat(c.blockingIssues().get(0).message()).contains("tab report", "tabs[].url");
  }

  @Test
  void should_block_a_popup_nothing_says_the_url_of() {
    Conversion<String> c = write(open(), openReport(), toReport(), click("print"));

    assertThat(targets(c)).containsExactly("main", "main", "(none)");
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.TAB_URL_UNKNOWN, "steps[3]"));
  }

  @Test
  void should_not_learn_the_url_from_a_check_after_something_was_done_in_the_tab() {
    Conversion<String> c = write(open(), openReport(), toReport(), click("print"), waitUrl("report-open", REPORT));

    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.TAB_URL_UNKNOWN, "steps[3]"));
  }

  @Test
  void should_follow_a_popup_to_the_url_a_step_there_asserts() {
    String done = "http://127.0.0.1:8080/report-done.html";
    Step submit = InteractionStep.Click.builder().id("submit").target(Target.of(Candidate.testId("submit"))).offset(Point.of(2, 2))
        .addExpect(Condition.Url.of(done)).build();
    Step wild = InteractionStep.Click.builder().id("wild").target(Target.of(Candidate.testId("wild"))).offset(Point.of(2, 2))
        .addExpect(Condition.Url.of("**/elsewhere/*")).build();
    Flow flow = Flow.builder().name("tabs").addTabs(io.browserflow.api.TabAlias.builder().alias("report").url(REPORT).build())
        .addSteps(open(), openReport(), toReport(), submit, click("next"), wild, click("lost")).build();

    Conversion<String> c = codec.write(flow);

    assertThat(targets(c)).containsExactly("main", "main", REPORT, done, done, "(none)");
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.TAB_URL_UNKNOWN, "steps[6]"));
  }
}
