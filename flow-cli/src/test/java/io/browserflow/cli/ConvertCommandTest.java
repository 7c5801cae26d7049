package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code browserflow convert}: every fixture to every writable format, stdout vs --out, exit codes. */
@Tag("browser")
class ConvertCommandTest {
  @TempDir
  Path dir;

  /**
   * A fixture: this module's own (a blocked file, a flow), else the recordings that live with their
   * converters in flow-formats (tests run in this module's directory, next to it).
   */
  static Path fixture(String name) throws Exception {
    java.net.URL own = ConvertCommandTest.class.getResource("/formats/" + name);
    if (own != null) {
      return Path.of(own.toURI());
    }
    Path shared = Path.of("..", "flow-formats", "src", "test", "resources", "formats").resolve(name).toAbsolutePath().normalize();
    if (!java.nio.file.Files.exists(shared)) {
      throw new IllegalStateException("no fixture " + name + " here or in " + shared);
    }
    return shared;
  }

  private static final List<String> FIXTURES = List.of("flow/device-search.flow.json", "chrome-recorder/form.json",
      "chrome-recorder/checkout.json", "chrome-recorder/popup-frame-shadow.json",
      "browserctl/shop-order.browserctl-flow.json", "browserctl/shop-browse.browserctl", "side/shop.side",
      "recording-plugin/meter-rebind.json");

  private static final List<Format> TARGETS = List.of(Format.FLOW, Format.CHROME_RECORDER, Format.BROWSERCTL,
      Format.BROWSERCTL_TEXT, Format.JAVA);

  static Stream<Arguments> every_fixture_to_every_target() {
    return FIXTURES.stream().flatMap(f -> TARGETS.stream().map(t -> Arguments.of(f, t)));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("every_fixture_to_every_target")
  void should_convert_every_fixture_to_every_writable_format(String name, Format target) throws Exception {
    Path source = fixture(name);
    Path out = dir.resolve("out").resolve("converted." + target.id());
    Format from = FlowFormats.detect(Files.readString(source)).orElseThrow();
    Flow imported = FlowFormats.read(source).value();

    CliFixture cli = CliFixture.run("convert", source.toString(), "--to", target.id(), "--out", out.toString());

    assertThat(cli.exit).as(cli.out() + cli.err()).isIn(0, 1);
    assertThat(cli.out()).contains(source + ": " + from.id() + " -> flow: ", source + ": flow -> " + target.id() + ": ",
        "wrote " + out + " (" + target.id() + ")");
    if (cli.exit == 1) {
      assertThat(cli.out()).contains("quality blocked");
      assertThat(cli.err()).contains("REVIEW_REQUIRED", source.toString());
    } else {
      assertThat(cli.out()).doesNotContain("quality blocked");
      assertThat(cli.err()).isEmpty();
    }
    String written = Files.readString(out, StandardCharsets.UTF_8);
    if (target == Format.JAVA) {
      assertThat(written).contains("@FlowTest", "class ");
    } else {
      assertThat(FlowFormats.detect(written)).hasValue(target);
    }
    if (target == Format.FLOW) {
      assertThat(FlowJson.read(written)).isEqualTo(imported);
    }
  }

  @Test
  void should_write_only_the_result_to_stdout_and_the_report_to_stderr_without_out() throws Exception {
    Path source = fixture("browserctl/shop-browse.browserctl");
    Flow imported = FlowFormats.read(source).value();

    CliFixture cli = CliFixture.run("convert", source.toString(), "--to", "flow");

    assertThat(cli.exit).isZero();
    assertThat(cli.out()).isEqualTo(FlowJson.write(imported));
    assertThat(cli.err()).contains(source + ": browserctl-text -> flow: ", source + ": flow -> flow: ", "wrote stdout (flow)");
  }

  @Test
  void should_print_the_report_on_stdout_when_writing_to_a_file() throws Exception {
    Path source = fixture("side/shop.side");
    Path out = dir.resolve("shop.json");

    CliFixture cli = CliFixture.run("convert", source.toString(), "--to", "chrome-recorder", "--out", out.toString());

    // blocked: steps Chrome Recorder cannot hold (if/else, stored values) are followed by steps that depend on them;
    // only the verdict goes to stderr
    assertThat(cli.exit).as(cli.out() + cli.err()).isEqualTo(1);
    assertThat(cli.err().lines()).singleElement().asString().contains("REVIEW_REQUIRED", "fix " + out);
    assertThat(cli.out()).contains("side -> flow: ", "flow -> chrome-recorder: ", " steps mapped, ", "; quality ")
        .doesNotContain("\"steps\"");
    assertThat(FlowFormats.detect(Files.readString(out))).hasValue(Format.CHROME_RECORDER);
  }

  @Test
  void should_list_what_the_export_could_not_carry_over() throws Exception {
    Path source = fixture("side/shop.side");

    CliFixture cli = CliFixture.run("convert", source.toString(), "--to", "chrome-recorder", "--out",
        dir.resolve("shop.json").toString());

    // Chrome Recorder has no if/else: the export reports it instead of dropping it silently
    String exportLine = cli.out().lines().filter(l -> l.contains("flow -> chrome-recorder: ")).findFirst().orElseThrow();
    assertThat(exportLine).doesNotContain(", 0 blocking, 0 warnings");
    assertThat(cli.out()).containsPattern("\n  (warning|blocking) [A-Z_]+ at steps\\[\\d+\\]");
  }

  @Test
  void should_exit_1_and_still_write_a_blocked_conversion() throws Exception {
    Path source = fixture("browserctl/blocked-search.browserctl-flow.json");
    Path out = dir.resolve("blocked.flow.json");

    CliFixture cli = CliFixture.run("convert", source.toString(), "--to", "flow", "--out", out.toString());

    assertThat(cli.exit).isEqualTo(1);
    assertThat(cli.out()).contains("browserctl -> flow: ", "quality blocked", "blocking ");
    assertThat(cli.err()).contains(source.toString(), "REVIEW_REQUIRED", "fix " + out);
    assertThat(FlowJson.read(out).id()).isEqualTo("blocked-search");
  }

  @Test
  void should_refuse_an_unknown_or_read_only_target_and_list_the_writable_ones() throws Exception {
    Path source = fixture("flow/device-search.flow.json");

    for (String to : List.of("yaml", "side")) {
      CliFixture cli = CliFixture.run("convert", source.toString(), "--to", to, "--out", dir.resolve("x").toString());

      assertThat(cli.exit).isEqualTo(2);
      assertThat(cli.err()).contains("--to " + to, "flow, chrome-recorder, browserctl, browserctl-text, record-replay, java");
      assertThat(cli.out()).isEmpty();
      assertThat(dir.resolve("x")).doesNotExist();
    }
  }

  @Test
  void should_exit_2_for_a_file_in_no_known_format_and_name_the_formats_it_reads() throws Exception {
    Path notes = Files.writeString(dir.resolve("notes.txt"), "Dear team,\nplease find the notes attached.\n");

    CliFixture cli = CliFixture.run("convert", notes.toString(), "--to", "flow");

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.out()).isEmpty();
    assertThat(cli.err()).contains(notes + ": SCHEMA_UNSUPPORTED", "cannot convert " + notes,
        "flow, chrome-recorder, browserctl, browserctl-text, side");
  }

  @Test
  void should_exit_2_for_a_missing_file_or_broken_json() throws Exception {
    Path missing = dir.resolve("missing.json");
    Path broken = Files.writeString(dir.resolve("broken.json"), "{\"title\": \"x\", \"steps\": [");

    CliFixture gone = CliFixture.run("convert", missing.toString(), "--to", "flow");
    CliFixture bad = CliFixture.run("convert", broken.toString(), "--to", "flow");

    assertThat(gone.exit).isEqualTo(2);
    assertThat(gone.err()).contains(missing + ": FILE_UNREADABLE", "check the path");
    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err()).contains(broken + ": JSON_SYNTAX", "cannot convert " + broken);
    assertThat(gone.out() + bad.out()).isEmpty();
  }

  @Test
  void should_write_a_recordings_conversion_report_next_to_the_output() throws Exception {
    Path source = fixture("recording-plugin/meter-rebind.json");
    Path out = dir.resolve("out").resolve("meter-rebind.browserctl-flow.json");

    CliFixture cli = CliFixture.run("convert", source.toString(), "--to", "browserctl", "--out", out.toString());

    assertThat(cli.exit).as(cli.out() + cli.err()).isZero();
    Path md = dir.resolve("out").resolve("meter-rebind.conversion.md");
    assertThat(cli.out()).contains(source + ": recording-plugin -> flow: 23 of 24 steps mapped, 0 blocking, 5 warnings; "
        + "quality needs_review", "wrote " + md + " (conversion report)", "wrote " + out + " (browserctl), quality needs_review");
    assertThat(Files.readString(md)).contains("# Conversion report: 电表重新关联", "- Output: `meter-rebind.browserctl-flow.json`",
        "| `steps[5]` | click | skipped | overlay click | `OVERLAY_CLICK` |", "## Manual confirmations")
        .doesNotContain("Abc@12345");
    com.fasterxml.jackson.databind.JsonNode written = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toFile());
    assertThat(written.path("quality").path("status").asText()).isEqualTo("needs_review");
    assertThat(written.toString()).contains("\"source\":\"recording-plugin\"").doesNotContain("Abc@12345");
    assertThat(ConvertCommand.reportPath(Path.of("a/x.flow.json"))).isEqualTo(Path.of("a/x.conversion.md"));
    assertThat(ConvertCommand.reportPath(Path.of("x.json"))).isEqualTo(Path.of("x.conversion.md"));
    assertThat(ConvertCommand.reportPath(Path.of("x"))).isEqualTo(Path.of("x.conversion.md"));
  }

  @Test
  void should_exit_1_for_a_blocked_recording_unless_told_not_to_fail_on_blocking() throws Exception {
    Path source = fixture("recording-plugin/blocked-order.json");
    Path out = dir.resolve("blocked-order.flow.json");

    CliFixture failing = CliFixture.run("convert", source.toString(), "--to", "flow", "--out", out.toString());
    CliFixture lenient = CliFixture.run("convert", source.toString(), "--to", "flow", "--out", out.toString(),
        "--fail-on-blocking=false");

    assertThat(failing.exit).isEqualTo(1);
    assertThat(failing.err()).contains("REVIEW_REQUIRED", "6 blocking issues");
    assertThat(lenient.exit).as(lenient.err()).isZero();
    assertThat(lenient.err()).contains("REVIEW_REQUIRED", "--fail-on-blocking=false: exit 0");
    assertThat(Files.readString(dir.resolve("blocked-order.conversion.md"))).contains("- Quality: **blocked**",
        "- [ ] Resolve `TAB_UNRESOLVED` at `steps[4].tabId`");
    assertThat(FlowJson.read(out).id()).isEqualTo("blocked-order");
  }

  @Test
  void should_pass_the_recording_options_to_the_import() throws Exception {
    Path source = fixture("recording-plugin/meter-rebind.json");

    CliFixture plain = CliFixture.run("convert", source.toString(), "--to", "flow");
    CliFixture options = CliFixture.run("convert", source.toString(), "--to", "flow", "--keep-overlay-clicks",
        "--preserve-navigate", "--max-fixed-wait", "10000");

    assertThat(plain.exit).isZero();
    assertThat(options.exit).as(options.err()).isZero();
    Flow without = FlowJson.read(plain.out());
    Flow with = FlowJson.read(options.out());
    assertThat(without.steps()).extracting(s -> s.id()).doesNotContain("step_006", "step_005");
    assertThat(with.steps()).extracting(s -> s.id()).contains("step_006", "step_005", "step_020");
    assertThat(plain.err()).contains("FIXED_WAIT_TOO_LONG at steps[23].waitMs");
    assertThat(options.err()).doesNotContain("FIXED_WAIT_TOO_LONG at steps[23].waitMs").contains("kept as asked");
  }

  @Test
  void should_refuse_recording_options_for_another_format_or_out_of_range() throws Exception {
    CliFixture other = CliFixture.run("convert", fixture("side/shop.side").toString(), "--to", "flow", "--keep-overlay-clicks",
        "--max-fixed-wait", "100");
    CliFixture range = CliFixture.run("convert", fixture("recording-plugin/meter-rebind.json").toString(), "--to", "flow",
        "--max-fixed-wait", "40000");

    assertThat(other.exit).isEqualTo(2);
    assertThat(other.err()).contains("--keep-overlay-clicks, --max-fixed-wait apply to recording plugin Flow JSON "
        + "(recording-plugin) only", "is side");
    assertThat(range.exit).isEqualTo(2);
    assertThat(range.err()).contains("--max-fixed-wait 40000: give 0 to 30000 milliseconds");
    assertThat(other.out() + range.out()).isEmpty();
  }

  @Test
  void should_convert_a_record_replay_graph_to_flow_and_back() throws Exception {
    Path source = fixture("record-replay/order-review.json");
    Path flow = dir.resolve("order-review.flow.json");
    Path back = dir.resolve("order-review.json");

    CliFixture toFlow = CliFixture.run("convert", source.toString(), "--to", "flow", "--out", flow.toString());
    CliFixture toRecordReplay = CliFixture.run("convert", flow.toString(), "--to", "record-replay", "--out", back.toString());

    assertThat(toFlow.exit).as(toFlow.out() + toFlow.err()).isZero();
    assertThat(toFlow.out()).contains(source + ": record-replay -> flow: 18 of 18 steps mapped, 0 blocking, 0 warnings",
        "wrote " + flow + " (flow), quality ready");
    assertThat(toRecordReplay.exit).as(toRecordReplay.out() + toRecordReplay.err()).isZero();
    assertThat(toRecordReplay.out()).contains(flow + ": flow -> record-replay: ", "wrote " + back + " (record-replay)");
    assertThat(FlowFormats.detect(Files.readString(back))).hasValue(Format.RECORD_REPLAY);
    assertThat(FlowFormats.read(back).value()).isEqualTo(FlowJson.read(flow));
  }

  @Test
  void should_require_a_target() throws Exception {
    CliFixture cli = CliFixture.run("convert", fixture("flow/device-search.flow.json").toString());

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("--to");
  }
}
