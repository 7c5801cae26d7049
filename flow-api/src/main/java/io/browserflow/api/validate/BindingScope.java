package io.browserflow.api.validate;

import io.browserflow.api.Step;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a {@code ${...}} placeholder may refer to at the current point of the validation walk, and
 * why a reference does not resolve.
 *
 * <p>Inputs, credentials and table columns are known up front. Step outputs and {@code vars} are
 * declared in walk order and logged so a branch can be hidden and shown again: the declarations of
 * an if's {@code then} are hidden while its {@code else} is checked, a fallback's while the failed
 * step's own fields and body are checked, and both become visible again after the step. Loop
 * variables come from the innermost enclosing loop.
 */
final class BindingScope {
  /** Loops that define {@code ${loop.*}}; what each defines is in {@link #loopReason(String)}. */
  enum Loop {
    TABLE("a foreach over the table"), ITEMS("a foreach over items"), LITERAL("a foreach over literal values"),
    REPEAT("a repeat"), WHILE("a while"), PAGINATE("a paginate");

    final String label;

    Loop(String label) {
      this.label = label;
    }
  }

  private static final String ROOTS = "input.KEY (or KEY), credential.KEY, vars.NAME, steps.ID.FIELD, "
      + "loop.index, loop.row.COLUMN, loop.item";

  private final Set<String> inputs = new HashSet<>();
  private final Set<String> credentials = new HashSet<>();
  private final List<String> columns = new ArrayList<>();
  private final Set<String> stepIds = new HashSet<>();
  private final Map<String, Step> steps = new HashMap<>();
  private final Map<String, Integer> vars = new HashMap<>();
  /** Step or String (variable name) per visible declaration, in order. */
  private final ArrayList<Object> log = new ArrayList<>();
  private final ArrayDeque<Loop> loops = new ArrayDeque<>();
  /** The step whose expect is being checked: its own outputs are visible there. */
  private Step current;

  // ---------------------------------------------------------------- declarations

  void declareInput(String key) {
    inputs.add(key);
  }

  boolean hasInput(String key) {
    return inputs.contains(key);
  }

  void declareCredential(String key) {
    credentials.add(key);
  }

  void declareColumn(String column) {
    columns.add(column);
  }

  /** Records a step id seen anywhere so far, visible or not, for better messages. */
  void sawStepId(String id) {
    stepIds.add(id);
  }

  void declareStep(Step step) {
    steps.put(step.id(), step);
    log.add(step);
  }

  void declareVar(String name) {
    vars.merge(name, 1, Integer::sum);
    log.add(name);
  }

  int mark() {
    return log.size();
  }

  /** Hides everything declared since {@code mark}; returns it for {@link #reveal(List)}. */
  List<Object> hideSince(int mark) {
    if (mark == log.size()) {
      return List.of();
    }
    List<Object> tail = log.subList(mark, log.size());
    List<Object> hidden = new ArrayList<>(tail);
    tail.clear();
    for (Object o : hidden) {
      if (o instanceof Step) {
        steps.remove(((Step) o).id());
      } else {
        vars.computeIfPresent((String) o, (k, n) -> n == 1 ? null : n - 1);
      }
    }
    return hidden;
  }

  void reveal(List<Object> hidden) {
    for (Object o : hidden) {
      if (o instanceof Step) {
        declareStep((Step) o);
      } else {
        declareVar((String) o);
      }
    }
  }

  /** Makes the outputs of {@code step} visible (in its own expect), or none with null. */
  void current(Step step) {
    current = step;
  }

  void enterLoop(Loop loop) {
    loops.push(loop);
  }

  void exitLoop() {
    loops.pop();
  }

  /** The step with this id whose outputs exist at this point, or null. */
  Step step(String id) {
    if (current != null && current.id().equals(id)) {
      return current;
    }
    return steps.get(id);
  }

  // ---------------------------------------------------------------- resolution

  /** Why {@code ref} (the path inside ${...}) does not resolve here, or null when it does. */
  String unresolvedReason(String ref) {
    int dot = ref.indexOf('.');
    if (dot < 0) {
      if (inputs.contains(ref)) {
        return null;
      }
      if (credentials.contains(ref)) {
        return "names a credential: write ${credential." + ref + "}";
      }
      return "names no declared input: declare input " + ref + " or use one of " + ROOTS;
    }
    String root = ref.substring(0, dot);
    String rest = ref.substring(dot + 1);
    switch (root) {
      case "input":
        return inputs.contains(rest) ? null : "names no declared input: declare input " + rest;
      case "credential":
        return credentials.contains(rest) ? null : "names no declared credential: declare credential " + rest;
      case "vars":
        return vars.containsKey(rest) ? null : "is not set by an earlier setVar (a variable is visible after the "
            + "setVar that sets it, not in the other branch of an if): set it first";
      case "steps":
        return stepReason(rest);
      case "loop":
        return loopReason(rest);
      default:
        return inputs.contains(ref) ? null : "has the unknown root " + root + ": use one of " + ROOTS;
    }
  }

  /** {@code rest} is {@code <id>.<field>}; ids may hold dots, so the field is the last segment. */
  private String stepReason(String rest) {
    int dot = rest.lastIndexOf('.');
    String id = dot < 0 ? rest : rest.substring(0, dot);
    Step step = step(id);
    if (step == null) {
      if (stepIds.contains(id)) {
        return "names step " + id + " whose outputs do not exist here: a step's outputs are visible after it "
            + "(and in its own expect), not inside it, not in its fallback and not in the other branch of an if";
      }
      return "names no earlier step: step " + id + " does not run before this point";
    }
    List<String> fields = outputs(step);
    if (fields.isEmpty()) {
      return "names step " + id + " (" + step.kind().op() + ") which has no outputs";
    }
    if (dot < 0) {
      return "names no field: write ${steps." + id + "." + fields.get(0) + "} (fields: "
          + String.join(", ", fields) + ")";
    }
    String field = rest.substring(dot + 1);
    return fields.contains(field) ? null
        : "names no output of " + step.kind().op() + " step " + id + ": its fields are " + String.join(", ", fields);
  }

  /** The output fields of a step kind, as {@code ${steps.<id>.<field>}}. */
  static List<String> outputs(Step step) {
    return step.accept(OUTPUTS);
  }

  private static final StepVisitor<List<String>> OUTPUTS = new StepFamilyVisitor<>() {
    @Override public List<String> visitRead(DataStep.Read s) { return List.of(s.what().name().toLowerCase(Locale.ROOT)); }
    @Override public List<String> visitScrape(DataStep.Scrape s) { return List.of("items", "count"); }
    @Override public List<String> visitCsvImport(DataStep.CsvImport s) { return List.of("items", "count"); }
    @Override public List<String> visitPaginate(DataStep.Paginate s) { return List.of("pages"); }
    @Override public List<String> visitEval(DataStep.Eval s) { return List.of("result"); }
    @Override public List<String> visitScreenshot(DataStep.Screenshot s) { return List.of("path"); }
    @Override public List<String> visitCsvExport(DataStep.CsvExport s) { return List.of("path"); }
    @Override public List<String> visitDatasetWrite(DataStep.DatasetWrite s) { return List.of("rows"); }
    @Override public List<String> visitDatasetExport(DataStep.DatasetExport s) { return List.of("path", "rows"); }
    @Override public List<String> visitHttp(ExternalStep.Http s) { return httpOutputs(s); }
    @Override public List<String> visitClipboard(DataStep.Clipboard s) {
      return s.action() == Step.ClipboardAction.READ ? List.of("text") : List.of();
    }
    @Override public List<String> visitCall(ExternalStep.Call s) { return s.outputs(); }

    // no outputs
    @Override public List<String> visitStep(Step step) { return List.of(); }
  };

  /** The fixed outputs of an http step, then its extract names. */
  static final List<String> HTTP_OUTPUTS = List.of("status", "body", "headers");

  private static List<String> httpOutputs(ExternalStep.Http s) {
    List<String> all = new ArrayList<>(HTTP_OUTPUTS);
    all.addAll(s.extract().keySet());
    return all;
  }

  private String loopReason(String rest) {
    Loop loop = loops.peek();
    if (rest.equals("index")) {
      return loop != null ? null
          : "is used outside a loop: loop.index exists inside foreach, repeat, while and paginate bodies";
    }
    if (rest.equals("item")) {
      if (loop == Loop.LITERAL) {
        return null;
      }
      return loop == null ? "is used outside a loop: loop.item exists inside a foreach over literal values"
          : "is not defined in " + loop.label + ": loop.item exists inside a foreach over literal values"
              + (loop == Loop.TABLE || loop == Loop.ITEMS ? "; use ${loop.row.<field>}" : "");
    }
    if (rest.equals("row")) {
      return "names no column: write ${loop.row.<column>}";
    }
    if (rest.startsWith("row.")) {
      if (loop == Loop.ITEMS) {
        return null;
      }
      if (loop == Loop.TABLE) {
        return columns.contains(rest.substring(4)) ? null : "names no table column: the columns are " + columns;
      }
      return loop == null ? "is used outside a loop: loop.row exists inside a foreach over the table or over items"
          : "is not defined in " + loop.label + ": loop.row exists inside a foreach over the table or over items";
    }
    return "is not a loop variable: use loop.index, loop.row.<column> or loop.item";
  }
}
