package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** WEAK_CHECK: a url check that matches every page of a site checks nothing. */
class FlowLintWeakCheckTest {

  @Test
  void should_report_url_checks_that_match_every_page() {
    LintReport report = lint(flow()
        .open("http://127.0.0.1:8080/doku.php?id=start")
        .click(testId("edit")).expect(urlMatches("**/doku.php?**"))
        .click(testId("save")).expect(urlMatches("**/*"))
        .click(testId("home")).expect(urlMatches("http://127.0.0.1:8080/**"))
        .click(testId("next")).expect(urlMatches("${BASE_URL}/**")));

    assertThat(paths(report, LintCode.WEAK_CHECK)).containsExactly("steps[1].expect[0].url", "steps[2].expect[0].url",
        "steps[3].expect[0].url", "steps[4].expect[0].url");
    assertThat(report.warnings(LintCode.WEAK_CHECK).get(0).message())
        .contains("**/doku.php?**", "every page /doku.php serves, whatever its query", "cannot fail");
    assertThat(report.warnings(LintCode.WEAK_CHECK).get(0).suggestion()).contains("**/doku.php?id=start");
  }

  @Test
  void should_accept_url_checks_that_name_a_page() {
    LintReport report = lint(flow()
        .open("http://127.0.0.1:8080/doku.php?id=start")
        .click(testId("edit")).expect(urlMatches("**/doku.php?id=start&do=edit"))
        .click(testId("orders")).expect(urlMatches("**/orders/*"))
        .click(testId("root")).expect(urlMatches("${BASE_URL}/"))
        .click(testId("list")).expect(urlMatches("**/admin/app/item/?**")));

    assertThat(report.warnings(LintCode.WEAK_CHECK)).isEmpty();
  }
}
