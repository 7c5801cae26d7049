package io.browserflow.engine.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Approvals kept in the approvals file next to the flows: recorded, read back, bound to one digest. */
class ApprovalsFileTest {
  private static final ApprovalKey KEY = ApprovalKey.random();

  @TempDir
  Path dir;

  private static Flow flow(String url) {
    return Flow.named("Login").open(url).build();
  }

  @Test
  void should_record_an_approval_and_read_it_back_bound_to_the_digest() throws Exception {
    Path file = dir.resolve(Approvals.FILE_NAME);
    Flow flow = flow("https://example.com/login");
    Instant at = Instant.parse("2026-12-04T10:00:00Z");

    Approvals.record(file, KEY, FlowReview.of(flow), "alice", at, null);
    Approvals read = Approvals.read(file, KEY);

    assertThat(read.isApproved(flow)).isTrue();
    assertThat(read.approval("login")).hasValueSatisfying(a -> {
      assertThat(a.reviewer()).isEqualTo("alice");
      assertThat(a.approvedAt()).isEqualTo(at);
      assertThat(a.digest()).isEqualTo(FlowReview.of(flow).digest());
    });
    assertThat(read.isApproved(flow("https://example.com/sign-in"))).as("a changed flow has another digest").isFalse();
    assertThat(read.isApproved(flow.nextRevision())).as("an approval names one revision").isFalse();
    assertThat(Files.readString(file)).contains("\"format\" : \"browserflow-approvals/2\"", "\"reviewer\" : \"alice\"");
  }

  @Test
  void should_replace_a_flows_earlier_approval_and_keep_the_others() {
    Path file = dir.resolve(Approvals.FILE_NAME);
    Flow first = flow("https://example.com/login");
    Flow second = flow("https://example.com/sign-in");
    Flow other = Flow.named("Search").open("https://example.com/search").build();

    Approvals.record(file, KEY, FlowReview.of(first), "alice", Instant.EPOCH, null);
    Approvals.record(file, KEY, FlowReview.of(other), "bob", Instant.EPOCH, null);
    Approvals.record(file, KEY, FlowReview.of(second), "carol", Instant.EPOCH, null);
    Approvals read = Approvals.read(file, KEY);

    assertThat(read.isApproved(first)).isFalse();
    assertThat(read.isApproved(second)).isTrue();
    assertThat(read.isApproved(other)).isTrue();
    assertThat(read.approval("login").orElseThrow().reviewer()).isEqualTo("carol");
  }

  @Test
  void should_hold_nothing_without_a_file_and_refuse_a_file_that_is_not_one() throws Exception {
    assertThat(Approvals.read(dir.resolve(Approvals.FILE_NAME), KEY).approval("login")).isEmpty();

    Path notJson = Files.writeString(dir.resolve("a.json"), "{nope");
    Path other = Files.writeString(dir.resolve("b.json"), "{\"format\": \"something/1\"}");
    Path badEntry = Files.writeString(dir.resolve("c.json"), "{\"format\": \"browserflow-approvals/1\", \"approvals\": "
        + "[{\"flowId\": \"x\", \"digest\": \"d\", \"reviewer\": \"r\", \"approvedAt\": \"yesterday\"}]}");

    for (Path p : new Path[] {notJson, other, badEntry}) {
      assertThatThrownBy(() -> Approvals.read(p, KEY)).isInstanceOfSatisfying(FlowFormatException.class, e -> {
        assertThat(e.problems().get(0).code()).isEqualTo(ErrorCode.FIELD_INVALID);
        assertThat(e.problems().get(0).message()).contains(p.toString(), "browserflow review FLOW --approve");
      });
    }
    assertThatThrownBy(() -> Approvals.record(dir.resolve("d.json"), KEY, FlowReview.of(flow("https://example.com")), " ",
        Instant.EPOCH, null)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reviewer");
  }

  @Test
  void should_refuse_a_forged_entry_an_edited_digest_an_entry_copied_to_another_flow_and_another_keys_entry() throws Exception {
    Path file = dir.resolve(Approvals.FILE_NAME);
    Flow approved = flow("https://example.com/login");
    Flow changed = flow("https://elsewhere.example/login");
    Flow other = Flow.named("Pay").open("https://example.com/pay").build();
    Approvals.record(file, KEY, FlowReview.of(approved), "alice", Instant.EPOCH, null);
    String signed = Files.readString(file);

    // whoever writes the folder points the approval at a changed flow: the signature no longer fits
    Files.writeString(file, signed.replace(FlowReview.of(approved).digest(), FlowReview.of(changed).digest()));
    Approvals edited = Approvals.read(file, KEY);
    // copies the login entry (its signature too) to the id of another flow with that flow's digest
    Files.writeString(file, signed.replace("\"login\"", "\"pay\"").replace(FlowReview.of(approved).digest(),
        FlowReview.of(other).digest()));
    Approvals copied = Approvals.read(file, KEY);
    // writes an entry of their own, with a signature made up
    Files.writeString(file, signed.replaceFirst("\"signature\" : \"[^\"]+\"", "\"signature\" : \"AAAA\""));
    Approvals forged = Approvals.read(file, KEY);
    Files.writeString(file, signed);
    Approvals otherKey = Approvals.read(file, ApprovalKey.random());

    assertThat(Approvals.read(file, KEY).isApproved(approved)).as("the file as signed").isTrue();
    assertThat(edited.isApproved(changed)).isFalse();
    assertThat(edited.approval("login")).isEmpty();
    assertThat(edited.refusal("login")).hasValueSatisfying(why -> assertThat(why).contains("signature does not verify"));
    assertThat(copied.isApproved(other)).isFalse();
    assertThat(forged.isApproved(approved)).isFalse();
    assertThat(otherKey.isApproved(approved)).isFalse();
  }

  @Test
  void should_refuse_approvals_written_before_signing_and_keep_them_when_another_flow_is_approved() throws Exception {
    Path file = dir.resolve(Approvals.FILE_NAME);
    Flow flow = flow("https://example.com/login");
    Files.writeString(file, "{\"format\": \"browserflow-approvals/1\", \"approvals\": [{\"flowId\": \"login\", \"digest\": \""
        + FlowReview.of(flow).digest() + "\", \"reviewer\": \"alice\", \"approvedAt\": \"2026-12-01T00:00:00Z\"}]}");

    Approvals read = Approvals.read(file, KEY);
    Approvals.record(file, KEY, FlowReview.of(Flow.named("Pay").open("https://example.com/pay").build()), "bob", Instant.EPOCH, null);

    assertThat(read.isApproved(flow)).isFalse();
    assertThat(read.refusal("login")).hasValueSatisfying(why -> assertThat(why).contains("before approvals were signed"));
    assertThat(Files.readString(file)).as("the unsigned entry is kept, not lost").contains("\"reviewer\" : \"alice\"");
    assertThat(Approvals.read(file, KEY).refusal("login")).isPresent();
  }

  @Test
  void should_refuse_an_approvals_file_or_folder_others_may_write_and_a_key_others_may_read() throws Exception {
    Path file = dir.resolve(Approvals.FILE_NAME);
    Approvals.record(file, KEY, FlowReview.of(flow("https://example.com/login")), "alice", Instant.EPOCH, null);
    Path keyFile = dir.resolve("keys").resolve("approval.key");
    ApprovalKey.readOrCreate(keyFile);

    Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
    Throwable openFile = org.assertj.core.api.Assertions.catchThrowable(() -> Approvals.read(file, KEY));
    Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
    Throwable openFolder = org.assertj.core.api.Assertions.catchThrowable(() -> Approvals.read(file, KEY));
    Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    Files.setPosixFilePermissions(keyFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    Throwable readableKey = org.assertj.core.api.Assertions.catchThrowable(() -> ApprovalKey.read(keyFile));

    for (Throwable t : new Throwable[] {openFile, openFolder, readableKey}) {
      assertThat(t).isInstanceOfSatisfying(io.browserflow.api.FlowRunException.class, e -> {
        assertThat(e.code()).isEqualTo(ErrorCode.APPROVAL_UNTRUSTED);
        assertThat(e.getMessage()).containsAnyOf("writable by other users", "readable by other users");
      });
    }
    assertThat(Files.readString(keyFile)).as("a key file holds the key, base64").matches("[A-Za-z0-9+/=]{40,}\\s*");
    assertThat(ApprovalKey.random().toString()).doesNotContain(Files.readString(keyFile).strip());
  }
}
