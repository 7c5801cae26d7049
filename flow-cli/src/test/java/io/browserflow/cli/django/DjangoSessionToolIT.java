package io.browserflow.cli.django;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.cli.Main;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 003's path from a live session to a reviewed skill, on Django's admin (an app nobody here
 * wrote): {@code browserflow session} commands sign in and add a group by snapshot refs, the
 * session is saved as a flow, approved with {@code browserflow review}, replayed with
 * {@code run --require-approval} (a receipt written), and published by {@code browserflow mcp} as a
 * tool an MCP client calls. Each step is checked on the server, through Django's ORM, on a fresh
 * database.
 */
@Tag("browser")
class DjangoSessionToolIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SESSION = "django";

  @TempDir
  static Path dir;
  static DjangoAdmin admin;

  @BeforeAll
  static void start() throws Exception {
    admin = DjangoAdmin.start(dir);
    System.setProperty("browserflow.session.dir", dir.resolve("sessions").toString());
  }

  @AfterAll
  static void stop() throws Exception {
    cli("session", "--name", SESSION, "close");
    System.clearProperty("browserflow.session.dir");
    if (admin != null) {
      admin.close();
    }
  }

  /** Runs the command line in process: exit code, then what it printed. */
  private static Map.Entry<Integer, String> cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return Map.entry(exit, out + err.toString());
  }

  /** One {@code browserflow session --name django ... --json} command that must succeed; its envelope's data. */
  private static JsonNode session(String... words) throws Exception {
    String[] args = Stream.concat(Stream.of("session", "--name", SESSION), Stream.concat(Stream.of(words), Stream.of("--json")))
        .toArray(String[]::new);
    Map.Entry<Integer, String> r = cli(args);
    assertThat(r.getKey()).as("session %s: %s", String.join(" ", words), r.getValue()).isZero();
    JsonNode envelope = JSON.readTree(r.getValue().substring(r.getValue().indexOf('{')));
    assertThat(envelope.path("ok").asBoolean()).as(r.getValue()).isTrue();
    return envelope.path("data");
  }

  /** The ref of the snapshot's element with this role whose accessible name starts with {@code name}. */
  private static String ref(JsonNode snapshot, String role, String name) {
    return ref(snapshot, role, n -> n.startsWith(name), name + "...");
  }

  private static String ref(JsonNode snapshot, String role, java.util.function.Predicate<String> name, String what) {
    for (JsonNode r : snapshot.path("refs")) {
      if (r.path("role").asText().equals(role) && name.test(r.path("name").asText())) {
        return r.path("ref").asText();
      }
    }
    throw new AssertionError("no " + role + " \"" + what + "\" in\n" + snapshot.path("text").asText());
  }


  @Test
  void should_turn_a_shell_session_on_the_admin_into_an_approved_flow_a_run_and_an_mcp_tool_replay() throws Exception {
    admin.reset();
    String group = "Editors " + UUID.randomUUID().toString().substring(0, 6);

    // 1. a shell session, one command per invocation, acting on snapshot refs
    session("open", admin.baseUrl + "/admin/login/");
    JsonNode login = session("snapshot", "-i");
    session("fill", ref(login, "textbox", "Username"), "admin");
    session("fill", ref(login, "textbox", "Password"), admin.password);
    session("click", ref(login, "button", "Log in"));
    session("wait", "--url", "**/admin/");
    session("open", admin.baseUrl + "/admin/auth/group/add/");
    JsonNode form = session("snapshot", "-i", "--max-nodes", "1000");
    session("fill", ref(form, "textbox", "Name"), group);
    session("click", ref(form, "button", "Save"::equals, "Save"));
    session("wait", "--text", "was added successfully");

    assertThat(admin.groups(group)).as("the session's Save reached Django").isEqualTo(1);

    // 2. saved as a flow: the password became a secret credential, never written
    Path flows = Files.createDirectories(dir.resolve("flows"));
    Path flow = flows.resolve("add-group.flow.json");
    session("save", flow.toString(), "--name", "Add a group");
    cli("session", "--name", SESSION, "close");
    String saved = Files.readString(flow);
    assertThat(saved).doesNotContain(admin.password).contains("${credential.PASSWORD}", group);

    // 3. reviewed and approved, then replayed isolated with a receipt
    Map.Entry<Integer, String> approve = cli("review", flow.toString(), "--approve", "--reviewer", "qa-lead");
    assertThat(approve.getKey()).as(approve.getValue()).isZero();
    admin.reset();
    Path receipts = dir.resolve("receipts");
    Map.Entry<Integer, String> run = cli("run", flow.toString(), "--require-approval", "--credential",
        "PASSWORD=" + admin.password, "--receipts", receipts.toString());

    assertThat(run.getKey()).as(run.getValue()).isZero();
    assertThat(admin.groups(group)).as("the approved replay added the group again on a fresh database").isEqualTo(1);
    try (Stream<Path> files = Files.list(receipts)) {
      List<Path> written = files.toList();
      assertThat(written).hasSize(1);
      String receipt = Files.readString(written.get(0));
      assertThat(receipt).contains("\"SUCCEEDED\"").doesNotContain(admin.password, group, "/admin/");
    }

    // 4. published as an MCP tool; the server holds the password, the client never sees it
    admin.reset();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ServerParameters launch = ServerParameters.builder(java)
        .args("-cp", System.getProperty("java.class.path"), "io.browserflow.cli.Main", "mcp", "--flows", flows.toString())
        .env(Map.of("BROWSERFLOW_CREDENTIAL_PASSWORD", admin.password, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"))
        .build();
    try (McpSyncClient client = McpClient.sync(new StdioClientTransport(launch, new JacksonMcpJsonMapper(new ObjectMapper())))
        .requestTimeout(Duration.ofSeconds(90)).clientInfo(McpSchema.Implementation.builder("django-it", "1").build()).build()) {
      client.initialize();
      List<Tool> tools = client.listTools().tools();
      assertThat(tools).extracting(Tool::name).containsExactly("flow_add-a-group");

      CallToolResult result = client.callTool(CallToolRequest.builder("flow_add-a-group").arguments(Map.of()).build());

      assertThat(result.isError()).as("%s", result.content()).isFalse();
      assertThat(result.toString()).doesNotContain(admin.password);
    }
    assertThat(admin.groups(group)).as("the MCP tool's run added the group on the server").isEqualTo(1);
    try (Stream<Path> files = Files.list(flows.resolve("receipts"))) {
      assertThat(files.toList()).as("the tool call's receipt, in the flows folder's receipts/").hasSize(1);
    }
  }
}
