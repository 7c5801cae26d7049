package io.browserflow.junit;

import static io.browserflow.junit.FlowAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.engine.Inputs;
import io.browserflow.engine.spi.SecretMask;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** A failed run fails the test with a message a person can act on, also published as report entries. */
@Tag("browser")
class FailureMessageTest {
  @TempDir
  static Path reports;
  static EngineExecutionResults results;

  @BeforeAll
  static void run() {
    results = Kit.run(FailingCase.class, "browserflow.reportDir", reports.toString(),
        "browserflow.credential.USERNAME", "ada", "browserflow.credential.PASSWORD", "wrong-pw");
  }

  @Test
  void should_name_the_step_code_candidates_url_screenshot_and_trace() {
    String message = Kit.failure(results.testEvents(), "ambiguous_target").getMessage();
    assertThat(message)
        .contains("flow \"Save with a vague target\" (broken-save) failed at steps[1] \"Press the save button\" (click press-save)")
        .contains("TARGET_AMBIGUOUS")
        .contains("testId \"submit\" matched 0, css \".btn\" matched 2")
        .containsPattern("url: +http://127\\.0\\.0\\.1:\\d+/form\\.html")
        .contains("screenshot:", "trace:");
    assertThat(path(message, "screenshot")).isRegularFile().hasFileName("press-save-failure.png");
    Path trace = path(message, "trace");
    assertThat(trace).hasFileName("trace.zip").isRegularFile(); // saved when the test's context closed
    assertThat(trace.toAbsolutePath().normalize()).startsWith(reports.toAbsolutePath().normalize());
  }

  @Test
  void should_publish_the_failure_screenshot_and_trace_as_report_entries() {
    assertThat(Kit.entries(results, "browserflow.failure")).anySatisfy(e -> assertThat(e).contains("TARGET_AMBIGUOUS"));
    assertThat(Kit.entries(results, "browserflow.screenshot")).anySatisfy(e -> assertThat(e).endsWith("press-save-failure.png"));
    assertThat(Kit.entries(results, "browserflow.trace")).anySatisfy(e -> assertThat(e).endsWith("trace.zip"));
  }

  @Test
  void should_say_where_to_give_a_missing_input() {
    String message = Kit.failure(results.testEvents(), "missing_input").getMessage();
    assertThat(message).contains("was refused before its first step: INPUT_MISSING", "input NAME",
        "@FlowTest(inputs = \"NAME=value\")", "browserflow.input.NAME", "BROWSERFLOW_INPUT_NAME").doesNotContain("Inputs.builder()");
  }

  @Test
  void should_say_how_to_allow_a_capability_in_the_extensions_terms() {
    String message = Kit.failure(results.testEvents(), "script_not_allowed").getMessage();
    assertThat(message).contains("CAPABILITY_DENIED", "@FlowTest(allow = \"script.eval\")", "browserflow.allow=script.eval")
        .doesNotContain("RunOptions", "--allow");
  }

  @Test
  void should_never_show_a_secret_credential() {
    String message = Kit.failure(results.testEvents(), "wrong_password").getMessage();
    assertThat(message).contains("(sign-in) failed at steps[3] \"Sign in\"").doesNotContain("wrong-pw");
    assertThat(Kit.entries(results, "browserflow.failure")).noneSatisfy(e -> assertThat(e).contains("wrong-pw"));
  }

  @Test
  void should_keep_the_failed_tests_trace_without_the_secret_in_any_file() throws Exception {
    String message = Kit.failure(results.testEvents(), "wrong_password").getMessage();
    Path trace = path(message, "trace");
    assertThat(message).contains("open it with: browserflow show-trace " + trace);
    assertThat(trace).isRegularFile();
    SecretMask scan = SecretMask.of(java.util.Set.of("wrong-pw"));
    java.util.List<String> scanned = new java.util.ArrayList<>();
    try (var files = Files.walk(trace.getParent())) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        if (f.toString().endsWith(".zip")) {
          try (var zip = new java.util.zip.ZipInputStream(Files.newInputStream(f))) {
            for (var e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
              String text = new String(zip.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
              assertThat(scan.containsSecret(text)).as(f + "!" + e.getName()).isFalse();
              scanned.add(e.getName());
            }
          }
        } else {
          assertThat(scan.containsSecret(Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1))).as(f.toString()).isFalse();
          scanned.add(f.toString());
        }
      }
    }
    assertThat(scanned).contains("trace.trace", "trace.network");
  }

  @Test
  void should_keep_traces_of_failed_tests_only() throws Exception {
    Path classDir = reports.resolve(Names.safe(FailingCase.class.getName()));
    assertThat(classDir.resolve("passing_test_keeps_no_trace").resolve("trace.zip")).doesNotExist();
    try (var files = Files.list(classDir)) {
      assertThat(files.map(p -> p.getFileName().toString())).contains("ambiguous_target");
    }
  }

  private static Path path(String message, String label) {
    Matcher m = Pattern.compile(label + ": +(\\S+)").matcher(message);
    assertThat(m.find()).as(label + " in " + message).isTrue();
    return Path.of(m.group(1));
  }

  @FlowTest(serve = "classpath:site", traceOnFailure = "true")
  static class FailingCase {
    @Test
    void ambiguous_target(FlowRunner flows) {
      assertThat(flows.run("classpath:flows/broken-save.flow.json")).succeeded();
    }

    @Test
    void missing_input(FlowRunner flows) {
      var flow = io.browserflow.api.Flow.named("Needs a name").input("BASE_URL").input("NAME")
          .open("${BASE_URL}/form.html").fill(io.browserflow.api.dsl.Dsl.testId("name"), "${NAME}").build();
      assertThat(flows.run(flow, Inputs.empty())).succeeded();
    }

    @Test
    void script_not_allowed(FlowRunner flows) {
      var flow = io.browserflow.api.Flow.named("Reads the title").input("BASE_URL")
          .capabilities(io.browserflow.api.Capability.SCRIPT_EVAL).open("${BASE_URL}/form.html").eval("document.title").build();
      // options of its own: still worded for the extension
      assertThat(flows.run(flow, Inputs.empty(), io.browserflow.engine.RunOptions.defaults())).succeeded();
    }

    @Test
    void wrong_password(FlowRunner flows) {
      assertThat(flows.run("classpath:flows/sign-in.flow.json")).succeeded();
    }

    @Test
    void passing_test_keeps_no_trace(FlowRunner flows) {
      assertThat(flows.run("classpath:flows/save-name.flow.json", Inputs.of(Map.of("NAME", "Linus")))).succeeded();
    }
  }
}
