package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.lint.Quality;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Whatever JSON types a recording-plugin or record-replay document holds where, a read gives a
 * conversion (with issues) or a {@code FlowFormatException}, as {@link FlowFormats} promises: every
 * value of a few real documents is replaced in turn by a value of each JSON type, and each result
 * is read.
 */
class MalformedImportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** What replaces each value in turn. */
  private static final List<String> REPLACEMENTS = List.of("{\"a\":{\"b\":1}}", "[{\"a\":1},2,\"x\"]", "\"+\"", "\"\"",
      "-1", "1e400", "true", "null");

  /** A record-replay graph with one node of each type the import reads, and a subflow. */
  private static final String EVERY_NODE = "{\"id\":\"f\",\"name\":\"Every node\",\"version\":2,"
      + "\"variables\":[{\"key\":\"items\",\"default\":[\"a\",\"b\"]},{\"key\":\"token\",\"sensitive\":true}],"
      + "\"nodes\":["
      + "{\"id\":\"n1\",\"type\":\"navigate\",\"config\":{\"url\":\"http://127.0.0.1/a\",\"timeoutMs\":5000,"
      + "\"retry\":{\"count\":2,\"intervalMs\":100,\"backoff\":\"exp\"},\"screenshotOnFail\":false}},"
      + "{\"id\":\"n2\",\"type\":\"openTab\",\"config\":{\"url\":\"http://127.0.0.1/b\",\"newWindow\":true}},"
      + "{\"id\":\"n3\",\"type\":\"switchTab\",\"config\":{\"urlContains\":\"/b\"}},"
      + "{\"id\":\"n4\",\"type\":\"closeTab\",\"config\":{\"url\":\"/b\"}},"
      + "{\"id\":\"n5\",\"type\":\"dblclick\",\"config\":{\"target\":{\"ref\":\"r1\",\"selector\":\"#s\",\"candidates\":"
      + "[{\"type\":\"css\",\"value\":\"iframe#f |> #a\",\"weight\":1},{\"type\":\"aria\",\"value\":\"button[name=Go]\"},"
      + "{\"type\":\"text\",\"value\":\"Go\"},{\"type\":\"xpath\",\"value\":\"//a\"}]},"
      + "\"before\":{\"scrollIntoView\":true},\"after\":{\"waitForNetworkIdle\":true,\"waitForNavigation\":true}}},"
      + "{\"id\":\"n6\",\"type\":\"fill\",\"config\":{\"target\":{\"candidates\":[{\"type\":\"css\",\"value\":\"#q\"}]},"
      + "\"value\":\"{token}\"}},"
      + "{\"id\":\"n7\",\"type\":\"key\",\"config\":{\"keys\":\"Control+a Enter\",\"target\":{\"candidates\":"
      + "[{\"type\":\"css\",\"value\":\"#q\"}]}}},"
      + "{\"id\":\"n8\",\"type\":\"scroll\",\"config\":{\"mode\":\"container\",\"offset\":{\"x\":1,\"y\":2},\"target\":"
      + "{\"candidates\":[{\"type\":\"css\",\"value\":\"#list\"}]}}},"
      + "{\"id\":\"n9\",\"type\":\"drag\",\"config\":{\"start\":{\"candidates\":[{\"type\":\"css\",\"value\":\"#a\"}]},"
      + "\"end\":{\"candidates\":[{\"type\":\"css\",\"value\":\"#b\"}]},\"path\":[{\"x\":1}]}},"
      + "{\"id\":\"n10\",\"type\":\"switchFrame\",\"config\":{\"frame\":{\"urlContains\":\"inner\"}}},"
      + "{\"id\":\"n11\",\"type\":\"wait\",\"config\":{\"condition\":{\"text\":\"Done\",\"appear\":false}}},"
      + "{\"id\":\"n12\",\"type\":\"delay\",\"config\":{\"ms\":100}},"
      + "{\"id\":\"n13\",\"type\":\"assert\",\"config\":{\"assert\":{\"attribute\":{\"selector\":\"#a\",\"name\":\"href\","
      + "\"equals\":\"/x\"}},\"failStrategy\":\"continue\"}},"
      + "{\"id\":\"n14\",\"type\":\"script\",\"config\":{\"code\":\"return 1\",\"world\":\"MAIN\",\"when\":\"before\","
      + "\"assign\":{\"v\":\"x\"},\"saveAs\":\"r\"}},"
      + "{\"id\":\"n15\",\"type\":\"extract\",\"config\":{\"selector\":\"#s\",\"attr\":\"href\",\"saveAs\":\"s\",\"js\":\"x\"}},"
      + "{\"id\":\"n16\",\"type\":\"http\",\"config\":{\"method\":\"post\",\"url\":\"http://127.0.0.1/api\",\"headers\":"
      + "{\"X\":\"{r}\"},\"body\":{\"a\":1},\"assign\":{\"id\":\"data.id\"},\"saveAs\":\"h\"}},"
      + "{\"id\":\"n17\",\"type\":\"datasetWrite\",\"config\":{\"dataset\":\"d\",\"row\":{\"a\":\"{s}\",\"b\":{\"c\":1}}}},"
      + "{\"id\":\"n18\",\"type\":\"clipboard\",\"config\":{\"mode\":\"write\",\"text\":\"t\"}},"
      + "{\"id\":\"n19\",\"type\":\"screenshot\",\"config\":{\"selector\":\"#s\",\"fullPage\":true,\"saveAs\":\"shot\"}},"
      + "{\"id\":\"n20\",\"type\":\"handleDownload\",\"config\":{\"filenameContains\":\"report\",\"saveAs\":\"dl\"}},"
      + "{\"id\":\"n21\",\"type\":\"if\",\"config\":{\"condition\":{\"var\":\"s\",\"equals\":{\"a\":1}}}},"
      + "{\"id\":\"n22\",\"type\":\"foreach\",\"config\":{\"listVar\":\"items\",\"itemVar\":\"it\",\"subflowId\":\"sub\","
      + "\"concurrency\":2}},"
      + "{\"id\":\"n23\",\"type\":\"while\",\"config\":{\"condition\":{\"expression\":\"vars.x\"},\"subflowId\":\"sub\","
      + "\"maxIterations\":3}},"
      + "{\"id\":\"n24\",\"type\":\"wait\",\"config\":{\"condition\":{\"selector\":\"#done\",\"visible\":true}}}],"
      + "\"edges\":[{\"from\":\"n1\",\"to\":\"n2\"},{\"from\":\"n2\",\"to\":\"n3\"},{\"from\":\"n3\",\"to\":\"n4\"},"
      + "{\"from\":\"n4\",\"to\":\"n5\"},{\"from\":\"n5\",\"to\":\"n6\"},{\"from\":\"n6\",\"to\":\"n7\"},{\"from\":\"n7\",\"to\":\"n8\"},"
      + "{\"from\":\"n8\",\"to\":\"n9\"},{\"from\":\"n9\",\"to\":\"n10\"},{\"from\":\"n10\",\"to\":\"n11\"},"
      + "{\"from\":\"n11\",\"to\":\"n12\"},{\"from\":\"n12\",\"to\":\"n13\"},{\"from\":\"n13\",\"to\":\"n14\"},"
      + "{\"from\":\"n14\",\"to\":\"n15\"},{\"from\":\"n15\",\"to\":\"n16\"},{\"from\":\"n16\",\"to\":\"n17\"},"
      + "{\"from\":\"n17\",\"to\":\"n18\"},{\"from\":\"n18\",\"to\":\"n19\"},{\"from\":\"n19\",\"to\":\"n20\"},"
      + "{\"from\":\"n20\",\"to\":\"n21\"},{\"from\":\"n21\",\"to\":\"n22\",\"label\":\"true\"},"
      + "{\"from\":\"n21\",\"to\":\"n23\",\"label\":\"false\"},{\"from\":\"n22\",\"to\":\"n23\"},"
      + "{\"from\":\"n23\",\"to\":\"n24\"},{\"from\":\"n5\",\"to\":\"n24\",\"label\":\"onError\"}],"
      + "\"subflows\":{\"sub\":{\"nodes\":[{\"id\":\"c1\",\"type\":\"click\",\"config\":{\"target\":{\"candidates\":"
      + "[{\"type\":\"css\",\"value\":\"#{it}\"}]}}},{\"id\":\"c2\",\"type\":\"key\",\"config\":{\"keys\":\"Tab\"}}],"
      + "\"edges\":[{\"from\":\"c1\",\"to\":\"c2\"}]}},"
      + "\"meta\":{\"tags\":[\"t\"],\"bindings\":[{\"type\":\"url\",\"value\":\"http://127.0.0.1/a\"},"
      + "{\"type\":\"domain\",\"value\":\"example.test\"}],\"exposedOutputs\":[{\"nodeId\":\"n15\",\"as\":\"out\"}],"
      + "\"createdAt\":\"2025-01-01T00:00:00Z\",\"domain\":\"x\"}}";

  /** A recording-plugin recording with a step of each type and its options, in two tabs and a frame. */
  private static final String EVERY_STEP = "{\"schemaVersion\":\"1.0.0\",\"name\":\"every\",\"title\":\"Every step\","
      + "\"description\":\"d\",\"createdAt\":\"2026-01-01T00:00:00Z\",\"recorder\":{\"version\":\"1.0\"},"
      + "\"session\":{\"startUrl\":\"http://127.0.0.1/login\",\"tabId\":1},"
      + "\"tabs\":[{\"tabId\":1,\"origin\":\"start\"},{\"tabId\":2,\"origin\":\"click\",\"openerStepId\":\"k1\","
      + "\"url\":\"http://127.0.0.1/two\"},{\"tabId\":3,\"origin\":\"typed\",\"url\":\"http://127.0.0.1/three\"}],"
      + "\"steps\":["
      + "{\"id\":\"p1\",\"type\":\"input\",\"tabId\":1,\"url\":\"http://127.0.0.1/login\",\"target\":{\"selector\":\"#pw\","
      + "\"tagName\":\"INPUT\",\"type\":\"password\"},\"value\":\"hunter2\"},"
      + "{\"id\":\"p2\",\"type\":\"keydown\",\"tabId\":1,\"url\":\"http://127.0.0.1/login\",\"target\":{\"selector\":\"#pw\","
      + "\"tagName\":\"INPUT\",\"type\":\"password\"},\"key\":\"Enter\",\"shiftKey\":true},"
      + "{\"id\":\"p3\",\"type\":\"submit\",\"tabId\":1,\"url\":\"http://127.0.0.1/login\",\"target\":{\"selector\":\"form\","
      + "\"tagName\":\"FORM\"},\"postCondition\":{\"topUrl\":\"http://127.0.0.1/home\"}},"
      + "{\"id\":\"c1\",\"type\":\"change\",\"tabId\":1,\"url\":\"http://127.0.0.1/home\",\"target\":{\"selector\":\"#box\","
      + "\"tagName\":\"INPUT\",\"type\":\"checkbox\"},\"value\":\"on\",\"checked\":true},"
      + "{\"id\":\"c2\",\"type\":\"change\",\"tabId\":1,\"url\":\"http://127.0.0.1/home\",\"target\":{\"selector\":\"#sel\","
      + "\"tagName\":\"SELECT\"},\"value\":\"b\"},"
      + "{\"id\":\"c3\",\"type\":\"change\",\"tabId\":1,\"url\":\"http://127.0.0.1/home\",\"target\":\"#odd\",\"value\":\"v\"},"
      + "{\"id\":\"k1\",\"type\":\"click\",\"tabId\":1,\"url\":\"http://127.0.0.1/home\",\"target\":{\"selector\":\"a.open\","
      + "\"selectorCandidates\":[\"a.open\",\"//a\"],\"tagName\":\"A\",\"text\":\"Open\",\"role\":\"link\",\"testId\":\"t\","
      + "\"id\":\"i\",\"name\":\"n\",\"ariaLabel\":\"l\",\"label\":\"L\",\"placeholder\":\"p\",\"className\":\"c\"},"
      + "\"button\":1,\"ctrlKey\":true,\"postCondition\":{\"topUrl\":\"http://127.0.0.1/home#x\"}},"
      + "{\"id\":\"k2\",\"type\":\"click\",\"tabId\":2,\"url\":\"http://127.0.0.1/two\",\"frameUrl\":\"http://127.0.0.1/f\","
      + "\"frame\":{\"selector\":\"iframe#f\",\"selectorCandidates\":[\"iframe\"],\"name\":\"f\",\"frameId\":7},"
      + "\"target\":{\"selector\":\"div.el-loading-mask\",\"tagName\":\"DIV\"}},"
      + "{\"id\":\"s1\",\"type\":\"scroll\",\"tabId\":2,\"url\":\"http://127.0.0.1/two\",\"deltaX\":0,\"deltaY\":300},"
      + "{\"id\":\"s2\",\"type\":\"scroll\",\"tabId\":2,\"url\":\"http://127.0.0.1/two\",\"target\":{\"selector\":\"#list\"},"
      + "\"scrollX\":0,\"scrollY\":40},"
      + "{\"id\":\"w1\",\"type\":\"wait\",\"tabId\":2,\"waitMs\":300},"
      + "{\"id\":\"n1\",\"type\":\"navigate\",\"tabId\":3,\"url\":\"http://127.0.0.1/three\",\"transitionType\":\"typed\"},"
      + "{\"id\":\"m1\",\"type\":\"postmessage\",\"tabId\":3,\"url\":\"http://127.0.0.1/three\",\"targetOrigin\":"
      + "\"http://127.0.0.1\",\"data\":{\"a\":1},\"direction\":\"toFrame\"},"
      + "{\"id\":\"i2\",\"type\":\"input\",\"tabId\":3,\"url\":\"http://127.0.0.1/three\",\"target\":{\"selector\":\"#user\","
      + "\"tagName\":\"INPUT\",\"name\":\"username\"},\"value\":\"ada\"},"
      + "{\"id\":\"e1\",\"type\":\"keydown\",\"tabId\":3,\"url\":\"http://127.0.0.1/three\",\"key\":\"a\",\"ctrlKey\":true}]}";

  @Test
  void should_read_record_replay_documents_with_any_value_of_the_wrong_type() {
    assertAllMutationsRead(Format.RECORD_REPLAY, List.of(EVERY_NODE, RecordReplayFlows.fixture("login-linear.json"),
        RecordReplayFlows.fixture("order-review.json")));
  }

  @Test
  void should_read_recording_plugin_documents_with_any_value_of_the_wrong_type() throws Exception {
    assertAllMutationsRead(Format.RECORDING_PLUGIN, List.of(EVERY_STEP,
        RecordingPluginImportTest.resource("recording-plugin/blocked-order.json")));
  }

  @Test
  void should_read_without_an_origin_naming_the_flow_flow() {
    String plugin = "{\"schemaVersion\":\"1.0.0\",\"session\":{\"startUrl\":\"http://127.0.0.1/\"},\"steps\":[]}";
    String recordReplay = "{\"version\":1,\"steps\":[{\"id\":\"s1\",\"type\":\"navigate\",\"url\":\"http://127.0.0.1/\"}]}";

    Conversion<Flow> fromPlugin = FlowFormats.read(plugin, null);
    Conversion<Flow> fromRecordReplay = FlowFormats.read(recordReplay, null);

    assertThat(fromPlugin.from()).isEqualTo(Format.RECORDING_PLUGIN);
    assertThat(fromPlugin.value().name()).isEqualTo("flow");
    assertThat(fromRecordReplay.from()).isEqualTo(Format.RECORD_REPLAY);
    assertThat(fromRecordReplay.value().name()).isEqualTo("flow");
  }

  @Test
  void should_read_every_readable_format_without_an_origin_and_name_it_the_document_in_errors() {
    Map<Format, String> documents = new java.util.LinkedHashMap<>();
    documents.put(Format.CHROME_RECORDER, "{\"title\": \"\", \"steps\": [{\"type\": \"navigate\", \"url\": \"http://127.0.0.1/\"}]}");
    documents.put(Format.BROWSERCTL, "{\"schemaVersion\": \"1.0.0\", \"kind\": \"browserctl-flow\","
        + " \"commands\": [{\"id\": \"c1\", \"argv\": [\"open\", \"http://127.0.0.1/\"]}]}");
    documents.put(Format.BROWSERCTL_TEXT, "open http://127.0.0.1/\nclick \"#go\"\n");
    documents.put(Format.SELENIUM_IDE, "{\"version\": \"2.0\", \"name\": \"p\", \"url\": \"http://127.0.0.1\", \"tests\": [{\"id\": \"t\", \"name\": \"t\","
        + " \"commands\": [{\"command\": \"open\", \"target\": \"/\", \"value\": \"\"}]}]}");

    documents.forEach((format, content) -> {
      assertThat(FlowFormats.detect(content)).as("%s is detected", format).contains(format);
      Conversion<Flow> c = FlowFormats.read(content, null);
      assertThat(c.from()).isEqualTo(format);
      assertThat(c.value().name()).as(format.id()).isNotBlank().doesNotContain("null");
    });
    FlowFormatException notJson = org.assertj.core.api.Assertions.catchThrowableOfType(FlowFormatException.class,
        () -> FlowFormats.read("{\"kind\": \"browserctl-flow\",", Format.BROWSERCTL, null));
    assertThat(notJson.getMessage()).contains("the document is not valid JSON").doesNotContain("null");
  }

  @Test
  void should_fail_a_subflow_whose_nodes_or_edges_are_no_array_with_field_invalid_at_its_path() {
    String flow = RecordReplayFlows.graph(RecordReplayFlows.node("loop", "while",
        "{\"condition\":{\"var\":\"more\"},\"subflowId\":\"sf\"}"), "",
        "\"subflows\":{\"sf\":{\"nodes\":{\"id\":\"a\",\"type\":\"click\"},\"edges\":{\"from\":\"a\",\"to\":\"b\"}}}");

    Conversion<Flow> c = RecordReplayFlows.read(flow);

    assertThat(c.issues()).anySatisfy(i -> {
      assertThat(i.code()).isEqualTo(ConversionCode.FIELD_INVALID);
      assertThat(i.path()).isEqualTo("subflows.sf.nodes");
      assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    });
    assertThat(c.issues()).anySatisfy(i -> {
      assertThat(i.code()).isEqualTo(ConversionCode.FIELD_INVALID);
      assertThat(i.path()).isEqualTo("subflows.sf.edges");
    });
  }

  @Test
  void should_fail_candidates_that_are_no_array_with_field_invalid_at_their_path() {
    String flow = RecordReplayFlows.graph(RecordReplayFlows.node("go", "click",
        "{\"target\":{\"candidates\":{\"type\":\"css\",\"value\":\"#go\"}}}"), "");

    Conversion<Flow> c = RecordReplayFlows.read(flow);

    assertThat(c.issues()).anySatisfy(i -> {
      assertThat(i.code()).isEqualTo(ConversionCode.FIELD_INVALID);
      assertThat(i.path()).isEqualTo("nodes[0].target.candidates");
    });
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
  }

  private static void assertAllMutationsRead(Format format, List<String> documents) {
    List<String> failures = new ArrayList<>();
    int reads = 0;
    for (String document : documents) {
      JsonNode root = parse(document);
      for (String pointer : pointers(root, "")) {
        for (String replacement : REPLACEMENTS) {
          String mutated = replaced(root, pointer, parse(replacement)).toString();
          reads++;
          try {
            FlowFormats.read(mutated, format, "mutated.json");
          } catch (FlowFormatException expected) {
            assertThat(expected.problems()).isNotEmpty();
          } catch (RuntimeException e) {
            failures.add(pointer + " = " + replacement + ": " + e);
          }
        }
      }
    }
    assertThat(reads).isGreaterThan(1000);
    assertThat(failures).as("reads that threw something else than FlowFormatException").isEmpty();
  }

  /** The JSON pointer of every value under {@code node}, {@code node} itself first. */
  private static List<String> pointers(JsonNode node, String at) {
    List<String> out = new ArrayList<>(List.of(at));
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        out.addAll(pointers(e.getValue(), at + "/" + e.getKey().replace("~", "~0").replace("/", "~1")));
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        out.addAll(pointers(node.get(i), at + "/" + i));
      }
    }
    return out;
  }

  /** A copy of {@code root} with the value at {@code pointer} replaced by {@code value}. */
  private static JsonNode replaced(JsonNode root, String pointer, JsonNode value) {
    if (pointer.isEmpty()) {
      return value;
    }
    JsonNode copy = root.deepCopy();
    int cut = pointer.lastIndexOf('/');
    JsonNode parent = copy.at(pointer.substring(0, cut));
    String last = pointer.substring(cut + 1).replace("~1", "/").replace("~0", "~");
    if (parent instanceof ObjectNode o) {
      o.set(last, value);
    } else {
      ((ArrayNode) parent).set(Integer.parseInt(last), value);
    }
    return copy;
  }

  private static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(json, e);
    }
  }
}
