package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.BINDING_UNRESOLVED;
import static io.browserflow.api.ErrorCode.CAPABILITY_DENIED;
import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.ErrorCode.SENSITIVE_VALUE;
import static io.browserflow.api.dsl.Dsl.row;
import static io.browserflow.api.dsl.Dsl.values;
import static io.browserflow.api.validate.ValidationFixtures.assertOnly;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.browserflow.api.Capability;
import io.browserflow.api.JsonSelector;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.dsl.FlowBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules of datasetWrite, datasetExport, http and clipboard steps. */
class DataAndHttpValidationTest {

  private static FlowBuilder http() {
    return flow().capabilities(Capability.HTTP_REQUEST).input("BASE_URL");
  }

  // ---------------------------------------------------------------- datasets

  @Test
  void should_accept_rows_written_in_a_loop_and_exported_in_both_formats() {
    assertThat(problems(flow().foreach(values("a", "b"), body -> body
            .datasetWrite("letters", row("letter", "${loop.item}", "at", "${loop.index}")).id("w"))
        .datasetExport("letters", Step.DatasetFormat.CSV, "out/letters.csv")
        .datasetExportPart("letters", Step.DatasetFormat.JSON, "out/letters.json").id("x")
        .setVar("n", "${steps.x.rows} rows in ${steps.x.path}"))).isEmpty();
  }

  @Test
  void should_accept_an_export_of_the_previous_part_before_the_write_of_a_loop() {
    assertThat(problems(flow().repeat(3, body -> body
        .datasetExportPart("d", Step.DatasetFormat.CSV, "out/part-${loop.index}.csv")
        .datasetWrite("d", row("i", "${loop.index}"))))).isEmpty();
  }

  @Test
  void should_refuse_an_export_of_a_dataset_no_step_writes() {
    Problem p = assertOnly(problems(flow().datasetWrite("people", row("n", "1"))
        .datasetExport("peple", Step.DatasetFormat.CSV, "out.csv")), INVALID_FLOW, "steps[1].dataset");
    assertThat(p.message()).contains("'peple'", "written: [people]");
  }

  @Test
  void should_refuse_bad_dataset_names_empty_rows_and_blank_columns() {
    List<Problem> ps = problems(flow().datasetWrite("my data", row("n", "1")).datasetWrite("ok", Map.of())
        .datasetWrite("ok", row(" ", "x")));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[0].dataset"), tuple(INVALID_FLOW, "steps[1].row"), tuple(INVALID_FLOW, "steps[2].row. "));
  }

  @Test
  void should_refuse_a_credential_in_a_row_and_an_unresolved_placeholder() {
    List<Problem> ps = problems(flow().credential("PW").datasetWrite("d", row("pw", "${credential.PW}", "x", "${steps.nope.text}")));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(SENSITIVE_VALUE, "steps[0].row.pw"), tuple(BINDING_UNRESOLVED, "steps[0].row.x"));
    assertThat(ps.get(0).message()).contains("${credential.PW}", "leave it out");
  }

  @Test
  void should_keep_exports_inside_the_work_directory() {
    List<Problem> ps = problems(flow().datasetWrite("d", row("n", "1"))
        .datasetExport("d", Step.DatasetFormat.CSV, "/tmp/out.csv")
        .datasetExport("d", Step.DatasetFormat.CSV, "out/../../etc/x.csv")
        .datasetExport("d", Step.DatasetFormat.CSV, "out/part-${loop.index}.csv".replace("${loop.index}", "1")));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[1].path"), tuple(INVALID_FLOW, "steps[2].path"));
    assertThat(ps.get(0).message()).contains("leaves the work directory");
  }

  @Test
  void should_reject_a_row_output_that_does_not_exist() {
    Problem p = assertOnly(problems(flow().datasetWrite("d", row("n", "1")).id("w").setVar("v", "${steps.w.path}")),
        BINDING_UNRESOLVED, "steps[1].value");
    assertThat(p.message()).contains("rows");
  }

  // ---------------------------------------------------------------- http

  @Test
  void should_accept_a_post_with_a_secret_header_and_use_its_extracts_later() {
    assertThat(problems(http().credential("TOKEN")
        .http("POST", "${BASE_URL}/api/items", row("Authorization", "Bearer ${credential.TOKEN}",
            "Content-Type", "application/json"), "{\"name\": \"x\"}").id("make").extract("id", "$.item.id")
        .setVar("made", "${steps.make.id} ${steps.make.status} ${steps.make.body} ${steps.make.headers}"))).isEmpty();
  }

  @Test
  void should_need_the_http_request_capability() {
    Problem p = assertOnly(problems(flow().input("BASE_URL").http("GET", "${BASE_URL}/x")), CAPABILITY_DENIED, "steps[0]");
    assertThat(p.message()).contains("http.request", "policy.capabilities");
  }

  @Test
  void should_refuse_unknown_methods_relative_urls_bodies_on_get_and_bad_extracts() {
    List<Problem> ps = problems(http()
        .http("FETCH", "${BASE_URL}/x")
        .http("GET", "/api/items")
        .http("GET", "${BASE_URL}/x", row("Bad Header", "v"), "{}")
        .http("GET", "${BASE_URL}/x").extract("status", "$.status").extract("id", "items[0]").extract("n", "$.a[x]"));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[0].method"), tuple(INVALID_FLOW, "steps[1].url"),
        tuple(INVALID_FLOW, "steps[2].headers.Bad Header"), tuple(INVALID_FLOW, "steps[2].body"),
        tuple(INVALID_FLOW, "steps[3].extract.status"), tuple(INVALID_FLOW, "steps[3].extract.id"),
        tuple(INVALID_FLOW, "steps[3].extract.n"));
    assertThat(ps.get(0).message()).contains("GET, POST, PUT, PATCH, DELETE, HEAD");
    assertThat(ps.get(5).message()).contains("must start with $");
  }

  @Test
  void should_parse_selectors_into_fields_and_indexes() {
    assertThat(JsonSelector.parse("$.items[0]['first name'].id").segments()).containsExactly("items", 0, "first name", "id");
    assertThat(JsonSelector.parse("$").segments()).isEmpty();
    assertThatThrownBy(() -> JsonSelector.parse("$.items[")).hasMessageContaining("never closed");
    assertThatThrownBy(() -> JsonSelector.parse("$..x")).hasMessageContaining("no field name");
  }

  // ---------------------------------------------------------------- clipboard

  @Test
  void should_need_text_for_a_write_only_and_no_credential() {
    List<Problem> ps = problems(flow().credential("PW")
        .clipboardWrite("copied").clipboardRead().id("r").setVar("got", "${steps.r.text}")
        .step(DataStep.Clipboard.builder().id("bad").action(Step.ClipboardAction.WRITE).build())
        .step(DataStep.Clipboard.builder().id("bad2").action(Step.ClipboardAction.READ).text("x").build())
        .clipboardWrite("${credential.PW}"));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "steps[3].text"), tuple(INVALID_FLOW, "steps[4].text"), tuple(SENSITIVE_VALUE, "steps[5].text"));
  }
}
