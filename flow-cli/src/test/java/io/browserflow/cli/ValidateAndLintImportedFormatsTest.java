package io.browserflow.cli;

import static io.browserflow.cli.ConvertCommandTest.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code validate} and {@code lint} on files in other formats: converted first, the conversion's quality counts. */
class ValidateAndLintImportedFormatsTest {
  @Test
  void should_validate_a_converted_file_and_print_its_conversion_report() throws Exception {
    String text = fixture("browserctl/shop-browse.browserctl").toString();

    CliFixture cli = CliFixture.run("validate", text);

    assertThat(cli.exit).as(cli.err()).isZero();
    assertThat(cli.out()).contains(text + ": browserctl-text -> flow: ", text + ": valid (shop-browse, digest ");
  }

  @Test
  void should_exit_1_from_validate_when_the_conversion_is_blocked() throws Exception {
    String blocked = fixture("browserctl/blocked-search.browserctl-flow.json").toString();

    CliFixture cli = CliFixture.run("validate", blocked);

    assertThat(cli.exit).isEqualTo(1);
    assertThat(cli.err()).contains(blocked + ": REVIEW_REQUIRED");
  }

  @Test
  void should_lint_a_converted_file_as_blocked_when_its_conversion_is() throws Exception {
    String blocked = fixture("browserctl/blocked-search.browserctl-flow.json").toString();

    CliFixture cli = CliFixture.run("lint", blocked);

    assertThat(cli.exit).isEqualTo(1);
    assertThat(cli.out()).contains(blocked + ": browserctl -> flow: ", blocked + ": blocked (");
  }

  @Test
  void should_lint_a_chrome_recording_with_the_flows_own_warnings() throws Exception {
    String recording = fixture("chrome-recorder/form.json").toString();

    CliFixture cli = CliFixture.run("lint", recording);

    assertThat(cli.exit).as(cli.err()).isIn(0, 1);
    assertThat(cli.out()).contains(recording + ": chrome-recorder -> flow: ")
        .containsPattern(Pattern.quote(recording) + ": (ready|needs_review|blocked) \\(\\d+ warnings\\)");
  }
}
