package io.browserflow.cli;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import io.browserflow.formats.Conversion;
import io.browserflow.formats.ConversionCode;
import io.browserflow.formats.ConversionReport;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import io.browserflow.formats.ImportOptions;
import io.browserflow.formats.SideProjectImport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code browserflow convert FILE --to FORMAT [--out F] [--input KEY=VALUE]...}: reads a flow in
 * any importable format (detected from its content) and writes it in another, printing what the
 * import and the export could not carry over. Without {@code --out} the converted text goes to
 * stdout and the report to stderr, so the output can be piped. {@code --input} fills declared
 * inputs into the output ({@link ExportInputs}); credentials are never filled, and placeholders
 * of inputs not given stay (a Chrome Recorder export warns about each step holding one).
 *
 * <p>A recording plugin's Flow JSON takes seed 002's converter options ({@code --keep-overlay-clicks},
 * {@code --preserve-navigate}, {@code --max-fixed-wait MS}; any other format refuses them), lists its
 * import issues in a browserctl-flow.json it is written to, and with {@code --out FILE} gets its
 * conversion report written next to the output ({@code <name>.conversion.md}).
 * {@code --fail-on-blocking=false} exits 0 for a blocked conversion (still written and reported).
 */
@Command(name = "convert", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Convert a flow between formats: reads browserflow/2 (and /1), Chrome Recorder JSON, browserctl-flow.json, "
        + ".browserctl, Selenium IDE .side or a recording plugin's Flow JSON (detected from the content), writes --to "
        + "FORMAT and prints the report of the import and of the export (steps mapped, warnings, blocking issues, "
        + "quality); a recording plugin's conversion report is also written next to --out as NAME.conversion.md.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:converted", "1:converted, but blocked (unless --fail-on-blocking=false): the output is written for a "
        + "person to fix",
        "2:bad usage, or an unreadable or unrecognized input"})
final class ConvertCommand extends CliCommand {
  @Parameters(index = "0", paramLabel = "FILE", description = "The flow to convert.")
  Path file;

  @Option(names = "--to", required = true, paramLabel = "FORMAT",
      description = "The format to write: flow, chrome-recorder, browserctl, browserctl-text, record-replay or java.")
  String to;

  @Option(names = "--out", paramLabel = "FILE|DIR",
      description = "Where to write the result (default: stdout). For a Selenium IDE project, a directory (existing, or "
          + "ending in /) gets one file per test, named after the test.")
  Path out;

  @Option(names = "--filter", paramLabel = "REGEX",
      description = "Selenium IDE projects: convert the tests of the suites whose name REGEX finds, or when none, the "
          + "tests whose name it finds (as selenium-side-runner --filter); with --out DIR.")
  String filter;

  @Option(names = "--input", paramLabel = "KEY=VALUE",
      description = "Fill a declared input into the output: every ${KEY} / ${input.KEY} becomes VALUE (repeatable). "
          + "Credentials are never filled: secrets stay out of exports.")
  List<String> inputs = new ArrayList<>();

  @Option(names = "--keep-overlay-clicks", description = "Recording plugin Flow JSON: keep clicks on loading masks and "
      + "overlays (each with an OVERLAY_CLICK warning) instead of leaving them out.")
  boolean keepOverlayClicks;

  @Option(names = "--preserve-navigate", description = "Recording plugin Flow JSON: keep every recorded navigation as a "
      + "navigate step, also those a click leads to or that repeat the page (each with a warning).")
  boolean preserveNavigate;

  @Option(names = "--max-fixed-wait", paramLabel = "MS", description = "Recording plugin Flow JSON: report fixed waits "
      + "longer than MS milliseconds (FIXED_WAIT_TOO_LONG; default 5000, 0 to 30000).")
  Integer maxFixedWait;

  @Option(names = "--fail-on-blocking", arity = "0..1", paramLabel = "BOOL", defaultValue = "true", fallbackValue = "true",
      description = "Exit 1 when the conversion is blocked (default true); false exits 0, the output and report still written.")
  boolean failOnBlocking = true;

  @Override
  public Integer call() {
    PrintWriter stdout = out();
    PrintWriter err = err();
    Optional<Format> target = Format.fromId(to).filter(Format::writable);
    if (target.isEmpty()) {
      return BrowserflowCommand.usage(err, "--to " + to + " is not a format BrowserFlow writes; use one of: " + writableFormats());
    }
    boolean project = FlowFiles.isSideProject(file);
    if (filter != null && !project) {
      return BrowserflowCommand.usage(err, "--filter picks suites and tests of a Selenium IDE project (.side), and " + file + " is none");
    }
    boolean toDirectory = out != null && (Files.isDirectory(out) || spec.commandLine().getParseResult()
        .matchedOption("--out").stringValues().stream().anyMatch(v -> v.endsWith("/") || v.endsWith(java.io.File.separator)));
    if (project && toDirectory) {
      return convertProject(target.get(), stdout, err);
    }
    if (filter != null) {
      return BrowserflowCommand.usage(err, "--filter writes one file per test: give --out DIR (an existing directory, or ending in /)");
    }
    Optional<ImportOptions> options = importOptions(err);
    if (options.isEmpty()) {
      return BrowserflowCommand.USAGE;
    }
    FlowFiles.Loaded loaded = FlowFiles.load(file, FlowJson.reader(), options.get());
    if (loaded.error() != null) {
      FlowFiles.printError(err, file, loaded.error());
      return BrowserflowCommand.usage(err, "cannot convert " + file + ": " + advice(loaded.error()));
    }
    Flow flow;
    try {
      flow = ExportInputs.fill(loaded.flow(), ExportInputs.parse(loaded.flow(), inputs));
    } catch (ExportInputs.Refused e) {
      return BrowserflowCommand.usage(err, e.getMessage());
    }
    // with the result on stdout, the report must not mix into it
    PrintWriter report = out == null ? err : stdout;
    Optional<Quality> quality = export(loaded.imported(), flow, file.toString(), target.get(), out, report, err);
    if (quality.isEmpty()) {
      return BrowserflowCommand.USAGE;
    }
    if (quality.get() == Quality.BLOCKED && failOnBlocking) {
      return BrowserflowCommand.FAILED;
    }
    return BrowserflowCommand.OK;
  }

  /**
   * The recording-plugin options given, checked: empty (with a usage error naming the flag) when
   * one is out of range or the file is in another format, which takes none.
   */
  private Optional<ImportOptions> importOptions(PrintWriter err) {
    List<String> given = new ArrayList<>();
    ImportOptions.Builder b = ImportOptions.builder();
    if (keepOverlayClicks) {
      given.add("--keep-overlay-clicks");
      b.keepOverlayClicks(true);
    }
    if (preserveNavigate) {
      given.add("--preserve-navigate");
      b.preserveNavigate(true);
    }
    if (maxFixedWait != null) {
      given.add("--max-fixed-wait");
      try {
        b.maxFixedWaitMs(maxFixedWait);
      } catch (IllegalArgumentException e) {
        err.println("browserflow: --max-fixed-wait " + maxFixedWait + ": give 0 to "
            + ImportOptions.MAX_FIXED_WAIT_LIMIT_MS + " milliseconds");
        return Optional.empty();
      }
    }
    if (given.isEmpty()) {
      return Optional.of(ImportOptions.defaults());
    }
    Optional<Format> format = FlowFiles.detect(file);
    if (format.isPresent() && format.get() != Format.RECORDING_PLUGIN) {
      err.println("browserflow: " + String.join(", ", given) + (given.size() == 1 ? " applies" : " apply")
          + " to recording plugin Flow JSON (" + Format.RECORDING_PLUGIN.id() + ") only, and " + file + " is "
          + format.get().id());
      return Optional.empty();
    }
    return Optional.of(b.build());
  }

  /**
   * A Selenium IDE project into a directory: one file per test (those {@code --filter} picks, each
   * once), named after the test; the report names each test.
   */
  private int convertProject(Format target, PrintWriter report, PrintWriter err) {
    SideProjectImport project;
    List<SideProjectImport.TestImport> tests;
    try {
      project = FlowFormats.readSideProject(file);
      tests = filter == null ? project.tests() : project.select(filter).stream().flatMap(s -> s.tests().stream())
          .distinct().collect(Collectors.toList());
    } catch (FlowException e) {
      FlowFiles.printError(err, file, e);
      return BrowserflowCommand.usage(err, "cannot convert " + file + ": " + advice(e));
    } catch (java.util.regex.PatternSyntaxException e) {
      return BrowserflowCommand.usage(err, "--filter " + filter + " is not a regular expression: " + e.getDescription());
    }
    if (tests.isEmpty()) {
      return BrowserflowCommand.usage(err, "no suite or test of " + file + " matches --filter " + filter + " (" + project.names() + ")");
    }
    for (String given : inputs) {
      String key = given.split("=", 2)[0].trim();
      if (tests.stream().noneMatch(t -> t.flow().input(key).isPresent())) {
        return BrowserflowCommand.usage(err, "--input " + key + ": no test of " + file + " declares it");
      }
    }
    project.issues().forEach(i -> report.println(file + ": " + i.describe()));
    Set<String> names = new java.util.HashSet<>();
    boolean blocked = false;
    for (SideProjectImport.TestImport t : tests) {
      String label = file + " › " + t.name();
      Flow flow;
      try {
        List<String> own = inputs.stream().filter(g -> t.flow().input(g.split("=", 2)[0].trim()).isPresent())
            .collect(Collectors.toList());
        flow = ExportInputs.fill(t.flow(), ExportInputs.parse(t.flow(), own));
      } catch (ExportInputs.Refused e) {
        return BrowserflowCommand.usage(err, label + ": " + e.getMessage());
      }
      Path to = out.resolve(fileName(t.name(), target, names));
      Optional<Quality> quality = export(t.conversion(), flow, label, target, to, report, err);
      if (quality.isEmpty()) {
        return BrowserflowCommand.USAGE;
      }
      blocked |= quality.get() == Quality.BLOCKED;
    }
    report.println("wrote " + tests.size() + (tests.size() == 1 ? " test" : " tests") + " of " + file + " to " + out);
    report.flush();
    return blocked ? BrowserflowCommand.FAILED : BrowserflowCommand.OK;
  }

  /** A file name from a test's name, unique in {@code taken}: {@code Log in!} becomes {@code log-in.flow.json}. */
  static String fileName(String testName, Format target, Set<String> taken) {
    String base = java.text.Normalizer.normalize(testName, java.text.Normalizer.Form.NFKD).replaceAll("\\p{M}", "")
        .toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    if (base.isEmpty()) {
      base = "test";
    }
    if (base.length() > 60) {
      base = base.substring(0, 60);
    }
    String name = base;
    for (int n = 2; !taken.add(name); n++) {
      name = base + "-" + n;
    }
    return name + extension(target);
  }

  private static String extension(Format f) {
    switch (f) {
      case CHROME_RECORDER:
      case RECORD_REPLAY:
        return ".json";
      case BROWSERCTL:
        return ".browserctl-flow.json";
      case BROWSERCTL_TEXT:
        return ".browserctl";
      case JAVA:
        return ".java";
      default:
        return ".flow.json";
    }
  }

  /**
   * Exports one flow and prints the import's and the export's report, prefixed with {@code label};
   * the quality of both, or empty when it could not be exported or written (already said on {@code err}).
   */
  private Optional<Quality> export(Conversion<Flow> imported, Flow flow, String label, Format target, Path to,
      PrintWriter report, PrintWriter err) {
    Conversion<String> exported;
    boolean recording = imported.from() == Format.RECORDING_PLUGIN;
    try {
      // a recording's import issues go into the file's own quality (browserctl-flow.json) too
      exported = recording ? FlowFormats.write(imported.withValue(Format.FLOW, flow), target) : FlowFormats.write(flow, target);
    } catch (FlowException e) {
      FlowFiles.printError(err, file, e);
      return Optional.empty();
    }
    // one file: its name on each summary line, the issues indented below it
    report.print(label + ": " + imported.report());
    if (!RunNeeds.all(flow).isEmpty()) {
      report.println(label + ": " + RunNeeds.all(flow));
    }
    report.print(label + ": " + exported.report());
    if (to == null) {
      out().print(exported.value());
      out().flush();
    } else {
      try {
        FlowFiles.write(to, exported.value());
        if (recording) {
          Path md = reportPath(to);
          Files.writeString(md, ConversionReport.markdown(imported, exported, to.getFileName().toString()),
              StandardCharsets.UTF_8);
          report.println("wrote " + md + " (conversion report)");
        }
      } catch (IOException e) {
        err.println("browserflow: cannot write " + to + ": " + e.getMessage());
        return Optional.empty();
      }
    }
    Set<String> unfilled = ExportInputs.unfilled(flow, exported.value());
    if (exported.has(ConversionCode.PLACEHOLDER_VALUE) && !unfilled.isEmpty()) {
      report.println("the output replays ${...} literally: fill inputs with --input KEY=VALUE (" + unfilled.stream()
          .map(k -> k + "=...").collect(Collectors.joining(" ")) + "); credentials are never filled");
    }
    Quality quality = imported.quality().compareTo(exported.quality()) >= 0 ? imported.quality() : exported.quality();
    String where = to == null ? "stdout" : to.toString();
    report.println("wrote " + where + " (" + target.id() + "), quality " + quality.jsonName());
    report.flush();
    if (quality == Quality.BLOCKED) {
      int n = imported.blockingIssues().size() + exported.blockingIssues().size();
      err.println("browserflow: " + label + ": " + ErrorCode.REVIEW_REQUIRED + ": the conversion has " + n
          + (n == 1 ? " blocking issue" : " blocking issues") + " (listed above); fix "
          + (to == null ? "the output" : to.toString()) + " before running it"
          + (failOnBlocking ? "" : " (--fail-on-blocking=false: exit 0)"));
    }
    return Optional.of(quality);
  }

  /** {@code <name>.conversion.md} next to {@code out}: its name without .flow.json, .browserctl-flow.json or extension. */
  static Path reportPath(Path out) {
    String name = out.getFileName().toString();
    String base = name;
    for (String ext : List.of(".browserctl-flow.json", ".flow.json")) {
      if (name.endsWith(ext) && name.length() > ext.length()) {
        base = name.substring(0, name.length() - ext.length());
        break;
      }
    }
    if (base.equals(name) && name.lastIndexOf('.') > 0) {
      base = name.substring(0, name.lastIndexOf('.'));
    }
    return out.resolveSibling(base + ".conversion.md");
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
