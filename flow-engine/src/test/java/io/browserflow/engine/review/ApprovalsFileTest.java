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

    Approvals.record(file, FlowReview.of(flow), "alice", at);
    Approvals read = Approvals.read(file);

    assertThat(read.isApproved(flow)).isTrue();
    assertThat(read.approval("login")).hasValueSatisfying(a -> {
      assertThat(a.reviewer()).isEqualTo("alice");
      assertThat(a.approvedAt()).isEqualTo(at);
      assertThat(a.digest()).isEqualTo(FlowReview.of(flow).digest());
    });
    assertThat(read.isApproved(flow("https://example.com/sign-in"))).as("a changed flow has another digest").isFalse();
    assertThat(read.isApproved(flow.nextRevision())).as("an approval names one revision").isFalse();
    assertThat(Files.readString(file)).contains("\"format\" : \"browserflow-approvals/1\"", "\"reviewer\" : \"alice\"");
  }

  @Test
  void should_replace_a_flows_earlier_approval_and_keep_the_others() {
    Path file = dir.resolve(Approvals.FILE_NAME);
    Flow first = flow("https://example.com/login");
    Flow second = flow("https://example.com/sign-in");
    Flow other = Flow.named("Search").open("https://example.com/search").build();

    Approvals.record(file, FlowReview.of(first), "alice", Instant.EPOCH);
    Approvals.record(file, FlowReview.of(other), "bob", Instant.EPOCH);
    Approvals.record(file, FlowReview.of(second), "carol", Instant.EPOCH);
    Approvals read = Approvals.read(file);

    assertThat(read.isApproved(first)).isFalse();
    assertThat(read.isApproved(second)).isTrue();
    assertThat(read.isApproved(other)).isTrue();
    assertThat(read.approval("login").orElseThrow().reviewer()).isEqualTo("carol");
  }

  @Test
  void should_hold_nothing_without_a_file_and_refuse_a_file_that_is_not_one() throws Exception {
    assertThat(Approvals.read(dir.resolve(Approvals.FILE_NAME)).approval("login")).isEmpty();

    Path notJson = Files.writeString(dir.resolve("a.json"), "{nope");
    Path other = Files.writeString(dir.resolve("b.json"), "{\"format\": \"something/1\"}");
    Path badEntry = Files.writeString(dir.resolve("c.json"), "{\"format\": \"browserflow-approvals/1\", \"approvals\": "
        + "[{\"flowId\": \"x\", \"digest\": \"d\", \"reviewer\": \"r\", \"approvedAt\": \"yesterday\"}]}");

    for (Path p : new Path[] {notJson, other, badEntry}) {
      assertThatThrownBy(() -> Approvals.read(p)).isInstanceOfSatisfying(FlowFormatException.class, e -> {
        assertThat(e.problems().get(0).code()).isEqualTo(ErrorCode.FIELD_INVALID);
        assertThat(e.problems().get(0).message()).contains(p.toString(), "browserflow review FLOW --approve");
      });
    }
    assertThatThrownBy(() -> Approvals.record(dir.resolve("d.json"), FlowReview.of(flow("https://example.com")), " ",
        Instant.EPOCH)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reviewer");
  }
}
