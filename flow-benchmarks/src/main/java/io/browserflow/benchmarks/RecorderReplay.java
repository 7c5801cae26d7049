package io.browserflow.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.TraceMode;
import io.browserflow.formats.FlowFormats;
import io.browserflow.playwright.ActionStats;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A 200-step Chrome Recorder recording (clicks on buttons, inputs and checkboxes, changes of inputs
 * and a select, key presses, a final expression wait) replayed three ways on one local page:
 * <ul>
 *   <li>imported by BrowserFlow and run by its engine on the Playwright driver, a fresh browser
 *       context per run, with the defaults that make a run diagnosable switched on (trace on
 *       failure, console and network capture) and post-conditions checked;</li>
 *   <li>the same actions written by hand with Playwright Java locators ({@code click}, {@code fill},
 *       {@code selectOption}, {@code keyboard().press}, {@code waitForFunction}) on one reused page;</li>
 *   <li>{@code @puppeteer/replay} (the reference replayer under {@code reference/}, when its
 *       {@code node_modules} are installed) on the same recording file.</li>
 * </ul>
 * Engine and hand-written rounds alternate in one JVM; every round's end state (counters, values,
 * checked boxes) is compared with the other side's, so a fast run that did less is refused. Prints
 * ms per recorded step per side, per operation, the ratios, and how many actions took the driver's
 * fast path and how many fell back to Playwright's own waiting (and why).
 *
 * <p>Two page mixes: {@code tuned} (the one the fast path was tuned on) and {@code fresh} (a page
 * never used for tuning: nested layout, labels, scrolled-out targets, spans inside buttons).
 *
 * <pre>./mvnw -q -pl flow-benchmarks exec:java -Dexec.mainClass=io.browserflow.benchmarks.RecorderReplay
 *     [-Dexec.args="ROUNDS tuned|fresh"]</pre>
 */
public final class RecorderReplay {
  private static final int BLOCKS = 20; // 10 recorded steps each

  private RecorderReplay() {}

  /** One recorded step, for the hand-written side and the per-operation table. */
  private record Action(String op, String css, String value) {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    String mix = args.length > 1 ? args[1] : "tuned";
    LocalPage server = new LocalPage(mix.equals("fresh") ? freshPage() : tunedPage());
    String url = server.url();
    List<Action> actions = new ArrayList<>();
    recording(url, actions, mix.equals("fresh"), null); // the actions only
    Path dir = Files.createTempDirectory("browserflow-bench");
    Path file = dir.resolve("recording.json");
    int recorded = actions.size() + 1; // and the final wait
    RunOptions options = RunOptions.builder().allow(Capability.SCRIPT_EVAL).trace(args.length > 2 ? TraceMode.valueOf(args[2]) : TraceMode.ON_FAILURE).build();

    List<Double> engineMs = new ArrayList<>();
    List<Double> rawMs = new ArrayList<>();
    Map<String, List<Double>> engineOps = new LinkedHashMap<>();
    Map<String, List<Double>> rawOps = new LinkedHashMap<>();
    ActionStats stats;
    try (PlaywrightDriver driver = PlaywrightDriver.launch();
         FlowEngine engine = FlowEngine.builder().driver(driver).build();
         Playwright playwright = Playwright.create();
         Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
             .setExecutablePath(driver.executable().orElse(Paths.get("/usr/bin/chromium"))))) {
      Page page = browser.newContext(new Browser.NewContextOptions().setViewportSize(1000, 700)).newPage();
      // the hand-written side's end state is what the recording's final wait requires of every replayer
      String expected = raw(page, url, actions, new LinkedHashMap<>(), null);
      actions.clear();
      Files.writeString(file, recording(url, actions, mix.equals("fresh"), expected));
      Flow flow = FlowFormats.read(file).value();
      check(engine.run(flow, Inputs.empty(), options)); // warm up both
      raw(page, url, actions, new LinkedHashMap<>(), expected);
      ActionStats before = driver.actionStats();
      for (int r = 0; r < rounds; r++) {
        long t0 = System.nanoTime();
        RunResult result = engine.run(flow, Inputs.empty(), options);
        long t1 = System.nanoTime();
        check(result);
        Map<String, List<Double>> ops = new LinkedHashMap<>();
        raw(page, url, actions, ops, expected);
        long t2 = System.nanoTime();
        engineMs.add((t1 - t0) / 1e6);
        rawMs.add((t2 - t1) / 1e6);
        for (StepResult s : result.steps()) {
          engineOps.computeIfAbsent(s.op(), k -> new ArrayList<>()).add((double) s.tookMs());
        }
        ops.forEach((k, v) -> rawOps.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        System.out.printf("round %d: engine %.0f ms, hand-written %.0f ms%n", r + 1, engineMs.get(r), rawMs.get(r));
      }
      stats = driver.actionStats().minus(before);
    }
    double e = median(engineMs) / recorded;
    double p = median(rawMs) / recorded;
    System.out.printf("%n%s page, %d recorded steps, %d rounds (median):%n", mix, recorded, rounds);
    System.out.printf("  BrowserFlow engine      %6.2f ms/step%n", e);
    System.out.printf("  hand-written Playwright %6.2f ms/step%n", p);
    System.out.printf("  ratio engine / hand-written: %.2f%n", e / p);
    System.out.println("\nper operation (mean ms, engine step vs hand-written call):");
    for (String op : engineOps.keySet()) {
      System.out.printf("  %-10s engine %6.2f (%d)%n", op, mean(engineOps.get(op)), engineOps.get(op).size() / rounds);
    }
    for (String op : rawOps.keySet()) {
      System.out.printf("  %-10s hand   %6.2f (%d)%n", op, mean(rawOps.get(op)), rawOps.get(op).size() / rounds);
    }
    System.out.printf("%nactions: %s%n", stats);
    Double puppeteer;
    try {
      puppeteer = puppeteer(file, rounds, recorded);
    } finally {
      server.close();
    }
    if (puppeteer != null) {
      System.out.printf("  @puppeteer/replay       %6.2f ms/step (engine %.1f x faster)%n", puppeteer, puppeteer / e);
    }
  }

  private static void check(RunResult result) {
    if (!result.succeeded()) {
      throw new IllegalStateException("the engine run failed: " + result.errorMessage().orElse(""));
    }
  }

  // =================================================================== pages

  /** The page the fast path was tuned on: flat form, ids on everything. */
  static String tunedPage() {
    StringBuilder h = new StringBuilder("<!doctype html><title>bench</title><form onsubmit='return false'>");
    for (int i = 0; i < 10; i++) {
      h.append("<label>Field ").append(i).append(" <input id='f").append(i).append("'></label>")
          .append("<label><input type='checkbox' id='c").append(i).append("'> Box ").append(i).append("</label>")
          .append("<select id='s").append(i).append("' aria-label='Choice ").append(i)
          .append("'><option value='a'>A</option><option value='b'>B</option></select>")
          .append("<button type='button' id='b").append(i).append("' onclick=\"this.dataset.n=(+this.dataset.n||0)+1\">B")
          .append(i).append("</button><br>");
    }
    return h.append("</form>").toString();
  }

  /** A page the fast path was not tuned on: nested cards, spans in buttons, a long page that scrolls, a transition on hover. */
  static String freshPage() {
    StringBuilder h = new StringBuilder("<!doctype html><title>fresh</title><style>"
        + ".card{margin:40px;padding:12px;border:1px solid #999;border-radius:6px}"
        + "button{transition:background-color .2s}button:hover{background:#cde}"
        + ".spacer{height:300px}</style><main>");
    for (int i = 0; i < 10; i++) {
      h.append("<section class='card'><h2>Card ").append(i).append("</h2>")
          .append("<div><label for='f").append(i).append("'>Name ").append(i).append("</label> <input id='f").append(i)
          .append("' placeholder='name ").append(i).append("'></div>")
          .append("<div><input type='checkbox' id='c").append(i).append("'><label for='c").append(i).append("'>Agree ")
          .append(i).append("</label></div>")
          .append("<div><select id='s").append(i).append("' title='pick ").append(i)
          .append("'><option value='a'>Alpha</option><option value='b'>Beta</option></select></div>")
          .append("<div><button type='button' id='b").append(i).append("' onclick=\"this.dataset.n=(+this.dataset.n||0)+1\">")
          .append("<span class='icon'>+</span> <span>Add ").append(i).append("</span></button></div>")
          .append("<div class='spacer'></div></section>");
    }
    return h.append("</main>").toString();
  }

  /** A fingerprint of everything the steps change, for comparing the sides' end states. */
  private static final String STATE_EXPRESSION = "[...document.querySelectorAll('button')].map(b => b.dataset.n || 0).join(',')"
      + " + '|' + [...document.querySelectorAll('input:not([type=checkbox])')].map(i => i.value).join(',')"
      + " + '|' + [...document.querySelectorAll('input[type=checkbox]')].map(c => c.checked ? 1 : 0).join('')"
      + " + '|' + [...document.querySelectorAll('select')].map(s => s.value).join('')";

  // =================================================================== the recording

  /**
   * The recording, its actions appended to {@code actions}; it ends waiting until the page's state
   * is {@code expected} (null: the actions only, no final wait).
   */
  private static String recording(String url, List<Action> actions, boolean fresh, String expected) throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<Object> steps = new ArrayList<>();
    steps.add(Map.of("type", "setViewport", "width", 1000, "height", 700, "deviceScaleFactor", 1,
        "isMobile", false, "hasTouch", false, "isLandscape", false));
    steps.add(Map.of("type", "navigate", "url", url));
    for (int block = 0; block < BLOCKS; block++) {
      int i = block % 10;
      int j = (block + 3) % 10;
      String button = fresh ? "Add " + i : "B" + i;
      steps.add(click("aria/" + button, "b" + i, fresh ? "span" : null, 20, 10));
      actions.add(new Action("click", "#b" + i, null));
      steps.add(click("aria/" + (fresh ? "Name " + i : "Field " + i), "f" + i, null, 10, 8));
      actions.add(new Action("click", "#f" + i, null));
      String v = "value " + block;
      steps.add(change("aria/" + (fresh ? "Name " + i : "Field " + i), "f" + i, v));
      actions.add(new Action("fill", "#f" + i, v));
      steps.add(Map.of("type", "keyDown", "target", "main", "key", "End"));
      steps.add(Map.of("type", "keyUp", "target", "main", "key", "End"));
      actions.add(new Action("press", null, "End"));
      actions.add(new Action("(keyUp)", null, null));
      steps.add(click("aria/" + (fresh ? "Agree " + i : "Box " + i), "c" + i, null, 6, 6));
      actions.add(new Action("click", "#c" + i, null));
      String option = block % 2 == 0 ? "b" : "a";
      steps.add(change("aria/" + (fresh ? "pick " + i : "Choice " + i), "s" + i, option));
      actions.add(new Action("select", "#s" + i, option));
      steps.add(click("aria/" + (fresh ? "Add " + j : "B" + j), "b" + j, null, 20, 10));
      actions.add(new Action("click", "#b" + j, null));
      steps.add(click("aria/" + (fresh ? "Name " + j : "Field " + j), "f" + j, null, 10, 8));
      actions.add(new Action("click", "#f" + j, null));
      steps.add(change("aria/" + (fresh ? "Name " + j : "Field " + j), "f" + j, v + "!"));
      actions.add(new Action("fill", "#f" + j, v + "!"));
    }
    if (expected != null) {
      String wait = "(" + STATE_EXPRESSION + ") === " + json.writeValueAsString(expected);
      steps.add(Map.of("type", "waitForExpression", "target", "main", "expression", wait));
      actions.add(new Action("wait", null, wait));
    }
    return json.writerWithDefaultPrettyPrinter().writeValueAsString(Map.of("title", "bench " + (fresh ? "fresh" : "tuned"),
        "timeout", 5000, "steps", steps));
  }

  private static Map<String, Object> click(String aria, String id, String inner, int x, int y) {
    String css = inner == null ? "#" + id : "#" + id + " > " + inner + ":nth-child(2)";
    return Map.of("type", "click", "target", "main", "offsetX", x, "offsetY", y, "selectors", List.of(
        List.of(aria), List.of(css), List.of("xpath///*[@id=\"" + id + "\"]"), List.of("pierce/" + css)));
  }

  private static Map<String, Object> change(String aria, String id, String value) {
    return Map.of("type", "change", "target", "main", "value", value, "selectors", List.of(
        List.of(aria), List.of("#" + id), List.of("xpath///*[@id=\"" + id + "\"]"), List.of("pierce/#" + id)));
  }

  // =================================================================== the hand-written side

  /** The recording's actions by hand on a reused page; returns the end state, which must be {@code expected} unless null. */
  private static String raw(Page page, String url, List<Action> actions, Map<String, List<Double>> ops, String expected) {
    long t = System.nanoTime();
    page.navigate(url);
    ops.computeIfAbsent("open", k -> new ArrayList<>()).add((System.nanoTime() - t) / 1e6);
    for (Action a : actions) {
      long t0 = System.nanoTime();
      switch (a.op()) {
        case "click" -> page.locator(a.css()).click();
        case "fill" -> page.locator(a.css()).fill(a.value());
        case "select" -> page.locator(a.css()).selectOption(a.value());
        case "press" -> page.keyboard().press(a.value());
        case "wait" -> page.waitForFunction(a.value());
        default -> { continue; }
      }
      ops.computeIfAbsent(a.op(), k -> new ArrayList<>()).add((System.nanoTime() - t0) / 1e6);
    }
    String state = String.valueOf(page.evaluate("() => " + STATE_EXPRESSION));
    if (expected != null && !expected.equals(state)) {
      throw new IllegalStateException("the hand-written side ended in " + state + ", not " + expected);
    }
    return state;
  }

  // =================================================================== the reference replayer

  /** Median ms per recorded step of @puppeteer/replay on the recording, or null when it is not installed. */
  private static Double puppeteer(Path recording, int rounds, int recorded) throws Exception {
    Path reference = Paths.get("reference").toAbsolutePath();
    if (!Files.isDirectory(reference.resolve("node_modules/@puppeteer/replay"))) {
      reference = Paths.get("..", "reference").toAbsolutePath().normalize();
    }
    if (!Files.isDirectory(reference.resolve("node_modules/@puppeteer/replay"))) {
      System.out.println("  @puppeteer/replay: not installed (npm ci --prefix reference), skipped");
      return null;
    }
    ObjectMapper json = new ObjectMapper();
    List<Object> entries = new ArrayList<>();
    for (int r = 0; r <= rounds; r++) { // the first is a warm-up
      entries.add(Map.of("id", "r" + r, "file", recording.toString()));
    }
    Path manifest = recording.resolveSibling("manifest.json");
    Path results = recording.resolveSibling("results.json");
    Files.writeString(manifest, json.writeValueAsString(Map.of("executablePath", "/usr/bin/chromium",
        "timeout", 5000, "recordings", entries)));
    Process p = new ProcessBuilder("node", reference.resolve("replay-recordings.mjs").toString(),
        manifest.toString(), results.toString()).inheritIO().start();
    if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IllegalStateException("@puppeteer/replay did not finish");
    }
    List<Double> millis = new ArrayList<>();
    JsonNode all = json.readTree(Files.readString(results, StandardCharsets.UTF_8));
    for (int i = 1; i < all.size(); i++) {
      if (!all.get(i).path("ok").asBoolean()) {
        throw new IllegalStateException("@puppeteer/replay failed: " + all.get(i).path("error").asText());
      }
      millis.add(all.get(i).path("millis").asDouble());
    }
    return median(millis) / recorded;
  }

  static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }
}
