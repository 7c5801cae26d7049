package io.browserflow.benchmarks;

import static io.browserflow.api.dsl.Dsl.css;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.browserflow.api.Flow;
import io.browserflow.api.dsl.FlowBuilder;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Engine vs hand-written Playwright: a 200-step fill/click/press/select flow on one page, replayed
 * through the engine and the same actions written directly against Playwright with the same
 * locators, alternating in one JVM; prints the median times and their ratio. Goal: engine at most
 * 1.10 x raw Playwright.
 *
 * <pre>./mvnw -q -pl flow-benchmarks -am install -DskipTests &&
 * ./mvnw -q -pl flow-benchmarks exec:java -Dexec.mainClass=io.browserflow.benchmarks.PlaywrightOverhead</pre>
 */
public final class PlaywrightOverhead {
  private static final int FIELDS = 10;
  private static final int STEPS = 200;

  private PlaywrightOverhead() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    LocalPage server = new LocalPage(page());
    String url = server.url();
    Flow flow = flow(url);
    List<Long> engineMs = new ArrayList<>();
    List<Long> rawMs = new ArrayList<>();
    try (PlaywrightDriver driver = PlaywrightDriver.launch();
         FlowEngine engine = FlowEngine.builder().driver(driver).build();
         Playwright playwright = Playwright.create();
         Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
             .setExecutablePath(driver.executable().orElse(Paths.get("/usr/bin/chromium"))))) {
      engine.run(flow, Inputs.empty()); // warm up both
      raw(browser, url);
      for (int r = 0; r < rounds; r++) {
        long t0 = System.nanoTime();
        RunResult result = engine.run(flow, Inputs.empty());
        long t1 = System.nanoTime();
        if (!result.succeeded()) {
          throw new IllegalStateException("the engine run failed: " + result.errorMessage().orElse(""));
        }
        raw(browser, url);
        long t2 = System.nanoTime();
        engineMs.add((t1 - t0) / 1_000_000);
        rawMs.add((t2 - t1) / 1_000_000);
        System.out.printf("round %d: engine %d ms, raw Playwright %d ms%n", r + 1, engineMs.get(r), rawMs.get(r));
      }
    } finally {
      server.close();
    }
    long e = median(engineMs);
    long p = median(rawMs);
    System.out.printf("%d steps, %d rounds: median engine %d ms, raw Playwright %d ms, ratio %.2f%n",
        STEPS, rounds, e, p, (double) e / p);
  }

  static String page() {
    StringBuilder h = new StringBuilder("<!doctype html><title>bench</title><form onsubmit='return false'>");
    for (int i = 0; i < FIELDS; i++) {
      h.append("<input id='f").append(i).append("'>")
          .append("<select id='s").append(i).append("'><option value='a'>A</option><option value='b'>B</option></select>")
          .append("<button type='button' id='b").append(i).append("' onclick=\"this.dataset.n=(+this.dataset.n||0)+1\">B")
          .append(i).append("</button>");
    }
    return h.append("</form>").toString();
  }

  static Flow flow(String url) {
    FlowBuilder b = Flow.named("overhead").open(url);
    for (int i = 0; i < STEPS; i++) {
      int f = i % FIELDS;
      switch (i % 4) {
        case 0: b.fill(css("#f" + f), "value " + i); break;
        case 1: b.click(css("#b" + f)); break;
        case 2: b.press(css("#f" + f), "End"); break;
        default: b.select(css("#s" + f), i % 8 == 3 ? "a" : "b"); break;
      }
    }
    return b.build();
  }

  static void raw(Browser browser, String url) {
    try (BrowserContext context = browser.newContext()) {
      Page page = context.newPage();
      page.navigate(url);
      for (int i = 0; i < STEPS; i++) {
        int f = i % FIELDS;
        switch (i % 4) {
          case 0: page.locator("#f" + f).fill("value " + i); break;
          case 1: page.locator("#b" + f).click(); break;
          case 2: page.locator("#f" + f).press("End"); break;
          default: page.locator("#s" + f).selectOption(i % 8 == 3 ? "a" : "b"); break;
        }
      }
    }
  }

  static long median(List<Long> values) {
    List<Long> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }
}
