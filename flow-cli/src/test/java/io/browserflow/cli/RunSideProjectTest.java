package io.browserflow.cli;

import static io.browserflow.cli.CliFixture.field;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow run project.side} plays the project's suites as selenium-side-runner does: a
 * result per test named by the test, a suite with {@code persistSession} in one browser session with
 * its variables, {@code --filter} on suite names and then test names; {@code convert --out DIR}
 * writes one flow per test. The page counts its loads in localStorage, which only a shared session keeps.
 */
@Tag("browser")
class RunSideProjectTest {
  static final Path PROJECTS = Path.of("src", "test", "resources", "side-projects").toAbsolutePath();
  static final Path PROJECT = PROJECTS.resolve("counter.side");
  static final String SITE = PROJECTS.resolve("site").toString();

  @TempDir Path dir;

  @Test
  void should_run_every_suite_in_order_with_a_result_per_test_and_the_persisted_session_shared() throws Exception {
    CliFixture cli = CliFixture.run("run", PROJECT.toString(), "--serve", SITE, "--json");

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(field(results, "flowName")).containsExactly("count once", "count once", "remember the count", "count again");
    assertThat(field(results, "status")).containsOnly("SUCCEEDED");
    assertThat(cli.err()).contains(PROJECT + " › Kept session › count again: side -> flow")
        .doesNotContain("lonely test");
  }

  @Test
  void should_filter_suites_by_name_then_tests_by_name_as_the_reference() throws Exception {
    CliFixture kept = CliFixture.run("run", PROJECT.toString(), "--serve", SITE, "--json", "--filter", "^Kept");
    assertThat(kept.exit).as(kept.err()).isZero();
    assertThat(field(new ObjectMapper().readTree(kept.out()), "flowName")).containsExactly("remember the count", "count again");

    CliFixture lonely = CliFixture.run("run", PROJECT.toString(), "--serve", SITE, "--json", "--filter", "lonely");
    assertThat(lonely.exit).as(lonely.err()).isZero();
    JsonNode results = new ObjectMapper().readTree(lonely.out());
    assertThat(field(results, "flowName")).containsExactly("lonely test");
    assertThat(results.get(0).get("steps")).as("the called test's steps, inlined").hasSize(2);
  }

  @Test
  void should_refuse_a_filter_matching_nothing_listing_the_suites_and_tests() {
    CliFixture cli = CliFixture.run("run", PROJECT.toString(), "--serve", SITE, "--filter", "checkout");

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("no suite or test of the project matches --filter checkout",
        "suites: Fresh sessions, Kept session", "tests: count once, remember the count, count again, lonely test");
    assertThat(cli.out()).doesNotContain("serving");

    CliFixture bad = CliFixture.run("run", PROJECT.toString(), "--filter", "(");
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err()).contains("--filter ( is not a regular expression");
  }

  @Test
  void should_say_filter_is_for_projects() throws Exception {
    Path flow = Path.of("..", "samples", "src", "main", "resources", "flows", "login.flow.json").toAbsolutePath().normalize();
    CliFixture cli = CliFixture.run("run", flow.toString(), "--filter", "x");
    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("--filter picks suites and tests of Selenium IDE projects (.side)");
  }

  @Test
  void should_not_share_a_session_that_the_suite_does_not_persist() throws Exception {
    // the kept suite's second test, in a suite of fresh sessions: it sees visit 1 and no stored variable
    Path project = dir.resolve("fresh.side");
    Files.writeString(project, Files.readString(PROJECT).replace("\"persistSession\": true", "\"persistSession\": false"));

    CliFixture cli = CliFixture.run("run", project.toString(), "--serve", SITE, "--json", "--filter", "Kept",
        "--input", "seen=1");

    assertThat(cli.exit).as(cli.err()).isEqualTo(1);
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(field(results, "status")).containsExactly("SUCCEEDED", "FAILED");
    assertThat(results.get(1).get("errorMessage").asText()).contains("2");
  }

  @Test
  void should_convert_a_project_to_one_flow_per_test() throws Exception {
    Path out = dir.resolve("flows");
    Files.createDirectories(out);

    CliFixture cli = CliFixture.run("convert", PROJECT.toString(), "--to", "flow", "--out", out.toString());

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    try (Stream<Path> files = Files.list(out)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly(
          "count-again.flow.json", "count-once.flow.json", "lonely-test.flow.json", "remember-the-count.flow.json");
    }
    assertThat(Files.readString(out.resolve("lonely-test.flow.json"))).contains("\"name\": \"lonely test\"", "assert");
    assertThat(cli.out()).contains("wrote 4 tests of " + PROJECT + " to " + out, PROJECT + " › count again: side -> flow");

    CliFixture some = CliFixture.run("convert", PROJECT.toString(), "--to", "flow", "--out", dir.resolve("kept") + "/",
        "--filter", "Kept");
    assertThat(some.exit).as(some.err()).isZero();
    try (Stream<Path> files = Files.list(dir.resolve("kept"))) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly(
          "count-again.flow.json", "remember-the-count.flow.json");
    }
  }
}
