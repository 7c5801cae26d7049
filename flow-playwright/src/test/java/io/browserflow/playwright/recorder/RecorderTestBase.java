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
import io.browserflow.api.PageStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.playwright.ChromiumTest;
import io.browserflow.playwright.PlaywrightDriver;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * Base of the recorder tests: a second Chromium, driven from the test thread like a person would
 * (Playwright's mouse and keyboard produce trusted events), records; the draft is then replayed on
 * a fresh page through the engine and the {@link ChromiumTest} driver, and both end states compared.
 * Test pages define {@code window.pageState()}, which returns their observable state as JSON.
 */
abstract class RecorderTestBase extends ChromiumTest {
  static Playwright userPlaywright;
  static Browser userBrowser;

  BrowserContext userContext;
  Page page;

  @BeforeAll
  static void launchUserBrowser() {
    userPlaywright = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
    userBrowser = userPlaywright.chromium().launch(new BrowserType.LaunchOptions()
        .setExecutablePath(PlaywrightDriver.findChromium().orElseThrow()).setHeadless(true));
  }

  @AfterAll
  static void closeUserBrowser() {
    if (userPlaywright != null) {
      userPlaywright.close();
      userPlaywright = null;
    }
  }

  @BeforeEach
  void openUserPage() {
    userContext = userBrowser.newContext();
    page = userContext.newPage();
  }

  @AfterEach
  void closeUserPage() {
    userContext.close();
  }

  /** The state the page itself reports (its pageState() function, in the main frame of {@code p}). */
  static String state(Page p) {
    return String.valueOf(p.evaluate("() => JSON.stringify(window.pageState())"));
  }

  /** Replays {@code flow} on a fresh page and returns the main tab's pageState() at the end. */
  String replayState(Flow flow, Inputs inputs) {
    Flow probe = Flow.builder().from(flow)
        .policy(Policy.builder().from(flow.policy().orElse(Policy.builder().build()))
            .addCapabilities(Capability.SCRIPT_EVAL).build())
        .addSteps(PageStep.TabSwitch.builder().id("probe-tab").alias("main").build(),
            PageStep.FrameMain.builder().id("probe-frame").build(),
            // a step's URL check holds once the navigation commits; the page's own script may not have run yet
            CheckStep.Wait.builder().id("probe-ready").until(io.browserflow.api.dsl.Dsl.expression(
                "typeof window.pageState === 'function'")).build(),
            DataStep.Eval.builder().id("probe").script("JSON.stringify(window.pageState())").build())
        .build();
    try (FlowEngine engine = FlowEngine.builder().driver(driver).uploadRoots(tempDir).build()) {
      RunResult r = engine.run(probe, inputs, RunOptions.builder().allow(Capability.SCRIPT_EVAL, Capability.FILE_UPLOAD)
          .build());
      assertThat(r.succeeded()).as("replay of\n%s\n%s", FlowJson.write(flow), r.toJson()).isTrue();
      return r.outputs().get("steps.probe.result");
    }
  }

  String replayState(Flow flow) {
    return replayState(flow, Inputs.builder().build());
  }
}
