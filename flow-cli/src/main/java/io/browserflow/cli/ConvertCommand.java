package io.browserflow.cli;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import io.browserflow.formats.Conversion;
import io.browserflow.formats.ConversionCode;
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
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code browserflow convert FILE --to FORMAT [--out F] [--input KEY=VALUE]...}: reads a flow in
 * any importable format (detected from its content) and writes it in another, printing what the
 * import and the export could not carry over. Without {@code --out} the converted text goes to
 * stdout and the report to stderr, so the output can be piped. {@code --input} fills declared
 * inputs into the output ({@link ExportInputs}); credentials are never filled, and placeholders
 * of inputs not given stay (a Chrome Recorder export warns about each step holding one).
 */
@Command(name = "convert", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Convert a flow between formats: reads browserflow/1, Chrome Recorder JSON, browserctl-flow.json, "
        + ".browserctl or Selenium IDE .side (detected from the content), writes --to FORMAT and prints the report "
        + "of the import and of the export (steps mapped, warnings, blocking issues, quality).",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:converted", "1:converted, but blocked: the output is written for a person to fix",
        "2:bad usage, or an unreadable or unrecognized input"})
final class ConvertCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The flow to convert.")
  Path file;

  @Option(names = "--to", required = true, paramLabel = "FORMAT",
      description = "The format to write: flow, chrome-recorder, browserctl, browserctl-text or java.")
  String to;

  @Option(names = "--out", paramLabel = "FILE", description = "Where to write the result (default: stdout).")
  Path out;

  @Option(names = "--input", paramLabel = "KEY=VALUE",
      description = "Fill a declared input into the output: every ${KEY} / ${input.KEY} becomes VALUE (repeatable). "
          + "Credentials are never filled: secrets stay out of exports.")
  List<String> inputs = new ArrayList<>();

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Optional<Format> target = Format.fromId(to).filter(Format::writable);
    if (target.isEmpty()) {
      err.println("browserflow: --to " + to + " is not a format BrowserFlow writes; use one of: " + writableFormats());
      return BrowserflowCommand.USAGE;
    }
    FlowFiles.Loaded loaded = FlowFiles.load(file, FlowJson.reader());
    if (loaded.error != null) {
      FlowFiles.printError(err, file, loaded.error);
      err.println("browserflow: cannot convert " + file + ": " + advice(loaded.error));
      return BrowserflowCommand.USAGE;
    }
    Conversion<Flow> imported = loaded.imported();
    Flow flow;
    try {
      flow = ExportInputs.fill(loaded.flow, ExportInputs.parse(loaded.flow, inputs));
    } catch (ExportInputs.Refused e) {
      err.println("browserflow: " + e.getMessage());
      return BrowserflowCommand.USAGE;
    }
    Conversion<String> exported;
    try {
      exported = FlowFormats.write(flow, target.get());
    } catch (FlowException e) {
      FlowFiles.printError(err, file, e);
      return BrowserflowCommand.USAGE;
    }
    // with the result on stdout, the report must not mix into it
    PrintWriter report = out == null ? err : stdout;
    // one file: its name on each summary line, the issues indented below it
    report.print(file + ": " + imported.report());
    if (!RunNeeds.all(loaded.flow).isEmpty()) {
      report.println(file + ": " + RunNeeds.all(loaded.flow));
    }
    report.print(file + ": " + exported.report());
    if (out == null) {
      stdout.print(exported.value());
      stdout.flush();
    } else {
      try {
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
          Files.createDirectories(parent);
        }
        Files.writeString(out, exported.value(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println("browserflow: cannot write " + out + ": " + e.getMessage());
        return BrowserflowCommand.USAGE;
      }
    }
    Set<String> unfilled = ExportInputs.unfilled(flow, exported.value());
    if (exported.has(ConversionCode.PLACEHOLDER_VALUE) && !unfilled.isEmpty()) {
      report.println("the output replays ${...} literally: fill inputs with --input KEY=VALUE (" + unfilled.stream()
          .map(k -> k + "=...").collect(Collectors.joining(" ")) + "); credentials are never filled");
    }
    Quality quality = imported.quality().compareTo(exported.quality()) >= 0 ? imported.quality() : exported.quality();
    String where = out == null ? "stdout" : out.toString();
    report.println("wrote " + where + " (" + target.get().id() + "), quality " + quality.jsonName());
    report.flush();
    if (quality == Quality.BLOCKED) {
      int n = imported.blockingIssues().size() + exported.blockingIssues().size();
      err.println("browserflow: " + file + ": " + ErrorCode.REVIEW_REQUIRED + ": the conversion has " + n
          + (n == 1 ? " blocking issue" : " blocking issues") + " (listed above); fix "
          + (out == null ? "the output" : out.toString()) + " before running it");
      return BrowserflowCommand.FAILED;
    }
    return BrowserflowCommand.OK;
  }

  /** What the person can do about an input that could not be read. */
  private static String advice(FlowException e) {
    if (e.code() == ErrorCode.FILE_UNREADABLE) {
      return "check the path and the file's permissions";
    }
    if (e.code() == ErrorCode.SCHEMA_UNSUPPORTED) {
      return "give a file in one of the formats BrowserFlow reads (" + FlowFiles.readableFormats() + ")";
    }
    return "fix the problems listed above and try again";
  }

  private static String writableFormats() {
    return Stream.of(Format.values()).filter(Format::writable).map(Format::id).collect(Collectors.joining(", "));
  }
}
