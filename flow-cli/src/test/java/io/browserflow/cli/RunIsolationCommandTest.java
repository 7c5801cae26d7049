package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --deny-network strict} and the refusal of a literal secret, in the command line's words. */
@Tag("browser")
class RunIsolationCommandTest {
  @TempDir
  Path dir;

  private Path site() throws Exception {
    // the page asks another origin (a port nothing listens on) in the background
    return CliFixture.site(dir, "index.html", "<!doctype html><title>Beacon</title><input data-testid='key'>"
        + "<button data-testid='go' onclick=\"fetch('http://127.0.0.1:9/collect').catch(() => 0);"
        + "document.getElementById('out').textContent='sent'\">Go</button><p id='out'></p>");
  }

  private Path flow(String name, String keyValue) throws Exception {
    return Files.writeString(dir.resolve(name + ".flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"" + name + "\","
        + "\"inputs\":[{\"key\":\"SERVER_URL\",\"type\":\"url\"}],\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"${SERVER_URL}/index.html\"},"
        + "{\"id\":\"key\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"testId\":\"key\"}]},\"value\":\"" + keyValue + "\"},"
        + "{\"id\":\"go\",\"op\":\"click\",\"target\":{\"candidates\":[{\"testId\":\"go\"}]},"
        + "\"expect\":[{\"text\":\"sent\"}]},"
        + "{\"id\":\"done\",\"op\":\"assert\",\"condition\":{\"text\":\"sent\"}}]}");
  }

  @Test
  void should_report_by_default_and_fail_at_the_first_blocked_request_when_strict() throws Exception {
    Path flow = flow("beacon", "plain");
    Path site = site();

    CliFixture report = CliFixture.run("run", "--deny-network", flow.toString(), "--serve", site.toString(), "--json");
    assertThat(report.exit).as(report.err()).isZero();
    JsonNode result = new ObjectMapper().readTree(report.out()).get(0);
    assertThat(result.get("blockedRequests").toString()).contains("http://127.0.0.1:9/collect");

    CliFixture strict = CliFixture.run("run", flow.toString(), "--deny-network", "strict", "--serve", site.toString(), "--json");
    assertThat(strict.exit).isEqualTo(1);
    JsonNode failed = new ObjectMapper().readTree(strict.out()).get(0);
    assertThat(failed.get("errorCode").asText()).isEqualTo("NETWORK_ATTEMPT");
    assertThat(failed.get("errorMessage").asText()).contains("http://127.0.0.1:9/collect",
        "--allow-origin http://127.0.0.1:9", "--deny-network (report only) instead of --deny-network strict");
  }

  @Test
  void should_refuse_a_literal_secret_unless_forced() throws Exception {
    Path flow = flow("literal", "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5");
    Path site = site();

    CliFixture refused = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--json");
    assertThat(refused.exit).isEqualTo(1);
    JsonNode result = new ObjectMapper().readTree(refused.out()).get(0);
    assertThat(result.get("errorCode").asText()).isEqualTo("SENSITIVE_VALUE");
    assertThat(result.get("errorMessage").asText()).contains("steps[1].value", "run it anyway with --force")
        .doesNotContain("ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5");
    assertThat(refused.out() + refused.err()).doesNotContain("ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5");

    CliFixture forced = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--json", "--force");
    assertThat(forced.exit).as(forced.err() + forced.out()).isZero();
  }
}
