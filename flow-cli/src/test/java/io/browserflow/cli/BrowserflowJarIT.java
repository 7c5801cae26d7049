package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded {@code browserflow.jar} as a user gets it: small enough to ship (one platform's
 * Playwright driver), and able to replay a sample flow in a fresh process whose home, temporary
 * directory and Playwright browser cache are all empty, so nothing from an earlier run helps.
 */
class BrowserflowJarIT {

  private static final Path JAR = Path.of("target", "browserflow.jar");
  private static final long MAX_BYTES = 80L * 1024 * 1024;
  private static final List<String> PLATFORMS = List.of("linux", "linux-arm64", "mac", "mac-arm64", "win32_x64");

  @TempDir Path dir;

  @Test
  void should_be_under_80_mb_with_the_driver_of_one_platform() throws IOException {
    assertThat(JAR).as("run after `package`").exists();
    assertThat(Files.size(JAR)).as("size of %s in bytes", JAR).isLessThan(MAX_BYTES);

    TreeSet<String> platforms = new TreeSet<>();
    try (ZipFile zip = new ZipFile(JAR.toFile())) {
      zip.stream().map(ZipEntry::getName).filter(n -> n.startsWith("driver/")).forEach(n -> {
        String[] parts = n.split("/");
        if (parts.length > 2 && PLATFORMS.contains(parts[1])) {
          platforms.add(parts[1]);
        }
      });
      assertThat(zip.getEntry("driver/" + buildPlatform() + "/node")).as("the Node.js of this platform").isNotNull();
    }
    assertThat(platforms).containsExactly(buildPlatform());
  }

  @Test
  void should_replay_a_sample_flow_from_the_jar_with_empty_caches() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    Path browsers = Files.createDirectories(dir.resolve("ms-playwright"));
    Path site = Path.of("..", "samples", "src", "main", "resources", "demo-app").toAbsolutePath().normalize();
    Path flow = Path.of("..", "samples", "src", "main", "resources", "flows", "login.flow.json").toAbsolutePath().normalize();

    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.io.tmpdir=" + tmp, "-Duser.home=" + home,
        "-jar", JAR.toAbsolutePath().toString(),
        "run", flow.toString(), "--serve", site.toString(), "--json",
        "--credential-env", "USERNAME=BF_TEST_DEMO_USER", "--credentials-env"));
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
    Map<String, String> env = pb.environment();
    env.put("HOME", home.toString());
    env.put("PLAYWRIGHT_BROWSERS_PATH", browsers.toString());
    env.put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
    env.put("BROWSERFLOW_CREDENTIAL_PASSWORD", "demo-pass");
    env.put("BF_TEST_DEMO_USER", "demo");
    env.put("DEBUG", "pw:*"); // inherited by accident: Playwright's driver would log every value it fills
    Path out = dir.resolve("out.json");
    Path err = dir.resolve("err.txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());

    Process process = pb.start();
    boolean done = process.waitFor(120, TimeUnit.SECONDS);
    if (!done) {
      process.destroyForcibly().waitFor();
    }
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    assertThat(done).as("the run ended within 120 s; stderr: %s", stderr).isTrue();
    assertThat(process.exitValue()).as("exit code; stderr: %s", stderr).isZero();

    JsonNode results = new ObjectMapper().readTree(out.toFile());
    assertThat(results).hasSize(1);
    assertThat(results.get(0).get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(results.get(0).get("steps")).hasSize(6);
    assertThat(results.get(0).get("steps").findValuesAsText("state")).containsOnly("VERIFIED");
    assertThat(Files.readString(out) + stderr).doesNotContain("demo-pass");
    try (var left = Files.list(browsers)) {
      assertThat(left).as("nothing downloaded into the Playwright cache").isEmpty();
    }
  }

  @Test
  void should_read_no_credential_from_a_variable_named_like_the_flow_key() throws Exception {
    // a flow that declares the name of a variable the CI job holds does not get its value
    Path flow = Files.writeString(dir.resolve("ambient.flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"ambient\","
        + "\"credentials\":[{\"key\":\"AWS_SECRET_ACCESS_KEY\"}],\"steps\":[{\"id\":\"o\",\"op\":\"open\","
        + "\"url\":\"http://127.0.0.1:9/?k=${credential.AWS_SECRET_ACCESS_KEY}\"}]}");
    Path err = dir.resolve("ambient-err.txt");
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", JAR.toAbsolutePath().toString(), "run", flow.toString(), "--credentials-env", "--browser",
        dir.resolve("no-browser").toString())
        .directory(dir.toFile()).redirectOutput(dir.resolve("ambient-out.txt").toFile()).redirectError(err.toFile());
    pb.environment().put("AWS_SECRET_ACCESS_KEY", "ambient-secret-value");

    Process process = pb.start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("refused before any browser starts").isTrue();
    String stderr = Files.readString(err, StandardCharsets.UTF_8);

    assertThat(process.exitValue()).as(stderr).isEqualTo(2);
    assertThat(stderr).contains("credential AWS_SECRET_ACCESS_KEY", "BROWSERFLOW_CREDENTIAL_AWS_SECRET_ACCESS_KEY")
        .doesNotContain("ambient-secret-value");
  }

  @Test
  void should_serve_an_approved_sample_flow_over_mcp_stdio_from_the_jar() throws Exception {
    Path flows = Files.createDirectories(dir.resolve("flows"));
    Path login = Files.copy(Path.of("..", "samples", "src", "main", "resources", "flows", "login.flow.json"),
        flows.resolve("login.flow.json"));
    io.browserflow.engine.review.Approvals.record(flows.resolve(io.browserflow.engine.review.Approvals.FILE_NAME),
        CliFixture.approvalKey(), io.browserflow.engine.review.FlowReview.of(io.browserflow.api.json.FlowJson.read(login)), "qa",
        java.time.Instant.now(), null);
    Path site = Path.of("..", "samples", "src", "main", "resources", "demo-app").toAbsolutePath().normalize();
    var launch = io.modelcontextprotocol.client.transport.ServerParameters.builder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString())
        .args("-jar", JAR.toAbsolutePath().toString(), "mcp", "--flows", flows.toString())
        .env(Map.of("BROWSERFLOW_CREDENTIAL_PASSWORD", "demo-pass", "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"))
        .build();

    try (io.browserflow.playwright.LocalSite demo = io.browserflow.playwright.LocalSite.directory(site, 0);
         var client = io.modelcontextprotocol.client.McpClient.sync(
                 new io.modelcontextprotocol.client.transport.StdioClientTransport(launch, FlowToolServer.MAPPER))
             .requestTimeout(java.time.Duration.ofSeconds(120)).build()) {
      client.initialize();
      assertThat(client.listTools().tools()).extracting(io.modelcontextprotocol.spec.McpSchema.Tool::name)
          .containsExactly("flow_login");

      var result = client.callTool(io.modelcontextprotocol.spec.McpSchema.CallToolRequest.builder("flow_login")
          .arguments(Map.of("BASE_URL", demo.url(), "credentials", Map.of("USERNAME", "demo"))).build());

      assertThat(result.isError()).as("%s", result.content()).isFalse();
      assertThat(result.structuredContent()).isInstanceOfSatisfying(Map.class, m -> {
        assertThat(m.get("success")).isEqualTo(true);
        assertThat(m.get("summary").toString()).contains("SUCCEEDED, 6 steps");
      });
      assertThat(result.toString()).doesNotContain("demo-pass");
    }
  }

  private static String buildPlatform() {
    String os = System.getProperty("os.name").toLowerCase();
    boolean arm = System.getProperty("os.arch").equals("aarch64");
    if (os.contains("windows")) {
      return "win32_x64";
    }
    if (os.contains("mac")) {
      return arm ? "mac-arm64" : "mac";
    }
    return arm ? "linux-arm64" : "linux";
  }
}
