package io.browserflow.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InMemoryPageDriverBuilderTest {

  @Test
  void should_be_named_in_memory() {
    assertThat(InMemoryPageDriver.builder().build().name()).isEqualTo("in-memory");
  }

  @Test
  void should_reject_a_relative_page_url() {
    assertThatThrownBy(() -> InMemoryPageDriver.builder().page("/login", "<p>x</p>"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("absolute");
  }

  @Test
  void should_reject_negative_delays_naming_the_setting() {
    assertThatThrownBy(() -> InMemoryPageDriver.builder().actionDelay(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("actionDelay");
    assertThatThrownBy(() -> InMemoryPageDriver.builder().navigationDelay(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("navigationDelay");
  }

  @Test
  void should_reject_a_fault_that_never_fires() {
    assertThatThrownBy(() -> InMemoryPageDriver.builder().failNext("save", ErrorCode.ACTION_FAILED, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("times");
    assertThatThrownBy(() -> InMemoryPageDriver.builder().failNext(" ", ErrorCode.ACTION_FAILED, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> InMemoryPageDriver.builder().failNextNavigation("**", ErrorCode.TIMEOUT, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_register_pages_from_a_map() {
    InMemoryPageDriver driver = InMemoryPageDriver.builder()
        .pages(java.util.Map.of("http://app.test/a", "<title>A</title>")).build();
    DriverSession s = driver.openSession(SessionOptions.defaults());

    s.open("http://app.test/a", MemoryPages.T);

    assertThat(s.state().title()).isEqualTo("A");
  }

  @Test
  void should_start_sessions_on_about_blank_in_tab_main() {
    DriverSession s = InMemoryPageDriver.builder().build().openSession(SessionOptions.defaults());

    assertThat(s.state().tab()).isEqualTo("main");
    assertThat(s.state().url()).isEqualTo("about:blank");
    assertThat(s.state().tabs()).containsExactly("main");
  }

  @Test
  void should_close_its_sessions_and_refuse_new_ones_when_closed() {
    InMemoryPageDriver driver = InMemoryPageDriver.builder().page("http://app.test/", "<p>x</p>").build();
    DriverSession s = driver.openSession(SessionOptions.defaults());

    driver.close();

    assertThatThrownBy(() -> s.open("http://app.test/", MemoryPages.T)).isInstanceOf(FlowRunException.class);
    assertThatThrownBy(() -> driver.openSession(SessionOptions.defaults())).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void should_keep_sessions_isolated() {
    InMemoryPageDriver driver = InMemoryPageDriver.builder().page("http://app.test/", "<p>x</p>").build();
    DriverSession a = driver.openSession(SessionOptions.defaults());
    DriverSession b = driver.openSession(SessionOptions.defaults());

    a.open("http://app.test/", MemoryPages.T);
    a.newTab("other", Optional.empty(), MemoryPages.T);

    assertThat(b.state().url()).isEqualTo("about:blank");
    assertThat(b.state().tabs()).containsExactly("main");
  }
}
