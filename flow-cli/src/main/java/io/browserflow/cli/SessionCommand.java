package io.browserflow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code browserflow session COMMAND...}: one browserctl command on a named live browser. The
 * first command of a name starts its session process (a {@link SessionDaemon}); later ones, from any
 * shell of the same user, drive the same browser until {@code session close} or the idle timeout.
 */
@Command(name = "session", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Drive a live browser one command at a time (browserctl's command mode): open URL, snapshot [-i] "
        + "[--depth N] [--scope CSS] [--max-nodes N] (refs @e1, @e2, ... valid until the next snapshot), click REF|LOCATOR "
        + "[--new-tab], fill REF TEXT, press KEY [REF] [--ctrl|--shift|--alt|--meta], select REF VALUE, check|uncheck REF, "
        + "scroll [REF] [--to top|bottom] [--by PX], get text|value|html|attr|count|box|styles|url|title [REF] [NAME], "
        + "is visible|enabled|checked REF, wait --selector CSS [--state visible|hidden] | --text T | --url GLOB | --ms N, "
        + "tab [new [URL] [--label L] | ID|LABEL | close [ID|LABEL]], frame main|url:GLOB|name:NAME|SELECTOR, frames, "
        + "eval JS (with --allow eval), batch [--bail] --json (argv arrays from stdin), save FILE.flow.json|FILE.browserctl "
        + "[--name NAME] (what the session did, as a draft flow), close.",
        "The browser stays up between commands in a process of its own on 127.0.0.1, which only its user can drive (a "
            + "token in a file only they can read, in BROWSERFLOW_SESSION_DIR or ~/.browserflow/sessions)."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the command succeeded", "1:the command failed (its code and error are printed)",
        "2:bad usage, or the session could not start"})
final class SessionCommand extends CliCommand {
  /** How long {@code close} waits for the session's process to close its browser and end (it allows itself 30 s). */
  private static final long CLOSE_WAIT_SECONDS = 35;

  @Option(names = "--name", paramLabel = "NAME", defaultValue = "default", description = "Which session (default: default).")
  String name;

  @Option(names = "--json", description = "Print the envelope {ok, code?, error?, data?} as JSON.")
  boolean json;

  @Option(names = "--headed", description = "Show the browser window (when this command starts the session).")
  boolean headed;

  @Option(names = "--allow", paramLabel = "eval", description = "Allow eval in a session this command starts.")
  String allow;

  @Option(names = "--browser", paramLabel = "PATH", description = "Chromium or Chrome executable (when starting the session).")
  Path browser;

  @Option(names = "--idle-timeout", paramLabel = "SECONDS", defaultValue = "900",
      description = "End the session after this long without a command (default 900).")
  long idleSeconds;

  @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The command and its words.")
  List<String> words;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    PrintWriter err = err();
    if (!name.matches("[A-Za-z0-9_-]{1,64}")) {
      return BrowserflowCommand.usage(err, "session --name must be 1 to 64 letters, digits, _ or -, was " + name);
    }
    if (idleSeconds < 1) {
      return BrowserflowCommand.usage(err, "session --idle-timeout takes seconds, at least 1, was " + idleSeconds);
    }
    if (allow != null && !allow.equals("eval")) {
      return BrowserflowCommand.usage(err, "session --allow takes eval, was " + allow);
    }
    if (!words.get(0).equals("batch") && words.contains("--json")) {
      json = true; // --json after the command means the same as before it
      words = new ArrayList<>(words);
      words.remove("--json");
    }
    Path dir = sessionDir();
    Path file = SessionDaemon.State.file(dir, name);
    String verb = words.get(0);
    ObjectNode request = SessionCommands.JSON.createObjectNode();
    if (verb.equals("batch")) {
      if (!words.contains("--json")) {
        return BrowserflowCommand.usage(err, "session batch reads its commands as JSON from stdin: session batch [--bail] --json < commands.json");
      }
      JsonNode commands;
      try {
        commands = SessionCommands.JSON.readTree(System.in);
      } catch (IOException e) {
        return BrowserflowCommand.usage(err, "session batch: stdin is not JSON: " + e.getMessage().lines().findFirst().orElse(""));
      }
      request.set("batch", commands);
      json = true; // a batch answers with the results of every command
      request.put("bail", words.contains("--bail"));
    } else {
      List<String> argv = new ArrayList<>(words);
      if (verb.equals("save") && argv.size() > 1) {
        argv.set(1, Path.of(argv.get(1)).toAbsolutePath().toString()); // the session process has another directory
      }
      request.set("argv", SessionCommands.JSON.valueToTree(argv));
    }
    if (verb.equals("close") && !Files.exists(file)) {
      err.println("browserflow: no session " + name + " is running");
      return BrowserflowCommand.FAILED;
    }
    SessionDaemon.State state;
    try {
      state = running(dir, file, err);
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "session " + name + " could not start: " + e.getMessage());
    }
    JsonNode answer;
    try {
      answer = send(state, request);
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "session " + name + " did not answer: " + e.getMessage());
    }
    if (verb.equals("close") && answer.path("ok").asBoolean()) {
      awaitEnd(state, file);
    }
    print(out, err, verb, answer);
    if (!answer.path("ok").asBoolean()) {
      return "CLI_USAGE_ERROR".equals(answer.path("code").asText()) ? BrowserflowCommand.USAGE : BrowserflowCommand.FAILED;
    }
    return BrowserflowCommand.OK;
  }

  /**
   * After {@code close}: waits until the session's process has closed its browser and ended, so that
   * a {@code session open} right after it starts a new session instead of finding the old one.
   */
  private static void awaitEnd(SessionDaemon.State state, Path file) throws InterruptedException {
    Optional<ProcessHandle> process = ProcessHandle.of(state.pid());
    if (process.isPresent()) {
      try {
        process.get().onExit().get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
      } catch (ExecutionException | TimeoutException e) {
        // still closing its browser after that long: its state file goes below, so no command reaches it
      }
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a later command finds the process gone and removes the file then
    }
  }

  static Path sessionDir() {
    String property = System.getProperty("browserflow.session.dir");
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    String env = System.getenv("BROWSERFLOW_SESSION_DIR");
    return env != null && !env.isBlank() ? Path.of(env) : Path.of(System.getProperty("user.home"), ".browserflow", "sessions");
  }

  /** The session's state, starting its process when none answers. */
  private SessionDaemon.State running(Path dir, Path file, PrintWriter err) throws IOException, InterruptedException {
    if (Files.exists(file)) {
      SessionDaemon.State state = SessionDaemon.State.read(file);
      if (state.alive()) {
        return state;
      }
      Files.deleteIfExists(file); // its process ended (its id may belong to another process by now)
    }
    SessionDaemon.prepare(dir);
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "session-daemon",
        "--dir", dir.toString(), "--name", name, "--idle-seconds", String.valueOf(idleSeconds)));
    if (headed) {
      command.add("--headed");
    }
    if ("eval".equals(allow)) {
      command.add("--allow-eval");
    }
    if (browser != null) {
      command.addAll(List.of("--browser", browser.toAbsolutePath().toString()));
    }
    Path log = dir.resolve(name + ".log");
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    pb.environment().putIfAbsent("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
    Process process = pb.start();
    long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < end) {
      if (Files.exists(file)) {
        return SessionDaemon.State.read(file);
      }
      if (!process.isAlive()) {
        throw new IOException("its process ended (" + process.exitValue() + "): " + tail(log));
      }
      Thread.sleep(50);
    }
    process.destroy();
    throw new IOException("it did not start within 60 s: " + tail(log));
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  private static JsonNode send(SessionDaemon.State state, ObjectNode request) throws IOException, InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    HttpRequest post = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + state.port() + "/"))
        .header("X-Browserflow-Token", state.token()).header("Content-Type", "application/json")
        .timeout(Duration.ofMinutes(10))
        .POST(HttpRequest.BodyPublishers.ofString(SessionCommands.JSON.writeValueAsString(request))).build();
    HttpResponse<String> response = http.send(post, HttpResponse.BodyHandlers.ofString());
    return SessionCommands.JSON.readTree(response.body());
  }

  private void print(PrintWriter out, PrintWriter err, String verb, JsonNode answer) throws IOException {
    if (json) {
      out.println(SessionCommands.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(answer));
      return;
    }
    if (!answer.path("ok").asBoolean()) {
      err.println(answer.path("code").asText() + ": " + answer.path("error").asText());
      return;
    }
    JsonNode data = answer.path("data");
    if (verb.equals("snapshot")) {
      out.print(data.path("text").asText());
    } else if (data.isMissingNode() || data.isNull()) {
      out.println("ok");
    } else if (data.size() == 1 && data.elements().next().isValueNode()) {
      out.println(data.elements().next().asText());
    } else {
      out.println(SessionCommands.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(data));
    }
  }
}
