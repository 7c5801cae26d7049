package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.testkit.EngineFixtures.APP;
import static io.browserflow.testkit.EngineFixtures.SECRET;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.api.Capability;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.engine.DatasetResult;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.spi.HttpExchange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Datasets, http and clipboard steps through the engine on the in-memory driver. */
class EngineDataAndHttpTest {
  @TempDir
  Path dir;

  private final List<HttpExchange.Request> received = new CopyOnWriteArrayList<>();

  private InMemoryPageDriver driver() {
    return EngineFixtures.app()
        .endpoint("GET", APP + "/api/items", request -> {
          received.add(request);
          return json(200, "{\"items\": [{\"id\": 7, \"name\": \"Seven\", \"tags\": [\"a\"]}], \"echo\": \""
              + request.headers().getOrDefault("Authorization", "") + "\"}");
        })
        .endpoint("POST", APP + "/api/items", request -> {
          received.add(request);
          return HttpExchange.Response.builder().status(201).putHeaders("content-type", "application/json")
              .putHeaders("set-cookie", "session=abc; HttpOnly").putHeaders("location", "/api/items/8")
              .body("{\"id\": 8}").build();
        })
        .endpoint("GET", APP + "/api/broken", request -> json(500, "{\"error\": \"boom\"}"))
        .build();
  }

  private static HttpExchange.Response json(int status, String body) {
    return HttpExchange.Response.builder().status(status).putHeaders("content-type", "application/json").body(body).build();
  }

  private RunResult run(Flow flow, FlowLimits limits, RunOptions options) {
    FlowEngine engine = EngineFixtures.engine(driver()).limits(limits).build();
    Inputs.Builder inputs = Inputs.builder();
    if (flow.credentials().stream().anyMatch(c -> c.key().equals("TOKEN"))) {
      inputs.credential("TOKEN", SECRET);
    }
    return engine.run(flow, inputs.build(), options);
  }

  private RunResult run(Flow flow) {
    return run(flow, FlowLimits.defaults(), RunOptions.builder().workDir(dir).allow(Capability.HTTP_REQUEST).build());
  }

  // ---------------------------------------------------------------- datasets

  @Test
  void should_write_a_row_per_iteration_and_export_csv_and_json() throws Exception {
    Flow flow = Flow.named("letters")
        .foreach(values("a", "b, c", "d"), body -> body
            .datasetWrite("letters", row("letter", "${loop.item}", "at", "${loop.index}")).id("w"))
        .datasetWrite("letters", row("letter", "z", "note", "last")).id("last")
        .datasetExport("letters", Step.DatasetFormat.CSV, "out/letters.csv").id("csv")
        .datasetExport("letters", Step.DatasetFormat.JSON, "out/letters.json").id("json")
        .build();

    RunResult result = run(flow);

    assertThat(result.errorMessage()).isEmpty();
    assertThat(Files.readString(dir.resolve("out/letters.csv")))
        .isEqualTo("letter,at,note\r\na,0,\r\n\"b, c\",1,\r\nd,2,\r\nz,,last\r\n");
    JsonNode json = new ObjectMapper().readTree(dir.resolve("out/letters.json").toFile());
    assertThat(json).hasSize(4);
    assertThat(json.get(1).get("letter").asText()).isEqualTo("b, c");
    assertThat(json.get(3).get("note").asText()).isEqualTo("last");
    assertThat(result.outputs()).containsEntry("steps.last.rows", "4").containsEntry("steps.csv.rows", "4")
        .containsEntry("steps.json.path", dir.resolve("out/letters.json").toString());
    DatasetResult d = result.datasets().get("letters");
    assertThat(d.columns()).containsExactly("letter", "at", "note");
    assertThat(d.rows()).hasSize(4).first().isEqualTo(Map.of("letter", "a", "at", "0", "note", ""));
    assertThat(d.written()).isEqualTo(4);
    assertThat(d.exports()).hasSize(2);
    assertThat(RunResult.fromJson(result.toJson()).datasets()).isEqualTo(result.datasets());
  }

  @Test
  void should_export_in_parts_and_stop_at_the_row_limit_with_the_advice() throws Exception {
    Flow parts = Flow.named("parts")
        .repeat(7, body -> body
            .datasetWrite("n", row("i", "${loop.index}"))
            .ifThen(varEquals("${loop.index}", "2"), then -> then.datasetExportPart("n", Step.DatasetFormat.CSV, "out/part-1.csv"))
            .ifThen(varEquals("${loop.index}", "5"), then -> then.datasetExportPart("n", Step.DatasetFormat.CSV, "out/part-2.csv")))
        .datasetExportPart("n", Step.DatasetFormat.CSV, "out/part-3.csv")
        .build();
    FlowLimits three = FlowLimits.builder().maxDatasetRows(3).build();
    RunOptions options = RunOptions.builder().workDir(dir).build();

    RunResult ok = run(parts, three, options);

    assertThat(ok.errorMessage()).isEmpty();
    assertThat(Files.readString(dir.resolve("out/part-1.csv"))).isEqualTo("i\r\n0\r\n1\r\n2\r\n");
    assertThat(Files.readString(dir.resolve("out/part-2.csv"))).isEqualTo("i\r\n3\r\n4\r\n5\r\n");
    assertThat(Files.readString(dir.resolve("out/part-3.csv"))).isEqualTo("i\r\n6\r\n");
    assertThat(ok.datasets().get("n").written()).isEqualTo(7);
    assertThat(ok.datasets().get("n").rows()).isEmpty();

    RunResult over = run(Flow.named("over").repeat(4, body -> body.datasetWrite("n", row("i", "${loop.index}"))).build(),
        three, options);

    assertThat(over.status()).isEqualTo(RunStatus.FAILED);
    assertThat(over.errorCode()).hasValue(ErrorCode.LIMIT_EXCEEDED);
    assertThat(over.errorMessage().orElseThrow()).contains("holds 3 rows", "maxDatasetRows", "export it in parts", "\"clear\": true");
    assertThat(over.datasets().get("n").rows()).hasSize(3);
  }

  @Test
  void should_refuse_a_cell_over_the_byte_limit() {
    RunResult result = run(Flow.named("cell").input("TEXT").datasetWrite("d", row("t", "${TEXT}")).build(),
        FlowLimits.builder().maxDatasetCellBytes(8).build(), RunOptions.builder().workDir(dir).build());
    // 5 characters, 10 bytes in UTF-8
    RunResult big = EngineFixtures.engine(driver()).limits(FlowLimits.builder().maxDatasetCellBytes(8).build()).build()
        .run(Flow.named("cell").input("TEXT").datasetWrite("d", row("t", "${TEXT}")).build(),
            Inputs.builder().input("TEXT", "数据集太大").build());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED); // TEXT was not supplied
    assertThat(big.errorCode()).hasValue(ErrorCode.LIMIT_EXCEEDED);
    assertThat(big.errorMessage().orElseThrow()).contains("'t'", "15 bytes", "maxDatasetCellBytes");
  }

  @Test
  void should_mask_a_secret_that_reaches_a_row_through_the_page() throws Exception {
    Flow flow = Flow.named("masked").credential("TOKEN", secret())
        .open(APP + "/home")
        .fill(testId("device"), "${credential.TOKEN}")
        .readValue(testId("device")).id("typed")
        .datasetWrite("d", row("typed", "${steps.typed.value}"))
        .datasetExport("d", Step.DatasetFormat.JSON, "out/d.json")
        .build();

    RunResult result = run(flow);

    assertThat(result.errorMessage()).isEmpty();
    assertThat(Files.readString(dir.resolve("out/d.json"))).contains("***").doesNotContain(SECRET);
    assertThat(result.toJson()).doesNotContain(SECRET);
  }

  @Test
  void should_refuse_an_export_path_that_a_value_leads_out_of_the_work_directory() {
    RunResult result = EngineFixtures.engine(driver()).build().run(Flow.named("escape").input("NAME")
            .datasetWrite("d", row("n", "1")).datasetExport("d", Step.DatasetFormat.CSV, "out/${NAME}.csv").build(),
        Inputs.builder().input("NAME", "../../escaped").build(), RunOptions.builder().workDir(dir.resolve("work")).build());

    assertThat(result.errorCode()).hasValue(ErrorCode.INVALID_FLOW);
    assertThat(result.errorMessage().orElseThrow()).contains("leaves the work directory");
    assertThat(dir.resolve("escaped.csv")).doesNotExist();
  }

  // ---------------------------------------------------------------- http

  @Test
  void should_send_a_request_with_a_secret_header_and_extract_from_the_json_answer() {
    Flow flow = Flow.named("api").credential("TOKEN", secret()).capabilities(Capability.HTTP_REQUEST)
        .http("GET", APP + "/api/items?page=1", row("Authorization", "Bearer ${credential.TOKEN}"), null).id("list")
        .extract("first", "$.items[0].id").extract("tags", "$.items[0].tags").extract("echo", "$.echo")
        .http("POST", APP + "/api/items", row("Content-Type", "application/json"), "{\"name\": \"${steps.list.first}\"}").id("make")
        .assertThat(varEquals("${steps.make.status}", "201"))
        .build();

    RunResult result = run(flow);

    assertThat(result.errorMessage()).isEmpty();
    assertThat(received).hasSize(2);
    assertThat(received.get(0).headers()).containsEntry("Authorization", "Bearer " + SECRET);
    assertThat(received.get(1).body()).hasValue("{\"name\": \"7\"}");
    assertThat(result.outputs()).containsEntry("steps.list.first", "7").containsEntry("steps.list.tags", "[\"a\"]")
        .containsEntry("steps.list.status", "200").containsEntry("steps.list.echo", "Bearer ***");
    assertThat(result.outputs().get("steps.make.headers")).contains("\"location\":\"/api/items/8\"").doesNotContain("session=abc");
    assertThat(result.toJson()).doesNotContain(SECRET);
  }

  @Test
  void should_fail_on_an_error_status_unless_told_to_read_it() {
    Flow strict = Flow.named("strict").capabilities(Capability.HTTP_REQUEST).http("GET", APP + "/api/broken?key=v").build();
    Flow lenient = Flow.named("lenient").capabilities(Capability.HTTP_REQUEST)
        .http("GET", APP + "/api/broken").id("b").anyStatus().extract("error", "$.error")
        .http("GET", APP + "/api/missing").id("m").anyStatus()
        .build();

    RunResult failed = run(strict);
    RunResult read = run(lenient);

    assertThat(failed.errorCode()).hasValue(ErrorCode.ACTION_FAILED);
    assertThat(failed.errorMessage().orElseThrow()).contains("GET http://app.test/api/broken answered 500", "failOnStatus")
        .doesNotContain("key=v");
    assertThat(read.outputs()).containsEntry("steps.b.status", "500").containsEntry("steps.b.error", "boom")
        .containsEntry("steps.m.status", "404");
  }

  @Test
  void should_report_a_missing_extract_and_a_body_that_is_not_json() {
    RunResult missing = run(Flow.named("missing").capabilities(Capability.HTTP_REQUEST)
        .http("GET", APP + "/api/items").extract("x", "$.items[3].id").build());
    RunResult notJson = run(Flow.named("html").capabilities(Capability.HTTP_REQUEST)
        .http("GET", APP + "/api/missing").anyStatus().extract("x", "$.id").build());

    assertThat(missing.errorCode()).hasValue(ErrorCode.CAPTURE_MISSING);
    assertThat(missing.errorMessage().orElseThrow()).contains("nothing at $.items[3].id");
    assertThat(notJson.errorCode()).hasValue(ErrorCode.CAPTURE_MISSING);
    assertThat(notJson.errorMessage().orElseThrow()).contains("is not JSON");
  }

  @Test
  void should_need_the_run_to_allow_http_and_obey_network_deny_mode() {
    Flow flow = Flow.named("outside").capabilities(Capability.HTTP_REQUEST)
        .open(APP + "/home")
        // an origin known only at run time (from the page, a variable) is not the flow's own
        .setVar("tracker", "http://tracker.test").http("GET", "${vars.tracker}/collect?id=1").build();

    RunResult notAllowed = run(flow, FlowLimits.defaults(), RunOptions.builder().workDir(dir).build());
    RunResult denied = run(flow, FlowLimits.defaults(), RunOptions.builder().workDir(dir).allow(Capability.HTTP_REQUEST)
        .denyNetwork(true).build());

    assertThat(notAllowed.errorCode()).hasValue(ErrorCode.CAPABILITY_DENIED);
    assertThat(notAllowed.errorMessage().orElseThrow()).contains("http.request", "RunOptions.builder().allow(Capability.HTTP_REQUEST)");
    assertThat(denied.errorCode()).hasValue(ErrorCode.ORIGIN_DENIED);
    assertThat(denied.errorMessage().orElseThrow()).contains("http://tracker.test");
    assertThat(received).isEmpty();
  }

  @Test
  void should_block_a_request_to_an_origin_the_session_does_not_allow() {
    try (var session = driver().openSession(io.browserflow.engine.spi.SessionOptions.builder().denyNetwork(true)
        .addAllowedOrigins(APP).build())) {
      var http = (io.browserflow.engine.spi.SendsHttp) session;
      HttpExchange.Response ok = http.http(HttpExchange.Request.builder().method("GET").url(APP + "/api/items").build(),
          java.time.Duration.ofSeconds(5));
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> http.http(HttpExchange.Request.builder().method("GET")
              .url("http://tracker.test/collect?id=1").build(), java.time.Duration.ofSeconds(5)))
          .isInstanceOfSatisfying(io.browserflow.api.FlowRunException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.NETWORK_ATTEMPT));

      assertThat(ok.status()).isEqualTo(200);
      assertThat(session.blockedRequests()).containsExactly("http://tracker.test/collect");
    }
  }

  // ---------------------------------------------------------------- clipboard

  @Test
  void should_put_text_on_the_clipboard_and_read_it_back() {
    Flow flow = Flow.named("clip").open(APP + "/home")
        .read(css("td.total")).id("total")
        .clipboardWrite("total ${steps.total.text}")
        .clipboardRead().id("back")
        .assertThat(varEquals("${steps.back.text}", "total 42"))
        .build();

    RunResult result = run(flow);

    assertThat(result.errorMessage()).isEmpty();
    assertThat(result.outputs()).containsEntry("steps.back.text", "total 42");
  }
}
