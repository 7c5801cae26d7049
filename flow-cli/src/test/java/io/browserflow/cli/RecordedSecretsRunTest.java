package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow run --use-recorded-secrets}: a Chrome Recorder recording that signs in as two
 * users and fails one sign-in on purpose replays as recorded, each password under its own key, and
 * no password reaches the output, the JSON results or the report.
 */
@Tag("browser")
class RecordedSecretsRunTest {
  @TempDir
  Path dir;

  private static final String LOGIN = "<!doctype html><title>Sign in</title>"
      + "<input id='username' aria-label='User name'><input id='password' type='password' aria-label='Password'>"
      + "<button id='sign-in' onclick=\"var ok = {alice: 'alice-pw-Secret1', bob: 'bob-pw-Secret2'};"
      + " var u = document.getElementById('username').value, p = document.getElementById('password').value;"
      + " var out = document.getElementById('out');"
      + " if (ok[u] === p) { out.textContent = 'Welcome ' + u; document.title = 'Home ' + u; }"
      + " else { out.textContent = 'Wrong password for ' + u; document.title = 'Sign in failed'; }\">Sign in</button>"
      + "<p id='out'></p>";

  /** What {@code --serve} is given: the sign-in page's folder, served on {@code port}. */
  private String site(int port) throws Exception {
    return CliFixture.site(dir, "login.html", LOGIN) + ":" + port;
  }

  /**
   * A Chrome Recorder recording titled {@code title} that opens the sign-in page served on {@code port},
   * does {@code steps} and waits for {@code text}.
   */
  private Path recording(String title, int port, String steps, String text) throws Exception {
    return Files.writeString(dir.resolve(title.toLowerCase(java.util.Locale.ROOT).replace(' ', '-') + ".json"),
        "{\"title\": \"" + title + "\", \"steps\": ["
        + "{\"type\": \"navigate\", \"url\": \"http://127.0.0.1:" + port + "/login.html\"}," + steps
        + "{\"type\": \"waitForElement\", \"selectors\": [[\"text/" + text + "\"]]}]}");
  }

  private static String change(String css, String value) {
    return "{\"type\": \"change\", \"selectors\": [[\"" + css + "\"]], \"value\": \"" + value + "\"},";
  }

  private static String signIn(String user, String password, String title) {
    return change("#username", user) + change("#password", password)
        + "{\"type\": \"click\", \"selectors\": [[\"#sign-in\"]], \"offsetX\": 3, \"offsetY\": 3},"
        + "{\"type\": \"waitForExpression\", \"expression\": \"document.title === '" + title + "'\"},";
  }

  @Test
  void should_replay_each_recorded_password_in_memory_and_write_none() throws Exception {
    int port = ChildProcesses.freeLoopbackPort();
    Path recording = recording("Logins", port, signIn("alice", "alice-pw-Secret1", "Home alice")
        + signIn("alice", "not-the-pw-Secret3", "Sign in failed")
        + signIn("bob", "bob-pw-Secret2", "Home bob"), "Welcome bob");
    Path report = dir.resolve("report");

    CliFixture cli = CliFixture.run("run", recording.toString(), "--serve", site(port), "--allow", "eval",
        "--use-recorded-secrets", "--json", "--report", report.toString());

    assertThat(cli.exit).as(cli.err()).isZero();
    JsonNode result = new ObjectMapper().readTree(cli.out()).get(0);
    assertThat(result.get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(cli.err()).contains("replaying the passwords the recording holds for PASSWORD, PASSWORD_ALICE_2, PASSWORD_BOB",
        "--use-recorded-secrets");
    String written = cli.out() + cli.err();
    try (Stream<Path> files = Files.walk(report)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        written += new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
      }
    }
    assertThat(written).doesNotContain("alice-pw-Secret1", "bob-pw-Secret2", "not-the-pw-Secret3");
  }

  @Test
  void should_replay_a_wrong_password_on_purpose_only_with_the_recorded_one() throws Exception {
    int port = ChildProcesses.freeLoopbackPort();
    Path recording = recording("Bad login", port, signIn("bob", "guess-Secret4", "Sign in failed"), "Wrong password for bob");

    CliFixture recorded = CliFixture.run("run", recording.toString(), "--serve", site(port), "--allow", "eval",
        "--use-recorded-secrets", "--json");
    CliFixture real = CliFixture.run("run", recording.toString(), "--serve", site(port), "--allow", "eval",
        "--credential", "PASSWORD=bob-pw-Secret2", "--json");

    assertThat(new ObjectMapper().readTree(recorded.out()).get(0).get("status").asText()).isEqualTo("SUCCEEDED");
    // the right password signs bob in: the recorded failure does not happen, the run fails at its check
    assertThat(new ObjectMapper().readTree(real.out()).get(0).get("status").asText()).isEqualTo("FAILED");
    assertThat(recorded.out() + recorded.err() + real.out() + real.err()).doesNotContain("guess-Secret4", "bob-pw-Secret2");
  }
}
