package io.browserflow.playwright.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Glob;
import org.junit.jupiter.api.Test;

/** URL checks the recorder writes: they name the page they expect, never every page of the site. */
class UrlGlobsTest {
  @Test
  void should_keep_the_query_parameters_that_name_the_page() {
    String glob = UrlGlobs.of("http://127.0.0.1:8080/doku.php?id=wiki:syntax&do=edit");

    assertThat(glob).isEqualTo("**/doku.php?id=wiki:syntax&do=edit");
    assertThat(Glob.matchesUrl(glob, "http://127.0.0.1:8080/doku.php?id=wiki:syntax&do=edit")).isTrue();
    assertThat(Glob.matchesUrl(glob, "http://127.0.0.1:8080/doku.php?id=start")).isFalse();
  }

  @Test
  void should_generalize_volatile_and_tracking_values_but_keep_their_names() {
    assertThat(UrlGlobs.of("http://h/admin/shop/order/42/change/?_changelist_filters=status%3Dnew"))
        .isEqualTo("**/admin/shop/order/*/change/?_changelist_filters=status%3Dnew");
    assertThat(UrlGlobs.of("http://h/list?page=12345&utm_source=mail&sessionid=abc/def"))
        .isEqualTo("**/list?page=*&utm_source=**&sessionid=**");
    assertThat(UrlGlobs.of("http://h/search?q=lamp", v -> v.equals("lamp"))).isEqualTo("**/search?q=*");
  }

  @Test
  void should_tell_globs_that_match_every_page_and_anchor_them_to_the_address() {
    assertThat(Glob.matchesEveryPage(UrlGlobs.of("http://h:8000/"))).isTrue();
    assertThat(Glob.matchesEveryPage("**/*/*")).isTrue();
    assertThat(Glob.matchesEveryPage("**/?")).isTrue();
    assertThat(Glob.matchesEveryPage(UrlGlobs.of("http://h:8000/admin/"))).isFalse();
    assertThat(UrlGlobs.anchored("${BASE_URL}/", v -> false)).isEqualTo("${BASE_URL}/");
    assertThat(UrlGlobs.anchored("http://127.0.0.1:8000/12345/", v -> false)).isEqualTo("http://127.0.0.1:8000/*/");
    assertThat(Glob.matchesUrl(UrlGlobs.anchored("http://127.0.0.1:8000/", v -> false), "http://127.0.0.1:8000/admin/")).isFalse();
  }
}
