package io.browserflow.playwright;

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
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves static files on 127.0.0.1 (never other interfaces) for flows to replay against: a
 * directory, a class-path folder, or any {@link Source}. {@code /} and paths ending in {@code /}
 * serve {@code index.html}; paths with {@code ..} and unknown files answer 404.
 *
 * <pre>{@code
 * try (LocalSite site = LocalSite.directory(Path.of("site"), 0)) {   // 0: an ephemeral port
 *   engine.run(flow, Inputs.builder().input("BASE_URL", site.url()).build());
 * }
 * }</pre>
 */
public final class LocalSite implements AutoCloseable {
  private static final Map<String, String> TYPES = Map.ofEntries(
      Map.entry("html", "text/html; charset=utf-8"), Map.entry("htm", "text/html; charset=utf-8"),
      Map.entry("js", "text/javascript; charset=utf-8"), Map.entry("mjs", "text/javascript; charset=utf-8"),
      Map.entry("css", "text/css; charset=utf-8"), Map.entry("json", "application/json"),
      Map.entry("svg", "image/svg+xml"), Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"),
      Map.entry("gif", "image/gif"), Map.entry("ico", "image/x-icon"), Map.entry("csv", "text/csv; charset=utf-8"),
      Map.entry("txt", "text/plain; charset=utf-8"));

  /** Where the files come from: a relative path ({@code css/app.css}) to its bytes, or null when absent. */
  @FunctionalInterface
  public interface Source {
    InputStream open(String relativePath) throws IOException;
  }

  private final HttpServer server;
  private final ExecutorService executor;

  private LocalSite(Source source, int port) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on 127.0.0.1:" + port + ": " + e.getMessage(), e);
    }
    executor = Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "browserflow-serve-" + server.getAddress().getPort());
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(executor);
    server.createContext("/", exchange -> handle(exchange, source));
    server.start();
  }

  /** Serves files from any source on {@code port} (0 for an ephemeral one). */
  public static LocalSite of(Source source, int port) {
    return new LocalSite(Objects.requireNonNull(source, "source"), port);
  }

  /** Serves a directory; files outside it are never served. */
  public static LocalSite directory(Path root, int port) {
    Path base = root.toAbsolutePath().normalize();
    return of(relative -> {
      Path file = base.resolve(relative).normalize();
      return file.startsWith(base) && Files.isRegularFile(file) ? Files.newInputStream(file) : null;
    }, port);
  }

  /** Serves the class-path resources under {@code prefix} (e.g. {@code demo-app}) of a class loader. */
  public static LocalSite classpath(String prefix, ClassLoader loader, int port) {
    return of(relative -> loader.getResourceAsStream(prefix + "/" + relative), port);
  }

  /** {@code http://127.0.0.1:<port>}, without a trailing slash. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static void handle(HttpExchange exchange, Source source) throws IOException {
    try (exchange) {
      String path = URI.create(exchange.getRequestURI().toString()).getPath();
      if (path == null || path.isEmpty()) {
        path = "/";
      }
      if (path.endsWith("/")) {
        path += "index.html";
      }
      String relative = path.substring(1);
      InputStream in = relative.contains("..") || relative.contains("\\") ? null : source.open(relative);
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

  /** Stops serving. */
  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
