package io.browserflow.formats;

import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Point;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.validate.FlowValidator;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Converts one test of a Selenium IDE project to a flow; not reusable. Each command goes to the
 * mapper of its family ({@link SidePageCommands}, {@link SideInteractionCommands}, {@link
 * SideDataCommands}, {@link SideConditions}), blocks to {@link SideControlFlow}; they share one
 * {@link SideImportState}. See {@link SideCodec} for variables, windows and frames.
 */
final class SideImport {
  static final Set<String> KNOWN_UNSUPPORTED = Set.of("submit");

  private final SideProject project;
  private final SideProject.Test test;
  private final String origin;
  private final SideImportState st;
  private final SideLocators locators;
  private final SidePageCommands pages;
  private final SideInteractionCommands interactions;
  private final SideDataCommands data;
  private final SideConditions conditions;
  private final SideControlFlow control;
  /** The commands a mapper takes as they are, by name; {@link #command} maps the others. */
  private final Map<String, BiConsumer<Command, List<Step>>> mappers;

  SideImport(SideProject project, SideProject.Test test, String origin) {
    this.project = project;
    this.test = test;
    this.origin = origin;
    List<Command> commands = new ArrayList<>();
    inline(test, new ArrayList<>(List.of(test.listedName)), commands);
    this.st = new SideImportState(commands, project.baseUrl);
    SideVariables vars = new SideVariables(st);
    this.locators = new SideLocators(st, vars);
    this.pages = new SidePageCommands(st, vars, locators);
    this.interactions = new SideInteractionCommands(st, vars, locators);
    this.data = new SideDataCommands(st, vars, locators);
    this.conditions = new SideConditions(st, vars, locators);
    this.control = new SideControlFlow(st, vars, conditions, this::command);
    this.mappers = Map.ofEntries(
        Map.entry("open", pages::open),
        Map.entry("dragAndDropToObject", interactions::dragAndDrop),
        Map.entry("selectFrame", pages::selectFrame),
        Map.entry("selectWindow", pages::selectWindow),
        Map.entry("pause", pages::pause),
        Map.entry("setWindowSize", pages::windowSize),
        Map.entry("store", data::store),
        Map.entry("storeText", data::storeRead),
        Map.entry("storeValue", data::storeRead),
        Map.entry("storeAttribute", data::storeAttribute),
        Map.entry("storeTitle", data::storeTitle),
        Map.entry("storeXpathCount", data::storeCount),
        Map.entry("storeElementCount", data::storeCount),
        Map.entry("storeJson", data::storeJson),
        Map.entry("executeScript", data::script),
        Map.entry("executeAsyncScript", data::script),
        Map.entry("runScript", data::script),
        Map.entry("while", control::whileStep),
        Map.entry("times", control::times),
        Map.entry("do", control::doLoop),
        Map.entry("forEach", control::forEach));
  }

  Conversion<Flow> convert() {
    List<Step> steps = control.test();
    String name = test.name.trim();
    if (name.isEmpty()) {
      name = "Selenium IDE test " + (test.index + 1);
    }
    if (name.length() > SideImportState.LIMITS.maxNameChars()) {
      st.issues.info(ConversionCode.FIELD_TRUNCATED, "tests[" + test.index + "].name",
          "the test name has " + name.length() + " characters; the flow name keeps the first " + SideImportState.LIMITS.maxNameChars());
      name = name.substring(0, SideImportState.LIMITS.maxNameChars());
    }
    String projectName = project.name;
    Flow.Builder flow = Flow.builder().name(name)
        .description("Imported from test \"" + name + "\" of the Selenium IDE project"
            + (projectName.isEmpty() ? "" : " \"" + projectName + "\"") + " (" + Json.label(origin) + ").")
        .meta(FlowMeta.builder().source("selenium-ide").build())
        .inputs(st.inputs.values()).credentials(st.credentials.values()).tabs(st.tabs).steps(steps);
    if (st.scriptEval) {
      flow.policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build());
      st.issues.info(ConversionCode.EVAL_USED, "tests[" + test.index + "]", "the flow runs page scripts "
          + "(executeScript, conditions, counts or the title): it declares the " + Capability.SCRIPT_EVAL.id()
          + " capability, which a run must allow");
    }
    Flow built = flow.build();
    for (Problem p : FlowValidator.of(SideImportState.LIMITS).validate(built)) {
      st.issues.blocking(ConversionCode.INVALID_FLOW, "flow." + p.path(), p.code() + ": " + p.message());
    }
    return Conversion.of(Format.SELENIUM_IDE, Format.FLOW, built, st.cmds.size(), st.mapped.size(), st.issues)
        .withRecordedSecrets(RecordedSecrets.of(st.recordedSecrets));
  }

  /**
   * The commands of {@code t} with each {@code run NAME} followed by the commands of the test it
   * calls, as the reference plays them (in the caller's variables, its steps getting ids of the
   * caller's flow); a call back into a test on {@code chain} is a blocking cycle and inlines nothing.
   */
  /** What inlining found out about each run command, reported when the command's turn comes. */
  private record CallNote(ConversionCode code, ConversionIssue.Severity severity, String message) {}

  private final java.util.Map<Command, CallNote> calls = new java.util.IdentityHashMap<>();

  private void inline(SideProject.Test t, List<String> chain, List<Command> out) {
    for (Command c : t.commands()) {
      out.add(c);
      if (!c.name.equals("run") || c.disabled) {
        continue;
      }
      String called = c.target.trim();
      java.util.Optional<SideProject.Test> callee = project.testNamed(called);
      if (callee.isEmpty()) {
        calls.put(c, new CallNote(ConversionCode.TEST_NOT_FOUND, ConversionIssue.Severity.BLOCKING, "run calls the test \""
            + called + "\", which the project does not have"));
      } else if (chain.contains(called)) {
        calls.put(c, new CallNote(ConversionCode.TEST_CALL_CYCLE, ConversionIssue.Severity.BLOCKING, "run calls \"" + called
            + "\" again: " + String.join(" → ", chain) + " → " + called + "; nothing is inlined"));
      } else {
        chain.add(called);
        int before = out.size();
        inline(callee.get(), chain, out);
        chain.remove(chain.size() - 1);
        calls.put(c, new CallNote(ConversionCode.TEST_INLINED, ConversionIssue.Severity.INFO, "the " + (out.size() - before)
            + " commands of test \"" + called + "\" (" + callee.get().path() + ") are inlined here"));
      }
    }
  }

  /**
   * After {@link #convert}: each variable the test stores, to where its value is at the end of a run
   * ({@code steps.s3.text}, {@code vars.x}: a key of the run's outputs).
   */
  java.util.Map<String, String> exportedVariables() {
    java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
    st.refs.forEach((var, ref) -> {
      java.util.regex.Matcher m = OUTPUT_REF.matcher(ref);
      if (m.matches()) {
        out.put(var, m.group(1));
      }
    });
    return out;
  }

  /** After {@link #convert}: the inputs that stand for variables an earlier test sets, input key to variable. */
  java.util.Map<String, String> importedVariables() {
    return new java.util.LinkedHashMap<>(st.outsideVars);
  }

  private static final java.util.regex.Pattern OUTPUT_REF = java.util.regex.Pattern.compile("\\$\\{((?:steps|vars)\\.[^}]+)}");

  // ------------------------------------------------------------------ commands

  private List<Step> command(Command c) {
    List<Step> out = new ArrayList<>();
    BiConsumer<Command, List<Step>> mapper = mappers.get(c.name);
    if (mapper != null) {
      mapper.accept(c, out);
      return out;
    }
    switch (c.name) {
      case "click", "clickAt" -> {
        locators.target(c).ifPresent(t -> {
          Optional<Point> at = interactions.offset(c);
          if (at.isPresent() && !c.opensWindow) {
            // the reference clicks at a point counted from the element's centre, wherever it lands
            out.add(InteractionStep.Mouse.builder().id(st.id()).action(Step.MouseAction.CLICK).target(t).fromCenter(at.get()).build());
            return;
          }
          if (at.isPresent()) {
            st.issues.warning(ConversionCode.APPROXIMATED, c.path + ".value", "a click that opens a window is made at the "
                + "element's centre (it binds the new tab); the coordinates " + c.value + " are left out");
          }
          InteractionStep.Click.Builder b = InteractionStep.Click.builder().id(st.id()).target(t);
          if (c.opensWindow) {
            b.newTab(pages.popup(c));
          }
          out.add(b.build());
        });
      }
      case "doubleClick", "doubleClickAt" -> {
        locators.target(c).ifPresent(t -> {
          Optional<Point> at = interactions.offset(c);
          out.add(at.isPresent()
              ? InteractionStep.Mouse.builder().id(st.id()).action(Step.MouseAction.DBLCLICK).target(t).fromCenter(at.get()).build()
              : InteractionStep.Dblclick.builder().id(st.id()).target(t).build());
        });
      }
      case "mouseOver" -> locators.target(c).ifPresent(t -> out.add(
          InteractionStep.Hover.builder().id(st.id()).target(t).build()));
      case "mouseDown", "mouseDownAt", "mouseUp", "mouseUpAt", "mouseMoveAt", "mouseOut" -> {
        // WebDriver actions at the element: coordinates count from its centre, as the reference moves
        locators.target(c).ifPresent(t -> {
          Step.MouseAction action = c.name.startsWith("mouseDown") ? Step.MouseAction.DOWN
              : c.name.startsWith("mouseUp") ? Step.MouseAction.UP
              : c.name.equals("mouseOut") ? Step.MouseAction.OUT : Step.MouseAction.MOVE;
          InteractionStep.Mouse.Builder b = InteractionStep.Mouse.builder().id(st.id()).action(action).target(t);
          interactions.offset(c).ifPresent(b::fromCenter);
          out.add(b.build());
        });
      }
      case "editContent" -> {
        locators.target(c).ifPresent(t -> {
          st.issues.info(ConversionCode.APPROXIMATED, c.path, "editContent is a fill of the contenteditable element: typed "
              + "with input events, where the reference sets its innerText without any");
          out.add(InteractionStep.Fill.builder().id(st.id()).target(t).value(interactions.typed(c, c.value)).build());
        });
      }
      case "check" -> locators.target(c).ifPresent(t -> out.add(
          InteractionStep.Check.builder().id(st.id()).target(t).build()));
      case "uncheck" -> locators.target(c).ifPresent(t -> out.add(
          InteractionStep.Uncheck.builder().id(st.id()).target(t).build()));
      case "type" -> locators.target(c).ifPresent(t -> out.add(
          InteractionStep.Fill.builder().id(st.id()).target(t).value(interactions.typed(c, c.value)).build()));
      case "sendKeys" -> locators.target(c).ifPresent(t -> interactions.sendKeys(c, t, out));
      case "select", "addSelection", "removeSelection" -> locators.target(c).ifPresent(t -> interactions.select(c, t, out));
      case "storeWindowHandle" -> pages.storeWindowHandle(c);
      case "close" -> pages.close(out);
      case "echo" -> st.issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "echo has no step equivalent; its message was: "
          + abbreviate(c.target));
      case "setSpeed", "debugger" -> st.issues.info(ConversionCode.COMMAND_SKIPPED, c.path,
          c.name + " has no effect on a replay");
      case "if" -> out.add(control.ifStep(c));
      case "run" -> {
        CallNote note = calls.get(c);
        if (note == null) { // disabled: nothing was inlined
          st.issues.info(ConversionCode.STEP_DISABLED, c.path, "the disabled run of \"" + c.target.trim()
              + "\" is left out: its test's commands are not inlined");
          break;
        }
        st.issues.add(note.code(), note.severity(), c.path, note.message());
        if (note.severity() != ConversionIssue.Severity.BLOCKING) {
          st.mapped.add(c); // its test's commands follow it (see inline)
        }
      }
      case "" -> st.issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "an empty command line");
      default -> {
        if (!conditions.check(c, out)) {
          unknown(c);
        }
      }
    }
    return out;
  }

  private void unknown(Command c) {
    if (KNOWN_UNSUPPORTED.contains(c.name)) {
      st.unsupported(c, c.name.startsWith("assert") ? ConversionIssue.Severity.BLOCKING : ConversionIssue.Severity.WARNING,
          "it has no step equivalent");
    } else {
      st.unsupported(c, ConversionIssue.Severity.BLOCKING, "it is not a command this converter knows");
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 120 ? s.substring(0, 120) + "…" : s;
  }
}
