package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
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
          Optional<Step.Http> http = s == null ? Optional.empty() : s.accept(AS_HTTP);
          boolean screenshot = s != null && s.accept(IS_SCREENSHOT);
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

  /** The step as an http step, when it is one. */
  private static final StepVisitor<Optional<Step.Http>> AS_HTTP = new StepVisitor<>() {
    @Override public Optional<Step.Http> visitOpen(Step.Open s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitNavigate(Step.Navigate s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitBack(Step.Back s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitForward(Step.Forward s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitReload(Step.Reload s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitTabNew(Step.TabNew s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitTabSwitch(Step.TabSwitch s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitTabClose(Step.TabClose s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitFrame(Step.Frame s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitFrameMain(Step.FrameMain s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitSetViewport(Step.SetViewport s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitEmulateNetwork(Step.EmulateNetwork s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitClick(Step.Click s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitDblclick(Step.Dblclick s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitContextmenu(Step.Contextmenu s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitHover(Step.Hover s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitMouse(Step.Mouse s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitFill(Step.Fill s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitChange(Step.Change s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitType(Step.Type s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitPress(Step.Press s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitSelect(Step.Select s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitCheck(Step.Check s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitUncheck(Step.Uncheck s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitToggle(Step.Toggle s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitScroll(Step.Scroll s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitDrag(Step.Drag s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitUpload(Step.Upload s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitWait(Step.Wait s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitAssert(Step.Assert s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitRead(Step.Read s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitScrape(Step.Scrape s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitPaginate(Step.Paginate s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitSetVar(Step.SetVar s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitEval(Step.Eval s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitScreenshot(Step.Screenshot s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitCsvImport(Step.CsvImport s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitCsvExport(Step.CsvExport s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitDatasetWrite(Step.DatasetWrite s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitDatasetExport(Step.DatasetExport s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitHttp(Step.Http s) { return Optional.of(s); }
    @Override public Optional<Step.Http> visitClipboard(Step.Clipboard s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitCall(Step.Call s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitForeach(Step.Foreach s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitRepeat(Step.Repeat s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitIf(Step.If s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitWhile(Step.While s) { return Optional.empty(); }
    @Override public Optional<Step.Http> visitManual(Step.Manual s) { return Optional.empty(); }
  };

  /** Whether a step is a screenshot. */
  private static final StepVisitor<Boolean> IS_SCREENSHOT = new StepVisitor<>() {
    @Override public Boolean visitOpen(Step.Open s) { return false; }
    @Override public Boolean visitNavigate(Step.Navigate s) { return false; }
    @Override public Boolean visitBack(Step.Back s) { return false; }
    @Override public Boolean visitForward(Step.Forward s) { return false; }
    @Override public Boolean visitReload(Step.Reload s) { return false; }
    @Override public Boolean visitTabNew(Step.TabNew s) { return false; }
    @Override public Boolean visitTabSwitch(Step.TabSwitch s) { return false; }
    @Override public Boolean visitTabClose(Step.TabClose s) { return false; }
    @Override public Boolean visitFrame(Step.Frame s) { return false; }
    @Override public Boolean visitFrameMain(Step.FrameMain s) { return false; }
    @Override public Boolean visitSetViewport(Step.SetViewport s) { return false; }
    @Override public Boolean visitEmulateNetwork(Step.EmulateNetwork s) { return false; }
    @Override public Boolean visitClick(Step.Click s) { return false; }
    @Override public Boolean visitDblclick(Step.Dblclick s) { return false; }
    @Override public Boolean visitContextmenu(Step.Contextmenu s) { return false; }
    @Override public Boolean visitHover(Step.Hover s) { return false; }
    @Override public Boolean visitMouse(Step.Mouse s) { return false; }
    @Override public Boolean visitFill(Step.Fill s) { return false; }
    @Override public Boolean visitChange(Step.Change s) { return false; }
    @Override public Boolean visitType(Step.Type s) { return false; }
    @Override public Boolean visitPress(Step.Press s) { return false; }
    @Override public Boolean visitSelect(Step.Select s) { return false; }
    @Override public Boolean visitCheck(Step.Check s) { return false; }
    @Override public Boolean visitUncheck(Step.Uncheck s) { return false; }
    @Override public Boolean visitToggle(Step.Toggle s) { return false; }
    @Override public Boolean visitScroll(Step.Scroll s) { return false; }
    @Override public Boolean visitDrag(Step.Drag s) { return false; }
    @Override public Boolean visitUpload(Step.Upload s) { return false; }
    @Override public Boolean visitWait(Step.Wait s) { return false; }
    @Override public Boolean visitAssert(Step.Assert s) { return false; }
    @Override public Boolean visitRead(Step.Read s) { return false; }
    @Override public Boolean visitScrape(Step.Scrape s) { return false; }
    @Override public Boolean visitPaginate(Step.Paginate s) { return false; }
    @Override public Boolean visitSetVar(Step.SetVar s) { return false; }
    @Override public Boolean visitEval(Step.Eval s) { return false; }
    @Override public Boolean visitScreenshot(Step.Screenshot s) { return true; }
    @Override public Boolean visitCsvImport(Step.CsvImport s) { return false; }
    @Override public Boolean visitCsvExport(Step.CsvExport s) { return false; }
    @Override public Boolean visitDatasetWrite(Step.DatasetWrite s) { return false; }
    @Override public Boolean visitDatasetExport(Step.DatasetExport s) { return false; }
    @Override public Boolean visitHttp(Step.Http s) { return false; }
    @Override public Boolean visitClipboard(Step.Clipboard s) { return false; }
    @Override public Boolean visitCall(Step.Call s) { return false; }
    @Override public Boolean visitForeach(Step.Foreach s) { return false; }
    @Override public Boolean visitRepeat(Step.Repeat s) { return false; }
    @Override public Boolean visitIf(Step.If s) { return false; }
    @Override public Boolean visitWhile(Step.While s) { return false; }
    @Override public Boolean visitManual(Step.Manual s) { return false; }
  };
}
