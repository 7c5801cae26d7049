package io.browserflow.api.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * browserflow/1 documents are read and migrated to browserflow/2; what browserflow/2 added is refused
 * in them; {@code version} counts a flow's revisions. The browserflow/1 files are the repository's own
 * flow files as they were committed (history/v1/SOURCES.txt names each commit and path).
 */
class FlowJsonVersionsTest {
  private static final Path HISTORY = Path.of("src/test/resources/history/v1");

  static Stream<Path> historicFiles() throws IOException {
    try (Stream<Path> files = Files.list(HISTORY)) {
      return files.filter(p -> p.toString().endsWith(".flow.json")).sorted().toList().stream();
    }
  }

  @Test
  void should_hold_the_repositorys_browserflow_1_files() throws IOException {
    assertThat(historicFiles()).hasSizeGreaterThanOrEqualTo(15);
    for (Path file : historicFiles().toList()) {
      assertThat(FlowJson.declaredSchema(Files.readString(file))).as("%s", file).contains(Flow.SCHEMA_V1);
    }
  }

  @ParameterizedTest
  @MethodSource("historicFiles")
  void should_migrate_a_browserflow_1_file_of_the_repositorys_history(Path file) throws IOException {
    String v1 = Files.readString(file);

    Flow migrated = FlowJson.read(file);

    assertThat(migrated.schema()).isEqualTo(Flow.SCHEMA);
    assertThat(migrated.version()).isEqualTo(1);
    String written = FlowJson.write(migrated);
    assertThat(FlowJson.declaredSchema(written)).contains(Flow.SCHEMA);
    assertThat(FlowJson.read(written)).as("the migrated flow reads back the same").isEqualTo(migrated);
    // nothing is lost or changed but the schema line: the document relabelled reads as the same flow
    Flow relabelled = FlowJson.read(v1.replace("\"" + Flow.SCHEMA_V1 + "\"", "\"" + Flow.SCHEMA + "\""));
    assertThat(relabelled).isEqualTo(migrated);
    assertThat(FlowJson.write(relabelled)).isEqualTo(written);
  }

  @ParameterizedTest
  @ValueSource(strings = {"datasetWrite\", \"dataset\": \"d\", \"row\": {\"a\": \"1\"}",
      "datasetExport\", \"dataset\": \"d\", \"format\": \"csv\", \"path\": \"d.csv\"",
      "http\", \"method\": \"GET\", \"url\": \"https://example.com/api\"",
      "clipboard\", \"action\": \"read\"",
      "call\", \"flow\": \"other\""})
  void should_refuse_a_browserflow_2_op_in_a_browserflow_1_document(String opAndFields) {
    String json = "{\"schema\": \"browserflow/1\", \"name\": \"old\", \"steps\": [{\"id\": \"s\", \"op\": \"" + opAndFields + "}]}";

    assertThatThrownBy(() -> FlowJson.read(json)).isInstanceOfSatisfying(FlowFormatException.class, e -> {
      Problem p = e.problems().get(0);
      assertThat(e.problems()).hasSize(1);
      assertThat(p.code()).isEqualTo(ErrorCode.FIELD_INVALID);
      assertThat(p.path()).isEqualTo("steps[0].op");
      assertThat(p.message()).contains("came with browserflow/2", "change its schema to \"browserflow/2\"");
    });
    assertThat(FlowJson.reader().withoutValidation().read(json.replace("browserflow/1", "browserflow/2")).schema())
        .isEqualTo(Flow.SCHEMA);
  }

  @Test
  void should_refuse_browserflow_2_fields_in_a_browserflow_1_document_at_their_paths() {
    String json = "{\"schema\": \"browserflow/1\", \"name\": \"old\", \"version\": 3, \"outputs\": {\"A\": \"x\"},"
        + " \"subflows\": [], \"schedule\": {\"at\": \"2026-12-24T08:00:00Z\", \"enabled\": false}, \"steps\": []}";

    assertThatThrownBy(() -> FlowJson.read(json)).isInstanceOfSatisfying(FlowFormatException.class, e -> {
      assertThat(e.problems()).extracting(Problem::path)
          .containsExactlyInAnyOrder("version", "outputs", "subflows", "schedule.at", "schedule.enabled");
      assertThat(e.problems()).allSatisfy(p -> assertThat(p.message()).contains("came with browserflow/2"));
    });
  }

  @Test
  void should_count_revisions_in_version_and_write_it_only_after_the_first() {
    Flow first = Flow.named("Login").open("https://example.com/login").build();
    Flow second = first.nextRevision();

    assertThat(first.version()).isEqualTo(1);
    assertThat(second.version()).isEqualTo(2);
    assertThat(second.steps()).isEqualTo(first.steps());
    assertThat(FlowJson.write(first)).doesNotContain("\"version\"");
    assertThat(FlowJson.write(second)).contains("\"name\": \"Login\",\n  \"version\": 2,");
    assertThat(FlowJson.read(FlowJson.write(second))).isEqualTo(second);
    assertThat(FlowJson.digest(second)).as("an approval names one revision").isNotEqualTo(FlowJson.digest(first));
    assertThat(Flow.named("Login").version(7).open("https://example.com/login").build().version()).isEqualTo(7);
  }

  @Test
  void should_refuse_a_revision_below_one() {
    assertThatThrownBy(() -> FlowJson.read("{\"schema\": \"browserflow/2\", \"name\": \"x\", \"version\": 0}"))
        .isInstanceOfSatisfying(FlowFormatException.class, e -> assertThat(e.problems()).singleElement()
            .satisfies(p -> {
              assertThat(p.path()).isEqualTo("version");
              assertThat(p.message()).contains("counted from 1");
            }));
    assertThatThrownBy(() -> Flow.named("x").version(0).open("https://example.com").build())
        .isInstanceOfSatisfying(FlowValidationException.class, e -> assertThat(e.problems())
            .extracting(Problem::path).containsExactly("version"));
  }

  @Test
  void should_tell_the_schema_a_document_declares() {
    assertThat(FlowJson.declaredSchema("{\"schema\": \"browserflow/1\", \"name\": \"x\"}")).contains("browserflow/1");
    assertThat(FlowJson.declaredSchema("{\"schema\": \"other/9\"}")).contains("other/9");
    assertThat(FlowJson.declaredSchema("{\"name\": \"x\"}")).isEmpty();
    assertThat(FlowJson.declaredSchema("[1, 2]")).isEmpty();
    assertThat(FlowJson.declaredSchema("not json")).isEmpty();
    assertThat(List.of(Flow.SCHEMA_V1, Flow.SCHEMA)).containsExactly("browserflow/1", "browserflow/2");
  }
}
