package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every command of Selenium IDE's own command list (a pinned copy of {@code @seleniumhq/side-model}
 * 4.0.13's, {@code formats/side/selenium-ide-commands.tsv}) is imported: each is converted on its
 * own (with the action or block it needs around it), and is either mapped to steps or reported with
 * a code. {@code docs/selenium-ide-commands.md} is generated from what the converter really does;
 * regenerate it with {@code ./mvnw -pl flow-formats test -Dtest=SideCommandCoverageTest
 * -Dbrowserflow.docs.update=true}.
 */
class SideCommandCoverageTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path LIST = Path.of("src/test/resources/formats/side/selenium-ide-commands.tsv");
  private static final Path PAGE = ROOT.resolve("docs/selenium-ide-commands.md");

  /** Commands that say something about the previous action, or need a block around them. */
  private static final Set<String> DIALOG = Set.of("acceptAlert", "acceptConfirmation", "answerPrompt", "assertAlert",
      "assertConfirmation", "assertPrompt", "dismissConfirmation", "dismissPrompt");

  /** How a command comes over: mapped to steps, skipped on purpose (no effect on a replay, said in an info), or not mapped. */
  enum Status { MAPPED, SKIPPED, NOT_MAPPED }

  record Row(String command, String target, String value, Status status, String steps, String codes) {
    boolean mapped() {
      return status == Status.MAPPED;
    }
  }

  static List<Row> rows() throws IOException {
    List<Row> rows = new ArrayList<>();
    for (String line : Files.readAllLines(LIST, StandardCharsets.UTF_8)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      rows.add(row(f[0], f.length > 1 ? f[1] : "", f.length > 2 ? f[2] : ""));
    }
    return rows;
  }

  private static Row row(String name, String targetArg, String valueArg) {
    List<ObjectNode> cmds = new ArrayList<>(List.of(cmd("open", "/")));
    String target = sample(name, targetArg);
    String value = sample(name, valueArg);
    switch (name) {
      case "if", "while", "times", "forEach" -> {
        if (name.equals("forEach")) {
          cmds.add(cmd("storeJson", "[\"a\",\"b\"]", "items"));
        }
        cmds.add(cmd(name, target, value));
        cmds.add(cmd("click", "id=x"));
        cmds.add(cmd("end", ""));
      }
      case "else", "elseIf" -> {
        cmds.add(cmd("if", "${n} == 1"));
        cmds.add(cmd("click", "id=x"));
        cmds.add(cmd(name, name.equals("elseIf") ? "${n} == 2" : ""));
        cmds.add(cmd("click", "id=y"));
        cmds.add(cmd("end", ""));
      }
      case "end" -> {
        cmds.add(cmd("times", "2"));
        cmds.add(cmd("click", "id=x"));
        cmds.add(cmd("end", ""));
      }
      case "do", "repeatIf" -> {
        cmds.add(cmd("do", ""));
        cmds.add(cmd("click", "id=x"));
        cmds.add(cmd("repeatIf", "${n} < 3", "5"));
      }
      case "run" -> {
        return classify(name, targetArg, valueArg, FlowFormats.readSideProject(SideProjects.project(
            SideProjects.test("caller", cmd("open", "/"), cmd("run", "callee")),
            SideProjects.test("callee", cmd("click", "id=x"))), "c.side").tests().get(0).conversion());
      }
      case "selectWindow" -> {
        cmds.add(cmd("storeWindowHandle", "root"));
        cmds.add(cmd(name, "handle=${root}"));
      }
      default -> {
        if (DIALOG.contains(name)) {
          cmds.add(cmd("click", "id=x"));
        }
        cmds.add(cmd(name, target, value));
      }
    }
    return classify(name, targetArg, valueArg, new SideCodec().read(SideProjects.commands(cmds.toArray(ObjectNode[]::new)), "c.side"));
  }

  /** A plausible argument for a command, from the name the reference gives it. */
  private static String sample(String command, String arg) {
    switch (arg) {
      case "": return "";
      case "locator": case "select locator": case "locator of object to be dragged": return "id=x";
      case "locator of drag destination object": return "id=y";
      case "attribute locator": return "id=x@href";
      case "coord string": return "5,5";
      case "option": return "label=Large";
      case "conditional expression": return "${n} < 3";
      case "loop limit": case "times": return "3";
      case "wait time": return "500";
      case "url": return "/next";
      case "script": return command.equals("executeAsyncScript") ? "arguments[0](1)" : "return 1";
      case "json": return "[1, 2]";
      case "key sequence": return "abc${KEY_ENTER}";
      case "window handle": return "handle=${root}";
      case "resolution": return "1280x800";
      case "array variable name": return "items";
      case "iterator variable name": return "item";
      case "variable name": return "v";
      case "test case": return "callee";
      default: return "Hello";
    }
  }

  private static Row classify(String name, String targetArg, String valueArg, Conversion<Flow> c) {
    Set<String> codes = new TreeSet<>();
    boolean unsupported = false;
    for (ConversionIssue i : c.issues()) {
      if (i.path().startsWith("tests[0].commands[0]")) {
        continue;
      }
      codes.add(i.code().name());
      unsupported |= i.code() == ConversionCode.UNSUPPORTED_STEP || i.code() == ConversionCode.DIALOG_UNATTACHED;
    }
    Set<String> kinds = new LinkedHashSet<>();
    collect(c.value().steps().subList(1, c.value().steps().size()), kinds);
    String steps = kinds.isEmpty() ? "—" : String.join(", ", kinds);
    Status status = !unsupported && c.stepsMapped() == c.stepsRead() ? Status.MAPPED
        : kinds.isEmpty() && codes.equals(Set.of(ConversionCode.COMMAND_SKIPPED.name())) ? Status.SKIPPED : Status.NOT_MAPPED;
    return new Row(name, targetArg, valueArg, status, steps, String.join(", ", codes));
  }

  private static void collect(List<Step> steps, Set<String> kinds) {
    for (Step s : steps) {
      kinds.add(s.kind().op() + (s.dialogs().isEmpty() ? "" : " + dialogs"));
    }
  }

  static String render(List<Row> rows) {
    long mapped = rows.stream().filter(Row::mapped).count();
    long skipped = rows.stream().filter(r -> r.status() == Status.SKIPPED).count();
    StringBuilder b = new StringBuilder();
    b.append("# Selenium IDE commands\n\n")
        .append("Generated by `SideCommandCoverageTest` from a pinned copy of Selenium IDE's command list (npm\n")
        .append("`@seleniumhq/side-model` 4.0.13, what `selenium-side-runner` 4.0.13 plays): what BrowserFlow's importer makes\n")
        .append("of each command, converted on its own. **").append(mapped).append(" of ").append(rows.size())
        .append(" are mapped**, ").append(skipped).append(" are skipped on purpose (they do nothing to a replay: the\n")
        .append("conversion says so in an info), the others are reported with the code shown. Codes are explained in\n")
        .append("[errors.md](errors.md). Steps are listed after the test's `open`; `+ dialogs` means the command became a\n")
        .append("dialog of the action before it.\n\n")
        .append("| command | target | value | mapped | steps | codes |\n|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      b.append("| `").append(r.command()).append("` | ").append(r.target()).append(" | ").append(r.value()).append(" | ")
          .append(r.status() == Status.MAPPED ? "yes" : r.status() == Status.SKIPPED ? "skipped" : "**no**").append(" | ").append(r.steps()).append(" | ").append(r.codes()).append(" |\n");
    }
    return b.toString();
  }

  @Test
  void should_map_or_report_every_command_of_the_reference_and_keep_the_table_current() throws IOException {
    List<Row> rows = rows();
    assertThat(rows).hasSize(93);
    String generated = render(rows);
    if (Boolean.getBoolean("browserflow.docs.update")) {
      Files.writeString(PAGE, generated, StandardCharsets.UTF_8);
    }
    assertThat(PAGE).as("generate it with -Dbrowserflow.docs.update=true").exists();
    assertThat(Files.readString(PAGE, StandardCharsets.UTF_8)).as("docs/selenium-ide-commands.md is out of date: run "
        + "./mvnw -pl flow-formats test -Dtest=SideCommandCoverageTest -Dbrowserflow.docs.update=true").isEqualTo(generated);
    Map<Status, List<String>> split = rows.stream().collect(Collectors.groupingBy(Row::status,
        Collectors.mapping(Row::command, Collectors.toList())));
    assertThat(split.get(Status.MAPPED)).as("mapped commands").hasSize(90);
    assertThat(split.get(Status.SKIPPED)).as("skipped on purpose").containsExactlyInAnyOrder("debugger", "echo", "setSpeed");
    assertThat(split.get(Status.NOT_MAPPED)).as("not mapped: none").isNull();
  }
}
