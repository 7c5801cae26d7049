package io.browserflow.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Input;
import io.browserflow.api.Placeholders;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The values placeholders resolve to during a run: inputs (with defaults), credentials, vars, step
 * outputs and the loop stack. Resolution substitutes text, it never evaluates code.
 */
final class Bindings {
  private final Map<String, String> inputs = new LinkedHashMap<>();
  private final Map<String, String> credentials;
  private final Map<String, Object> vars;
  private final Map<String, Object> outputs;
  private final Deque<LoopFrame> loops;

  /** One loop level: its index and, by source, the current row or literal item. */
  record LoopFrame(int index, Map<String, String> row, String item) {
  }

  Bindings(Flow flow, Inputs given) {
    for (Input input : flow.inputs()) {
      Optional<String> value = Optional.ofNullable(given.inputs().get(input.key())).or(input::defaultValue);
      value.ifPresent(v -> inputs.put(input.key(), v));
    }
    this.credentials = Map.copyOf(given.credentials());
    this.vars = new ConcurrentHashMap<>();
    this.outputs = new ConcurrentHashMap<>();
    this.loops = new ArrayDeque<>();
  }

  private Bindings(Bindings parent) {
    inputs.putAll(parent.inputs);
    credentials = parent.credentials;
    vars = parent.vars;
    outputs = parent.outputs;
    loops = new ArrayDeque<>(parent.loops);
  }

  /** A view sharing vars and outputs but with its own loop stack, for a concurrent loop iteration. */
  Bindings fork() {
    return new Bindings(this);
  }

  /**
   * Takes the caller's loop stack, so the steps of a flow called inside a loop are told apart per
   * iteration (results, journal); the called flow's own placeholders never name the caller's loops.
   */
  void copyLoopsFrom(Bindings caller) {
    loops.clear();
    loops.addAll(caller.loops);
  }

  void pushLoop(LoopFrame frame) {
    loops.push(frame);
  }

  void popLoop() {
    loops.pop();
  }

  /** Loop indexes from the outermost loop, e.g. {@code 2/0}; empty outside loops. */
  Optional<String> iteration() {
    if (loops.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder sb = new StringBuilder();
    for (Iterator<LoopFrame> it = loops.descendingIterator(); it.hasNext(); ) {
      sb.append(it.next().index);
      if (it.hasNext()) {
        sb.append('/');
      }
    }
    return Optional.of(sb.toString());
  }

  void setVar(String name, Object value) {
    vars.put(name, value);
  }

  void setOutput(String stepId, String field, Object value) {
    outputs.put("steps." + stepId + "." + field, value);
  }

  /** Outputs and vars as text, for the run result ({@code steps.<id>.<field>} and {@code vars.<name>}). */
  Map<String, String> snapshot() {
    Map<String, String> out = new java.util.TreeMap<>();
    outputs.forEach((k, v) -> out.put(k, text(v)));
    vars.forEach((k, v) -> out.put("vars." + k, text(v)));
    return out;
  }

  Map<String, String> inputValues() {
    return inputs;
  }

  /** The value given for a credential, if any (a call hands it to the called flow by key). */
  Optional<String> credential(String key) {
    return Optional.ofNullable(credentials.get(key));
  }

  /** Records an output the flow hands back ({@code outputs.<name>} in the result). */
  void setFlowOutput(String name, Object value) {
    outputs.put("outputs." + name, value);
  }

  /** Resolves a string; a whole placeholder may give a list or map. */
  Object resolveValue(String value) {
    Optional<String> whole = Placeholders.wholeReference(value);
    if (whole.isPresent()) {
      return lookup(whole.get());
    }
    return resolve(value);
  }

  /** Resolves every placeholder of a string into text. */
  String resolve(String value) {
    if (!Placeholders.contains(value)) {
      return value;
    }
    try {
      return Placeholders.replace(value, ref -> text(lookup(ref)));
    } catch (IllegalArgumentException e) {
      throw new FlowRunException(ErrorCode.BINDING_UNRESOLVED, e.getMessage());
    }
  }

  Object lookup(String ref) {
    if (ref.equals("loop.index")) {
      return String.valueOf(frame(ref).index);
    }
    if (ref.equals("loop.item")) {
      for (LoopFrame f : loops) {
        if (f.item != null) {
          return f.item;
        }
      }
      throw unresolved(ref, "no enclosing foreach over literal values");
    }
    if (ref.startsWith("loop.row.")) {
      String col = ref.substring("loop.row.".length());
      for (LoopFrame f : loops) {
        if (f.row != null) {
          String v = f.row.get(col);
          if (v == null) {
            throw unresolved(ref, "the current row has no field '" + col + "' (fields: " + f.row.keySet() + ")");
          }
          return v;
        }
      }
      throw unresolved(ref, "no enclosing foreach over rows");
    }
    if (ref.startsWith("credential.")) {
      String v = credentials.get(ref.substring("credential.".length()));
      if (v == null) {
        throw unresolved(ref, "no value was supplied for this credential");
      }
      return v;
    }
    if (ref.startsWith("vars.")) {
      Object v = vars.get(ref.substring("vars.".length()));
      if (v == null) {
        throw unresolved(ref, "the variable was not set (its setVar did not run)");
      }
      return v;
    }
    if (ref.startsWith("steps.")) {
      Object v = outputs.get(ref);
      if (v == null) {
        throw unresolved(ref, "the step did not produce it (it did not run or failed)");
      }
      return v;
    }
    String key = ref.startsWith("input.") ? ref.substring("input.".length()) : ref;
    String v = inputs.get(key);
    if (v == null) {
      throw unresolved(ref, "no value was supplied for this input");
    }
    return v;
  }

  private LoopFrame frame(String ref) {
    if (loops.isEmpty()) {
      throw unresolved(ref, "not inside a loop");
    }
    return loops.peek();
  }

  private static FlowRunException unresolved(String ref, String why) {
    return new FlowRunException(ErrorCode.BINDING_UNRESOLVED, "${" + ref + "} cannot be resolved: " + why);
  }

  /**
   * A bound value as table rows, for foreach over items and csvExport: maps become rows of text,
   * other items rows with one {@code item} column.
   */
  @SuppressWarnings("unchecked")
  static List<Map<String, String>> rows(Object value, String what) {
    if (value instanceof List) {
      List<Map<String, String>> rows = new ArrayList<>();
      for (Object o : (List<Object>) value) {
        if (o instanceof Map) {
          Map<String, String> row = new LinkedHashMap<>();
          ((Map<Object, Object>) o).forEach((k, v) -> row.put(String.valueOf(k), text(v)));
          rows.add(row);
        } else {
          rows.add(Map.of("item", text(o)));
        }
      }
      return rows;
    }
    throw new FlowRunException(ErrorCode.BINDING_UNRESOLVED, what + " is not a list of items");
  }

  /** Text form of a bound value: strings as they are, lists and maps as JSON. */
  static String text(Object value) {
    if (value instanceof String) {
      return (String) value;
    }
    if (value instanceof List || value instanceof Map) {
      try {
        return RunResultJson.MAPPER.writeValueAsString(value);
      } catch (JsonProcessingException e) {
        return String.valueOf(value);
      }
    }
    return String.valueOf(value);
  }
}
