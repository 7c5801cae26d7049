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
import io.browserflow.formats.ConversionIssue;
import io.browserflow.formats.SideProjectImport;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import io.browserflow.formats.ImportOptions;
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

  /**
   * A file and its flow (for a Selenium IDE project: one of its tests), or the error that kept it from being read.
   *
   * @param conversion the import of a file that was not browserflow/2 or /1; null for flow files and errors
   * @param label how messages name it: the file, or {@code file › suite › test} for a test of a project
   * @param test the test of a Selenium IDE project this is; null otherwise
   * @param suite the suite of the project it runs in; null for a flow file
   * @param sharedSession the suite it runs in, when the suite shares one session ({@code persistSession}); null otherwise
   * @param projectIssues issues of the project as a whole, on the first test loaded from it; empty otherwise
   */
  record Loaded(Path file, Flow flow, FlowException error, Conversion<Flow> conversion, String label,
      SideProjectImport.TestImport test, SideProjectImport.Suite suite, SideProjectImport.Suite sharedSession,
      List<ConversionIssue> projectIssues) {
    Loaded(Path file, Flow flow, FlowException error) {
      this(file, flow, error, null);
    }

    Loaded(Path file, Flow flow, FlowException error, Conversion<Flow> conversion) {
      this(file, flow, error, conversion, file.toString(), null, null, null, List.of());
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

  /** Writes {@code text} to {@code file} as UTF-8, creating the file's folder when it is missing. */
  static void write(Path file, String text) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  static List<Loaded> read(List<Path> files, FlowJson.Reader reader) {
    List<Loaded> out = new ArrayList<>();
    for (Path file : files) {
      out.add(load(file, reader));
    }
    return out;
  }

  /**
   * Reads {@code files} for {@code run}: a Selenium IDE project becomes the tests its suites play
   * ({@code filter}: the runner's {@code --filter}, {@code .*} for all), in order, each test once per
   * suite it is in; a filter that selects nothing is an error naming the suites and tests there are.
   */
  static List<Loaded> readForRun(List<Path> files, FlowJson.Reader reader, String filter) {
    List<Loaded> out = new ArrayList<>();
    for (Path file : files) {
      Optional<String> text = text(file);
      if (text.isPresent() && FlowFormats.detect(text.get()).filter(f -> f == Format.SELENIUM_IDE).isPresent()) {
        out.addAll(project(file, text.get(), filter));
      } else {
        out.add(load(file, text, reader));
      }
    }
    return out;
  }

  /** Whether {@code file} holds a Selenium IDE project. */
  static boolean isSideProject(Path file) {
    return text(file).flatMap(FlowFormats::detect).filter(f -> f == Format.SELENIUM_IDE).isPresent();
  }

  private static List<Loaded> project(Path file, String text, String filter) {
    SideProjectImport project;
    List<SideProjectImport.Suite> suites;
    try {
      project = FlowFormats.readSideProject(text, file.getFileName().toString());
      suites = project.select(filter);
    } catch (FlowException e) {
      return List.of(new Loaded(file, null, e));
    } catch (java.util.regex.PatternSyntaxException e) {
      return List.of(new Loaded(file, null, new FlowFormatException(List.of(Problem.of(ErrorCode.FIELD_INVALID, "--filter",
          "--filter " + filter + " is not a regular expression: " + e.getDescription())))));
    }
    if (suites.isEmpty()) {
      return List.of(new Loaded(file, null, new FlowFormatException(List.of(Problem.of(ErrorCode.FIELD_INVALID, "--filter",
          "no suite or test of the project matches --filter " + filter + " (" + project.names() + ")")))));
    }
    List<Loaded> out = new ArrayList<>();
    for (SideProjectImport.Suite suite : suites) {
      for (SideProjectImport.TestImport t : suite.tests()) {
        String label = file + (suite.name().isEmpty() ? "" : " › " + suite.name()) + " › " + t.name();
        out.add(new Loaded(file, t.flow(), null, t.conversion(), label, t, suite, suite.persistSession() ? suite : null,
            out.isEmpty() ? project.issues() : List.of()));
      }
    }
    return out;
  }

  /**
   * Reads one file: browserflow/2 or /1 (and anything that looks like JSON but no known format) with
   * {@code reader}, so its problems keep their lines and columns; other formats through their
   * converter.
   */
  static Loaded load(Path file, FlowJson.Reader reader) {
    return load(file, text(file), reader);
  }

  /** As {@link #load(Path, FlowJson.Reader)}, importing a foreign file with {@code options} (see {@link #detect}). */
  static Loaded load(Path file, FlowJson.Reader reader, ImportOptions options) {
    return load(file, text(file), reader, options);
  }

  /** The format of {@code file}'s content, if it is one BrowserFlow reads. */
  static Optional<Format> detect(Path file) {
    return text(file).flatMap(FlowFormats::detect);
  }

  private static Loaded load(Path file, Optional<String> text, FlowJson.Reader reader) {
    return load(file, text, reader, ImportOptions.defaults());
  }

  /** As {@link #load(Path, FlowJson.Reader)}, with the file's text already read. */
  private static Loaded load(Path file, Optional<String> text, FlowJson.Reader reader, ImportOptions options) {
    try {
      Optional<Format> format = text.flatMap(FlowFormats::detect);
      if (format.isEmpty() || format.get() == Format.FLOW) {
        if (text.isPresent() && format.isEmpty() && !jsonLike(file, text.get())) {
          throw new FlowFormatException(List.of(Problem.of(ErrorCode.SCHEMA_UNSUPPORTED, "", "not in a format BrowserFlow "
              + "reads; give a file in one of: " + readableFormats())));
        }
        return new Loaded(file, reader.read(file), null);
      }
      Conversion<Flow> c = FlowFormats.read(text.get(), format.get(), file.getFileName().toString(), options);
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
    printConversion(w, file.toString(), c);
  }

  /** As {@link #printConversion(PrintWriter, Path, Conversion)}, each line prefixed with {@code label}. */
  static void printConversion(PrintWriter w, String label, Conversion<?> c) {
    for (String line : c.report().split("\n")) {
      if (!line.isBlank()) {
        w.println(label + ": " + line.strip());
      }
    }
    if (c.value() instanceof Flow flow && !RunNeeds.all(flow).isEmpty()) {
      w.println(label + ": " + RunNeeds.all(flow));
    }
  }

  /** The ids of the formats a file may be in, comma-separated. */
  static String readableFormats() {
    return Stream.of(Format.values()).filter(Format::readable).map(Format::id).collect(Collectors.joining(", "));
  }

  static Optional<Loaded> firstError(List<Loaded> loaded) {
    return loaded.stream().filter(l -> l.error() != null).findFirst();
  }
}
