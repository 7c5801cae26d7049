package io.browserflow.testkit;

import static io.browserflow.testkit.MemoryPages.T;
import static io.browserflow.testkit.MemoryPages.click;
import static io.browserflow.testkit.MemoryPages.css;
import static io.browserflow.testkit.MemoryPages.thrown;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.engine.spi.TargetException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InMemoryFaultsTest {
  @org.junit.jupiter.api.io.TempDir
  java.nio.file.Path tempDir;

  private static final String PAGE = "<p id=status>idle</p>"
      + "<button data-testid=save class=primary data-on-click=\"text:#status=saved\">Save</button>"
      + "<a href=/next>Next</a>";

  private static DriverSession session(InMemoryPageDriver.Builder b) {
    DriverSession s = b.page("http://app.test/", PAGE).page("http://app.test/next", "<title>Next</title>").build()
        .openSession(SessionOptions.defaults());
    s.open("http://app.test/", T);
    return s;
  }

  @Test
  void should_fail_the_next_interactions_with_an_element_then_recover() {
    DriverSession s = session(InMemoryPageDriver.builder().failNext("save", ErrorCode.ACTION_FAILED, 2));

    for (int i = 0; i < 2; i++) {
      FlowRunException e = thrown(FlowRunException.class, () -> s.perform(click(css("button")), T));
      assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
      assertThat(e.details()).containsEntry("injected", "true");
      assertThat(MemoryPages.text(s, "#status")).isEqualTo("idle");
    }
    s.perform(click(css("button")), T);

    assertThat(MemoryPages.text(s, "#status")).isEqualTo("saved");
  }

  @Test
  void should_match_injected_faults_by_css_too() {
    DriverSession s = session(InMemoryPageDriver.builder().failNext("button.primary", ErrorCode.ACTION_FAILED, 1));

    assertThat(thrown(FlowRunException.class, () -> s.perform(click(css("[data-testid=save]")), T)).code())
        .isEqualTo(ErrorCode.ACTION_FAILED);
  }

  @Test
  void should_leave_other_elements_alone() {
    DriverSession s = session(InMemoryPageDriver.builder().failNext("save", ErrorCode.ACTION_FAILED, 1));

    s.perform(click(css("a")), T);

    assertThat(s.state().title()).isEqualTo("Next");
  }

  @Test
  void should_inject_target_errors_as_target_exceptions() {
    DriverSession s = session(InMemoryPageDriver.builder().failNext("save", ErrorCode.TARGET_NOT_FOUND, 1)
        .failNext("save", ErrorCode.TARGET_AMBIGUOUS, 1));

    TargetException missing = thrown(TargetException.class, () -> s.perform(click(css("button")), T));
    TargetException ambiguous = thrown(TargetException.class, () -> s.perform(click(css("button")), T));

    assertThat(missing.code()).isEqualTo(ErrorCode.TARGET_NOT_FOUND);
    assertThat(missing.resolution().counts()).containsExactly(0);
    assertThat(ambiguous.code()).isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
  }

  @Test
  void should_inject_timeouts_as_timeout_exceptions() {
    DriverSession s = session(InMemoryPageDriver.builder().failNext("save", ErrorCode.TIMEOUT, 1));

    assertThat(thrown(FlowTimeoutException.class, () -> s.perform(click(css("button")), T)).code())
        .isEqualTo(ErrorCode.TIMEOUT);
  }

  @Test
  void should_inject_faults_into_reads() {
    DriverSession s = session(InMemoryPageDriver.builder().failNext("#status", ErrorCode.ACTION_FAILED, 1));

    assertThat(thrown(FlowRunException.class, () -> MemoryPages.text(s, "#status")).code())
        .isEqualTo(ErrorCode.ACTION_FAILED);
    assertThat(MemoryPages.text(s, "#status")).isEqualTo("idle");
  }

  @Test
  void should_share_fault_counters_between_sessions_of_a_driver() {
    InMemoryPageDriver driver = InMemoryPageDriver.builder().page("http://app.test/", PAGE)
        .failNext("save", ErrorCode.ACTION_FAILED, 1).build();
    DriverSession a = MemoryPages.open(driver, "http://app.test/", tempDir);
    DriverSession b = MemoryPages.open(driver, "http://app.test/", tempDir);

    assertThat(thrown(FlowRunException.class, () -> a.perform(click(css("button")), T))).isNotNull();
    b.perform(click(css("button")), T);
  }

  @Test
  void should_fail_the_next_navigations_to_matching_urls() {
    DriverSession s = session(InMemoryPageDriver.builder().failNextNavigation("**/next", ErrorCode.NAVIGATION_TIMEOUT, 1));

    FlowTimeoutException e = thrown(FlowTimeoutException.class, () -> s.navigate("http://app.test/next", T));

    assertThat(e.code()).isEqualTo(ErrorCode.NAVIGATION_TIMEOUT);
    assertThat(s.state().url()).isEqualTo("http://app.test/");
    s.navigate("http://app.test/next", T);
    assertThat(s.state().title()).isEqualTo("Next");
  }

  @Test
  void should_spend_the_action_delay_in_virtual_time() {
    DriverSession s = session(InMemoryPageDriver.builder().actionDelay(Duration.ofMillis(100)));

    s.perform(click(css("button")), T);
    s.perform(click(css("button")), T);

    assertThat(MemoryPages.now(s)).isEqualTo(200);
  }

  @Test
  void should_time_out_when_the_action_delay_exceeds_the_timeout() {
    DriverSession s = session(InMemoryPageDriver.builder().actionDelay(Duration.ofSeconds(2)));

    FlowTimeoutException e = thrown(FlowTimeoutException.class, () -> s.perform(click(css("button")), Duration.ofSeconds(1)));

    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(MemoryPages.text(s, "#status")).isEqualTo("idle");
  }

  @Test
  void should_fail_an_explicit_navigation_slower_than_its_timeout() {
    InMemoryPageDriver driver = InMemoryPageDriver.builder().page("http://app.test/", PAGE)
        .navigationDelay(Duration.ofSeconds(3)).build();
    DriverSession s = driver.openSession(SessionOptions.defaults());

    FlowTimeoutException e = thrown(FlowTimeoutException.class, () -> s.open("http://app.test/", Duration.ofSeconds(1)));

    assertThat(e.code()).isEqualTo(ErrorCode.NAVIGATION_TIMEOUT);
    assertThat(s.state().url()).isEqualTo("about:blank");
    s.open("http://app.test/", Duration.ofSeconds(5));
    assertThat(MemoryPages.now(s)).isEqualTo(4000);
  }

  @Test
  void should_delay_navigations_caused_by_clicks_so_checks_wait_for_them() {
    DriverSession s = session(InMemoryPageDriver.builder().navigationDelay(Duration.ofMillis(500)));
    long before = MemoryPages.now(s);

    s.perform(click(css("a")), T);

    assertThat(s.test(Condition.Url.of("**/next"))).isFalse();
    s.await(Condition.Url.of("**/next"), T);
    assertThat(MemoryPages.now(s) - before).isEqualTo(500);
  }

  @Test
  void should_never_sleep_while_waiting() {
    DriverSession s = session(InMemoryPageDriver.builder());
    long start = System.nanoTime();

    thrown(FlowTimeoutException.class, () -> s.await(Condition.Text.present("never"), Duration.ofSeconds(30)));
    thrown(TargetException.class, () -> s.perform(InteractionStep.Click.builder().id("c").target(css("#none")).build(),
        Duration.ofSeconds(30)));

    assertThat(MemoryPages.now(s)).isEqualTo(60_000);
    assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(2000);
    assertThat(Optional.of(s.state().url())).contains("http://app.test/");
  }
}
