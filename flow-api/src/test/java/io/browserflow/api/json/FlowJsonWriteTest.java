package io.browserflow.api.json;

import static io.browserflow.api.dsl.Dsl.credentialType;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.json.JsonFixtures.STRUCTURE;
import static io.browserflow.api.json.JsonFixtures.assertRoundTrips;
import static io.browserflow.api.json.JsonFixtures.flowOf;
import static io.browserflow.api.json.JsonFixtures.tree;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.Point;
import io.browserflow.api.Schedule;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ControlStep;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Writing: key order, omitted defaults, the canonical form, its size and its digest. */
class FlowJsonWriteTest {

  private static Flow login() {
    return Flow.named("Login")
        .input("USER")
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .open("https://example.com/login")
        .fill(testId("user"), "${USER}")
        .click(role("button", "Sign in")).expect(urlMatches("**/home"))
        .build();
  }

  @Test
  void should_pretty_print_in_the_format_key_order_without_defaults() {
    String expected = String.join("\n",
        "{",
        "  \"schema\": \"browserflow/2\",",
        "  \"id\": \"login\",",
        "  \"name\": \"Login\",",
        "  \"inputs\": [",
        "    {",
        "      \"key\": \"USER\"",
        "    }",
        "  ],",
        "  \"credentials\": [",
        "    {",
        "      \"key\": \"PASSWORD\",",
        "      \"type\": \"password\"",
        "    }",
        "  ],",
        "  \"steps\": [",
        "    {",
        "      \"id\": \"open-1\",",
        "      \"op\": \"open\",",
        "      \"url\": \"https://example.com/login\"",
        "    },",
        "    {",
        "      \"id\": \"fill-1\",",
        "      \"op\": \"fill\",",
        "      \"target\": {",
        "        \"candidates\": [",
        "          {",
        "            \"testId\": \"user\"",
        "          }",
        "        ]",
        "      },",
        "      \"value\": \"${USER}\"",
        "    },",
        "    {",
        "      \"id\": \"click-1\",",
        "      \"op\": \"click\",",
        "      \"expect\": [",
        "        {",
        "          \"url\": \"**/home\"",
        "        }",
        "      ],",
        "      \"target\": {",
        "        \"candidates\": [",
        "          {",
        "            \"role\": \"button\",",
        "            \"name\": \"Sign in\"",
        "          }",
        "        ]",
        "      }",
        "    }",
        "  ]",
        "}",
        "");

    assertThat(FlowJson.write(login())).isEqualTo(expected);
  }

  @Test
  void should_write_canonical_json_sorted_and_compact() {
    String expected = "{\"credentials\":[{\"key\":\"PASSWORD\",\"type\":\"password\"}],\"id\":\"login\","
        + "\"inputs\":[{\"key\":\"USER\"}],\"name\":\"Login\",\"schema\":\"browserflow/2\",\"steps\":["
        + "{\"id\":\"open-1\",\"op\":\"open\",\"url\":\"https://example.com/login\"},"
        + "{\"id\":\"fill-1\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"testId\":\"user\"}]},\"value\":\"${USER}\"},"
        + "{\"expect\":[{\"url\":\"**/home\"}],\"id\":\"click-1\",\"op\":\"click\","
        + "\"target\":{\"candidates\":[{\"name\":\"Sign in\",\"role\":\"button\"}]}}]}";

    assertThat(FlowJson.canonical(login())).isEqualTo(expected);
  }

  @Test
  void should_sort_keys_at_every_level_of_a_complete_flow() {
    Flow flow = FlowJsonReadTest.meterRebind();
    String canonical = FlowJson.canonical(flow);

    assertSortedEverywhere(tree(canonical));
    assertThat(tree(canonical)).isEqualTo(tree(FlowJson.write(flow)));
    assertThat(canonical).doesNotContain("\n").doesNotContain("\": ").doesNotContain(", \"");
  }

  private static void assertSortedEverywhere(JsonNode node) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      assertThat(names).isSorted();
    }
    for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
      assertSortedEverywhere(it.next());
    }
  }

  @Test
  void should_write_top_level_keys_in_the_format_order() {
    Flow flow = Flow.builder().from(FlowJsonReadTest.meterRebind())
        .addTabs(io.browserflow.api.TabAlias.of("main")).build();
    List<String> names = new ArrayList<>();
    tree(FlowJson.write(flow)).fieldNames().forEachRemaining(names::add);

    assertThat(names).containsExactly("schema", "id", "name", "description", "tags", "meta", "inputs",
        "credentials", "tabs", "table", "policy", "schedule", "steps");
  }

  @Test
  void should_digest_the_canonical_utf8_bytes() throws Exception {
    Flow flow = FlowJsonReadTest.meterRebind();
    byte[] canonical = FlowJson.canonical(flow).getBytes(StandardCharsets.UTF_8);
    String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));

    assertThat(FlowJson.digest(flow)).isEqualTo(expected).matches("[0-9a-f]{64}");
    assertThat(FlowJson.canonicalSize(flow)).isEqualTo(canonical.length);
  }

  @Test
  void should_give_equal_flows_the_same_digest_whatever_the_key_order_of_their_documents() {
    Flow a = STRUCTURE.read("{\"schema\": \"browserflow/1\", \"name\": \"x\", \"steps\": "
        + "[{\"id\": \"s\", \"op\": \"wait\", \"ms\": 5}]}");
    Flow b = STRUCTURE.read("{\"steps\": [{\"ms\": 5, \"op\": \"wait\", \"id\": \"s\"}], \"name\": \"x\","
        + " \"schema\": \"browserflow/1\"}");

    assertThat(FlowJson.digest(a)).isEqualTo(FlowJson.digest(b)).isEqualTo(FlowJson.digest(a));
  }

  @Test
  void should_change_the_digest_when_any_field_changes() {
    Flow flow = FlowJsonReadTest.meterRebind();
    String digest = FlowJson.digest(flow);

    assertThat(FlowJson.digest(Flow.builder().from(flow).name("Meter rebind 2").build())).isNotEqualTo(digest);
    assertThat(FlowJson.digest(Flow.builder().from(flow).tags(List.of("meters")).build())).isNotEqualTo(digest);
    Step last = flow.steps().get(flow.steps().size() - 1);
    List<Step> steps = new ArrayList<>(flow.steps());
    steps.set(steps.size() - 1, last.withTimeoutMs(5000));
    assertThat(FlowJson.digest(Flow.builder().from(flow).steps(steps).build())).isNotEqualTo(digest);
  }

  @Test
  void should_omit_defaults_of_declarations() {
    Flow flow = Flow.builder().name("d")
        .addInputs(Input.builder().key("A").required(true).type(Input.Type.TEXT).build())
        .addInputs(Input.builder().key("B").defaultValue("1").required(true).build())
        .addCredentials(Credential.builder().key("P").type(Credential.Type.PASSWORD).secret(true).required(true).build())
        .addCredentials(Credential.builder().key("U").type(Credential.Type.TEXT).secret(true).build())
        .addCredentials(Credential.builder().key("K").type(Credential.Type.API_KEY).secret(false).required(false).build())
        .build();

    JsonNode written = tree(FlowJson.write(flow));

    assertThat(written.get("inputs")).isEqualTo(tree("[{\"key\": \"A\"}, {\"key\": \"B\", \"required\": true,"
        + " \"default\": \"1\"}]"));
    assertThat(written.get("credentials")).isEqualTo(tree("[{\"key\": \"P\", \"type\": \"password\"},"
        + " {\"key\": \"U\", \"secret\": true}, {\"key\": \"K\", \"type\": \"api_key\", \"required\": false,"
        + " \"secret\": false}]"));
    assertRoundTrips(flow);
  }

  @Test
  void should_write_offsets_as_integers_when_whole_and_keep_fractions_and_signs() {
    Flow flow = flowOf(
        InteractionStep.Click.builder().id("a").target(testId("x")).offset(Point.of(3, 4)).build(),
        InteractionStep.Click.builder().id("b").target(testId("x")).offset(Point.of(0.1, -2.75)).build(),
        InteractionStep.Click.builder().id("c").target(testId("x")).offset(Point.of(-0.0, 1e300)).build());

    JsonNode steps = tree(FlowJson.write(flow)).get("steps");

    assertThat(steps.get(0).get("offset").toString()).isEqualTo("{\"x\":3,\"y\":4}");
    assertThat(steps.get(1).get("offset").get("x").doubleValue()).isEqualTo(0.1);
    assertRoundTrips(flow);
  }

  @Test
  void should_write_a_literal_foreach_source_even_when_empty() {
    Flow flow = flowOf(ControlStep.Foreach.builder().id("f").source(ForeachSource.literal(List.of())).build());

    assertThat(tree(FlowJson.write(flow)).get("steps").get(0))
        .isEqualTo(tree("{\"id\": \"f\", \"op\": \"foreach\", \"items\": []}"));
    assertThat(FlowJson.write(flow)).contains("\"items\": []");
    assertRoundTrips(flow);
  }

  @Test
  void should_escape_and_round_trip_any_text() {
    String nasty = "quote \" backslash \\ newline \n tab \t nul \u0000 bell \u0007 slash / ünïcödé 中文 😀 \u2028";
    Flow flow = Flow.builder().name(nasty).id("n").description(nasty)
        .schedule(Schedule.builder().everyMinutes(5).putInput(nasty, nasty).build())
        .addSteps(InteractionStep.Fill.builder().id("f").target(testId(nasty)).value(nasty).build()).build();

    assertThat(FlowJson.canonical(flow)).doesNotContain("\n");
    assertRoundTrips(flow);
    assertThat(FlowJson.canonicalSize(flow)).isEqualTo(FlowJson.canonical(flow).getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void should_write_flows_the_validator_would_refuse() {
    Flow draft = flowOf(PageStep.Navigate.builder().id("n").url("${UNDECLARED}").timeoutMs(1).build());

    assertThat(FlowJson.write(draft)).contains("${UNDECLARED}");
    assertRoundTrips(draft);
  }
}
