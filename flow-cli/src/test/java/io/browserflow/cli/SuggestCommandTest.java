package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.api.json.FlowJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow suggest}: a flow written for a "Send" button fails on the page where it became
 * "Go"; the result's suggestion, written into a copy, makes the copy pass, and the original stays as
 * it was. A fallback that won is promoted. A flow changed since the run is refused.
 */
@Tag("browser")
class SuggestCommandTest {
  @TempDir
  Path dir;

  private static final String SITE = "<!doctype html><title>Messages</title>"
      + "<form onsubmit=\"event.preventDefault(); document.getElementById('out').textContent = 'Sent ' +"
      + " document.getElementById('msg').value\"><label>Message <input id='msg'></label>"
      + " <button type='submit' class='primary'>Go</button> <button type='button' data-testid='clear'>Clear</button></form>"
      + "<p id='out'></p>";

  private Path site() throws Exception {
    return CliFixture.site(dir, "index.html", SITE);
  }

  private Path flow(String sendCandidates, String clearCandidates) throws Exception {
    return Files.writeString(dir.resolve("send.flow.json"), "{\"schema\":\"browserflow/1\",\"id\":\"send\",\"name\":\"Send\","
        + "\"inputs\":[{\"key\":\"SERVER_URL\",\"type\":\"url\"}],\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"${SERVER_URL}/index.html\"},"
        + "{\"id\":\"clear\",\"op\":\"click\",\"timeoutMs\":1000,\"target\":{\"candidates\":[" + clearCandidates + "]}},"
        + "{\"id\":\"msg\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"label\":\"Message\"}]},\"value\":\"hello\"},"
        + "{\"id\":\"send\",\"title\":\"Send it\",\"op\":\"click\",\"timeoutMs\":1000,\"target\":{\"candidates\":["
        + sendCandidates + "]},\"expect\":[{\"text\":\"Sent hello\",\"element\":{\"candidates\":[{\"css\":\"#out\"}]}}]}]}");
  }

  @Test
  void should_write_a_patched_copy_that_passes_and_leave_the_flow_alone() throws Exception {
    Path flow = flow("{\"role\":\"button\",\"name\":\"Send\"},{\"css\":\"button.primary#send\"}",
        "{\"testId\":\"reset\"},{\"testId\":\"clear\"}");
    String original = Files.readString(flow);
    CliFixture run = CliFixture.run("run", flow.toString(), "--serve", site().toString(), "--json");
    assertThat(run.exit).isEqualTo(1);
    Path result = Files.writeString(dir.resolve("result.json"), run.out());
    Path patched = dir.resolve("patched.flow.json");

    CliFixture suggest = CliFixture.run("suggest", flow.toString(), result.toString(), "--write", patched.toString());

    assertThat(suggest.exit).as(suggest.err()).isZero();
    assertThat(suggest.out()).contains("--- steps[1] click (clear): fallback candidate 1 won: promoted to first",
        "--- steps[3] click \"Send it\" (send): TARGET_NOT_FOUND: the closest element, score 0.",
        "-  candidates: {\"role\":\"button\",\"name\":\"Send\"}, {\"css\":\"button.primary#send\"}",
        "+  candidates: {\"role\":\"button\",\"name\":\"Go\"}, {\"role\":\"button\",\"name\":\"Send\"}",
        "wrote " + patched);
    assertThat(Files.readString(flow)).as("the flow itself is never changed").isEqualTo(original);
    var steps = new ObjectMapper().readTree(Files.readString(patched)).path("steps");
    assertThat(steps.at("/1/target/candidates/0/testId").asText()).isEqualTo("clear");
    assertThat(FlowJson.read(patched).version()).as("the copy is the flow's next revision").isEqualTo(2);
    assertThat(FlowJson.declaredSchema(Files.readString(patched))).contains("browserflow/2");
    assertThat(suggest.out()).contains("version 1 -> 2");

    CliFixture replay = CliFixture.run("run", patched.toString(), "--serve", site().toString());
    assertThat(replay.exit).as(replay.out() + replay.err()).isZero();
    assertThat(replay.out()).contains("SUCCEEDED");
  }

  @Test
  void should_refuse_a_flow_changed_since_the_run() throws Exception {
    Path flow = flow("{\"role\":\"button\",\"name\":\"Send\"}", "{\"testId\":\"clear\"}");
    CliFixture run = CliFixture.run("run", flow.toString(), "--serve", site().toString(), "--json");
    Path result = Files.writeString(dir.resolve("result.json"), run.out());
    flow("{\"role\":\"button\",\"name\":\"Submit\"}", "{\"testId\":\"clear\"}");

    CliFixture suggest = CliFixture.run("suggest", flow.toString(), result.toString());

    assertThat(suggest.exit).isEqualTo(2);
    assertThat(suggest.err()).contains("changed since the run", "run it again");
  }
}
