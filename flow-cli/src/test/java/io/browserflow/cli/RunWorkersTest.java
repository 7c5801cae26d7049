package io.browserflow.cli;

import static io.browserflow.cli.CliFixture.field;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --workers N}: flows really run at once ({@link MeetingPage}: a flow expecting
 * "together" passes only beside another).
 */
@Tag("browser")
class RunWorkersTest {
  @TempDir
  Path dir;

  private MeetingPage page;

  @BeforeEach
  void serve() throws IOException {
    page = MeetingPage.of(2);
  }

  @AfterEach
  void stop() {
    page.close();
  }

  private String base() {
    return page.base();
  }

  private Path flow(String name) throws IOException {
    return page.flow(dir, name);
  }

  @Test
  void should_run_flows_at_once_and_keep_the_files_order() throws Exception {
    Path first = flow("first");
    Path second = flow("second");

    CliFixture cli = CliFixture.run("run", first.toString(), second.toString(), "--workers", "2", "--json");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(field(results, "flowName")).containsExactly("first", "second");
    assertThat(field(results, "status")).containsOnly("SUCCEEDED");
  }

  @Test
  void should_report_every_flow_with_its_own_screenshots_when_workers_run_at_once() throws Exception {
    Path report = dir.resolve("report");

    CliFixture cli = CliFixture.run("run", flow("first").toString(), flow("second").toString(), "--workers", "2",
        "--report", report.toString(), "--screenshots", "all");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
    assertThat(field(results, "flowName")).containsExactly("first", "second");
    assertThat(field(results, "status")).containsOnly("SUCCEEDED");
    List<String> shots = new ArrayList<>();
    results.forEach(r -> r.get("steps").forEach(st -> st.get("artifacts").forEach(a -> shots.add(a.asText()))));
    assertThat(shots).as("a screenshot per step of each flow, none shared or lost between the workers")
        .hasSize(4).doesNotHaveDuplicates().allSatisfy(a -> assertThat(Path.of(a)).isRegularFile());
    String html = Files.readString(report.resolve("index.html"));
    assertThat(html).contains("2 of 2 flows succeeded", "first", "second").doesNotContain("(missing)");
    assertThat(html.split("class=\"thumb\"", -1)).as("a thumbnail per step in the page").hasSize(5);
  }

  @Test
  void should_prefix_progress_lines_with_their_flow_when_workers_run_at_once() throws Exception {
    CliFixture cli = CliFixture.run("run", flow("left").toString(), flow("right").toString(), "--workers", "2");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(cli.out()).contains("[left] ✓ steps[1] assert", "[right] ✓ steps[1] assert", "2 of 2 flows succeeded");
  }

  private Path project(boolean parallel) throws IOException {
    String test = "{\"id\":\"%s\",\"name\":\"%s\",\"commands\":[{\"id\":\"c1\",\"comment\":\"\",\"command\":\"open\","
        + "\"target\":\"/together\",\"targets\":[],\"value\":\"\"},{\"id\":\"c2\",\"comment\":\"\",\"command\":\"assertText\","
        + "\"target\":\"id=out\",\"targets\":[],\"value\":\"together\"}]}";
    return Files.writeString(dir.resolve("meeting.side"), "{\"id\":\"p\",\"version\":\"2.0\",\"name\":\"Meeting\",\"url\":\""
        + base() + "\",\"tests\":[" + String.format(test, "t1", "north") + "," + String.format(test, "t2", "south") + "],"
        + "\"suites\":[{\"id\":\"s1\",\"name\":\"Both\",\"persistSession\":false,\"parallel\":" + parallel
        + ",\"timeout\":300,\"tests\":[\"t1\",\"t2\"]}],\"urls\":[],\"plugins\":[]}");
  }

  @Test
  void should_spread_the_tests_of_a_parallel_suite_over_the_workers() throws Exception {
    CliFixture cli = CliFixture.run("run", project(true).toString(), "--workers", "2", "--json");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(field(results, "flowName")).containsExactly("north", "south");
  }

  @Test
  void should_play_a_suite_not_marked_parallel_one_test_after_another() throws Exception {
    CliFixture cli = CliFixture.run("run", project(false).toString(), "--workers", "2", "--json");

    assertThat(cli.exit).as("the first test met nobody").isEqualTo(1);
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(field(results, "flowName")).containsExactly("north", "south");
    assertThat(results.get(0).get("status").asText()).isEqualTo("FAILED");
  }

  @Test
  void should_refuse_a_worker_count_out_of_range() throws Exception {
    CliFixture cli = CliFixture.run("run", flow("x").toString(), "--workers", "0");
    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("--workers must be between 1 and 16, was 0");
  }
}
