package io.browserflow.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintReport;
import io.browserflow.api.lint.LintWarning;
import io.browserflow.api.lint.Quality;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The samples are what users copy, so they lint clean: no fragile selector tried first, no literal
 * secret or personal data, every write checked.
 */
class SampleFlowLintTest {
  // The lint codes each sample is expected to raise; READY means none.
  static final Map<String, Set<LintCode>> EXPECTED = Map.of(
      "delayed-element", Set.of(),
      "device-list", Set.of(),
      "device-search", Set.of(),
      "devices-by-table", Set.of(),
      "download", Set.of(),
      "login", Set.of(),
      "meter-rebind", Set.of(),
      "report-tab", Set.of(),
      "shadow-widget", Set.of(),
      "upload", Set.of());

  static Stream<Path> flowFiles() {
    return SampleResources.flowFiles().stream();
  }

  @ParameterizedTest
  @MethodSource("flowFiles")
  void should_raise_exactly_the_expected_lint_codes(Path file) {
    LintReport report = FlowLint.lint(FlowJson.read(file));

    Set<LintCode> codes = report.warnings().stream().map(LintWarning::code).collect(Collectors.toSet());
    assertThat(codes).as(report.describe()).isEqualTo(EXPECTED.get(SampleResources.flowId(file)));
    assertThat(report.quality()).isEqualTo(codes.isEmpty() ? Quality.READY : Quality.NEEDS_REVIEW);
  }

  @ParameterizedTest
  @MethodSource("flowFiles")
  void should_hold_no_secret_no_personal_data_and_no_fragile_first_selector(Path file) {
    LintReport report = FlowLint.lint(FlowJson.read(file));

    assertThat(report.blockingIssues()).isEmpty();
    assertThat(report.warnings(LintCode.SENSITIVE_VALUE)).isEmpty();
    assertThat(report.warnings(LintCode.SECRET_NOT_CREDENTIAL)).isEmpty();
    assertThat(report.warnings(LintCode.UNSTABLE_SELECTOR)).isEmpty();
    assertThat(report.warnings(LintCode.SUCCESS_CHECK_MISSING)).isEmpty();
  }
}
