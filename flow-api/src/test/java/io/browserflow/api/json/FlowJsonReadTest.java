package io.browserflow.api.json;

import static io.browserflow.api.dsl.Dsl.credentialType;
import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.defaultValue;
import static io.browserflow.api.dsl.Dsl.described;
import static io.browserflow.api.dsl.Dsl.options;
import static io.browserflow.api.dsl.Dsl.pattern;
import static io.browserflow.api.dsl.Dsl.placeholder;
import static io.browserflow.api.dsl.Dsl.retryBackoff;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.tableRows;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.text;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.dsl.Dsl.visible;
import static io.browserflow.api.json.JsonFixtures.STRUCTURE;
import static io.browserflow.api.json.JsonFixtures.assertRoundTrips;
import static io.browserflow.api.json.JsonFixtures.doc;
import static io.browserflow.api.json.JsonFixtures.docWith;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Input;
import io.browserflow.api.Problem;
import io.browserflow.api.Schedule;
import io.browserflow.api.TabAlias;
import io.browserflow.api.validate.FlowLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading whole documents: every section, every source, every reader setting. */
class FlowJsonReadTest {

  static Path resource(String name) {
    try {
      return Path.of(FlowJsonReadTest.class.getResource("/flows/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The same flow as flows/meter-rebind.flow.json, written with the DSL. */
  static Flow meterRebind() {
    return Flow.named("Meter rebind").flowId("meter-rebind")
        .description("Rebinds a meter to a new device, for each device of the table.")
        .tags("meters", "admin")
        .meta(FlowMeta.builder().createdAt("2024-05-01T10:00:00Z").source("recorder").recorderVersion("0.1.0").build())
        .input("DEVICE_ID", described("Device id"), defaultValue("1000000150601081283"), pattern("[0-9]+"))
        .input("MODE", options("fast", "safe"), defaultValue("safe"))
        .credential("BASE_URL", credentialType(Credential.Type.URL))
        .credential("USERNAME", credentialType(Credential.Type.USERNAME))
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .table(List.of("DEVICE"), List.of(List.of("d-1"), List.of("d-2")))
        .allowOrigins("https://sso.example.com")
        .schedule(Schedule.builder().cron("0 6 * * MON-FRI").putInput("MODE", "fast").build())
        .open("${credential.BASE_URL}").id("open")
        .fill(placeholder("用户名").or(css("#username")), "${credential.USERNAME}").id("user")
        .fill(placeholder("密码"), "${credential.PASSWORD}").id("pass")
        .click(role("button", "登录").or(css("input.anniu"))).id("login").timeoutMs(12000)
        .expect(urlMatches("${credential.BASE_URL}#/*"))
        .foreach(tableRows(), row -> row
            .fill(placeholder("设备ID"), "${loop.row.DEVICE}").id("device")
            .click(testId("search").or(text("查询"))).id("search").expect(visible(css("table.result tr"))))
        .id("devices")
        .frame("[role=\"dialog\"] iframe").id("detail")
        .click(testId("save")).id("save").retry(retryBackoff(2, 500))
        .frameMain().id("back")
        .build();
  }

  @Test
  void should_read_a_complete_file_into_the_flow_the_dsl_builds() {
    Flow read = FlowJson.read(resource("meter-rebind.flow.json"));

    assertThat(read).isEqualTo(meterRebind());
    assertThat(read.credential("PASSWORD").orElseThrow().secret()).isTrue();
    assertThat(read.input("DEVICE_ID").orElseThrow().required()).isFalse();
    assertRoundTrips(read);
  }

  @Test
  void should_read_the_same_flow_from_a_string_a_path_and_a_stream() throws IOException {
    Path file = resource("meter-rebind.flow.json");
    byte[] bytes = Files.readAllBytes(file);

    Flow fromPath = FlowJson.read(file);
    Flow fromString = FlowJson.read(new String(bytes, StandardCharsets.UTF_8));
    Flow fromStream = FlowJson.read(new ByteArrayInputStream(bytes));

    assertThat(fromString).isEqualTo(fromPath);
    assertThat(fromStream).isEqualTo(fromPath);
  }

  @Test
  void should_read_a_stream_to_its_end_without_closing_it() {
    boolean[] closed = {false};
    ByteArrayInputStream bytes = new ByteArrayInputStream(doc("").getBytes(StandardCharsets.UTF_8));
    InputStream in = new InputStream() {
      @Override
      public int read() {
        return bytes.read();
      }

      @Override
      public void close() {
        closed[0] = true;
      }
    };

    STRUCTURE.read(in);

    assertThat(bytes.available()).isZero();
    assertThat(closed[0]).isFalse();
  }

  @Test
  void should_read_a_utf8_file_with_a_byte_order_mark(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("bom.flow.json");
    byte[] body = docWith("\"description\": \"Grüße 😀\"").getBytes(StandardCharsets.UTF_8);
    byte[] withBom = new byte[body.length + 3];
    withBom[0] = (byte) 0xEF;
    withBom[1] = (byte) 0xBB;
    withBom[2] = (byte) 0xBF;
    System.arraycopy(body, 0, withBom, 3, body.length);
    Files.write(file, withBom);

    assertThat(STRUCTURE.read(file).description()).contains("Grüße 😀");
  }

  @Test
  void should_report_a_missing_file_as_unreadable(@TempDir Path dir) {
    Path missing = dir.resolve("nope.flow.json");

    FlowFormatException e = catchThrowableOfType(FlowFormatException.class, () -> FlowJson.read(missing));

    assertThat(e.code()).isEqualTo(ErrorCode.FILE_UNREADABLE);
    assertThat(e.problems()).extracting(Problem::code).containsExactly(ErrorCode.FILE_UNREADABLE);
    assertThat(e.getMessage()).contains("nope.flow.json");
  }

  @Test
  void should_report_a_directory_or_failing_stream_as_unreadable(@TempDir Path dir) {
    assertThat(catchThrowableOfType(FlowFormatException.class, () -> FlowJson.read(dir)).code())
        .isEqualTo(ErrorCode.FILE_UNREADABLE);
    InputStream failing = new InputStream() {
      @Override
      public int read() throws IOException {
        throw new IOException("disk on fire");
      }
    };
    assertThat(catchThrowableOfType(FlowFormatException.class, () -> FlowJson.read(failing)).code())
        .isEqualTo(ErrorCode.FILE_UNREADABLE);
  }

  @Test
  void should_validate_after_mapping_unless_told_not_to() {
    String json = doc("{\"id\": \"go\", \"op\": \"navigate\", \"url\": \"${NOT_DECLARED}\"}");

    FlowValidationException e = catchThrowableOfType(FlowValidationException.class, () -> FlowJson.read(json));

    assertThat(e).isNotInstanceOf(FlowFormatException.class);
    assertThat(e.problems()).extracting(Problem::code).contains(ErrorCode.BINDING_UNRESOLVED);
    assertThat(FlowJson.reader().withoutValidation().read(json).steps()).hasSize(1);
  }

  @Test
  void should_validate_with_the_configured_limits() {
    String json = doc("{\"id\": \"a\", \"op\": \"back\"}, {\"id\": \"b\", \"op\": \"forward\"}");
    FlowJson.Reader tight = FlowJson.reader().limits(FlowLimits.builder().maxSteps(1).build());

    assertThat(FlowJson.read(json).steps()).hasSize(2);
    FlowValidationException e = catchThrowableOfType(FlowValidationException.class, () -> tight.read(json));
    assertThat(e.problems()).extracting(Problem::code).contains(ErrorCode.LIMIT_EXCEEDED);
  }

  @Test
  void should_keep_readers_immutable() {
    FlowJson.Reader strict = FlowJson.reader();
    FlowJson.Reader lenient = strict.lenient();
    String json = docWith("\"colour\": \"blue\"");

    assertThat(lenient).isNotSameAs(strict);
    assertThat(lenient.read(json).name()).isEqualTo("t");
    assertThat(catchThrowableOfType(FlowFormatException.class, () -> strict.read(json)).code())
        .isEqualTo(ErrorCode.UNKNOWN_FIELD);
    assertThat(strict.withoutValidation().lenient().toString()).contains("lenient", "structure only");
  }

  @Test
  void should_treat_json_null_as_an_absent_field() {
    Flow flow = STRUCTURE.read("{\"schema\": \"browserflow/1\", \"id\": \"t\", \"name\": \"t\", \"description\": null,"
        + " \"tags\": null, \"steps\": [{\"id\": \"s\", \"op\": \"tabClose\", \"alias\": null, \"title\": null}]}");

    assertThat(flow.description()).isEmpty();
    assertThat(flow.tags()).isEmpty();
    assertThat(flow).isEqualTo(STRUCTURE.read(doc("{\"id\": \"s\", \"op\": \"tabClose\"}")));
  }

  @Test
  void should_default_the_flow_id_to_the_slug_of_its_name() {
    Flow flow = STRUCTURE.read("{\"schema\": \"browserflow/1\", \"name\": \"Meter Rebind (v2)\"}");

    assertThat(flow.id()).isEqualTo("meter-rebind-v2");
    assertThat(FlowJson.write(flow)).contains("\"id\": \"meter-rebind-v2\"");
  }

  @Test
  void should_derive_required_and_secret_unless_given() {
    Flow flow = STRUCTURE.read(docWith("\"inputs\": [{\"key\": \"A\"}, {\"key\": \"B\", \"default\": \"x\"},"
        + " {\"key\": \"C\", \"default\": \"x\", \"required\": true}, {\"key\": \"D\", \"required\": false}],"
        + " \"credentials\": [{\"key\": \"P\", \"type\": \"password\"}, {\"key\": \"K\", \"type\": \"api_key\"},"
        + " {\"key\": \"U\", \"type\": \"username\"}, {\"key\": \"T\", \"type\": \"token\", \"secret\": false},"
        + " {\"key\": \"N\", \"required\": false, \"secret\": true}]"));

    assertThat(flow.inputs()).extracting(Input::required).containsExactly(true, false, true, false);
    assertThat(flow.credentials()).extracting(Credential::secret).containsExactly(true, true, false, false, true);
    assertThat(flow.credentials()).extracting(Credential::required).containsExactly(true, true, true, true, false);
    assertThat(flow.credential("K").orElseThrow().type()).isEqualTo(Credential.Type.API_KEY);
    assertRoundTrips(flow);
  }

  @Test
  void should_read_tabs_policy_capabilities_and_an_every_minutes_schedule() {
    Flow flow = STRUCTURE.read(docWith("\"tabs\": [{\"alias\": \"main\", \"url\": \"https://example.com\"},"
        + " {\"alias\": \"detail\", \"opener\": \"main\"}],"
        + " \"policy\": {\"capabilities\": [\"file.upload\", \"script.eval\", \"tabs.multi\"]},"
        + " \"schedule\": {\"everyMinutes\": 15, \"input\": {\"a b\": \"1\", \"Ü\": \"2\"}}"));

    assertThat(flow.tabs()).containsExactly(TabAlias.builder().alias("main").url("https://example.com").build(),
        TabAlias.builder().alias("detail").opener("main").build());
    assertThat(flow.policy().orElseThrow().capabilities())
        .isEqualTo(Set.of(Capability.FILE_UPLOAD, Capability.SCRIPT_EVAL, Capability.TABS_MULTI));
    assertThat(flow.schedule().orElseThrow().everyMinutes()).hasValue(15);
    assertThat(flow.schedule().orElseThrow().input()).isEqualTo(Map.of("a b", "1", "Ü", "2"));
    assertRoundTrips(flow);
  }

  @Test
  void should_read_every_input_type() {
    Flow flow = STRUCTURE.read(docWith("\"inputs\": [{\"key\": \"a\", \"type\": \"text\"}, {\"key\": \"b\", \"type\": \"number\"},"
        + " {\"key\": \"c\", \"type\": \"boolean\"}, {\"key\": \"d\", \"type\": \"date\"},"
        + " {\"key\": \"e\", \"type\": \"select\", \"options\": [\"x\"]}, {\"key\": \"f\", \"type\": \"url\"}]"));

    assertThat(flow.inputs()).extracting(Input::type).containsExactly(Input.Type.values());
  }

  @Test
  void should_read_an_empty_document_body_as_a_flow_without_steps() {
    Flow flow = FlowJson.read("{\"schema\": \"browserflow/1\", \"name\": \"Empty\"}");

    assertThat(flow).isEqualTo(Flow.builder().name("Empty").build());
  }
}
