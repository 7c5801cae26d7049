package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.PageStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.playwright.LocalSite;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code browserflow record}: starts a browser on the URL, stops on the s key, writes the draft. */
@Tag("browser")
class RecordCommandTest {
  @TempDir
  Path dir;

  private final InputStream keys = RecordCommand.keys;

  @AfterEach
  void restoreKeys() {
    RecordCommand.keys = keys;
  }

  /** Serves a start page with a button; what record reads from its terminal is {@code typed}. */
  private LocalSite startPage(String typed) throws IOException {
    RecordCommand.keys = new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8));
    return LocalSite.directory(CliFixture.site(dir, "index.html", "<!doctype html><title>Start</title><button>Go</button>"), 0);
  }

  /** {@code record --headless} of the start page into {@code out}, with {@code options}: it must succeed. */
  private static CliFixture recorded(LocalSite served, Path out, String... options) {
    CliFixture cli = CliFixture.run(Stream.concat(Stream.of("record", "--url", served.url() + "/index.html", "--out",
        out.toString(), "--headless"), Stream.of(options)).toArray(String[]::new));
    assertThat(cli.exit).as(cli.out() + cli.err()).isZero();
    return cli;
  }

  @Test
  void should_write_the_draft_when_stopped_from_the_terminal() throws Exception {
    Path out = dir.resolve("drafts/start.flow.json");
    try (LocalSite served = startPage("x\ns\n")) {
      CliFixture cli = recorded(served, out, "--name", "Start page");

      assertThat(cli.out()).contains("Recording " + served.url() + "/index.html", "Wrote " + out + ": 1 steps, quality");
      Flow flow = FlowJson.read(out);
      assertThat(flow.name()).isEqualTo("Start page");
      assertThat(flow.steps()).singleElement().isInstanceOfSatisfying(PageStep.Open.class,
          o -> assertThat(o.url()).isEqualTo(served.url() + "/index.html"));
      assertThat(flow.meta()).hasValueSatisfying(m -> assertThat(m.source()).hasValue("recorder"));
    }
  }

  @Test
  void should_write_the_draft_as_browserctl_text() throws Exception {
    Path out = dir.resolve("start.browserctl");
    try (LocalSite served = startPage("s\n")) {
      recorded(served, out, "--format", "browserctl-text");

      String text = Files.readString(out);
      assertThat(text).contains("open \"" + served.url() + "/index.html\"").doesNotContain("\"schema\"");
    }
  }

  @Test
  void should_refuse_an_unknown_format() {
    CliFixture cli = CliFixture.run("record", "--url", "http://127.0.0.1:1/", "--out", dir.resolve("x").toString(),
        "--format", "yaml", "--headless");

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("--format must be flow, browserctl or browserctl-text");
  }
}
