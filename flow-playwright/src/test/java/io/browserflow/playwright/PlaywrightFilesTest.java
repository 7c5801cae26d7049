package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.DriverSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Uploads through a file input and downloads saved into the session's artifacts directory. */
@Tag("browser")
class PlaywrightFilesTest extends ChromiumTest {

  @Test
  void should_upload_files_into_a_file_input() throws Exception {
    Path a = Files.writeString(tempDir.resolve("a.txt"), "hello");
    Path b = Files.writeString(tempDir.resolve("b.csv"), "x,y\n1,2\n");
    DriverSession s = showing("/upload", "<input type=\"file\" multiple aria-label=\"Attachments\" onchange=\""
        + "document.getElementById('out').textContent = Array.from(this.files).map(f => f.name + ':' + f.size).join(',')\">"
        + "<p id=\"out\"></p>");

    s.perform(InteractionStep.Upload.builder().id("u").target(Target.of(Candidate.label("Attachments")))
        .addFiles(a.toString(), b.toString()).build(), TIMEOUT);

    awaitText(s, "#out", "a.txt:5,b.csv:8");
  }

  @Test
  void should_save_a_completed_download_into_the_artifacts_directory() throws Exception {
    server.file("/files/report.csv", "id,name\n1,Ada\n");
    DriverSession s = showing("/download", "<a href=\"/files/report.csv\">Export</a>");

    s.perform(InteractionStep.Click.builder().id("export").target(Target.of(Candidate.role("link", "Export"))).build(), TIMEOUT);
    s.await(Condition.Download.of("report.*"), TIMEOUT);

    List<DownloadInfo> downloads = s.downloads();
    assertThat(downloads).hasSize(1);
    assertThat(downloads.get(0).suggestedName()).isEqualTo("report.csv");
    assertThat(downloads.get(0).path()).startsWith(tempDir.resolve("artifacts"));
    assertThat(Files.readString(downloads.get(0).path())).isEqualTo("id,name\n1,Ada\n");
  }
}
