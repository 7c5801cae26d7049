package io.browserflow.api.json;

import static io.browserflow.api.json.JsonFixtures.STRUCTURE;
import static io.browserflow.api.json.JsonFixtures.doc;
import static io.browserflow.api.json.JsonFixtures.docWith;
import static io.browserflow.api.json.JsonFixtures.formatError;
import static io.browserflow.api.json.JsonFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import io.browserflow.api.validate.FlowLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Documents that cannot be read: every family of problem, with its code and JSON path. */
class FlowJsonErrorsTest {

  private static final String SAVE = "{\"candidates\": [{\"testId\": \"save\"}]}";

  private static Problem only(FlowFormatException e) {
    assertThat(e.problems()).as("problems of %s", e.getMessage()).hasSize(1);
    return e.problems().get(0);
  }

  private static Problem onlyProblem(String json) {
    return only(formatError(json));
  }

  // ------------------------------------------------------------------ unknown fields

  @Test
  void should_report_an_unknown_field_with_its_path_and_the_closest_known_name() {
    String json = doc("{\"id\": \"a\", \"op\": \"back\"}, {\"id\": \"b\", \"op\": \"back\"},"
        + " {\"id\": \"c\", \"op\": \"click\", \"targte\": " + SAVE + "}");

    FlowFormatException e = formatError(json);

    assertThat(e.problems()).extracting(Problem::code, Problem::path).contains(
        org.assertj.core.groups.Tuple.tuple(ErrorCode.UNKNOWN_FIELD, "steps[2].targte"),
        org.assertj.core.groups.Tuple.tuple(ErrorCode.FIELD_MISSING, "steps[2].target"));
    Problem unknown = e.problems().stream().filter(p -> p.code() == ErrorCode.UNKNOWN_FIELD).findFirst().orElseThrow();
    assertThat(unknown.message()).contains("\"target\"");
    assertThat(unknown.line()).hasValue(1);
  }

  @Test
  void should_list_the_known_fields_when_no_name_is_close() {
    Problem p = onlyProblem(docWith("\"zzzzzz\": 1"));

    assertThat(p.code()).isEqualTo(ErrorCode.UNKNOWN_FIELD);
    assertThat(p.path()).isEqualTo("zzzzzz");
    assertThat(p.message()).contains("steps", "credentials", "schedule");
  }

  @Test
  void should_suggest_a_field_that_differs_only_in_case() {
    Problem p = onlyProblem(doc("{\"id\": \"c\", \"op\": \"click\", \"target\": {\"candidates\": [{\"testid\": \"x\","
        + " \"testId\": \"x\"}]}}"));

    assertThat(p.path()).isEqualTo("steps[0].target.candidates[0].testid");
    assertThat(p.message()).contains("did you mean \"testId\"");
  }

  @Test
  void should_ignore_unknown_fields_everywhere_when_lenient() {
    String json = "{\"schema\": \"browserflow/1\", \"name\": \"t\", \"x-editor\": {\"zoom\": 2},"
        + " \"inputs\": [{\"key\": \"A\", \"hint\": \"?\"}], \"steps\": [{\"id\": \"c\", \"op\": \"click\", \"note\": 1,"
        + " \"target\": {\"candidates\": [{\"css\": \"b\", \"score\": 0.9}], \"x\": 1}, \"offset\": {\"x\": 1, \"z\": 2},"
        + " \"expect\": [{\"url\": \"*\", \"comment\": \"c\"}]}]}";

    assertThat(formatError(json).problems()).extracting(Problem::code).containsOnly(ErrorCode.UNKNOWN_FIELD).hasSize(7);
    Flow flow = STRUCTURE.lenient().read(json);
    assertThat(flow.steps()).hasSize(1);
    assertThat(flow.inputs()).hasSize(1);
  }

  @Test
  void should_report_fields_of_another_op_as_unknown_for_this_op() {
    Problem p = onlyProblem(doc("{\"id\": \"n\", \"op\": \"navigate\", \"url\": \"https://a\", \"target\": " + SAVE + "}"));

    assertThat(p.code()).isEqualTo(ErrorCode.UNKNOWN_FIELD);
    assertThat(p.path()).isEqualTo("steps[0].target");
    assertThat(p.message()).contains("navigate step");
  }

  // ------------------------------------------------------------------ schema

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"name\": \"t\"}",
      "{\"schema\": \"browserflow/3\", \"name\": \"t\"}",
      "{\"schema\": 1, \"name\": \"t\"}",
      "{\"schema\": \"\", \"name\": \"t\"}"})
  void should_refuse_a_missing_or_unsupported_schema(String json) {
    Problem p = onlyProblem(json);

    assertThat(p.code()).isEqualTo(ErrorCode.SCHEMA_UNSUPPORTED);
    assertThat(p.path()).isEqualTo("schema");
    assertThat(p.message()).contains("browserflow/1", "browserflow/2");
  }

  @Test
  void should_report_only_the_schema_when_it_is_unsupported() {
    FlowFormatException e = formatError("{\"schema\": \"browserflow/9\", \"steps\": [{\"op\": \"teleport\"}]}");

    assertThat(e.problems()).extracting(Problem::code).containsExactly(ErrorCode.SCHEMA_UNSUPPORTED);
    assertThat(e.code()).isEqualTo(ErrorCode.SCHEMA_UNSUPPORTED);
  }

  // ------------------------------------------------------------------ syntax

  @Test
  void should_report_malformed_json_with_line_column_and_path() {
    String json = "{\n  \"schema\": \"browserflow/1\",\n  \"name\": \"t\",\n  \"steps\": [\n"
        + "    {\"id\": \"a\", \"op\": \"back\"},\n    {\"id\": \"b\" \"op\": \"back\"}\n  ]\n}";

    Problem p = onlyProblem(json);

    assertThat(p.code()).isEqualTo(ErrorCode.JSON_SYNTAX);
    assertThat(p.line()).hasValue(6);
    assertThat(p.column()).hasValue(16);
    assertThat(p.path()).isEqualTo("steps[1].id");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "''",
      "'   '",
      "{\"schema\": \"browserflow/1\"",
      "{\"schema\": \"browserflow/1\", }",
      "{\"schema\": 'browserflow/1'}",
      "{\"schema\": \"browserflow/1\"} {}",
      "{\"schema\": \"browserflow/1\", \"name\": \"t\"} trailing",
      "[1, 2,]",
      "{\"a\": 01}",
      "{\"a\": NaN}",
      "{\"a\": \"\\x\"}",
      "// comment\n{}"})
  void should_report_every_kind_of_malformed_input_as_json_syntax(String json) {
    Problem p = onlyProblem(json);

    assertThat(p.code()).isEqualTo(ErrorCode.JSON_SYNTAX);
    assertThat(p.line()).isPresent();
  }

  @Test
  void should_report_invalid_utf8_bytes_as_json_syntax() {
    byte[] bytes = {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};

    FlowFormatException e = catchThrowableOfType(FlowFormatException.class,
        () -> STRUCTURE.read(new ByteArrayInputStream(bytes)));

    assertThat(e.code()).isEqualTo(ErrorCode.JSON_SYNTAX);
  }

  @Test
  void should_require_the_document_to_be_an_object() {
    Problem p = onlyProblem("[{\"schema\": \"browserflow/1\"}]");

    assertThat(p.code()).isEqualTo(ErrorCode.FIELD_INVALID);
    assertThat(p.path()).isEmpty();
  }

  @Test
  void should_report_duplicate_keys_with_their_path() {
    FlowFormatException e = formatError("{\"schema\": \"browserflow/1\", \"name\": \"a\", \"name\": \"b\","
        + " \"steps\": [{\"id\": \"s\", \"op\": \"wait\", \"ms\": 1, \"ms\": 2}]}");

    assertThat(e.problems()).extracting(Problem::code).containsOnly(ErrorCode.FIELD_INVALID);
    assertThat(paths(e)).containsExactly("name", "steps[0].ms");
  }

  @Test
  void should_refuse_strings_with_unpaired_surrogates() {
    Problem p = onlyProblem(docWith("\"description\": \"bad \\ud800 text\""));

    assertThat(p.code()).isEqualTo(ErrorCode.FIELD_INVALID);
    assertThat(p.path()).isEqualTo("description");
  }

  // ------------------------------------------------------------------ missing fields

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"op\": \"back\"}|steps[0].id",
      "{\"id\": \"s\"}|steps[0].op",
      "{\"id\": \"s\", \"op\": \"click\"}|steps[0].target",
      "{\"id\": \"s\", \"op\": \"fill\", \"target\": {}}|steps[0].value",
      "{\"id\": \"s\", \"op\": \"open\"}|steps[0].url",
      "{\"id\": \"s\", \"op\": \"setViewport\", \"width\": 800}|steps[0].height",
      "{\"id\": \"s\", \"op\": \"drag\", \"from\": {}}|steps[0].to",
      "{\"id\": \"s\", \"op\": \"assert\"}|steps[0].condition",
      "{\"id\": \"s\", \"op\": \"paginate\", \"target\": {}}|steps[0].maxPages",
      "{\"id\": \"s\", \"op\": \"while\", \"condition\": {\"url\": \"*\"}}|steps[0].max",
      "{\"id\": \"s\", \"op\": \"repeat\"}|steps[0].times",
      "{\"id\": \"s\", \"op\": \"read\", \"target\": {}, \"what\": \"attribute\"}|steps[0].attribute",
      "{\"id\": \"s\", \"op\": \"back\", \"retry\": {\"intervalMs\": 5}}|steps[0].retry.count",
      "{\"id\": \"s\", \"op\": \"back\", \"onError\": {}}|steps[0].onError.fallback",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"state\": \"visible\"}}|steps[0].condition.element",
      "{\"id\": \"s\", \"op\": \"manual\"}|steps[0].instructions"})
  void should_report_a_missing_required_field_at_its_path(String step, String path) {
    Problem p = onlyProblem(doc(step));

    assertThat(p.code()).isEqualTo(ErrorCode.FIELD_MISSING);
    assertThat(p.path()).isEqualTo(path);
  }

  @Test
  void should_report_missing_fields_of_declarations() {
    FlowFormatException e = formatError("{\"schema\": \"browserflow/1\", \"inputs\": [{\"label\": \"x\"}],"
        + " \"credentials\": [{}], \"tabs\": [{\"url\": \"https://a\"}]}");

    assertThat(e.problems()).extracting(Problem::code).containsOnly(ErrorCode.FIELD_MISSING);
    assertThat(paths(e)).containsExactlyInAnyOrder("name", "inputs[0].key", "credentials[0].key", "tabs[0].alias");
  }

  // ------------------------------------------------------------------ invalid fields

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // wrong JSON types
      "{\"id\": 7, \"op\": \"back\"}|steps[0].id",
      "{\"id\": \"s\", \"op\": [\"back\"]}|steps[0].op",
      "{\"id\": \"s\", \"op\": \"back\", \"timeoutMs\": \"3\"}|steps[0].timeoutMs",
      "{\"id\": \"s\", \"op\": \"back\", \"timeoutMs\": 1.5}|steps[0].timeoutMs",
      "{\"id\": \"s\", \"op\": \"back\", \"timeoutMs\": 1e3}|steps[0].timeoutMs",
      "{\"id\": \"s\", \"op\": \"back\", \"timeoutMs\": 2147483648}|steps[0].timeoutMs",
      "{\"id\": \"s\", \"op\": \"back\", \"timeoutMs\": 99999999999999999999999}|steps[0].timeoutMs",
      "{\"id\": \"s\", \"op\": \"back\", \"disabled\": \"yes\"}|steps[0].disabled",
      "{\"id\": \"s\", \"op\": \"back\", \"expect\": {\"url\": \"*\"}}|steps[0].expect",
      "{\"id\": \"s\", \"op\": \"back\", \"expect\": [\"url\"]}|steps[0].expect[0]",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": \"#save\"}|steps[0].target",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {\"candidates\": {\"css\": \"a\"}}}|steps[0].target.candidates",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {\"candidates\": [{\"css\": 1}]}}|steps[0].target.candidates[0].css",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {\"framePath\": [1]}}|steps[0].target.framePath[0]",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {}, \"offset\": {\"x\": \"1\"}}|steps[0].offset.x",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {}, \"offset\": {\"x\": 1e999}}|steps[0].offset.x",
      "{\"id\": \"s\", \"op\": \"upload\", \"target\": {}, \"files\": \"a.txt\"}|steps[0].files",
      "{\"id\": \"s\", \"op\": \"repeat\", \"times\": 2, \"body\": {}}|steps[0].body",
      // unknown enumeration values
      "{\"id\": \"s\", \"op\": \"teleport\"}|steps[0].op",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {}, \"button\": \"centre\"}|steps[0].button",
      "{\"id\": \"s\", \"op\": \"scroll\", \"mode\": \"into_view\"}|steps[0].mode",
      "{\"id\": \"s\", \"op\": \"read\", \"target\": {}, \"what\": \"html\"}|steps[0].what",
      "{\"id\": \"s\", \"op\": \"back\", \"retry\": {\"count\": 1, \"backoff\": \"linear\"}}|steps[0].retry.backoff",
      "{\"id\": \"s\", \"op\": \"back\", \"onError\": \"ignore\"}|steps[0].onError",
      "{\"id\": \"s\", \"op\": \"back\", \"onError\": \"fallback\"}|steps[0].onError",
      "{\"id\": \"s\", \"op\": \"back\", \"onError\": {\"fallback\": []}}|steps[0].onError.fallback",
      "{\"id\": \"s\", \"op\": \"back\", \"onError\": true}|steps[0].onError",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"element\": {}, \"state\": \"shown\"}}|steps[0].condition.state",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"element\": {}, \"count\": 1, \"op\": \"=\"}}|steps[0].condition.op",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"text\": \"a\", \"element\": {}, \"match\": \"regex\"}}|steps[0].condition.match",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"loadState\": \"idle\"}}|steps[0].condition.loadState",
      // candidates
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {\"candidates\": [{}]}}|steps[0].target.candidates[0]",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {\"candidates\": [{\"css\": \"a\", \"xpath\": \"//a\"}]}}|steps[0].target.candidates[0]",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {\"candidates\": [{\"css\": \"a\", \"name\": \"A\"}]}}|steps[0].target.candidates[0].name",
      "{\"id\": \"s\", \"op\": \"click\", \"target\": {\"candidates\": [\"#save\"]}}|steps[0].target.candidates[0]",
      // conditions
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {}}|steps[0].condition",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"match\": \"glob\"}}|steps[0].condition",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"url\": \"*\", \"title\": \"*\"}}|steps[0].condition",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"url\": \"*\", \"state\": \"visible\"}}|steps[0].condition.state",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"element\": {}, \"count\": 2, \"state\": \"visible\"}}|steps[0].condition.state",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"element\": {}, \"url\": \"*\"}}|steps[0].condition.url",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"var\": \"${vars.a}\"}}|steps[0].condition",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"var\": \"${vars.a}\", \"equals\": \"1\", \"truthy\": true}}|steps[0].condition",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"var\": \"${vars.a}\", \"truthy\": false}}|steps[0].condition.truthy",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"var\": \"${vars.a}\", \"equals\": 3}}|steps[0].condition.equals",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"text\": \"a\", \"match\": \"regex\"}}|steps[0].condition.match",
      "{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"not\": \"url\"}}|steps[0].condition.not",
      // alternatives
      "{\"id\": \"s\", \"op\": \"select\", \"target\": {}}|steps[0]",
      "{\"id\": \"s\", \"op\": \"select\", \"target\": {}, \"value\": \"a\", \"label\": \"A\"}|steps[0]",
      "{\"id\": \"s\", \"op\": \"wait\"}|steps[0]",
      "{\"id\": \"s\", \"op\": \"wait\", \"ms\": 5, \"until\": {\"url\": \"*\"}}|steps[0]",
      "{\"id\": \"s\", \"op\": \"foreach\"}|steps[0]",
      "{\"id\": \"s\", \"op\": \"foreach\", \"source\": \"table\", \"items\": [\"a\"]}|steps[0]",
      "{\"id\": \"s\", \"op\": \"foreach\", \"source\": \"rows\"}|steps[0].source",
      "{\"id\": \"s\", \"op\": \"foreach\", \"source\": \"x ${steps.a.items}\"}|steps[0].source",
      "{\"id\": \"s\", \"op\": \"foreach\", \"source\": [\"a\"]}|steps[0].source",
      "{\"id\": \"s\", \"op\": \"read\", \"target\": {}, \"attribute\": \"href\"}|steps[0].attribute",
      "{\"id\": \"s\", \"op\": \"scrape\", \"target\": {}, \"attributes\": [\"href\"]}|steps[0].attributes"})
  void should_report_an_invalid_field_at_its_path(String step, String path) {
    Problem p = onlyProblem(doc(step));

    assertThat(p.code()).isEqualTo(ErrorCode.FIELD_INVALID);
    assertThat(p.path()).isEqualTo(path);
    assertThat(p.line()).isPresent();
  }

  @Test
  void should_list_the_known_ops_and_suggest_the_closest() {
    Problem p = onlyProblem(doc("{\"id\": \"s\", \"op\": \"clik\"}"));

    assertThat(p.message()).contains("did you mean \"click\"", "tabNew", "csvExport", "manual");
  }

  @Test
  void should_list_the_allowed_values_of_an_enumeration() {
    Problem p = onlyProblem(docWith("\"credentials\": [{\"key\": \"K\", \"type\": \"apiKey\"}]"));

    assertThat(p.path()).isEqualTo("credentials[0].type");
    assertThat(p.message()).contains("url, username, password, token, api_key, text");
  }

  @Test
  void should_report_invalid_declarations_at_their_paths() {
    FlowFormatException e = formatError(docWith("\"tags\": [\"a\", 1], \"meta\": {\"createdAt\": 2024},"
        + " \"table\": {\"columns\": [\"A\", \"B\"], \"rows\": [[\"1\", \"2\"], [\"3\", \"4\"], [\"5\", null]]},"
        + " \"policy\": {\"capabilities\": [\"script.eval\", \"telepathy\"]},"
        + " \"schedule\": {\"everyMinutes\": 5, \"cron\": \"* * * * *\", \"input\": {\"A\": 1}}"));

    assertThat(e.problems()).extracting(Problem::code).containsOnly(ErrorCode.FIELD_INVALID);
    assertThat(paths(e)).containsExactly("tags[1]", "meta.createdAt", "table.rows[2][1]", "policy.capabilities[1]",
        "schedule", "schedule.input.A");
  }

  @Test
  void should_report_every_problem_of_a_document_at_once_in_document_order() {
    String json = "{\n"
        + "  \"schema\": \"browserflow/1\",\n"
        + "  \"name\": \"many\",\n"
        + "  \"inputs\": [{\"key\": \"A\", \"type\": \"colour\"}],\n"
        + "  \"steps\": [\n"
        + "    {\"op\": \"click\", \"target\": {\"candidates\": [{}]}},\n"
        + "    {\"id\": \"b\", \"op\": \"fill\", \"target\": {}, \"value\": 3, \"vaule\": \"x\"},\n"
        + "    {\"id\": \"c\", \"op\": \"if\", \"condition\": {\"url\": \"*\"}, \"else\": [{\"id\": \"d\", \"op\": \"wait\"}]}\n"
        + "  ]\n"
        + "}";

    FlowFormatException e = formatError(json);

    assertThat(paths(e)).containsExactly("inputs[0].type", "steps[0].id", "steps[0].target.candidates[0]",
        "steps[1].value", "steps[1].vaule", "steps[2].else[0]");
    assertThat(e.problems()).extracting(Problem::code).containsExactly(ErrorCode.FIELD_INVALID,
        ErrorCode.FIELD_MISSING, ErrorCode.FIELD_INVALID, ErrorCode.FIELD_INVALID, ErrorCode.UNKNOWN_FIELD,
        ErrorCode.FIELD_INVALID);
    assertThat(e.problems()).extracting(p -> p.line().getAsInt()).containsExactly(4, 6, 6, 7, 7, 8);
    assertThat(e.code()).isEqualTo(ErrorCode.FIELD_INVALID);
    assertThat(e.getMessage()).contains("6 problems", "steps[1].vaule");
  }

  @Test
  void should_report_problems_inside_nested_bodies_and_fallbacks() {
    FlowFormatException e = formatError(doc("{\"id\": \"r\", \"op\": \"repeat\", \"times\": 2, \"body\": ["
        + "{\"id\": \"x\", \"op\": \"foreach\", \"items\": [\"a\"], \"body\": [{\"id\": \"y\", \"op\": \"fill\","
        + " \"target\": {}, \"value\": false}]},"
        + "{\"id\": \"z\", \"op\": \"back\", \"onError\": {\"fallback\": [{\"id\": \"f\", \"op\": \"jump\"}]}}]}"));

    assertThat(paths(e)).containsExactly("steps[0].body[0].body[0].value", "steps[0].body[1].onError.fallback[0].op");
  }

  @Test
  void should_list_at_most_500_problems_and_say_how_many_there_were() {
    StringBuilder members = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      members.append("\"unknown").append(i).append("\": ").append(i).append(", ");
    }
    FlowFormatException e = formatError(docWith(members + "\"tags\": []"));

    assertThat(e.problems()).hasSize(501);
    assertThat(e.problems().get(0).path()).isEqualTo("unknown0");
    Problem last = e.problems().get(500);
    assertThat(last.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
    assertThat(last.actual()).hasValue("20000");
  }

  // ------------------------------------------------------------------ size and depth

  @Test
  void should_refuse_input_larger_than_four_times_the_definition_limit_before_parsing(@TempDir Path dir)
      throws IOException {
    FlowJson.Reader small = FlowJson.reader().limits(FlowLimits.builder().maxDefinitionBytes(100).build());
    String big = docWith("\"description\": \"" + "x".repeat(400) + "\"");
    String notJsonButBig = "{" + "x".repeat(500);
    Path file = dir.resolve("big.flow.json");
    Files.writeString(file, big);

    for (FlowFormatException e : new FlowFormatException[] {
        formatError(small, big), formatError(small, notJsonButBig),
        catchThrowableOfType(FlowFormatException.class, () -> small.read(file)),
        catchThrowableOfType(FlowFormatException.class,
            () -> small.read(new ByteArrayInputStream(big.getBytes(StandardCharsets.UTF_8))))}) {
      Problem p = only(e);
      assertThat(p.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
      assertThat(p.allowed()).hasValue("400");
    }
  }

  @Test
  void should_count_bytes_not_characters_against_the_input_limit() {
    FlowJson.Reader small = FlowJson.reader().withoutValidation()
        .limits(FlowLimits.builder().maxDefinitionBytes(100).build());
    String threeBytesEach = docWith("\"description\": \"" + "中".repeat(150) + "\"");

    assertThat(threeBytesEach.length()).isLessThan(400);
    assertThat(only(formatError(small, threeBytesEach)).code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
  }

  private static String nestedRepeats(int depth) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      sb.append("{\"id\": \"r").append(i).append("\", \"op\": \"repeat\", \"times\": 1, \"body\": [");
    }
    sb.append("{\"id\": \"leaf\", \"op\": \"back\"}");
    sb.append("]}".repeat(depth));
    return doc(sb.toString());
  }

  @Test
  void should_refuse_ten_thousand_nested_bodies_without_overflowing_the_stack() {
    Problem p = only(formatError(nestedRepeats(10_000)));

    assertThat(p.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
    assertThat(p.path()).startsWith("steps[0].body[0].body[0]").endsWith("...").hasSizeLessThan(200);
    assertThat(p.message()).contains("1000").doesNotContain("StreamReadConstraints");
    assertThat(p.line()).isPresent();
  }

  @Test
  void should_refuse_step_nesting_beyond_the_codec_depth_within_the_json_depth() {
    Problem p = only(formatError(nestedRepeats(300)));

    assertThat(p.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
    assertThat(p.message()).contains("200");
  }

  @Test
  void should_leave_moderate_nesting_to_the_validator() {
    String json = nestedRepeats(20);

    assertThat(STRUCTURE.read(json).steps()).hasSize(1);
    FlowValidationException e = catchThrowableOfType(FlowValidationException.class, () -> FlowJson.read(json));
    assertThat(e).isNotInstanceOf(FlowFormatException.class);
    assertThat(e.problems()).extracting(Problem::code).contains(ErrorCode.LIMIT_EXCEEDED);
  }

  @Test
  void should_refuse_deeply_nested_not_conditions_and_arrays() {
    String nots = "{\"not\": ".repeat(500) + "{\"url\": \"*\"}" + "}".repeat(500);
    Problem p = only(formatError(doc("{\"id\": \"a\", \"op\": \"assert\", \"condition\": " + nots + "}")));
    assertThat(p.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);

    String arrays = docWith("\"tags\": " + "[".repeat(50_000) + "]".repeat(50_000));
    assertThat(only(formatError(STRUCTURE.lenient(), arrays)).code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
  }
}
