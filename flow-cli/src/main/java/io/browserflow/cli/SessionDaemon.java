package io.browserflow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.recorder.BrowserSession;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import io.browserflow.engine.store.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The process behind one named live session: a {@link BrowserSession} served on 127.0.0.1 to the
 * {@code browserflow session} commands of the same user. Its address and a random token are in
 * {@code <dir>/<name>.json}, readable by its owner only (the folder too); a request without the
 * token is refused. Every command runs on one thread, in order, and each that acts is a run journaled
 * in {@code <dir>/<name>.runs} (a directory run store). It ends on {@code close}, or after being idle
 * for the idle timeout, closing the browser and deleting its file (the journal stays).
 */
@Command(name = "session-daemon", hidden = true, description = "The process of one live session (started by browserflow session).")
final class SessionDaemon implements java.util.concurrent.Callable<Integer> {
  @Option(names = "--dir", required = true)
  Path dir;

  @Option(names = "--name", required = true)
  String name;

  @Option(names = "--idle-seconds", defaultValue = "900")
  long idleSeconds;

  @Option(names = "--headed")
  boolean headed;

  @Option(names = "--allow-eval")
  boolean allowEval;

  @Option(names = "--browser")
  Path browser;

  /** The state file of a session: where it listens, its process and its token. */
  record State(int port, long pid, long started, String token) {
    static Path file(Path dir, String name) {
      return dir.resolve(name + ".json");
    }

    static State read(Path file) throws IOException {
      JsonNode n = SessionCommands.JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
      return new State(n.path("port").asInt(), n.path("pid").asLong(), n.path("started").asLong(-1), n.path("token").asText());
    }

    /**
     * Whether the process that wrote this state still runs: the same process id started at the same
     * moment. A process id reused by another process after the session ended does not count, so the
     * token never goes to whatever listens on the old port.
     */
    boolean alive() {
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).flatMap(h -> h.info().startInstant())
          .map(start -> start.toEpochMilli() == started).orElse(false);
    }

    /** When this process started, as {@link #alive()} compares it; -1 where the system does not tell. */
    static long startOfThisProcess() {
      return ProcessHandle.current().info().startInstant().map(java.time.Instant::toEpochMilli).orElse(-1L);
    }
  }

  /** Where the session journals its commands' runs: {@code <dir>/<name>.runs}, kept after it ends. */
  static Path runs(Path dir, String name) {
    return dir.resolve(name + ".runs");
  }

  /** The folder of session files, readable by its owner only. */
  static Path prepare(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      try {
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      } catch (UnsupportedOperationException e) {
        Files.createDirectories(dir);
      }
    }
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException e) {
      // no POSIX permissions here
    }
    return dir;
  }

  @Override
  public Integer call() throws Exception {
    prepare(dir);
    LaunchOptions.Builder launch = LaunchOptions.builder().headless(!headed);
    if (browser != null) {
      launch.executablePath(browser);
    }
    BrowserSession.Options options = BrowserSession.Options.defaults().withStore(RunStore.directory(runs(dir, name)));
    if (allowEval) {
      options = options.withEval();
    }
    ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "browserflow-session"));
    BrowserSession.Options chosen = options;
    BrowserSession session = thread.submit(() -> BrowserSession.launch(launch.build(), chosen)).get();
    SessionCommands commands = new SessionCommands(session);
    String token = HexFormat.of().formatHex(random());
    AtomicLong last = new AtomicLong(System.nanoTime());
    CountDownLatch ended = new CountDownLatch(1);
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(thread);
    server.createContext("/", exchange -> {
      try {
        if (!authorized(exchange, token)) {
          // a caller without the token does not keep the session alive either
          respond(exchange, 401, SessionCommands.failed("UNAUTHORIZED", "this session belongs to another user"));
          return;
        }
        last.set(System.nanoTime());
        JsonNode request = SessionCommands.JSON.readTree(exchange.getRequestBody());
        ObjectNode answer;
        if (request.has("batch")) {
          answer = commands.batch(request.get("batch"), request.path("bail").asBoolean());
        } else if (request.path("argv").isArray() && request.path("argv").size() == 1
            && "close".equals(request.path("argv").get(0).asText())) {
          answer = SessionCommands.ok(Map.of("closed", name));
          ended.countDown();
        } else {
          List<String> argv = new ArrayList<>();
          request.path("argv").forEach(w -> argv.add(w.asText()));
          answer = commands.run(argv);
        }
        respond(exchange, 200, answer);
      } catch (RuntimeException | IOException | Error e) {
        // whatever went wrong, the caller gets an answer rather than waiting for its request to time out
        System.err.println("session command failed: " + e);
        respond(exchange, 500, SessionCommands.failed("ACTION_FAILED", e.getClass().getSimpleName() + ": " + e.getMessage()));
      }
    });
    server.start();
    Path file = State.file(dir, name);
    Path tmp = dir.resolve("." + name + "." + ProcessHandle.current().pid() + ".tmp");
    try {
      Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException | FileAlreadyExistsException e) {
      Files.deleteIfExists(tmp);
      Files.createFile(tmp);
    }
    Files.writeString(tmp, SessionCommands.JSON.writeValueAsString(Map.of("port", server.getAddress().getPort(),
        "pid", ProcessHandle.current().pid(), "started", State.startOfThisProcess(), "token", token)), StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    long idle = Duration.ofSeconds(idleSeconds).toNanos();
    thread.scheduleWithFixedDelay(() -> {
      if (System.nanoTime() - last.get() > idle) {
        ended.countDown();
      }
    }, 1, 1, TimeUnit.SECONDS);
    try {
      ended.await();
    } finally {
      Files.deleteIfExists(file);
      server.stop(2); // lets the answer to close go out
      thread.submit(session::close).get(30, TimeUnit.SECONDS);
      thread.shutdownNow();
    }
    return BrowserflowCommand.OK;
  }

  private static byte[] random() {
    byte[] b = new byte[32];
    new SecureRandom().nextBytes(b);
    return b;
  }

  private static boolean authorized(HttpExchange exchange, String token) {
    String given = exchange.getRequestHeaders().getFirst("X-Browserflow-Token");
    return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
  }

  private static void respond(HttpExchange exchange, int status, ObjectNode body) throws IOException {
    byte[] bytes = SessionCommands.JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
