package io.browserflow.cli;

import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import io.browserflow.api.json.FlowJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads flow files for the commands, printing every problem of the ones that fail. */
final class FlowFiles {
  private FlowFiles() {}

  /** A file and its flow, or the error that kept it from being read. */
  static final class Loaded {
    final Path file;
    final Flow flow;
    final FlowException error;

    Loaded(Path file, Flow flow, FlowException error) {
      this.file = file;
      this.flow = flow;
      this.error = error;
    }
  }

  static List<Loaded> read(List<Path> files, FlowJson.Reader reader) {
    List<Loaded> out = new ArrayList<>();
    for (Path file : files) {
      try {
        out.add(new Loaded(file, reader.read(file), null));
      } catch (FlowException e) {
        out.add(new Loaded(file, null, e));
      }
    }
    return out;
  }

  /** Prints {@code file: CODE at path (line L, column C): message}, one line per problem. */
  static void printError(PrintWriter err, Path file, FlowException e) {
    if (e instanceof FlowValidationException) {
      for (Problem p : ((FlowValidationException) e).problems()) {
        err.println(file + ": " + p.describe());
      }
    } else {
      err.println(file + ": " + e.code() + ": " + e.getMessage());
    }
  }

  static Optional<Loaded> firstError(List<Loaded> loaded) {
    return loaded.stream().filter(l -> l.error != null).findFirst();
  }
}
