package io.browserflow.engine.schedule;

import io.browserflow.api.Flow;
import io.browserflow.api.Schedule;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunHandle;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Starts NEW runs of flows on their {@link Schedule}: every N minutes, on a 5-field cron
 * expression, or once at an instant, with the schedule's inputs (credentials are supplied when
 * scheduling, never stored); a disabled schedule is kept but never fires ({@link #enable}). With a
 * {@link ScheduleStore} the schedules outlive the process ({@link #restore}).
 * A firing never resumes an earlier run; when the previous run of the same flow is still going the
 * firing is skipped and reported. A failing run does not stop the schedule. {@link #close()} stops
 * firing and waits for runs in flight.
 *
 * <pre>{@code
 * try (FlowScheduler scheduler = FlowScheduler.builder(engine).listener(listener).build()) {
 *   scheduler.schedule(flow, Inputs.builder().credential("PASSWORD", secret).build());
 *   ...
 * }
 * }</pre>
 */
public final class FlowScheduler implements AutoCloseable {
  /** What the scheduler did. Callbacks run on the scheduler's thread; keep them short. */
  public interface Listener {
    default void fired(String flowId, Instant at, RunHandle run) {}

    /** A firing was skipped because the previous run of the flow is still going. */
    default void skipped(String flowId, Instant at, String reason) {}

    default void finished(String flowId, RunResult result) {}
  }

  private final FlowEngine engine;
  private final Clock clock;
  private final ZoneId zone;
  private final Listener listener;
  private final ScheduledExecutorService ticker;
  private final ScheduleStore store;
  private final Map<String, Job> jobs = new ConcurrentHashMap<>();
  private volatile boolean closed;

  private final class Job {
    final Flow flow;
    final Schedule schedule;
    final Inputs inputs;
    final CronExpression cron;
    Instant next;
    RunHandle running;

    Job(Flow flow, Schedule schedule, Inputs inputs, Instant from) {
      this.flow = flow;
      this.schedule = schedule;
      this.inputs = inputs;
      this.cron = schedule.cron().map(CronExpression::parse).orElse(null);
      this.next = !schedule.enabled() ? null : schedule.at().map(Instant::parse).orElseGet(() -> after(from));
    }

    boolean once() {
      return schedule.at().isPresent();
    }

    /** The firing after {@code t}; null for a one-shot schedule, which fires once. */
    Instant after(Instant t) {
      if (once()) {
        return null;
      }
      if (cron != null) {
        return cron.next(ZonedDateTime.ofInstant(t, zone)).toInstant();
      }
      return t.plus(Duration.ofMinutes(schedule.everyMinutes().orElseThrow()));
    }
  }

  private FlowScheduler(Builder b) {
    this.engine = b.engine;
    this.clock = b.clock;
    this.zone = b.zone;
    this.listener = b.listener;
    this.store = b.store;
    this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "browserflow-scheduler");
      t.setDaemon(true);
      return t;
    });
    long tick = b.tick.toMillis();
    ticker.scheduleAtFixedRate(this::fireDue, tick, tick, TimeUnit.MILLISECONDS);
  }

  public static Builder builder(FlowEngine engine) {
    return new Builder(engine);
  }

  /** Schedules the flow on its own {@code schedule}, with its inputs plus the given credentials. */
  public void schedule(Flow flow, Inputs credentials) {
    Schedule schedule = flow.schedule().orElseThrow(() -> new IllegalArgumentException(
        "flow " + flow.id() + " has no schedule; give one with schedule(flow, schedule, inputs)"));
    schedule(flow, schedule, credentials);
  }

  /** Schedules the flow; the schedule's inputs are merged over {@code inputs}. Replaces an earlier schedule of the flow. */
  public void schedule(Flow flow, Schedule schedule, Inputs inputs) {
    if (closed) {
      throw new IllegalStateException("the scheduler is closed");
    }
    int given = (schedule.everyMinutes().isPresent() ? 1 : 0) + (schedule.cron().isPresent() ? 1 : 0)
        + (schedule.at().isPresent() ? 1 : 0);
    if (given != 1) {
      throw new IllegalArgumentException("a schedule needs exactly one of everyMinutes, cron and at");
    }
    schedule.at().ifPresent(Instant::parse);
    Inputs merged = inputs.toBuilder().inputs(schedule.input()).build();
    jobs.put(flow.id(), new Job(flow, schedule, merged, clock.instant()));
    // kept with the run's inputs (never its credentials), to be restored by a later scheduler
    store.save(Flow.builder().from(flow).schedule(Schedule.builder().from(schedule).input(merged.inputs()).build()).build());
  }

  /**
   * Schedules again what the store kept (an earlier process's schedules), each flow's credentials
   * taken from {@code credentials} (those a flow does not declare are left out). A one-shot schedule
   * whose instant passed while no scheduler ran fires at the next tick.
   */
  public void restore(Inputs credentials) {
    for (Flow kept : store.load()) {
      Inputs.Builder own = Inputs.builder();
      kept.credentials().forEach(c -> java.util.Optional.ofNullable(credentials.credentials().get(c.key()))
          .ifPresent(v -> own.credential(c.key(), v)));
      schedule(kept, kept.schedule().orElseThrow(), own.build());
    }
  }

  /** Turns a schedule off (it stays, never firing) or on again (its next firing counted from now). */
  public void enable(String flowId, boolean enabled) {
    Job job = jobs.get(flowId);
    if (job == null) {
      throw new IllegalArgumentException("no flow " + flowId + " is scheduled");
    }
    Inputs credentials = Inputs.builder().credentials(job.inputs.credentials()).build();
    schedule(job.flow, Schedule.builder().from(job.schedule).enabled(enabled).build(), credentials);
  }

  public void unschedule(String flowId) {
    jobs.remove(flowId);
    store.remove(flowId);
  }

  /** When the flow fires next; empty when it is not scheduled, disabled, or a one-shot that fired. */
  public java.util.Optional<Instant> nextFiring(String flowId) {
    return java.util.Optional.ofNullable(jobs.get(flowId)).map(j -> j.next);
  }

  private void fireDue() {
    if (closed) {
      return;
    }
    Instant now = clock.instant();
    for (Job job : jobs.values()) {
      synchronized (job) {
        if (job.running != null && job.running.isDone()) {
          RunHandle done = job.running;
          job.running = null;
          safely(() -> listener.finished(job.flow.id(), done.await()));
        }
        if (job.next == null || now.isBefore(job.next)) {
          continue;
        }
        Instant at = job.next;
        job.next = job.after(now);
        if (job.once()) {
          safely(() -> store.remove(job.flow.id())); // fired: a restart does not fire it again
        }
        if (job.running != null) {
          safely(() -> listener.skipped(job.flow.id(), at, "the previous run " + job.running.runId() + " is still going"));
          continue;
        }
        try {
          job.running = engine.start(job.flow, job.inputs, RunOptions.defaults());
          RunHandle run = job.running;
          safely(() -> listener.fired(job.flow.id(), at, run));
        } catch (RuntimeException e) {
          safely(() -> listener.skipped(job.flow.id(), at, "the run could not start: " + e.getMessage()));
        }
      }
    }
  }

  private static void safely(Runnable r) {
    try {
      r.run();
    } catch (RuntimeException ignored) {
      // a listener must not stop the schedule
    }
  }

  /** Stops firing and waits for runs in flight to finish. */
  @Override
  public void close() {
    closed = true;
    ticker.shutdown();
    try {
      ticker.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    List<Job> all = new ArrayList<>(jobs.values());
    for (Job job : all) {
      RunHandle running;
      synchronized (job) {
        running = job.running;
        job.running = null;
      }
      if (running != null) {
        RunResult result = running.await();
        safely(() -> listener.finished(job.flow.id(), result));
      }
    }
    jobs.clear();
  }

  /** Builder of a {@link FlowScheduler}. */
  public static final class Builder {
    private final FlowEngine engine;
    private Clock clock = Clock.systemUTC();
    private ZoneId zone = ZoneId.systemDefault();
    private Duration tick = Duration.ofSeconds(1);
    private Listener listener = new Listener() {};
    private ScheduleStore store = ScheduleStore.none();

    private Builder(FlowEngine engine) {
      this.engine = Objects.requireNonNull(engine, "engine");
    }

    /** The clock deciding when schedules are due (replace it in tests). */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Time zone of cron expressions (default: the system zone). */
    public Builder zone(ZoneId zone) {
      this.zone = Objects.requireNonNull(zone, "zone");
      return this;
    }

    /** How often due schedules are checked (default 1 s; at least 1 ms). */
    public Builder tick(Duration tick) {
      if (tick.isNegative() || tick.isZero()) {
        throw new IllegalArgumentException("tick must be positive, was " + tick);
      }
      this.tick = tick;
      return this;
    }

    public Builder listener(Listener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /** Keeps the schedules across restarts ({@link FlowScheduler#restore}); none by default. */
    public Builder store(ScheduleStore store) {
      this.store = Objects.requireNonNull(store, "store");
      return this;
    }

    public FlowScheduler build() {
      return new FlowScheduler(this);
    }
  }
}
