package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.formats.RecordReplayDocument.Node;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Waits, checks and data: wait (selector visible or hidden, text appearing or gone, network idle,
 * navigation as the page's load, sleep), delay, assert (exists, visible, textPresent, attribute;
 * failStrategy warn and retry as onError continue and retry), script as eval, extract as read (or
 * eval for its {@code js}), http (headers, body, {@code assign} as JSON paths), datasetWrite,
 * clipboard, screenshot and handleDownload. A node's {@code saveAs} makes later templates naming it
 * read the step's output. Null means the node could not be converted (the issue is reported).
 */
final class RecordReplayDataNodes {
  private final RecordReplayImportState st;
  private final RecordReplayValues values;
  private final RecordReplaySelectors selectors;
  private final RecordReplayNodes nodes;

  RecordReplayDataNodes(RecordReplayImportState st, RecordReplayValues values, RecordReplaySelectors selectors,
      RecordReplayNodes nodes) {
    this.st = st;
    this.values = values;
    this.selectors = selectors;
    this.nodes = nodes;
  }

  List<Step> map(Node n) {
    switch (n.type()) {
      case "wait":
        return waitNode(n);
      case "delay":
        return delay(n);
      case "assert":
        return assertNode(n);
      case "script":
        return script(n);
      case "extract":
        return extract(n);
      case "http":
        return http(n);
      case "datasetWrite":
        return datasetWrite(n);
      case "clipboard":
        return clipboard(n);
      case "screenshot":
        return screenshot(n);
      default:
        return download(n);
    }
  }

  private Optional<Target> css(String selector, String p, Node n) {
    return selectors.selector(selector, p, n.label());
  }

  // ================================================================ waits and checks

  private List<Step> waitNode(Node n) {
    JsonNode c = n.config().path("condition");
    String p = n.path() + ".condition";
    CheckStep.Wait.Builder b = CheckStep.Wait.builder().id(st.id(n.id()));
    if (c.has("sleep")) {
      return st.one(b.ms(ms(c.get("sleep"), p + ".sleep")).build(), n);
    }
    Optional<Condition> cond = waitCondition(c, p, n);
    return cond.map(k -> st.one(b.until(k).build(), n)).orElse(null);
  }

  private Optional<Condition> waitCondition(JsonNode c, String p, Node n) {
    if (c.path("selector").isTextual()) {
      boolean visible = c.path("visible").asBoolean(true);
      return css(c.get("selector").asText(), p + ".selector", n)
          .map(t -> Condition.Element.of(t, visible ? Condition.State.VISIBLE : Condition.State.HIDDEN));
    }
    if (c.path("text").isTextual()) {
      Condition present = Condition.Text.present(values.value(c.get("text").asText(), p + ".text"));
      return Optional.of(c.path("appear").asBoolean(true) ? present : Condition.Not.of(present));
    }
    if (c.path("networkIdle").asBoolean(false)) {
      return Optional.of(Condition.Load.of(Condition.LoadState.NETWORKIDLE));
    }
    if (c.path("navigation").asBoolean(false)) {
      st.issues.info(ConversionCode.APPROXIMATED, p + ".navigation", n.label() + " waits for a navigation; BrowserFlow "
          + "waits until the page has loaded (an expect url on the step that navigates checks more)");
      return Optional.of(Condition.Load.of(Condition.LoadState.LOAD));
    }
    st.issues.blocking(ConversionCode.FIELD_INVALID, p, n.label() + " has no condition BrowserFlow reads (selector, text, "
        + "networkIdle, navigation or sleep)");
    return Optional.empty();
  }

  private int ms(JsonNode v, String p) {
    int ms = v != null && v.isNumber() ? v.asInt() : 1000;
    if (ms > RecordReplayImportState.LIMITS.maxStepTimeoutMs()) {
      st.issues.warning(ConversionCode.FIXED_WAIT_TOO_LONG, p, "a fixed wait of " + ms + " ms is longer than a step may "
          + "wait; it is cut to " + RecordReplayImportState.LIMITS.maxStepTimeoutMs() + " ms: wait for a condition instead");
      return RecordReplayImportState.LIMITS.maxStepTimeoutMs();
    }
    return Math.max(0, ms);
  }

  private List<Step> delay(Node n) {
    JsonNode v = n.config().has("ms") ? n.config().get("ms") : n.config().get("sleep");
    return st.one(CheckStep.Wait.builder().id(st.id(n.id())).ms(ms(v, n.path() + ".ms")).build(), n);
  }

  private List<Step> assertNode(Node n) {
    JsonNode a = n.config().path("assert");
    String p = n.path() + ".assert";
    Optional<Condition> cond;
    if (a.path("exists").isTextual()) {
      cond = css(a.get("exists").asText(), p + ".exists", n).map(t -> Condition.Element.of(t, Condition.State.EXISTS));
    } else if (a.path("visible").isTextual()) {
      cond = css(a.get("visible").asText(), p + ".visible", n).map(t -> Condition.Element.of(t, Condition.State.VISIBLE));
    } else if (a.path("textPresent").isTextual()) {
      cond = Optional.of(Condition.Text.present(values.value(a.get("textPresent").asText(), p + ".textPresent")));
    } else if (a.path("attribute").isObject()) {
      JsonNode at = a.get("attribute");
      String name = at.path("name").asText("");
      if (name.isBlank()) {
        st.issues.blocking(ConversionCode.FIELD_MISSING, p + ".attribute.name", n.label() + " names no attribute");
        return null;
      }
      Optional<String> equals = at.path("equals").isValueNode() && !at.path("equals").isMissingNode()
          ? Optional.of(values.value(at.get("equals").asText(), p + ".attribute.equals")) : Optional.empty();
      if (at.has("matches")) {
        st.issues.warning(ConversionCode.UNSUPPORTED_CONDITION, p + ".attribute.matches", n.label() + " matches attribute "
            + name + " against a pattern, which BrowserFlow cannot check; only " + (equals.isPresent() ? "its value" : "that it is there")
            + " is checked");
      }
      cond = css(at.path("selector").asText(null), p + ".attribute.selector", n)
          .map(t -> Condition.Attribute.of(t, name, equals));
    } else {
      st.issues.blocking(ConversionCode.FIELD_INVALID, p, n.label() + " has no check BrowserFlow reads (exists, visible, "
          + "textPresent or attribute)");
      return null;
    }
    if (cond.isEmpty()) {
      return null;
    }
    Step s = st.common(CheckStep.Assert.builder().id(st.id(n.id())).condition(cond.get()).build(), n);
    String strategy = n.config().path("failStrategy").asText("stop");
    if (strategy.equals("warn")) {
      s = s.withOnError(OnError.continueRun());
    } else if (strategy.equals("retry")) {
      s = s.withOnError(OnError.retry());
    }
    return List.of(s);
  }

  // ================================================================ data

  private List<Step> script(Node n) {
    String code = n.text("code");
    if (code == null || code.isBlank()) {
      st.issues.info(ConversionCode.COMMAND_SKIPPED, n.path() + ".code", n.label() + " has no code; the extension skips it too");
      return List.of();
    }
    if ("ISOLATED".equals(n.config().path("world").asText("ISOLATED"))) {
      st.issues.info(ConversionCode.APPROXIMATED, n.path() + ".world", n.label() + " runs in the extension's isolated world; "
          + "BrowserFlow evaluates it in the page: it sees the page's own globals too");
    }
    String when = n.text("when");
    if (when != null) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, n.path() + ".when", n.label() + " runs \"" + when + "\" a "
          + "neighbouring step in the extension; BrowserFlow runs it where it stands");
    }
    if (n.config().path("assign").isObject() && n.config().get("assign").size() > 0) {
      st.issues.warning(ConversionCode.FIELD_DROPPED, n.path() + ".assign", n.label() + " assigns fields of its result to "
          + "variables, which BrowserFlow cannot do from a script; read ${steps." + n.id() + ".result} instead");
    }
    evalUsed(n);
    Step s = st.common(DataStep.Eval.builder().id(st.id(n.id())).script(code).build(), n);
    return nodes.saved(s, n.text("saveAs"), "result");
  }

  private void evalUsed(Node n) {
    st.capabilities.add(Capability.SCRIPT_EVAL);
    st.issues.warning(ConversionCode.EVAL_USED, n.path(), n.label() + " runs a page script: the flow declares script.eval, "
        + "which a run must allow (--allow eval)");
  }

  private List<Step> extract(Node n) {
    String saveAs = n.text("saveAs");
    if (saveAs == null || saveAs.isBlank()) {
      st.issues.warning(ConversionCode.FIELD_MISSING, n.path() + ".saveAs", n.label() + " saves its value nowhere (saveAs); "
          + "later steps can read it as ${steps." + n.id() + ".*}");
    }
    String js = n.text("js");
    if (js != null && !js.isBlank()) {
      evalUsed(n);
      return nodes.saved(st.common(DataStep.Eval.builder().id(st.id(n.id())).script(js).build(), n), saveAs, "result");
    }
    Optional<Target> t = css(n.text("selector"), n.path() + ".selector", n);
    if (t.isEmpty()) {
      return null;
    }
    String attr = n.text("attr") == null ? "text" : n.text("attr").strip();
    DataStep.Read.Builder b = DataStep.Read.builder().id(st.id(n.id())).target(t.get());
    String field;
    if (attr.isEmpty() || attr.equals("text") || attr.equals("textContent") || attr.equals("innerText")) {
      b.what(Step.ReadKind.TEXT);
      field = "text";
    } else if (attr.equals("value")) {
      b.what(Step.ReadKind.VALUE);
      field = "value";
    } else {
      b.what(Step.ReadKind.ATTRIBUTE).attribute(attr);
      field = "attribute";
    }
    return nodes.saved(st.common(b.build(), n), saveAs, field);
  }

  private List<Step> http(Node n) {
    String url = values.value(n.text("url"), n.path() + ".url");
    if (url == null || url.isBlank()) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, n.path() + ".url", n.label() + " has no url");
      return null;
    }
    if (n.config().has("formData") && !n.config().get("formData").isNull()) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_OPTION, n.path() + ".formData", n.label() + " sends form data, which a "
          + "BrowserFlow http step cannot build; send it as an encoded body with its Content-Type header");
    }
    String id = st.id(n.id());
    ExternalStep.Http.Builder b = ExternalStep.Http.builder().id(id).method(n.config().path("method").asText("GET").toUpperCase(java.util.Locale.ROOT))
        .url(url);
    for (Iterator<Map.Entry<String, JsonNode>> it = n.config().path("headers").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> h = it.next();
      b.putHeaders(h.getKey(), values.value(h.getValue().asText(), n.path() + ".headers." + h.getKey()));
    }
    JsonNode body = n.config().get("body");
    if (body != null && !body.isNull()) {
      b.body(values.value(body.isTextual() ? body.asText() : body.toString(), n.path() + ".body"));
    }
    Map<String, String> assign = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = n.config().path("assign").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> a = it.next();
      String path = a.getValue().asText("").strip();
      assign.put(a.getKey(), path.startsWith("$") ? path : "$." + path.replaceFirst("^\\.", ""));
    }
    b.putAllExtract(assign);
    st.capabilities.add(Capability.HTTP_REQUEST);
    List<Step> out = new ArrayList<>(nodes.saved(st.common(b.build(), n), n.text("saveAs"), "body"));
    for (String name : assign.keySet()) {
      if (st.runVariables.contains(name)) {
        out.add(DataStep.SetVar.builder().id(st.id(id + "-" + name)).name(name).value("${steps." + id + "." + name + "}").build());
      } else {
        st.saved.put(name, "${steps." + id + "." + name + "}");
      }
    }
    return out;
  }

  private List<Step> datasetWrite(Node n) {
    JsonNode row = n.config().has("row") ? n.config().get("row") : n.config().get("data");
    if (row == null || !row.isObject() || row.size() == 0) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, n.path() + ".row", n.label() + " has no row (an object of column to value)");
      return null;
    }
    String dataset = n.text("dataset") == null || n.text("dataset").isBlank() ? "default" : n.text("dataset").strip();
    DataStep.DatasetWrite.Builder b = DataStep.DatasetWrite.builder().id(st.id(n.id())).dataset(dataset);
    for (Iterator<Map.Entry<String, JsonNode>> it = row.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> c = it.next();
      JsonNode v = c.getValue();
      b.putRow(c.getKey(), values.value(v.isValueNode() ? v.asText() : v.toString(), n.path() + ".row." + c.getKey()));
    }
    return st.one(b.build(), n);
  }

  private List<Step> clipboard(Node n) {
    String mode = n.config().has("mode") ? n.text("mode") : n.text("action");
    String text = n.text("text");
    boolean read = mode != null ? mode.equalsIgnoreCase("read") || mode.equalsIgnoreCase("paste") : text == null;
    DataStep.Clipboard.Builder b = DataStep.Clipboard.builder().id(st.id(n.id()));
    if (read) {
      return nodes.saved(st.common(b.action(Step.ClipboardAction.READ).build(), n), n.text("saveAs"), "text");
    }
    if (text == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, n.path() + ".text", n.label() + " copies no text");
      return null;
    }
    return st.one(b.action(Step.ClipboardAction.WRITE).text(values.value(text, n.path() + ".text")).build(), n);
  }

  private List<Step> screenshot(Node n) {
    DataStep.Screenshot.Builder b = DataStep.Screenshot.builder().id(st.id(n.id())).fullPage(n.config().path("fullPage").asBoolean(false));
    String selector = n.text("selector");
    if (selector != null && !selector.isBlank()) {
      Optional<Target> t = css(selector, n.path() + ".selector", n);
      if (t.isEmpty()) {
        return null;
      }
      b.target(t.get());
    }
    if (n.text("saveAs") != null && !n.text("saveAs").isBlank()) {
      st.issues.info(ConversionCode.APPROXIMATED, n.path() + ".saveAs", n.label() + " saves the image in the extension; "
          + "BrowserFlow saves a file: {" + n.text("saveAs") + "} reads its path");
    }
    return nodes.saved(st.common(b.build(), n), n.text("saveAs"), "path");
  }

  private List<Step> download(Node n) {
    String name = n.text("filenameContains");
    String glob = name == null || name.isBlank() ? "*" : "*" + name + "*";
    if (n.text("saveAs") != null) {
      st.issues.info(ConversionCode.FIELD_DROPPED, n.path() + ".saveAs", n.label() + " saves the download's details in a "
          + "variable; BrowserFlow keeps the file in the run's downloads");
    }
    return st.one(CheckStep.Wait.builder().id(st.id(n.id())).until(Condition.Download.of(glob)).build(), n);
  }
}
