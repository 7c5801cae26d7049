package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.dsl.FlowBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FlowLintFrameTest {

  private static FlowBuilder frameFlow(String locator) {
    return flow()
        .step(PageStep.Frame.builder().id("detail").locator(locator).build())
        .click(testId("save")).expect(visible(testId("saved")))
        .step(PageStep.FrameMain.builder().id("back").build());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "url:http://10.172.246.234:19901/dky/home-assets/12345.html",
      "url:https://app.example.com/detail;jsessionid=A1B2C3D4E5/view*",
      "url:**/orders/3f2a9c1e-7b4d-4e8a-9c2f-1d2e3f4a5b6c/*",
      "url:https://pay.example.com/frame?token=abcdef123&lang=en",
      "url:**/detail.html?id=88231*",
      "iframe[src=\"/dky/home-assets/12345.html\"]"})
  void should_report_a_frame_url_with_record_ids_sessions_or_tokens(String locator) {
    LintReport report = lint(frameFlow(locator));

    assertThat(paths(report, LintCode.FRAME_URL_DYNAMIC)).containsExactly("steps[0].locator");
    assertThat(report.warnings(LintCode.FRAME_URL_DYNAMIC).get(0).suggestion()).contains("owner element");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "url:http://10.172.246.234:19901/dky/home-assets/*.html*",
      "url:**/editor/*?lang=en",
      "url:https://pay.example.com:8443/checkout/*",
      "url:**/detail/${DETAIL_ID}.html"})
  void should_accept_a_frame_url_glob_without_changing_parts(String locator) {
    LintReport report = lint(frameFlow(locator));

    assertThat(report.warnings(LintCode.FRAME_URL_DYNAMIC)).isEmpty();
    assertThat(report.quality()).isEqualTo(Quality.READY);
  }

  @ParameterizedTest
  @ValueSource(strings = {"${FRAME_41}", "@e3", "ref:@e7", "2", "frameId:7F3A", "8F3A5B2C1D4E6F7A8B9C0D1E2F3A4B5C"})
  void should_block_a_runtime_frame_id(String locator) {
    LintReport report = lint(frameFlow(locator));

    assertThat(paths(report, LintCode.FRAME_RUNTIME_ID_ONLY)).containsExactly("steps[0].locator");
    assertThat(report.warnings(LintCode.FRAME_RUNTIME_ID_ONLY).get(0).blocking()).isTrue();
    assertThat(report.quality()).isEqualTo(Quality.BLOCKED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"[role=\"dialog\"] iframe", "selector:iframe#pay", "name:detail-frame", "iframe[title=\"Editor\"]"})
  void should_accept_owner_selectors_and_names(String locator) {
    LintReport report = lint(frameFlow(locator));

    assertThat(report.warnings()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"body > div:nth-child(2) > div:nth-child(1) > iframe:nth-child(1)",
      "iframe[src*=\"/dky/home-assets/\"]", "name:frame-8f3a9c2e1b", "selector:#ember99 iframe"})
  void should_report_a_fragile_frame_locator(String locator) {
    LintReport report = lint(frameFlow(locator));

    assertThat(paths(report, LintCode.FRAME_SELECTOR_UNSTABLE)).containsExactly("steps[0].locator");
    assertThat(report.quality()).isEqualTo(Quality.NEEDS_REVIEW);
  }

  @Test
  void should_check_the_frame_path_of_targets() {
    LintReport report = lint(flow()
        .click(testId("save").inFrame("[role=\"dialog\"] iframe", "url:**/inner/99881.html"))
        .expect(visible(testId("saved").inFrame("@e4"))));

    assertThat(paths(report, LintCode.FRAME_URL_DYNAMIC)).containsExactly("steps[0].target.framePath[1]");
    assertThat(paths(report, LintCode.FRAME_RUNTIME_ID_ONLY)).containsExactly("steps[0].expect[0].element.framePath[0]");
  }
}
