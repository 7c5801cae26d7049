package io.browserflow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StoredUrlsTest {
  @Test
  void should_keep_the_names_of_query_and_fragment_parameters_and_leave_out_their_values() {
    assertThat(StoredUrls.shown("https://shop.test/cb?code=x1&state=y#access_token=z&type=bearer"))
        .isEqualTo("https://shop.test/cb?code=…&state=…#access_token=…&type=…");
    assertThat(StoredUrls.shown("https://shop.test/reset?t=abc;lang=en")).isEqualTo("https://shop.test/reset?t=…;lang=…");
  }

  @Test
  void should_leave_out_bare_query_and_fragment_values_and_keep_addresses_without_them() {
    assertThat(StoredUrls.shown("https://shop.test/a?s3cret-token")).isEqualTo("https://shop.test/a?…");
    assertThat(StoredUrls.shown("https://shop.test/a#section-2")).isEqualTo("https://shop.test/a#…");
    assertThat(StoredUrls.shown("https://shop.test/a?flag&empty=")).isEqualTo("https://shop.test/a?…&empty=");
    assertThat(StoredUrls.shown("https://shop.test/a/b")).isEqualTo("https://shop.test/a/b");
    assertThat(StoredUrls.shown("about:blank")).isEqualTo("about:blank");
    assertThat(StoredUrls.shown("https://shop.test/a?")).isEqualTo("https://shop.test/a?");
  }
}
