package io.browserflow.cli;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.json.FlowJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code browserflow import FILE|DIR... --into DIR}: brings flows of any readable format into a
 * folder of browserflow/2 files named by flow id, resolving flows whose id the folder already holds
 * as {@code --on-conflict} says. All or nothing: when one file cannot be imported, nothing is written.
 */
@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Import flows into a folder of flow files (DIR/<id>.flow.json, browserflow/2): flow files of either "
        + "schema (browserflow/1 is migrated), Chrome Recorder JSON, browserctl, Selenium IDE projects (one flow per "
        + "test) and the other readable formats, detected from the content. A folder given as FILE is imported "
        + "file by file. Nothing is written unless every flow can be imported.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every flow imported (or already there unchanged)",
        "1:nothing written: an id conflict with --on-conflict fail, or a blocked conversion without --force",
        "2:nothing written: bad usage, or an unreadable or invalid file"})
final class ImportCommand extends CliCommand {
  /** What to do with a flow whose id the folder already holds. */
  enum OnConflict { copy, overwrite, fail }

  @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Files to import, or folders whose files are imported.")
  List<Path> sources;

  @Option(names = "--into", required = true, paramLabel = "DIR",
      description = "The folder of flow files to import into (created when missing); what run --flows and mcp --flows read.")
  Path into;

  @Option(names = "--on-conflict", paramLabel = "copy|overwrite|fail", defaultValue = "fail",
      description = "A flow whose id the folder already holds: copy (import it as a new flow, id <id>-2, -3, ...), "
          + "overwrite (replace it as its next revision: version counted on), fail (the default: import nothing, "
          + "list the conflicts).")
  OnConflict onConflict;

  @Option(names = "--force", description = "Import conversions that are blocked (they still need review before they run).")
  boolean force;

  /** A flow to write: where, what, and the line that says so. */
  private record Planned(Path target, Flow flow, String line) { }

  @Override
  public Integer call() {
    PrintWriter out = out();
    PrintWriter err = err();
    List<Path> files = new ArrayList<>();
    for (Path source : sources) {
      if (Files.isDirectory(source)) {
        try (Stream<Path> list = Files.list(source)) {
          list.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).sorted().forEach(files::add);
        } catch (IOException e) {
          return BrowserflowCommand.usage(err, "import: cannot list " + source + ": " + e.getMessage());
        }
      } else if (Files.isRegularFile(source)) {
        files.add(source);
      } else {
        return BrowserflowCommand.usage(err, "import: " + source + " is neither a file nor a folder");
      }
    }
    if (files.isEmpty()) {
      return BrowserflowCommand.usage(err, "import: no file to import in " + sources.stream().map(Path::toString).collect(Collectors.joining(", ")));
    }
    if (Files.exists(into) && !Files.isDirectory(into)) {
      return BrowserflowCommand.usage(err, "import: --into " + into + " is a file; give the folder to import into");
    }
    List<FlowFiles.Loaded> loaded = FlowFiles.readForRun(files, FlowJson.reader(), ".*");
    boolean invalid = false;
    boolean blocked = false;
    for (FlowFiles.Loaded l : loaded) {
      if (l.error() != null) {
        FlowFiles.printError(err, l.file(), l.error());
        invalid = true;
      } else if (l.converted()) {
        FlowFiles.printConversion(err, l.label(), l.conversion());
        if (l.blocked() && !force) {
          err.println(l.label() + ": " + ErrorCode.REVIEW_REQUIRED + ": the conversion is blocked; fix the source, or import "
              + "it anyway with --force (it then needs review before it runs)");
          blocked = true;
        }
      }
    }
    if (invalid) {
      return BrowserflowCommand.usage(err, "import: nothing written");
    }
    if (blocked) {
      err.println("browserflow: import: nothing written");
      return BrowserflowCommand.FAILED;
    }
    Map<String, Path> held;
    try {
      held = heldIds(into, err);
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "import: cannot read --into " + into + ": " + e.getMessage());
    }
    Map<String, Flow> heldFlows = new LinkedHashMap<>();
    List<Planned> plan = new ArrayList<>();
    List<String> conflicts = new ArrayList<>();
    List<Flow> seen = new ArrayList<>();
    for (FlowFiles.Loaded l : loaded) {
      Flow flow = l.flow();
      if (seen.contains(flow)) {
        continue; // a Selenium IDE test played by two suites is one flow
      }
      seen.add(flow);
      String migrated = migratedNote(l);
      Path existing = held.get(flow.id());
      if (existing == null) {
        Path target = freeFile(flow.id(), plan);
        plan.add(new Planned(target, flow, "imported " + l.label() + " -> " + target + " (id " + flow.id() + ", version "
            + flow.version() + migrated + ")"));
        held.put(flow.id(), target);
        heldFlows.put(flow.id(), flow);
        continue;
      }
      switch (onConflict) {
        case fail -> conflicts.add(l.label() + ": id " + flow.id() + " is already held by " + existing);
        case copy -> {
          String id = freeId(flow.id(), held);
          Flow copy = Flow.builder().from(flow).id(id).version(1).build();
          Path target = freeFile(id, plan);
          plan.add(new Planned(target, copy, "copied " + l.label() + " -> " + target + " (id " + flow.id() + " is held by "
              + existing + "; the copy's id is " + id + migrated + ")"));
          held.put(id, target);
          heldFlows.put(id, copy);
        }
        case overwrite -> {
          Flow before = heldFlows.containsKey(flow.id()) ? heldFlows.get(flow.id()) : readHeld(existing);
          if (before != null && sameContent(before, flow)) {
            out.println("unchanged " + l.label() + ": " + existing + " holds the same flow (id " + flow.id() + ", version "
                + before.version() + ")");
            continue;
          }
          int version = Math.max(before == null ? 0 : before.version(), flow.version()) + 1;
          Flow revision = Flow.builder().from(flow).version(version).build();
          plan.removeIf(p -> p.target().equals(existing));
          plan.add(new Planned(existing, revision, "overwrote " + existing + " with " + l.label() + " (id " + flow.id()
              + ", version " + (before == null ? "?" : before.version()) + " -> " + version + migrated + ")"));
          heldFlows.put(flow.id(), revision);
        }
        default -> throw new IllegalStateException(onConflict.name());
      }
    }
    if (!conflicts.isEmpty()) {
      conflicts.forEach(c -> err.println(c));
      err.println("browserflow: import: nothing written: " + conflicts.size() + (conflicts.size() == 1 ? " flow has" : " flows have")
          + " an id the folder already holds; choose --on-conflict copy (import as new flows) or overwrite (as their next "
          + "revision)");
      return BrowserflowCommand.FAILED;
    }
    List<Path> temps = new ArrayList<>();
    try {
      Files.createDirectories(into);
      for (Planned p : plan) { // every file written first, then all moved into place
        Path tmp = Files.createTempFile(into, ".import-", ".tmp");
        temps.add(tmp);
        Files.writeString(tmp, FlowJson.write(p.flow()), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      temps.forEach(ImportCommand::deleteQuietly);
      return BrowserflowCommand.usage(err, "import: nothing written: cannot write into " + into + ": " + e.getMessage());
    }
    for (int i = 0; i < plan.size(); i++) {
      try {
        Files.move(temps.get(i), plan.get(i).target(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        out.println(plan.get(i).line());
      } catch (IOException e) {
        temps.subList(i, temps.size()).forEach(ImportCommand::deleteQuietly);
        return BrowserflowCommand.usage(err, "import: stopped after " + i + " of " + plan.size() + " files: cannot move into "
            + plan.get(i).target() + ": " + e.getMessage());
      }
    }
    return BrowserflowCommand.OK;
  }

  /** The ids the folder's flow files hold, each to its file; files that do not read are named and kept out. */
  private static Map<String, Path> heldIds(Path dir, PrintWriter err) throws IOException {
    Map<String, Path> ids = new LinkedHashMap<>();
    if (!Files.isDirectory(dir)) {
      return ids;
    }
    try (Stream<Path> list = Files.list(dir)) {
      for (Path file : list.filter(p -> p.getFileName().toString().endsWith(".flow.json")).sorted().toList()) {
        try {
          ids.putIfAbsent(FlowJson.reader().withoutValidation().read(file).id(), file);
        } catch (FlowException e) {
          err.println("browserflow: import: warning: " + file + " in --into does not read (" + e.code()
              + "); its id is not known, left as is");
        }
      }
    }
    return ids;
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // a temporary file left behind is named .import-*.tmp; nothing else to do
    }
  }

  private static Flow readHeld(Path file) {
    try {
      return FlowJson.reader().withoutValidation().read(file);
    } catch (FlowException e) {
      return null;
    }
  }

  /** Whether two flows differ in nothing but their revision. */
  private static boolean sameContent(Flow a, Flow b) {
    return Flow.builder().from(a).version(1).build().equals(Flow.builder().from(b).version(1).build());
  }

  private static String freeId(String id, Map<String, Path> held) {
    for (int n = 2; ; n++) {
      String candidate = id + "-" + n;
      if (!held.containsKey(candidate)) {
        return candidate;
      }
    }
  }

  /**
   * {@code <id>.flow.json} in the folder, or {@code <id>-2.flow.json}, ... when a file of that name
   * exists (holding another flow, or one that does not read) or is planned: no file is ever replaced
   * but the one holding the flow's own id.
   */
  private Path freeFile(String id, List<Planned> plan) {
    String stem = id.replaceAll("[^A-Za-z0-9._-]", "_");
    Path target = into.resolve(stem + ".flow.json");
    for (int n = 2; Files.exists(target) || planned(plan, target); n++) {
      target = into.resolve(stem + "-" + n + ".flow.json");
    }
    return target;
  }

  private static boolean planned(List<Planned> plan, Path target) {
    return plan.stream().anyMatch(p -> p.target().equals(target));
  }

  private static String migratedNote(FlowFiles.Loaded l) {
    if (l.converted()) {
      return ", converted from " + l.conversion().from().id();
    }
    try {
      String text = Files.readString(l.file(), StandardCharsets.UTF_8);
      return FlowJson.declaredSchema(text).filter(Flow.SCHEMA_V1::equals).isPresent() ? ", migrated from " + Flow.SCHEMA_V1 : "";
    } catch (IOException e) {
      return "";
    }
  }
}
