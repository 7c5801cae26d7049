package io.browserflow.engine.spi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** Secrets are masked as they are and in the encoded forms pages, URLs and logs give them. */
class SecretMaskTest {
  private static final String SECRET = "s3cr3t+P@ss/wörd=&<x>\"q'";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper ASCII_JSON = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

  @Test
  void should_mask_a_secret_in_every_form_it_takes_in_urls_json_html_and_base64() throws Exception {
    SecretMask r = SecretMask.of(Set.of(SECRET));
    String url = URLEncoder.encode(SECRET, StandardCharsets.UTF_8);
    List<String> texts = List.of(
        "typed " + SECRET + " into the field",
        "GET http://127.0.0.1/echo?token=" + url + "&next=1",
        "GET http://127.0.0.1/echo?token=" + url.replace("+", "%20"),
        "redirect=" + URLEncoder.encode("http://127.0.0.1/?token=" + url, StandardCharsets.UTF_8),
        JSON.writeValueAsString(Map.of("value", SECRET)),
        ASCII_JSON.writeValueAsString(Map.of("value", SECRET)),
        JSON.writeValueAsString(Map.of("body", JSON.writeValueAsString(Map.of("value", SECRET)))),
        "<input value=\"" + SECRET.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("\"", "&quot;").replace("'", "&#39;") + "\">");
    for (String text : texts) {
      String masked = r.redact(text);
      assertThat(masked).as(text).contains(SecretMask.MASK).doesNotContain(SECRET).doesNotContain(url)
          .doesNotContain("wörd").doesNotContain("w\\u00f6rd").doesNotContain("w\\u00F6rd").doesNotContain("c3cr3t");
      assertThat(r.containsSecret(text)).as(text).isTrue();
      assertThat(r.containsSecret(masked)).as(masked).isFalse();
    }
  }

  @Test
  void should_mask_a_form_posted_as_windows_1252_by_a_page_without_a_charset() {
    SecretMask r = SecretMask.of(Set.of("w\u00f6rd s3cret"));
    String posted = "user=ada&pw=" + URLEncoder.encode("w\u00f6rd s3cret", StandardCharsets.ISO_8859_1);

    assertThat(posted).contains("%F6");
    assertThat(r.redact(posted)).isEqualTo("user=ada&pw=***");
  }

  @Test
  void should_mask_the_start_of_a_secret_a_preview_cut_short() {
    SecretMask r = SecretMask.of(Set.of("QUOKKA7351ZEPHYR"));

    assertThat(r.redact("locator resolved to <p>Your token is QUOKKA73\u2026</p>"))
        .isEqualTo("locator resolved to <p>Your token is ***\u2026</p>");
    assertThat(r.redact("a list of QUO\u2026")).as("3 characters are ordinary text").isEqualTo("a list of QUO\u2026");
    assertThat(r.redact("nothing cut here\u2026")).isEqualTo("nothing cut here\u2026");
  }

  @Test
  void should_combine_the_secrets_of_two_masks_and_never_print_them() {
    SecretMask both = SecretMask.of(Set.of("first-secret")).and(SecretMask.of(Set.of("second-secret")));

    assertThat(both.redact("first-secret and second-secret")).isEqualTo("*** and ***");
    assertThat(both.toString()).doesNotContain("secret");
    assertThat(SecretMask.none().and(both)).isSameAs(both);
    assertThat(both.and(SecretMask.of(Set.of("first-secret")))).isSameAs(both);
  }

  @Test
  void should_mask_a_secret_inside_a_longer_base64_value_at_every_alignment() {
    SecretMask r = SecretMask.of(Set.of(SECRET));
    for (String prefix : List.of("", "a", "ab", "user:", "Bearer x")) {
      String header = "Authorization: Basic " + Base64.getEncoder().encodeToString((prefix + SECRET + ";end")
          .getBytes(StandardCharsets.UTF_8));
      String masked = r.redact(header);
      assertThat(masked).as(header).contains(SecretMask.MASK);
      assertThat(decodes(masked.substring("Authorization: Basic ".length()))).as(masked).doesNotContain(SECRET);
    }
    String urlSafe = Base64.getUrlEncoder().encodeToString(("id=" + SECRET).getBytes(StandardCharsets.UTF_8));
    assertThat(r.redact(urlSafe)).contains(SecretMask.MASK);
  }

  @Test
  void should_leave_text_without_a_secret_as_it_is() {
    SecretMask r = SecretMask.of(Set.of(SECRET, "hunter2"));
    String text = "GET http://127.0.0.1/echo?token=abc%2Bdef&value=hunter3 {\"v\":\"s3cr3t\"} aGVsbG8gd29ybGQ=";

    assertThat(r.redact(text)).isEqualTo(text);
    assertThat(r.containsSecret(text)).isFalse();
  }

  @Property(tries = 300)
  void no_encoding_of_a_secret_survives_redaction(@ForAll @StringLength(min = 12, max = 40) String secret,
      @ForAll @StringLength(max = 6) String before, @ForAll @StringLength(max = 6) String after) throws Exception {
    SecretMask r = SecretMask.of(Set.of(secret));
    String value = before + secret + after;
    List<String> encodings = List.of(value, URLEncoder.encode(value, StandardCharsets.UTF_8),
        JSON.writeValueAsString(value), ASCII_JSON.writeValueAsString(value),
        Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)));
    for (String e : encodings) {
      String masked = r.redact(e);
      assertThat(masked).as(e).doesNotContain(secret).doesNotContain(URLEncoder.encode(secret, StandardCharsets.UTF_8));
      assertThat(decodes(masked)).as(masked).doesNotContain(secret);
      assertThat(JSON.readValue(JSON.writeValueAsString(masked), String.class)).doesNotContain(secret);
    }
  }

  /** What a reader gets by decoding the base64 runs of {@code text} as they are. */
  private static String decodes(String text) {
    StringBuilder out = new StringBuilder();
    for (String run : text.split("[^A-Za-z0-9+/=_-]+")) {
      try {
        out.append(new String(Base64.getDecoder().decode(run.replace('-', '+').replace('_', '/')), StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        // not base64 as it stands
      }
      out.append('\n');
    }
    return out.toString();
  }
}
