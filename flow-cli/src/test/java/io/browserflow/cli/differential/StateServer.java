package io.browserflow.cli.differential;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Serves the pages of differential cases on 127.0.0.1 and keeps what they report. Every replay gets
 * its own run id and path ({@code /run/<id>/}), so two replays of one case never share state; a page
 * posts its state (synchronously, so nothing is in flight when a replay ends) to {@code state?page=NAME}
 * relative to itself, and the server keeps the first and the last report of each page per run.
 */
final class StateServer implements AutoCloseable {
  /** How one run serves its case: from which directory, with which text replaced (a mutated variant). */
  record Run(Path caseDir, Path sharedDir, Optional<Mutation> mutation) {}

  /** A literal replacement in one file of a case: the mutated variant of its page. */
  record Mutation(String file, String find, String replace) {}

  private final HttpServer server;
  private final Map<String, Run> runs = new ConcurrentHashMap<>();
  private final Map<String, Map<String, String>> first = new ConcurrentHashMap<>();
  private final Map<String, Map<String, String>> last = new ConcurrentHashMap<>();

  StateServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/run/", this::handle);
    server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** The base URL of a run on 127.0.0.1, ending in a slash. */
  String base(String runId) {
    return "http://127.0.0.1:" + port() + "/run/" + runId + "/";
  }

  /** The same run on another site ({@code localhost}): frames from it are out-of-process in Chromium. */
  String otherSite(String runId) {
    return "http://localhost:" + port() + "/run/" + runId + "/";
  }

  void register(String runId, Run run) {
    runs.put(runId, run);
  }

  /** The last state each page of the run reported, by page name, sorted. */
  Map<String, String> endState(String runId) {
    return new java.util.TreeMap<>(last.getOrDefault(runId, Map.of()));
  }

  /** The first state each page of the run reported, by page name, sorted. */
  Map<String, String> initialState(String runId) {
    return new java.util.TreeMap<>(first.getOrDefault(runId, Map.of()));
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String[] parts = ex.getRequestURI().getPath().split("/", 4); // "", "run", id, file
      Run run = parts.length == 4 ? runs.get(parts[2]) : null;
      if (run == null) {
        respond(ex, 404, "text/plain", "no such run".getBytes(StandardCharsets.UTF_8));
        return;
      }
      String runId = parts[2];
      String file = parts[3].isEmpty() ? "index.html" : parts[3];
      if (ex.getRequestMethod().equals("POST") && file.equals("state")) {
        String page = query(ex).getOrDefault("page", "?");
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        first.computeIfAbsent(runId, k -> new ConcurrentHashMap<>()).putIfAbsent(page, body);
        last.computeIfAbsent(runId, k -> new ConcurrentHashMap<>()).put(page, body);
        respond(ex, 204, "text/plain", new byte[0]);
        return;
      }
      if (file.equals("slow")) { // a response held back, for navigation timing cases
        sleep(Long.parseLong(query(ex).getOrDefault("ms", "500")));
        respond(ex, 200, "text/html; charset=utf-8", "<!doctype html><title>Slow</title><p>slow page</p>".getBytes(StandardCharsets.UTF_8));
        return;
      }
      Path path = run.caseDir().resolve(file).normalize();
      if (!path.startsWith(run.caseDir()) || !Files.isRegularFile(path)) {
        path = run.sharedDir().resolve(file).normalize();
      }
      if (!path.startsWith(run.sharedDir()) && !path.startsWith(run.caseDir()) || !Files.isRegularFile(path)) {
        respond(ex, 404, "text/plain", ("not found: " + file).getBytes(StandardCharsets.UTF_8));
        return;
      }
      String text = Files.readString(path);
      if (run.mutation().isPresent() && run.mutation().get().file().equals(file)) {
        Mutation m = run.mutation().get();
        if (!text.contains(m.find())) {
          throw new IllegalStateException("mutation of " + file + " does not apply: \"" + m.find() + "\" is not in it");
        }
        text = text.replace(m.find(), m.replace());
      }
      respond(ex, 200, contentType(file), text.getBytes(StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      e.printStackTrace();
      throw e;
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Map<String, String> query(HttpExchange ex) {
    Map<String, String> out = new LinkedHashMap<>();
    String q = ex.getRequestURI().getRawQuery();
    if (q != null) {
      for (String kv : q.split("&")) {
        int i = kv.indexOf('=');
        if (i > 0) {
          out.put(URLDecoder.decode(kv.substring(0, i), StandardCharsets.UTF_8), URLDecoder.decode(kv.substring(i + 1), StandardCharsets.UTF_8));
        }
      }
    }
    return out;
  }

  private static String contentType(String file) {
    if (file.endsWith(".js")) {
      return "text/javascript; charset=utf-8";
    }
    if (file.endsWith(".svg")) {
      return "image/svg+xml";
    }
    return "text/html; charset=utf-8";
  }

  private static void respond(HttpExchange ex, int status, String type, byte[] body) {
    try {
      ex.getResponseHeaders().set("Content-Type", type);
      ex.getResponseHeaders().set("Cache-Control", "no-store");
      ex.sendResponseHeaders(status, status == 204 ? -1 : body.length);
      if (status != 204) {
        ex.getResponseBody().write(body);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }
}
