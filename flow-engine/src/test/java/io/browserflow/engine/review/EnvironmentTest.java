package io.browserflow.engine.review;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The environment an approval pins: one digest for the same environment, each difference named. */
class EnvironmentTest {
  private static final ApprovalKey KEY = ApprovalKey.random();

  private static Environment env(String version, String viewport) {
    return new Environment("chromium", version, viewport, "en-US", "UTC", Set.of("https://b.example", "https://a.example"));
  }

  @Test
  void should_digest_the_same_environment_alike_and_name_what_differs() {
    assertThat(env("144.0", "1280x720").digest()).isEqualTo(new Environment("chromium", "144.0", "1280x720", "en-US", "UTC",
        Set.of("https://a.example", "https://b.example")).digest()).hasSize(64);
    assertThat(env("145.0", "800x600").differences(env("144.0", "1280x720")))
        .containsExactly("browserVersion: 144.0 -> 145.0", "viewport: 1280x720 -> 800x600");
    assertThat(Environment.of(Map.of("browser", "chromium", "browserVersion", "144.0"), 1280, 720, Set.of()).viewport())
        .isEqualTo("1280x720");
  }

  @Test
  void should_keep_an_approvals_environment_in_the_file(@TempDir Path dir) {
    Flow flow = Flow.named("Login").open("https://a.example/login").build();
    Path file = dir.resolve(Approvals.FILE_NAME);

    Approvals.record(file, KEY, FlowReview.of(flow), "alice", Instant.EPOCH, env("144.0", "1280x720"));

    assertThat(Approvals.read(file, KEY).approval("login").orElseThrow().environment()).contains(env("144.0", "1280x720"));
  }
}
