package io.browserflow.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;

/** What the tests' servers in child processes (a Grid, a Playwright server, Django) need to start on 127.0.0.1 and stop. */
public final class ChildProcesses {
  private ChildProcesses() { }

  /** A port nothing listens on at 127.0.0.1 right now. */
  public static int freeLoopbackPort() {
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return free.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Asks {@code p} and its descendants to end, and kills them when they have not within 10 s. */
  public static void stop(Process p) throws InterruptedException {
    p.descendants().forEach(ProcessHandle::destroy);
    p.destroy();
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor();
    }
  }
}
