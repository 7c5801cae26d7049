package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.playwright.LocalSite;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

  @Test
  void should_write_the_draft_when_stopped_from_the_terminal() throws Exception {
    Path site = Files.createDirectories(dir.resolve("site"));
    Files.writeString(site.resolve("index.html"), "<!doctype html><title>Start</title><button>Go</button>");
    Path out = dir.resolve("drafts/start.flow.json");
    RecordCommand.keys = new ByteArrayInputStream("x\ns\n".getBytes(StandardCharsets.UTF_8));
    try (LocalSite served = LocalSite.directory(site, 0)) {
      CliFixture cli = CliFixture.run("record", "--url", served.url() + "/index.html", "--out", out.toString(),
          "--name", "Start page", "--headless");

      assertThat(cli.exit).as(cli.out() + cli.err()).isZero();
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
    Path site = Files.createDirectories(dir.resolve("site"));
    Files.writeString(site.resolve("index.html"), "<!doctype html><title>Start</title><button>Go</button>");
    Path out = dir.resolve("start.browserctl");
    RecordCommand.keys = new ByteArrayInputStream("s\n".getBytes(StandardCharsets.UTF_8));
    try (LocalSite served = LocalSite.directory(site, 0)) {
      CliFixture cli = CliFixture.run("record", "--url", served.url() + "/index.html", "--out", out.toString(),
          "--format", "browserctl-text", "--headless");

      assertThat(cli.exit).as(cli.out() + cli.err()).isZero();
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
