package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.store.RunStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow session}, as a shell script would use it: separate invocations drive one live
 * browser (a session process on 127.0.0.1), snapshot, act on a ref, save what they did as a flow,
 * which {@code browserflow run} then replays; checked on what the test's server received.
 */
@Tag("browser")
class SessionCommandTest {
  @TempDir
  Path dir;
  private static final String PAGE = "<!doctype html><title>Sign in</title><label>User <input id='user'></label>"
      + "<button onclick=\"fetch('/signed?u=' + user.value).then(() => out.textContent = 'Welcome ' + user.value)\">Sign in"
      + "</button><p id='out'></p><iframe srcdoc='<p>one</p>'></iframe><iframe srcdoc='<p>two</p>'></iframe>";

  @RegisterExtension
  final LoopbackServer server = new LoopbackServer(this::handle);
  private String base;
  private final List<String> signIns = new CopyOnWriteArrayList<>();
  private Path sessions;

  @BeforeEach
  void useSessionDir() {
    sessions = dir.resolve("sessions");
    System.setProperty("browserflow.session.dir", sessions.toString());
    base = server.base();
  }

  @AfterEach
  void stop() {
    CliFixture.run("session", "--name", "shell", "close");
    System.clearProperty("browserflow.session.dir");
  }

  /** The sign-in page; {@code /signed} records who signed in. */
  private void handle(HttpExchange exchange) throws IOException {
    if (exchange.getRequestURI().getPath().equals("/signed")) {
      signIns.add(exchange.getRequestURI().getQuery());
      LoopbackServer.html(exchange, "ok");
    } else {
      LoopbackServer.html(exchange, PAGE);
    }
  }

  private static CliFixture session(String... words) {
    String[] args = new String[words.length + 3];
    args[0] = "session";
    args[1] = "--name";
    args[2] = "shell";
    System.arraycopy(words, 0, args, 3, words.length);
    return CliFixture.run(args);
  }

  @Test
  void should_snapshot_click_a_ref_save_the_session_as_a_flow_and_replay_it() throws Exception {
    assertThat(session("open", base + "/").exit).isZero();

    CliFixture snapshot = session("snapshot", "-i");

    assertThat(snapshot.exit).as(snapshot.err()).isZero();
    Matcher user = Pattern.compile("textbox \"User\" \\[@(e\\d+)]").matcher(snapshot.out());
    Matcher button = Pattern.compile("button \"Sign in\" \\[@(e\\d+)]").matcher(snapshot.out());
    assertThat(user.find()).as(snapshot.out()).isTrue();
    assertThat(button.find()).as(snapshot.out()).isTrue();
    assertThat(session("fill", "@" + user.group(1), "ada").exit).isZero();
    assertThat(session("click", "@" + button.group(1)).exit).isZero();
    assertThat(session("wait", "--text", "Welcome ada").exit).isZero();
    CliFixture text = session("get", "text", "#out", "--json");
    assertThat(new ObjectMapper().readTree(text.out()).at("/data/text").asText()).isEqualTo("Welcome ada");
    assertThat(signIns).containsExactly("u=ada");

    Path flow = dir.resolve("sign-in.flow.json");
    CliFixture save = session("save", flow.toString(), "--name", "Sign in as ada");
    CliFixture saveText = session("save", dir.resolve("sign-in.browserctl").toString());

    assertThat(save.exit).as(save.err()).isZero();
    assertThat(saveText.exit).as(saveText.err()).isZero();
    assertThat(Files.readString(dir.resolve("sign-in.browserctl"))).contains("open ", "fill ", "click ");
    assertThat(session("close").exit).isZero();
    assertThat(sessions.resolve("shell.json")).doesNotExist();
    assertThat(session("close").exit).as("no session is left to close").isEqualTo(1);
    RunStore journal = RunStore.directory(sessions.resolve("shell.runs"));
    List<RunResult> commands = journal.flows().stream().flatMap(f -> journal.runs(f).stream())
        .map(id -> journal.result(id).orElseThrow()).toList();
    assertThat(commands).as("each acting command is a journaled run").allSatisfy(r -> {
      assertThat(r.status()).isEqualTo(RunStatus.SUCCEEDED);
      assertThat(journal.journal(r.runId())).isNotEmpty();
    });
    assertThat(commands.stream().flatMap(r -> r.steps().stream()).map(StepResult::op))
        .containsExactlyInAnyOrder("open", "fill", "click", "wait");

    CliFixture replay = CliFixture.run("run", flow.toString(), "--json");

    assertThat(replay.exit).as(replay.err() + replay.out()).isZero();
    assertThat(signIns).containsExactly("u=ada", "u=ada");
  }

  @Test
  void should_keep_the_session_to_its_user_and_answer_in_the_seeds_envelope() throws Exception {
    assertThat(session("open", base + "/").exit).isZero();
    Path state = sessions.resolve("shell.json");

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(state))).isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(sessions))).isEqualTo("rwx------");
    JsonNode s = new ObjectMapper().readTree(state.toFile());
    HttpResponse<String> stranger = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + s.get("port").asInt() + "/")).header("X-Browserflow-Token", "guess")
        .POST(HttpRequest.BodyPublishers.ofString("{\"argv\":[\"get\",\"url\"]}")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(stranger.statusCode()).isEqualTo(401);

    session("snapshot", "-i");
    session("open", base + "/again");
    CliFixture stale = session("click", "@e1", "--json");
    JsonNode envelope = new ObjectMapper().readTree(stale.out());
    assertThat(stale.exit).isEqualTo(1);
    assertThat(envelope.get("ok").asBoolean()).isFalse();
    assertThat(envelope.get("code").asText()).isEqualTo("REF_STALE");
    CliFixture twins = session("frame", "url:about:srcdoc", "--timeout", "200", "--json");
    JsonNode ambiguous = new ObjectMapper().readTree(twins.out());
    assertThat(ambiguous.get("code").asText()).isEqualTo("FRAME_AMBIGUOUS");
    assertThat(ambiguous.at("/data/candidates")).hasSize(2);
    assertThat(ambiguous.at("/data/candidates/0/url").asText()).isEqualTo("about:srcdoc");
    assertThat(session("frame", "main", "--timeout", "soon").err()).contains("frame --timeout takes milliseconds");
    assertThat(session("frobnicate").exit).isEqualTo(2);
    assertThat(session("eval", "1 + 1").err()).contains("CAPABILITY_DENIED", "--allow eval");

    InputStream stdin = System.in;
    try {
      System.setIn(new ByteArrayInputStream(("[{\"argv\": [\"get\", \"title\"], \"capture\": {\"TITLE\": \"title\"}},"
          + " {\"id\": \"typed\", \"argv\": [\"fill\", \"#user\", \"${TITLE}\"]}, [\"get\", \"value\", \"#user\"],"
          + " [\"fill\", \"#user\", \"${NOPE}\"]]").getBytes(StandardCharsets.UTF_8)));
      CliFixture batch = session("batch", "--json");
      JsonNode result = new ObjectMapper().readTree(batch.out());

      assertThat(batch.exit).isEqualTo(1);
      assertThat(result.get("code").asText()).isEqualTo("BATCH_BINDING_UNRESOLVED");
      assertThat(result.at("/data/failedAt").asInt()).isEqualTo(3);
      assertThat(result.at("/data/results/2/data/value").asText()).isEqualTo("Sign in");
      assertThat(result.at("/data/results/1/id").asText()).isEqualTo("typed");
    } finally {
      System.setIn(stdin);
    }
  }

  @Test
  void should_end_a_session_left_idle_and_its_browser_with_it() throws Exception {
    CliFixture open = CliFixture.run("session", "--name", "idle", "--idle-timeout", "2", "open", base + "/");
    assertThat(open.exit).as(open.err()).isZero();
    Path state = sessions.resolve("idle.json");
    long pid = new ObjectMapper().readTree(state.toFile()).get("pid").asLong();
    ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no session process " + pid));
    List<ProcessHandle> browsers = daemon.descendants().toList();
    assertThat(browsers).as("the session's browser runs under it").isNotEmpty();

    boolean ended = daemon.onExit().thenApply(p -> true).completeOnTimeout(false, 30, java.util.concurrent.TimeUnit.SECONDS).get();

    assertThat(ended).as("the session process ended after 2 s without a command").isTrue();
    assertThat(state).doesNotExist();
    for (ProcessHandle b : browsers) {
      b.onExit().completeOnTimeout(b, 10, java.util.concurrent.TimeUnit.SECONDS).get();
      assertThat(b.isAlive()).as("browser process %s", b.pid()).isFalse();
    }
    assertThat(CliFixture.run("session", "--name", "idle", "--idle-timeout", "0", "get", "url").err())
        .contains("--idle-timeout takes seconds, at least 1");
  }

  @Test
  void should_not_send_its_token_to_a_process_that_took_a_dead_sessions_id_and_port() throws Exception {
    // a session ended without removing its state file; its process id now belongs to another process
    // (this test's JVM) and another program listens on its old port
    List<String> heard = new CopyOnWriteArrayList<>();
    HttpServer squatter = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    squatter.createContext("/", exchange -> {
      heard.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")) + " " + exchange.getRequestURI());
      exchange.sendResponseHeaders(500, -1);
      exchange.close();
    });
    squatter.start();
    try {
      Files.createDirectories(sessions);
      Files.writeString(sessions.resolve("shell.json"), "{\"port\": " + squatter.getAddress().getPort() + ", \"pid\": "
          + ProcessHandle.current().pid() + ", \"started\": 1, \"token\": \"old-session-token\"}");

      CliFixture open = session("open", base + "/");

      assertThat(open.exit).as(open.err()).isZero();
      assertThat(heard).as("nothing reached the program on the old port").isEmpty();
      assertThat(Files.readString(sessions.resolve("shell.json"))).doesNotContain("old-session-token");
    } finally {
      squatter.stop(0);
    }
  }
}
