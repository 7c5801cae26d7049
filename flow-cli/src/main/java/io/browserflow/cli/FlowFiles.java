package io.browserflow.cli;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.api.lint.Quality;
import io.browserflow.formats.Conversion;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads flow files for the commands, printing every problem of the ones that fail. A file in
 * another importable format (detected from its content) is converted on the way; its conversion
 * travels with the flow so the commands can print its issues and refuse blocked ones.
 */
final class FlowFiles {
  /** Larger files are left to the flow reader, which refuses them without reading them whole. */
  private static final long MAX_TEXT_BYTES = FlowLimits.defaults().maxDefinitionBytes() * 4;

  private FlowFiles() {}

  /** A file and its flow, or the error that kept it from being read. */
  static final class Loaded {
    final Path file;
    final Flow flow;
    final FlowException error;
    /** The import of a file that was not browserflow/1; null for flow files and errors. */
    final Conversion<Flow> conversion;

    Loaded(Path file, Flow flow, FlowException error) {
      this(file, flow, error, null);
    }

    Loaded(Path file, Flow flow, FlowException error, Conversion<Flow> conversion) {
      this.file = file;
      this.flow = flow;
      this.error = error;
      this.conversion = conversion;
    }

    boolean converted() {
      return conversion != null;
    }

    /** Blocked by its conversion: {@code run} refuses it unless forced. */
    boolean blocked() {
      return conversion != null && conversion.quality() == Quality.BLOCKED;
    }

    /** The import as a conversion; a flow file's is the identity with no issues. */
    Conversion<Flow> imported() {
      // the native writer counts steps the way the native reader does, without parsing again
      return conversion != null ? conversion : FlowFormats.write(flow, Format.FLOW).withValue(Format.FLOW, flow);
    }
  }

  static List<Loaded> read(List<Path> files, FlowJson.Reader reader) {
    List<Loaded> out = new ArrayList<>();
    for (Path file : files) {
      out.add(load(file, reader));
    }
    return out;
  }

  /**
   * Reads one file: browserflow/1 (and anything that looks like JSON but no known format) with
   * {@code reader}, so its problems keep their lines and columns; other formats through their
   * converter.
   */
  static Loaded load(Path file, FlowJson.Reader reader) {
    try {
      Optional<String> text = text(file);
      Optional<Format> format = text.flatMap(FlowFormats::detect);
      if (format.isEmpty() || format.get() == Format.FLOW) {
        if (text.isPresent() && format.isEmpty() && !jsonLike(file, text.get())) {
          throw new FlowFormatException(List.of(Problem.of(ErrorCode.SCHEMA_UNSUPPORTED, "", "not in a format BrowserFlow "
              + "reads; give a file in one of: " + readableFormats())));
        }
        return new Loaded(file, reader.read(file), null);
      }
      Conversion<Flow> c = FlowFormats.read(text.get(), format.get(), file.getFileName().toString());
      return new Loaded(file, c.value(), null, c);
    } catch (FlowException e) {
      return new Loaded(file, null, e);
    }
  }

  /** The file as UTF-8 text; empty when it is missing, too large or not UTF-8 (the flow reader then reports it). */
  private static Optional<String> text(Path file) {
    try {
      if (!Files.isRegularFile(file) || Files.size(file) > MAX_TEXT_BYTES) {
        return Optional.empty();
      }
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Broken JSON is reported by the flow reader (with line and column), not as an unknown format. */
  private static boolean jsonLike(Path file, String text) {
    String t = text.strip();
    return t.isEmpty() || t.startsWith("{") || t.startsWith("[") || file.getFileName().toString().endsWith(".json");
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

  /**
   * Prints a conversion's summary and issues, each line prefixed with the file: {@code
   * file: side -> flow: 12 of 14 steps mapped, 0 blocking, 2 warnings; quality needs_review}.
   */
  static void printConversion(PrintWriter w, Path file, Conversion<?> c) {
    for (String line : c.report().split("\n")) {
      if (!line.isBlank()) {
        w.println(file + ": " + line.strip());
      }
    }
    if (c.value() instanceof Flow flow && !RunNeeds.all(flow).isEmpty()) {
      w.println(file + ": " + RunNeeds.all(flow));
    }
  }

  /** The ids of the formats a file may be in, comma-separated. */
  static String readableFormats() {
    return Stream.of(Format.values()).filter(Format::readable).map(Format::id).collect(Collectors.joining(", "));
  }

  static Optional<Loaded> firstError(List<Loaded> loaded) {
    return loaded.stream().filter(l -> l.error != null).findFirst();
  }
}
