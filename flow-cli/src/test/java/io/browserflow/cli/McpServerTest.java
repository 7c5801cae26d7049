package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.engine.review.Approvals;
import io.browserflow.engine.review.Environment;
import io.browserflow.engine.review.FlowReview;
import io.browserflow.api.json.FlowJson;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.LocalSite;
import io.browserflow.playwright.PlaywrightDriver;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow mcp} end to end with the MCP SDK's own client: over streamable HTTP (the server
 * in this JVM, Jetty on 127.0.0.1) and over stdio (the server a child JVM, as a client launches it).
 * The flows greet a name on a page the test serves; what the page showed comes back as an output.
 */
@Tag("browser")
class McpServerTest {
  private static LocalSite site;
  private static final StringWriter LOG = new StringWriter();
  private static final String TOKEN = "test-token-0123456789abcdef";

  @TempDir
  Path dir;
  Path flows;

  @BeforeAll
  static void serve(@TempDir Path root) throws Exception {
    Files.writeString(root.resolve("greet.html"), "<!doctype html><html><body>"
        + "<label>Name <input id='name'></label><label>Token <input id='token' type='password'></label>"
        + "<button onclick=\"document.getElementById('out').textContent='Hello, ' + document.getElementById('name').value;"
        + " document.getElementById('proof').textContent='token ' + document.getElementById('token').value\">Greet</button>"
        + "<p id='out'></p><p id='proof'></p></body></html>");
    Files.writeString(root.resolve("slow.html"), "<!doctype html><html><body>"
        + "<label>Name <input id='name'></label><label>Token <input id='token' type='password'></label>"
        + "<button onclick=\"setTimeout(() => { document.getElementById('out').textContent = 'Hello, '"
        + " + document.getElementById('name').value; document.getElementById('proof').textContent = 'token' }, 3000)\">Greet</button>"
        + "<p id='out'></p><p id='proof'></p></body></html>");
    site = LocalSite.directory(root, 0);
  }

  @AfterAll
  static void stop() {
    site.close();
  }

  @BeforeEach
  void folder() throws Exception {
    flows = Files.createDirectories(dir.resolve("flows"));
  }

  private static String greetFlow(String id, String title) {
    return "{\"schema\": \"browserflow/2\", \"id\": \"" + id + "\", \"name\": \"" + title + "\","
        + " \"description\": \"Greets a person by name.\","
        + " \"inputs\": [{\"key\": \"BASE_URL\", \"type\": \"url\"}, {\"key\": \"NAME\", \"pattern\": \"[A-Za-z]+\"}],"
        + " \"credentials\": [{\"key\": \"TOKEN\", \"type\": \"token\"}],"
        + " \"policy\": {\"allowedOrigins\": [\"http://127.0.0.1:*\"]},"
        + " \"steps\": ["
        + "  {\"id\": \"open\", \"op\": \"open\", \"url\": \"${BASE_URL}/greet.html\"},"
        + "  {\"id\": \"name\", \"op\": \"fill\", \"target\": {\"candidates\": [{\"label\": \"Name\"}]}, \"value\": \"${NAME}\"},"
        + "  {\"id\": \"token\", \"op\": \"fill\", \"target\": {\"candidates\": [{\"label\": \"Token\"}]}, \"value\": \"${credential.TOKEN}\"},"
        + "  {\"id\": \"greet\", \"op\": \"click\", \"target\": {\"candidates\": [{\"role\": \"button\", \"name\": \"Greet\"}]},"
        + "   \"expect\": [{\"text\": \"Hello\", \"element\": {\"candidates\": [{\"css\": \"#out\"}]}}]},"
        + "  {\"id\": \"out\", \"op\": \"read\", \"target\": {\"candidates\": [{\"css\": \"#out\"}]}},"
        + "  {\"id\": \"proof\", \"op\": \"read\", \"target\": {\"candidates\": [{\"css\": \"#proof\"}]}}],"
        + " \"outputs\": {\"greeting\": \"${steps.out.text}\", \"proof\": \"${steps.proof.text}\"}}";
  }

  private Path write(String file, String json) throws Exception {
    return Files.writeString(flows.resolve(file), json);
  }

  private void approve(Path file) {
    Approvals.record(flows.resolve(Approvals.FILE_NAME), CliFixture.approvalKey(), FlowReview.of(FlowJson.read(file)), "qa-lead",
        Instant.now(), null);
  }

  private static McpCommand.Running http(Path flows) throws Exception {
    return http(flows, false);
  }

  private static McpCommand.Running http(Path flows, boolean allowDrift) throws Exception {
    FlowToolServer server = new FlowToolServer(flows, Map.of("TOKEN", "t0k3n-Secret-42"),
        () -> PlaywrightDriver.launch(LaunchOptions.builder().headless(true).build()), 1, new PrintWriter(LOG, true))
        .allowEnvironmentDrift(allowDrift).approvalKey(CliFixture::approvalKey);
    return McpCommand.serveHttp(server, 0, Duration.ofMillis(200), TOKEN);
  }

  private static HttpClientStreamableHttpTransport authorized(McpCommand.Running server) {
    return HttpClientStreamableHttpTransport.builder(server.url().replace("/mcp", "")).endpoint("/mcp")
        .requestBuilder(java.net.http.HttpRequest.newBuilder().header("Authorization", "Bearer " + TOKEN)).build();
  }

  @Test
  void should_refuse_a_client_without_the_servers_token() throws Exception {
    approve(write("greet.flow.json", greetFlow("greet", "Greet someone")));

    try (McpCommand.Running server = http(flows)) {
      java.net.http.HttpResponse<String> anonymous = java.net.http.HttpClient.newHttpClient().send(
          java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url())).header("Content-Type", "application/json")
              .header("Accept", "application/json, text/event-stream")
              .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"))
              .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
      java.net.http.HttpResponse<String> wrong = java.net.http.HttpClient.newHttpClient().send(
          java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.url())).header("Authorization", "Bearer guess")
              .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}")).build(), java.net.http.HttpResponse.BodyHandlers.ofString());

      assertThat(anonymous.statusCode()).isEqualTo(401);
      assertThat(anonymous.body()).contains("Authorization: Bearer").doesNotContain(TOKEN);
      assertThat(wrong.statusCode()).isEqualTo(401);
    }
  }

  private static McpSyncClient client(io.modelcontextprotocol.spec.McpClientTransport transport,
      LinkedBlockingQueue<List<Tool>> changes) {
    McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60))
        .clientInfo(McpSchema.Implementation.builder("browserflow-test", "1").build())
        .toolsChangeConsumer(changes::add).build();
    client.initialize();
    return client;
  }

  private static Map<String, Object> greetArgs(String name) {
    return Map.of("BASE_URL", site.url(), "NAME", name);
  }

  @Test
  void should_not_publish_a_flow_whose_approval_was_written_into_the_folder_without_the_key() throws Exception {
    approve(write("greet.flow.json", greetFlow("greet", "Greet someone")));
    Path approvals = flows.resolve(Approvals.FILE_NAME);
    var tree = (com.fasterxml.jackson.databind.node.ObjectNode) FlowTools.JSON.readTree(approvals.toFile());
    var entry = ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("approvals").get(0)).deepCopy();
    Path planted = write("planted.flow.json", greetFlow("planted", "Sends the token elsewhere"));
    entry.put("flowId", "planted").put("digest", FlowReview.of(FlowJson.read(planted)).digest());
    ((com.fasterxml.jackson.databind.node.ArrayNode) tree.get("approvals")).add(entry);
    Files.writeString(approvals, tree.toString());

    CliFixture keyInside = CliFixture.run("mcp", "--flows", flows.toString(), "--approval-key", flows.resolve("k").toString());
    try (McpCommand.Running server = http(flows);
         McpSyncClient client = client(authorized(server), new LinkedBlockingQueue<>())) {
      assertThat(client.listTools().tools()).extracting(Tool::name).containsExactly("flow_greet");
    }
    assertThat(LOG.toString()).contains("planted.flow.json: its approval cannot be trusted (APPROVAL_UNTRUSTED)",
        "signature does not verify");
    assertThat(keyInside.exit).isEqualTo(2);
    assertThat(keyInside.err()).contains("lies inside", flows.toString());
  }

  @Test
  void should_hand_a_credential_scoped_to_one_flow_to_that_flows_tool_only() throws Exception {
    approve(write("greet.flow.json", greetFlow("greet", "Greet someone")));
    approve(write("other.flow.json", greetFlow("other", "Greet elsewhere")));
    java.io.StringWriter log = new java.io.StringWriter();
    FlowToolServer scoped = new FlowToolServer(flows, Map.of("greet/TOKEN", "t0k3n-Secret-42"),
        () -> PlaywrightDriver.launch(LaunchOptions.builder().headless(true).build()), 1, new PrintWriter(log, true))
        .approvalKey(CliFixture::approvalKey);

    try (McpCommand.Running server = McpCommand.serveHttp(scoped, 0, Duration.ofMillis(200), TOKEN);
         McpSyncClient client = client(authorized(server), new LinkedBlockingQueue<>())) {
      assertThat(client.listTools().tools()).extracting(Tool::name).containsExactly("flow_greet");
      CallToolResult result = client.callTool(CallToolRequest.builder("flow_greet").arguments(greetArgs("Ada")).build());

      assertThat(result.isError()).as("%s", result.content()).isFalse();
      @SuppressWarnings("unchecked")
      Map<String, Object> outputs = (Map<String, Object>) ((Map<String, Object>) result.structuredContent()).get("outputs");
      assertThat(outputs.get("proof").toString()).as("the page got the scoped token (masked in the result)")
          .startsWith("token ").doesNotContain("t0k3n-Secret-42").isNotEqualTo("token ");
    }
    assertThat(log.toString()).contains("other.flow.json: needs the secret TOKEN, which the server does not hold");
  }

  @Test
  void should_list_approved_flows_as_tools_and_run_one_over_streamable_http() throws Exception {
    approve(write("greet.flow.json", greetFlow("greet", "Greet someone")));
    write("draft.flow.json", greetFlow("draft", "Not reviewed yet"));
    approve(write("keyed.flow.json", greetFlow("keyed", "Needs a key").replace("\"TOKEN\"", "\"API_KEY\"")
        .replace("credential.TOKEN", "credential.API_KEY")));

    try (McpCommand.Running server = http(flows);
         McpSyncClient client = client(authorized(server), new LinkedBlockingQueue<>())) {
      List<Tool> tools = client.listTools().tools();

      assertThat(tools).extracting(Tool::name).containsExactly("flow_greet");
      Tool greet = tools.get(0);
      assertThat(greet.description()).contains("Greets a person by name.", "Reviewed and approved");
      assertThat(greet.inputSchema()).extractingByKey("properties").isInstanceOfSatisfying(Map.class,
          p -> assertThat(p).containsOnlyKeys("BASE_URL", "NAME", "run"));
      assertThat(greet.inputSchema()).extractingByKey("required").isEqualTo(List.of("BASE_URL", "NAME"));
      assertThat(LOG.toString()).contains("draft.flow.json: not approved",
          "keyed.flow.json: needs the secret API_KEY, which the server does not hold (set BROWSERFLOW_CREDENTIAL_API_KEY");

      CallToolResult result = client.callTool(CallToolRequest.builder("flow_greet")
          .arguments(Map.of("BASE_URL", site.url(), "NAME", "Ada", "run", Map.of("returnLogs", true))).build());

      assertThat(result.isError()).as("%s", result.content()).isFalse();
      @SuppressWarnings("unchecked")
      Map<String, Object> envelope = (Map<String, Object>) result.structuredContent();
      assertThat(envelope).containsKeys("runId", "success", "summary", "url", "outputs", "logs");
      assertThat(envelope.get("success")).isEqualTo(true);
      @SuppressWarnings("unchecked")
      Map<String, Object> outputs = (Map<String, Object>) envelope.get("outputs");
      assertThat(outputs.get("greeting")).isEqualTo("Hello, Ada");
      assertThat(outputs.get("proof").toString()).as("the page showed the server's token; the result masks it")
          .startsWith("token ").doesNotContain("t0k3n-Secret-42").isNotEqualTo("token ");
      assertThat(envelope.get("summary").toString()).contains("SUCCEEDED", "6 steps");
      assertThat((List<?>) envelope.get("logs")).hasSize(6);
      assertThat(result.toString()).doesNotContain("t0k3n-Secret-42");
      List<Path> receipts;
      try (var files = Files.list(flows.resolve("receipts"))) {
        receipts = files.toList();
      }
      assertThat(receipts).as("each call leaves a receipt in the folder's receipts/").hasSize(1);
      assertThat(receipts.get(0).getFileName().toString()).isEqualTo(envelope.get("runId") + ".receipt.json");
      assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(receipts.get(0).toFile()).at("/approval/reviewer")
          .asText()).isEqualTo("qa-lead");
      assertThat(Files.readString(receipts.get(0))).contains("\"SUCCEEDED\"")
          .doesNotContain("Ada", "t0k3n-Secret-42", "greet.html", "127.0.0.1");

      // a (prompt-injected) caller points the flow elsewhere: the server's token is typed nowhere
      CallToolResult elsewhere = client.callTool(CallToolRequest.builder("flow_greet")
          .arguments(Map.of("BASE_URL", "http://elsewhere.test", "NAME", "Ada")).build());
      assertThat(elsewhere.isError()).isTrue();
      assertThat(elsewhere.toString()).contains("ORIGIN_DENIED", "http://elsewhere.test").doesNotContain("t0k3n-Secret-42");
    }
  }

  @Test
  void should_refuse_a_flow_approved_in_another_environment_unless_the_server_allows_the_drift() throws Exception {
    Path file = write("greet.flow.json", greetFlow("greet", "Greet someone"));
    Environment elsewhere = new Environment("chromium", "1.0.0-elsewhere", "1280x720",
        java.util.Locale.getDefault().toLanguageTag(), java.time.ZoneId.systemDefault().getId(), java.util.Set.of());
    Approvals.record(flows.resolve(Approvals.FILE_NAME), CliFixture.approvalKey(), FlowReview.of(FlowJson.read(file)), "qa-lead",
        Instant.now(), elsewhere);
    Map<String, Object> args = Map.of("BASE_URL", site.url(), "NAME", "Ada");

    CallToolResult refused;
    try (McpCommand.Running server = http(flows);
         McpSyncClient client = client(authorized(server), new LinkedBlockingQueue<>())) {
      refused = client.callTool(CallToolRequest.builder("flow_greet").arguments(args).build());
    }
    CallToolResult allowed;
    try (McpCommand.Running server = http(flows, true);
         McpSyncClient client = client(authorized(server), new LinkedBlockingQueue<>())) {
      allowed = client.callTool(CallToolRequest.builder("flow_greet").arguments(args).build());
    }

    assertThat(refused.isError()).isTrue();
    @SuppressWarnings("unchecked")
    Map<String, Object> error = (Map<String, Object>) ((Map<String, Object>) refused.structuredContent()).get("error");
    assertThat(error).containsEntry("code", "ENVIRONMENT_DRIFT").containsEntry("category", "policy");
    assertThat(error.get("message").toString()).contains("browserVersion: 1.0.0-elsewhere -> ",
        "start browserflow mcp with --allow-drift").doesNotContain("run with --allow-drift");
    assertThat(allowed.isError()).as("%s", allowed.content()).isFalse();
    @SuppressWarnings("unchecked")
    Map<String, Object> outputs = (Map<String, Object>) ((Map<String, Object>) allowed.structuredContent()).get("outputs");
    assertThat(outputs).containsEntry("greeting", "Hello, Ada");
  }

  @Test
  void should_refuse_a_bad_argument_with_a_json_rpc_error_naming_it() throws Exception {
    approve(write("greet.flow.json", greetFlow("greet", "Greet someone")));

    try (McpCommand.Running server = http(flows);
         McpSyncClient client = client(authorized(server), new LinkedBlockingQueue<>())) {
      McpError pattern = catchThrowableOfType(McpError.class, () -> client.callTool(CallToolRequest.builder("flow_greet")
          .arguments(greetArgs("Ada 42")).build()));
      McpError unknown = catchThrowableOfType(McpError.class, () -> client.callTool(CallToolRequest.builder("flow_greet")
          .arguments(Map.of("BASE_URL", site.url(), "NAME", "Ada", "NAMES", "x")).build()));
      McpError secret = catchThrowableOfType(McpError.class, () -> client.callTool(CallToolRequest.builder("flow_greet")
          .arguments(Map.of("BASE_URL", site.url(), "NAME", "Ada", "credentials", Map.of("TOKEN", "mine"))).build()));
      McpError missing = catchThrowableOfType(McpError.class, () -> client.callTool(CallToolRequest.builder("flow_greet")
          .arguments(Map.of("BASE_URL", site.url())).build()));
      McpError option = catchThrowableOfType(McpError.class, () -> client.callTool(CallToolRequest.builder("flow_greet")
          .arguments(Map.of("BASE_URL", site.url(), "NAME", "Ada", "run", Map.of("denyNetwork", "sometimes"))).build()));
      McpError loosen = catchThrowableOfType(McpError.class, () -> client.callTool(CallToolRequest.builder("flow_greet")
          .arguments(Map.of("BASE_URL", site.url(), "NAME", "Ada", "run", Map.of("denyNetwork", "off"))).build()));
      McpError huge = catchThrowableOfType(McpError.class, () -> client.callTool(CallToolRequest.builder("flow_greet")
          .arguments(Map.of("BASE_URL", site.url(), "NAME", "A".repeat(200_000))).build()));

      assertThat(List.of(pattern, unknown, secret, missing, option, loosen, huge))
          .allSatisfy(e -> assertThat(e.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS));
      assertThat(pattern.getMessage()).contains("argument NAME must match", "Ada 42");
      assertThat(unknown.getMessage()).contains("argument NAMES is not an argument of flow_greet");
      assertThat(secret.getMessage()).contains("argument credentials.TOKEN is secret", "never a call");
      assertThat(missing.getMessage()).contains("argument NAME is required");
      assertThat(option.getMessage()).contains("argument run.denyNetwork must be report or strict");
      assertThat(loosen.getMessage()).contains("argument run.denyNetwork cannot be off", "only tighten");
      assertThat(huge.getMessage()).contains("argument NAME has 200000 characters, more than the limit of").hasSizeLessThan(500);
    }
  }

  @Test
  void should_update_an_edited_flows_tool_and_withdraw_it_when_its_approval_no_longer_holds() throws Exception {
    Path file = write("greet.flow.json", greetFlow("greet", "Greet someone"));
    approve(file);
    LinkedBlockingQueue<List<Tool>> changes = new LinkedBlockingQueue<>();

    try (McpCommand.Running server = http(flows);
         McpSyncClient client = client(authorized(server), changes)) {
      assertThat(client.listTools().tools()).extracting(Tool::name).containsExactly("flow_greet");

      Files.writeString(file, greetFlow("greet", "Greet someone, edited"));

      List<Tool> afterEdit = awaitTools(changes, client, List.of());
      assertThat(afterEdit).as("an edited flow has another digest: no longer approved").isEmpty();
      assertThat(LOG.toString()).contains("changed since its approval");

      approve(file);
      write("other.flow.json", greetFlow("other-greeting", "Greet another way"));
      approve(flows.resolve("other.flow.json"));

      List<Tool> afterApproval = awaitTools(changes, client, List.of("flow_greet", "flow_other-greeting"));
      assertThat(afterApproval).filteredOn(t -> t.name().equals("flow_greet")).singleElement()
          .satisfies(t -> assertThat(t.title()).isEqualTo("Greet someone, edited"));
      CallToolResult result = client.callTool(CallToolRequest.builder("flow_other-greeting").arguments(greetArgs("Grace")).build());
      assertThat(result.structuredContent()).isInstanceOfSatisfying(Map.class,
          m -> assertThat(((Map<?, ?>) m.get("outputs")).get("greeting")).isEqualTo("Hello, Grace"));
    }
  }

  /** Waits for list-changed notifications until the listed tools are {@code names}. */
  private static List<Tool> awaitTools(LinkedBlockingQueue<List<Tool>> changes, McpSyncClient client, List<String> names)
      throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    List<Tool> now = client.listTools().tools();
    while (!now.stream().map(Tool::name).sorted().collect(Collectors.toList()).equals(names.stream().sorted().toList())
        && System.nanoTime() < end) {
      List<Tool> notified = changes.poll(500, TimeUnit.MILLISECONDS);
      now = notified != null ? notified : client.listTools().tools();
    }
    assertThat(now).extracting(Tool::name).containsExactlyInAnyOrderElementsOf(names);
    return now;
  }

  @Test
  void should_refuse_a_second_call_of_a_flow_while_one_runs() throws Exception {
    // the page shows its greeting 3 s after the click: the first call is still running when the second comes
    String slow = greetFlow("slow", "Greet slowly").replace("/greet.html", "/slow.html");
    approve(write("slow.flow.json", slow));

    try (McpCommand.Running server = http(flows)) {
      FlowTools.FlowTool tool = FlowTools.scan(flows, CliFixture.approvalKey(), (flowId, key) -> key.equals("TOKEN")).tools().get("flow_slow");
      java.util.concurrent.atomic.AtomicReference<CallToolResult> firstResult = new java.util.concurrent.atomic.AtomicReference<>();
      Thread first = new Thread(() -> firstResult.set(server.server().call(tool, greetArgs("Ada"))));
      first.start();
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (server.server().runningCalls("flow_slow") == 0 && System.nanoTime() < end) {
        Thread.sleep(20);
      }
      assertThat(server.server().runningCalls("flow_slow")).as("the first call runs").isEqualTo(1);

      CallToolResult second = server.server().call(tool, greetArgs("Grace"));
      first.join();

      assertThat(second.isError()).isTrue();
      assertThat(second.structuredContent()).isInstanceOfSatisfying(Map.class, m -> {
        assertThat(m.get("summary").toString()).contains("flow_slow is already running 1 call", "--max-runs-per-flow");
        assertThat(m.get("error")).isEqualTo(Map.of("code", "LIMIT_EXCEEDED", "category", "limit"));
      });
      assertThat(firstResult.get().isError()).as("%s", firstResult.get().content()).isFalse();
      assertThat(server.server().runningCalls("flow_slow")).isZero();
    }
  }

  @Test
  void should_serve_the_same_tools_over_stdio_to_a_client_that_launches_it() throws Exception {
    approve(write("greet.flow.json", greetFlow("greet", "Greet someone")));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ServerParameters launch = ServerParameters.builder(java)
        .args("-cp", System.getProperty("java.class.path"), "io.browserflow.cli.Main", "mcp", "--flows", flows.toString())
        .env(Map.of("BROWSERFLOW_CREDENTIAL_TOKEN", "t0k3n-Secret-42", "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"))
        .build();

    try (McpSyncClient client = client(new StdioClientTransport(launch, FlowToolServer.MAPPER), new LinkedBlockingQueue<>())) {
      assertThat(client.listTools().tools()).extracting(Tool::name).containsExactly("flow_greet");

      CallToolResult result = client.callTool(CallToolRequest.builder("flow_greet").arguments(greetArgs("Linus")).build());

      assertThat(result.isError()).as("%s", result.content()).isFalse();
      assertThat(result.structuredContent()).isInstanceOfSatisfying(Map.class,
          m -> assertThat(((Map<?, ?>) m.get("outputs")).get("greeting")).isEqualTo("Hello, Linus"));
      McpError bad = catchThrowableOfType(McpError.class,
          () -> client.callTool(CallToolRequest.builder("flow_greet").arguments(Map.of("BASE_URL", 7, "NAME", "x")).build()));
      assertThat(bad.getMessage()).contains("argument BASE_URL must be a string");
    }
  }
}
