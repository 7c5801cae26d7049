package io.browserflow.formats;

import io.browserflow.api.Condition;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Selenium IDE control flow as nested steps: the blocks of {@code if}/{@code elseIf}/{@code else},
 * {@code while}, {@code times}, {@code do ... repeatIf} and {@code forEach} up to their {@code end},
 * read command by command from the cursor; a block without its end is a blocking issue.
 */
final class SideControlFlow {
  static final Set<String> TERMINATORS = Set.of("end", "else", "elseIf", "repeatIf");
  static final Set<String> STRUCTURE = Set.of("if", "elseIf", "else", "end", "while", "times", "do",
      "repeatIf", "forEach");
  static final Set<String> LOOPS = Set.of("while", "times", "do", "forEach");

  private final SideImportState st;
  private final SideVariables vars;
  private final SideConditions conditions;
  /** Maps one command that is no block of its own (the importer's dispatch). */
  private final Function<Command, List<Step>> commands;
  private final SideDialogs dialogs;
  private int cursor;
  private int doLoops;

  SideControlFlow(SideImportState st, SideVariables vars, SideConditions conditions,
      Function<Command, List<Step>> commands) {
    this.st = st;
    this.vars = vars;
    this.conditions = conditions;
    this.commands = commands;
    this.dialogs = new SideDialogs(st, vars);
  }

  /** The whole test: its steps, then what the dialog commands left over. */
  List<Step> test() {
    List<Step> out = steps(Set.of());
    dialogs.reportUnused("tests");
    return out;
  }

  List<Step> steps(Set<String> until) {
    List<Step> out = new ArrayList<>();
    while (cursor < st.cmds.size()) {
      Command c = st.cmds.get(cursor);
      if (c.disabled && STRUCTURE.contains(c.name)) {
        st.issues.warning(ConversionCode.CONTROL_FLOW, c.path, "the disabled control-flow command " + c.name
            + " is left out; enable or remove the block it belongs to");
        cursor++;
        continue;
      }
      if (until.contains(c.name)) {
        return out;
      }
      if (TERMINATORS.contains(c.name)) {
        st.issues.blocking(ConversionCode.CONTROL_FLOW, c.path, c.name + " has no matching "
            + (c.name.equals("repeatIf") ? "do" : "if, while, times or forEach") + " before it");
        cursor++;
        continue;
      }
      cursor++;
      if (SideDialogs.handles(c.name)) {
        if (c.disabled) {
          st.issues.info(ConversionCode.STEP_DISABLED, c.path, "the disabled " + c.name + " is left out");
        } else if (dialogs.apply(c, out)) {
          st.mapped.add(c);
        }
        continue;
      }
      List<Step> made = new ArrayList<>(commands.apply(c));
      dialogs.attachArmed(made);
      if (!made.isEmpty()) {
        st.mapped.add(c);
        if (!c.comment.isEmpty()) {
          made.set(0, made.get(0).withTitle(c.comment));
        }
        if (c.disabled) {
          made.replaceAll(s -> s.withDisabled(true));
        }
      }
      out.addAll(made);
    }
    return out;
  }

  /** Expects {@code name} at the cursor (the end of a block) and consumes it. */
  private boolean close(String name, Command opener) {
    if (cursor < st.cmds.size() && st.cmds.get(cursor).name.equals(name)) {
      st.mapped.add(st.cmds.get(cursor));
      cursor++;
      return true;
    }
    st.issues.blocking(ConversionCode.CONTROL_FLOW, opener.path, opener.name + " has no matching " + name
        + (cursor < st.cmds.size() ? " (found " + st.cmds.get(cursor).name + " at " + st.cmds.get(cursor).path + ")" : ""));
    return false;
  }

  Step ifStep(Command c) {
    String id = st.id();
    Condition cond = conditions.expression(c.target, c.path + ".target");
    List<Step> then = steps(Set.of("elseIf", "else", "end"));
    List<Step> otherwise = new ArrayList<>();
    if (cursor < st.cmds.size() && st.cmds.get(cursor).name.equals("elseIf")) {
      Command elseIf = st.cmds.get(cursor++);
      Step nested = ifStep(elseIf);
      st.mapped.add(elseIf);
      otherwise.add(elseIf.comment.isEmpty() ? nested : nested.withTitle(elseIf.comment));
    } else if (cursor < st.cmds.size() && st.cmds.get(cursor).name.equals("else")) {
      st.mapped.add(st.cmds.get(cursor));
      cursor++;
      otherwise.addAll(steps(Set.of("end")));
      close("end", c);
    } else {
      close("end", c);
    }
    return ControlStep.If.builder().id(id).condition(cond).then(then).otherwise(otherwise).build();
  }

  void whileStep(Command c, List<Step> out) {
    String id = st.id();
    Condition cond = conditions.expression(c.target, c.path + ".target");
    int max = loopLimit(c);
    List<Step> body = steps(Set.of("end"));
    close("end", c);
    out.add(ControlStep.While.builder().id(id).condition(cond).max(max).body(body).build());
  }

  private int loopLimit(Command c) {
    String v = c.value.trim();
    int limit = SideImportState.NUMBER.matcher(v).matches() ? (int) Double.parseDouble(v) : 1000;
    return st.clamp(limit, 1, SideImportState.LIMITS.maxWhileIterations(), c, "the loop limit");
  }

  void times(Command c, List<Step> out) {
    String id = st.id();
    String v = c.target.trim();
    int times = 1;
    java.util.regex.Matcher var = java.util.regex.Pattern.compile("\\$\\{([^}]+)}").matcher(v);
    if (var.matches() && st.literals.containsKey(var.group(1).trim())
        && SideImportState.NUMBER.matcher(st.literals.get(var.group(1).trim())).matches()) {
      // a count stored once as a literal number (store 3 rounds): the reference reads the same number
      v = st.literals.get(var.group(1).trim());
      st.issues.info(ConversionCode.APPROXIMATED, c.path + ".target", "times " + c.target.trim() + " repeats "
          + v + " times: the number the test stores in " + var.group(1).trim());
    }
    if (SideImportState.NUMBER.matcher(v).matches()) {
      times = st.clamp((int) Double.parseDouble(v), 1, SideImportState.LIMITS.maxRepeatTimes(), c, "the repeat count");
    } else {
      st.issues.blocking(ConversionCode.FIELD_INVALID, c.path + ".target", "times " + v + " is not a "
          + "number: a repeat needs a fixed count (the flow repeats once)");
    }
    List<Step> body = steps(Set.of("end"));
    close("end", c);
    out.add(ControlStep.Repeat.builder().id(id).times(times).body(body).build());
  }

  /** do ... repeatIf c: a while over a run variable, set again from the condition at the end of the body. */
  void doLoop(Command c, List<Step> out) {
    String flag = "do_loop_" + (++doLoops);
    String setId = st.id();
    String id = st.id();
    List<Step> body = new ArrayList<>(steps(Set.of("repeatIf")));
    Condition again;
    int max = SideImportState.LIMITS.maxWhileIterations();
    if (cursor < st.cmds.size() && st.cmds.get(cursor).name.equals("repeatIf")) {
      Command repeatIf = st.cmds.get(cursor);
      st.mapped.add(repeatIf);
      cursor++;
      again = conditions.expression(repeatIf.target, repeatIf.path + ".target");
      max = loopLimit(repeatIf);
    } else {
      close("repeatIf", c);
      again = Condition.Var.falsy("${vars." + flag + "}");
    }
    body.add(ControlStep.If.builder().id(st.id()).condition(again)
        .addThen(DataStep.SetVar.builder().id(st.id()).name(flag).value("true").build())
        .addOtherwise(DataStep.SetVar.builder().id(st.id()).name(flag).value("").build()).build());
    out.add(DataStep.SetVar.builder().id(setId).name(flag).value("true").build());
    out.add(ControlStep.While.builder().id(id).condition(Condition.Var.truthy("${vars." + flag + "}")).max(max)
        .body(body).build());
    st.issues.info(ConversionCode.REWRITTEN, c.path, "do ... repeatIf became a while over ${vars." + flag
        + "}, set from the repeatIf condition at the end of each pass");
  }

  void forEach(Command c, List<Step> out) {
    String id = st.id();
    String array = c.target.trim();
    String item = c.value.trim();
    ForeachSource source;
    if (st.arrays.containsKey(array)) {
      source = ForeachSource.literal(st.arrays.get(array));
    } else {
      String ref = vars.ref(array, c.path + ".target");
      source = ForeachSource.literal(List.of(ref));
      st.issues.blocking(ConversionCode.FOREACH_SOURCE, c.path + ".target", "forEach iterates " + array
          + ", which no storeJson of this test sets to a list of values: the flow iterates once over its text; "
          + "make the source a literal list, a scrape or a csvImport");
    }
    boolean nested = hasNestedLoop();
    String previous = st.refs.get(item);
    List<Step> body = new ArrayList<>();
    if (!item.isEmpty()) {
      if (nested) {
        String name = SideVariables.varName(item);
        body.add(DataStep.SetVar.builder().id(st.id()).name(name).value("${loop.item}").build());
        st.refs.put(item, "${vars." + name + "}");
      } else {
        st.refs.put(item, "${loop.item}");
      }
    }
    body.addAll(steps(Set.of("end")));
    close("end", c);
    if (!item.isEmpty() && !nested) {
      if (previous == null) {
        st.refs.remove(item);
      } else {
        st.refs.put(item, previous);
      }
    }
    out.add(ControlStep.Foreach.builder().id(id).source(source).body(body).build());
  }

  /** Whether the block starting at the cursor holds a loop before its matching end. */
  private boolean hasNestedLoop() {
    int depth = 0;
    for (int k = cursor; k < st.cmds.size(); k++) {
      Command c = st.cmds.get(k);
      if (c.disabled) {
        continue;
      }
      if (LOOPS.contains(c.name)) {
        return true;
      }
      if (STRUCTURE.contains(c.name) && !TERMINATORS.contains(c.name)) {
        depth++;
      } else if (c.name.equals("end") || c.name.equals("repeatIf")) {
        if (depth == 0) {
          return false;
        }
        depth--;
      }
    }
    return false;
  }
}
