package io.browserflow.playwright;

import com.microsoft.playwright.impl.driver.Driver;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Playwright's trace viewer (shipped with Playwright's driver) serving one trace on 127.0.0.1, for
 * a person ({@code browserflow show-trace FILE}) or a test. The viewer runs in a child process that
 * {@link #close()} stops.
 *
 * <pre>{@code
 * try (TraceViewer viewer = TraceViewer.serve(Path.of("trace.zip"), 0)) {
 *   System.out.println("open " + viewer.url());
 *   viewer.waitFor();
 * }
 * }</pre>
 */
public final class TraceViewer implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("Listening on (http://\\S+)");
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

  private final Process process;
  private final URI url;

  private TraceViewer(Process process, URI url) {
    this.process = process;
    this.url = url;
  }

  /**
   * Starts the viewer for {@code trace} on 127.0.0.1 at {@code port} (0 picks a free one).
   *
   * @throws FlowRunException {@code ACTION_FAILED} when the file is missing or the viewer does not start
   */
  public static TraceViewer serve(Path trace, int port) {
    Path file = trace.toAbsolutePath();
    if (!Files.isRegularFile(file)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "no trace file at " + file);
    }
    DriverCache.install();
    Map<String, String> env = new HashMap<>();
    ProcessBuilder pb = Driver.ensureDriverInstalled(env, false).createProcessBuilder();
    pb.environment().putAll(env);
    pb.command().addAll(List.of("show-trace", "--host", "127.0.0.1", "--port", String.valueOf(port), file.toString()));
    pb.redirectErrorStream(true);
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot start Playwright's trace viewer: " + e.getMessage());
    }
    CompletableFuture<URI> listening = CompletableFuture.supplyAsync(() -> readUrl(process));
    try {
      return new TraceViewer(process, listening.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "interrupted while Playwright's trace viewer started");
    } catch (ExecutionException | TimeoutException e) {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
      String why = e.getCause() == null ? "it did not start within " + START_TIMEOUT.toSeconds() + " s" : e.getCause().getMessage();
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "Playwright's trace viewer did not start: " + why);
    }
  }

  /** Reads the viewer's output until it says where it listens; keeps draining it afterwards. */
  private static URI readUrl(Process process) {
    BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    try {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        Matcher m = LISTENING.matcher(line);
        if (m.find()) {
          Thread drain = new Thread(() -> {
            try {
              while (in.readLine() != null) {
                // the viewer's log is not needed
              }
            } catch (IOException ignored) {
              // the viewer stopped
            }
          }, "browserflow-trace-viewer-output");
          drain.setDaemon(true);
          drain.start();
          return URI.create(m.group(1));
        }
        seen.append(line).append('\n');
      }
    } catch (IOException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
    throw new IllegalStateException("it exited before listening: " + seen.toString().trim());
  }

  /** Where the viewer shows the trace. */
  public URI url() {
    return url;
  }

  /** Blocks until the viewer stops (it runs until {@link #close()}, or until its process is killed). */
  public void waitFor() throws InterruptedException {
    process.waitFor();
  }

  /** Stops the viewer and its child processes. */
  @Override
  public void close() {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
