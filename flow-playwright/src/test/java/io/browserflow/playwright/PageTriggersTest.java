package io.browserflow.playwright;

import static io.browserflow.api.dsl.Dsl.*;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An application with a Playwright browser of its own navigates; the triggers start flows on the
 * engine's driver for the pages that match, with the URL as PAGE_URL.
 */
class PageTriggersTest extends ChromiumTest {

  @Test
  void should_start_the_flow_for_matching_pages_of_the_application_context_only() {
    server.page("/orders/17", page("Order 17", "<h1 id='n'>Order 17</h1>"));
    server.page("/orders/18", page("Order 18", "<h1 id='n'>Order 18</h1>"));
    server.page("/home", page("Home", "<p>home</p>"));
    Flow readOrder = Flow.named("read order").input(Input.builder().key("PAGE_URL").type(Input.Type.URL).build())
        .open("${PAGE_URL}").read(css("#n")).id("title").build();

    try (Playwright app = Playwright.create();
         Browser browser = app.chromium().launch(new BrowserType.LaunchOptions()
             .setExecutablePath(PlaywrightDriver.findChromium().orElseThrow()).setHeadless(true));
         BrowserContext context = browser.newContext();
         FlowEngine engine = FlowEngine.builder().driver(driver).build();
         PageTriggers triggers = PageTriggers.watch(context, engine)) {
      PageTriggers.Trigger orders = triggers.onPage(server.url("/orders/*"), readOrder, url -> Inputs.empty());
      Page page = context.newPage();
      page.navigate(server.url("/home"));
      page.navigate(server.url("/orders/17"));
      orders.enabled(false);
      page.navigate(server.url("/orders/18"));
      orders.enabled(true);
      Page second = context.newPage();
      second.navigate(server.url("/orders/18?from=list"));

      List<RunResult> results = orders.runs().stream().map(r -> r.await()).toList();

      assertThat(results).extracting(RunResult::status).containsExactly(RunStatus.SUCCEEDED, RunStatus.SUCCEEDED);
      assertThat(results).extracting(r -> r.outputs().get("steps.title.text")).containsExactly("Order 17", "Order 18");
      assertThat(orders.refusals()).isEmpty();
    }
  }
}
