package io.browserflow.engine;

import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.OnError;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowValidator;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.engine.spi.TargetException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/** One run of one flow: preflight, the step interpreter, journaling and the result. */
final class Execution {
  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");
  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

  private final DefaultFlowEngine engine;
  private final Flow flow;
  private final Inputs inputs;
  private final RunOptions options;
  final String runId;
  private final Instant startedAt;
  private final long startNanos;
  private final Bindings bindings;
  private final Redactor redactor;
  private final List<StepResult> results = Collections.synchronizedList(new ArrayList<>());
  private final AtomicLong seq = new AtomicLong();
  final RunControl control = new RunControl();
  private final Set<String> allowedOrigins = new LinkedHashSet<>();
  private final List<Target> masks = Collections.synchronizedList(new ArrayList<>());
  private final ResumePlan plan;
  private String digest;
  private long deadlineNanos = Long.MAX_VALUE;
  private Path artifacts;
  private DriverSession session;

  /** Unwinds the interpreter when a step failure stops the run. */
  private static final class StopRun extends RuntimeException {
    final FlowException cause;
    final String path;

    StopRun(FlowException cause, String path) {
      super(cause.getMessage(), null, false, false);
      this.cause = cause;
      this.path = path;
    }
  }

  /** Unwinds the interpreter on cancel. */
  private static final class Cancelled extends RuntimeException {
    Cancelled() {
      super("cancelled", null, false, false);
    }
  }

  /** Where a piece of the flow runs: a session and the bindings with its loop stack. */
  private final class Lane {
    final DriverSession session;
    final Bindings bindings;
    final StepBinder binder;

    Lane(DriverSession session, Bindings bindings) {
      this.session = session;
      this.bindings = bindings;
      this.binder = new StepBinder(bindings);
    }
  }

  Execution(DefaultFlowEngine engine, Flow flow, Inputs inputs, RunOptions options, String runId, ResumePlan plan) {
    this.engine = engine;
    this.flow = flow;
    this.inputs = inputs;
    this.options = options;
    this.runId = runId;
    this.plan = plan;
    this.startedAt = engine.clock.instant();
    this.startNanos = System.nanoTime();
    this.bindings = new Bindings(flow, inputs);
    Set<String> secrets = new HashSet<>();
    for (Credential c : flow.credentials()) {
      if (c.secret() && inputs.credentials().containsKey(c.key())) {
        secrets.add(inputs.credentials().get(c.key()));
      }
    }
    this.redactor = new Redactor(secrets);
  }

  // =================================================================== the run

  RunResult run() {
    Optional<FlowException> refusal = preflight();
    if (refusal.isPresent()) {
      return finish(RunStatus.FAILED, refusal.get(), "");
    }
    options.timeBudget().ifPresent(b -> deadlineNanos = startNanos + b.toNanos());
    engine.notify(l -> l.runStarted(runId, flow));
    RunStatus status = RunStatus.SUCCEEDED;
    FlowException error = null;
    String errorPath = null;
    try {
      journal(JournalEntry.builder().type(JournalEntry.Type.RUN_STARTED).flowId(flow.id()).flowDigest(digest), true);
      artifacts = engine.store.artifactsDir(runId, flow.id());
      session = engine.driver.openSession(SessionOptions.builder()
          .viewportWidth(options.viewportWidth()).viewportHeight(options.viewportHeight())
          .artifactsDir(artifacts).denyNetwork(options.denyNetwork()).allowedOrigins(allowedOrigins)
          .trace(options.traceOnFailure()).build());
      if (plan != null && plan.decision == ResumeDecision.CANCEL) {
        journal(JournalEntry.builder().type(JournalEntry.Type.DECISION).decision(ResumeDecision.CANCEL), true);
        throw new Cancelled();
      }
      runSteps(flow.steps(), "steps", new Lane(session, bindings));
    } catch (StopRun stop) {
      status = RunStatus.FAILED;
      error = stop.cause;
      errorPath = stop.path;
    } catch (Cancelled c) {
      status = RunStatus.CANCELLED;
      error = new FlowRunException(ErrorCode.ACTION_FAILED, "the run was cancelled");
    } catch (FlowException e) {
      status = RunStatus.FAILED;
      error = e;
      errorPath = "";
    } catch (RuntimeException e) {
      status = RunStatus.FAILED;
      error = new FlowRunException(ErrorCode.ACTION_FAILED, "unexpected " + e.getClass().getSimpleName() + ": " + e.getMessage());
      errorPath = "";
    } finally {
      if (session != null) {
        try {
          session.close();
        } catch (RuntimeException ignored) {
          // closing a broken session must not hide the run's outcome
        }
      }
    }
    return finish(status, error, errorPath);
  }

  private RunResult finish(RunStatus status, FlowException error, String errorPath) {
    RunResult.Builder b = RunResult.builder()
        .runId(runId).flowId(flow.id()).flowName(flow.name())
        .flowDigest(digest == null ? "" : digest)
        .status(status).startedAt(startedAt)
        .tookMs((System.nanoTime() - startNanos) / 1_000_000)
        .steps(new ArrayList<>(results))
        .outputs(redactAll(bindings.snapshot()));
    if (session != null) {
      try {
        b.blockedRequests(session.blockedRequests());
      } catch (RuntimeException ignored) {
        // the session may be gone already
      }
    }
    if (error != null) {
      b.errorCode(error.code()).errorMessage(redactor.redact(error.getMessage()));
      if (errorPath != null && status == RunStatus.FAILED) {
        b.errorPath(errorPath);
      }
    }
    RunResult result = b.build();
    if (digest != null) {
      try {
        journal(JournalEntry.builder().type(JournalEntry.Type.RUN_FINISHED).status(status), true);
      } catch (FlowException ignored) {
        // the result below still tries to record the outcome
      }
    }
    engine.store.finish(result);
    engine.notify(l -> l.runFinished(result));
    return result;
  }

  private Map<String, String> redactAll(Map<String, String> values) {
    Map<String, String> out = new LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, redactor.redact(v)));
    return out;
  }

  // =================================================================== preflight

  private Optional<FlowException> preflight() {
    List<Problem> problems = FlowValidator.of(engine.limits).validate(flow);
    if (!problems.isEmpty()) {
      return Optional.of(new FlowValidationException(problems));
    }
    digest = FlowJson.digest(flow);
    Optional<FlowException> inputProblem = checkInputs();
    if (inputProblem.isPresent()) {
      return inputProblem;
    }
    FlowReview review = FlowReview.of(flow);
    for (Capability gated : List.of(Capability.SCRIPT_EVAL, Capability.FILE_UPLOAD)) {
      if (review.capabilities().contains(gated) && !options.allowed().contains(gated)) {
        return Optional.of(new FlowRunException(ErrorCode.CAPABILITY_DENIED, "the flow needs " + gated.id()
            + " and this run does not allow it; allow it with RunOptions.builder().allow(Capability."
            + gated.name() + ")"));
      }
    }
    if (engine.approvals != null) {
      Optional<String> approved = engine.approvals.approvedDigest(flow.id());
      if (approved.isEmpty()) {
        return Optional.of(new FlowRunException(ErrorCode.REVIEW_REQUIRED, "flow " + flow.id()
            + " (digest " + digest + ") was never approved; review FlowReview.of(flow) and approve it"));
      }
      if (!approved.get().equals(digest)) {
        return Optional.of(new FlowRunException(ErrorCode.REVIEW_REQUIRED, "flow " + flow.id()
            + " changed since its approval (approved " + approved.get() + ", now " + digest + "); review it again"));
      }
    }
    collectAllowedOrigins(review);
    return Optional.empty();
  }

  private Optional<FlowException> checkInputs() {
    List<String> missing = new ArrayList<>();
    List<String> invalid = new ArrayList<>();
    Set<String> declared = new HashSet<>();
    for (io.browserflow.api.Input input : flow.inputs()) {
      declared.add(input.key());
      String value = bindings.inputValues().get(input.key());
      if (value == null) {
        if (input.required()) {
          missing.add("input " + input.key());
        }
        continue;
      }
      inputError(input, value).ifPresent(invalid::add);
    }
    inputs.inputs().keySet().stream().filter(k -> !declared.contains(k))
        .forEach(k -> invalid.add("input " + k + " is not declared by the flow"));
    Set<String> declaredCredentials = new HashSet<>();
    for (Credential c : flow.credentials()) {
      declaredCredentials.add(c.key());
      if (c.required() && !inputs.credentials().containsKey(c.key())) {
        missing.add("credential " + c.key());
      }
    }
    inputs.credentials().keySet().stream().filter(k -> !declaredCredentials.contains(k))
        .forEach(k -> invalid.add("credential " + k + " is not declared by the flow"));
    if (!missing.isEmpty()) {
      return Optional.of(new FlowRunException(ErrorCode.INPUT_MISSING, "missing " + String.join(", ", missing)
          + "; supply them with Inputs.builder().input(...)/.credential(...)", Map.of("missing", String.join(",", missing))));
    }
    if (!invalid.isEmpty()) {
      return Optional.of(new FlowRunException(ErrorCode.INPUT_INVALID, String.join("; ", invalid)));
    }
    return Optional.empty();
  }

  private static Optional<String> inputError(io.browserflow.api.Input input, String value) {
    String key = "input " + input.key();
    Optional<String> typeError = switch (input.type()) {
      case TEXT -> Optional.empty();
      case NUMBER -> NUMBER.matcher(value).matches() ? Optional.empty()
          : Optional.of(key + " must be a number, was \"" + value + "\"");
      case BOOLEAN -> value.equals("true") || value.equals("false") ? Optional.empty()
          : Optional.of(key + " must be true or false, was \"" + value + "\"");
      case DATE -> DATE.matcher(value).matches() ? Optional.empty()
          : Optional.of(key + " must be a date yyyy-MM-dd, was \"" + value + "\"");
      case URL -> value.startsWith("http://") || value.startsWith("https://") ? Optional.empty()
          : Optional.of(key + " must be an http(s) URL, was \"" + value + "\"");
      case SELECT -> input.options().contains(value) ? Optional.empty()
          : Optional.of(key + " must be one of " + input.options() + ", was \"" + value + "\"");
    };
    if (typeError.isPresent()) {
      return typeError;
    }
    if (input.pattern().isPresent() && !Pattern.compile(input.pattern().get()).matcher(value).matches()) {
      return Optional.of(key + " does not match the pattern " + input.pattern().get());
    }
    return Optional.empty();
  }

  private void collectAllowedOrigins(FlowReview review) {
    allowedOrigins.addAll(review.origins());
    options.allowOrigins().forEach(allowedOrigins::add);
    // URLs bound to inputs and credentials (e.g. ${credential.BASE_URL}/login) are the flow's own too
    StepBinder binder = new StepBinder(bindings);
    collectBoundOrigins(flow.steps(), binder);
    flow.tabs().forEach(t -> t.url().ifPresent(u -> boundOrigin(u, binder)));
  }

  private void collectBoundOrigins(List<Step> steps, StepBinder binder) {
    for (Step s : steps) {
      Walk.url(s).ifPresent(u -> boundOrigin(u, binder));
      Walk.children(s).forEach(body -> collectBoundOrigins(body, binder));
    }
  }

  private void boundOrigin(String url, StepBinder binder) {
    try {
      FlowReview.origin(binder.s(url)).ifPresent(allowedOrigins::add);
    } catch (FlowRunException notBindableYet) {
      // depends on run-time values (steps, vars, loops): not a declared origin
    }
  }

  private void checkOrigin(String url, String what) {
    if (allowedOrigins.isEmpty() || url.equals("about:blank")) {
      return;
    }
    Optional<String> origin = FlowReview.origin(url);
    String scheme = url.contains(":") ? url.substring(0, url.indexOf(':') + 1) : "";
    boolean relative = !url.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*");
    if (relative) {
      return;
    }
    if (origin.isPresent() ? !allowedOrigins.contains(origin.get()) : !allowedOrigins.contains(scheme + "//")) {
      throw new FlowRunException(ErrorCode.ORIGIN_DENIED, what + " " + origin.orElse(scheme)
          + " is outside the allowed origins " + allowedOrigins
          + "; add it to the flow's policy.allowedOrigins or RunOptions.allowOrigins");
    }
  }

  // =================================================================== the interpreter

  private void runSteps(List<Step> steps, String base, Lane lane) {
    for (int i = 0; i < steps.size(); i++) {
      runStep(steps.get(i), base + "[" + i + "]", lane);
    }
  }

  private void runStep(Step step, String path, Lane lane) {
    checkpoint();
    if (step.disabled()) {
      record(lane, step, path, StepState.SKIPPED, 0, 0, null, null, List.of(), "disabled");
      return;
    }
    step.accept(new ControlBodies(path, lane)).ifPresentOrElse(body -> runControl(step, path, lane, body),
        () -> runLeaf(step, path, lane));
  }

  /** Result of dispatching one leaf step. */
  private static final class Outcome {
    Resolution resolution;
    /** The action may have navigated the page (clicks, key presses, history): its origin is checked after the step. */
    boolean mayNavigate;
    final Map<String, Object> outputs = new LinkedHashMap<>();
    final List<String> artifacts = new ArrayList<>();
  }

  private void runLeaf(Step step, String path, Lane lane) {
    Optional<String> iteration = lane.bindings.iteration();
    String key = path + "#" + iteration.orElse("");
    long started = System.nanoTime();
    if (plan != null && plan.verified.containsKey(key) && !Walk.isContext(step)) {
      JournalEntry done = plan.verified.get(key);
      done.outputs().forEach((k, v) -> restore(lane, k, v));
      record(lane, step, path, StepState.VERIFIED, 1, 0, null, null, List.of(),
          "verified before the interruption; not replayed");
      return;
    }
    int attempts = 1 + step.retry().map(r -> r.count()).orElse(step.onError().kind() == OnError.Kind.RETRY ? 1 : 0);
    engine.notify(l -> l.stepStarted(runId, path, step.id(), iteration.orElse(null)));
    journalStep(step, path, iteration, StepState.PREPARED, 1, null, null, false);
    FlowException last = null;
    Outcome outcome = null;
    int attempt = 1;
    for (; attempt <= attempts; attempt++) {
      try {
        if (plan != null && key.equals(plan.pendingKey) && plan.decision != ResumeDecision.RETRY) {
          outcome = settlePending(step, path, lane, iteration);
        } else {
          outcome = dispatch(step, path, lane, iteration, attempt);
        }
        last = null;
        break;
      } catch (Cancelled | StopRun e) {
        throw e;
      } catch (FlowException e) {
        last = e;
      } catch (RuntimeException e) {
        last = new FlowRunException(ErrorCode.ACTION_FAILED, e.getClass().getSimpleName() + ": " + e.getMessage());
      }
      if (attempt < attempts) {
        int retry = attempt;
        long wait = step.retry().map(r -> r.delayBefore(retry)).orElse(500L);
        String reason = redactor.redact(last.code() + ": " + last.getMessage());
        int next = attempt + 1;
        engine.notify(l -> l.stepRetrying(runId, path, step.id(), next, wait, reason));
        journalStep(step, path, iteration, StepState.PREPARED, next, last.code(), reason, false);
        sleep(Math.min(wait, remainingMs()));
        checkpoint();
      }
    }
    long took = (System.nanoTime() - started) / 1_000_000;
    int used = Math.min(attempt, attempts);
    if (last == null) {
      record(lane, step, path, StepState.VERIFIED, used, took, outcome.resolution, null, outcome.artifacts, null);
      return;
    }
    List<String> artifacts = failureArtifacts(step, lane, iteration);
    journalStep(step, path, iteration, StepState.FAILED, used, last.code(), last.getMessage(), true);
    Resolution resolution = last instanceof TargetException ? ((TargetException) last).resolution() : null;
    boolean fallback = step.onError().kind() == OnError.Kind.FALLBACK;
    record(lane, step, path, StepState.FAILED, used, took, resolution, last, artifacts, null, fallback);
    afterFailure(step, path, lane, last);
  }

  /** What a failed step's onError does once the failure is recorded: go on, run the fallback, or stop the run. */
  private void afterFailure(Step step, String path, Lane lane, FlowException failure) {
    Runnable reaction = switch (step.onError().kind()) {
      case CONTINUE -> () -> { };
      case FALLBACK -> () -> runSteps(step.onError().fallback(), path + ".onError.fallback", lane);
      case STOP, RETRY -> () -> { // RETRY: the retries are spent
        throw new StopRun(failure, path);
      };
    };
    reaction.run();
  }

  private Outcome settlePending(Step step, String path, Lane lane, Optional<String> iteration) {
    journal(JournalEntry.builder().type(JournalEntry.Type.DECISION).decision(plan.decision).path(path)
        .stepId(step.id()).iteration(iteration), true);
    Outcome outcome = new Outcome();
    if (plan.decision == ResumeDecision.CONFIRM) {
      journalVerified(step, path, iteration, 1, JournalEntry.Evidence.USER, Map.of());
      return outcome;
    }
    // VERIFY: re-check the step's post-conditions on the page; nothing to check means nothing to verify
    if (step.expect().isEmpty()) {
      throw new FlowRunException(ErrorCode.CHECK_FAILED, "step " + step.id()
          + " has no expect condition, so its interrupted action cannot be verified; resume with CONFIRM, RETRY or CANCEL");
    }
    journalStep(step, path, iteration, StepState.CHECKING, 1, null, null, false);
    for (Condition c : step.expect()) {
      awaitCondition(c, lane, timeoutFor(step));
    }
    journalVerified(step, path, iteration, 1, JournalEntry.Evidence.CHECK, Map.of());
    return outcome;
  }

  private void restore(Lane lane, String key, String value) {
    if (key.startsWith("vars.")) {
      lane.bindings.setVar(key.substring(5), value);
    } else if (key.startsWith("steps.")) {
      int dot = key.lastIndexOf('.');
      lane.bindings.setOutput(key.substring(6, dot), key.substring(dot + 1), value);
    }
  }

  private Outcome dispatch(Step step, String path, Lane lane, Optional<String> iteration, int attempt) {
    Duration timeout = timeoutFor(step);
    Step bound = lane.binder.step(step);
    journalStep(step, path, iteration, StepState.DISPATCHING, attempt, null, null, true);
    Outcome outcome = act(bound, lane, timeout, iteration);
    journalStep(step, path, iteration, StepState.CHECKING, attempt, null, null, false);
    for (Condition c : step.expect()) {
      awaitCondition(c, lane, timeout);
    }
    if (outcome.mayNavigate) {
      checkOrigin(lane.session.currentUrl(), "the page");
    }
    Map<String, String> journaled = new LinkedHashMap<>();
    outcome.outputs.forEach((k, v) -> {
      if (k.startsWith("vars.")) {
        lane.bindings.setVar(k.substring(5), v);
      } else {
        lane.bindings.setOutput(step.id(), k, v);
      }
      journaled.put(k.startsWith("vars.") ? k : "steps." + step.id() + "." + k, redactor.redact(Bindings.text(v)));
    });
    journalVerified(step, path, iteration, attempt,
        step.expect().isEmpty() ? JournalEntry.Evidence.ACK : JournalEntry.Evidence.CHECK, journaled);
    return outcome;
  }

  private Outcome act(Step s, Lane lane, Duration timeout, Optional<String> iteration) {
    return s.accept(new Act(lane, timeout, iteration));
  }

  /** Performs one bound leaf step on the lane's page: the per-kind dispatch to the driver. */
  private final class Act implements StepVisitor<Outcome> {
    private final Lane lane;
    private final DriverSession page;
    private final Duration timeout;
    private final Optional<String> iteration;
    private final Outcome out = new Outcome();

    Act(Lane lane, Duration timeout, Optional<String> iteration) {
      this.lane = lane;
      this.page = lane.session;
      this.timeout = timeout;
      this.iteration = iteration;
    }

    /** An interaction the driver performs. */
    private Outcome perform(Step s) {
      ActionResult result = page.perform(s, timeout);
      out.resolution = result.resolution().orElse(null);
      return out;
    }

    /** An interaction that may navigate the page, so the page's origin is checked after the step. */
    private Outcome performNavigating(Step s) {
      out.mayNavigate = true;
      return perform(s);
    }

    @Override
    public Outcome visitOpen(Step.Open o) {
      checkOrigin(o.url(), "opening");
      if (o.tab().isPresent()) {
        if (page.state().tabs().contains(o.tab().get())) {
          page.switchTab(o.tab().get());
          page.open(o.url(), timeout);
        } else {
          page.newTab(o.tab().get(), Optional.of(o.url()), timeout);
        }
      } else {
        page.open(o.url(), timeout);
      }
      return out;
    }

    @Override
    public Outcome visitNavigate(Step.Navigate n) {
      checkOrigin(n.url(), "navigating to");
      page.navigate(n.url(), timeout);
      return out;
    }

    @Override
    public Outcome visitBack(Step.Back s) {
      out.mayNavigate = true;
      page.back(timeout);
      return out;
    }

    @Override
    public Outcome visitForward(Step.Forward s) {
      out.mayNavigate = true;
      page.forward(timeout);
      return out;
    }

    @Override
    public Outcome visitReload(Step.Reload s) {
      page.reload(timeout);
      return out;
    }

    @Override
    public Outcome visitTabNew(Step.TabNew t) {
      t.url().ifPresent(u -> checkOrigin(u, "opening"));
      page.newTab(t.alias(), t.url(), timeout);
      return out;
    }

    @Override
    public Outcome visitTabSwitch(Step.TabSwitch t) {
      page.switchTab(t.alias());
      return out;
    }

    @Override
    public Outcome visitTabClose(Step.TabClose t) {
      page.closeTab(t.alias());
      return out;
    }

    @Override
    public Outcome visitFrame(Step.Frame f) {
      page.enterFrame(f.locator(), timeout);
      return out;
    }

    @Override
    public Outcome visitFrameMain(Step.FrameMain f) {
      page.mainFrame();
      return out;
    }

    @Override
    public Outcome visitSetViewport(Step.SetViewport v) {
      page.setViewport(v.width(), v.height());
      return out;
    }

    @Override public Outcome visitClick(Step.Click s) { return performNavigating(s); }
    @Override public Outcome visitDblclick(Step.Dblclick s) { return performNavigating(s); }
    @Override public Outcome visitPress(Step.Press s) { return performNavigating(s); }
    @Override public Outcome visitContextmenu(Step.Contextmenu s) { return perform(s); }
    @Override public Outcome visitHover(Step.Hover s) { return perform(s); }
    @Override public Outcome visitSelect(Step.Select s) { return perform(s); }
    @Override public Outcome visitCheck(Step.Check s) { return perform(s); }
    @Override public Outcome visitUncheck(Step.Uncheck s) { return perform(s); }
    @Override public Outcome visitToggle(Step.Toggle s) { return perform(s); }
    @Override public Outcome visitScroll(Step.Scroll s) { return perform(s); }
    @Override public Outcome visitDrag(Step.Drag s) { return perform(s); }

    @Override
    public Outcome visitFill(Step.Fill f) {
      perform(f);
      if (redactor.containsSecret(f.value())) {
        masks.add(f.target());
      }
      return out;
    }

    @Override
    public Outcome visitType(Step.Type t) {
      perform(t);
      if (redactor.containsSecret(t.text())) {
        t.target().ifPresent(masks::add);
      }
      return out;
    }

    @Override
    public Outcome visitUpload(Step.Upload u) {
      checkUpload(u);
      return perform(u);
    }

    @Override
    public Outcome visitWait(Step.Wait w) {
      if (w.ms().isPresent()) {
        page.pause(Duration.ofMillis(Math.min(w.ms().getAsInt(), remainingMs())));
      } else {
        awaitCondition(w.until().get(), lane, timeout);
      }
      return out;
    }

    @Override
    public Outcome visitAssert(Step.Assert a) {
      awaitCondition(a.condition(), lane, timeout);
      return out;
    }

    @Override
    public Outcome visitRead(Step.Read r) {
      ReadResult read = page.read(r.target(), r.what(), r.attribute(), timeout);
      out.resolution = read.resolution();
      out.outputs.put(r.what().name().toLowerCase(java.util.Locale.ROOT), read.value());
      return out;
    }

    @Override
    public Outcome visitScrape(Step.Scrape r) {
      int limit = Math.min(r.limit().orElse(engine.limits.maxScrapeRows()), engine.limits.maxScrapeRows());
      ScrapeResult scraped = page.scrape(r.target(), r.mode(), r.attributes(), limit, timeout);
      out.resolution = scraped.resolution();
      out.outputs.put("items", scraped.items());
      out.outputs.put("count", String.valueOf(scraped.items().size()));
      return out;
    }

    @Override
    public Outcome visitSetVar(Step.SetVar v) {
      out.outputs.put("vars." + v.name(), lane.bindings.resolveValue(v.value()));
      return out;
    }

    @Override
    public Outcome visitEval(Step.Eval e) {
      out.outputs.put("result", page.eval(e.script(), timeout));
      return out;
    }

    @Override
    public Outcome visitScreenshot(Step.Screenshot shot) {
      String name = shot.name().orElse(shot.id() + iteration.map(i -> "-" + i.replace('/', '_')).orElse("") + ".png");
      Path file = page.screenshot(ScreenshotRequest.builder().file(artifacts.resolve(name)).target(shot.target())
          .fullPage(shot.fullPage()).mask(new ArrayList<>(masks)).build());
      out.outputs.put("path", file.toString());
      out.artifacts.add(file.toString());
      return out;
    }

    @Override
    public Outcome visitCsvImport(Step.CsvImport c) {
      List<Map<String, String>> rows = CsvFiles.read(workPath(c.path()));
      out.outputs.put("items", rows);
      out.outputs.put("count", String.valueOf(rows.size()));
      return out;
    }

    @Override
    public Outcome visitCsvExport(Step.CsvExport e) {
      Path file = workPath(e.path());
      CsvFiles.write(file, rows(lane.bindings.resolveValue(e.source()), "csvExport source"));
      out.outputs.put("path", file.toString());
      out.artifacts.add(file.toString());
      return out;
    }

    @Override
    public Outcome visitManual(Step.Manual m) {
      engine.manualStepHandler.perform(m.id(), m.instructions(), page);
      return out;
    }

    // control steps never get here: runStep hands them to runControl
    @Override public Outcome visitForeach(Step.Foreach s) { throw notLeaf(s); }
    @Override public Outcome visitRepeat(Step.Repeat s) { throw notLeaf(s); }
    @Override public Outcome visitIf(Step.If s) { throw notLeaf(s); }
    @Override public Outcome visitWhile(Step.While s) { throw notLeaf(s); }
    @Override public Outcome visitPaginate(Step.Paginate s) { throw notLeaf(s); }

    private IllegalStateException notLeaf(Step s) {
      return new IllegalStateException(s.kind().op() + " step " + s.id() + " is control flow, not an action");
    }
  }

  private void checkUpload(Step.Upload upload) {
    for (String file : upload.files()) {
      Path p = Path.of(file).toAbsolutePath().normalize();
      if (engine.uploadRoots.stream().noneMatch(p::startsWith)) {
        throw new FlowRunException(ErrorCode.CAPABILITY_DENIED, "upload of " + p + " is outside the upload roots "
            + engine.uploadRoots + "; configure FlowEngine.builder().uploadRoots(...)");
      }
    }
  }

  private Path workPath(String path) {
    Path p = Path.of(path);
    return p.isAbsolute() ? p : options.workDir().orElse(Path.of("")).resolve(p).toAbsolutePath();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, String>> rows(Object value, String what) {
    if (value instanceof List) {
      List<Map<String, String>> rows = new ArrayList<>();
      for (Object o : (List<Object>) value) {
        if (o instanceof Map) {
          Map<String, String> row = new LinkedHashMap<>();
          ((Map<Object, Object>) o).forEach((k, v) -> row.put(String.valueOf(k), Bindings.text(v)));
          rows.add(row);
        } else {
          rows.add(Map.of("item", Bindings.text(o)));
        }
      }
      return rows;
    }
    throw new FlowRunException(ErrorCode.BINDING_UNRESOLVED, what + " is not a list of items");
  }

  // ------------------------------------------------------------------- conditions

  private void awaitCondition(Condition c, Lane lane, Duration timeout) {
    if (Walk.usesVar(c)) {
      if (!testCondition(c, lane)) {
        throw new FlowRunException(ErrorCode.CHECK_FAILED, "condition does not hold: " + Walk.describe(c));
      }
      return;
    }
    try {
      lane.session.await(lane.binder.condition(c), timeout);
    } catch (FlowTimeoutException e) {
      throw new FlowRunException(ErrorCode.CHECK_FAILED, "expected " + Walk.describe(c) + " within "
          + timeout.toMillis() + " ms: " + e.getMessage(), e.details(), e);
    }
  }

  private boolean testCondition(Condition condition, Lane lane) {
    return condition.accept(new ConditionVisitor<Boolean>() {
      @Override
      public Boolean visitNot(Condition.Not n) {
        return !n.condition().accept(this);
      }

      /** Var conditions test run values, here rather than on the page. */
      @Override
      public Boolean visitVar(Condition.Var v) {
        String subject = Bindings.text(lane.bindings.resolveValue(v.subject()));
        return switch (v.op()) {
          case EQUALS -> subject.equals(lane.bindings.resolve(v.operand().orElse("")));
          case CONTAINS -> subject.contains(lane.bindings.resolve(v.operand().orElse("")));
          case TRUTHY -> truthy(subject);
          case FALSY -> !truthy(subject);
        };
      }

      // page conditions: the driver tests them, placeholders resolved
      @Override public Boolean visitUrl(Condition.Url c) { return onPage(c); }
      @Override public Boolean visitTitle(Condition.Title c) { return onPage(c); }
      @Override public Boolean visitElement(Condition.Element c) { return onPage(c); }
      @Override public Boolean visitCount(Condition.Count c) { return onPage(c); }
      @Override public Boolean visitText(Condition.Text c) { return onPage(c); }
      @Override public Boolean visitValue(Condition.Value c) { return onPage(c); }
      @Override public Boolean visitAttribute(Condition.Attribute c) { return onPage(c); }
      @Override public Boolean visitDownload(Condition.Download c) { return onPage(c); }
      @Override public Boolean visitLoad(Condition.Load c) { return onPage(c); }
      @Override public Boolean visitExpression(Condition.Expression c) { return onPage(c); }

      private boolean onPage(Condition page) {
        return lane.session.test(lane.binder.condition(page));
      }
    });
  }

  private static boolean truthy(String value) {
    String v = value.trim();
    return !v.isEmpty() && !v.equals("false") && !v.equals("0") && !v.equals("null") && !v.equals("[]");
  }

  // ------------------------------------------------------------------- control flow

  /** The work of a control step inside {@link #runControl}: runs its bodies and returns the result's note. */
  private interface ControlBody {
    String run(Optional<String> iteration);
  }

  /** The body of a control step; empty for the leaf steps, which {@link #runLeaf} runs. */
  private final class ControlBodies implements StepVisitor<Optional<ControlBody>> {
    private final String path;
    private final Lane lane;

    ControlBodies(String path, Lane lane) {
      this.path = path;
      this.lane = lane;
    }

    @Override
    public Optional<ControlBody> visitForeach(Step.Foreach each) {
      return Optional.of(iteration -> runForeach(each, path, lane));
    }

    @Override
    public Optional<ControlBody> visitRepeat(Step.Repeat r) {
      return Optional.of(iteration -> {
        for (int i = 0; i < r.times(); i++) {
          loop(lane, i, null, null, () -> runSteps(r.body(), path + ".body", lane));
        }
        return null;
      });
    }

    @Override
    public Optional<ControlBody> visitIf(Step.If branch) {
      return Optional.of(iteration -> {
        boolean holds = testCondition(branch.condition(), lane);
        runSteps(holds ? branch.then() : branch.otherwise(), path + (holds ? ".then" : ".else"), lane);
        return holds ? "then" : "else";
      });
    }

    @Override
    public Optional<ControlBody> visitWhile(Step.While w) {
      return Optional.of(iteration -> {
        int i = 0;
        while (testCondition(w.condition(), lane)) {
          if (i >= w.max()) {
            throw new FlowRunException(ErrorCode.LIMIT_EXCEEDED, "while loop " + w.id()
                + " still held after its max of " + w.max() + " iterations",
                Map.of("actual", String.valueOf(i), "allowed", String.valueOf(w.max())));
          }
          int index = i++;
          loop(lane, index, null, null, () -> runSteps(w.body(), path + ".body", lane));
          checkpoint();
        }
        return i + " iterations";
      });
    }

    @Override
    public Optional<ControlBody> visitPaginate(Step.Paginate p) {
      return Optional.of(iteration -> runPaginate(p, path, lane, iteration));
    }

    // leaf steps: runLeaf dispatches them to the driver
    @Override public Optional<ControlBody> visitOpen(Step.Open s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitNavigate(Step.Navigate s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitBack(Step.Back s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitForward(Step.Forward s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitReload(Step.Reload s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitTabNew(Step.TabNew s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitTabSwitch(Step.TabSwitch s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitTabClose(Step.TabClose s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitFrame(Step.Frame s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitFrameMain(Step.FrameMain s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitSetViewport(Step.SetViewport s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitClick(Step.Click s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitDblclick(Step.Dblclick s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitContextmenu(Step.Contextmenu s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitHover(Step.Hover s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitFill(Step.Fill s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitType(Step.Type s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitPress(Step.Press s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitSelect(Step.Select s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitCheck(Step.Check s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitUncheck(Step.Uncheck s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitToggle(Step.Toggle s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitScroll(Step.Scroll s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitDrag(Step.Drag s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitUpload(Step.Upload s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitWait(Step.Wait s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitAssert(Step.Assert s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitRead(Step.Read s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitScrape(Step.Scrape s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitSetVar(Step.SetVar s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitEval(Step.Eval s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitScreenshot(Step.Screenshot s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitCsvImport(Step.CsvImport s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitCsvExport(Step.CsvExport s) { return Optional.empty(); }
    @Override public Optional<ControlBody> visitManual(Step.Manual s) { return Optional.empty(); }
  }

  private void runControl(Step step, String path, Lane lane, ControlBody body) {
    long started = System.nanoTime();
    Optional<String> iteration = lane.bindings.iteration();
    engine.notify(l -> l.stepStarted(runId, path, step.id(), iteration.orElse(null)));
    journalStep(step, path, iteration, StepState.PREPARED, 1, null, null, false);
    String note;
    try {
      note = body.run(iteration);
    } catch (StopRun | Cancelled e) {
      long took = (System.nanoTime() - started) / 1_000_000;
      record(lane, step, path, StepState.FAILED, 1, took, null,
          e instanceof StopRun ? ((StopRun) e).cause : null, List.of(), null);
      throw e;
    } catch (FlowException e) {
      long took = (System.nanoTime() - started) / 1_000_000;
      journalStep(step, path, iteration, StepState.FAILED, 1, e.code(), e.getMessage(), true);
      record(lane, step, path, StepState.FAILED, 1, took, null, e, List.of(), null);
      afterFailure(step, path, lane, e);
      return;
    }
    journalVerified(step, path, iteration, 1, JournalEntry.Evidence.CHECK, Map.of());
    record(lane, step, path, StepState.VERIFIED, 1, (System.nanoTime() - started) / 1_000_000, null, null,
        List.of(), note);
  }

  private void loop(Lane lane, int index, Map<String, String> row, String item, Runnable body) {
    lane.bindings.pushLoop(new Bindings.LoopFrame(index, row, item));
    try {
      body.run();
    } finally {
      lane.bindings.popLoop();
    }
  }

  private String runForeach(Step.Foreach each, String path, Lane lane) {
    List<Map<String, String>> rows = new ArrayList<>();
    List<String> items = new ArrayList<>();
    ForeachSource source = each.source();
    int size = switch (source.kind()) {
      case TABLE -> {
        flow.table().ifPresent(t -> {
          for (int i = 0; i < t.rows().size(); i++) {
            rows.add(t.row(i));
          }
        });
        yield rows.size();
      }
      case ITEMS -> {
        rows.addAll(rows(lane.bindings.resolveValue(source.ref().get()), "foreach source " + source.ref().get()));
        yield rows.size();
      }
      case LITERAL -> {
        source.values().forEach(v -> items.add(lane.bindings.resolve(v)));
        yield items.size();
      }
    };
    if (size > engine.limits.maxForeachItems()) {
      throw new FlowRunException(ErrorCode.LIMIT_EXCEEDED, "foreach " + each.id() + " has " + size
          + " items, more than the limit of " + engine.limits.maxForeachItems(),
          Map.of("actual", String.valueOf(size), "allowed", String.valueOf(engine.limits.maxForeachItems())));
    }
    if (each.concurrency() > 1 && size > 1) {
      Optional<String> sequential = runConcurrently(each, path, lane, rows, items, size);
      if (sequential.isEmpty()) {
        return size + " items, up to " + each.concurrency() + " at once";
      }
      runSequentially(each, path, lane, rows, items, size);
      return size + " items one at a time: " + sequential.get();
    }
    runSequentially(each, path, lane, rows, items, size);
    return size + " items";
  }

  private void runSequentially(Step.Foreach each, String path, Lane lane, List<Map<String, String>> rows,
      List<String> items, int size) {
    for (int i = 0; i < size; i++) {
      Map<String, String> row = rows.isEmpty() ? null : rows.get(i);
      String item = items.isEmpty() ? null : items.get(i);
      loop(lane, i, row, item, () -> runSteps(each.body(), path + ".body", lane));
    }
  }

  /** Runs iterations on forked tab sessions; empty when done, else why it could not (then nothing ran). */
  private Optional<String> runConcurrently(Step.Foreach each, String path, Lane lane, List<Map<String, String>> rows,
      List<String> items, int size) {
    int workers = Math.min(each.concurrency(), size);
    List<DriverSession> forks = new ArrayList<>();
    try {
      for (int w = 0; w < workers; w++) {
        forks.add(lane.session.fork(each.id() + "-" + w));
      }
    } catch (FlowRunException e) {
      forks.forEach(DriverSession::close);
      if (e.code() == ErrorCode.UNSUPPORTED_STEP) {
        return Optional.of(e.getMessage());
      }
      throw e;
    }
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
      Thread t = new Thread(r, "browserflow-" + runId + "-" + each.id());
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (DriverSession fork : forks) {
        Lane worker = new Lane(fork, lane.bindings.fork());
        futures.add(pool.submit(() -> {
          for (int i = next.getAndIncrement(); i < size; i = next.getAndIncrement()) {
            Map<String, String> row = rows.isEmpty() ? null : rows.get(i);
            String item = items.isEmpty() ? null : items.get(i);
            loop(worker, i, row, item, () -> runSteps(each.body(), path + ".body", worker));
          }
        }));
      }
      RuntimeException first = null;
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (java.util.concurrent.ExecutionException e) {
          if (first == null && e.getCause() instanceof RuntimeException) {
            first = (RuntimeException) e.getCause();
            next.set(size); // no new iterations once one stopped the run
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new Cancelled();
        }
      }
      if (first != null) {
        throw first;
      }
      return Optional.empty();
    } finally {
      pool.shutdownNow();
      forks.forEach(f -> {
        try {
          f.close();
        } catch (RuntimeException ignored) {
          // a fork's tab may already be gone
        }
      });
    }
  }

  private String runPaginate(Step.Paginate p, String path, Lane lane, Optional<String> iteration) {
    int pages = 0;
    Target next = lane.binder.target(p.target());
    for (int page = 0; page < p.maxPages(); page++) {
      pages++;
      int index = page;
      loop(lane, index, null, null, () -> runSteps(p.body(), path + ".body", lane));
      if (page + 1 >= p.maxPages()) {
        break;
      }
      boolean more = lane.session.test(Condition.Element.of(next, Condition.State.VISIBLE))
          && lane.session.test(Condition.Element.of(next, Condition.State.ENABLED));
      if (!more) {
        break;
      }
      journalStep(p, path, iteration, StepState.DISPATCHING, page + 1, null, null, true);
      lane.session.perform(Step.Click.builder().id(p.id()).target(next).build(), timeoutFor(p));
      for (Condition c : p.expect()) {
        awaitCondition(c, lane, timeoutFor(p));
      }
    }
    lane.bindings.setOutput(p.id(), "pages", String.valueOf(pages));
    return pages + " pages";
  }

  // ------------------------------------------------------------------- time and control

  private Duration timeoutFor(Step step) {
    long ms = step.timeoutMs().orElse(engine.limits.defaultStepTimeoutMs());
    long remaining = remainingMs();
    if (remaining <= 0) {
      throw new StopRun(new FlowTimeoutException(ErrorCode.TIMEOUT, "the run's time budget of "
          + options.timeBudget().map(Duration::toMillis).orElse(0L) + " ms is exhausted", Map.of()), "");
    }
    return Duration.ofMillis(Math.min(ms, remaining));
  }

  private long remainingMs() {
    return deadlineNanos == Long.MAX_VALUE ? Long.MAX_VALUE : (deadlineNanos - System.nanoTime()) / 1_000_000;
  }

  private void sleep(long ms) {
    if (ms <= 0) {
      return;
    }
    try {
      engine.sleeper.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Cancelled();
    }
  }

  private void checkpoint() {
    if (!control.awaitRunnable()) {
      throw new Cancelled();
    }
    if (remainingMs() <= 0) {
      throw new StopRun(new FlowTimeoutException(ErrorCode.TIMEOUT, "the run's time budget of "
          + options.timeBudget().map(Duration::toMillis).orElse(0L) + " ms is exhausted", Map.of()), "");
    }
  }

  // ------------------------------------------------------------------- journal and results

  private void journal(JournalEntry.Builder entry, boolean durable) {
    JournalEntry e = entry.seq(seq.incrementAndGet()).at(engine.clock.instant()).build();
    engine.store.append(runId, flow.id(), e, durable);
  }

  private void journalStep(Step step, String path, Optional<String> iteration, StepState state, int attempt,
      ErrorCode code, String message, boolean durable) {
    JournalEntry.Builder b = JournalEntry.builder().type(JournalEntry.Type.STEP).path(path).stepId(step.id())
        .iteration(iteration).state(state).attempt(attempt);
    if (code != null) {
      b.errorCode(code);
    }
    if (message != null) {
      b.message(redactor.redact(message));
    }
    journal(b, durable);
  }

  private void journalVerified(Step step, String path, Optional<String> iteration, int attempt,
      JournalEntry.Evidence evidence, Map<String, String> outputs) {
    journal(JournalEntry.builder().type(JournalEntry.Type.STEP).path(path).stepId(step.id()).iteration(iteration)
        .state(StepState.VERIFIED).attempt(attempt).evidence(evidence).outputs(outputs), false);
  }

  private List<String> failureArtifacts(Step step, Lane lane, Optional<String> iteration) {
    if (artifacts == null) {
      return List.of();
    }
    try {
      String name = step.id() + iteration.map(i -> "-" + i.replace('/', '_')).orElse("") + "-failure.png";
      Path file = lane.session.screenshot(ScreenshotRequest.builder().file(artifacts.resolve(name))
          .fullPage(true).mask(new ArrayList<>(masks)).build());
      return List.of(file.toString());
    } catch (RuntimeException e) {
      return List.of();
    }
  }

  private void record(Lane lane, Step step, String path, StepState state, int attempts, long took,
      Resolution resolution, FlowException error, List<String> artifacts, String note) {
    record(lane, step, path, state, attempts, took, resolution, error, artifacts, note, false);
  }

  private void record(Lane lane, Step step, String path, StepState state, int attempts, long took,
      Resolution resolution, FlowException error, List<String> artifacts, String note, boolean recovered) {
    StepResult.Builder b = StepResult.builder().path(path).stepId(step.id()).op(step.kind().op())
        .title(step.title()).iteration(lane.bindings.iteration()).state(state).attempts(attempts).tookMs(took)
        .artifacts(artifacts).recoveredByFallback(recovered);
    if (resolution != null) {
      if (resolution.resolved()) {
        b.winner(resolution.winner()).fallbackUsed(resolution.fallbackUsed());
      }
      Optional<Target> target = Walk.target(step);
      if (target.isPresent() && (resolution.fallbackUsed() || !resolution.resolved())) {
        b.candidates(redactor.redact(resolution.describe(target.get())));
      }
    }
    if (error != null) {
      b.errorCode(error.code()).message(redactor.redact(error.getMessage()));
      if (error instanceof TargetException) {
        TargetException te = (TargetException) error;
        b.candidates(redactor.redact(te.resolution().describe(te.target())));
      }
    } else if (note != null) {
      b.message(note);
    }
    if (state == StepState.FAILED) {
      try {
        b.url(redactor.redact(lane.session.currentUrl()));
      } catch (RuntimeException ignored) {
        // no page to ask
      }
    }
    StepResult result = b.build();
    results.add(result);
    engine.notify(l -> l.stepFinished(runId, result));
  }

  /** Run ids sort by start time: {@code 20261130T052700123Z-1a2b3c}. */
  static String newRunId(Instant now) {
    String stamp = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'")
        .withZone(java.time.ZoneOffset.UTC).format(now);
    return stamp + "-" + Long.toHexString(Double.doubleToLongBits(Math.random())).substring(0, 6);
  }
}
