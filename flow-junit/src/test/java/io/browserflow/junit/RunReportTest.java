package io.browserflow.junit;

import static io.browserflow.junit.FlowAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.engine.Inputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a JUnit run ({@code <reportDir>/index.html}): every flow the tests ran, failed
 * first, a retried pass marked flaky, and, through the history file, a test whose outcome
 * alternates across runs marked flaky too. No secret reaches the report or the history.
 */
@Tag("browser")
class RunReportTest {
  @TempDir
  Path reports;

  private static Inputs signIn(String password) {
    return Inputs.builder().credential("USERNAME", "ada").credential("PASSWORD", password).build();
  }

  @FlowTest(serve = "classpath:site", retries = 1)
  static class ReportCase {
    static final AtomicInteger attempts = new AtomicInteger();

    @Test
    void passes(FlowRunner flows) {
      assertThat(flows.run("classpath:flows/save-name.flow.json", Inputs.of(Map.of("NAME", "Linus")))).succeeded();
    }

    @Test
    void fails(FlowRunner flows) {
      assertThat(flows.run("classpath:flows/broken-save.flow.json")).succeeded();
    }

    @Test
    void passes_on_a_retry(FlowRunner flows) {
      String password = attempts.incrementAndGet() == 1 ? "wrong-pw-1" : "s3cret-pw";
      assertThat(flows.run("classpath:flows/sign-in.flow.json", signIn(password))).succeeded();
    }
  }

  @FlowTest(serve = "classpath:site")
  static class ToggleCase {
    static volatile boolean pass;

    @Test
    void toggles(FlowRunner flows) {
      assertThat(flows.run("classpath:flows/sign-in.flow.json", signIn(pass ? "s3cret-pw" : "wrong-pw-2"))).succeeded();
    }
  }

  /** The report section of the flow whose heading names {@code name}. */
  private static String section(String html, String name) {
    Matcher m = Pattern.compile("<section class=\"flow [^\"]*\"[^>]*>(?:(?!</section>).)*?" + Pattern.quote(name)
        + "(?:(?!</section>).)*</section>", Pattern.DOTALL).matcher(html);
    assertThat(m.find()).as("a section for " + name).isTrue();
    return m.group();
  }

  @Test
  void should_write_one_report_of_the_run_failed_first_and_retried_passes_flaky() throws Exception {
    ReportCase.attempts.set(0);

    Kit.run(ReportCase.class, "browserflow.reportDir", reports.toString());

    String html = Files.readString(reports.resolve("index.html"));
    assertThat(html).contains("2 of 3 flows succeeded.");
    assertThat(html.indexOf("data-category=\"failed\"")).isLessThan(html.indexOf("data-category=\"flaky\""));
    assertThat(section(html, "ReportCase › fails(FlowRunner)")).contains("data-category=\"failed\"", "TARGET_AMBIGUOUS",
        "browserflow show-trace");
    assertThat(section(html, "ReportCase › passes_on_a_retry(FlowRunner)")).contains("data-category=\"flaky\"",
        "attempt 2 of 2", "badge flaky");
    assertThat(section(html, "ReportCase › passes(FlowRunner)")).contains("data-category=\"passed\"");
    assertThat(html).doesNotContain("wrong-pw-1").doesNotContain("s3cret-pw");
    assertThat(Files.readString(reports.resolve("history.json"))).contains("passes_on_a_retry").doesNotContain("wrong-pw");
  }

  @Test
  void should_mark_a_test_whose_outcome_alternates_across_runs() throws Exception {
    for (boolean pass : new boolean[] {true, false, true}) {
      ToggleCase.pass = pass;
      Kit.run(ToggleCase.class, "browserflow.reportDir", reports.toString());
    }

    String toggles = section(Files.readString(reports.resolve("index.html")), "ToggleCase › toggles(FlowRunner)");
    assertThat(toggles).contains("data-category=\"flaky\"", "outcomes alternate");
    assertThat(toggles.split("class=\"dot ", -1)).as("two earlier outcomes and this one").hasSize(4);
    assertThat(Files.readString(reports.resolve("history.json"))).doesNotContain("wrong-pw-2");
  }
}
