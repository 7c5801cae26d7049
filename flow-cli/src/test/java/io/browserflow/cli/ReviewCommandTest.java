package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.engine.review.Approvals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import com.fasterxml.jackson.databind.JsonNode;
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
    assertThat(Approvals.read(dir.resolve(Approvals.FILE_NAME), CliFixture.approvalKey()).approval("pay").orElseThrow().reviewer()).isEqualTo("qa-lead");
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

  @Test
  void should_pin_the_environment_at_approval_refuse_a_drift_unless_allowed_and_write_receipts_without_values() throws Exception {
    Path flow = flow("Pay the order");
    Path site = dir.resolve("site");
    Path receipts = dir.resolve("kept");
    CliFixture approve = CliFixture.run("review", flow.toString(), "--approve", "--reviewer", "qa-lead");
    assertThat(approve.out()).containsPattern("environment:  chromium [0-9.]+, [0-9]+x[0-9]+, ");

    CliFixture same = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--require-approval", "--json",
        "--receipts", receipts.toString());
    assertThat(same.exit).as(same.err() + same.out()).isZero();

    // the same flow approved, by a signed approval, for another browser version
    Path approvals = dir.resolve(Approvals.FILE_NAME);
    var pinned = Approvals.read(approvals, CliFixture.approvalKey()).approval("pay").orElseThrow();
    var env = pinned.environment().orElseThrow();
    String version = env.browserVersion();
    Approvals.record(approvals, CliFixture.approvalKey(), io.browserflow.engine.review.FlowReview.of(
        io.browserflow.api.json.FlowJson.read(flow)), "qa-lead", pinned.approvedAt(), new io.browserflow.engine.review.Environment(
            env.browser(), "1.0.0.0", env.viewport(), env.locale(), env.timeZone(), env.origins()));

    CliFixture drifted = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--require-approval", "--json");
    assertThat(drifted.exit).isEqualTo(1);
    JsonNode refused = new ObjectMapper().readTree(drifted.out()).get(0);
    assertThat(refused.get("errorCode").asText()).isEqualTo("ENVIRONMENT_DRIFT");
    assertThat(refused.get("errorMessage").asText()).contains("browserVersion: 1.0.0.0 -> " + version, "--allow-drift");
    List<Path> byDefault;
    try (var files = Files.list(flow.resolveSibling("receipts"))) {
      byDefault = files.toList();
    }
    assertThat(byDefault).as("an approved replay leaves a receipt without --receipts, next to the flow").hasSize(1);
    JsonNode refusedReceipt = new ObjectMapper().readTree(byDefault.get(0).toFile());
    assertThat(refusedReceipt.get("status").asText()).isEqualTo("FAILED");
    assertThat(refusedReceipt.get("errorCode").asText()).isEqualTo("ENVIRONMENT_DRIFT");

    CliFixture allowed = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--require-approval", "--json",
        "--allow-drift", "--receipts", receipts.toString());
    assertThat(allowed.exit).as(allowed.err() + allowed.out()).isZero();

    List<Path> written;
    try (var files = Files.list(receipts)) {
      written = files.sorted().toList();
    }
    assertThat(written).hasSize(2);
    for (Path receipt : written) {
      String text = Files.readString(receipt);
      JsonNode r = new ObjectMapper().readTree(text);
      assertThat(r.get("format").asText()).isEqualTo("browserflow-receipt/1");
      assertThat(r.get("status").asText()).isEqualTo("SUCCEEDED");
      assertThat(r.at("/approval/reviewer").asText()).isEqualTo("qa-lead");
      assertThat(r.at("/approval/matchesRun").asBoolean()).isTrue();
      assertThat(r.get("steps")).hasSize(3);
      assertThat(text).as("no URL, selector, value or page text").doesNotContain("http", "127.0.0.1", "Pay", "paid", "Shop",
          "index.html", "button");
    }
  }

  @Test
  void should_list_the_checks_of_nested_bodies_fallbacks_and_subflows() {
    io.browserflow.api.Flow flow = io.browserflow.api.json.FlowJson.read("{\"schema\":\"browserflow/2\",\"id\":\"nested\","
        + "\"name\":\"Nested\",\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"http://127.0.0.1/\"},"
        + "{\"id\":\"each\",\"op\":\"repeat\",\"times\":2,\"body\":["
        + "{\"id\":\"seen\",\"op\":\"wait\",\"until\":{\"text\":\"ready\"},"
        + "\"onError\":{\"fallback\":[{\"id\":\"alt\",\"op\":\"assert\",\"condition\":{\"title\":\"Alt\"}}]}}]},"
        + "{\"id\":\"confirm\",\"op\":\"call\",\"flow\":\"confirm\"}],"
        + "\"subflows\":[{\"id\":\"confirm\",\"name\":\"Confirm\",\"steps\":["
        + "{\"id\":\"done\",\"op\":\"assert\",\"condition\":{\"url\":\"**/done\"}}]}]}");

    List<String> checks = ReviewCommand.checks(flow);

    assertThat(checks).hasSize(3);
    assertThat(checks.get(0)).startsWith("steps[1].body[0] wait ").contains("ready");
    assertThat(checks.get(1)).startsWith("steps[1].body[0].onError.fallback[0] assert ").contains("Alt");
    assertThat(checks.get(2)).startsWith("subflows[0].steps[0] assert ").contains("**/done");
  }

  @Test
  void should_refuse_an_approval_forged_in_the_folder_or_copied_to_another_flow_and_keys_others_may_read() throws Exception {
    Path flow = flow("Pay the order");
    Path site = dir.resolve("site");
    Path approvals = dir.resolve(Approvals.FILE_NAME);
    CliFixture.run("review", flow.toString(), "--approve", "--reviewer", "qa-lead");
    String signed = Files.readString(approvals);
    String approvedDigest = new ObjectMapper().readTree(signed).get("approvals").get(0).get("digest").asText();

    // whoever may write the folder changes the flow and points the approval at its new digest
    flow("Pay the order, edited");
    String editedDigest = io.browserflow.engine.review.FlowReview.of(io.browserflow.api.json.FlowJson.read(flow)).digest();
    Files.writeString(approvals, signed.replace(approvedDigest, editedDigest));
    CliFixture forged = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--require-approval", "--json");
    CliFixture shown = CliFixture.run("review", flow.toString());
    // or copies the approved entry to another flow id
    Path other = Files.writeString(dir.resolve("other.flow.json"), Files.readString(flow).replace("\"id\":\"pay\"", "\"id\":\"other\""));
    String otherDigest = io.browserflow.engine.review.FlowReview.of(io.browserflow.api.json.FlowJson.read(other)).digest();
    Files.writeString(approvals, signed.replace("\"pay\"", "\"other\"").replace(approvedDigest, otherDigest));
    CliFixture copied = CliFixture.run("run", other.toString(), "--serve", site.toString(), "--require-approval", "--json");

    assertThat(forged.exit).isEqualTo(1);
    JsonNode result = new ObjectMapper().readTree(forged.out()).get(0);
    assertThat(result.get("errorCode").asText()).isEqualTo("REVIEW_REQUIRED");
    assertThat(result.get("errorMessage").asText()).contains("cannot be trusted", "signature does not verify");
    assertThat(shown.out()).contains("approval:     untrusted (APPROVAL_UNTRUSTED)");
    assertThat(copied.exit).isEqualTo(1);
    assertThat(new ObjectMapper().readTree(copied.out()).get(0).get("errorMessage").asText()).contains("signature does not verify");

    // a key inside the folder it approves, or one others may read, signs nothing and checks nothing
    CliFixture inside = CliFixture.run("review", flow.toString(), "--approve", "--reviewer", "qa-lead",
        "--approval-key", dir.resolve("approval.key").toString());
    Path readable = Files.createDirectories(dir.getParent().resolve(dir.getFileName() + "-keys")).resolve("approval.key");
    io.browserflow.engine.review.ApprovalKey.readOrCreate(readable);
    Files.setPosixFilePermissions(readable, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    CliFixture readableKey = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--require-approval",
        "--approval-key", readable.toString());

    assertThat(inside.exit).isEqualTo(2);
    assertThat(inside.err()).contains("APPROVAL_UNTRUSTED", "lies inside", "--approval-key");
    assertThat(Files.exists(dir.resolve("approval.key"))).isFalse();
    assertThat(readableKey.exit).isEqualTo(2);
    assertThat(readableKey.err()).contains("APPROVAL_UNTRUSTED", "readable by other users", "chmod 600");
  }
}
