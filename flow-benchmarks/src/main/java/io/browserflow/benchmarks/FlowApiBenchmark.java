package io.browserflow.benchmarks;

import static io.browserflow.api.dsl.Dsl.*;

import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.dsl.FlowBuilder;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowValidator;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Setup;

/**
 * Reading and validating a 400-step flow (the default step limit), the cost every run, test and
 * CLI invocation pays before the first browser action. Goal: under 2 ms per read + validate.
 */
@BenchmarkMode(Mode.SampleTime)
public class FlowApiBenchmark extends MicroBenchmark {
  private String json;
  private Flow flow;

  @Setup
  public void setUp() {
    flow = fourHundredSteps();
    json = FlowJson.write(flow);
  }

  /** A realistic 400-step flow: 8 top-level sections, each a login-search-loop-check sequence with nesting. */
  static Flow fourHundredSteps() {
    FlowBuilder b = Flow.named("four hundred steps")
        .input("USER").input("QUERY", defaultValue("meter"))
        .credential("BASE_URL").credential("PASSWORD", secret())
        .table(List.of("DEVICE_ID", "CITY"), List.of(List.of("1000000150601081283", "Oslo"), List.of("2", "Lima")));
    int steps = 0;
    while (steps < 400) {
      b.open("${credential.BASE_URL}/login")
          .fill(testId("user").or(placeholder("User name")), "${USER}")
          .fill(label("Password"), "${credential.PASSWORD}")
          .click(role("button", "Sign in").or(css("form button[type=submit]")))
          .expect(urlMatches("${credential.BASE_URL}/home*")).timeoutMs(12_000)
          .fill(placeholder("Search"), "${QUERY}")
          .press("Enter").expect(visible(css("table.result tr")))
          .foreach(tableRows(), row -> row
              .fill(placeholder("Device ID"), "${loop.row.DEVICE_ID}")
              .click(testId("search")).retry(retryBackoff(2, 200))
              .ifThenElse(visible(css("table.result tr")),
                  then -> then.read(css("table.result td.total")).click(testId("save")).expect(textPresent("Saved")),
                  otherwise -> otherwise.screenshot()))
          .frame("iframe#detail")
          .click(testId("close").inFrame("iframe#inner")).frameMain();
      steps += 15;
    }
    Flow built = b.buildUnvalidated();
    // trim to exactly 400 steps, nested included
    List<Step> top = built.steps();
    int count = 0;
    int keep = 0;
    while (keep < top.size() && count + size(top.get(keep)) <= 400) {
      count += size(top.get(keep));
      keep++;
    }
    Flow.Builder trimmed = Flow.builder().from(built).steps(top.subList(0, keep));
    for (int i = count; i < 400; i++) {
      trimmed.addSteps(InteractionStep.Click.builder().id("pad-" + i).target(testId("pad")).build());
    }
    return FlowValidator.defaults().check(trimmed.build());
  }

  private static int size(Step s) {
    return s.accept(SIZE);
  }

  private static int size(List<Step> steps) {
    return steps.stream().mapToInt(FlowApiBenchmark::size).sum();
  }

  /** The step and the steps nested in it. */
  private static final StepVisitor<Integer> SIZE = new StepFamilyVisitor<>() {
    @Override public Integer visitForeach(ControlStep.Foreach s) { return 1 + size(s.body()); }
    @Override public Integer visitIf(ControlStep.If s) { return 1 + size(s.then()) + size(s.otherwise()); }

    // the flow above nests only foreach and if bodies: every other step counts as one
    @Override public Integer visitStep(Step step) { return 1; }
  };

  /** JSON text to a validated flow: parse, map, validate (incl. the canonical size check). */
  @Benchmark
  public Flow readAndValidate() {
    return FlowJson.read(json);
  }

  /** Validation alone on an already built flow. */
  @Benchmark
  public Object validateOnly() {
    return FlowValidator.defaults().validate(flow);
  }

  /** Canonical form, the basis of the digest. */
  @Benchmark
  public String canonical() {
    return FlowJson.canonical(flow);
  }
}
