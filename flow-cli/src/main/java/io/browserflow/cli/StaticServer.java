package io.browserflow.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Executors;

/** Serves a directory, or resources under a class-path prefix, on 127.0.0.1 only. */
final class StaticServer implements AutoCloseable {
  private static final Map<String, String> TYPES = Map.ofEntries(
      Map.entry("html", "text/html; charset=utf-8"), Map.entry("htm", "text/html; charset=utf-8"),
      Map.entry("js", "text/javascript; charset=utf-8"), Map.entry("mjs", "text/javascript; charset=utf-8"),
      Map.entry("css", "text/css; charset=utf-8"), Map.entry("json", "application/json"),
      Map.entry("svg", "image/svg+xml"), Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"),
      Map.entry("gif", "image/gif"), Map.entry("ico", "image/x-icon"), Map.entry("csv", "text/csv; charset=utf-8"),
      Map.entry("txt", "text/plain; charset=utf-8"));

  /** Where the files come from. */
  interface Source {
    InputStream open(String path) throws IOException;
  }

  private final HttpServer server;

  private StaticServer(Source source, int port) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port + ": " + e.getMessage(), e);
    }
    server.setExecutor(Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "browserflow-serve");
      t.setDaemon(true);
      return t;
    }));
    server.createContext("/", exchange -> handle(exchange, source));
    server.start();
  }

  static StaticServer directory(Path root, int port) {
    Path base = root.toAbsolutePath().normalize();
    return new StaticServer(path -> {
      Path file = base.resolve(path).normalize();
      if (!file.startsWith(base) || !Files.isRegularFile(file)) {
        return null;
      }
      return Files.newInputStream(file);
    }, port);
  }

  static StaticServer classpath(String prefix, int port) {
    return new StaticServer(path -> {
      if (path.contains("..")) {
        return null;
      }
      return StaticServer.class.getClassLoader().getResourceAsStream(prefix + "/" + path);
    }, port);
  }

  /** {@code http://127.0.0.1:<port>} without a trailing slash. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static void handle(HttpExchange exchange, Source source) throws IOException {
    try (exchange) {
      String path = URI.create(exchange.getRequestURI().toString()).getPath();
      if (path == null || path.isEmpty() || path.endsWith("/")) {
        path = (path == null ? "/" : path) + "index.html";
      }
      path = path.substring(1);
      InputStream in = source.open(path);
      if (in == null) {
        byte[] body = "not found".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(404, body.length);
        exchange.getResponseBody().write(body);
        return;
      }
      try (in) {
        byte[] body = in.readAllBytes();
        String ext = path.contains(".") ? path.substring(path.lastIndexOf('.') + 1).toLowerCase() : "";
        exchange.getResponseHeaders().set("Content-Type", TYPES.getOrDefault(ext, "application/octet-stream"));
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
        OutputStream out = exchange.getResponseBody();
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
