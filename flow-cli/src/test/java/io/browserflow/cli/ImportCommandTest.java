package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code browserflow import}: any readable format into a folder of browserflow/2 files, id conflicts as asked. */
class ImportCommandTest {
  private static final Path V1_FLOW = Path.of("src/test/resources/formats/flow/device-search.flow.json");
  private static final Path CHROME = Path.of("../flow-formats/src/test/resources/formats/chrome-recorder/form.json");

  @TempDir
  Path dir;
  Path sources;
  Path library;

  @BeforeEach
  void folders() throws IOException {
    sources = Files.createDirectories(dir.resolve("sources"));
    library = dir.resolve("library");
    Files.copy(V1_FLOW, sources.resolve("device-search.flow.json"));
    Files.copy(CHROME, sources.resolve("form.json"));
  }

  private static String[] files(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toArray(String[]::new);
    }
  }

  private Flow held(String file) {
    return FlowJson.read(library.resolve(file));
  }

  @Test
  void should_import_a_folder_of_any_format_as_browserflow_2_files_named_by_id() throws IOException {
    CliFixture cli = CliFixture.run("import", sources.toString(), "--into", library.toString());

    assertThat(cli.exit).as(cli.err()).isZero();
    String chromeId = io.browserflow.formats.FlowFormats.read(Files.readString(CHROME), "form.json").value().id();
    assertThat(files(library)).containsExactlyInAnyOrder("device-search.flow.json", chromeId + ".flow.json");
    assertThat(FlowJson.declaredSchema(Files.readString(library.resolve("device-search.flow.json")))).contains(Flow.SCHEMA);
    assertThat(held("device-search.flow.json").steps()).isEqualTo(FlowJson.read(V1_FLOW).steps());
    assertThat(held("device-search.flow.json").version()).isEqualTo(1);
    assertThat(cli.out()).contains("imported " + sources.resolve("device-search.flow.json") + " -> "
        + library.resolve("device-search.flow.json") + " (id device-search, version 1, migrated from browserflow/1)",
        "converted from chrome-recorder");
  }

  @Test
  void should_write_nothing_and_name_the_conflicts_by_default() throws IOException {
    CliFixture.run("import", V1_FLOW.toString(), "--into", library.toString());
    String before = Files.readString(library.resolve("device-search.flow.json"));
    Path changed = changedCopy();

    CliFixture cli = CliFixture.run("import", changed.toString(), CHROME.toString(), "--into", library.toString());

    assertThat(cli.exit).isEqualTo(1);
    assertThat(cli.err()).contains(changed + ": id device-search is already held by " + library.resolve("device-search.flow.json"),
        "nothing written", "--on-conflict copy", "overwrite");
    assertThat(files(library)).as("not even the flow without a conflict").containsExactly("device-search.flow.json");
    assertThat(Files.readString(library.resolve("device-search.flow.json"))).isEqualTo(before);
  }

  @Test
  void should_overwrite_a_flow_as_its_next_revision_and_leave_an_unchanged_one_alone() throws IOException {
    CliFixture.run("import", V1_FLOW.toString(), "--into", library.toString());
    Path changed = changedCopy();

    CliFixture cli = CliFixture.run("import", changed.toString(), "--into", library.toString(), "--on-conflict", "overwrite");

    assertThat(cli.exit).as(cli.err()).isZero();
    assertThat(cli.out()).contains("overwrote " + library.resolve("device-search.flow.json"), "version 1 -> 2");
    assertThat(held("device-search.flow.json").version()).isEqualTo(2);
    assertThat(held("device-search.flow.json").name()).isEqualTo("Search one device, revised");
    assertThat(files(library)).containsExactly("device-search.flow.json");

    CliFixture again = CliFixture.run("import", changed.toString(), "--into", library.toString(), "--on-conflict", "overwrite");

    assertThat(again.exit).isZero();
    assertThat(again.out()).contains("unchanged " + changed, "version 2");
    assertThat(held("device-search.flow.json").version()).isEqualTo(2);
  }

  @Test
  void should_import_a_copy_under_a_free_id_and_keep_the_held_flow() throws IOException {
    CliFixture.run("import", V1_FLOW.toString(), "--into", library.toString());
    String before = Files.readString(library.resolve("device-search.flow.json"));

    CliFixture cli = CliFixture.run("import", changedCopy().toString(), "--into", library.toString(), "--on-conflict", "copy");

    assertThat(cli.exit).as(cli.err()).isZero();
    assertThat(files(library)).containsExactly("device-search-2.flow.json", "device-search.flow.json");
    assertThat(held("device-search-2.flow.json").id()).isEqualTo("device-search-2");
    assertThat(held("device-search-2.flow.json").name()).isEqualTo("Search one device, revised");
    assertThat(Files.readString(library.resolve("device-search.flow.json"))).isEqualTo(before);
    assertThat(cli.out()).contains("the copy's id is device-search-2");
  }

  @Test
  void should_never_replace_a_file_holding_another_flow_under_the_imported_ids_name() throws IOException {
    Files.createDirectories(library);
    String other = "{\"schema\": \"browserflow/2\", \"id\": \"something-else\", \"name\": \"other\"}";
    Files.writeString(library.resolve("device-search.flow.json"), other);

    CliFixture cli = CliFixture.run("import", V1_FLOW.toString(), "--into", library.toString());

    assertThat(cli.exit).as(cli.err()).isZero();
    assertThat(Files.readString(library.resolve("device-search.flow.json"))).isEqualTo(other);
    assertThat(held("device-search-2.flow.json").id()).isEqualTo("device-search");
  }

  @Test
  void should_write_nothing_when_a_file_is_invalid_and_refuse_an_unknown_conflict_mode() throws IOException {
    Path broken = Files.writeString(sources.resolve("broken.flow.json"), "{\"schema\": \"browserflow/2\", ");

    CliFixture cli = CliFixture.run("import", sources.toString(), "--into", library.toString());

    assertThat(cli.exit).isEqualTo(2);
    assertThat(cli.err()).contains(broken + ": JSON_SYNTAX", "nothing written");
    assertThat(library).doesNotExist();

    CliFixture bad = CliFixture.run("import", V1_FLOW.toString(), "--into", library.toString(), "--on-conflict", "merge");

    assertThat(bad.exit).isEqualTo(2);
    assertThat(bad.err()).contains("--on-conflict", "merge", "copy, overwrite, fail");
  }

  private Path changedCopy() throws IOException {
    String text = Files.readString(V1_FLOW).replace("\"name\": \"Search one device\"", "\"name\": \"Search one device, revised\"");
    assertThat(text).contains("revised");
    return Files.writeString(dir.resolve("changed.flow.json"), text);
  }
}
