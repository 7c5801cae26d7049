package io.browserflow.formats;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads flows from every importable {@link Format} and writes them to every exportable one.
 * The format of a file is detected from its content, never from its name alone.
 *
 * <pre>{@code
 * Conversion<Flow> in = FlowFormats.read(Path.of("login.side"));          // Selenium IDE, detected
 * Conversion<String> out = FlowFormats.write(in.value(), Format.CHROME_RECORDER);
 * System.out.print(in.report() + out.report());
 * }</pre>
 *
 * <p>Errors: every failure to read is a {@code FlowFormatException} carrying its {@code Problem}s:
 * content in no known format ({@code SCHEMA_UNSUPPORTED}), a syntax error ({@code JSON_SYNTAX}), an
 * unreadable file ({@code FILE_UNREADABLE}). Steps a format cannot express are never dropped
 * silently: they are listed in the {@link Conversion}'s issues, each with a {@link ConversionCode}.
 */
public final class FlowFormats {
  private static final List<FormatCodec> CODECS = List.of(new NativeCodec(), new ChromeRecorderCodec(),
      new BrowserctlCodec(), new BrowserctlTextCodec(), new SideCodec(), new RecordingPluginCodec(), new JavaCodec(),
      new RecordReplayCodec());

  private FlowFormats() {}

  /** The format of {@code content}, if it is one BrowserFlow reads. */
  public static Optional<Format> detect(String content) {
    String c = content.strip();
    if (c.isEmpty()) {
      return Optional.empty();
    }
    return CODECS.stream().filter(k -> k.format().readable() && k.detects(c)).map(FormatCodec::format).findFirst();
  }

  /**
   * Imports {@code content}, detecting its format; {@code origin} (a file name, or null) names it in
   * messages and names the flow when the document does not ({@code flow} without an origin).
   */
  public static Conversion<Flow> read(String content, String origin) {
    Format f = detect(content).orElseThrow(() -> new FlowFormatException(List.of(Problem.of(ErrorCode.SCHEMA_UNSUPPORTED, "",
        Json.label(origin) + " is in no format BrowserFlow reads (" + readable() + ")"))));
    return codec(f).read(content, origin);
  }

  /** Imports {@code content} as {@code format}. */
  public static Conversion<Flow> read(String content, Format format, String origin) {
    if (!format.readable()) {
      throw new IllegalArgumentException(format.id() + " cannot be read; readable formats: " + readable());
    }
    return codec(format).read(content, origin);
  }

  /**
   * Imports {@code content} as {@code format} with {@code options} (seed 002's converter options for
   * {@link Format#RECORDING_PLUGIN}; see {@link ImportOptions}).
   *
   * @throws IllegalArgumentException when {@code format} cannot be read, or {@code options} are not
   *     the defaults and {@code format} takes none
   */
  public static Conversion<Flow> read(String content, Format format, String origin, ImportOptions options) {
    if (!format.readable()) {
      throw new IllegalArgumentException(format.id() + " cannot be read; readable formats: " + readable());
    }
    return codec(format).readWith(content, origin, java.util.Objects.requireNonNull(options, "options"));
  }

  /** Imports the file at {@code path}, detecting its format. */
  public static Conversion<Flow> read(Path path) {
    return read(text(path), path.getFileName().toString());
  }

  /**
   * Imports a whole Selenium IDE project: every test as a flow, and its suites ({@link
   * SideProjectImport#select} picks what {@code selenium-side-runner --filter} would play). {@link
   * #read(String, String)} gives only its first test.
   */
  public static SideProjectImport readSideProject(String content, String origin) {
    return SideProjectImport.of(SideCodec.project(content, origin), origin);
  }

  /** Imports the Selenium IDE project at {@code path} whole; see {@link #readSideProject(String, String)}. */
  public static SideProjectImport readSideProject(Path path) {
    return readSideProject(text(path), path.getFileName().toString());
  }

  /**
   * Exports an imported flow as {@code format}. A format that states its own quality
   * ({@code browserctl-flow.json}: {@code warnings}, {@code quality}) lists the import's warnings and
   * blocking issues there too, so the file is as {@code blocked} as the conversion as a whole; the
   * returned conversion holds the export's own issues. Other formats are written as by {@link
   * #write(Flow, Format)}.
   */
  public static Conversion<String> write(Conversion<Flow> imported, Format format) {
    if (format == Format.BROWSERCTL) {
      return new BrowserctlCodec().write(imported.value(), imported);
    }
    return write(imported.value(), format);
  }

  /** Exports {@code flow} as {@code format}. */
  public static Conversion<String> write(Flow flow, Format format) {
    if (!format.writable()) {
      throw new IllegalArgumentException(format.id() + " cannot be written; writable formats: "
          + List.of(Format.values()).stream().filter(Format::writable).map(Format::id).collect(Collectors.joining(", ")));
    }
    return codec(format).write(flow);
  }

  /** The file's text; an unreadable one fails as in {@code FlowJson}: {@code FILE_UNREADABLE}, the I/O error suppressed. */
  static String text(Path path) {
    try {
      return Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      FlowFormatException failure = new FlowFormatException(List.of(Problem.of(ErrorCode.FILE_UNREADABLE, "",
          "cannot read " + path + ": " + e.getMessage())), Map.of(FlowException.Details.FILE, path.toString()));
      failure.addSuppressed(e);
      throw failure;
    }
  }

  private static FormatCodec codec(Format f) {
    return CODECS.stream().filter(k -> k.format() == f).findFirst()
        .orElseThrow(() -> new UnsupportedOperationException("the " + f.id() + " converter is not available"));
  }

  private static String readable() {
    return CODECS.stream().map(FormatCodec::format).filter(Format::readable).map(Format::id).collect(Collectors.joining(", "));
  }
}
