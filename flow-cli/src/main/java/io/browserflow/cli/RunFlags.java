package io.browserflow.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.TraceMode;
import io.browserflow.playwright.LocalSite;
import io.browserflow.playwright.PlaywrightDriver;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The options {@code run} and {@code resume} share (inputs, credentials, browser, policies, store,
 * outputs) and what both do with them: load the flow files, check what they need, run them in one
 * browser (or resume one run) and print the outcome.
 */
final class RunFlags {
  @Option(names = "--input", paramLabel = "KEY=VALUE", description = "A business input, e.g. --input DEVICE_ID=42.")
  Map<String, String> inputs = new LinkedHashMap<>();

  @Option(names = "--credential", paramLabel = "KEY=VALUE",
      description = "A credential. Prefer --credentials-env: command lines are visible to other users.")
  List<String> credentials = new ArrayList<>(); // KEY=VALUE, split here: picocli's map parsing warns with the value

  @Option(names = "--credentials-env",
      description = "Read each credential KEY the flows declare from the environment variable BROWSERFLOW_CREDENTIAL_KEY.")
  boolean credentialsEnv;

  @Option(names = "--credential-env", paramLabel = "KEY=VARIABLE",
      description = "Read the credential KEY from the environment variable VARIABLE (any name: the mapping is explicit).")
  List<String> credentialEnv = new ArrayList<>();

  @Option(names = "--use-recorded-secrets",
      description = "Replay converted recordings with the passwords they recorded, for credentials not given otherwise: "
          + "in memory for this run only (never written to results, reports, journals or exports).")
  boolean useRecordedSecrets;

  @picocli.CommandLine.Mixin
  BrowserOptions launch = new BrowserOptions();

  @Option(names = "--connect", paramLabel = "WS", description = "Use a running Playwright browser server at this ws:// endpoint "
      + "(e.g. `npx playwright@1.62 run-server`; it must run BrowserFlow's Playwright major.minor).")
  String connect;

  @Option(names = "--grid", paramLabel = "URL", description = "Run on a Chromium or Chrome node of a Selenium Grid 4 at this "
      + "http:// address, through the session's DevTools endpoint (one Grid session per worker).")
  String grid;

  @Option(names = "--grid-capabilities", paramLabel = "JSON", description = "The W3C capabilities to ask the Grid for, "
      + "as a JSON object (default: {\"browserName\":\"chrome\",\"goog:chromeOptions\":{\"args\":[\"--headless=new\"]}}, "
      + "without --headless=new when --headed).")
  String gridCapabilities;

  @Option(names = "--serve", paramLabel = "DIR[:PORT]",
      description = "Serve DIR on 127.0.0.1 during the run (ephemeral port by default); flows get its URL as input SERVER_URL (or BASE_URL) when they declare it.")
  String serve;

  @Option(names = "--report", paramLabel = "DIR", description = "Write an HTML report (DIR/index.html).")
  Path report;

  @Option(names = "--json", description = "Print the run results as a JSON array on stdout (no progress).")
  boolean json;

  @Option(names = "--timeout", paramLabel = "MS", description = "Time budget of each run in milliseconds.")
  Long timeoutMs;

  @Option(names = "--step-timeout", paramLabel = "MS", description = "How long a step without its own timeoutMs waits "
      + "for its target or condition, in milliseconds (default: 10000).")
  Integer stepTimeoutMs;

  @Option(names = "--from", paramLabel = "STEP_ID",
      description = "Replay from this step: steps before it are skipped, those that open pages, tabs or frames run again.")
  String from;

  @Option(names = "--until", paramLabel = "STEP_ID", description = "End each run, successfully, right after this step ran once.")
  String until;

  @Option(names = "--allow", split = ",", paramLabel = "CAPABILITY",
      description = "Allow a gated capability the flow declares: eval, upload, download, http.")
  List<String> allow = new ArrayList<>();

  @Option(names = "--allow-origin", paramLabel = "ORIGIN",
      description = "Allow an origin (scheme://host[:port]) besides the flows' own and their policy's; repeatable.")
  List<String> allowOrigins = new ArrayList<>();

  @Option(names = "--flows", paramLabel = "DIR",
      description = "A folder of *.flow.json files that call steps find by flow id (after the calling flow's own subflows).")
  Path flowsDir;

  @Option(names = "--work-dir", paramLabel = "DIR",
      description = "The folder relative csvImport, csvExport and datasetExport paths resolve in (default: the current directory).")
  Path workDir;

  @Option(names = "--upload-root", paramLabel = "DIR",
      description = "A folder upload files may come from, besides the working directory and the flow files' folders; repeatable.")
  List<Path> uploadRootDirs = new ArrayList<>();

  /** {@code --deny-network} modes. */
  enum DenyNetwork { report, strict }

  @Option(names = "--deny-network", arity = "0..1", paramLabel = "report|strict", parameterConsumer = DenyNetworkWord.class,
      description = "Block requests outside the flows' allowed origins: report them in the results (report, the default "
          + "when the word is left out), or fail the run at the first one (strict).")
  DenyNetwork denyNetwork;

  /**
   * Takes the next argument as the mode only when it is {@code report} or {@code strict}, so
   * {@code --deny-network FILE} keeps FILE a flow file.
   */
  static final class DenyNetworkWord implements picocli.CommandLine.IParameterConsumer {
    @Override
    public void consumeParameters(java.util.Stack<String> args, picocli.CommandLine.Model.ArgSpec argSpec,
        CommandSpec commandSpec) {
      String mode = "report";
      if (!args.isEmpty() && (args.peek().equals("report") || args.peek().equals("strict"))) {
        mode = args.pop();
      }
      argSpec.setValue(DenyNetwork.valueOf(mode));
    }
  }

  @Option(names = "--trace", paramLabel = "WHEN", defaultValue = "on-failure",
      description = "Record a Playwright trace of each run and keep it: on-failure (default), always or off. "
          + "Secrets are stripped; open a kept trace with `browserflow show-trace FILE`.")
  String trace;

  @Option(names = "--screenshots", paramLabel = "WHICH", defaultValue = "failure",
      description = "Screenshots to take: failure (of failed steps, the default) or all (also after every step, "
          + "shown as thumbnails in the --report).")
  String screenshots;

  @Option(names = "--store", paramLabel = "DIR|URL", description = "Keep journals and results of runs in a folder or a "
      + "database (a jdbc: URL: PostgreSQL, or H2 for one machine; user and password from BROWSERFLOW_STORE_USER and "
      + "BROWSERFLOW_STORE_PASSWORD), so runs that died can be listed (browserflow recover) and resumed (browserflow resume).")
  String store;

  @Option(names = "--lease", paramLabel = "SECONDS",
      description = "With a database --store: how long a run stays held after this process last renewed it (default 30); "
          + "when the process dies, other engines see its run for review once the lease ran out.")
  Integer lease;

  @Option(names = "--artifacts", paramLabel = "DIR",
      description = "With a database --store: where screenshots, downloads and traces go (default .browserflow/artifacts).")
  Path artifacts;

  @Option(names = "--workers", paramLabel = "N", defaultValue = "1",
      description = "Run up to N flows at once (1 to 16, default 1), each worker with its own Playwright and browser; "
          + "results and the report keep the files' order. Tests of a Selenium IDE suite run one after another in one "
          + "worker unless the suite is marked parallel.")
  int workers;

  @Option(names = "--shard", paramLabel = "I/N",
      description = "Run only this machine's part of the files: the I-th of N (same files on every machine, in any "
          + "order); merge the machines' --report folders with browserflow merge-reports.")
  String shard;

  @Option(names = "--login", paramLabel = "FILE", description = "A login flow, run once before the first flow: its cookies "
      + "and local storage (kept in memory only, never written anywhere) start every flow's session signed in, in every worker.")
  Path login;

  @Option(names = "--login-check", paramLabel = "FILE", description = "A flow that succeeds only when signed in (with --login), "
      + "run before each flow in the reused state; when it fails, the login flow runs again and the new state is used.")
  Path loginCheck;

  @Option(names = "--require-approval", description = "Run only flows approved in their exact revision: each flow's "
      + "digest must be the one " + io.browserflow.engine.review.Approvals.FILE_NAME + " in its file's folder holds "
      + "(browserflow review FLOW --approve); any other ends REVIEW_REQUIRED (exit 1). Runs isolated: --deny-network strict unless "
      + "--deny-network is given.")
  boolean requireApproval;

  @picocli.CommandLine.Mixin
  ApprovalKeyOption approvalKey = new ApprovalKeyOption();

  @Option(names = "--no-sandbox", description = "With --require-approval: run Chromium without its sandbox, which it "
      + "refuses to start as root (also BROWSERFLOW_NO_SANDBOX=1). Approved replays are sandboxed otherwise.")
  boolean noSandbox;

  @Option(names = "--allow-drift", description = "With --require-approval: run an approved flow although this machine's "
      + "browser, version, viewport, locale or time zone differ from those its approval pinned (ENVIRONMENT_DRIFT otherwise).")
  boolean allowDrift;

  @Option(names = "--receipts", paramLabel = "DIR", description = "Write a receipt per run to DIR/<run id>.receipt.json: "
      + "flow id, revision and digest, the approval and environment it ran under, step states, times and error codes; "
      + "never a value, selector, URL or page text. With --require-approval receipts are always written, by default "
      + "to receipts/ in each flow file's folder.")
  Path receipts;

  @Option(names = "--force",
      description = "Run anyway what is refused for review otherwise (exit 1): files whose conversion is blocked "
          + "(REVIEW_REQUIRED), flows holding a literal secret value (SENSITIVE_VALUE).")
  boolean force;

  /**
   * Runs {@code files} (the tests and suites of {@code .side} projects that {@code filter} picks), or,
   * with {@code resume}, resumes that run of the one file.
   */
  int execute(List<Path> files, String filter, BatchRun.Resume resume, CommandSpec spec) {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (filter != null && files.stream().noneMatch(FlowFiles::isSideProject)) {
      return BrowserflowCommand.usage(err, "--filter picks suites and tests of Selenium IDE projects (.side), and no FILE is one");
    }
    List<FlowFiles.Loaded> loaded = FlowFiles.readForRun(files, FlowJson.reader(), filter == null ? ".*" : filter);
    if (shard != null) {
      Shard part;
      try {
        part = Shard.parse(shard);
      } catch (IllegalArgumentException e) {
        return BrowserflowCommand.usage(err, e.getMessage());
      }
      int units = Shard.units(loaded);
      loaded = part.select(loaded);
      err.println("browserflow: shard " + part + ": " + loaded.size() + " of the flows (" + units + " units in all)");
    }
    boolean invalid = false;
    for (FlowFiles.Loaded l : loaded) {
      l.projectIssues().forEach(i -> err.println(l.file() + ": " + i.describe()));
      if (l.error() != null) {
        FlowFiles.printError(err, l.file(), l.error());
        invalid = true;
      } else if (l.converted()) {
        FlowFiles.printConversion(err, l.label(), l.conversion());
      }
    }
    if (invalid) {
      return BrowserflowCommand.USAGE;
    }
    if (refuseBlocked(loaded, err)) {
      return BrowserflowCommand.FAILED;
    }
    List<Flow> flows = loaded.stream().map(l -> l.flow()).collect(Collectors.toList());
    BatchRun batch = new BatchRun();
    batch.inputs.putAll(inputs);
    if (!secretsInto(batch, err)) {
      return BrowserflowCommand.USAGE;
    }
    batch.headed = launch.headed;
    batch.noSandbox = noSandbox;
    batch.browser = launch.browser;
    batch.connect = connect;
    if (Stream.of(connect, grid, launch.browser).filter(Objects::nonNull).count() > 1) {
      return BrowserflowCommand.usage(err, "use one of --connect, --grid and --browser");
    }
    if (gridCapabilities != null && grid == null) {
      return BrowserflowCommand.usage(err, "--grid-capabilities needs --grid URL");
    }
    if (grid != null) {
      batch.grid = grid;
      if (gridCapabilities != null) {
        try {
          JsonNode caps = new ObjectMapper().readTree(gridCapabilities);
          if (caps == null || !caps.isObject()) {
            throw new IOException("not a JSON object");
          }
          batch.gridCapabilities = new ObjectMapper().convertValue(caps, new TypeReference<Map<String, Object>>() { });
        } catch (IOException e) {
          return BrowserflowCommand.usage(err, "--grid-capabilities must be a JSON object, e.g. "
              + "'{\"browserName\":\"chrome\",\"goog:chromeOptions\":{\"args\":[\"--headless=new\",\"--no-sandbox\"]}}': "
              + e.getMessage().lines().findFirst().orElse(""));
        }
      } else {
        batch.gridCapabilities = PlaywrightDriver.gridCapabilities(!launch.headed);
      }
    }
    if (workers < 1 || workers > 16) {
      return BrowserflowCommand.usage(err, "--workers must be between 1 and 16, was " + workers);
    }
    batch.workers = workers;
    // an approved replay runs isolated (seed 003): network outside the flow's origins denied strictly unless told otherwise
    DenyNetwork deny = denyNetwork == null && requireApproval ? DenyNetwork.strict : denyNetwork;
    batch.denyNetwork = deny != null;
    batch.failOnBlockedRequest = deny == DenyNetwork.strict;
    batch.allowSensitiveValues = force;
    batch.allowEnvironmentDrift = allowDrift;
    switch (screenshots) {
      case "failure" -> batch.screenshotEachStep = false;
      case "all" -> batch.screenshotEachStep = true;
      default -> {
        return BrowserflowCommand.usage(err, "--screenshots must be failure or all, was '" + screenshots + "'");
      }
    }
    switch (trace) {
      case "on-failure" -> batch.trace = TraceMode.ON_FAILURE;
      case "always" -> batch.trace = TraceMode.ALWAYS;
      case "off" -> batch.trace = TraceMode.OFF;
      default -> {
        return BrowserflowCommand.usage(err, "--trace must be on-failure, always or off, was '" + trace + "'");
      }
    }
    if (timeoutMs != null) {
      if (timeoutMs <= 0) {
        return BrowserflowCommand.usage(err, "--timeout must be positive, was " + timeoutMs);
      }
      batch.timeout = java.util.Optional.of(Duration.ofMillis(timeoutMs));
    }
    if (!stepTimeoutInto(batch, err)) {
      return BrowserflowCommand.USAGE;
    }
    if (from != null || until != null) {
      if (resume != null) {
        return BrowserflowCommand.usage(err, "--from and --until do not apply to resume, which goes on where the run stopped");
      }
      batch.replayFrom = java.util.Optional.ofNullable(from);
      batch.replayUntil = java.util.Optional.ofNullable(until);
    }
    try {
      allow.forEach(a -> batch.allowed.add(BatchRun.capability(a)));
    } catch (IllegalArgumentException e) {
      return BrowserflowCommand.usage(err, "--allow " + e.getMessage());
    }
    if (loginCheck != null && login == null) {
      return BrowserflowCommand.usage(err, "--login-check needs --login FILE, the login flow it checks");
    }
    List<Flow> declaring = new ArrayList<>(flows);
    if (login != null) {
      for (Path file : loginCheck == null ? List.of(login) : List.of(login, loginCheck)) {
        FlowFiles.Loaded l = FlowFiles.load(file, FlowJson.reader());
        if (l.error() != null) {
          FlowFiles.printError(err, l.file(), l.error());
          return BrowserflowCommand.USAGE;
        }
        declaring.add(l.flow());
        if (file == login) {
          batch.login = l.flow();
        } else {
          batch.loginCheck = l.flow();
        }
      }
      List<String> needs = batch.unmet(batch.login, serve != null, java.util.Set.of());
      if (!needs.isEmpty()) {
        err.println("browserflow: the login flow " + login + " needs what this command line does not give it:");
        needs.forEach(n -> err.println("  " + n));
        return BrowserflowCommand.USAGE;
      }
    }
    List<String> unknown = batch.undeclared(declaring);
    if (!unknown.isEmpty()) {
      return BrowserflowCommand.usage(err, "no flow declares " + String.join(", ", unknown));
    }
    if (workDir != null) {
      batch.workDir = java.util.Optional.of(workDir.toAbsolutePath().normalize());
    }
    if (flowsDir != null) {
      if (!java.nio.file.Files.isDirectory(flowsDir)) {
        return BrowserflowCommand.usage(err, "--flows " + flowsDir + " is not a folder; give the folder of the *.flow.json files calls name");
      }
      batch.library = io.browserflow.engine.FlowLibrary.directory(flowsDir.toAbsolutePath());
    }
    if (requireApproval && !approvalsInto(batch, loaded, err)) {
      return BrowserflowCommand.USAGE;
    }
    batch.uploadRoots.add(Path.of("").toAbsolutePath());
    files.forEach(f -> batch.uploadRoots.add(f.toAbsolutePath().getParent()));
    uploadRootDirs.forEach(d -> batch.uploadRoots.add(d.toAbsolutePath().normalize()));
    for (String origin : allowOrigins) {
      if (!origin.matches("(?i)[a-z][a-z0-9+.-]*://[^/?#\\s]+")) {
        return BrowserflowCommand.usage(err, "--allow-origin " + origin + " is not an origin; write scheme://host[:port], e.g. http://127.0.0.1:8080");
      }
      batch.allowOrigins.add(origin.replaceAll("/+$", "").toLowerCase(java.util.Locale.ROOT));
    }
    if (useRecordedSecrets) {
      useRecordedSecrets(loaded, batch, err);
    }
    boolean unmet = false;
    java.util.Set<String> stored = new java.util.HashSet<>();
    Object session = null;
    for (int i = 0; i < flows.size(); i++) {
      FlowFiles.Loaded current = loaded.get(i);
      if (current.sharedSession() != session) {
        stored.clear();
        session = current.sharedSession();
      }
      List<String> needs = batch.unmet(flows.get(i), serve != null,
          session == null ? java.util.Set.of() : BatchRun.chained(current.test(), stored));
      if (session != null && current.test() != null) {
        stored.addAll(current.test().exportedVariables().keySet());
      }
      if (!needs.isEmpty()) {
        unmet = true;
        err.println("browserflow: " + loaded.get(i).label() + " needs what this command line does not give it:");
        needs.forEach(n -> err.println("  " + n));
        FlowFiles.Loaded l = loaded.get(i);
        if (!useRecordedSecrets && l.converted() && !l.conversion().recordedSecrets().isEmpty()) {
          err.println("  or replay the passwords the recording holds (" + String.join(", ", l.conversion().recordedSecrets().keys())
              + ") with --use-recorded-secrets");
        }
      }
    }
    if (unmet) {
      return BrowserflowCommand.USAGE;
    }
    if (store != null) {
      try {
        if (lease != null && lease < 1) {
          return BrowserflowCommand.usage(err, "--lease must be at least 1 second, was " + lease);
        }
        batch.store = Stores.open(store, artifacts, batch.env, lease);
      } catch (FlowException e) {
        BatchRun.printFailure(err, e);
        return BrowserflowCommand.USAGE;
      } catch (IllegalArgumentException e) {
        return BrowserflowCommand.usage(err, e.getMessage());
      }
    } else if (resume != null) {
      return BrowserflowCommand.usage(err, "resume needs --store DIR|URL, the run store holding the run");
    }
    batch.resume = resume;
    LocalSite server = null;
    try {
      if (serve != null) {
        server = serve(serve);
        batch.serverUrl = java.util.Optional.of(server.url());
        if (!json) {
          out.println("serving " + serveDir(serve) + " at " + server.url());
        }
      }
      Progress progress = json ? null : new Progress(out, System.console() != null && workers == 1, workers > 1);
      List<RunResult> results = batch.runPlanned(loaded.stream()
          .map(l -> new BatchRun.Planned(l.flow(), l.test(), l.sharedSession(), l.suite())).collect(Collectors.toList()), progress, err);
      if (json) {
        out.println(results.stream().map(RunResult::toJson).collect(Collectors.joining(",\n", "[\n", "\n]")));
      } else if (results.size() > 1) {
        BatchRun.summary(out, results);
      }
      if (login != null) {
        (json ? err : out).println("signed in " + batch.signIns() + (batch.signIns() == 1 ? " time" : " times") + " with " + login);
      }
      if (receipts != null || requireApproval) {
        // an approved replay always leaves its receipt (seed 003); --receipts names the folder
        java.util.Set<Path> folders = new java.util.LinkedHashSet<>();
        for (int i = 0; i < results.size(); i++) {
          RunResult r = results.get(i);
          Flow flow = loaded.get(i).flow();
          Path folder = receipts != null ? receipts
              : loaded.get(i).file().toAbsolutePath().normalize().resolveSibling("receipts");
          FlowFiles.write(folder.resolve(r.runId() + ".receipt.json"), io.browserflow.engine.review.Receipt.of(r,
              batch.approvals == null ? java.util.Optional.empty() : batch.approvals.approval(flow.id()), flow.version()));
          folders.add(folder.toAbsolutePath());
        }
        folders.forEach(f -> (json ? err : out).println("receipts: " + f));
      }
      if (report != null) {
        Path index = BatchReport.write(report, results, batch.store);
        (json ? err : out).println("report: " + index.toAbsolutePath());
      }
      out.flush();
      if (resume != null && resume.decision() == io.browserflow.engine.ResumeDecision.CANCEL
          && results.stream().allMatch(r -> r.status() == io.browserflow.engine.RunStatus.CANCELLED)) {
        return BrowserflowCommand.OK;
      }
      return BatchRun.exitCode(results);
    } catch (FlowException e) {
      if (resume != null && Stores.REFUSALS.contains(e.code())) {
        Stores.printRefusal(err, e);
        return BrowserflowCommand.FAILED;
      }
      BatchRun.printFailure(err, e);
      return BrowserflowCommand.USAGE;
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      return BrowserflowCommand.usage(err, e.getMessage());
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "cannot write --receipts " + receipts + ": " + e.getMessage());
    } finally {
      if (server != null) {
        server.close();
      }
      Stores.close(batch.store);
    }
  }

  /** Hands the recorded secret values of converted files to the batch, with a warning naming their keys (never values). */
  private static void useRecordedSecrets(List<FlowFiles.Loaded> loaded, BatchRun batch, PrintWriter err) {
    for (FlowFiles.Loaded l : loaded) {
      if (!l.converted() || l.conversion().recordedSecrets().isEmpty()) {
        continue;
      }
      batch.recordedSecrets.put(l.flow(), l.conversion().recordedSecrets());
      List<String> used = l.conversion().recordedSecrets().keys().stream()
          .filter(k -> batch.givenCredential(k).isEmpty()).collect(Collectors.toList());
      if (!used.isEmpty()) {
        err.println("browserflow: warning: " + l.label() + ": replaying the password" + (used.size() == 1 ? "" : "s")
            + " the recording holds for " + String.join(", ", used) + " (--use-recorded-secrets): kept in memory for this run "
            + "only; the recording file itself still holds them, keep it out of version control or give them with --credential");
      }
    }
  }

  /**
   * A converted file with blocking issues cannot run as converted: refused before the browser starts
   * (exit 1, like the engine's own REVIEW_REQUIRED), unless --force.
   */
  private boolean refuseBlocked(List<FlowFiles.Loaded> loaded, PrintWriter err) {
    boolean refused = false;
    for (FlowFiles.Loaded l : loaded) {
      if (!l.blocked()) {
        continue;
      }
      int n = l.conversion().blockingIssues().size();
      String issues = n + (n == 1 ? " blocking issue" : " blocking issues");
      if (force) {
        err.println(l.label() + ": running despite " + issues + " (--force)");
      } else {
        err.println(l.label() + ": " + ErrorCode.REVIEW_REQUIRED + ": converted from " + l.conversion().from().id() + " with "
            + issues + "; fix them in the file (or in the output of 'browserflow convert " + l.file()
            + " --to flow'), or pass --force to run it anyway");
        refused = true;
      }
    }
    return refused;
  }

  private static String serveDir(String spec) {
    int colon = spec.lastIndexOf(':');
    return colon > 0 && spec.substring(colon + 1).matches("\\d+") ? spec.substring(0, colon) : spec;
  }

  static LocalSite serve(String spec) {
    int colon = spec.lastIndexOf(':');
    int port = 0;
    String dir = spec;
    if (colon > 0 && spec.substring(colon + 1).matches("\\d+")) {
      port = Integer.parseInt(spec.substring(colon + 1));
      dir = spec.substring(0, colon);
    }
    Path root = Path.of(dir);
    if (!java.nio.file.Files.isDirectory(root)) {
      throw new IllegalArgumentException("--serve " + dir + " is not a directory");
    }
    return LocalSite.directory(root, port);
  }

  /**
   * {@code --credential}, {@code --credentials-env} and {@code --credential-env} into {@code batch};
   * false on a usage error, said on {@code err}.
   */
  /**
   * --require-approval: each flow is checked against the approvals file of its own folder, the library
   * flows it calls against the --flows folder's; every approval signed with the approval key.
   */
  private boolean approvalsInto(BatchRun batch, List<FlowFiles.Loaded> loaded, PrintWriter err) {
    // each flow is checked against the approvals file of its own folder
    io.browserflow.engine.review.Approvals mine = io.browserflow.engine.review.Approvals.create();
    Map<String, Path> approvedFrom = new LinkedHashMap<>();
    for (FlowFiles.Loaded l : loaded) {
      Path approvalsFile = l.file().toAbsolutePath().getParent().resolve(io.browserflow.engine.review.Approvals.FILE_NAME);
      io.browserflow.engine.review.Approvals folder;
      try {
        folder = approvalKey.read(approvalsFile.getParent());
      } catch (FlowException e) {
        FlowFiles.printError(err, approvalsFile, e);
        return false;
      }
      Path earlier = approvedFrom.putIfAbsent(l.flow().id(), approvalsFile);
      if (earlier != null && !earlier.equals(approvalsFile)) {
        err.println("browserflow: --require-approval: flows with the id " + l.flow().id() + " come from two folders ("
            + earlier.getParent() + ", " + approvalsFile.getParent() + "); run each folder's flows on their own");
        return false;
      }
      mine = mine.with(folder.only(l.flow().id()));
    }
    if (flowsDir != null) {
      // the library flows the run calls are approved in their own folder
      try {
        io.browserflow.engine.review.Approvals library = approvalKey.read(flowsDir.toAbsolutePath());
        mine = library.with(mine);
      } catch (FlowException e) {
        FlowFiles.printError(err, flowsDir.toAbsolutePath().resolve(io.browserflow.engine.review.Approvals.FILE_NAME), e);
        return false;
      }
    }
    batch.approvals = mine;
    return true;
  }

  private boolean secretsInto(BatchRun batch, PrintWriter err) {
    for (String pair : credentials) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        err.println("browserflow: --credential needs KEY=VALUE" + (eq == 0 ? " with a KEY" : "")
            + " (the value given is not shown)");
        return false;
      }
      batch.credentials.put(pair.substring(0, eq), pair.substring(eq + 1));
    }
    batch.credentialsFromEnv = credentialsEnv;
    for (String pair : credentialEnv) {
      int eq = pair.indexOf('=');
      if (eq <= 0 || eq == pair.length() - 1) {
        err.println("browserflow: --credential-env needs KEY=VARIABLE, was '" + pair + "'");
        return false;
      }
      batch.credentialVariables.put(pair.substring(0, eq), pair.substring(eq + 1));
    }
    return true;
  }

  /** {@code --step-timeout} into {@code batch}'s limits; false when out of range (said on {@code err}). */
  private boolean stepTimeoutInto(BatchRun batch, PrintWriter err) {
    if (stepTimeoutMs != null) {
      FlowLimits limits = FlowLimits.defaults();
      if (stepTimeoutMs < limits.minStepTimeoutMs() || stepTimeoutMs > limits.maxStepTimeoutMs()) {
        err.println("browserflow: --step-timeout must be " + limits.minStepTimeoutMs() + " to " + limits.maxStepTimeoutMs()
            + " ms, was " + stepTimeoutMs);
        return false;
      }
      batch.limits = limits.toBuilder().stepTimeoutMs(limits.minStepTimeoutMs(), stepTimeoutMs, limits.maxStepTimeoutMs()).build();
    }
    return true;
  }
}
