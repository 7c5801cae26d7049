package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.engine.review.Approvals;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code browserflow review} prints what a flow needs and records approvals; {@code run --require-approval} obeys them. */
@Tag("browser")
class ReviewCommandTest {
  @TempDir
  Path dir;

  private Path flow(String title) throws Exception {
    Files.writeString(Files.createDirectories(dir.resolve("site")).resolve("index.html"),
        "<!doctype html><title>Shop</title><button onclick=\"document.getElementById('out').textContent='paid'\">Pay</button>"
            + "<p id='out'></p>");
    return Files.writeString(dir.resolve("pay.flow.json"), "{\"schema\":\"browserflow/2\",\"id\":\"pay\",\"name\":\"" + title + "\","
        + "\"inputs\":[{\"key\":\"SERVER_URL\",\"type\":\"url\"}],"
        + "\"credentials\":[{\"key\":\"API_KEY\",\"type\":\"api_key\",\"required\":false}],\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"${SERVER_URL}/index.html\"},"
        + "{\"id\":\"pay\",\"op\":\"click\",\"target\":{\"candidates\":[{\"role\":\"button\",\"name\":\"Pay\"}]},"
        + "\"expect\":[{\"text\":\"paid\"}]},"
        + "{\"id\":\"check\",\"op\":\"assert\",\"condition\":{\"title\":\"Shop\"}}]}");
  }

  @Test
  void should_print_the_manifest_and_failure_conditions_and_record_an_approval_bound_to_the_digest() throws Exception {
    Path flow = flow("Pay the order");

    CliFixture unreviewed = CliFixture.run("review", flow.toString());

    assertThat(unreviewed.exit).isEqualTo(1);
    assertThat(unreviewed.out()).contains("pay \"Pay the order\" version 1", "digest:", "capabilities: ui.observe, ui.interact",
        "inputs:       SERVER_URL", "credentials:  API_KEY (secret)", "steps[1] click expects [{\"text\":\"paid\"}]",
        "steps[2] assert {\"condition\":{\"title\":\"Shop\"}}", "approval:     none; approve with `browserflow review");

    CliFixture approved = CliFixture.run("review", flow.toString(), "--approve", "--reviewer", "qa-lead");

    assertThat(approved.exit).as(approved.err()).isZero();
    assertThat(approved.out()).contains("approved:     by qa-lead, recorded in " + dir.toAbsolutePath().resolve(Approvals.FILE_NAME));
    assertThat(Approvals.read(dir.resolve(Approvals.FILE_NAME)).approval("pay").orElseThrow().reviewer()).isEqualTo("qa-lead");
    CliFixture again = CliFixture.run("review", flow.toString());
    assertThat(again.exit).isZero();
    assertThat(again.out()).contains("approval:     approved by qa-lead at ");

    flow("Pay the order now");
    CliFixture changed = CliFixture.run("review", flow.toString());

    assertThat(changed.exit).isEqualTo(1);
    assertThat(changed.out()).contains("approval:     of another revision", "the flow changed since");
  }

  @Test
  void should_run_only_approved_revisions_with_require_approval() throws Exception {
    Path flow = flow("Pay the order");
    Path site = dir.resolve("site");

    CliFixture refused = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--require-approval", "--json");

    assertThat(refused.exit).isEqualTo(1);
    var result = new ObjectMapper().readTree(refused.out()).get(0);
    assertThat(result.get("errorCode").asText()).isEqualTo("REVIEW_REQUIRED");
    assertThat(result.get("errorMessage").asText()).contains("was never approved",
        "`browserflow review FLOW_FILE --approve`");

    CliFixture.run("review", flow.toString(), "--approve", "--reviewer", "qa-lead");
    CliFixture ok = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--require-approval", "--json");

    assertThat(ok.exit).as(ok.err() + ok.out()).isZero();

    flow("Pay the order, edited");
    CliFixture stale = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--require-approval", "--json");

    assertThat(stale.exit).isEqualTo(1);
    assertThat(new ObjectMapper().readTree(stale.out()).get(0).get("errorMessage").asText()).contains("changed since its approval");
  }
}
