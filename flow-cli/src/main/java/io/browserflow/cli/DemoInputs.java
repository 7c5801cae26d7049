package io.browserflow.cli;

import io.browserflow.api.Flow;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** Inputs the sample flows need beyond the served URL and the demo sign-in. */
final class DemoInputs {
  private DemoInputs() {}

  /** The upload sample takes a file: the bundled device CSV, copied into the demo's upload root. */
  static void fill(BatchRun batch, List<Flow> flows, Path uploads) {
    if (flows.stream().anyMatch(f -> f.input("UPLOAD_FILE").isPresent())) {
      Path csv = uploads.resolve("devices.csv");
      try (InputStream in = DemoInputs.class.getClassLoader().getResourceAsStream("data/devices.csv")) {
        if (in == null) {
          throw new IOException("data/devices.csv is not on the class path");
        }
        Files.copy(in, csv, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot prepare the upload sample's file: " + e.getMessage(), e);
      }
      batch.inputs.put("UPLOAD_FILE", csv.toString());
    }
  }
}
