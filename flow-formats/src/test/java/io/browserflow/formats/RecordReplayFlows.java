package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Record-replay flows for the tests: fixtures, and graphs written node by node. */
final class RecordReplayFlows {
  static final RecordReplayCodec CODEC = new RecordReplayCodec();

  private RecordReplayFlows() {}

  static String fixture(String name) {
    try (InputStream in = RecordReplayFlows.class.getResourceAsStream("/formats/record-replay/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException | NullPointerException e) {
      throw new IllegalStateException("no fixture " + name, e);
    }
  }

  /** Imports {@code json}, which must give a valid flow that survives BrowserFlow JSON. */
  static Conversion<Flow> valid(String json) {
    Conversion<Flow> c = CODEC.read(json, "flow.json");
    assertThat(c.issues()).as(c.report()).noneMatch(i -> i.code() == ConversionCode.INVALID_FLOW);
    assertThat(FlowJson.read(FlowJson.write(c.value()))).isEqualTo(c.value());
    return c;
  }

  static Conversion<Flow> read(String json) {
    return CODEC.read(json, "flow.json");
  }

  /** A V2 flow of these nodes and edges (JSON objects, comma-separated). */
  static String graph(String nodes, String edges) {
    return graph(nodes, edges, "");
  }

  static String graph(String nodes, String edges, String more) {
    return "{\"id\": \"f\", \"name\": \"Flow\", \"version\": 1, \"nodes\": [" + nodes + "], \"edges\": [" + edges + "]"
        + (more.isEmpty() ? "" : ", " + more) + "}";
  }

  static String node(String id, String type, String config) {
    return "{\"id\": \"" + id + "\", \"type\": \"" + type + "\", \"config\": " + config + "}";
  }

  /** A click on {@code #<id>}. */
  static String click(String id) {
    return node(id, "click", "{\"target\": {\"candidates\": [{\"type\": \"css\", \"value\": \"#" + id + "\"}]}}");
  }

  static String ifVar(String id, String var, String equals) {
    return node(id, "if", "{\"condition\": {\"var\": \"" + var + "\", \"equals\": \"" + equals + "\"}}");
  }

  static String extract(String id, String selector, String saveAs) {
    return node(id, "extract", "{\"selector\": \"" + selector + "\", \"attr\": \"text\", \"saveAs\": \"" + saveAs + "\"}");
  }

  static String edge(String from, String to) {
    return "{\"id\": \"" + from + "-" + to + "\", \"from\": \"" + from + "\", \"to\": \"" + to + "\"}";
  }

  static String edge(String from, String to, String label) {
    return "{\"id\": \"" + from + "-" + to + "-" + label + "\", \"from\": \"" + from + "\", \"to\": \"" + to
        + "\", \"label\": \"" + label + "\"}";
  }

  /** A chain of default edges through {@code ids}. */
  static String chain(String... ids) {
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i < ids.length; i++) {
      sb.append(i > 1 ? ", " : "").append(edge(ids[i - 1], ids[i]));
    }
    return sb.toString();
  }

  static List<ConversionCode> codes(Conversion<?> c) {
    return c.issues().stream().map(ConversionIssue::code).collect(Collectors.toList());
  }

  static Optional<ConversionIssue> issue(Conversion<?> c, ConversionCode code) {
    return c.issues().stream().filter(i -> i.code() == code).findFirst();
  }

  static List<ConversionIssue> issues(Conversion<?> c, ConversionCode code) {
    return c.issues().stream().filter(i -> i.code() == code).collect(Collectors.toList());
  }
}
