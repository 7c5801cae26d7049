package io.browserflow.testkit;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.testkit.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Step;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A flow's local files, attacked through the public engine API: CSV and dataset paths bound from
 * inputs, symbolic links out of the work folder and out of an upload root, a screenshot name that
 * climbs out of the artifacts folder, several downloads in one step the flow may not make.
 */
class EngineLocalFilesTest {
  @TempDir
  Path dir;
  Path work;
  Path outside;

  private final FlowEngine engine = EngineFixtures.engine(EngineFixtures.app().build()).build();

  @BeforeEach
  void folders() throws Exception {
    work = Files.createDirectories(dir.resolve("work"));
    outside = Files.createDirectories(dir.resolve("outside"));
    Files.writeString(outside.resolve("private.csv"), "user,token\nann,t0k3n\n");
    Files.writeString(work.resolve("mine.csv"), "user\nbo\n");
  }

  private RunResult run(Flow flow, Inputs inputs) {
    return engine.run(flow, inputs, RunOptions.builder().workDir(work).build());
  }

  private static Inputs file(String path) {
    return Inputs.builder().input("FILE", path).build();
  }

  @Test
  void should_read_no_csv_file_outside_the_work_folder() throws Exception {
    Flow flow = Flow.named("import").input("FILE").csvImport("${FILE}").id("rows").build();
    Files.createSymbolicLink(work.resolve("link.csv"), outside.resolve("private.csv"));
    Files.createSymbolicLink(work.resolve("linked-dir"), outside);

    RunResult own = run(flow, file("mine.csv"));

    assertThat(own.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(own.outputs()).containsEntry("steps.rows.count", "1");
    for (String attack : new String[] {"../outside/private.csv", outside.resolve("private.csv").toString(), "link.csv",
        "linked-dir/private.csv"}) {
      RunResult r = run(flow, file(attack));
      assertThat(r.status()).as(attack).isEqualTo(RunStatus.FAILED);
      assertThat(r.errorCode()).as(attack).hasValue(ErrorCode.INVALID_FLOW);
      assertThat(r.errorMessage()).as(attack).hasValueSatisfying(m -> assertThat(m)
          .contains("the csvImport path", "leaves the work directory"));
      assertThat(r.toJson()).as(attack).doesNotContain("t0k3n");
    }
  }

  @Test
  void should_write_no_csv_or_dataset_file_outside_the_work_folder() throws Exception {
    Files.createSymbolicLink(work.resolve("out"), outside);
    Flow csv = Flow.named("export").input("FILE").csvImport("mine.csv").id("rows")
        .csvExport("${steps.rows.items}", "${FILE}").build();
    Flow dataset = Flow.named("dataset").input("FILE").datasetWrite("d", row("n", "1"))
        .datasetExport("d", Step.DatasetFormat.CSV, "${FILE}").build();

    for (Flow flow : new Flow[] {csv, dataset}) {
      for (String attack : new String[] {"../outside/a.csv", outside.resolve("b.csv").toString(), "out/c.csv"}) {
        RunResult r = run(flow, file(attack));
        assertThat(r.errorCode()).as(flow.name() + " " + attack).hasValue(ErrorCode.INVALID_FLOW);
      }
    }
    RunResult inside = run(csv, file("copies/mine.csv"));

    assertThat(inside.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(work.resolve("copies/mine.csv")).hasContent("user\r\nbo\r\n");
    try (Stream<Path> files = Files.list(outside)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("private.csv");
    }
  }

  @Test
  void should_write_page_data_a_spreadsheet_would_run_as_text() throws Exception {
    Flow flow = Flow.named("formulas").input("CELL")
        .datasetWrite("d", row("name", "${CELL}", "delta", "-5", "mail", "@home"))
        .datasetExport("d", Step.DatasetFormat.CSV, "out.csv").build();

    RunResult r = run(flow, Inputs.builder().input("CELL", "=HYPERLINK(\"http://evil.test\",\"x\")").build());

    assertThat(r.status()).as(String.valueOf(r.errorMessage())).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(work.resolve("out.csv")).hasContent("name,delta,mail\r\n\"'=HYPERLINK(\"\"http://evil.test\"\",\"\"x\"\")\",-5,'@home\r\n");
  }

  @Test
  void should_refuse_literal_paths_outside_the_work_folder_before_running() {
    for (String path : new String[] {"../x.csv", "/tmp/x.csv", "a/../../x.csv"}) {
      FlowValidationException e = org.junit.jupiter.api.Assertions.assertThrows(FlowValidationException.class,
          () -> Flow.named("literal").csvImport(path).build());
      assertThat(e.problems()).as(path).anySatisfy(p -> {
        assertThat(p.code()).isEqualTo(ErrorCode.INVALID_FLOW);
        assertThat(p.path()).isEqualTo("steps[0].path");
      });
    }
  }

  @Test
  void should_keep_a_screenshot_named_from_an_input_inside_the_artifacts_folder() throws Exception {
    Path runs = dir.resolve("runs");
    FlowEngine stored = EngineFixtures.engine(EngineFixtures.app().build()).storeDirectory(runs).build();
    Flow flow = Flow.named("shot").input("NAME").open(APP + "/home").screenshot("${NAME}").id("shot").build();

    // up to the root whatever the artifacts folder's depth, then down into the outside folder
    String climb = "../".repeat(40) + outside.toString().substring(1) + "/evil.png";
    RunResult r = stored.run(flow, Inputs.builder().input("NAME", climb).build());

    assertThat(r.status()).as(String.valueOf(r.errorMessage())).isEqualTo(RunStatus.SUCCEEDED);
    Path shot = Path.of(r.outputs().get("steps.shot.path"));
    assertThat(shot).exists().startsWith(runs);
    assertThat(shot.getFileName().toString()).doesNotContain("/").doesNotStartWith(".");
    try (Stream<Path> files = Files.list(outside)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("private.csv");
    }
  }

  @Test
  void should_keep_the_run_store_and_its_artifacts_to_their_owner() throws Exception {
    Path runs = dir.resolve("store/runs");
    FlowEngine stored = EngineFixtures.engine(EngineFixtures.app().build()).storeDirectory(runs).build();

    RunResult r = stored.run(Flow.named("shot").open(APP + "/home").screenshot("home.png").id("shot").build(), Inputs.empty());

    assertThat(r.status()).isEqualTo(RunStatus.SUCCEEDED);
    try (Stream<Path> all = Files.walk(dir.resolve("store"))) {
      assertThat(all.filter(Files::isDirectory).toList()).isNotEmpty().allSatisfy(d -> assertThat(
          java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(d)))
          .as("%s", d).isEqualTo("rwx------"));
    }
  }

  @Test
  void should_delete_every_download_a_step_made_without_the_capability() throws Exception {
    Path runs = dir.resolve("runs");
    FlowEngine stored = EngineFixtures.engine(EngineFixtures.app()
        .page(APP + "/files", "<button data-testid='get' data-on-click='download:one.csv; download:two.csv'>Get</button>")
        .build()).storeDirectory(runs).build();
    Flow flow = Flow.named("downloads").open(APP + "/files").click(testId("get")).build();

    RunResult r = stored.run(flow, Inputs.empty());

    assertThat(r.errorCode()).hasValue(ErrorCode.CAPABILITY_DENIED);
    assertThat(r.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("one.csv", "and 1 more", "all were deleted"));
    try (Stream<Path> files = Files.walk(runs)) {
      assertThat(files.map(p -> p.getFileName().toString())).doesNotContain("one.csv", "two.csv");
    }
  }

  @Test
  void should_refuse_an_upload_through_a_link_out_of_the_upload_root() throws Exception {
    Path root = Files.createDirectories(dir.resolve("uploads"));
    Files.writeString(root.resolve("photo.png"), "png");
    Files.createSymbolicLink(root.resolve("escape"), outside);
    FlowEngine rooted = EngineFixtures.engine(EngineFixtures.app()
        .page(APP + "/upload", "<input type='file' data-testid='file'>").build()).uploadRoots(root).build();
    RunOptions allowed = RunOptions.builder().allow(Capability.FILE_UPLOAD).build();

    RunResult own = rooted.run(upload(root.resolve("photo.png")), Inputs.empty(), allowed);
    RunResult escaped = rooted.run(upload(root.resolve("escape/private.csv")), Inputs.empty(), allowed);

    assertThat(own.status()).as(String.valueOf(own.errorMessage())).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(escaped.errorCode()).hasValue(ErrorCode.CAPABILITY_DENIED);
    assertThat(escaped.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("outside the upload roots"));
  }

  private static Flow upload(Path file) {
    return Flow.named("upload").capabilities(Capability.FILE_UPLOAD).open(APP + "/upload")
        .upload(testId("file"), file.toString()).build();
  }
}
