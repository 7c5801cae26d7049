package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recovery from the command line, on the packaged jar: {@code browserflow run --store} is killed
 * with SIGKILL while its save click waits for the server, then {@code runs}, {@code recover} and
 * {@code resume --decision verify} settle it. The server counts what reached it: the save arrives
 * once (resume verifies it, never replays it) and the step after it once.
 */
class CliRecoveryIT {
  private static final Path JAR = Path.of("target", "browserflow.jar");

  @TempDir
  Path dir;

  private HttpServer server;
  private final AtomicInteger saves = new AtomicInteger();
  private final AtomicInteger afters = new AtomicInteger();
  private final CountDownLatch saveArrived = new CountDownLatch(1);
  private final CountDownLatch releaseSave = new CountDownLatch(1);
  private final List<Process> processes = new ArrayList<>();

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/form", x -> reply(x, 200, "<!doctype html><title>Items</title>"
        + "<p data-testid=count>Saved items: " + saves.get() + "</p>"
        + "<form method=post action=/save><button type=submit data-testid=save>Save</button></form>"
        + "<button data-testid=after onclick=\"fetch('/after',{method:'POST'}).then(()=>"
        + "document.body.insertAdjacentHTML('beforeend','<p>After done</p>'))\">After</button>"));
    server.createContext("/save", x -> {
      saves.incrementAndGet();
      saveArrived.countDown();
      try {
        releaseSave.await(120, TimeUnit.SECONDS); // the browser waits here while the test kills the CLI
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      x.getResponseHeaders().add("Location", "/form");
      reply(x, 303, "");
    });
    server.createContext("/after", x -> {
      afters.incrementAndGet();
      reply(x, 200, "ok");
    });
    server.start();
  }

  @AfterEach
  void stop() throws InterruptedException {
    releaseSave.countDown();
    for (Process p : processes) {
      p.destroyForcibly();
      p.waitFor(30, TimeUnit.SECONDS);
    }
    server.stop(0);
  }

  private static void reply(HttpExchange x, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
    x.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      x.getResponseBody().write(bytes);
    }
    x.close();
  }

  private Path flowFile() throws IOException {
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    Path file = dir.resolve("items.flow.json");
    Files.writeString(file, """
        {"schema": "browserflow/1", "id": "items", "name": "Save an item",
         "inputs": [{"key": "BASE_URL", "type": "url"}, {"key": "NOTE", "default": "plain"}],
         "steps": [
           {"id": "open", "op": "open", "url": "${BASE_URL}/form"},
           {"id": "save", "op": "click", "target": {"candidates": [{"testId": "save"}]},
            "expect": [{"text": "Saved items: 1"}]},
           {"id": "after", "op": "click", "target": {"candidates": [{"testId": "after"}]},
            "expect": [{"text": "After done"}]}
         ]}
        """);
    return file;
  }

  /** The jar in a process of its own; stdout and stderr in files named after {@code name}. */
  private Process start(String name, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", JAR.toAbsolutePath().toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(dir.resolve(name + ".out").toFile()).redirectError(dir.resolve(name + ".err").toFile());
    pb.environment().put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  /** Runs the jar to its end: exit code, with its output readable by {@link #out} and {@link #err}. */
  private int exec(String name, String... args) throws IOException, InterruptedException {
    Process p = start(name, args);
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("%s ended; stderr: %s", name, err(name)).isTrue();
    return p.exitValue();
  }

  private String out(String name) throws IOException {
    return Files.readString(dir.resolve(name + ".out"));
  }

  private String err(String name) throws IOException {
    Path p = dir.resolve(name + ".err");
    return Files.exists(p) ? Files.readString(p) : "";
  }

  @ParameterizedTest(name = "store {0}")
  @ValueSource(strings = {"folder", "h2"})
  void should_recover_and_resume_a_killed_run_through_the_cli(String kind) throws Exception {
    assertThat(JAR).as("run after `package`").exists();
    String store = kind.equals("folder") ? dir.resolve("runs").toString()
        : "jdbc:h2:file:" + dir.resolve("db").resolve("runs") + ";AUTO_SERVER=TRUE;WRITE_DELAY=0";
    Path flow = flowFile();
    String base = "BASE_URL=http://127.0.0.1:" + server.getAddress().getPort();

    Process run = start("run", "run", flow.toString(), "--store", store, "--input", base, "--trace", "off", "--lease", "1");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!saveArrived.await(50, TimeUnit.MILLISECONDS) && run.isAlive() && System.nanoTime() < deadline) {
      // wait for the save to reach the server (or the run to end too early)
    }
    assertThat(saveArrived.getCount()).as("the save reached the server; stderr: %s", err("run")).isZero();
    run.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
    assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
    releaseSave.countDown();
    if (kind.equals("h2")) {
      Thread.sleep(1500); // the database store's lease of the killed process runs out (the folder's lock went with it)
    }

    assertThat(exec("runs", "runs", "--store", store, "--json")).as("runs; stderr: %s", err("runs")).isZero();
    JsonNode runs = new ObjectMapper().readTree(out("runs"));
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0).get("flowId").asText()).isEqualTo("items");
    assertThat(runs.get(0).get("status").asText()).isEqualTo("NEEDS_REVIEW");
    assertThat(runs.get(0).get("pending").asText()).isEqualTo("steps[1] save (DISPATCHING)");
    String runId = runs.get(0).get("runId").asText();

    assertThat(exec("recover", "recover", "--store", store)).as("recover exits 1 when a run needs review").isEqualTo(1);
    assertThat(out("recover")).contains(runId, "items", "step save (steps[1]) was dispatching when the run stopped",
        "browserflow resume " + runId + " --store " + store, "--input BASE_URL=...", "--input NOTE=...");

    // another input than the run started with: refused, the run stays for review
    assertThat(exec("changed", "resume", runId, "--store", store, "--decision", "verify", flow.toString(),
        "--input", base, "--input", "NOTE=other")).isEqualTo(1);
    assertThat(err("changed")).contains("INPUT_CHANGED", "input.NOTE", "give --input NOTE=VALUE");
    assertThat(exec("bad", "resume", runId, "--store", store, "--decision", "maybe", flow.toString())).isEqualTo(2);
    assertThat(err("bad")).contains("--decision must be verify, confirm, retry or cancel");

    assertThat(exec("resume", "resume", runId, "--store", store, "--decision", "verify", flow.toString(),
        "--input", base, "--trace", "off")).as("resume; stderr: %s", err("resume")).isZero();
    assertThat(saves.get()).as("the save reached the server once: verified, not replayed").isEqualTo(1);
    assertThat(afters.get()).as("the step after it ran once").isEqualTo(1);

    assertThat(exec("recover-after", "recover", "--store", store)).isZero();
    assertThat(out("recover-after")).contains("no run needs review");
    assertThat(exec("runs-after", "runs", "--store", store)).isZero();
    assertThat(out("runs-after")).contains(runId, "SUCCEEDED");
  }
}
