package io.browserflow.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test's own HTTP server on 127.0.0.1 and a free port: started before each test, stopped after it.
 *
 * <pre>{@code
 * @RegisterExtension final LoopbackServer server = new LoopbackServer(this::handle);
 * }</pre>
 */
final class LoopbackServer implements BeforeEachCallback, AfterEachCallback {
  private final Map<String, HttpHandler> contexts;
  private boolean concurrent;
  private HttpServer server;
  private ExecutorService executor;

  /** A server answering every path with {@code handler}. */
  LoopbackServer(HttpHandler handler) {
    this(Map.of("/", handler));
  }

  /** A server answering each path prefix with its handler. */
  LoopbackServer(Map<String, HttpHandler> contexts) {
    this.contexts = contexts;
  }

  /** Handles requests at once, each in a thread of its own, for browsers of several workers. */
  LoopbackServer concurrent() {
    concurrent = true;
    return this;
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    if (concurrent) {
      executor = Executors.newCachedThreadPool();
      server.setExecutor(executor);
    }
    contexts.forEach(server::createContext);
    server.start();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    server.stop(0);
    if (executor != null) {
      executor.shutdownNow();
    }
  }

  /** {@code http://127.0.0.1:PORT}, without a trailing slash. */
  String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Answers {@code x} with 200 and {@code html} as UTF-8 HTML, and closes it. */
  static void html(HttpExchange x, String html) throws IOException {
    byte[] body = html.getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
    x.sendResponseHeaders(200, body.length);
    x.getResponseBody().write(body);
    x.close();
  }
}
