package io.browserflow.junit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Serves a folder (a directory or a class-path folder) on 127.0.0.1, an ephemeral port, for one test class. */
final class StaticSite implements AutoCloseable {
  private static final Map<String, String> TYPES = Map.ofEntries(
      Map.entry("html", "text/html; charset=utf-8"), Map.entry("htm", "text/html; charset=utf-8"),
      Map.entry("js", "text/javascript; charset=utf-8"), Map.entry("mjs", "text/javascript; charset=utf-8"),
      Map.entry("css", "text/css; charset=utf-8"), Map.entry("json", "application/json"),
      Map.entry("svg", "image/svg+xml"), Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"),
      Map.entry("gif", "image/gif"), Map.entry("ico", "image/x-icon"), Map.entry("csv", "text/csv; charset=utf-8"),
      Map.entry("txt", "text/plain; charset=utf-8"));

  private final HttpServer server;
  private final ExecutorService executor;

  private StaticSite(Location folder) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on 127.0.0.1: " + e.getMessage(), e);
    }
    executor = Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "browserflow-serve-" + server.getAddress().getPort());
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(executor);
    server.createContext("/", exchange -> handle(exchange, folder));
    server.start();
  }

  static StaticSite serve(Location folder) {
    return new StaticSite(folder);
  }

  /** {@code http://127.0.0.1:<port>}, no trailing slash. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static void handle(HttpExchange exchange, Location folder) throws IOException {
    try (exchange) {
      String path = URI.create(exchange.getRequestURI().toString()).getPath();
      if (path == null || path.isEmpty()) {
        path = "/";
      }
      if (path.endsWith("/")) {
        path += "index.html";
      }
      String relative = path.substring(1);
      InputStream in = relative.contains("..") || relative.contains("\\") ? null : open(folder, relative);
      if (in == null) {
        byte[] body = "not found".getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(404, body.length);
        exchange.getResponseBody().write(body);
        return;
      }
      try (in) {
        byte[] body = in.readAllBytes();
        String ext = relative.contains(".") ? relative.substring(relative.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) : "";
        exchange.getResponseHeaders().set("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"));
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
        OutputStream out = exchange.getResponseBody();
        out.write(body);
      }
    }
  }

  private static InputStream open(Location folder, String relative) throws IOException {
    if (!folder.onClasspath()) {
      Path base = folder.path().toAbsolutePath().normalize();
      Path file = base.resolve(relative).normalize();
      return file.startsWith(base) && Files.isRegularFile(file) ? Files.newInputStream(file) : null;
    }
    return folder.child(relative).open();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
