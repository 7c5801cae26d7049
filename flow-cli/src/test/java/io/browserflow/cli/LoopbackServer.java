package io.browserflow.cli;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test's own HTTP server on 127.0.0.1 and a free port, answering every path with one handler:
 * started before each test, stopped after it.
 *
 * <pre>{@code
 * @RegisterExtension final LoopbackServer server = new LoopbackServer(this::handle);
 * }</pre>
 */
final class LoopbackServer implements BeforeEachCallback, AfterEachCallback {
  private final HttpHandler handler;
  private HttpServer server;

  LoopbackServer(HttpHandler handler) {
    this.handler = handler;
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", handler);
    server.start();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    server.stop(0);
  }

  /** {@code http://127.0.0.1:PORT}, without a trailing slash. */
  String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }
}
