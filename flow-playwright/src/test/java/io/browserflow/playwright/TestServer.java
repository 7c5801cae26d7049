package io.browserflow.playwright;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * Serves HTML pages by path on 127.0.0.1 (an ephemeral port), whatever the query string; unknown
 * paths get a 404 page. Files registered with {@link #file} are served as downloads. Records every
 * request path it got. Public (test code only) for the recorder's tests.
 */
public final class TestServer implements AutoCloseable {
  private final HttpServer server;
  private final Map<String, String> pages = new ConcurrentHashMap<>();
  private final Map<String, byte[]> downloads = new ConcurrentHashMap<>();
  private final Map<String, String> redirects = new ConcurrentHashMap<>();
  private final List<String> requests = new CopyOnWriteArrayList<>();

  private final java.util.Set<String> keepMethod = java.util.concurrent.ConcurrentHashMap.newKeySet();

  public TestServer() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/", this::handle);
    server.setExecutor(Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "test-server");
      t.setDaemon(true);
      return t;
    }));
    server.start();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  public String url(String path) {
    return "http://127.0.0.1:" + port() + path;
  }

  public String origin() {
    return "http://127.0.0.1:" + port();
  }

  /** Replaces the served pages. */
  public void serve(Map<String, String> byPath) {
    pages.clear();
    pages.putAll(byPath);
  }

  public void page(String path, String html) {
    pages.put(path, html);
  }

  /** Answers {@code path} with a 302 to {@code location}. */
  public void redirect(String path, String location) {
    redirects.put(path, location);
  }

  /** Answers {@code path} with a 307 to {@code location}: the browser sends the same method and body there. */
  public void redirectKeepingMethod(String path, String location) {
    redirects.put(path, location);
    keepMethod.add(path);
  }

  public void file(String path, String content) {
    downloads.put(path, content.getBytes(StandardCharsets.UTF_8));
  }

  public List<String> requests() {
    return List.copyOf(requests);
  }

  private void handle(HttpExchange ex) throws IOException {
    String path = ex.getRequestURI().getPath();
    requests.add(path);
    String location = redirects.get(path);
    if (location != null) {
      ex.getResponseHeaders().add("Location", location);
      ex.sendResponseHeaders(keepMethod.contains(path) ? 307 : 302, -1);
      ex.close();
      return;
    }
    byte[] body;
    int status = 200;
    byte[] file = downloads.get(path);
    if (file != null) {
      String name = path.substring(path.lastIndexOf('/') + 1);
      ex.getResponseHeaders().add("Content-Type", "application/octet-stream");
      ex.getResponseHeaders().add("Content-Disposition", "attachment; filename=\"" + name + "\"");
      body = file;
    } else {
      String html = pages.get(path);
      if (html == null) {
        status = 404;
        html = "<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>";
      }
      ex.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
      body = html.getBytes(StandardCharsets.UTF_8);
    }
    ex.sendResponseHeaders(status, body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
