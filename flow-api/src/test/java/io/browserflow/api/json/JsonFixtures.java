package io.browserflow.api.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import java.util.List;
import java.util.stream.Collectors;

/** Shared helpers of the JSON codec tests. */
final class JsonFixtures {
  /** Structure only: these tests are about the format, not the validation rules. */
  static final FlowJson.Reader STRUCTURE = FlowJson.reader().withoutValidation();

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonFixtures() {}

  /** A minimal document around the given steps (a JSON array body, without brackets). */
  static String doc(String steps) {
    return "{\"schema\": \"browserflow/2\", \"id\": \"t\", \"name\": \"t\", \"steps\": [" + steps + "]}";
  }

  /** A minimal document with these extra top-level fields (JSON members, without braces). */
  static String docWith(String members) {
    return "{\"schema\": \"browserflow/2\", \"id\": \"t\", \"name\": \"t\", " + members + "}";
  }

  static Flow flowOf(Step... steps) {
    return Flow.builder().id("t").name("t").addSteps(steps).build();
  }

  static Step onlyStep(String stepJson) {
    Flow flow = STRUCTURE.read(doc(stepJson));
    assertThat(flow.steps()).hasSize(1);
    return flow.steps().get(0);
  }

  static JsonNode tree(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (Exception e) {
      throw new AssertionError("not JSON: " + json, e);
    }
  }

  /** Reads structure-only and returns the format exception, failing when there is none. */
  static FlowFormatException formatError(String json) {
    return formatError(STRUCTURE, json);
  }

  static FlowFormatException formatError(FlowJson.Reader reader, String json) {
    FlowFormatException e = catchThrowableOfType(FlowFormatException.class, () -> reader.read(json));
    assertThat(e).as("expected a FlowFormatException for %s", json).isNotNull();
    return e;
  }

  static List<String> paths(FlowFormatException e) {
    return e.problems().stream().map(Problem::path).collect(Collectors.toList());
  }

  /** The read/write laws every accepted flow obeys. */
  static void assertRoundTrips(Flow flow) {
    String pretty = FlowJson.write(flow);
    String canonical = FlowJson.canonical(flow);
    assertThat(STRUCTURE.read(pretty)).as("read(write(f))").isEqualTo(flow);
    assertThat(STRUCTURE.read(canonical)).as("read(canonical(f))").isEqualTo(flow);
    assertThat(FlowJson.canonical(STRUCTURE.read(canonical))).as("canonical is stable").isEqualTo(canonical);
  }
}
