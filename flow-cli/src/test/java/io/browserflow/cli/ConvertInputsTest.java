package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.json.FlowJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code browserflow convert --input KEY=VALUE}: declared inputs filled into the output, credentials never. */
class ConvertInputsTest {
  private static final String BASE = "http://127.0.0.1:8080";
  private static final String DEVICE = "1000000150601081271";

  @TempDir
  Path dir;

  private static String flow() throws Exception {
    return ConvertCommandTest.fixture("flow/device-search.flow.json").toString();
  }

  @Test
  void should_fill_the_inputs_given_into_a_chrome_recorder_export_and_keep_the_credentials_placeholders() throws Exception {
    Path out = dir.resolve("search.json");

    CliFixture cli = CliFixture.run("convert", flow(), "--to", "chrome-recorder", "--out", out.toString(),
        "--input", "BASE_URL=" + BASE, "--input", "input.DEVICE_ID=" + DEVICE);

    assertThat(cli.exit).as(cli.out() + cli.err()).isZero();
    String written = Files.readString(out);
    assertThat(written).contains("\"" + BASE + "/index.html\"", "\"" + DEVICE + "\"")
        .doesNotContain("${BASE_URL}", "${DEVICE_ID}").contains("${credential.USERNAME}", "${credential.PASSWORD}");
    // the credentials' placeholders stay, and are reported; no input is left to fill
    assertThat(cli.out()).contains("PLACEHOLDER_VALUE at steps[1]").doesNotContain("--input KEY=VALUE");
  }

  @Test
  void should_report_the_inputs_left_as_placeholders_and_how_to_fill_them() throws Exception {
    CliFixture cli = CliFixture.run("convert", flow(), "--to", "chrome-recorder", "--out", dir.resolve("x.json").toString(),
        "--input", "BASE_URL=" + BASE);

    assertThat(cli.exit).as(cli.out() + cli.err()).isZero();
    assertThat(cli.out()).contains("warning PLACEHOLDER_VALUE at steps[5]", "${DEVICE_ID}", "--input KEY=VALUE (DEVICE_ID=...)")
        .doesNotContain("BASE_URL=...");
    assertThat(Files.readString(dir.resolve("x.json"))).contains("${DEVICE_ID}");
  }

  @Test
  void should_fill_inputs_into_a_flow_too() throws Exception {
    Path out = dir.resolve("filled.flow.json");

    CliFixture cli = CliFixture.run("convert", flow(), "--to", "flow", "--out", out.toString(), "--input", "DEVICE_ID=" + DEVICE);

    assertThat(cli.exit).as(cli.out() + cli.err()).isZero();
    assertThat(FlowJson.read(out).steps().get(5).toString()).contains(DEVICE);
    assertThat(Files.readString(out)).doesNotContain("${DEVICE_ID}").contains("${BASE_URL}");
  }

  @Test
  void should_refuse_to_fill_a_credential_and_say_secrets_stay_out_of_exports() throws Exception {
    for (String arg : new String[] {"PASSWORD=hunter2", "credential.PASSWORD=hunter2", "credential.USERNAME=demo", "USERNAME=demo"}) {
      Path out = dir.resolve("x-" + arg.length() + ".json");
      CliFixture cli = CliFixture.run("convert", flow(), "--to", "chrome-recorder", "--out", out.toString(), "--input", arg);

      assertThat(cli.exit).as(arg).isEqualTo(2);
      assertThat(cli.err()).contains("--input", "credential", "secrets stay out of exports").doesNotContain("hunter2");
      assertThat(cli.out()).isEmpty();
      assertThat(out).doesNotExist();
    }
  }

  @Test
  void should_refuse_an_unknown_input_and_list_the_declared_ones() throws Exception {
    CliFixture cli = CliFixture.run("convert", flow(), "--to", "chrome-recorder", "--input", "QUERY=boots");

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains("--input QUERY", "declares no input QUERY", "BASE_URL, DEVICE_ID");
    assertThat(cli.out()).isEmpty();
  }

  @Test
  void should_refuse_a_malformed_repeated_or_invalid_input() throws Exception {
    CliFixture noValue = CliFixture.run("convert", flow(), "--to", "flow", "--input", "BASE_URL");
    CliFixture twice = CliFixture.run("convert", flow(), "--to", "flow", "--input", "BASE_URL=a", "--input", "BASE_URL=b");
    CliFixture pattern = CliFixture.run("convert", flow(), "--to", "flow", "--input", "DEVICE_ID=12");

    assertThat(noValue.exit).isEqualTo(2);
    assertThat(noValue.err()).contains("--input BASE_URL is not KEY=VALUE");
    assertThat(twice.exit).isEqualTo(2);
    assertThat(twice.err()).contains("--input BASE_URL is given twice");
    assertThat(pattern.exit).isEqualTo(2);
    assertThat(pattern.err()).contains("--input DEVICE_ID", "pattern [0-9]{19}");
  }
}
