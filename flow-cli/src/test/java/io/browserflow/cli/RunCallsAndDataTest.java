package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --flows DIR} resolves calls, {@code --allow http} lets http steps run; datasets land in the working folder. */
@Tag("browser")
class RunCallsAndDataTest {
  @TempDir
  Path dir;

  private Path site() throws Exception {
    Path site = CliFixture.site(dir, "index.html", "<!doctype html><title>Names</title>"
        + "<ul><li class='n'>Ada</li><li class='n'>Grace</li></ul>");
    Files.writeString(site.resolve("data.json"), "{\"count\": 2, \"names\": [\"Ada\", \"Grace\"]}");
    return site;
  }

  private Path write(Path folder, String file, String json) throws Exception {
    Files.createDirectories(folder);
    return Files.writeString(folder.resolve(file), json);
  }

  @Test
  void should_replay_from_a_step_and_end_after_another() throws Exception {
    Path flow = write(dir, "names.flow.json", "{\"schema\":\"browserflow/2\",\"name\":\"names\","
        + "\"inputs\":[{\"key\":\"SERVER_URL\",\"type\":\"url\"}],\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"${SERVER_URL}/index.html\"},"
        + "{\"id\":\"first\",\"op\":\"read\",\"target\":{\"candidates\":[{\"css\":\"li.n:first-child\"}]}},"
        + "{\"id\":\"second\",\"op\":\"read\",\"target\":{\"candidates\":[{\"css\":\"li.n:last-child\"}]}},"
        + "{\"id\":\"missing\",\"op\":\"assert\",\"timeoutMs\":500,\"condition\":{\"text\":\"Nobody\"}}]}");
    Path site = site();

    CliFixture part = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--from", "second",
        "--until", "second", "--json");
    CliFixture unknown = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--from", "nope", "--json");

    assertThat(part.exit).as(part.err() + part.out()).isZero();
    JsonNode steps = new ObjectMapper().readTree(part.out()).get(0).get("steps");
    assertThat(steps).hasSize(3);
    assertThat(steps.get(0).get("state").asText()).isEqualTo("VERIFIED");  // open runs again
    assertThat(steps.get(1).get("state").asText()).isEqualTo("SKIPPED");
    assertThat(steps.get(2).get("stepId").asText()).isEqualTo("second");
    assertThat(unknown.exit).isEqualTo(1);
    assertThat(new ObjectMapper().readTree(unknown.out()).get(0).get("errorMessage").asText())
        .contains("--from names the step nope");
  }

  @Test
  void should_call_a_flow_of_the_flows_folder_and_export_its_output_as_a_dataset() throws Exception {
    Path library = dir.resolve("library");
    write(library, "count.flow.json", "{\"schema\":\"browserflow/2\",\"id\":\"count\",\"name\":\"count\","
        + "\"inputs\":[{\"key\":\"URL\",\"type\":\"url\"}],\"policy\":{\"capabilities\":[\"http.request\"]},"
        + "\"steps\":[{\"id\":\"get\",\"op\":\"http\",\"url\":\"${URL}/data.json\",\"extract\":{\"n\":\"$.count\",\"first\":\"$.names[0]\"}}],"
        + "\"outputs\":{\"count\":\"${steps.get.n}\",\"first\":\"${steps.get.first}\"}}");
    Path flow = write(dir, "caller.flow.json", "{\"schema\":\"browserflow/2\",\"name\":\"caller\","
        + "\"inputs\":[{\"key\":\"SERVER_URL\",\"type\":\"url\"}],\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"${SERVER_URL}/index.html\"},"
        + "{\"id\":\"c\",\"op\":\"call\",\"flow\":\"count\",\"inputs\":{\"URL\":\"${SERVER_URL}\"},\"outputs\":[\"count\",\"first\"]},"
        + "{\"id\":\"w\",\"op\":\"datasetWrite\",\"dataset\":\"summary\",\"row\":{\"count\":\"${steps.c.count}\",\"first\":\"${steps.c.first}\"}},"
        + "{\"id\":\"x\",\"op\":\"datasetExport\",\"dataset\":\"summary\",\"format\":\"json\",\"path\":\"out/summary.json\"}]}");
    Path site = site();

    CliFixture noFolder = CliFixture.run("run", flow.toString(), "--serve", site.toString(), "--json");
    CliFixture notAllowed = CliFixture.run("run", flow.toString(), "--flows", library.toString(), "--serve", site.toString(), "--json");
    CliFixture badFolder = CliFixture.run("run", flow.toString(), "--flows", dir.resolve("nope").toString());
    CliFixture ok = CliFixture.run("run", flow.toString(), "--flows", library.toString(), "--allow", "http",
        "--serve", site.toString(), "--work-dir", dir.resolve("work").toString(), "--json");

    assertThat(new ObjectMapper().readTree(noFolder.out()).get(0).get("errorMessage").asText())
        .contains("neither a subflow", "--flows");
    JsonNode refused = new ObjectMapper().readTree(notAllowed.out()).get(0);
    assertThat(refused.get("errorCode").asText()).isEqualTo("CAPABILITY_DENIED");
    assertThat(refused.get("errorMessage").asText()).contains("run with --allow http");
    assertThat(badFolder.exit).isEqualTo(BrowserflowCommand.USAGE);
    assertThat(badFolder.err()).contains("--flows", "is not a folder");
    assertThat(ok.exit).as(ok.err() + ok.out()).isZero();
    JsonNode result = new ObjectMapper().readTree(ok.out()).get(0);
    assertThat(result.get("outputs").get("steps.c.count").asText()).isEqualTo("2");
    assertThat(result.get("datasets").get("summary").get("rows").toString()).isEqualTo("[{\"count\":\"2\",\"first\":\"Ada\"}]");
    Path exported = Path.of(result.get("datasets").get("summary").get("exports").get(0).asText());
    assertThat(exported).isEqualTo(dir.resolve("work/out/summary.json"));
    assertThat(Files.readString(exported)).contains("\"first\" : \"Ada\"");
  }
}
