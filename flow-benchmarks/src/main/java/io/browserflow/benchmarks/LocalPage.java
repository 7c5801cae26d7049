package io.browserflow.benchmarks;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/** One HTML page served on 127.0.0.1 at a free port, for the browser harnesses. */
final class LocalPage implements AutoCloseable {
  private final HttpServer server;

  LocalPage(String html) throws IOException {
    byte[] page = html.getBytes(StandardCharsets.UTF_8);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", x -> {
      x.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
      x.sendResponseHeaders(200, page.length);
      x.getResponseBody().write(page);
      x.close();
    });
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
