package io.browserflow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Credential;
import io.browserflow.api.Input;
import io.browserflow.engine.Caller;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.TraceMode;
import io.browserflow.engine.review.Approvals;
import io.browserflow.engine.spi.PageDriver;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The MCP server of {@code browserflow mcp}: publishes the approved flows of a folder as tools
 * ({@link FlowTools}), runs a flow per call on one shared driver, in an engine that requires the tool's
 * approval (its digest and pinned environment: {@code ENVIRONMENT_DRIFT} unless {@code --allow-drift}),
 * and keeps the tools in step with the
 * folder (a changed file is re-read and its tool updated, a flow no longer approved is withdrawn;
 * clients are told through {@code notifications/tools/list_changed}).
 *
 * <p>A call's arguments are checked against the tool's schema first; a bad one is a JSON-RPC
 * error ({@code -32602}, invalid params) naming the argument. A run that fails is a tool result
 * with {@code isError} and the envelope {@code {runId, success: false, summary, url, outputs,
 * error}}. Secrets never come from arguments: the server holds them (environment
 * {@code BROWSERFLOW_CREDENTIAL_<KEY>} or a credentials file) and they never appear in a result.
 */
final class FlowToolServer implements AutoCloseable {
  static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(FlowTools.JSON);

  private final Path dir;
  private final Map<String, String> credentials;
  private final Supplier<PageDriver> drivers;
  private final int maxRunsPerFlow;
  private final PrintWriter log;
  private final Map<String, FlowTools.FlowTool> published = new LinkedHashMap<>();
  private final Map<String, Semaphore> running = new ConcurrentHashMap<>();
  private McpSyncServer server;
  private PageDriver driver;
  private Thread watcher;
  private volatile boolean closed;
  private volatile String fingerprint = "";
  private boolean allowEnvironmentDrift;
  private Path receipts;
  private Supplier<io.browserflow.engine.review.ApprovalKey> approvalKey = io.browserflow.engine.review.ApprovalKey::random;

  FlowToolServer(Path dir, Map<String, String> credentials, Supplier<PageDriver> drivers, int maxRunsPerFlow, PrintWriter log) {
    this.dir = dir;
    this.credentials = Map.copyOf(credentials);
    this.drivers = drivers;
    this.maxRunsPerFlow = maxRunsPerFlow;
    this.log = log;
  }

  /** Runs approved flows in an environment other than their approval's (browserflow mcp --allow-drift); set before start. */
  FlowToolServer allowEnvironmentDrift(boolean allow) {
    this.allowEnvironmentDrift = allow;
    return this;
  }

  /**
   * The key the folder's approvals are signed with (browserflow mcp --approval-key), read at each scan
   * (null: none yet, so nothing is approved); set before start.
   */
  FlowToolServer approvalKey(Supplier<io.browserflow.engine.review.ApprovalKey> key) {
    this.approvalKey = key;
    return this;
  }

  /**
   * The server's value of a flow's credential: the entry scoped to the flow ({@code <flow id>/<KEY>}
   * in the credentials file) before an unscoped one; null when it holds none. A scoped entry never
   * reaches another flow.
   */
  private String serverCredential(String flowId, String key) {
    String scoped = credentials.get(flowId + "/" + key);
    return scoped != null ? scoped : credentials.get(key);
  }

  private FlowTools.Scan scan() {
    try {
      return FlowTools.scan(dir, approvalKey.get(), (flowId, key) -> serverCredential(flowId, key) != null);
    } catch (io.browserflow.api.FlowException e) {
      return new FlowTools.Scan(Map.of(), List.of(e.code() + ": " + e.getMessage() + " (no flow is published)"));
    }
  }

  /** Where each call's receipt goes ({@code <run id>.receipt.json}); {@code receipts/} in the folder unless set. */
  FlowToolServer receipts(Path folder) {
    this.receipts = folder;
    return this;
  }

  /** Starts serving on a single-session transport (stdio); the tools are those of the folder now. */
  FlowToolServer start(McpServerTransportProvider transport) {
    return start(McpServer.sync(transport));
  }

  /** Starts serving on a streamable HTTP transport; the tools are those of the folder now. */
  FlowToolServer start(io.modelcontextprotocol.spec.McpStreamableServerTransportProvider transport) {
    return start(McpServer.sync(transport));
  }

  private synchronized FlowToolServer start(McpServer.SyncSpecification<?> spec) {
    // the folder's tools are there before the transport answers anything: a client listing at once sees them
    fingerprint = fingerprint();
    FlowTools.Scan scan = scan();
    scan.withheld().forEach(w -> log.println("browserflow mcp: " + w));
    List<SyncToolSpecification> initial = new ArrayList<>();
    for (FlowTools.FlowTool tool : scan.tools().values()) {
      initial.add(spec(tool));
      published.put(tool.name(), tool);
      log.println("browserflow mcp: published " + tool.name() + " (" + tool.file() + ")");
    }
    log.flush();
    server = spec
        .tools(initial)
        .serverInfo("browserflow", "0.1.0")
        .jsonMapper(MAPPER)
        .validateToolInputs(false) // checked here, so a bad argument is a JSON-RPC error naming it
        .requestTimeout(Duration.ofHours(1))
        .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
        .instructions("Each tool runs one reviewed and approved BrowserFlow flow in a browser and returns "
            + "{runId, success, summary, url, outputs}.")
        .build();
    return this;
  }

  /** Re-reads the folder every {@code interval} and updates the tools when a file changed. */
  synchronized void watch(Duration interval) {
    watcher = new Thread(() -> {
      while (!closed) {
        try {
          Thread.sleep(interval.toMillis());
          if (!fingerprint().equals(fingerprint)) {
            reload();
          }
        } catch (InterruptedException e) {
          return;
        } catch (RuntimeException e) {
          log.println("browserflow mcp: reloading " + dir + " failed: " + e.getMessage());
        }
      }
    }, "browserflow-mcp-watch");
    watcher.setDaemon(true);
    watcher.start();
  }

  /** The names of the tools published now. */
  synchronized List<String> tools() {
    return List.copyOf(published.keySet());
  }

  /** Scans the folder and brings the published tools in line with it. */
  synchronized void reload() {
    fingerprint = fingerprint();
    FlowTools.Scan scan = scan();
    scan.withheld().forEach(w -> log.println("browserflow mcp: " + w));
    for (Iterator<Map.Entry<String, FlowTools.FlowTool>> it = published.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, FlowTools.FlowTool> e = it.next();
      FlowTools.FlowTool now = scan.tools().get(e.getKey());
      if (now == null || !now.sameAs(e.getValue())) {
        server.removeTool(e.getKey());
        it.remove();
        log.println("browserflow mcp: " + (now == null ? "withdrew " : "updating ") + e.getKey());
      }
    }
    for (FlowTools.FlowTool tool : scan.tools().values()) {
      if (!published.containsKey(tool.name())) {
        server.addTool(spec(tool));
        published.put(tool.name(), tool);
        log.println("browserflow mcp: published " + tool.name() + " (" + tool.file() + ")");
      }
    }
    log.flush();
  }

  /** Names, sizes and modification times of the flow files and the approvals file. */
  private String fingerprint() {
    try (Stream<Path> list = Files.list(dir)) {
      StringBuilder b = new StringBuilder();
      list.filter(p -> p.getFileName().toString().endsWith(".flow.json")
              || p.getFileName().toString().equals(Approvals.FILE_NAME))
          .sorted().forEach(p -> {
            try { // by content: a same-size rewrite within the clock's granularity still counts
              b.append(p.getFileName()).append(':').append(java.util.HexFormat.of().formatHex(
                  java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)))).append('\n');
            } catch (java.security.NoSuchAlgorithmException e) {
              throw new IllegalStateException(e);
            } catch (IOException e) {
              b.append(p.getFileName()).append(":gone\n");
            }
          });
      return b.toString();
    } catch (IOException e) {
      return "unlistable";
    }
  }

  private SyncToolSpecification spec(FlowTools.FlowTool tool) {
    McpSchema.Tool t = McpSchema.Tool.builder(tool.name(), MAPPER, tool.schema().toString())
        .title(tool.flow().name())
        .description(tool.description())
        .build();
    return SyncToolSpecification.builder().tool(t).callHandler((exchange, request) -> call(tool, request.arguments())).build();
  }

  /** Runs the tool's flow for one call. */
  CallToolResult call(FlowTools.FlowTool tool, Map<String, Object> given) {
    Map<String, Object> args = given == null ? Map.of() : given;
    Call call = check(tool, args);
    Semaphore slots = running.computeIfAbsent(tool.name(), k -> new Semaphore(maxRunsPerFlow));
    if (!slots.tryAcquire()) {
      return error(Map.of("success", false, "summary", tool.name() + " is already running " + maxRunsPerFlow
          + (maxRunsPerFlow == 1 ? " call" : " calls") + ", the most at once (browserflow mcp --max-runs-per-flow); "
          + "call it again when one has ended", "error", Map.of("code", "LIMIT_EXCEEDED", "category", "limit")));
    }
    // each call runs under its tool's own approval: the digest again, and the environment it was approved in
    try (FlowEngine approved = FlowEngine.builder().driver(driver())
        .requireApproval(Approvals.create().approve(tool.approval())).build()) {
      RunResult result = approved.run(tool.flow(), call.inputs, call.options);
      writeReceipt(tool, result);
      return envelope(result, call.returnLogs);
    } finally {
      slots.release();
    }
  }

  /** Calls of a tool running now. */
  int runningCalls(String tool) {
    Semaphore slots = running.get(tool);
    return slots == null ? 0 : maxRunsPerFlow - slots.availablePermits();
  }

  /** Each call leaves a metadata-only receipt (seed 003); a receipt that cannot be written is logged, the result still returned. */
  private void writeReceipt(FlowTools.FlowTool tool, RunResult result) {
    Path folder = receipts != null ? receipts : dir.resolve("receipts");
    try {
      FlowFiles.write(folder.resolve(result.runId() + ".receipt.json"),
          io.browserflow.engine.review.Receipt.of(result, Optional.of(tool.approval()), tool.flow().version()));
    } catch (IOException e) {
      synchronized (log) {
        log.println("browserflow mcp: the receipt of run " + result.runId() + " could not be written to " + folder + ": " + e);
        log.flush();
      }
    }
  }

  private synchronized PageDriver driver() {
    if (driver == null) {
      driver = drivers.get();
    }
    return driver;
  }

  /** A checked call: the inputs (server credentials included) and the run options. */
  private record Call(Inputs inputs, RunOptions options, boolean returnLogs) { }

  private Call check(FlowTools.FlowTool tool, Map<String, Object> args) {
    JsonNode schema = tool.schema();
    JsonNode properties = schema.path("properties");
    Object credentialArgs = args.get(io.browserflow.api.json.FlowSchema.CREDENTIALS_PROPERTY);
    if (credentialArgs instanceof Map<?, ?> m) {
      for (Object key : m.keySet()) {
        Optional<Credential> c = tool.flow().credential(String.valueOf(key));
        if (c.isPresent() && c.get().secret()) {
          throw invalid("credentials." + key, "is secret: the server supplies it (BROWSERFLOW_CREDENTIAL_" + key
              + " or its --credentials file), never a call");
        }
      }
    }
    for (String key : args.keySet()) {
      if (!properties.has(key)) {
        throw invalid(key, "is not an argument of " + tool.name() + " (arguments: " + String.join(", ", names(properties)) + ")");
      }
    }
    for (JsonNode r : schema.path("required")) {
      if (!args.containsKey(r.asText())) {
        throw invalid(r.asText(), "is required");
      }
    }
    Inputs.Builder inputs = Inputs.builder();
    for (Input input : tool.flow().inputs()) {
      Object value = args.get(input.key());
      if (value != null) {
        inputs.input(input.key(), checkValue(input.key(), value, properties.path(input.key())));
      }
    }
    Map<String, Object> givenCredentials = map(args.get(io.browserflow.api.json.FlowSchema.CREDENTIALS_PROPERTY),
        io.browserflow.api.json.FlowSchema.CREDENTIALS_PROPERTY);
    JsonNode credentialSchema = properties.path(io.browserflow.api.json.FlowSchema.CREDENTIALS_PROPERTY);
    for (String key : givenCredentials.keySet()) { // secret ones were refused first
      if (!credentialSchema.path("properties").has(key)) {
        throw invalid("credentials." + key, "is not a credential this tool takes");
      }
    }
    for (JsonNode r : credentialSchema.path("required")) {
      if (!givenCredentials.containsKey(r.asText())) {
        throw invalid("credentials." + r.asText(), "is required");
      }
    }
    List<String> missing = new ArrayList<>();
    for (Credential c : tool.flow().credentials()) {
      Object value = givenCredentials.get(c.key());
      if (value != null) {
        inputs.credential(c.key(), checkValue("credentials." + c.key(), value, credentialSchema.path("properties").path(c.key())));
      } else if (serverCredential(tool.flow().id(), c.key()) != null) {
        inputs.credential(c.key(), serverCredential(tool.flow().id(), c.key()));
      } else if (c.required() && (c.secret() || !credentialSchema.path("properties").has(c.key()))) {
        missing.add(c.key());
      }
    }
    if (!missing.isEmpty()) {
      throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message("the server holds no value for the credential"
          + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing) + " of " + tool.name() + ": start browserflow mcp "
          + "with BROWSERFLOW_CREDENTIAL_" + missing.get(0) + " set, or with --credentials FILE").build();
    }
    Map<String, Object> run = map(args.get(FlowTools.RUN), FlowTools.RUN);
    RunOptions.Builder options = RunOptions.builder().caller(Caller.MCP).trace(TraceMode.OFF)
        .allowEnvironmentDrift(allowEnvironmentDrift)
        .addAllAllowed(tool.review().capabilities()).denyNetwork(true);
    boolean returnLogs = false;
    for (Map.Entry<String, Object> e : run.entrySet()) {
      String at = FlowTools.RUN + "." + e.getKey();
      switch (e.getKey()) {
        case "timeoutMs" -> {
          if (!(e.getValue() instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.longValue() < 1) {
            throw invalid(at, "must be a whole number of milliseconds, at least 1, was " + e.getValue());
          }
          options.timeBudget(Duration.ofMillis(n.longValue()));
        }
        case "denyNetwork" -> {
          String mode = String.valueOf(e.getValue());
          // a call may only tighten the server's policy (report), never lift it
          switch (mode) {
            case "report" -> options.denyNetwork(true);
            case "strict" -> options.denyNetwork(true).failOnBlockedRequest(true);
            case "off" -> throw invalid(at, "cannot be off: a call may only tighten the network policy (report or strict)");
            default -> throw invalid(at, "must be report or strict, was " + e.getValue());
          }
        }
        case "returnLogs" -> {
          if (!(e.getValue() instanceof Boolean b)) {
            throw invalid(at, "must be true or false, was " + e.getValue());
          }
          returnLogs = b;
        }
        default -> throw invalid(at, "is not a run option (timeoutMs, denyNetwork, returnLogs)");
      }
    }
    return new Call(inputs.build(), options.build(), returnLogs);
  }

  private static List<String> names(JsonNode properties) {
    List<String> names = new ArrayList<>();
    properties.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value, String at) {
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map<?, ?> m)) {
      throw invalid(at, "must be an object");
    }
    return (Map<String, Object>) m;
  }

  /** The argument as the flow's text input, after checking it against its property's type, enum and pattern. */
  private static String checkValue(String at, Object value, JsonNode property) {
    String type = property.path("type").asText("string");
    String text;
    switch (type) {
      case "number" -> {
        if (!(value instanceof Number)) {
          throw invalid(at, "must be a number, was " + describe(value));
        }
        text = value.toString();
      }
      case "boolean" -> {
        if (!(value instanceof Boolean)) {
          throw invalid(at, "must be true or false, was " + describe(value));
        }
        text = value.toString();
      }
      default -> {
        if (!(value instanceof String s)) {
          throw invalid(at, "must be a string, was " + describe(value));
        }
        text = s;
      }
    }
    int max = io.browserflow.api.validate.FlowLimits.defaults().maxValueChars();
    if (text.length() > max) {
      // before any pattern runs on it: a caller's value cannot make the server match a megabyte
      throw invalid(at, "has " + text.length() + " characters, more than the limit of " + max);
    }
    if (property.has("enum")) {
      List<String> allowed = new ArrayList<>();
      property.get("enum").forEach(v -> allowed.add(v.asText()));
      if (!allowed.contains(text)) {
        throw invalid(at, "must be one of " + String.join(", ", allowed) + ", was " + text);
      }
    }
    if (property.has("pattern") && !Pattern.compile(property.get("pattern").asText()).matcher(text).find()) {
      throw invalid(at, "must match " + property.get("pattern").asText() + ", was " + text);
    }
    return text;
  }

  private static String describe(Object value) {
    return value instanceof String ? "a string" : value instanceof Number ? "a number" : value instanceof Boolean
        ? "a boolean" : value instanceof Map ? "an object" : value instanceof List ? "an array" : String.valueOf(value);
  }

  private static McpError invalid(String argument, String why) {
    return McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS).message("argument " + argument + " " + why)
        .data(Map.of("argument", argument)).build();
  }

  /** The seed's result envelope: {@code {runId, success, summary, url, outputs, logs?}}, and the error when it failed. */
  static CallToolResult envelope(RunResult r, boolean returnLogs) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("runId", r.runId());
    body.put("success", r.succeeded());
    body.put("summary", summary(r));
    body.put("url", lastUrl(r).orElse(null));
    body.put("outputs", outputs(r));
    body.put("status", r.status().name());
    if (!r.succeeded()) {
      Map<String, Object> error = new LinkedHashMap<>();
      error.put("code", r.errorCode().map(Enum::name).orElse(r.status().name()));
      error.put("category", category(r.errorCode().map(Enum::name).orElse("")));
      r.errorPath().ifPresent(p -> error.put("step", p));
      r.errorMessage().ifPresent(m -> error.put("message", m));
      body.put("error", error);
    }
    if (returnLogs) {
      List<String> logs = new ArrayList<>();
      for (StepResult s : r.steps()) {
        logs.add(s.state() + " " + s.path() + " " + s.op() + s.title().map(t -> " \"" + t + "\"").orElse("") + " "
            + s.tookMs() + " ms" + s.errorCode().map(c -> " " + c).orElse("") + s.message().map(m -> ": " + m).orElse(""));
      }
      body.put("logs", logs);
    }
    return r.succeeded() ? CallToolResult.builder().structuredContent(body).addTextContent(text(body)).build()
        : error(body);
  }

  /** The flow's declared outputs by name; a flow declaring none hands back its steps' outputs ({@code steps.<id>.<field>}). */
  private static Map<String, String> outputs(RunResult r) {
    Map<String, String> declared = new LinkedHashMap<>();
    r.outputs().forEach((k, v) -> {
      if (k.startsWith("outputs.")) {
        declared.put(k.substring("outputs.".length()), v);
      }
    });
    return declared.isEmpty() ? r.outputs() : declared;
  }

  private static CallToolResult error(Map<String, Object> body) {
    return CallToolResult.builder().structuredContent(body).addTextContent(text(body)).isError(true).build();
  }

  private static String text(Map<String, Object> body) {
    try {
      return FlowTools.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(body);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return String.valueOf(body.get("summary"));
    }
  }

  private static String summary(RunResult r) {
    long done = r.steps().stream().filter(s -> s.state() == io.browserflow.engine.StepState.VERIFIED).count();
    String took = String.format(java.util.Locale.ROOT, "%.1f s", r.tookMs() / 1000.0);
    if (r.succeeded()) {
      return r.flowName() + ": SUCCEEDED, " + done + (done == 1 ? " step" : " steps") + " in " + took;
    }
    return r.flowName() + ": " + r.status() + r.errorPath().map(p -> " at " + p).orElse("")
        + r.errorCode().map(c -> " (" + c + ")").orElse("") + " after " + took;
  }

  private static Optional<String> lastUrl(RunResult r) {
    for (int i = r.steps().size() - 1; i >= 0; i--) {
      if (r.steps().get(i).url().isPresent()) {
        return r.steps().get(i).url();
      }
    }
    return Optional.empty();
  }

  /** Seed 000's error categories, so a client can tell what to fix. */
  static String category(String code) {
    return switch (code) {
      case "TARGET_NOT_FOUND", "TARGET_AMBIGUOUS", "TARGET_EMPTY", "FRAME_NOT_FOUND", "FRAME_AMBIGUOUS" -> "selector";
      case "NAVIGATION_TIMEOUT", "TAB_NOT_FOUND", "ORIGIN_DENIED", "NETWORK_ATTEMPT" -> "navigation";
      case "SCRIPT_ERROR" -> "script";
      case "CHECK_FAILED", "CAPTURE_MISSING" -> "check";
      case "TIMEOUT" -> "timeout";
      case "INPUT_MISSING", "INPUT_INVALID", "BINDING_UNRESOLVED" -> "input";
      case "REVIEW_REQUIRED", "CAPABILITY_DENIED", "SENSITIVE_VALUE", "ENVIRONMENT_DRIFT" -> "policy";
      default -> "run";
    };
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (watcher != null) {
      watcher.interrupt();
    }
    if (server != null) {
      server.closeGracefully();
    }
    if (driver != null) {
      driver.close();
    }
  }
}
