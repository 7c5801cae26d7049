package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FlowLintVolatileValueTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "https://crm.example.com/orders/3f2a9c1e-7b4d-4e8a-9c2f-1d2e3f4a5b6c",
      "https://crm.example.com/report?from=2024-03-01T08:00:00Z",
      "https://crm.example.com/list?_=1709280000000",
      "https://crm.example.com/list?ts=1709280000",
      "https://cdn.example.com/build/5d41402abc4b2a76b9719d911017c5925d41402a/app.js"})
  void should_report_volatile_parts_of_urls(String url) {
    LintReport report = lint(flow().open(url));

    assertThat(paths(report, LintCode.VOLATILE_VALUE)).containsExactly("steps[0].url");
    assertThat(report.warnings(LintCode.VOLATILE_VALUE).get(0).severity()).isEqualTo(LintWarning.Severity.WARNING);
    assertThat(report.quality()).isEqualTo(Quality.NEEDS_REVIEW);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/tmp/invoice.pdf", "C:\\Users\\li\\AppData\\Local\\Temp\\invoice.pdf", "file:///tmp/x.csv",
      "/var/folders/xy/T/upload.png"})
  void should_report_temporary_paths(String file) {
    LintReport report = lint(flow().upload(testId("file"), file).expect(textPresent("uploaded")));

    assertThat(paths(report, LintCode.VOLATILE_VALUE)).containsExactly("steps[0].files[0]");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "2024-01-31",                          // a business date, not a timestamp
      "1700000000",                          // ten digits without a time-like name: an order number
      "https://files.example.com/tmp/report", // a URL path segment named tmp
      "00000000-0000-0000-0000-000000000000",
      "${DOC_ID}",
      "v2.3.1-build-2024"})
  void should_accept_near_misses(String value) {
    LintReport report = lint(flow().fill(testId("q"), value).expect(hasValue(testId("q"), "${V}")));

    assertThat(report.warnings(LintCode.VOLATILE_VALUE)).isEmpty();
  }

  @Test
  void should_scan_conditions_and_text_locators_but_not_table_data() {
    LintReport report = lint(flow()
        .table(List.of("id"), List.of(List.of("3f2a9c1e-7b4d-4e8a-9c2f-1d2e3f4a5b6c")))
        .click(text("Created 2024-03-01 08:00")).expect(urlMatches("**/orders/3f2a9c1e-7b4d-4e8a-9c2f-1d2e3f4a5b6c")));

    assertThat(paths(report, LintCode.VOLATILE_VALUE))
        .containsExactly("steps[0].target.candidates[0]", "steps[0].expect[0].url");
  }

  @Test
  void should_block_volatile_values_with_the_replay_gate_options() {
    LintReport report = lint(flow().open("https://crm.example.com/orders/3f2a9c1e-7b4d-4e8a-9c2f-1d2e3f4a5b6c"),
        LintOptions.replayGate());

    assertThat(report.warnings(LintCode.VOLATILE_VALUE)).singleElement().satisfies(w -> assertThat(w.blocking()).isTrue());
    assertThat(report.quality()).isEqualTo(Quality.BLOCKED);
  }
}
