package io.browserflow.cli;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A page on 127.0.0.1 that proves flows ran at once: {@code /together} answers "together" only when
 * {@code expected} requests for it are in flight at the same moment (else, after {@value #MEETING_SECONDS} s,
 * "alone"), so a flow expecting "together" passes only beside the others. The wait is long enough for
 * a loaded machine to start the other workers' browsers (at 3 s a run server's second context came
 * too late), and shorter than the open step's default timeout, so a lone flow fails at its check. A probe, when given, is asked during
 * each request (e.g. whether a remote browser process serves it); {@link #probeHeld()} says whether
 * it held every time.
 */
final class MeetingPage implements AutoCloseable {
  /** How long a request waits for the others. */
  static final int MEETING_SECONDS = 8;

  private final HttpServer server;
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final CountDownLatch meeting;
  private final BooleanSupplier probe;
  private volatile boolean probeHeld = true;
  private volatile int requests;

  private MeetingPage(int expected, BooleanSupplier probe) throws IOException {
    this.meeting = new CountDownLatch(expected);
    this.probe = probe;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(pool);
    server.createContext("/together", x -> {
      synchronized (this) {
        requests++;
      }
      if (!this.probe.getAsBoolean()) {
        probeHeld = false;
      }
      meeting.countDown();
      boolean met;
      try {
        met = meeting.await(MEETING_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        met = false;
      }
      byte[] body = ("<!doctype html><title>Meeting</title><p id=\"out\">" + (met ? "together" : "alone") + "</p>")
          .getBytes(StandardCharsets.UTF_8);
      x.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
      x.sendResponseHeaders(200, body.length);
      x.getResponseBody().write(body);
      x.close();
    });
    server.start();
  }

  static MeetingPage of(int expected) throws IOException {
    return new MeetingPage(expected, () -> true);
  }

  static MeetingPage of(int expected, BooleanSupplier probe) throws IOException {
    return new MeetingPage(expected, probe);
  }

  String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** A flow that opens {@code /together} and asserts it met the others. */
  Path flow(Path dir, String name) throws IOException {
    return Files.writeString(dir.resolve(name + ".flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"" + name + "\","
        + "\"steps\":[{\"id\":\"open\",\"op\":\"open\",\"url\":\"" + base() + "/together\"},"
        + "{\"id\":\"met\",\"op\":\"assert\",\"timeoutMs\":1000,\"condition\":{\"text\":\"together\"}}]}");
  }

  boolean probeHeld() {
    return probeHeld;
  }

  synchronized int requests() {
    return requests;
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
