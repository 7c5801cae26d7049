package io.browserflow.cli;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.Input;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.engine.Caller;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.Remedies;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.TraceMode;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.formats.RecordedSecrets;
import io.browserflow.formats.SideProjectImport;
import io.browserflow.engine.ResumeDecision;
import io.browserflow.engine.store.RunStore;
import io.browserflow.playwright.BrowserNotFoundException;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.PlaywrightDriver;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
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
  /** {@code --credentials-env}: credentials from {@code BROWSERFLOW_CREDENTIAL_<KEY>}, never from other variables. */
  boolean credentialsFromEnv;
  /** {@code --credential-env KEY=VARIABLE}: credentials from variables named explicitly. */
  Map<String, String> credentialVariables = new LinkedHashMap<>();
  boolean headed;
  Path browser;
  String connect;
  String grid;
  /** The login flow whose state every session starts with, and its check; null without --login. */
  Flow login;
  Flow loginCheck;
  private io.browserflow.engine.SignIn signIn;
  Map<String, Object> gridCapabilities;
  Optional<String> serverUrl = Optional.empty();
  Optional<Duration> timeout = Optional.empty();
  /** The engine's limits: the defaults unless {@code --step-timeout} changed the default step timeout. */
  FlowLimits limits = FlowLimits.defaults();
  Set<Capability> allowed = new LinkedHashSet<>();
  boolean denyNetwork;
  boolean failOnBlockedRequest;
  boolean allowSensitiveValues;
  boolean allowEnvironmentDrift;
  List<Path> uploadRoots = new ArrayList<>();
  /** Where relative csv and dataset paths resolve ({@code --work-dir DIR}); the working directory when empty. */
  java.util.Optional<Path> workDir = java.util.Optional.empty();
  /** {@code --from STEP_ID} and {@code --until STEP_ID}. */
  java.util.Optional<String> replayFrom = java.util.Optional.empty();
  java.util.Optional<String> replayUntil = java.util.Optional.empty();
  /** Where call steps find flows ({@code --flows DIR}). */
  io.browserflow.engine.FlowLibrary library = io.browserflow.engine.FlowLibrary.none();
  /** When set, only flows these approvals hold (by digest) run; others end REVIEW_REQUIRED. */
  io.browserflow.engine.review.Approvals approvals;
  List<String> allowOrigins = new ArrayList<>();
  RunStore store = RunStore.none();
  /** Set by {@code resume}: the batch's one flow resumes this run instead of starting a new one. */
  Resume resume;
  TraceMode trace = TraceMode.ON_FAILURE;
  boolean screenshotEachStep;
  /** Secret values converted recordings held, per flow, used for credentials not given otherwise (--use-recorded-secrets). */
  Map<Flow, RecordedSecrets> recordedSecrets = new IdentityHashMap<>();
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

  /**
   * What {@code flow} needs that this batch's flags and environment do not give ({@link RunNeeds});
   * with {@code serving}, the served address counts as given for {@link #SERVER_INPUTS}.
   */
  List<String> unmet(Flow flow, boolean serving) {
    return unmet(flow, serving, Set.of());
  }

  /** As {@link #unmet(Flow, boolean)}, with the inputs {@code chained} given by an earlier test of a shared session. */
  List<String> unmet(Flow flow, boolean serving, Set<String> chained) {
    Inputs given = inputsFor(flow);
    return RunNeeds.unmet(flow, allowed, k -> given.inputs().containsKey(k) || chained.contains(k)
        || (serving && SERVER_INPUTS.contains(k)), given.credentials()::containsKey);
  }

  /**
   * One flow of a batch; a test of a Selenium IDE project carries its test and, when its suite
   * persists the session, the suite: consecutive flows of one such suite share a browser session
   * and the variables their tests store.
   */
  /** The run {@code resume} settles and continues, and how. */
  record Resume(String runId, ResumeDecision decision) {}

  record Planned(Flow flow, SideProjectImport.TestImport test, SideProjectImport.Suite sharedSession,
      SideProjectImport.Suite suite) {
    static Planned of(Flow flow) {
      return new Planned(flow, null, null, null);
    }

    /** What must run in one worker, in order: the suite, unless it is marked parallel and shares no session. */
    Object unit() {
      return suite != null && (!suite.parallel() || sharedSession != null) ? suite : this;
    }
  }

  /** Flows run at once (--workers), each worker with its own driver. */
  int workers = 1;

  /**
   * The inputs of {@code test} an earlier test of its shared session stores ({@code stored}: variable
   * names), so nobody has to give them.
   */
  static Set<String> chained(SideProjectImport.TestImport test, Set<String> stored) {
    Set<String> keys = new LinkedHashSet<>();
    if (test != null) {
      test.importedVariables().forEach((key, var) -> {
        if (stored.contains(var)) {
          keys.add(key);
        }
      });
    }
    return keys;
  }

  /**
   * A credential given on the command line, else in the variable {@code --credential-env} names for
   * it, else (with {@code --credentials-env}) in {@code BROWSERFLOW_CREDENTIAL_<KEY>}. A flow never
   * reaches other variables by declaring their names ({@code AWS_SECRET_ACCESS_KEY} stays unread).
   */
  Optional<String> givenCredential(String key) {
    String value = credentials.get(key);
    if (value == null && credentialVariables.containsKey(key)) {
      value = env.get(credentialVariables.get(key));
    }
    if (value == null && credentialsFromEnv) {
      value = env.get("BROWSERFLOW_CREDENTIAL_" + key);
    }
    return Optional.ofNullable(value);
  }

  /** The values for one flow: only the keys it declares. */
  Inputs inputsFor(Flow flow) {
    return inputsFor(flow, Map.of());
  }

  /** As {@link #inputsFor(Flow)}, with {@code chained} values (from earlier tests of a shared session) where nothing is given. */
  Inputs inputsFor(Flow flow, Map<String, String> chained) {
    Inputs.Builder b = Inputs.builder();
    for (Input input : flow.inputs()) {
      String value = inputs.get(input.key());
      if (value == null) {
        value = chained.get(input.key());
      }
      if (value == null && SERVER_INPUTS.contains(input.key()) && serverUrl.isPresent()) {
        value = serverUrl.get();
      }
      if (value != null) {
        b.input(input.key(), value);
      }
    }
    for (Credential c : flow.credentials()) {
      String value = givenCredential(c.key()).orElse(null);
      if (value == null && recordedSecrets.containsKey(flow)) {
        value = recordedSecrets.get(flow).value(c.key()).orElse(null);
      }
      if (value != null) {
        b.credential(c.key(), value);
      }
    }
    return b.build();
  }

  /** run/mcp --no-sandbox, or BROWSERFLOW_NO_SANDBOX=1 (an operator who runs BrowserFlow as root accepts it). */
  boolean noSandbox;

  static boolean sandboxOff(boolean flag, Map<String, String> env) {
    String variable = env.get("BROWSERFLOW_NO_SANDBOX");
    return flag || "1".equals(variable) || "true".equalsIgnoreCase(variable);
  }

  PageDriver driver() {
    if (connect != null) {
      return PlaywrightDriver.connect(connect);
    }
    if (grid != null) {
      return PlaywrightDriver.connectToGrid(grid, gridCapabilities);
    }
    LaunchOptions.Builder options = LaunchOptions.builder().headless(!headed);
    if (browser != null) {
      options.executablePath(browser);
    }
    // network deny mode keeps the browser's own traffic (WebRTC, DNS prefetch) inside the policy too;
    // an approved replay also runs in Chromium's sandbox
    options.confined(denyNetwork || failOnBlockedRequest || approvals != null);
    options.sandbox(approvals != null && !sandboxOff(noSandbox, env));
    return PlaywrightDriver.launch(options.build());
  }

  List<RunResult> run(List<Flow> flows, Progress progress, PrintWriter err) {
    return runPlanned(flows.stream().map(Planned::of).toList(), progress, err);
  }

  /**
   * Runs the flows in order in one browser; the flows of a suite that persists its session run in
   * one shared session, each test seeing the variables the earlier ones stored (as
   * {@code selenium-side-runner} plays such a suite).
   */
  List<RunResult> runPlanned(List<Planned> planned, Progress progress, PrintWriter err) {
    if (login != null && signIn == null) {
      io.browserflow.engine.SignIn.Builder b = io.browserflow.engine.SignIn.builder().flow(login)
          .inputs(inputsFor(login, Map.of())).options(runOptions());
      if (loginCheck != null) {
        b.check(loginCheck);
      }
      signIn = b.build();
    }
    Map<Object, List<Integer>> byUnit = new LinkedHashMap<>();
    for (int i = 0; i < planned.size(); i++) {
      byUnit.computeIfAbsent(planned.get(i).unit(), u -> new ArrayList<>()).add(i);
    }
    java.util.Queue<List<Integer>> queue = new java.util.concurrent.ConcurrentLinkedQueue<>(byUnit.values());
    RunResult[] results = new RunResult[planned.size()];
    int n = Math.max(1, Math.min(workers, byUnit.size()));
    if (n == 1) {
      work(queue, planned, results, progress);
      return Arrays.asList(results);
    }
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(n, new java.util.concurrent.ThreadFactory() {
      private int next = 1;

      @Override
      public synchronized Thread newThread(Runnable r) {
        Thread t = new Thread(r, "browserflow-worker-" + next++);
        t.setDaemon(true);
        return t;
      }
    });
    try {
      List<java.util.concurrent.Future<?>> running = new ArrayList<>();
      for (int w = 0; w < n; w++) {
        running.add(pool.submit(() -> work(queue, planned, results, progress)));
      }
      for (java.util.concurrent.Future<?> f : running) {
        try {
          f.get();
        } catch (java.util.concurrent.ExecutionException e) {
          queue.clear(); // the other workers finish their flow in progress and stop
          if (e.getCause() instanceof RuntimeException re) {
            throw re;
          }
          throw new IllegalStateException(e.getCause());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the workers ran", e);
    } finally {
      pool.shutdownNow();
    }
    return Arrays.asList(results);
  }

  /**
   * One worker: its own driver and engine, taking units off {@code queue} until none is left. The
   * flows of a unit run in order; those of a suite that persists its session run in one shared
   * session, each test seeing the variables the earlier ones stored (as {@code selenium-side-runner}
   * plays such a suite).
   */
  private void work(java.util.Queue<List<Integer>> queue, List<Planned> planned, RunResult[] results, Progress progress) {
    List<Integer> unit = queue.poll();
    if (unit == null) {
      return;
    }
    try (SharedSessions driver = new SharedSessions(signIn == null ? driver() : signIn.driver(driver()))) {
      FlowEngine.Builder builder = FlowEngine.builder().driver(driver).store(store)
          .uploadRoots(uploadRoots.toArray(new Path[0])).flowLibrary(library).limits(limits);
      if (approvals != null) {
        builder.requireApproval(approvals);
      }
      if (progress != null) {
        builder.listener(progress);
      }
      try (FlowEngine engine = builder.build()) {
        RunOptions runOptions = runOptions();
        for (; unit != null; unit = queue.poll()) {
          SideProjectImport.Suite session = null;
          Map<String, String> stored = new LinkedHashMap<>();
          for (int index : unit) {
            Planned p = planned.get(index);
            if (p.sharedSession() != session) {
              driver.endShare();
              stored.clear();
              session = p.sharedSession();
              if (session != null) {
                driver.share();
              }
            }
            Map<String, String> chained = new LinkedHashMap<>();
            for (String key : chained(p.test(), stored.keySet())) {
              chained.put(key, stored.get(p.test().importedVariables().get(key)));
            }
            RunResult result = resume != null
                ? engine.resume(resume.runId(), p.flow(), inputsFor(p.flow(), chained), resume.decision(), runOptions)
                : engine.run(p.flow(), inputsFor(p.flow(), chained), runOptions);
            results[index] = result;
            if (session != null && p.test() != null) {
              p.test().exportedVariables().forEach((var, key) -> {
                String value = result.outputs().get(key);
                if (value != null) {
                  stored.put(var, value);
                }
              });
            }
          }
          driver.endShare();
        }
      }
    }
  }

  /** The options of every run of the batch (and of its login). */
  private RunOptions runOptions() {
    RunOptions.Builder options = RunOptions.builder().caller(Caller.CLI).addAllAllowed(allowed)
        .addAllAllowOrigins(allowOrigins).denyNetwork(denyNetwork).failOnBlockedRequest(failOnBlockedRequest)
        .allowSensitiveValues(allowSensitiveValues).allowEnvironmentDrift(allowEnvironmentDrift).trace(trace)
        .screenshotEachStep(screenshotEachStep);
    serverUrl.ifPresent(options::addAllowOrigins);
    timeout.ifPresent(options::timeBudget);
    workDir.ifPresent(options::workDir);
    options.replayFrom(replayFrom).replayUntil(replayUntil);
    return options.build();
  }

  /** How often the batch signed in with its login flow (0 without one). */
  int signIns() {
    return signIn == null ? 0 : signIn.signIns();
  }

  /** Maps {@code --allow} words to capabilities. */
  static Capability capability(String word) {
    return Remedies.fromCliWord(word).orElseThrow(() -> new IllegalArgumentException("unknown capability '" + word
        + "'; use eval, upload, download or http"));
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
    return "browserflow: " + e.code() + ": " + e.message(Caller.CLI);
  }
}
