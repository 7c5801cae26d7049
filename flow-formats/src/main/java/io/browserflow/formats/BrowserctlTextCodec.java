package io.browserflow.formats;

import io.browserflow.api.Flow;
import io.browserflow.formats.BrowserctlDocument.Command;
import io.browserflow.formats.BrowserctlDocument.CredentialSpec;
import io.browserflow.formats.BrowserctlDocument.InputSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code .browserctl} command text: a header of {@code #} comments (name, source, description,
 * quality, {@code credentials:} and {@code business-inputs:} lists), then one browserctl command
 * per line without the {@code browserctl} prefix, shell-quoted.
 *
 * <pre>
 * # browserctl-recording: 1.0
 * # name: meter-rebind
 * #
 * # credentials:
 * # - METER_REBIND_BASE_URL url secret=false
 * # - METER_REBIND_PASSWORD password secret=true
 * #
 * # business-inputs:
 * # - DEVICE_ID default=1000000150601081283 help="设备 ID"
 * open "${METER_REBIND_BASE_URL}"
 * fill "[placeholder=\"密码\"]" "${METER_REBIND_PASSWORD}"
 * # warning: UNSTABLE_SELECTOR reason="selector uses nth-child"
 * click "input.anniu.un_butt.buttonClass"
 * wait --url "http://192.168.2.122:30264/#/*" --timeout 12000
 * </pre>
 *
 * <p>Comment lines {@code # warning: CODE reason="..."} (also {@code info:}, {@code blocking:})
 * become issues; {@code # capture: field=VAR} right after a command is that command's capture (the
 * JSON format's {@code capture}, which plain-text runners do not apply). Other comments are ignored.
 * A line ending in a backslash continues on the next line.
 */
final class BrowserctlTextCodec implements FormatCodec {
  private static final Pattern COMMAND = Pattern.compile("(?:browserctl\\s+)?(open|navigate|back|forward|reload|"
      + "click|dblclick|hover|fill|type|press|select|check|uncheck|scroll|scrollintoview|wait|eval|frame|tab|find|"
      + "get|is|snapshot|screenshot|close|focus)(\\s.*)?");
  private static final Pattern HEADER_KEY = Pattern.compile("([A-Za-z][A-Za-z0-9_-]*)\\s*:\\s*(.*)");
  private static final int DETECT_LINES = 5;

  @Override
  public Format format() {
    return Format.BROWSERCTL_TEXT;
  }

  @Override
  public boolean detects(String content) {
    String c = content.strip();
    if (c.isEmpty() || "{[<".indexOf(c.charAt(0)) >= 0) {
      return false;
    }
    int commands = 0;
    boolean first = true;
    for (String raw : c.split("\\R")) {
      String line = raw.strip();
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("#")) {
        if (first && line.substring(1).strip().toLowerCase(Locale.ROOT).startsWith("browserctl")) {
          return true;
        }
        first = false;
        continue;
      }
      first = false;
      if (!COMMAND.matcher(line).matches()) {
        return false;
      }
      if (++commands == DETECT_LINES) {
        break;
      }
    }
    return commands > 0;
  }

  @Override
  public Conversion<Flow> read(String content, String origin) {
    return BrowserctlImport.run(parse(content), Format.BROWSERCTL_TEXT, origin);
  }

  @Override
  public Conversion<String> write(Flow flow) {
    BrowserctlExport.Result r = BrowserctlExport.run(flow, BrowserctlExport.Style.TEXT);
    return Conversion.of(Format.FLOW, Format.BROWSERCTL_TEXT, render(r.doc()), r.read(), r.mapped(), r.issues());
  }

  // ------------------------------------------------------------------ reading

  private enum Section { NONE, CREDENTIALS, INPUTS }

  static BrowserctlDocument parse(String content) {
    BrowserctlDocument doc = new BrowserctlDocument();
    String[] lines = content.split("\\R", -1);
    boolean header = true;
    Section section = Section.NONE;
    Command last = null;
    boolean afterCommand = false;
    List<String> description = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      int lineNo = i + 1;
      String line = lines[i];
      while (continues(line) && i + 1 < lines.length) {
        line = line.substring(0, line.length() - 1) + " " + lines[++i].strip();
      }
      String t = line.strip();
      String path = "line " + lineNo;
      if (t.isEmpty()) {
        continue;
      }
      if (t.startsWith("#")) {
        String body = t.substring(1).strip();
        if (body.isEmpty()) {
          section = Section.NONE;
          continue;
        }
        if (body.startsWith("-") && section != Section.NONE) {
          item(body.substring(1).strip(), section, path, doc);
          continue;
        }
        Matcher m = HEADER_KEY.matcher(body);
        if (!m.matches()) {
          section = Section.NONE;
          continue;
        }
        String key = m.group(1).toLowerCase(Locale.ROOT).replace('_', '-');
        String value = m.group(2).strip();
        switch (key) {
          case "warning":
          case "info":
          case "blocking":
          case "error":
            issue(key, value, path, doc);
            break;
          case "capture":
            if (last != null && afterCommand) {
              capture(value, last, path, doc);
            } else {
              doc.issues.warning(ConversionCode.CAPTURE_UNATTACHED, path,
                  "a capture comment must directly follow the command it captures from; it was ignored");
            }
            break;
          case "credentials":
            section = Section.CREDENTIALS;
            break;
          case "business-inputs":
          case "inputs":
            section = Section.INPUTS;
            break;
          default:
            section = Section.NONE;
            if (header) {
              headerValue(key, value, path, doc, description);
            }
        }
        continue;
      }
      header = false;
      section = Section.NONE;
      Command c = new Command();
      c.path = path;
      try {
        c.argv.addAll(ShellWords.split(t));
      } catch (ShellWords.SyntaxException e) {
        doc.issues.blocking(ConversionCode.SYNTAX_ERROR, path, e.getMessage());
        afterCommand = false;
        continue;
      }
      doc.commands.add(c);
      last = c;
      afterCommand = true;
      continue;
    }
    if (!description.isEmpty()) {
      doc.description = String.join("\n", description);
    }
    return doc;
  }

  /** A line ends in an unescaped backslash. */
  private static boolean continues(String line) {
    int n = 0;
    for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
      n++;
    }
    return n % 2 == 1;
  }

  private static void headerValue(String key, String value, String path, BrowserctlDocument doc,
      List<String> description) {
    switch (key) {
      case "name": doc.name = value; break;
      case "title": doc.title = value; break;
      case "source": doc.source = value; break;
      case "created-at":
      case "createdat": doc.createdAt = value; break;
      case "recorder-version":
      case "recorderversion": doc.recorderVersion = value; break;
      case "description": description.add(value); break;
      case "quality":
        doc.quality = value;
        doc.qualityPath = path;
        break;
      default:
        // browserctl-recording, generated-from, source-schema-version and free comments
    }
  }

  private static Map<String, String> pairs(List<String> words, int from) {
    Map<String, String> m = new HashMap<>();
    for (int k = from; k < words.size(); k++) {
      String w = words.get(k);
      int eq = w.indexOf('=');
      if (eq > 0) {
        m.put(w.substring(0, eq).toLowerCase(Locale.ROOT), w.substring(eq + 1));
      }
    }
    return m;
  }

  private static List<String> words(String text, String path, BrowserctlDocument doc) {
    try {
      return ShellWords.split(text);
    } catch (ShellWords.SyntaxException e) {
      doc.issues.warning(ConversionCode.SYNTAX_ERROR, path, e.getMessage() + "; the comment was ignored");
      return List.of();
    }
  }

  private static void item(String text, Section section, String path, BrowserctlDocument doc) {
    List<String> w = words(text, path, doc);
    if (w.isEmpty()) {
      return;
    }
    Map<String, String> kv = pairs(w, 1);
    String bare = null;
    for (int k = 1; k < w.size(); k++) {
      if (w.get(k).indexOf('=') <= 0) {
        bare = w.get(k);
        break;
      }
    }
    if (section == Section.CREDENTIALS) {
      CredentialSpec s = new CredentialSpec();
      s.path = path;
      s.key = w.get(0);
      s.type = kv.getOrDefault("type", bare);
      s.label = kv.containsKey("label") ? kv.get("label") : kv.get("help");
      s.required = bool(kv.get("required"));
      s.secret = bool(kv.get("secret"));
      if (kv.containsKey("placeholder")) {
        doc.issues.info(ConversionCode.FIELD_DROPPED, path, "BrowserFlow credentials have no placeholder; left out");
      }
      doc.credentials.add(s);
    } else {
      InputSpec s = new InputSpec();
      s.path = path;
      s.key = w.get(0);
      s.type = kv.getOrDefault("type", bare);
      s.label = kv.get("label");
      s.help = kv.get("help");
      s.required = bool(kv.get("required"));
      s.defaultValue = kv.get("default");
      if (kv.containsKey("options")) {
        for (String o : kv.get("options").split(",")) {
          if (!o.isBlank()) {
            s.options.add(o.strip());
          }
        }
      }
      doc.inputs.add(s);
    }
  }

  private static Boolean bool(String v) {
    return v == null ? null : Boolean.valueOf(v.equalsIgnoreCase("true") || v.equalsIgnoreCase("yes"));
  }

  private static void issue(String key, String value, String path, BrowserctlDocument doc) {
    List<String> w = words(value, path, doc);
    String code = w.isEmpty() || w.get(0).indexOf('=') > 0 ? "" : w.get(0);
    Map<String, String> kv = pairs(w, 0);
    String message = kv.getOrDefault("reason", kv.getOrDefault("message", "(no reason given)"));
    ConversionIssue.Severity severity = key.equals("info") ? ConversionIssue.Severity.INFO
        : key.equals("warning") ? ConversionIssue.Severity.WARNING : ConversionIssue.Severity.BLOCKING;
    doc.issues.listed(code, severity, path, message);
  }

  private static void capture(String value, Command c, String path, BrowserctlDocument doc) {
    for (String w : words(value.replace(',', ' '), path, doc)) {
      int eq = w.indexOf('=');
      if (eq > 0 && eq < w.length() - 1) {
        c.capture.put(w.substring(0, eq), w.substring(eq + 1));
      } else {
        doc.issues.warning(ConversionCode.CAPTURE_INVALID, path, "capture entries are field=VARIABLE; \""
            + w + "\" was ignored");
      }
    }
  }

  // ------------------------------------------------------------------ writing

  static String render(BrowserctlDocument doc) {
    StringBuilder sb = new StringBuilder();
    sb.append("# browserctl-recording: 1.0\n");
    sb.append("# generated-from: browserflow\n");
    sb.append("# name: ").append(oneLine(doc.name)).append('\n');
    if (doc.title != null) {
      sb.append("# title: ").append(oneLine(doc.title)).append('\n');
    }
    if (doc.source != null) {
      sb.append("# source: ").append(oneLine(doc.source)).append('\n');
    }
    if (doc.createdAt != null) {
      sb.append("# created-at: ").append(oneLine(doc.createdAt)).append('\n');
    }
    if (doc.recorderVersion != null) {
      sb.append("# recorder-version: ").append(oneLine(doc.recorderVersion)).append('\n');
    }
    if (doc.description != null) {
      for (String l : doc.description.split("\\R", -1)) {
        sb.append("# description: ").append(l.strip()).append('\n');
      }
    }
    sb.append("# quality: ").append(doc.quality).append('\n');
    if (!doc.credentials.isEmpty()) {
      sb.append("#\n# credentials:\n");
      for (CredentialSpec c : doc.credentials) {
        sb.append("# - ").append(word(c.key)).append(' ').append(c.type).append(" secret=")
            .append(Boolean.TRUE.equals(c.secret));
        if (Boolean.FALSE.equals(c.required)) {
          sb.append(" required=false");
        }
        if (c.label != null) {
          sb.append(" label=").append(ShellWords.quote(c.label));
        }
        sb.append('\n');
      }
    }
    if (!doc.inputs.isEmpty()) {
      sb.append("#\n# business-inputs:\n");
      for (InputSpec in : doc.inputs) {
        sb.append("# - ").append(word(in.key));
        if (!"text".equals(in.type)) {
          sb.append(' ').append(in.type);
        }
        if (in.defaultValue != null) {
          sb.append(" default=").append(ShellWords.quote(in.defaultValue));
        }
        if (in.label != null) {
          sb.append(" label=").append(ShellWords.quote(in.label));
        }
        if (in.required != null && in.required != (in.defaultValue == null)) {
          sb.append(" required=").append(in.required);
        }
        if (!in.options.isEmpty()) {
          sb.append(" options=").append(ShellWords.quote(String.join(",", in.options)));
        }
        sb.append('\n');
      }
    }
    // issues go before the first command of their step; flow-level ones into the header
    Map<String, List<ConversionIssue>> before = new HashMap<>();
    List<ConversionIssue> headerIssues = new ArrayList<>();
    List<ConversionIssue> trailer = new ArrayList<>();
    TreeMap<Integer, String> byStep = new TreeMap<>(doc.commandOfStep);
    for (ConversionIssue i : doc.issues.list()) {
      int step = ImportSources.stepIndex(i.path());
      if (step < 0) {
        headerIssues.add(i);
      } else {
        Map.Entry<Integer, String> at = byStep.ceilingEntry(step);
        if (at == null) {
          trailer.add(i);
        } else {
          before.computeIfAbsent(at.getValue(), k -> new ArrayList<>()).add(i);
        }
      }
    }
    if (!headerIssues.isEmpty()) {
      sb.append("#\n");
      headerIssues.forEach(i -> sb.append(issueLine(i)));
    }
    sb.append('\n');
    for (Command c : doc.commands) {
      before.getOrDefault(c.id, List.of()).forEach(i -> sb.append(issueLine(i)));
      if (c.description != null && !c.description.isBlank()) {
        sb.append("# step: ").append(oneLine(c.description)).append('\n');
      }
      sb.append(ShellWords.join(c.argv)).append('\n');
      if (!c.capture.isEmpty()) {
        sb.append("# capture:");
        c.capture.forEach((field, var) -> sb.append(' ').append(field).append('=').append(var));
        sb.append('\n');
      }
    }
    trailer.forEach(i -> sb.append(issueLine(i)));
    return sb.toString();
  }

  private static String issueLine(ConversionIssue i) {
    String kind = i.severity() == ConversionIssue.Severity.BLOCKING ? "blocking" : i.severity().jsonName();
    return "# " + kind + ": " + i.code() + (i.path().isEmpty() ? "" : " path=" + ShellWords.quote(i.path()))
        + " reason=" + ShellWords.quote(oneLine(i.message())) + "\n";
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\R", " ");
  }

  private static String word(String s) {
    return s.matches("[^\\s\"'\\\\]+") ? s : ShellWords.quote(s);
  }
}
