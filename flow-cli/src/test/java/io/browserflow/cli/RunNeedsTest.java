package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Before a browser starts, {@code browserflow run} lists everything the flows need that the
 * command line does not give, in its own terms (flags, environment variables), and {@code convert}
 * reports it; recorded passwords never reach the output.
 */
class RunNeedsTest {
  @TempDir
  Path dir;

  /** A Chrome Recorder recording: two users sign in with different passwords, then an expression wait. */
  static final String TWO_USERS = "{\"title\": \"Two users\", \"steps\": ["
      + "{\"type\": \"navigate\", \"url\": \"http://127.0.0.1:9/login\"},"
      + "{\"type\": \"change\", \"selectors\": [[\"#username\"]], \"value\": \"alice\"},"
      + "{\"type\": \"change\", \"selectors\": [[\"#password\"]], \"value\": \"alice-pw-Secret1\"},"
      + "{\"type\": \"click\", \"selectors\": [[\"#sign-in\"]], \"offsetX\": 3, \"offsetY\": 3},"
      + "{\"type\": \"change\", \"selectors\": [[\"#username\"]], \"value\": \"bob\"},"
      + "{\"type\": \"change\", \"selectors\": [[\"#password\"]], \"value\": \"bob-pw-Secret2\"},"
      + "{\"type\": \"click\", \"selectors\": [[\"#sign-in\"]], \"offsetX\": 3, \"offsetY\": 3},"
      + "{\"type\": \"waitForExpression\", \"expression\": \"document.title === 'Home'\"}]}";

  private Path recording() throws Exception {
    return Files.writeString(dir.resolve("two-users.json"), TWO_USERS);
  }

  @Test
  void should_list_every_flag_a_recording_needs_before_starting_a_browser() throws Exception {
    CliFixture cli = CliFixture.run("run", recording().toString(), "--browser", dir.resolve("no-browser").toString());

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("needs what this command line does not give it",
        "script.eval: run with --allow eval",
        "credential PASSWORD: run with --credential PASSWORD=VALUE (or BROWSERFLOW_CREDENTIAL_PASSWORD in the environment with --credentials-env)",
        "credential PASSWORD_BOB: run with --credential PASSWORD_BOB=VALUE",
        "or replay the passwords the recording holds (PASSWORD, PASSWORD_BOB) with --use-recorded-secrets")
        .doesNotContain("builder()", "@FlowTest", "BROWSER_NOT_FOUND", "alice-pw-Secret1", "bob-pw-Secret2");
  }

  @Test
  void should_name_the_missing_input_flag_of_a_flow_file() throws Exception {
    Path flow = Files.writeString(dir.resolve("q.flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"q\","
        + "\"inputs\":[{\"key\":\"QUERY\"}],\"steps\":[{\"id\":\"o\",\"op\":\"open\",\"url\":\"http://127.0.0.1:9/?q=${QUERY}\"}]}");

    CliFixture missing = CliFixture.run("run", flow.toString());
    CliFixture given = CliFixture.run("run", flow.toString(), "--input", "QUERY=x", "--browser", dir.resolve("none").toString());

    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err()).contains("input QUERY: run with --input QUERY=VALUE");
    assertThat(given.err()).doesNotContain("needs what").contains("BROWSER_NOT_FOUND", "--browser PATH");
  }

  @Test
  void should_refuse_an_allowed_origin_that_is_not_an_origin() throws Exception {
    CliFixture cli = CliFixture.run("run", recording().toString(), "--allow-origin", "127.0.0.1:8080/path");

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("--allow-origin 127.0.0.1:8080/path is not an origin", "scheme://host[:port]");
  }

  @Test
  void should_report_what_a_converted_recording_needs_and_write_no_recorded_password() throws Exception {
    Path out = dir.resolve("two-users.flow.json");

    CliFixture cli = CliFixture.run("convert", recording().toString(), "--to", "flow", "--out", out.toString());

    assertThat(cli.exit).isZero();
    assertThat(cli.err() + cli.out()).contains("to run it: script.eval: run with --allow eval; credential PASSWORD: ",
        "credential PASSWORD_BOB: ").doesNotContain("alice-pw-Secret1", "bob-pw-Secret2");
    assertThat(Files.readString(out)).contains("${credential.PASSWORD}", "${credential.PASSWORD_BOB}")
        .doesNotContain("alice-pw-Secret1", "bob-pw-Secret2");
  }
}
