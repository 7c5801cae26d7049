package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("browser")
class ValidateAndLintCommandTest {
  @TempDir
  Path dir;

  private Path write(String name, String json) throws Exception {
    return Files.writeString(dir.resolve(name), json);
  }

  @Test
  void should_accept_a_valid_flow_and_print_its_digest() throws Exception {
    Path ok = write("ok.flow.json", "{\"schema\":\"browserflow/1\",\"name\":\"ok\",\"steps\":[{\"id\":\"o\",\"op\":\"open\",\"url\":\"http://127.0.0.1/\"}]}");

    CliFixture cli = CliFixture.run("validate", ok.toString());

    assertThat(cli.exit).isZero();
    assertThat(cli.out()).contains("ok.flow.json: valid (ok, digest ",
        "ok.flow.json: written as browserflow/1, read as browserflow/2; `browserflow convert " + ok + " --to flow --out FILE`");
  }

  @Test
  void should_print_every_problem_and_exit_2() throws Exception {
    Path bad = write("bad.flow.json", "{\"schema\":\"browserflow/1\",\"name\":\"bad\",\"steps\":["
        + "{\"id\":\"a\",\"op\":\"click\",\"target\":{\"candidates\":[]}},"
        + "{\"id\":\"a\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"css\":\"#q\"}]},\"value\":\"${NOPE}\"}]}");
    Path broken = write("broken.flow.json", "{\"schema\": \"browserflow/1\", ");

    CliFixture cli = CliFixture.run("validate", bad.toString(), broken.toString());

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("bad.flow.json: TARGET_EMPTY at steps[0].target.candidates",
        "bad.flow.json: DUPLICATE_ID at steps[1].id", "bad.flow.json: BINDING_UNRESOLVED at steps[1].value",
        "broken.flow.json: JSON_SYNTAX");
  }

  @Test
  void should_report_lint_warnings_and_block_literal_secrets() throws Exception {
    Path risky = write("risky.flow.json", "{\"schema\":\"browserflow/1\",\"name\":\"risky\",\"steps\":["
        + "{\"id\":\"o\",\"op\":\"open\",\"url\":\"http://127.0.0.1/\"},"
        + "{\"id\":\"p\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"label\":\"Password\"}]},\"value\":\"hunter2-Secret!\"},"
        + "{\"id\":\"c\",\"op\":\"click\",\"target\":{\"candidates\":[{\"css\":\"div:nth-child(3) > span\"}]}}]}");

    CliFixture cli = CliFixture.run("lint", risky.toString());

    assertThat(cli.exit).isEqualTo(1);
    assertThat(cli.out()).contains("SENSITIVE_VALUE", "UNSTABLE_SELECTOR", "risky.flow.json: blocked")
        .doesNotContain("hunter2-Secret!");
  }

  @Test
  void should_explain_bad_usage() {
    CliFixture cli = CliFixture.run("run");

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("Missing required parameter", "browserflow run --help");
  }
}
