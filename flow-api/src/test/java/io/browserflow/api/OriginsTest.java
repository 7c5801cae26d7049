package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class OriginsTest {
  @Test
  void should_admit_an_exact_origin_and_any_port_of_a_pattern_only() {
    List<String> patterns = List.of("https://Shop.example", "http://127.0.0.1:*");

    assertThat(Origins.admits(patterns, "https://shop.example")).isTrue();
    assertThat(Origins.admits(patterns, "https://shop.example:8443")).isFalse();
    assertThat(Origins.admits(patterns, "http://127.0.0.1:8080")).isTrue();
    assertThat(Origins.admits(patterns, "http://127.0.0.1")).as("the default port").isTrue();
    assertThat(Origins.admits(patterns, "https://127.0.0.1:8080")).as("another scheme").isFalse();
    assertThat(Origins.admits(patterns, "http://127.0.0.1.evil.test:80")).isFalse();
    assertThat(Origins.admits(patterns, "http://127.0.0.1:80x")).isFalse();
    assertThat(Origins.admits(List.of(), "https://shop.example")).isFalse();
  }
}
