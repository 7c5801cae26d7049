package io.browserflow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.json.FlowJson;
import io.browserflow.formats.BrowserctlCommand;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import io.browserflow.playwright.recorder.BrowserSession;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs browserctl commands (argv, parsed by {@link BrowserctlCommand}) on a {@link BrowserSession}
 * and answers each with seed 002's envelope {@code {ok, code?, error?, data?}}. Shared by the
 * session daemon and by tests, which run it in process.
 */
final class SessionCommands {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern BINDING = Pattern.compile("^\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}$");

  private final BrowserSession session;

  SessionCommands(BrowserSession session) {
    this.session = session;
  }

  /** The envelope of one command. */
  static ObjectNode ok(Object data) {
    ObjectNode o = JSON.createObjectNode().put("ok", true);
    if (data != null) {
      o.set("data", JSON.valueToTree(data));
    }
    return o;
  }

  static ObjectNode failed(String code, String error) {
    return JSON.createObjectNode().put("ok", false).put("code", code).put("error", error);
  }

  /** Runs one command; never throws for a failure of the command itself. */
  ObjectNode run(List<String> argv) {
    if (argv.isEmpty()) {
      return failed("CLI_USAGE_ERROR", "no command; try snapshot, click, fill, get, wait, tab, frame, save or close");
    }
    BrowserctlCommand c;
    try {
      c = BrowserctlCommand.parse(expandShortOptions(argv));
    } catch (IllegalArgumentException e) {
      return failed("CLI_USAGE_ERROR", e.getMessage());
    }
    try {
      return dispatch(c);
    } catch (FlowException e) {
      ObjectNode f = failed(e.code().name(), e.getMessage());
      String candidates = e.details().get(FlowException.Details.CANDIDATES);
      if (candidates != null) {
        try {
          f.putObject("data").set("candidates", JSON.readTree(candidates));
        } catch (IOException notJson) {
          f.putObject("data").put("candidates", candidates);
        }
      }
      return f;
    } catch (Usage e) {
      return failed("CLI_USAGE_ERROR", e.getMessage());
    } catch (IllegalArgumentException e) {
      return failed("CLI_USAGE_ERROR", e.getMessage());
    } catch (RuntimeException e) {
      return failed("ACTION_FAILED", String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
    }
  }

  /** A usage problem of a command (exit 2 on the command line). */
  static final class Usage extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Usage(String message) {
      super(message);
    }
  }

  /** Seed 002's short snapshot options: {@code -i}, {@code -c}, {@code -d N}, {@code -s SEL}. */
  private static List<String> expandShortOptions(List<String> argv) {
    List<String> out = new ArrayList<>();
    for (String w : argv) {
      switch (w) {
        case "-i" -> out.add("--interactive");
        case "-c" -> out.add("--compact");
        case "-d" -> out.add("--depth");
        case "-s" -> out.add("--scope");
        default -> out.add(w);
      }
    }
    return out;
  }

  private ObjectNode dispatch(BrowserctlCommand c) {
    String name = c.name().orElseThrow(() -> new Usage("no command after browserctl"));
    return switch (name) {
      case "open", "navigate" -> ok(Map.of("url", session.open(need(c, 0, "a URL"))));
      case "snapshot" -> snapshot(c);
      case "click" -> {
        Optional<String> tab = session.click(need(c, 0, "a ref or locator"), c.has("new-tab"));
        yield ok(tab.map(t -> (Object) Map.of("tabId", t)).orElse(null));
      }
      case "fill" -> {
        session.fill(need(c, 0, "a ref or locator"), need(c, 1, "the text"));
        yield ok(null);
      }
      case "press" -> {
        session.press(modified(c, need(c, 0, "a key")), c.at(1));
        yield ok(null);
      }
      case "select" -> {
        session.select(need(c, 0, "a ref or locator"), need(c, 1, "a value or label"));
        yield ok(null);
      }
      case "check", "uncheck" -> {
        session.check(need(c, 0, "a ref or locator"), name.equals("check"));
        yield ok(null);
      }
      case "scroll" -> {
        session.scroll(c.at(0), c.option("to"), c.option("by").map(Integer::parseInt).orElse(0));
        yield ok(null);
      }
      case "get" -> get(c);
      case "is" -> ok(Map.of("result", session.is(need(c, 0, "visible, enabled or checked"), need(c, 1, "a ref or locator"))));
      case "wait" -> waitFor(c);
      case "eval" -> ok(Map.of("result", String.valueOf(session.eval(need(c, 0, "a script")))));
      case "tab" -> tab(c);
      case "tabs" -> ok(Map.of("tabs", session.tabs()));
      case "frame" -> {
        String locator = need(c, 0, "a frame locator (main, url:GLOB, name:NAME, a ref or a selector)");
        Optional<String> wait = c.option("timeout");
        if (wait.isPresent()) {
          session.frame(locator, java.time.Duration.ofMillis(millis(wait.get(), "frame --timeout")));
        } else {
          session.frame(locator);
        }
        yield ok(null);
      }
      case "frames" -> ok(Map.of("frames", session.frames()));
      case "save" -> save(c);
      default -> throw new Usage("unknown command " + name + "; commands: open, snapshot, click, fill, press, select, "
          + "check, uncheck, scroll, get, is, wait, eval, tab, tabs, frame, frames, save, close, batch");
    };
  }

  /** A whole number of milliseconds given to {@code what}, or a usage error naming it. */
  private static long millis(String value, String what) {
    if (!value.matches("\\d{1,9}")) {
      throw new Usage(what + " takes milliseconds (a whole number), not " + value);
    }
    return Long.parseLong(value);
  }

  private static String need(BrowserctlCommand c, int i, String what) {
    return c.at(i).orElseThrow(() -> new Usage(c.name().orElse("") + " needs " + what));
  }

  private static String modified(BrowserctlCommand c, String key) {
    StringBuilder b = new StringBuilder();
    for (String m : List.of("ctrl", "shift", "alt", "meta")) {
      if (c.has(m)) {
        b.append(switch (m) {
          case "ctrl" -> "Control";
          case "shift" -> "Shift";
          case "alt" -> "Alt";
          default -> "Meta";
        }).append('+');
      }
    }
    return b + key;
  }

  private ObjectNode snapshot(BrowserctlCommand c) {
    boolean interactive = c.has("interactive");
    int depth = c.option("depth").map(Integer::parseInt).orElse(-1);
    int max = c.option("max-nodes").map(Integer::parseInt).orElse(200);
    BrowserSession.Snapshot s = session.snapshot(new BrowserSession.SnapshotOptions(interactive, depth, c.option("scope"), max));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("url", s.url());
    data.put("title", s.title());
    List<Map<String, Object>> refs = new ArrayList<>();
    for (BrowserSession.Node n : s.nodes()) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("ref", "@" + n.ref());
      r.put("role", n.role());
      r.put("name", n.name());
      r.put("level", n.level());
      n.value().ifPresent(v -> r.put("value", v));
      n.checked().ifPresent(v -> r.put("checked", v));
      if (n.disabled()) {
        r.put("disabled", true);
      }
      if (!n.framePath().isEmpty()) {
        r.put("framePath", n.framePath());
      }
      refs.add(r);
    }
    data.put("refs", refs);
    data.put("truncated", s.truncated());
    data.put("text", s.text());
    return ok(data);
  }

  private ObjectNode get(BrowserctlCommand c) {
    String what = need(c, 0, "text, value, html, attr, count, box, styles, url or title");
    if (what.equals("url") || what.equals("title")) {
      return ok(Map.of(what, session.where().get(what)));
    }
    Object value = session.get(what, need(c, 1, "a ref or locator"), c.at(2));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put(what.equals("attr") ? "value" : what, value);
    return ok(data);
  }

  private ObjectNode waitFor(BrowserctlCommand c) {
    if (c.option("selector").isPresent()) {
      session.waitForSelector(c.option("selector").get(), !"hidden".equals(c.option("state").orElse("visible")));
    } else if (c.option("text").isPresent()) {
      session.waitForText(c.option("text").get());
    } else if (c.option("url").isPresent()) {
      session.waitForUrl(c.option("url").get());
    } else if (c.option("ms").isPresent() || c.at(0).filter(w -> w.matches("\\d+")).isPresent()) {
      session.waitMs((int) millis(c.option("ms").orElseGet(() -> c.at(0).get()), "wait --ms"));
    } else {
      throw new Usage("wait needs --selector CSS [--state visible|hidden], --text TEXT, --url GLOB or --ms N");
    }
    return ok(null);
  }

  private ObjectNode tab(BrowserctlCommand c) {
    Optional<String> first = c.at(0);
    if (first.isEmpty()) {
      return ok(Map.of("tabs", session.tabs()));
    }
    return switch (first.get()) {
      case "new" -> ok(Map.of("tabId", session.tabNew(c.at(1), c.option("label"))));
      case "close" -> {
        session.tabClose(c.at(1));
        yield ok(null);
      }
      default -> ok(Map.of("tabId", session.tab(first.get())));
    };
  }

  /** {@code save FILE [--name NAME]}: the draft as a flow file, or a {@code .browserctl} file when FILE says so. */
  private ObjectNode save(BrowserctlCommand c) {
    Path file = Path.of(need(c, 0, "a file (NAME.flow.json or NAME.browserctl)"));
    String stem = file.getFileName().toString().replaceAll("(\\.flow\\.json|\\.browserctl|\\.json)$", "");
    Flow draft = session.draft(c.option("name").orElse(stem));
    String text;
    List<String> issues = new ArrayList<>();
    if (file.getFileName().toString().endsWith(".browserctl")) {
      var out = FlowFormats.write(draft, Format.BROWSERCTL_TEXT);
      out.issues().forEach(i -> issues.add(i.describe()));
      text = out.value();
    } else {
      text = FlowJson.write(draft);
    }
    try {
      FlowFiles.write(file, text);
    } catch (IOException e) {
      return failed("ACTION_FAILED", "cannot write " + file + ": " + e.getMessage());
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("file", file.toString());
    data.put("steps", draft.steps().size());
    data.put("digest", FlowJson.digest(draft));
    data.put("issues", issues);
    return ok(data);
  }

  /**
   * {@code batch}: commands in order ({@code argv} arrays or {@code {id?, argv, capture?}}
   * objects); a whole-word {@code ${KEY}} takes an earlier capture; with {@code bail}, the first
   * failure ends it.
   */
  ObjectNode batch(JsonNode commands, boolean bail) {
    if (commands == null || !commands.isArray()) {
      return failed("CLI_USAGE_ERROR", "batch --json reads a JSON array of argv arrays or {argv, capture?} objects from stdin");
    }
    Map<String, String> captured = new LinkedHashMap<>();
    ArrayNode results = JSON.createArrayNode();
    boolean allOk = true;
    for (int i = 0; i < commands.size(); i++) {
      JsonNode item = commands.get(i);
      JsonNode argvNode = item.isArray() ? item : item.path("argv");
      if (!argvNode.isArray() || argvNode.isEmpty()) {
        return batchEnd(failed("CLI_USAGE_ERROR", "batch item " + i + " has no argv array"), i, results);
      }
      List<String> argv = new ArrayList<>();
      for (JsonNode w : argvNode) {
        String word = w.asText();
        Matcher m = BINDING.matcher(word);
        if (m.matches()) {
          if (!captured.containsKey(m.group(1))) {
            return batchEnd(failed("BATCH_BINDING_UNRESOLVED", "batch item " + i + " uses ${" + m.group(1)
                + "}, which no earlier command captured"), i, results);
          }
          word = captured.get(m.group(1));
        }
        argv.add(word);
      }
      if ("batch".equals(argv.get(0))) {
        return batchEnd(failed("CLI_USAGE_ERROR", "a batch cannot hold a batch"), i, results);
      }
      ObjectNode r = run(argv);
      if (item.has("id")) {
        r.put("id", item.get("id").asText());
      }
      results.add(r);
      if (r.path("ok").asBoolean() && item.path("capture").isObject()) {
        for (var e : (Iterable<Map.Entry<String, JsonNode>>) () -> item.get("capture").fields()) {
          JsonNode value = r.path("data").path(e.getValue().asText());
          if (value.isMissingNode() || value.isNull()) {
            return batchEnd(failed("BATCH_CAPTURE_MISSING", "batch item " + i + " has no data." + e.getValue().asText()
                + " to capture as " + e.getKey()), i, results);
          }
          captured.put(e.getKey(), value.isTextual() ? value.asText() : value.toString());
        }
      }
      if (!r.path("ok").asBoolean()) {
        allOk = false;
        if (bail) {
          return batchEnd(r, i, results);
        }
      }
    }
    ObjectNode out = JSON.createObjectNode().put("ok", allOk);
    out.putObject("data").set("results", results);
    return out;
  }

  private static ObjectNode batchEnd(ObjectNode failure, int at, ArrayNode results) {
    ObjectNode out = failure.deepCopy();
    ObjectNode data = out.putObject("data");
    data.put("failedAt", at);
    data.set("results", results);
    return out;
  }
}
