package io.browserflow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.engine.store.RunStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Laws of the interpreter over generated flows on a driver where every action succeeds. */
class EngineProperties {

  /** A generated step before ids are assigned. */
  interface Shape {
    Step build(AtomicInteger ids);
  }

  private static Target target(String testId) {
    return Target.of(Candidate.testId(testId));
  }

  @Provide
  Arbitrary<List<Shape>> flows() {
    return shapes(0).list().ofMinSize(1).ofMaxSize(12);
  }

  private Arbitrary<Shape> shapes(int depth) {
    Arbitrary<Boolean> disabled = Arbitraries.of(false, false, false, true);
    Arbitrary<Shape> leaf = Combinators.combine(Arbitraries.of("click", "fill", "hover", "check", "read", "setVar", "assert"),
            disabled)
        .as((op, off) -> ids -> {
          String id = op + "-" + ids.incrementAndGet();
          Step s;
          switch (op) {
            case "click": s = InteractionStep.Click.builder().id(id).target(target(id)).build(); break;
            case "fill": s = InteractionStep.Fill.builder().id(id).target(target(id)).value("v").build(); break;
            case "hover": s = InteractionStep.Hover.builder().id(id).target(target(id)).build(); break;
            case "check": s = InteractionStep.Check.builder().id(id).target(target(id)).build(); break;
            case "read": s = DataStep.Read.builder().id(id).target(target(id)).build(); break;
            case "setVar": s = DataStep.SetVar.builder().id(id).name("x").value("1").build(); break;
            default: s = CheckStep.Assert.builder().id(id).condition(Condition.Url.of("**")).build();
          }
          return s.withDisabled(off);
        });
    if (depth >= 2) {
      return leaf;
    }
    Arbitrary<List<Shape>> body = Arbitraries.lazy(() -> shapes(depth + 1)).list().ofMinSize(1).ofMaxSize(3);
    Arbitrary<Shape> repeat = Combinators.combine(Arbitraries.integers().between(1, 3), body)
        .as((n, b) -> ids -> ControlStep.Repeat.builder().id("repeat-" + ids.incrementAndGet()).times(n)
            .body(b.stream().map(x -> x.build(ids)).collect(Collectors.toList())).build());
    Arbitrary<Shape> branch = Combinators.combine(body, body, Arbitraries.of(true, false))
        .as((t, e, holds) -> ids -> ControlStep.If.builder().id("if-" + ids.incrementAndGet())
            .condition(holds ? Condition.Url.of("**") : Condition.Not.of(Condition.Url.of("**")))
            .then(t.stream().map(x -> x.build(ids)).collect(Collectors.toList()))
            .otherwise(e.stream().map(x -> x.build(ids)).collect(Collectors.toList())).build());
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(6, leaf), net.jqwik.api.Tuple.of(1, repeat),
        net.jqwik.api.Tuple.of(1, branch));
  }

  private static Flow flow(List<Shape> shapes) {
    AtomicInteger ids = new AtomicInteger();
    return Flow.builder().name("generated")
        .steps(shapes.stream().map(s -> s.build(ids)).collect(Collectors.toList())).build();
  }

  /** The leaf executions a correct interpreter performs, in order: id@iteration. */
  private static void expected(List<Step> steps, String iteration, List<String> out) {
    for (Step s : steps) {
      if (s.disabled()) {
        continue;
      }
      if (s instanceof ControlStep.Repeat) {
        for (int i = 0; i < ((ControlStep.Repeat) s).times(); i++) {
          expected(((ControlStep.Repeat) s).body(), iteration.isEmpty() ? "" + i : iteration + "/" + i, out);
        }
      } else if (s instanceof ControlStep.If) {
        boolean holds = !(((ControlStep.If) s).condition() instanceof Condition.Not);
        expected(holds ? ((ControlStep.If) s).then() : ((ControlStep.If) s).otherwise(), iteration, out);
      } else {
        out.add(s.id() + "@" + iteration);
      }
    }
  }

  @Property(tries = 200)
  void should_verify_each_enabled_step_exactly_once_in_order(@ForAll("flows") List<Shape> shapes) {
    Flow flow = flow(shapes);
    RunJournalTest.RecordingStore journal = new RunJournalTest.RecordingStore(RunStore.none());
    RunResult result = FlowEngine.builder().driver(new FakeDriver()).store(journal).build().run(flow, Inputs.empty());

    List<String> want = new ArrayList<>();
    expected(flow.steps(), "", want);
    List<String> verified = journal.entries.stream()
        .filter(e -> e.state().filter(StepState.VERIFIED::equals).isPresent())
        .map(e -> e.stepId().get() + "@" + e.iteration().orElse(""))
        .filter(id -> !id.startsWith("repeat-") && !id.startsWith("if-"))
        .collect(Collectors.toList());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(verified).isEqualTo(want);
  }

  @Property(tries = 200)
  void should_name_the_failing_step_and_run_nothing_after_it(@ForAll("flows") List<Shape> shapes,
      @ForAll("picks") int pick, @ForAll boolean continueOnError) {
    Flow flow = flow(shapes);
    List<String> order = new ArrayList<>();
    expected(flow.steps(), "", order);
    List<String> actions = order.stream().map(s -> s.substring(0, s.indexOf('@')))
        .filter(id -> id.startsWith("click") || id.startsWith("fill") || id.startsWith("hover") || id.startsWith("check"))
        .distinct().collect(Collectors.toList());
    if (actions.isEmpty()) {
      return;
    }
    String victim = actions.get(Math.floorMod(pick, actions.size()));
    if (continueOnError) {
      flow = Flow.builder().from(flow).steps(withOnError(flow.steps(), victim)).build();
    }
    FakeDriver driver = new FakeDriver();
    driver.failing.put(victim, ErrorCode.ACTION_FAILED);

    RunResult result = FlowEngine.builder().driver(driver).build().run(flow, Inputs.empty());

    int firstFailure = indexOfFirst(order, victim);
    List<String> performedLeaves = driver.performed;
    if (continueOnError) {
      assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
      assertThat(result.steps()).anySatisfy(s -> {
        assertThat(s.stepId()).isEqualTo(victim);
        assertThat(s.state()).isEqualTo(StepState.FAILED);
      });
    } else {
      assertThat(result.status()).isEqualTo(RunStatus.FAILED);
      assertThat(result.failedStep()).hasValueSatisfying(s -> assertThat(s.stepId()).isEqualTo(victim));
      List<String> expectedActions = order.subList(0, firstFailure + 1).stream()
          .map(s -> s.substring(0, s.indexOf('@')))
          .filter(id -> id.startsWith("click") || id.startsWith("fill") || id.startsWith("hover") || id.startsWith("check"))
          .collect(Collectors.toList());
      assertThat(performedLeaves).isEqualTo(expectedActions);
    }
  }

  @Provide
  Arbitrary<Integer> picks() {
    return Arbitraries.integers().between(0, 1000);
  }

  private static int indexOfFirst(List<String> order, String id) {
    for (int i = 0; i < order.size(); i++) {
      if (order.get(i).startsWith(id + "@")) {
        return i;
      }
    }
    return -1;
  }

  private static List<Step> withOnError(List<Step> steps, String victim) {
    List<Step> out = new ArrayList<>();
    for (Step s : steps) {
      if (s.id().equals(victim)) {
        out.add(s.withOnError(OnError.continueRun()));
      } else if (s instanceof ControlStep.Repeat) {
        out.add(ControlStep.Repeat.builder().from((ControlStep.Repeat) s).body(withOnError(((ControlStep.Repeat) s).body(), victim)).build());
      } else if (s instanceof ControlStep.If) {
        ControlStep.If i = (ControlStep.If) s;
        out.add(ControlStep.If.builder().from(i).then(withOnError(i.then(), victim))
            .otherwise(withOnError(i.otherwise(), victim)).build());
      } else {
        out.add(s);
      }
    }
    return out;
  }
}
