package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An approved replay through the packaged CLI runs Chromium in its sandbox: its renderers run under
 * a seccomp filter in a user namespace of their own, checked in /proc while the flow waits for the
 * test to let it finish. Chromium's sandbox does not start as root, so when the tests run as root
 * the replay runs as a user the test creates ({@code useradd}, {@code runuser}), and root's own
 * approved replay is refused with the way out.
 */
@Tag("browser")
class ApprovedReplaySandboxIT {
  private static final Path JAR = Path.of("target", "browserflow.jar").toAbsolutePath();
  private static final String USER = "browserflow-sandbox";

  private HttpServer server;
  private final AtomicBoolean released = new AtomicBoolean();
  private Path dir;

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", exchange -> {
      String body = exchange.getRequestURI().getPath().equals("/release") ? (released.get() ? "go" : "wait")
          : "<!doctype html><title>Hold</title><p id='state'>held</p><script>"
              + "setInterval(() => fetch('/release').then(r => r.text()).then(t => { if (t === 'go') "
              + "document.getElementById('state').textContent = 'released'; }), 200);</script>";
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    server.start();
    // a folder the replay's user may use (the test's own temporary folders are root's only)
    dir = Files.createTempDirectory(Path.of("/tmp"), "browserflow-sandbox-",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
  }

  @AfterEach
  void stop() throws Exception {
    server.stop(0);
    run(List.of("rm", "-rf", dir.toString()), Map.of(), false);
  }

  private static boolean root() throws IOException {
    return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
  }

  /** The command as the replay's user: that user when the tests run as root, else this one. */
  private static List<String> as(List<String> command) throws IOException {
    List<String> full = new ArrayList<>();
    if (root()) {
      full.addAll(List.of("runuser", "-u", USER, "--"));
    }
    full.addAll(command);
    return full;
  }

  private static Process start(List<String> command, Map<String, String> env, Path log) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().remove("BROWSERFLOW_NO_SANDBOX");
    pb.environment().putAll(env);
    return pb.start();
  }

  private static int run(List<String> command, Map<String, String> env, boolean check) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s ended", command).isTrue();
    if (check) {
      assertThat(p.exitValue()).as("%s", command).isZero();
    }
    return p.exitValue();
  }

  private List<String> cli(String... args) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Duser.home=" + dir.resolve("home"), "-Djava.io.tmpdir=" + dir.resolve("tmp"), "-jar", dir.resolve("browserflow.jar").toString()));
    command.addAll(List.of(args));
    return command;
  }

  @Test
  void should_run_an_approved_replay_with_sandboxed_renderers_and_refuse_to_run_one_unsandboxed_as_root() throws Exception {
    if (root() && run(List.of("id", "-u", USER), Map.of(), false) != 0) {
      run(List.of("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER), Map.of(), true);
    }
    Files.copy(JAR, dir.resolve("browserflow.jar"));
    Path flows = Files.createDirectories(dir.resolve("flows"));
    Files.createDirectories(dir.resolve("home"));
    Files.createDirectories(dir.resolve("tmp"));
    Path flow = Files.writeString(flows.resolve("hold.flow.json"), "{\"schema\":\"browserflow/2\",\"id\":\"hold\",\"name\":\"hold\","
        + "\"inputs\":[{\"key\":\"BASE_URL\",\"type\":\"url\"}],\"policy\":{\"allowedOrigins\":[\"http://127.0.0.1:*\"]},"
        + "\"steps\":[{\"id\":\"open\",\"op\":\"open\",\"url\":\"${BASE_URL}/\"},"
        + "{\"id\":\"held\",\"op\":\"wait\",\"timeoutMs\":30000,\"until\":{\"text\":\"released\"}}]}");
    if (root()) {
      run(List.of("chown", "-R", USER, dir.toString()), Map.of(), true);
    }
    Map<String, String> env = Map.of("HOME", dir.resolve("home").toString(), "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1",
        "BROWSERFLOW_APPROVAL_KEY", dir.resolve("home").resolve("approval.key").toString());
    String base = "http://127.0.0.1:" + server.getAddress().getPort();

    Process approve = start(as(cli("review", flow.toString(), "--approve", "--reviewer", "qa")), env, dir.resolve("approve.log"));
    assertThat(approve.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(approve.exitValue()).as(Files.readString(dir.resolve("approve.log"))).isZero();

    Process replay = start(as(cli("run", flow.toString(), "--require-approval", "--input", "BASE_URL=" + base, "--json")), env,
        dir.resolve("replay.log"));
    List<ProcessHandle> renderers = List.of();
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (renderers.isEmpty() && replay.isAlive() && System.nanoTime() < end) {
      renderers = replay.toHandle().descendants().filter(p -> cmdline(p).contains("--type=renderer")).collect(Collectors.toList());
      Thread.sleep(100);
    }
    List<String> seccomp = renderers.stream().map(p -> status(p, "Seccomp")).collect(Collectors.toList());
    String ownNamespace = Files.readSymbolicLink(Path.of("/proc/self/ns/user")).toString();
    List<String> namespaces = renderers.stream().map(ApprovedReplaySandboxIT::userNamespace).collect(Collectors.toList());
    released.set(true);
    assertThat(replay.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String replayLog = Files.readString(dir.resolve("replay.log"));

    assertThat(replay.exitValue()).as(replayLog).isZero();
    assertThat(renderers).as("the replay's renderer processes, while its flow waited").isNotEmpty();
    assertThat(seccomp).as("seccomp mode of each renderer (2: filtered)").containsOnly("2");
    assertThat(namespaces).as("user namespace of each renderer").doesNotContain(ownNamespace, "");

    if (root()) {
      // root approves its own copy of the flow; its approved replay refuses before any browser starts
      Path rootFlows = Files.createDirectories(dir.resolve("root-flows"));
      Path rootFlow = Files.copy(flow, rootFlows.resolve("hold.flow.json"));
      Map<String, String> rootEnv = Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1",
          "BROWSERFLOW_APPROVAL_KEY", Files.createDirectories(dir.resolve("root-keys")).resolve("approval.key").toString());
      Process rootApproval = start(cli("review", rootFlow.toString(), "--approve", "--reviewer", "root"), rootEnv,
          dir.resolve("root-approve.log"));
      assertThat(rootApproval.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(rootApproval.exitValue()).as(Files.readString(dir.resolve("root-approve.log"))).isZero();
      Process asRoot = start(cli("run", rootFlow.toString(), "--require-approval", "--input", "BASE_URL=" + base), rootEnv,
          dir.resolve("root.log"));
      assertThat(asRoot.waitFor(120, TimeUnit.SECONDS)).isTrue();
      String rootLog = Files.readString(dir.resolve("root.log"));

      assertThat(asRoot.exitValue()).as(rootLog).isNotZero();
      assertThat(rootLog).contains("refuses to start as root", "--no-sandbox", "BROWSERFLOW_NO_SANDBOX=1");
    }
  }

  private static String cmdline(ProcessHandle p) {
    try {
      return new String(Files.readAllBytes(Path.of("/proc", String.valueOf(p.pid()), "cmdline")), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return ""; // ended meanwhile
    }
  }

  private static String status(ProcessHandle p, String field) {
    try {
      return Files.readAllLines(Path.of("/proc", String.valueOf(p.pid()), "status")).stream()
          .filter(l -> l.startsWith(field + ":")).map(l -> l.substring(field.length() + 1).strip()).findFirst().orElse("");
    } catch (IOException e) {
      return "";
    }
  }

  private static String userNamespace(ProcessHandle p) {
    try {
      return Files.readSymbolicLink(Path.of("/proc", String.valueOf(p.pid()), "ns", "user")).toString();
    } catch (IOException e) {
      return "";
    }
  }
}
