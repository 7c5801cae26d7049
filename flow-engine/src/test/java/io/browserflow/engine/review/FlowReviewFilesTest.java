package io.browserflow.engine.review;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import org.junit.jupiter.api.Test;

/** A reviewer sees that a flow reads or writes local files before approving it. */
class FlowReviewFilesTest {
  @Test
  void should_show_reading_and_writing_local_files_as_capabilities() {
    Flow reads = Flow.named("reads").open("https://example.com").csvImport("devices.csv").id("rows").build();
    Flow writes = Flow.named("writes").open("https://example.com").csvImport("devices.csv").id("rows")
        .csvExport("${steps.rows.items}", "out.csv").build();
    Flow neither = Flow.named("neither").open("https://example.com").build();

    assertThat(FlowReview.of(reads).capabilities()).contains(Capability.FILE_READ).doesNotContain(Capability.FILE_WRITE);
    assertThat(FlowReview.of(writes).capabilities()).contains(Capability.FILE_READ, Capability.FILE_WRITE);
    assertThat(FlowReview.of(neither).capabilities()).doesNotContain(Capability.FILE_READ, Capability.FILE_WRITE);
  }
}
