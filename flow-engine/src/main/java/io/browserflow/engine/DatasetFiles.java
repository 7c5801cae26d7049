package io.browserflow.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes one dataset export: CSV with a header row of the columns, or a JSON array of row objects. */
final class DatasetFiles {
  private DatasetFiles() {}

  static void write(Path file, Step.DatasetFormat format, Datasets.Part part) {
    String text;
    if (format == Step.DatasetFormat.JSON) {
      try {
        text = RunResultJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(part.rows()) + "\n";
      } catch (JsonProcessingException e) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot write the dataset as JSON: " + e.getOriginalMessage());
      }
    } else {
      text = CsvFiles.text(part.columns(), part.rows());
    }
    try {
      Files.createDirectories(file.getParent());
      // a reader never sees half a file: written next to it, then moved into place
      Path tmp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".part");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot write the dataset export " + file + ": " + e.getMessage());
    }
  }
}
