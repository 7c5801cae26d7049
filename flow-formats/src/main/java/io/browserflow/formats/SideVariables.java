package io.browserflow.formats;

import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * Selenium IDE variables in the flow: where each lives now (a step output {@code
 * ${steps.<id>.text}}, a run variable {@code ${vars.x}} when it is assigned more than once or in a
 * loop, a loop item, a tab alias), and {@code ${x}} in a value mapped to that placeholder; a
 * variable no earlier command stores becomes an input.
 */
final class SideVariables {
  private static final Set<String> ASSIGNING = Set.of("store", "storeText", "storeValue", "storeAttribute",
      "storeTitle", "storeXpathCount", "storeElementCount", "storeJson", "executeScript", "executeAsyncScript");

  private final SideImportState st;
  /** Variables assigned more than once or inside a loop: kept in run variables. */
  private final Set<String> multi = new HashSet<>();
  /** Keys of the sendKeys-only variables already warned about, by path. */
  private final Set<String> warned = new HashSet<>();

  SideVariables(SideImportState st) {
    this.st = st;
    countAssignments(st.cmds);
  }

  private void countAssignments(List<Command> cmds) {
    Map<String, Integer> count = new HashMap<>();
    int loopDepth = 0;
    List<String> open = new ArrayList<>();
    for (Command c : cmds) {
      if (c.disabled) {
        continue;
      }
      if (ASSIGNING.contains(c.name)) {
        String var = assignedVar(c);
        if (!var.isEmpty()) {
          count.merge(var, 1, Integer::sum);
          if (loopDepth > 0) {
            multi.add(var);
          }
        }
      }
      if (SideControlFlow.STRUCTURE.contains(c.name) && !SideControlFlow.TERMINATORS.contains(c.name)) {
        open.add(c.name);
        loopDepth += SideControlFlow.LOOPS.contains(c.name) ? 1 : 0;
      } else if ((c.name.equals("end") || c.name.equals("repeatIf")) && !open.isEmpty()) {
        String closed = open.remove(open.size() - 1);
        loopDepth -= SideControlFlow.LOOPS.contains(closed) ? 1 : 0;
      }
    }
    count.forEach((v, n) -> {
      if (n > 1) {
        multi.add(v);
      }
    });
  }

  /** Whether {@code var} is assigned more than once or inside a loop (its value then changes during a run). */
  boolean assignedMoreThanOnce(String var) {
    return multi.contains(var.trim());
  }

  static String assignedVar(Command c) {
    if (c.name.equals("storeTitle")) {
      return c.value.isBlank() ? c.target.trim() : c.value.trim();
    }
    return c.value.trim();
  }

  /** Records where variable {@code var} now lives; a variable kept in run variables gets a setVar. */
  void assign(String var, Step producer, String field, List<Step> out) {
    String v = var.trim();
    if (v.isEmpty()) {
      return;
    }
    String output = "${steps." + producer.id() + "." + field + "}";
    if (multi.contains(v)) {
      String name = varName(v);
      out.add(DataStep.SetVar.builder().id(st.id()).name(name).value(output).build());
      st.refs.put(v, "${vars." + name + "}");
    } else {
      st.refs.put(v, output);
    }
  }

  static String varName(String var) {
    return var.trim().replaceAll("[\\s${}]", "_");
  }

  /** The placeholder reading variable {@code var} here. */
  String ref(String var, String path) {
    return interpolate("${" + var + "}", path);
  }

  /** {@code value} with its {@code ${x}} mapped to the flow's placeholders. */
  /**
   * A script's variables interpolated ({@link #interpolate}), each standing in code quoted: a flow's
   * values reach scripts as strings, inside a literal ({@code ${x} > 3} becomes {@code '${vars.x}' > 3},
   * which JavaScript compares as Selenium IDE's string value would be).
   */
  String interpolateScript(String script, String path) {
    String bound = interpolate(script, path);
    StringBuilder out = new StringBuilder(bound.length() + 8);
    int from = 0;
    for (io.browserflow.api.Placeholders.ScriptUse use : io.browserflow.api.Placeholders.inScript(bound)) {
      if (use.context() == io.browserflow.api.Placeholders.ScriptContext.CODE) {
        out.append(bound, from, use.start()).append('\'').append(bound, use.start(), use.end()).append('\'');
        from = use.end();
      }
    }
    return out.append(bound, from, bound.length()).toString();
  }

  String interpolate(String value, String path) {
    if (!value.contains("${")) {
      return value;
    }
    Matcher m = SideImportState.VARIABLE.matcher(value);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String name = m.group(1).trim();
      String replacement;
      if (st.refs.containsKey(name)) {
        replacement = st.refs.get(name);
      } else if (name.startsWith("KEY_")) {
        if (warned.add(path + " " + name)) {
          st.issues.warning(ConversionCode.UNSUPPORTED_KEY, path, "the key " + name + " only works in sendKeys; "
              + "it is left out");
        }
        replacement = "";
      } else if (st.handles.containsKey(name)) {
        replacement = st.handles.get(name);
      } else {
        String key = varName(name);
        if (key.isEmpty()) {
          replacement = "";
        } else {
          if (!st.inputs.containsKey(key)) {
            st.inputs.put(key, Input.builder().key(key).label("Selenium IDE variable " + name
                + " (set outside this test)").build());
            st.outsideVars.put(key, name);
            st.issues.warning(ConversionCode.BINDING_UNRESOLVED, path, "no earlier command of this test stores "
                + name + ": it became the input " + key);
          }
          replacement = "${" + key + "}";
        }
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(sb);
    return sb.toString();
  }
}
