package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Kinds;
import io.browserflow.api.Flow;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.TabAlias;
import io.browserflow.api.json.FlowJson;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one record-replay export has written so far, shared by its writers: the issues, the flow's
 * variables (including the lists foreach loops iterate), the name each step's output is saved
 * under, the URL each tab alias shows (switchTab and closeTab find tabs by URL), and the item
 * variables of the loops being written. Also turns BrowserFlow placeholders into the extension's
 * {@code {name}} templates.
 */
final class RecordReplayExportState {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Pattern STEP_OUTPUT = Pattern.compile("steps\\.(.+)\\.([^.]+)");

  final Flow flow;
  final Issues issues = Issues.distinct();
  final ArrayNode variables = JSON.arrayNode();
  /** Every step of the flow by id, nested ones included. */
  final Map<String, Step> steps = new HashMap<>();
  /** The name each step's output is saved under (saveAs), by step id. */
  final Map<String, String> saveAs = new HashMap<>();
  /** The step outputs a placeholder of the flow reads, as {@code <id>.<field>}. */
  final Set<String> read = new HashSet<>();
  final Map<String, String> tabUrls = new HashMap<>();
  String currentTab = "main";
  /** The item variables of the foreach loops being written, innermost first. */
  final Deque<String> items = new ArrayDeque<>();
  /** The path of the flow step being written, for issues. */
  String path = "steps";
  int mapped;

  RecordReplayExportState(Flow flow) {
    this.flow = flow;
    for (TabAlias t : flow.tabs()) {
      t.url().ifPresent(u -> tabUrls.put(t.alias(), u));
    }
    index(flow.steps());
    String json = FlowJson.write(flow);
    for (String ref : Placeholders.references(json)) {
      Matcher m = STEP_OUTPUT.matcher(ref);
      if (m.matches()) {
        read.add(m.group(1) + "." + m.group(2));
      }
    }
  }

  private void index(java.util.List<Step> list) {
    for (Step s : list) {
      steps.put(s.id(), s);
      s.accept(StepBodies.VISITOR).forEach(this::index);
      if (s.onError().kind() == io.browserflow.api.OnError.Kind.FALLBACK) {
        index(s.onError().fallback());
      }
    }
  }

  /** The name the output of step {@code id} is saved under: its own id unless a setVar names it. */
  String outputName(String id) {
    return saveAs.getOrDefault(id, id);
  }

  /** {@code value} with BrowserFlow placeholders as the extension's {@code {name}} templates. */
  String template(String value, String p) {
    if (value == null || !value.contains(Placeholders.OPEN)) {
      return value;
    }
    try {
      return Placeholders.replace(value, ref -> "{" + name(ref, p) + "}");
    } catch (IllegalArgumentException e) {
      issues.warning(ConversionCode.PLACEHOLDER_INVALID, p, "the value holds a malformed placeholder; it is written as it is");
      return value;
    }
  }

  /** The extension's variable name for a placeholder's path. */
  String name(String ref, String p) {
    int dot = ref.indexOf('.');
    if (dot < 0) {
      return ref;
    }
    String root = ref.substring(0, dot);
    String rest = ref.substring(dot + 1);
    switch (root) {
      case "input":
      case "credential":
      case "vars":
        return rest;
      case "loop": {
        String item = items.isEmpty() ? "item" : items.peek();
        if (rest.equals("item")) {
          return item;
        }
        if (rest.startsWith("row.")) {
          return item + "." + rest.substring(4);
        }
        if (rest.equals("index")) {
          issues.warning(ConversionCode.BINDING_UNRESOLVED, p, "${loop.index} has no equivalent in the extension; it is "
              + "written as {index}, which the extension leaves empty");
        }
        return rest;
      }
      case "steps": {
        Matcher m = STEP_OUTPUT.matcher(ref);
        if (m.matches()) {
          Step s = steps.get(m.group(1));
          String field = m.group(2);
          Optional<ExternalStep.Http> http = s == null ? Optional.empty() : Kinds.as(s, ExternalStep.Http.class);
          boolean screenshot = s != null && s.kind() == Step.Kind.SCREENSHOT;
          if (http.isPresent() && http.get().extract().containsKey(field)) {
            return field;
          }
          if (http.isPresent() && !field.equals("body") || screenshot) {
            issues.warning(ConversionCode.BINDING_UNRESOLVED, p, "${" + ref + "} has no equivalent in the extension, which "
                + "saves " + (http.isPresent() ? "the response" : "the image") + " under one name; it is written as {"
                + outputName(m.group(1)) + "}");
          }
          return outputName(m.group(1));
        }
        return rest;
      }
      default:
        return ref;
    }
  }

  /** A node or step object with the common fields of {@code s}: timeout and retry. */
  ObjectNode config(Step s) {
    ObjectNode c = JSON.objectNode();
    s.timeoutMs().ifPresent(t -> c.put("timeoutMs", t));
    s.retry().ifPresent(r -> {
      ObjectNode o = c.putObject("retry");
      o.put("count", r.count());
      o.put("intervalMs", r.intervalMs());
      o.put("backoff", r.backoff() == io.browserflow.api.Retry.Backoff.EXP ? "exp" : "none");
    });
    return c;
  }

}
