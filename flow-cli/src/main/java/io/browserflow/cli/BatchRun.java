package io.browserflow.cli;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.Input;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.store.RunStore;
import io.browserflow.playwright.BrowserNotFoundException;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.PlaywrightDriver;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Runs a batch of flows in one browser: shared by {@code run} and {@code demo}. */
final class BatchRun {
  /** Inputs every flow may declare and the CLI fills in when serving. */
  static final List<String> SERVER_INPUTS = List.of("SERVER_URL", "BASE_URL");

  Map<String, String> inputs = new LinkedHashMap<>();
  Map<String, String> credentials = new LinkedHashMap<>();
  boolean credentialsFromEnv;
  boolean headed;
  Path browser;
  String connect;
  Optional<String> serverUrl = Optional.empty();
  Optional<Duration> timeout = Optional.empty();
  Set<Capability> allowed = new LinkedHashSet<>();
  boolean denyNetwork;
  List<Path> uploadRoots = new ArrayList<>();
  RunStore store = RunStore.none();
  Map<String, String> env = System.getenv();

  /** Keys given with --input / --credential that no flow declares: a usage error. */
  List<String> undeclared(List<Flow> flows) {
    List<String> unknown = new ArrayList<>();
    for (String key : inputs.keySet()) {
      if (flows.stream().noneMatch(f -> f.input(key).isPresent())) {
        unknown.add("--input " + key);
      }
    }
    for (String key : credentials.keySet()) {
      if (flows.stream().noneMatch(f -> f.credential(key).isPresent())) {
        unknown.add("--credential " + key);
      }
    }
    return unknown;
  }

  /** The values for one flow: only the keys it declares. */
  Inputs inputsFor(Flow flow) {
    Inputs.Builder b = Inputs.builder();
    for (Input input : flow.inputs()) {
      String value = inputs.get(input.key());
      if (value == null && SERVER_INPUTS.contains(input.key()) && serverUrl.isPresent()) {
        value = serverUrl.get();
      }
      if (value != null) {
        b.input(input.key(), value);
      }
    }
    for (Credential c : flow.credentials()) {
      String value = credentials.get(c.key());
      if (value == null && credentialsFromEnv) {
        value = Optional.ofNullable(env.get("BROWSERFLOW_CREDENTIAL_" + c.key())).orElse(env.get(c.key()));
      }
      if (value != null) {
        b.credential(c.key(), value);
      }
    }
    return b.build();
  }

  PageDriver driver() {
    if (connect != null) {
      return PlaywrightDriver.connect(connect);
    }
    LaunchOptions.Builder options = LaunchOptions.builder().headless(!headed);
    if (browser != null) {
      options.executablePath(browser);
    }
    return PlaywrightDriver.launch(options.build());
  }

  List<RunResult> run(List<Flow> flows, Progress progress, PrintWriter err) {
    List<RunResult> results = new ArrayList<>();
    try (PageDriver driver = driver()) {
      FlowEngine.Builder builder = FlowEngine.builder().driver(driver).store(store)
          .uploadRoots(uploadRoots.toArray(new Path[0]));
      if (progress != null) {
        builder.listener(progress);
      }
      try (FlowEngine engine = builder.build()) {
        RunOptions.Builder options = RunOptions.builder().addAllAllowed(allowed).denyNetwork(denyNetwork);
        serverUrl.ifPresent(options::addAllowOrigins);
        timeout.ifPresent(options::timeBudget);
        RunOptions runOptions = options.build();
        for (Flow flow : flows) {
          results.add(engine.run(flow, inputsFor(flow), runOptions));
        }
      }
    }
    return results;
  }

  /** Maps {@code --allow} words to capabilities. */
  static Capability capability(String word) {
    switch (word.trim().toLowerCase()) {
      case "eval":
      case "script":
      case "script.eval":
        return Capability.SCRIPT_EVAL;
      case "upload":
      case "file.upload":
        return Capability.FILE_UPLOAD;
      case "download":
      case "file.download":
        return Capability.FILE_DOWNLOAD;
      default:
        throw new IllegalArgumentException("unknown capability '" + word + "'; use eval, upload or download");
    }
  }

  static int exitCode(List<RunResult> results) {
    return results.stream().allMatch(RunResult::succeeded) ? BrowserflowCommand.OK : BrowserflowCommand.FAILED;
  }

  static void summary(PrintWriter out, List<RunResult> results) {
    long ok = results.stream().filter(RunResult::succeeded).count();
    out.println();
    out.println(ok + " of " + results.size() + (results.size() == 1 ? " flow" : " flows") + " succeeded");
    for (RunResult r : results) {
      out.println("  " + (r.succeeded() ? "✓" : "✗") + " " + r.flowName() + " — " + r.status() + ", "
          + r.steps().size() + " steps, " + r.tookMs() + " ms"
          + r.errorCode().map(c -> " — " + c + " at " + r.errorPath().orElse("")).orElse(""));
    }
    out.flush();
  }

  static void printFailure(PrintWriter err, FlowException e) {
    if (e instanceof BrowserNotFoundException missing) {
      err.println(browserAdvice(missing));
      return;
    }
    err.println("browserflow: " + e.code() + ": " + e.getMessage());
  }

  /** The missing-browser advice in the command line's own terms (flags, environment), not the Java API's. */
  static String browserAdvice(BrowserNotFoundException e) {
    return "browserflow: " + e.code() + ": no usable Chromium or Chrome (searched: "
        + e.searched().stream().map(Path::toString).collect(java.util.stream.Collectors.joining(", "))
        + "). Install one (Debian/Ubuntu: apt-get install -y chromium), or pass --browser PATH, "
        + "or set BROWSERFLOW_CHROMIUM=PATH.";
  }
}
