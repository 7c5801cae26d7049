package io.browserflow.cli;

import static io.browserflow.cli.ConvertCommandTest.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.playwright.LocalSite;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow run} on files in other formats: converted first (issues on stderr), run
 * against local pages; a blocked conversion is refused with REVIEW_REQUIRED unless --force.
 */
@Tag("browser")
class RunImportedFormatsTest {
  /** The password the Selenium IDE fixture typed; the import turns it into a credential. */
  private static final String SIDE_PASSWORD = "s3cret-Pa55";

  @TempDir
  Path dir;

  private static JsonNode onlyResult(CliFixture cli) throws Exception {
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(results).hasSize(1);
    return results.get(0);
  }

  @Test
  void should_refuse_a_blocked_conversion_with_review_required_before_starting_the_browser() throws Exception {
    Path blocked = fixture("browserctl/blocked-search.browserctl-flow.json");

    CliFixture cli = CliFixture.run("run", blocked.toString(), "--serve", fixture("browserctl/site").toString());

    assertThat(cli.exit).isEqualTo(1);
    assertThat(cli.err()).contains(blocked + ": browserctl -> flow: ", "quality blocked",
        blocked + ": REVIEW_REQUIRED: ", "--force");
    assertThat(cli.out()).doesNotContain("serving");
  }

  @Test
  void should_run_a_blocked_conversion_when_forced() throws Exception {
    Path blocked = fixture("browserctl/blocked-search.browserctl-flow.json");

    CliFixture cli = CliFixture.run("run", blocked.toString(), "--serve", fixture("browserctl/site").toString(),
        "--input", "QUERY=sandals", "--force", "--json");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(cli.err()).contains(blocked + ": running despite 1 blocking issue (--force)").doesNotContain("REVIEW_REQUIRED:");
    JsonNode result = onlyResult(cli);
    assertThat(result.get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(result.get("steps")).hasSize(4);
  }

  @Test
  void should_run_a_chrome_recorder_recording_directly() throws Exception {
    try (LocalSite site = LocalSite.directory(fixture("chrome-recorder/site"), 0)) {
      // Chrome Recorder keeps absolute URLs: the recording is made for this server
      Path recording = Files.writeString(dir.resolve("checkout.json"),
          Files.readString(fixture("chrome-recorder/checkout.json")).replace("{{BASE}}", site.url()));

      CliFixture cli = CliFixture.run("run", recording.toString(), "--json");

      assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
      assertThat(cli.err()).contains(recording + ": chrome-recorder -> flow: ");
      JsonNode result = onlyResult(cli);
      assertThat(result.get("status").asText()).isEqualTo("SUCCEEDED");
      assertThat(result.get("steps").size()).isGreaterThanOrEqualTo(6);
    }
  }

  @Test
  void should_run_a_selenium_ide_project_directly() throws Exception {
    Path side = fixture("side/shop.side");

    CliFixture cli = CliFixture.run("run", side.toString(), "--serve", fixture("side/site").toString(),
        "--credential", "PASSWORD=" + SIDE_PASSWORD, "--allow", "eval", "--json");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(cli.err()).contains(side + " › Default Suite › Checkout: side -> flow: ").doesNotContain(SIDE_PASSWORD);
    JsonNode result = onlyResult(cli);
    assertThat(result.get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(cli.out()).doesNotContain(SIDE_PASSWORD);
  }

  @Test
  void should_report_a_file_in_no_known_format_as_bad_input() throws Exception {
    Path notes = Files.writeString(dir.resolve("notes.txt"), "Dear team,\nplease find the notes attached.\n");

    CliFixture cli = CliFixture.run("run", notes.toString());

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains(notes + ": SCHEMA_UNSUPPORTED", "chrome-recorder, browserctl, browserctl-text, side");
  }
}
