package io.browserflow.playwright.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.Policy;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.playwright.ChromiumTest;
import io.browserflow.playwright.PlaywrightDriver;
import io.browserflow.playwright.TestServer;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** Random sequences of user actions on a form, recorded and replayed, end in the same page state. */
@Tag("browser")
class RecorderReplayProperties {
  static final String FORM = ChromiumTest.page("Random form",
      "<form onsubmit=\"event.preventDefault(); log('submit ' + v('a'))\">"
          + "<input id=\"a\" aria-label=\"First\"><input id=\"b\" placeholder=\"Second\"><textarea id=\"c\" aria-label=\"Third\"></textarea>"
          + "<label><input type=\"checkbox\" id=\"d\"> Dee</label><label><input type=\"checkbox\" id=\"e\"> Eee</label>"
          + "<select id=\"f\" aria-label=\"Letter\"><option>x</option><option>y</option><option>z</option></select>"
          + "<label><input type=\"radio\" name=\"g\" id=\"g1\"> G one</label><label><input type=\"radio\" name=\"g\" id=\"g2\"> G two</label>"
          + "</form>"
          + "<button id=\"add\" onclick=\"log('add ' + v('a') + '|' + v('b') + '|' + v('c'))\">Add</button>"
          + "<button id=\"clear\" onclick=\"document.getElementById('b').value = ''; log('clear')\">Clear</button>"
          + "<pre id=\"log\"></pre>"
          + "<script>function v(id){ return document.getElementById(id).value; }"
          + "function log(s){ document.getElementById('log').textContent += s + '\\n'; }"
          + "window.pageState = () => ({log: document.getElementById('log').textContent,"
          + " values: ['a','b','c','f'].map(v), checks: ['d','e','g1','g2'].map(id => document.getElementById(id).checked)});"
          + "</script>");

  static TestServer server;
  static PlaywrightDriver driver;
  static Playwright userPlaywright;
  static Browser userBrowser;

  @BeforeContainer
  static void start() {
    server = new TestServer();
    server.page("/random.html", FORM);
    driver = PlaywrightDriver.launch();
    userPlaywright = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
    userBrowser = userPlaywright.chromium().launch(new BrowserType.LaunchOptions()
        .setExecutablePath(PlaywrightDriver.findChromium().orElseThrow()).setHeadless(true));
  }

  @AfterContainer
  static void stop() {
    userPlaywright.close();
    driver.close();
    server.close();
  }

  /** One thing a person does on the form. */
  interface Action {
    void apply(Page page);
  }

  static Action named(String name, java.util.function.Consumer<Page> body) {
    return new Action() {
      @Override
      public void apply(Page page) {
        body.accept(page);
      }

      @Override
      public String toString() {
        return name;
      }
    };
  }

  @Provide
  Arbitrary<List<Action>> sessions() {
    Arbitrary<String> field = Arbitraries.of("#a", "#b", "#c");
    Arbitrary<String> text = Arbitraries.strings().withChars("abc xyz").ofMinLength(1).ofMaxLength(5);
    Arbitrary<Action> type = Combinators.combine(field, text).as((f, t) -> named("type " + t + " into " + f,
        p -> p.locator(f).pressSequentially(t)));
    Arbitrary<Action> clear = field.map(f -> named("clear " + f, p -> p.locator(f).fill("")));
    Arbitrary<Action> toggle = Arbitraries.of("#d", "#e", "#g1", "#g2").map(c -> named("click " + c, p -> p.click(c)));
    Arbitrary<Action> choose = Arbitraries.of("ArrowDown", "ArrowUp").map(k -> named("letter " + k, p -> {
      p.focus("#f");
      p.keyboard().press(k);
    }));
    Arbitrary<Action> button = Arbitraries.of("#add", "#clear").map(b -> named("click " + b, p -> p.click(b)));
    Arbitrary<Action> enter = Arbitraries.just(named("enter in #a", p -> p.locator("#a").press("Enter")));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, type), net.jqwik.api.Tuple.of(1, clear), net.jqwik.api.Tuple.of(2, toggle),
        net.jqwik.api.Tuple.of(2, choose), net.jqwik.api.Tuple.of(2, button), net.jqwik.api.Tuple.of(1, enter))
        .list().ofMinSize(1).ofMaxSize(8);
  }

  @Property(tries = 8)
  void recorded_sessions_replay_to_the_same_state(@ForAll("sessions") List<Action> session) {
    BrowserContext context = userBrowser.newContext();
    try {
      Page page = context.newPage();
      Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
      page.navigate(server.url("/random.html"));
      session.forEach(a -> a.apply(page));
      String expected = String.valueOf(page.evaluate("() => JSON.stringify(window.pageState())"));
      FlowDraft draft = rec.stop();

      Flow probe = Flow.builder().from(draft.flow())
          .policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build())
          .addSteps(DataStep.Eval.builder().id("probe").script("JSON.stringify(window.pageState())").build())
          .build();
      try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
        RunResult r = engine.run(probe, Inputs.builder().build(), RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());
        assertThat(r.succeeded()).as("%s%n%s", FlowJson.write(draft.flow()), r.toJson()).isTrue();
        assertThat(r.outputs().get("steps.probe.result")).as("session %s%n%s", session, FlowJson.write(draft.flow()))
            .isEqualTo(expected);
      }
    } finally {
      context.close();
    }
  }
}
