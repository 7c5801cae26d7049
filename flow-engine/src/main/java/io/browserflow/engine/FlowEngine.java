package io.browserflow.engine;

import io.browserflow.api.Flow;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.engine.review.Approvals;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.store.RunStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Runs validated flows through a {@link PageDriver}.
 *
 * <p>Each run validates the flow, checks inputs ({@code INPUT_MISSING} / {@code INPUT_INVALID}),
 * capabilities ({@code CAPABILITY_DENIED}) and approval ({@code REVIEW_REQUIRED}) before its first
 * step, opens a fresh driver session, and executes steps through the state machine
 * {@code prepared -> dispatching -> checking -> verified | failed}, journaling each transition
 * write-ahead ({@code dispatching} is durable before the action starts). A write step is verified by
 * its {@code expect} checks, never by the driver's acknowledgement.
 *
 * <pre>{@code
 * try (FlowEngine engine = FlowEngine.builder()
 *         .driver(driver)
 *         .storeDirectory(Path.of(".browserflow/runs"))
 *         .listener(new RunListener() { ... })
 *         .build()) {
 *   RunResult result = engine.run(flow, Inputs.builder().input("QUERY", "shoes").build());
 *   if (!result.succeeded()) { ... result.failedStep() ... }
 * }
 * }</pre>
 *
 * <p>Engines are thread-safe: several runs may go at once, each in its own session. Closing the
 * engine closes the driver when the engine created it (from a {@link PageDriver} passed in, the
 * caller keeps ownership).
 */
public interface FlowEngine extends AutoCloseable {

  /** Runs the flow to the end with default options. */
  default RunResult run(Flow flow, Inputs inputs) {
    return run(flow, inputs, RunOptions.defaults());
  }

  /** Runs the flow to the end. Refusals before the first step come back as a FAILED result with the code. */
  RunResult run(Flow flow, Inputs inputs, RunOptions options);

  /** Starts the flow on a background thread; control it with the handle. */
  RunHandle start(Flow flow, Inputs inputs, RunOptions options);

  /** Runs that never finished (the process died): each reported {@code NEEDS_REVIEW}, none continued. */
  List<RecoveredRun> recover();

  /**
   * Settles an interrupted run and continues it in a fresh session: verified steps are never
   * replayed (their outputs are restored); the step left in {@code dispatching} is verified,
   * confirmed ({@code evidence: user}), retried or the run is cancelled, as decided. The flow must be
   * the same (same digest) and secrets must be supplied again, since they were never stored.
   */
  RunResult resume(String runId, Flow flow, Inputs inputs, ResumeDecision decision, RunOptions options);

  /** The store runs are kept in. */
  RunStore store();

  @Override
  void close();

  static Builder builder() {
    return new Builder();
  }

  /** Builder of a {@link FlowEngine}; settings are checked when set. */
  final class Builder {
    PageDriver driver;
    boolean ownsDriver;
    RunStore store = RunStore.none();
    Clock clock = Clock.systemUTC();
    final List<RunListener> listeners = new ArrayList<>();
    ManualStepHandler manualStepHandler = ManualStepHandler.refuse();
    FlowLimits limits = FlowLimits.defaults();
    Approvals approvals;
    final List<Path> uploadRoots = new ArrayList<>();
    Sleeper sleeper = Sleeper.system();
    int maxConcurrentIterations = 10;
    FlowLibrary library = FlowLibrary.none();
    io.browserflow.engine.spi.OriginPacer pacer = io.browserflow.engine.spi.OriginPacer.none();

    private Builder() {}

    /** The driver to run on; the caller keeps ownership and closes it. */
    public Builder driver(PageDriver driver) {
      this.driver = Objects.requireNonNull(driver, "driver");
      this.ownsDriver = false;
      return this;
    }

    /** Finds a driver with {@link ServiceLoader} by name (e.g. {@code playwright-chromium}); the engine closes it. */
    public Builder driver(String name) {
      Optional<io.browserflow.engine.spi.PageDriverProvider> provider = ServiceLoader
          .load(io.browserflow.engine.spi.PageDriverProvider.class).stream()
          .map(ServiceLoader.Provider::get).filter(p -> p.name().equals(name)).findFirst();
      this.driver = provider.orElseThrow(() -> new IllegalArgumentException("no PageDriverProvider named '" + name
          + "' on the class path; add the driver module (e.g. flow-playwright) as a dependency")).create();
      this.ownsDriver = true;
      return this;
    }

    public Builder store(RunStore store) {
      this.store = Objects.requireNonNull(store, "store");
      return this;
    }

    /** Keeps runs in a directory (journal + result per run, last 10 per flow). */
    public Builder storeDirectory(Path root) {
      return store(RunStore.directory(root));
    }

    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    public Builder listener(RunListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    public Builder manualStepHandler(ManualStepHandler handler) {
      this.manualStepHandler = Objects.requireNonNull(handler, "manualStepHandler");
      return this;
    }

    /** Limits flows are validated against before running (defaults: the design table). */
    public Builder limits(FlowLimits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /** Where {@code call} steps find flows the calling flow holds no subflow for (none by default). */
    public Builder flowLibrary(FlowLibrary library) {
      this.library = Objects.requireNonNull(library, "library");
      return this;
    }

    /** Runs only flows whose digest is approved; others fail with {@code REVIEW_REQUIRED}. */
    public Builder requireApproval(Approvals approvals) {
      this.approvals = Objects.requireNonNull(approvals, "approvals");
      return this;
    }

    /** Directories upload files must lie in (none: every upload is refused). */
    public Builder uploadRoots(Path... roots) {
      for (Path root : roots) {
        uploadRoots.add(root.toAbsolutePath().normalize());
      }
      return this;
    }

    /** How the engine waits between retries and for fixed waits; replace it in tests. */
    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    /**
     * The most foreach iterations that run at once across all runs of this engine (default 10,
     * seed 000's maximum per foreach); an iteration beyond it waits for a free slot.
     */
    public Builder maxConcurrentIterations(int max) {
      if (max < 1) {
        throw new IllegalArgumentException("maxConcurrentIterations must be at least 1, was " + max);
      }
      this.maxConcurrentIterations = max;
      return this;
    }

    /**
     * The minimum interval between two requests to the same origin from concurrent foreach
     * iterations (of any run of this engine); default zero: not spaced.
     */
    public Builder originRequestInterval(java.time.Duration interval) {
      this.pacer = io.browserflow.engine.spi.OriginPacer.every(interval);
      return this;
    }

    public FlowEngine build() {
      if (driver == null) {
        throw new IllegalStateException("driver is not set: call driver(PageDriver) or driver(name)");
      }
      return new DefaultFlowEngine(this);
    }
  }
}
