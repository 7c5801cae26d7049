package io.browserflow.playwright.recorder;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

/** The recorder's in-page capture script, bound to one recording's binding name. */
record CaptureScript(String binding, String key, String expression, String salt) {
  private static final String SOURCE = load();

  /**
   * The fingerprint the script sends for a secret value ({@code secretId}), computed the same way:
   * lets the recorder recognize a secret value elsewhere (in an address) without the page sending it.
   */
  String fingerprint(String value) {
    String s = salt + "\u0000" + value;
    int a = 0x811c9dc5;
    int b = 0x9747b28c;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      a = (a ^ c) * 16777619;
      b = (b ^ c) * 0x5bd1e995;
      b = b ^ (b >>> 15);
    }
    return Integer.toHexString(a) + Integer.toHexString(b);
  }

  /** Names the binding only: the salt (and the expression, which holds it) never reaches a log or a message. */
  @Override
  public String toString() {
    return "CaptureScript[binding=" + binding + "]";
  }

  /** A script with fresh names, so several recordings (or a recording and the page) never collide. */
  static CaptureScript fresh() {
    String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    String binding = "__browserflowRecord_" + id;
    String key = "__browserflowRecorder_" + id;
    String salt = UUID.randomUUID().toString().replace("-", "") + UUID.randomUUID().toString().replace("-", "");
    String cfg;
    try {
      cfg = new ObjectMapper().writeValueAsString(Map.of("binding", binding, "key", key, "scrollIdleMs", 400, "salt", salt));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    return new CaptureScript(binding, key, "(" + SOURCE.strip() + ")(" + cfg + ")", salt);
  }

  private static String load() {
    try (InputStream in = CaptureScript.class.getResourceAsStream("capture.js")) {
      if (in == null) {
        throw new IllegalStateException("the recorder's capture script is missing from the classpath");
      }
      String s = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      // drop the leading comment block so the source is one function expression
      int start = s.indexOf("(cfg) =>");
      return s.substring(start);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
