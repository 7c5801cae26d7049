package io.browserflow.cli.desktop;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code browserflow} from the packaged jar in its own process, as a person starts it from a
 * terminal: its standard input is the terminal's keyboard ({@link #typeInTerminal}), its output is
 * kept in files. {@link #close()} kills what is still running (the process and its browsers).
 */
public record RecorderProcess(Process process, Path out, Path err) implements AutoCloseable {
  static final Path JAR = Path.of("target", "browserflow.jar");

  /** Starts {@code browserflow ARGS} in {@code dir} with {@code env} added to this process's environment. */
  public static RecorderProcess start(Path dir, Map<String, String> env, String... args) throws IOException {
    if (!Files.isRegularFile(JAR)) {
      throw new IllegalStateException(JAR.toAbsolutePath() + " is missing: run after `package`");
    }
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", JAR.toAbsolutePath().toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
    pb.environment().put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
    pb.environment().putAll(env);
    String name = args.length > 0 ? args[0] : "browserflow";
    Path out = dir.resolve(name + "-" + System.nanoTime() + ".out");
    Path err = dir.resolve(name + "-" + System.nanoTime() + ".err");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    return new RecorderProcess(pb.start(), out, err);
  }

  /** Types {@code line} and Enter into the process's terminal. */
  public void typeInTerminal(String line) throws IOException {
    OutputStream in = process.getOutputStream();
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /** Waits up to {@code seconds} for the process to end; its exit code. */
  public int awaitExit(int seconds) throws Exception {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      close();
      throw new AssertionError("browserflow did not end within " + seconds + " s; " + transcript());
    }
    return process.exitValue();
  }

  /** What the process wrote so far (standard output, then standard error). */
  public String transcript() throws IOException {
    return "stdout:\n" + Files.readString(out, StandardCharsets.UTF_8) + "\nstderr:\n" + Files.readString(err, StandardCharsets.UTF_8);
  }

  /** Waits until standard output contains {@code text}, as a person waits for a prompt. */
  public void awaitOutput(String text, int seconds) throws Exception {
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    while (!stdout().contains(text)) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError("browserflow did not print '" + text + "' within " + seconds + " s; " + transcript());
      }
      Thread.sleep(50);
    }
  }

  /** Standard output so far. */
  public String stdout() throws IOException {
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }
}
