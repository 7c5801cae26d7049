package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GlobTest {
  @Test
  void should_keep_a_single_star_within_a_url_segment() {
    assertThat(Glob.matchesUrl("http://app.test/*", "http://app.test/devices")).isTrue();
    assertThat(Glob.matchesUrl("http://app.test/*", "http://app.test/a/b")).isFalse();
    assertThat(Glob.matchesUrl("**/devices/*", "http://app.test/admin/devices/42")).isTrue();
    assertThat(Glob.matchesUrl("**/detail.html?id=*", "http://app.test/detail.html?id=7")).isTrue();
    assertThat(Glob.matchesUrl("**/detail.html?id=*", "http://app.test/detailXhtml?id=7")).isFalse();
  }

  @Test
  void should_let_stars_match_anything_in_text() {
    assertThat(Glob.matchesText("Order * saved", "Order 42 / 7 saved")).isTrue();
    assertThat(Glob.matchesText("devices-*.csv", "devices-2026.csv")).isTrue();
    assertThat(Glob.matchesText("devices-*.csv", "devices-2026.txt")).isFalse();
    assertThat(Glob.matchesText("a.b", "aXb")).isFalse();
  }
}
