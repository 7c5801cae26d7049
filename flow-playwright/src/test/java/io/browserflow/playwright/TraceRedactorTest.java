package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.engine.spi.SecretMask;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The trace rewriting on hand-made entries in Playwright's trace format: what is replaced, what
 * must stay as it is for the viewer (ids, node counts, references), and what is refused.
 */
class TraceRedactorTest {
  private static final String SECRET = "tok-Quokka-4417";
  private static final SecretMask MASK = SecretMask.of(Set.of(SECRET));
  private static final ObjectMapper JSON = new ObjectMapper();

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static List<JsonNode> lines(byte[] jsonl) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String line : new String(jsonl, StandardCharsets.UTF_8).split("\n")) {
      if (!line.isBlank()) {
        out.add(JSON.readTree(line));
      }
    }
    return out;
  }

  private static String snapshot(String name, String html) {
    return "{\"type\":\"frame-snapshot\",\"snapshot\":{\"callId\":\"call@1\",\"snapshotName\":\"" + name + "\","
        + "\"pageId\":\"page@1\",\"frameId\":\"frame@1\",\"frameUrl\":\"http://127.0.0.1/\",\"html\":" + html
        + ",\"viewport\":{\"width\":1280,\"height\":720},\"timestamp\":1.5,\"isMainFrame\":true}}";
  }

  @Test
  void should_mask_text_nodes_spelling_a_secret_across_a_reference_without_changing_node_counts() throws Exception {
    // snapshot 0, post-order: "tok-Q"(0) P(1) "ordinary"(2) P(3) BODY(4) HTML(5)
    String first = snapshot("before@call@1",
        "[\"HTML\",{},[\"BODY\",{},[\"P\",{},\"tok-Q\"],[\"P\",{\"title\":\"x\"},\"ordinary\"]]]");
    // snapshot 1 reuses the first P (node 1 of the snapshot 1 place earlier) and adds the rest of the secret
    String second = snapshot("after@call@1", "[\"HTML\",{},[\"BODY\",{},[[1,1]],[\"I\",{},\"uokka-4417\"],[[1,3]]]]");
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("trace.trace", utf8(first + "\n" + second + "\n"));

    List<JsonNode> out = lines(TraceRedactor.redact(entries, MASK).get("trace.trace"));

    JsonNode a = out.get(0).at("/snapshot/html");
    JsonNode b = out.get(1).at("/snapshot/html");
    assertThat(a.at("/2/2/2").asText()).isEqualTo(SecretMask.MASK);
    assertThat(a.at("/2/3/2").asText()).as("other text stays").isEqualTo("ordinary");
    assertThat(b.at("/2/3/2").asText()).isEqualTo(SecretMask.MASK);
    assertThat(b.at("/2/2").toString()).as("references stay as written").isEqualTo("[[1,1]]");
    assertThat(b.at("/2/4").toString()).isEqualTo("[[1,3]]");
    assertThat(out.get(1).at("/snapshot/snapshotName").asText()).isEqualTo("after@call@1");
  }

  @Test
  void should_mask_a_typed_piece_of_a_secret_and_its_call_log_keeping_the_ids() throws Exception {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("trace.trace", utf8(String.join("\n",
        "{\"version\":8,\"type\":\"context-options\",\"options\":{}}",
        "{\"type\":\"before\",\"callId\":\"call@7\",\"startTime\":1.0,\"class\":\"Frame\",\"method\":\"type\","
            + "\"params\":{\"selector\":\"#t\",\"text\":\"kka-4417\"},\"pageId\":\"page@1\",\"beforeSnapshot\":\"before@call@7\"}",
        "{\"type\":\"log\",\"callId\":\"call@7\",\"time\":2.0,\"message\":\"  type(\\\"kka-4417\\\")\"}",
        "{\"type\":\"after\",\"callId\":\"call@7\",\"endTime\":3.0}",
        "{\"type\":\"before\",\"callId\":\"call@8\",\"startTime\":4.0,\"class\":\"Frame\",\"method\":\"type\","
            + "\"params\":{\"selector\":\"#n\",\"text\":\"ada\"},\"pageId\":\"page@1\"}",
        "{\"type\":\"console\",\"messageType\":\"log\",\"text\":\"token " + SECRET + "\",\"args\":[],\"time\":5.0}", "")));

    List<JsonNode> out = lines(TraceRedactor.redact(entries, MASK).get("trace.trace"));

    assertThat(out.get(1).at("/params/text").asText()).isEqualTo(SecretMask.MASK);
    assertThat(out.get(1).at("/callId").asText()).isEqualTo("call@7");
    assertThat(out.get(1).at("/beforeSnapshot").asText()).isEqualTo("before@call@7");
    assertThat(out.get(2).at("/message").asText()).isEqualTo("  type(\"***\")");
    assertThat(out.get(4).at("/params/text").asText()).as("text that is no part of a secret").isEqualTo("ada");
    assertThat(out.get(5).at("/text").asText()).isEqualTo("token ***");
    assertThat(out.get(1).at("/startTime").isDouble()).as("numbers stay numbers").isTrue();
  }

  @Test
  void should_rename_a_cleaned_resource_to_its_new_hash_and_update_its_references() throws Exception {
    byte[] body = utf8("{\"echo\":\"" + SECRET + "\"}");
    String old = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(body)) + ".json";
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("trace.trace", utf8("{\"version\":8,\"type\":\"context-options\",\"options\":{}}\n"
        + "{\"type\":\"screencast-frame\",\"pageId\":\"page@1\",\"sha1\":\"page@1-17.jpeg\",\"width\":10,\"height\":10}\n"));
    entries.put("trace.network", utf8("{\"type\":\"resource-snapshot\",\"snapshot\":{\"request\":{\"url\":\"http://127.0.0.1/api?t="
        + SECRET + "\",\"headers\":[{\"name\":\"Authorization\",\"value\":\"Basic "
        + java.util.Base64.getEncoder().encodeToString(utf8("ada:" + SECRET)) + "\"}]},"
        + "\"response\":{\"status\":200,\"content\":{\"size\":30,\"_sha1\":\"" + old + "\"}}}}\n"));
    entries.put("resources/" + old, body);
    entries.put("resources/page@1-17.jpeg", new byte[] {(byte) 0xFF, (byte) 0xD8});

    Map<String, byte[]> out = TraceRedactor.redact(entries, MASK);

    String renamed = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(utf8("{\"echo\":\"***\"}"))) + ".json";
    assertThat(out).containsKey("resources/" + renamed).doesNotContainKey("resources/" + old)
        .as("screencast frames are dropped").doesNotContainKey("resources/page@1-17.jpeg");
    assertThat(new String(out.get("resources/" + renamed), StandardCharsets.UTF_8)).isEqualTo("{\"echo\":\"***\"}");
    JsonNode har = lines(out.get("trace.network")).get(0).at("/snapshot");
    assertThat(har.at("/response/content/_sha1").asText()).isEqualTo(renamed);
    assertThat(har.at("/request/url").asText()).isEqualTo("http://127.0.0.1/api?t=***");
    assertThat(har.at("/request/headers/0/value").asText()).doesNotContain(
        java.util.Base64.getEncoder().encodeToString(utf8("ada:" + SECRET)).substring(4, 20));
    assertThat(lines(out.get("trace.trace"))).hasSize(1);
  }

  @Test
  void should_refuse_a_line_that_is_not_json_without_quoting_it() {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("trace.trace", utf8("{\"type\":\"console\",\"text\":\"" + SECRET + "\"\n"));

    assertThatThrownBy(() -> TraceRedactor.redact(entries, MASK)).isInstanceOf(IllegalStateException.class)
        .hasMessage("a trace line is not JSON");
  }
}
