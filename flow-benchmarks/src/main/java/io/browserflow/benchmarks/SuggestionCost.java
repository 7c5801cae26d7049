package io.browserflow.benchmarks;

import io.browserflow.api.Candidate;
import io.browserflow.api.Flow;
import io.browserflow.api.Target;
import io.browserflow.api.dsl.FlowBuilder;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.playwright.PlaywrightDriver;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What repair suggestions cost: 100 clicks through the engine whose targets resolve on their first
 * candidate — alone, or with a second candidate never tried — against 100 clicks whose first
 * candidate matches nothing, so the second wins as a fallback and the page is ranked. Alternating in
 * one JVM, medians per step. Suggestions are computed only on the fallback and failure paths, so the
 * first two must cost the same.
 *
 * <pre>./mvnw -q -pl flow-benchmarks -am install -DskipTests &&
 * ./mvnw -q -pl flow-benchmarks exec:java -Dexec.mainClass=io.browserflow.benchmarks.SuggestionCost</pre>
 */
public final class SuggestionCost {
  private static final int STEPS = 100;
  private static final int BUTTONS = 10;

  private SuggestionCost() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    StringBuilder html = new StringBuilder("<!doctype html><title>suggestions</title><main>");
    for (int i = 0; i < BUTTONS; i++) {
      html.append("<button type='button' id='b").append(i).append("' onclick=\"this.dataset.n=(+this.dataset.n||0)+1\">Button ")
          .append(i).append("</button>");
    }
    LocalPage server = new LocalPage(html.append("</main>").toString());
    String url = server.url();
    Flow single = flow(url, i -> Target.of(Candidate.css("#b" + i)));
    Flow spare = flow(url, i -> Target.of(Candidate.css("#b" + i), Candidate.role("button", "Button " + i)));
    Flow fallback = flow(url, i -> Target.of(Candidate.testId("gone-" + i), Candidate.css("#b" + i)));
    List<List<Long>> ms = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    try (PlaywrightDriver driver = PlaywrightDriver.launch(); FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      List<Flow> flows = List.of(single, spare, fallback);
      flows.forEach(f -> check(engine.run(f, Inputs.empty()))); // warm up
      for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < flows.size(); k++) {
          long t0 = System.nanoTime();
          check(engine.run(flows.get(k), Inputs.empty()));
          ms.get(k).add((System.nanoTime() - t0) / 1_000_000);
        }
        System.out.printf("round %d: first candidate alone %d ms, first of two %d ms, fallback (ranked) %d ms%n",
            r + 1, ms.get(0).get(r), ms.get(1).get(r), ms.get(2).get(r));
      }
    } finally {
      server.close();
    }
    long a = PlaywrightOverhead.median(ms.get(0));
    long b = PlaywrightOverhead.median(ms.get(1));
    long c = PlaywrightOverhead.median(ms.get(2));
    System.out.printf("%d clicks, %d rounds, median per click: first candidate alone %.1f ms, first of two %.1f ms "
        + "(ratio %.2f), fallback with ranking %.1f ms (ratio %.2f)%n", STEPS, rounds, a / (double) STEPS, b / (double) STEPS,
        (double) b / a, c / (double) STEPS, (double) c / a);
  }

  private static Flow flow(String url, Function<Integer, Target> target) {
    FlowBuilder b = Flow.named("suggestion-cost").open(url);
    for (int i = 0; i < STEPS; i++) {
      b.click(target.apply(i % BUTTONS));
    }
    return b.build();
  }

  private static void check(RunResult r) {
    if (!r.succeeded()) {
      throw new IllegalStateException("the run failed: " + r.errorMessage().orElse(""));
    }
  }
}
