package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import io.browserflow.formats.BrowserctlDocument.Command;
import io.browserflow.formats.BrowserctlDocument.CredentialSpec;
import io.browserflow.formats.BrowserctlDocument.Declaration;
import io.browserflow.formats.BrowserctlDocument.InputSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code browserctl-flow.json} ({@code schemaVersion 1.0.0}, {@code kind browserctl-flow}):
 * metadata, business description, credentials and inputs, {@code commands[].argv} with capture
 * bindings, warnings and quality. Reading carries the file's warnings, blocking issues and quality
 * into the conversion's issues; writing renders the export's issues as the file's warnings and
 * {@code quality}.
 */
final class BrowserctlCodec implements FormatCodec {
  static final String KIND = "browserctl-flow";
  static final String SCHEMA_VERSION = "1.0.0";

  @Override
  public Format format() {
    return Format.BROWSERCTL;
  }

  @Override
  public boolean detects(String content) {
    return Json.object(content).map(o -> KIND.equals(o.path("kind").asText(null))).orElse(false);
  }

  @Override
  public Conversion<Flow> read(String content, String origin) {
    JsonNode root = Json.parse(content, origin);
    if (root == null || !root.isObject() || !KIND.equals(root.path("kind").asText(null))) {
      throw failure(ErrorCode.SCHEMA_UNSUPPORTED, "kind", Json.label(origin) + " is not a browserctl-flow file (kind must be \""
          + KIND + "\")");
    }
    return BrowserctlImport.run(parse(root, origin), Format.BROWSERCTL, origin);
  }

  @Override
  public Conversion<String> write(Flow flow) {
    BrowserctlExport.Result r = BrowserctlExport.run(flow, BrowserctlExport.Style.JSON);
    return Conversion.of(Format.FLOW, Format.BROWSERCTL, Json.write(render(r.doc())), r.read(), r.mapped(), r.issues());
  }

  /**
   * Exports {@code flow} (made by {@code imported}, its inputs possibly filled in): the file also lists
   * the import's warnings and blocking issues, each with {@code "source"} naming the format its path
   * points into, and its quality is that of both. The conversion returned holds the export's issues.
   */
  Conversion<String> write(Flow flow, Conversion<Flow> imported) {
    BrowserctlExport.Result r = BrowserctlExport.run(flow, BrowserctlExport.Style.JSON);
    ObjectNode root = render(r.doc());
    ArrayNode warnings = (ArrayNode) root.get("warnings");
    ObjectNode quality = (ObjectNode) root.get("quality");
    ArrayNode blocking = (ArrayNode) quality.get("blockingIssues");
    List<ConversionIssue> all = new ArrayList<>(r.issues().list());
    for (ConversionIssue i : imported.issues()) {
      if (i.severity() == ConversionIssue.Severity.INFO) {
        continue;
      }
      all.add(i);
      ObjectNode w = (i.severity() == ConversionIssue.Severity.BLOCKING ? blocking : warnings).addObject();
      w.put("code", i.code().name());
      String command = commandOf(i.path(), flow, imported, r.doc());
      if (command != null) {
        w.put("commandId", command);
      }
      w.put("message", i.message());
      w.put("severity", i.severity() == ConversionIssue.Severity.BLOCKING ? "error" : i.severity().jsonName());
      if (!i.path().isEmpty()) {
        w.put("path", i.path());
      }
      w.put("source", imported.from().id());
    }
    quality.put("status", BrowserctlExport.quality(all));
    return Conversion.of(Format.FLOW, Format.BROWSERCTL, Json.write(root), r.read(), r.mapped(), r.issues());
  }

  /** The command written for the last step the source step at {@code path} became, if any. */
  private static String commandOf(String path, Flow flow, Conversion<Flow> imported, BrowserctlDocument doc) {
    for (StepMapping m : imported.mappings()) {
      if (m.results().isEmpty() || !(path.equals(m.sourcePath()) || path.startsWith(m.sourcePath() + "."))) {
        continue;
      }
      String described = m.results().get(m.results().size() - 1);
      String id = described.substring(described.indexOf(' ') + 1);
      for (int k = 0; k < flow.steps().size(); k++) {
        if (flow.steps().get(k).id().equals(id)) {
          return doc.commandOfStep.get(k);
        }
      }
    }
    return null;
  }

  private static FlowFormatException failure(ErrorCode code, String path, String message) {
    return new FlowFormatException(List.of(Problem.of(code, path, message)));
  }

  // ------------------------------------------------------------------ reading

  static BrowserctlDocument parse(JsonNode root, String origin) {
    BrowserctlDocument doc = new BrowserctlDocument();
    JsonNode version = root.get("schemaVersion");
    if (version == null || !version.isTextual()) {
      doc.issues.warning(ConversionCode.SCHEMA_VERSION_ASSUMED, "schemaVersion",
          "schemaVersion is missing; read as " + SCHEMA_VERSION);
    } else if (!version.asText().equals("1") && !version.asText().startsWith("1.")) {
      throw failure(ErrorCode.SCHEMA_UNSUPPORTED, "schemaVersion", Json.label(origin) + " has schemaVersion " + version.asText()
          + "; this reader understands 1.x");
    }
    JsonNode meta = root.path("metadata");
    doc.name = text(meta, "name");
    doc.title = text(meta, "title");
    doc.source = text(meta, "source");
    doc.createdAt = text(meta, "createdAt");
    doc.recorderVersion = text(meta, "recorderVersion");
    doc.description = business(root.path("business"));
    credentials(root.path("credentials"), doc);
    inputs(root.path("inputs"), doc);
    JsonNode bindings = root.path("runtimeBindings");
    if (bindings.isObject() && bindings.size() > 0) {
      doc.issues.warning(ConversionCode.FIELD_DROPPED, "runtimeBindings",
          "runtimeBindings (" + String.join(", ", fieldNames(bindings)) + ") have no BrowserFlow equivalent; "
              + "frames are entered with frame <locator> commands");
    }
    JsonNode commands = root.get("commands");
    if (commands == null) {
      throw failure(ErrorCode.FIELD_MISSING, "commands", Json.label(origin) + " has no commands array");
    }
    if (!commands.isArray()) {
      throw failure(ErrorCode.FIELD_INVALID, "commands", "commands must be an array");
    }
    Map<String, String> pathOfId = new HashMap<>();
    for (int i = 0; i < commands.size(); i++) {
      String path = "commands[" + i + "]";
      Command c = command(commands.get(i), path, doc);
      doc.commands.add(c);
      if (c.id != null) {
        pathOfId.putIfAbsent(c.id, path);
      }
    }
    for (int i = 0; i < commands.size(); i++) {
      warnings(commands.get(i).path("warnings"), "commands[" + i + "].warnings", pathOfId, doc, false);
    }
    warnings(root.path("warnings"), "warnings", pathOfId, doc, false);
    JsonNode quality = root.path("quality");
    warnings(quality.path("warnings"), "quality.warnings", pathOfId, doc, false);
    warnings(quality.path("blockingIssues"), "quality.blockingIssues", pathOfId, doc, true);
    doc.quality = text(quality, "status");
    return doc;
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() || v.isContainerNode() ? null : v.asText();
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** The business description with trigger, success criteria and notes appended as labelled paragraphs. */
  private static String business(JsonNode b) {
    if (!b.isObject()) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    String d = text(b, "description");
    if (d != null) {
      sb.append(d);
    }
    String[][] extra = {{"trigger", "Trigger"}, {"successCriteria", "Success criteria"}, {"notes", "Notes"}};
    for (String[] e : extra) {
      String v = text(b, e[0]);
      if (v != null && !v.isBlank()) {
        if (sb.length() > 0) {
          sb.append("\n\n");
        }
        sb.append(e[1]).append(": ").append(v);
      }
    }
    return sb.length() == 0 ? null : sb.toString();
  }

  private static void credentials(JsonNode list, BrowserctlDocument doc) {
    for (int i = 0; i < list.size() && list.isArray(); i++) {
      JsonNode n = list.get(i);
      CredentialSpec s = declaration(new CredentialSpec(), n, "credentials[" + i + "]");
      s.secret = bool(n, "secret");
      List<String> dropped = new ArrayList<>();
      for (String f : List.of("placeholder", "help", "options")) {
        if (n.has(f)) {
          dropped.add(f);
        }
      }
      if (!dropped.isEmpty()) {
        doc.issues.info(ConversionCode.FIELD_DROPPED, s.path, "BrowserFlow credentials have no "
            + String.join(", ", dropped) + "; left out");
      }
      doc.credentials.add(s);
    }
  }

  private static void inputs(JsonNode list, BrowserctlDocument doc) {
    for (int i = 0; i < list.size() && list.isArray(); i++) {
      JsonNode n = list.get(i);
      InputSpec s = declaration(new InputSpec(), n, "inputs[" + i + "]");
      s.defaultValue = text(n, "defaultValue");
      s.help = text(n, "help");
      JsonNode options = n.path("options");
      for (int k = 0; k < options.size() && options.isArray(); k++) {
        s.options.add(options.get(k).asText());
      }
      doc.inputs.add(s);
    }
  }

  /** {@code s} with what every declaration has read from {@code n}. */
  private static <S extends Declaration> S declaration(S s, JsonNode n, String path) {
    s.path = path;
    s.key = text(n, "key");
    s.label = text(n, "label");
    s.type = text(n, "type");
    s.required = bool(n, "required");
    return s;
  }

  /** What every declaration has, written as a new object of {@code list}. */
  private static ObjectNode declaration(ArrayNode list, Declaration d) {
    ObjectNode n = list.addObject();
    n.put("key", d.key);
    putIf(n, "label", d.label);
    n.put("type", d.type);
    n.put("required", d.required == null || d.required);
    return n;
  }

  private static Boolean bool(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || !v.isBoolean() ? null : v.asBoolean();
  }

  private static Command command(JsonNode n, String path, BrowserctlDocument doc) {
    Command c = new Command();
    c.path = path;
    JsonNode argv = n;
    if (n.isObject()) {
      c.id = text(n, "id");
      c.description = text(n, "description");
      c.sourceStepId = text(n, "sourceStepId");
      JsonNode capture = n.path("capture");
      for (Iterator<Map.Entry<String, JsonNode>> it = capture.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        c.capture.put(e.getKey(), e.getValue().asText());
      }
      argv = n.get("argv");
    }
    if (argv != null && argv.isArray()) {
      for (JsonNode w : argv) {
        if (w.isContainerNode() || w.isNull()) {
          doc.issues.blocking(ConversionCode.FIELD_INVALID, path + ".argv", "argv must hold strings only");
          c.argv.clear();
          return c;
        }
        c.argv.add(w.asText());
      }
    } else if (argv != null && argv.isTextual()) {
      try {
        c.argv.addAll(ShellWords.split(argv.asText()));
      } catch (ShellWords.SyntaxException e) {
        doc.issues.blocking(ConversionCode.SYNTAX_ERROR, path + ".argv", e.getMessage());
        c.argv.clear();
      }
    } else {
      doc.issues.blocking(ConversionCode.FIELD_INVALID, path, "a command needs an argv array of strings");
    }
    return c;
  }

  private static void warnings(JsonNode list, String at, Map<String, String> pathOfId, BrowserctlDocument doc,
      boolean blocking) {
    for (int i = 0; i < list.size() && list.isArray(); i++) {
      JsonNode w = list.get(i);
      String code = text(w, "code");
      String message = text(w, "message");
      String commandId = text(w, "commandId");
      String path = commandId != null && pathOfId.containsKey(commandId) ? pathOfId.get(commandId)
          : at.startsWith("commands[") ? at.substring(0, at.indexOf(']') + 1) : at + "[" + i + "]";
      ConversionIssue.Severity severity;
      String sev = text(w, "severity");
      if (blocking || "error".equals(sev) || "blocking".equals(sev)) {
        severity = ConversionIssue.Severity.BLOCKING;
      } else if ("info".equals(sev)) {
        severity = ConversionIssue.Severity.INFO;
      } else {
        severity = ConversionIssue.Severity.WARNING;
      }
      doc.issues.listed(code, severity, path, message == null ? "(no message)" : message);
    }
  }

  // ------------------------------------------------------------------ writing

  static ObjectNode render(BrowserctlDocument doc) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("schemaVersion", SCHEMA_VERSION);
    root.put("kind", KIND);
    ObjectNode meta = root.putObject("metadata");
    meta.put("name", doc.name);
    putIf(meta, "title", doc.title);
    putIf(meta, "source", doc.source);
    putIf(meta, "createdAt", doc.createdAt);
    putIf(meta, "recorderVersion", doc.recorderVersion);
    if (doc.description != null) {
      root.putObject("business").put("description", doc.description);
    }
    if (!doc.credentials.isEmpty()) {
      ArrayNode list = root.putArray("credentials");
      for (CredentialSpec c : doc.credentials) {
        declaration(list, c).put("secret", Boolean.TRUE.equals(c.secret));
      }
    }
    if (!doc.inputs.isEmpty()) {
      ArrayNode list = root.putArray("inputs");
      for (InputSpec in : doc.inputs) {
        ObjectNode n = declaration(list, in);
        putIf(n, "defaultValue", in.defaultValue);
        if (!in.options.isEmpty()) {
          ArrayNode o = n.putArray("options");
          in.options.forEach(o::add);
        }
      }
    }
    ArrayNode commands = root.putArray("commands");
    for (Command c : doc.commands) {
      ObjectNode n = commands.addObject();
      putIf(n, "id", c.id);
      ArrayNode argv = n.putArray("argv");
      c.argv.forEach(argv::add);
      if (!c.capture.isEmpty()) {
        ObjectNode cap = n.putObject("capture");
        c.capture.forEach(cap::put);
      }
      n.put("preview", ShellWords.join(c.argv));
      putIf(n, "description", c.description);
      putIf(n, "sourceStepId", c.sourceStepId);
    }
    ArrayNode warnings = root.putArray("warnings");
    ObjectNode quality = root.putObject("quality");
    quality.put("status", doc.quality);
    ArrayNode blocking = quality.putArray("blockingIssues");
    TreeMap<Integer, String> byStep = new TreeMap<>(doc.commandOfStep);
    for (ConversionIssue i : doc.issues.list()) {
      ObjectNode w = (i.severity() == ConversionIssue.Severity.BLOCKING ? blocking : warnings).addObject();
      w.put("code", i.code().name());
      int step = ImportSources.stepIndex(i.path());
      if (step >= 0 && byStep.containsKey(step)) {
        w.put("commandId", byStep.get(step));
      }
      w.put("message", i.message());
      w.put("severity", i.severity() == ConversionIssue.Severity.BLOCKING ? "error" : i.severity().jsonName());
      if (!i.path().isEmpty()) {
        w.put("path", i.path());
      }
    }
    return root;
  }

  private static void putIf(ObjectNode n, String field, String value) {
    if (value != null) {
      n.put(field, value);
    }
  }
}
