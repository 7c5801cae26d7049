package io.browserflow.cli.desktop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.browserflow.cli.differential.ReferenceReplayer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A virtual X display (Debian's {@code Xvfb}) with OS-level mouse and keyboard ({@code xdotool}),
 * the way a person drives a headed browser, plus a small server on 127.0.0.1 that serves
 * {@code where.js} and keeps what it reports: where each element of a page is on the screen, so a
 * test can point the mouse at it. The display and the server are started here and stopped by
 * {@link #close()}; no process outlives it.
 */
public final class XScreen implements AutoCloseable {
  static final Path RESOURCES = ReferenceReplayer.projectRoot().resolve("flow-cli/src/test/resources/desktop");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A point on the screen, in pixels from its top left corner. */
  public record Point(int x, int y) {}

  /** One report of a page: a sequence number (rising over all pages) and the element positions. */
  public record Report(long seq, String page, Map<String, Point> at) {
    /** The position of the element with {@code key} ({@code #id}, {@code name=N}, {@code value=V}, {@code link=TEXT}). */
    public Point of(String key) {
      Point p = at.get(key);
      if (p == null) {
        throw new AssertionError("page '" + page + "' shows no element '" + key + "' in its viewport, only " + at.keySet());
      }
      return p;
    }
  }

  private final Process xvfb;
  private final String display;
  private final HttpServer server;
  private final List<Report> reports = new ArrayList<>();
  private final List<String> requests = new ArrayList<>();
  private long seq;

  private XScreen() throws Exception {
    for (String tool : List.of("/usr/bin/Xvfb", "/usr/bin/xdotool")) {
      if (!Files.isExecutable(Path.of(tool))) {
        throw new IllegalStateException(tool + " is needed for the desktop tests: apt-get install -y xvfb xdotool");
      }
    }
    // -displayfd 1: Xvfb picks a free display number and prints it once it accepts connections.
    xvfb = new ProcessBuilder("/usr/bin/Xvfb", "-displayfd", "1", "-screen", "0", "1400x1000x24", "-nolisten", "tcp")
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(xvfb.getInputStream(), StandardCharsets.UTF_8));
    String number = out.readLine();
    if (number == null || !number.trim().matches("\\d+")) {
      xvfb.destroyForcibly();
      throw new IllegalStateException("Xvfb did not report its display (got " + number + ")");
    }
    display = ":" + number.trim();
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    serve("/where.js", ex -> {
      try (ex) {
        respond(ex, 200, "text/javascript", Files.readAllBytes(RESOURCES.resolve("where.js")));
      }
    });
    serve("/where", this::report);
    server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
    server.start();
  }

  /** A new display and report server. */
  public static XScreen start() throws Exception {
    return new XScreen();
  }

  /** The display's name for {@code DISPLAY}, e.g. {@code :1}. */
  public String display() {
    return display;
  }

  /** The report server's origin, e.g. {@code http://127.0.0.1:40123}; pages load {@code /where.js} from it. */
  public String origin() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Serves {@code handler} under {@code path} on the report server (a test's own site). */
  public void serve(String path, HttpHandler handler) {
    server.createContext(path, ex -> {
      synchronized (this) {
        requests.add(ex.getRequestMethod() + " " + ex.getRequestURI());
      }
      handler.handle(ex);
    });
  }

  /** The sequence number of the last report so far: pass it to {@link #awaitPage} to wait for a newer one. */
  public synchronized long seq() {
    return seq;
  }

  /** Waits for a report of the page titled {@code title} newer than {@code after}. */
  public synchronized Report awaitPage(String title, long after) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      Optional<Report> r = reports.stream().filter(x -> x.seq() > after && x.page().equals(title)).reduce((a, b) -> b);
      if (r.isPresent()) {
        return r.get();
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError("no page titled '" + title + "' reported itself within 20 s; reports: "
            + reports.stream().map(Report::page).toList() + "; requests: " + requests);
      }
      wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
    }
  }

  /** Waits until no window's title contains {@code title} (a popup has closed itself). */
  public void awaitWindowGone(String title) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (windowShown(title)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("a window titled '" + title + "' is still open after 20 s");
      }
      Thread.sleep(100);
    }
  }

  private boolean windowShown(String title) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("/usr/bin/xdotool", "search", "--onlyvisible", "--name",
        java.util.regex.Pattern.quote(title)).redirectErrorStream(true);
    pb.environment().put("DISPLAY", display);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(30, TimeUnit.SECONDS);
    return p.exitValue() == 0 && !out.isBlank();
  }

  /** Moves the mouse to {@code p} and clicks its left button. */
  public void click(Point p) throws Exception {
    xdotool("mousemove", "--sync", String.valueOf(p.x()), String.valueOf(p.y()), "click", "1");
  }

  /** Moves the mouse to {@code p}: the window under it gets the keyboard (there is no window manager). */
  public void moveTo(Point p) throws Exception {
    xdotool("mousemove", "--sync", String.valueOf(p.x()), String.valueOf(p.y()));
  }

  /** Turns the mouse wheel {@code notches} times towards the end of the page under the mouse at {@code p}. */
  public void scrollDown(Point p, int notches) throws Exception {
    xdotool("mousemove", "--sync", String.valueOf(p.x()), String.valueOf(p.y()), "click", "--repeat",
        String.valueOf(notches), "--delay", "30", "5");
  }

  /** Types {@code text} key by key, as a person does. */
  public void type(String text) throws Exception {
    xdotool("type", "--delay", "40", text);
  }

  /** Presses keys such as {@code ctrl+l} or {@code Return}. */
  public void key(String... keys) throws Exception {
    List<String> args = new ArrayList<>(List.of("key", "--delay", "60"));
    args.addAll(List.of(keys));
    xdotool(args.toArray(String[]::new));
  }

  private void xdotool(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("/usr/bin/xdotool"));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("DISPLAY", display);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new AssertionError("xdotool " + String.join(" ", args) + " failed: " + out);
    }
  }

  private void report(HttpExchange ex) throws IOException {
    try (ex) {
      String query = ex.getRequestURI().getRawQuery();
      String page = query == null ? "" : URLDecoder.decode(query.replaceFirst("^page=", ""), StandardCharsets.UTF_8);
      JsonNode body = JSON.readTree(ex.getRequestBody());
      Map<String, Point> at = new LinkedHashMap<>();
      body.fields().forEachRemaining(e -> at.put(e.getKey(), new Point(e.getValue().get(0).asInt(), e.getValue().get(1).asInt())));
      synchronized (this) {
        reports.add(new Report(++seq, page, at));
        notifyAll();
      }
      ex.getResponseHeaders().add("Access-Control-Allow-Origin", "*");
      ex.sendResponseHeaders(204, -1);
    }
  }

  /** Writes a response of {@code status} with {@code body}. */
  public static void respond(HttpExchange ex, int status, String type, byte[] body) throws IOException {
    ex.getResponseHeaders().add("content-type", type);
    ex.sendResponseHeaders(status, body.length);
    ex.getResponseBody().write(body);
  }

  @Override
  public void close() throws InterruptedException {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    xvfb.destroy();
    if (!xvfb.waitFor(10, TimeUnit.SECONDS)) {
      xvfb.destroyForcibly().waitFor();
    }
  }
}
