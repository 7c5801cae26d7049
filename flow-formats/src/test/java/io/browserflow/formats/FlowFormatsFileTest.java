package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowFormatException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a file: an unreadable one is a FlowFormatException, as FlowJson reports it. */
class FlowFormatsFileTest {
  @Test
  void should_fail_on_an_unreadable_file_with_a_format_exception(@TempDir Path dir) {
    Path missing = dir.resolve("gone.side");

    assertThatThrownBy(() -> FlowFormats.read(missing)).isInstanceOfSatisfying(FlowFormatException.class, e -> {
      assertThat(e.code()).isEqualTo(ErrorCode.FILE_UNREADABLE);
      assertThat(e.problems()).singleElement()
          .satisfies(p -> assertThat(p.message()).startsWith("cannot read " + missing));
      assertThat(e.getSuppressed()).singleElement().isInstanceOf(NoSuchFileException.class);
      assertThat(e.details()).containsEntry(io.browserflow.api.FlowException.Details.FILE, missing.toString())
          .containsEntry(io.browserflow.api.FlowException.Details.PROBLEMS, "1");
    });
  }
}
