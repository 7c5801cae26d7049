package io.browserflow.api.json;

import static io.browserflow.api.dsl.Dsl.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.Input;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlowSchemaTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static JsonNode schemaOf(Flow flow) throws Exception {
    return MAPPER.readTree(FlowSchema.inputSchema(flow));
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static Flow everyType() {
    return Flow.named("Order export")
        .description("Exports the orders of one customer")
        .input("CUSTOMER", described("Customer name"), pattern("[A-Z][a-z]+"))
        .input("LIMIT", inputType(Input.Type.NUMBER), defaultValue("25"))
        .input("RATIO", inputType(Input.Type.NUMBER), defaultValue("0.5"))
        .input("DRY_RUN", inputType(Input.Type.BOOLEAN), defaultValue("true"))
        .input("SINCE", inputType(Input.Type.DATE), optionalInput())
        .input("PORTAL", inputType(Input.Type.URL))
        .input("REGION", options("north", "south"), defaultValue("north"))
        .open("${PORTAL}")
        .buildUnvalidated();
  }

  @Test
  void should_describe_the_flow_as_a_closed_object() throws Exception {
    JsonNode schema = schemaOf(everyType());

    assertThat(fieldNames(schema)).containsExactly("$schema", "title", "description", "x-browserflow-flow", "type",
        "properties", "required", "additionalProperties");
    assertThat(schema.get("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
    assertThat(schema.get("title").asText()).isEqualTo("Order export");
    assertThat(schema.get("description").asText()).isEqualTo("Exports the orders of one customer");
    assertThat(schema.get("x-browserflow-flow").asText()).isEqualTo("order-export");
    assertThat(schema.get("type").asText()).isEqualTo("object");
    assertThat(schema.get("additionalProperties").asBoolean(true)).isFalse();
    assertThat(fieldNames(schema.get("properties")))
        .containsExactly("CUSTOMER", "LIMIT", "RATIO", "DRY_RUN", "SINCE", "PORTAL", "REGION");
  }

  @Test
  void should_map_every_input_type() throws Exception {
    JsonNode p = schemaOf(everyType()).get("properties");

    assertThat(p.get("CUSTOMER").get("type").asText()).isEqualTo("string");
    assertThat(p.get("LIMIT").get("type").asText()).isEqualTo("number");
    assertThat(p.get("DRY_RUN").get("type").asText()).isEqualTo("boolean");
    assertThat(p.get("SINCE").get("type").asText()).isEqualTo("string");
    assertThat(p.get("SINCE").get("format").asText()).isEqualTo("date");
    assertThat(p.get("PORTAL").get("type").asText()).isEqualTo("string");
    assertThat(p.get("PORTAL").get("format").asText()).isEqualTo("uri");
    assertThat(p.get("REGION").get("type").asText()).isEqualTo("string");
    assertThat(texts(p.get("REGION").get("enum"))).containsExactly("north", "south");
    assertThat(p.get("CUSTOMER").has("format")).isFalse();
  }

  @Test
  void should_write_titles_patterns_typed_defaults_and_the_required_list() throws Exception {
    JsonNode schema = schemaOf(everyType());
    JsonNode p = schema.get("properties");

    assertThat(p.get("CUSTOMER").get("title").asText()).isEqualTo("Customer name");
    assertThat(p.get("CUSTOMER").get("pattern").asText()).isEqualTo("^(?:[A-Z][a-z]+)$");
    assertThat(p.get("LIMIT").get("default").isIntegralNumber()).isTrue();
    assertThat(p.get("LIMIT").get("default").asInt()).isEqualTo(25);
    assertThat(p.get("RATIO").get("default").isNumber()).isTrue();
    assertThat(p.get("RATIO").get("default").asDouble()).isEqualTo(0.5);
    assertThat(p.get("DRY_RUN").get("default").isBoolean()).isTrue();
    assertThat(p.get("DRY_RUN").get("default").asBoolean()).isTrue();
    assertThat(p.get("REGION").get("default").asText()).isEqualTo("north");
    assertThat(p.get("CUSTOMER").has("default")).isFalse();
    assertThat(texts(schema.get("required"))).containsExactly("CUSTOMER", "PORTAL");
  }

  @Test
  void should_not_put_a_pattern_on_number_or_boolean_inputs() throws Exception {
    Flow flow = Flow.named("n").input("COUNT", inputType(Input.Type.NUMBER), pattern("\\d+")).buildUnvalidated();

    JsonNode count = schemaOf(flow).get("properties").get("COUNT");

    assertThat(count.has("pattern")).isFalse();
  }

  @Test
  void should_group_credentials_and_mark_secrets_without_defaults() throws Exception {
    Flow flow = Flow.named("login")
        .input("USER")
        .credential(Credential.builder().key("BASE_URL").label("Login address").type(Credential.Type.URL).build())
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .credential("API", credentialType(Credential.Type.API_KEY), optionalCredential())
        .credential("NICKNAME", optionalCredential())
        .open("${credential.BASE_URL}")
        .buildUnvalidated();

    JsonNode schema = schemaOf(flow);
    JsonNode group = schema.get("properties").get("credentials");

    assertThat(fieldNames(schema.get("properties"))).containsExactly("USER", "credentials");
    assertThat(texts(schema.get("required"))).containsExactly("USER", "credentials");
    assertThat(group.get("type").asText()).isEqualTo("object");
    assertThat(group.get("additionalProperties").asBoolean(true)).isFalse();
    assertThat(texts(group.get("required"))).containsExactly("BASE_URL", "PASSWORD");
    JsonNode c = group.get("properties");
    assertThat(fieldNames(c)).containsExactly("BASE_URL", "PASSWORD", "API", "NICKNAME");
    assertThat(c.get("BASE_URL").get("title").asText()).isEqualTo("Login address");
    assertThat(c.get("BASE_URL").get("format").asText()).isEqualTo("uri");
    assertThat(c.get("BASE_URL").has("writeOnly")).isFalse();
    assertThat(c.get("BASE_URL").has("x-browserflow-secret")).isFalse();
    for (String secret : List.of("PASSWORD", "API")) {
      assertThat(c.get(secret).get("type").asText()).isEqualTo("string");
      assertThat(c.get(secret).get("writeOnly").asBoolean()).isTrue();
      assertThat(c.get(secret).get("x-browserflow-secret").asBoolean()).isTrue();
      assertThat(c.get(secret).has("default")).isFalse();
    }
    assertThat(c.get("API").get("x-browserflow-credential-type").asText()).isEqualTo("api_key");
    assertThat(c.get("NICKNAME").has("writeOnly")).isFalse();
  }

  @Test
  void should_leave_out_optional_groups_and_lists() throws Exception {
    Flow flow = Flow.named("just open").input("Q", optionalInput()).open("https://example.com").buildUnvalidated();

    JsonNode schema = schemaOf(flow);

    assertThat(schema.has("required")).isFalse();
    assertThat(schema.get("properties").has("credentials")).isFalse();
    assertThat(schema.get("description").asText()).contains("just open");
  }

  @Test
  void should_render_the_same_text_every_time_with_newlines() {
    String first = FlowSchema.inputSchema(everyType());
    String second = FlowSchema.inputSchema(everyType());

    assertThat(first).isEqualTo(second);
    assertThat(first).doesNotContain("\r").contains("\n  \"title\": \"Order export\"");
  }

  @Test
  void should_reject_an_input_that_collides_with_the_credentials_group() {
    Flow flow = Flow.named("clash").input("credentials").credential("TOKEN", secret()).buildUnvalidated();

    assertThatThrownBy(() -> FlowSchema.inputSchema(flow))
        .isInstanceOf(io.browserflow.api.FlowValidationException.class)
        .satisfies(e -> assertThat(((FlowException) e).code()).isEqualTo(ErrorCode.INVALID_FLOW));
  }
}
