package io.browserflow.engine;

import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import io.browserflow.engine.spi.DriverFeatures;
import io.browserflow.engine.spi.Forks;

/**
 * The body of a control step: how foreach (one at a time or on forked sessions), repeat, if, while
 * and paginate run their nested steps, each through the {@link Interpreter}. Empty for the leaf
 * steps, which the interpreter dispatches itself.
 */
final class ControlBodies implements StepFamilyVisitor<Optional<ControlBodies.ControlBody>> {

  /** The work of a control step, which the interpreter journals and records: runs its bodies and returns the result's note. */
  interface ControlBody {
    String run();
  }

  private final Interpreter interpreter;
  private final RunContext run;
  private final StepExecution at;
  private final String path;
  private final Lane lane;

  ControlBodies(Interpreter interpreter, RunContext run, StepExecution at, Lane lane) {
    this.interpreter = interpreter;
    this.run = run;
    this.at = at;
    this.path = at.path();
    this.lane = lane;
  }

  @Override
  public Optional<ControlBody> visitForeach(ControlStep.Foreach each) {
    return Optional.of(() -> runForeach(each));
  }

  @Override
  public Optional<ControlBody> visitRepeat(ControlStep.Repeat r) {
    return Optional.of(() -> {
      for (int i = 0; i < r.times(); i++) {
        loop(lane, i, null, null, () -> interpreter.runSteps(r.body(), path + ".body", lane));
      }
      return null;
    });
  }

  @Override
  public Optional<ControlBody> visitIf(ControlStep.If branch) {
    return Optional.of(() -> {
      // replaying from a step inside a branch: the branch that holds it, its condition untested
      boolean holds = Optional.ofNullable(run.partial()).flatMap(p -> p.forcedBranch(path))
          .orElseGet(() -> ConditionChecks.holds(branch.condition(), lane));
      interpreter.runSteps(holds ? branch.then() : branch.otherwise(), path + (holds ? ".then" : ".else"), lane);
      return holds ? "then" : "else";
    });
  }

  @Override
  public Optional<ControlBody> visitWhile(ControlStep.While w) {
    return Optional.of(() -> {
      int i = 0;
      while (ConditionChecks.holds(w.condition(), lane)) {
        if (i >= w.max()) {
          throw new FlowRunException(ErrorCode.LIMIT_EXCEEDED, "while loop " + w.id()
              + " still held after its max of " + w.max() + " iterations",
              Map.of(FlowException.Details.ACTUAL, String.valueOf(i), FlowException.Details.ALLOWED, String.valueOf(w.max())));
        }
        int index = i++;
        loop(lane, index, null, null, () -> interpreter.runSteps(w.body(), path + ".body", lane));
        interpreter.checkpoint();
      }
      return i + " iterations";
    });
  }

  @Override
  public Optional<ControlBody> visitCall(ExternalStep.Call call) {
    return Optional.of(() -> runCall(call));
  }

  @Override
  public Optional<ControlBody> visitPaginate(DataStep.Paginate p) {
    return Optional.of(() -> runPaginate(p));
  }

  // leaf steps: the interpreter dispatches them to the driver (LeafActions)
  @Override public Optional<ControlBody> visitStep(Step step) { return Optional.empty(); }

  // ------------------------------------------------------------------- calls

  /**
   * Runs the called flow's steps on this lane's session with bindings of their own: its inputs from
   * the call's (resolved here), its credentials the caller's of the same keys. The named outputs
   * come back as the call step's.
   */
  private String runCall(ExternalStep.Call call) {
    io.browserflow.api.Flow callee = run.callees().get(call.flow());
    if (callee == null) {
      throw new FlowRunException(ErrorCode.INVALID_FLOW, "the flow " + call.flow() + " was not resolved before the run");
    }
    Inputs.Builder given = Inputs.builder();
    call.inputs().forEach((key, value) -> given.input(key, lane.bindings.resolve(value)));
    List<String> missing = new ArrayList<>();
    for (io.browserflow.api.Credential c : callee.credentials()) {
      Optional<String> value = lane.bindings.credential(c.key());
      value.ifPresent(v -> given.credential(c.key(), v));
      if (value.isEmpty() && c.required()) {
        missing.add("credential " + c.key());
      }
    }
    Bindings inner = new Bindings(callee, given.build());
    for (io.browserflow.api.Input i : callee.inputs()) {
      if (i.required() && !inner.inputValues().containsKey(i.key())) {
        missing.add("input " + i.key());
      }
    }
    if (!missing.isEmpty()) {
      throw new FlowRunException(ErrorCode.INPUT_MISSING, "step " + call.id() + " calls " + callee.id() + " without its "
          + String.join(", ", missing) + ": map inputs in the call's inputs; a credential comes from the caller's of the same key");
    }
    inner.copyLoopsFrom(lane.bindings);
    interpreter.runSteps(callee.steps(), path + ".call.steps", new Lane(lane.session, inner));
    for (String name : call.outputs()) {
      String value = callee.outputs().get(name);
      if (value == null) {
        throw new FlowRunException(ErrorCode.INVALID_FLOW, "the flow " + callee.id() + " hands back no output " + name
            + (callee.outputs().isEmpty() ? " (it declares none)" : " (its outputs: " + String.join(", ", callee.outputs().keySet()) + ")"));
      }
      lane.bindings.setOutput(call.id(), name, inner.resolveValue(value));
    }
    return callee.id();
  }

  // ------------------------------------------------------------------- loops

  private static void loop(Lane lane, int index, Map<String, String> row, String item, Runnable body) {
    lane.bindings.pushLoop(new Bindings.LoopFrame(index, row, item));
    try {
      body.run();
    } finally {
      lane.bindings.popLoop();
    }
  }

  private String runForeach(ControlStep.Foreach each) {
    List<Map<String, String>> rows = new ArrayList<>();
    List<String> items = new ArrayList<>();
    ForeachSource source = each.source();
    int size = switch (source.kind()) {
      case TABLE -> {
        run.flow().table().ifPresent(t -> {
          for (int i = 0; i < t.rows().size(); i++) {
            rows.add(t.row(i));
          }
        });
        yield rows.size();
      }
      case ITEMS -> {
        rows.addAll(Bindings.rows(lane.bindings.resolveValue(source.ref().get()), "foreach source " + source.ref().get()));
        yield rows.size();
      }
      case LITERAL -> {
        source.values().forEach(v -> items.add(lane.bindings.resolve(v)));
        yield items.size();
      }
    };
    int maxItems = run.engine().limits.maxForeachItems();
    if (size > maxItems) {
      throw new FlowRunException(ErrorCode.LIMIT_EXCEEDED, "foreach " + each.id() + " has " + size
          + " items, more than the limit of " + maxItems,
          Map.of(FlowException.Details.ACTUAL, String.valueOf(size), FlowException.Details.ALLOWED, String.valueOf(maxItems)));
    }
    if (each.concurrency() > 1 && size > 1) {
      Optional<String> sequential = runConcurrently(each, rows, items, size);
      if (sequential.isEmpty()) {
        return size + " items, up to " + each.concurrency() + " at once";
      }
      runSequentially(each, rows, items, size);
      return size + " items one at a time: " + sequential.get();
    }
    runSequentially(each, rows, items, size);
    return size + " items";
  }

  private void runSequentially(ControlStep.Foreach each, List<Map<String, String>> rows, List<String> items, int size) {
    for (int i = 0; i < size; i++) {
      Map<String, String> row = rows.isEmpty() ? null : rows.get(i);
      String item = items.isEmpty() ? null : items.get(i);
      loop(lane, i, row, item, () -> interpreter.runSteps(each.body(), path + ".body", lane));
    }
  }

  /** Runs iterations on forked tab sessions; empty when done, else why it could not (then nothing ran). */
  private Optional<String> runConcurrently(ControlStep.Foreach each, List<Map<String, String>> rows, List<String> items,
      int size) {
    int workers = Math.min(each.concurrency(), size);
    Optional<Forks> forking = DriverFeatures.of(lane.session, Forks.class);
    if (forking.isEmpty()) {
      return Optional.of("this page driver cannot open concurrent sessions");
    }
    List<DriverSession> forks = new ArrayList<>();
    try {
      for (int w = 0; w < workers; w++) {
        forks.add(forking.get().fork(each.id() + "-" + w, run.engine().pacer));
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
      Thread t = new Thread(r, "browserflow-" + run.runId() + "-" + each.id());
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (DriverSession fork : forks) {
        Lane worker = new Lane(fork, lane.bindings.fork());
        futures.add(pool.submit(() -> {
          java.util.concurrent.Semaphore slots = run.engine().iterationSlots;
          for (int i = next.getAndIncrement(); i < size; i = next.getAndIncrement()) {
            Map<String, String> row = rows.isEmpty() ? null : rows.get(i);
            String item = items.isEmpty() ? null : items.get(i);
            try {
              slots.acquire();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new RunCancelled();
            }
            try {
              loop(worker, i, row, item, () -> interpreter.runSteps(each.body(), path + ".body", worker));
            } finally {
              slots.release();
            }
          }
        }));
      }
      RuntimeException first = null;
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          if (first == null && e.getCause() instanceof RuntimeException) {
            first = (RuntimeException) e.getCause();
            next.set(size); // no new iterations once one stopped the run
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new RunCancelled();
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

  private String runPaginate(DataStep.Paginate p) {
    int pages = 0;
    Target next = lane.binder.target(p.target());
    for (int page = 0; page < p.maxPages(); page++) {
      pages++;
      int index = page;
      loop(lane, index, null, null, () -> interpreter.runSteps(p.body(), path + ".body", lane));
      if (page + 1 >= p.maxPages()) {
        break;
      }
      boolean more = lane.session.test(Condition.Element.of(next, Condition.State.VISIBLE))
          && lane.session.test(Condition.Element.of(next, Condition.State.ENABLED));
      if (!more) {
        break;
      }
      run.journal().dispatching(at, page + 1);
      lane.session.perform(InteractionStep.Click.builder().id(p.id()).target(next).build(), run.budget().timeoutFor(p));
      for (Condition c : p.expect()) {
        ConditionChecks.await(c, lane, run.budget().timeoutFor(p));
      }
    }
    lane.bindings.setOutput(p.id(), "pages", String.valueOf(pages));
    return pages + " pages";
  }
}
