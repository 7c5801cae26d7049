package io.browserflow.samples;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.FrameLocator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.Policy;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.playwright.LocalSite;
import io.browserflow.playwright.PlaywrightDriver;
import io.browserflow.playwright.recorder.FlowDraft;
import io.browserflow.playwright.recorder.Recorder;
import io.browserflow.playwright.recorder.RecorderOptions;
import io.browserflow.playwright.recorder.Recording;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A person's session on the demo app, recorded and replayed: sign in, search a device, rebind its
 * meter in the detail dialog's iframe, close the dialog, connect the shadow-DOM widget. The replay
 * on a fresh page must end where the person ended.
 */
@Tag("browser")
class DemoAppRecordingTest {
  private static final String STATE = "JSON.stringify({url: location.pathname + location.hash,"
      + " title: (document.querySelector('[data-testid=page-title]') || {}).textContent,"
      + " user: (document.querySelector('[data-testid=current-user]') || {}).textContent,"
      + " widget: (() => { const w = document.querySelector('device-status'); const s = w && w.shadowRoot"
      + "   && w.shadowRoot.querySelector('[data-testid=widget-state]'); return s ? s.textContent : null; })()})";

  @Test
  void should_replay_a_recorded_demo_session_to_the_same_state() {
    try (LocalSite site = LocalSite.classpath("demo-app", getClass().getClassLoader(), 0);
         Playwright pw = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")))) {
      Browser browser = pw.chromium().launch(new BrowserType.LaunchOptions()
          .setExecutablePath(PlaywrightDriver.findChromium().orElseThrow()).setHeadless(true));
      BrowserContext context = browser.newContext();
      Page page = context.newPage();
      Recording rec = Recorder.start(RecorderOptions.builder().page(page).name("Rebind a meter").parameterize(true).build());
      page.navigate(site.url() + "/index.html");
      page.getByTestId("username").pressSequentially("demo");
      page.getByTestId("password").pressSequentially("demo-pass");
      page.getByTestId("sign-in").click();
      page.waitForURL("**/app.html#/");
      page.getByTestId("nav-devices").click();
      page.getByTestId("device-id").pressSequentially("1000000150601081271");
      page.getByTestId("search").click();
      page.getByTestId("detail-1000000150601081271").click();
      FrameLocator detail = page.frameLocator("iframe[name=detail-frame]");
      detail.getByTestId("new-meter").pressSequentially("3300100259999");
      detail.getByTestId("reason").focus();
      page.keyboard().press("ArrowDown");
      detail.getByTestId("confirm").check();
      detail.getByTestId("save").click();
      page.getByTestId("dialog-close").click();
      page.getByTestId("nav-tools").click();
      page.getByTestId("widget-toggle").click();
      page.waitForTimeout(200);
      String expected = String.valueOf(page.evaluate(STATE));
      FlowDraft draft = rec.stop();
      context.close();

      String json = FlowJson.write(draft.flow());
      assertThat(json).doesNotContain("demo-pass");
      assertThat(draft.flow().steps().stream().map(s -> s.kind().op()).collect(Collectors.toList())).as(json)
          .containsExactly("open", "fill", "fill", "click", "click", "fill", "click", "click", "frame", "fill", "select",
              "check", "click", "frameMain", "click", "click", "click");
      assertThat(((PageStep.Frame) draft.flow().steps().get(8)).locator()).isEqualTo("iframe[name=\"detail-frame\"]");
      assertThat(draft.flow().steps().get(3).expect()).extracting(Object::toString).singleElement()
          .satisfies(c -> assertThat(c).contains("**/app.html#/"));
      assertThat(draft.quality()).isNotEqualTo(Quality.BLOCKED);

      Flow probe = Flow.builder().from(draft.flow())
          .policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build())
          .addSteps(DataStep.Eval.builder().id("probe").script(STATE).build())
          .build();
      try (PlaywrightDriver driver = PlaywrightDriver.launch();
           FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
        RunResult r = engine.run(probe, Inputs.builder().input("BASE_URL", site.url()).credential("PASSWORD", "demo-pass").build(),
            RunOptions.builder().allow(Capability.SCRIPT_EVAL).build());
        assertThat(r.succeeded()).as(json + r.toJson()).isTrue();
        assertThat(r.outputs().get("steps.probe.result")).isEqualTo(expected);
      }
      assertThat(expected).contains("\"user\":\"demo\"");
    }
  }
}
