package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.FrameLocator;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.browserflow.api.Candidate;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SecretMask;
import io.browserflow.engine.spi.SessionOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Traces of sessions with secrets: the page echoes a secret token as text, split over two elements,
 * in an attribute, on the console, in a request URL and in the page URL; the trace written holds it
 * in no entry and no form, and still opens in Playwright's trace viewer with its actions and the
 * snapshots of the steps that show no secret. Without the secrets, the same scan finds the token.
 */
@Tag("browser")
class PlaywrightTraceRedactionTest extends ChromiumTest {
  private static final String TOKEN = "tok-Zebra7351/Kite+q";
  private static final String ECHO = "<label>Token <input id=\"token\"></label> <button id=\"show\">Show</button>"
      + "<div id=\"out\"></div>"
      + "<script>document.getElementById('show').onclick = () => {"
      + " const t = document.getElementById('token').value;"
      + " const out = document.getElementById('out');"
      + " out.setAttribute('data-token', t);"
      + " out.innerHTML = '<p>Your token is <span id=\"echo\"></span></p><p id=\"split\"><b></b><i></i></p>';"
      + " document.getElementById('echo').textContent = t;"
      + " document.querySelector('#split b').textContent = t.slice(0, 8);"
      + " document.querySelector('#split i').textContent = t.slice(8);"
      + " console.log('the token is ' + t);"
      + " fetch('/api?token=' + encodeURIComponent(t));"
      + " history.replaceState(null, '', '?token=' + encodeURIComponent(t));"
      + "};</script>";

  private Path traced(SecretMask secrets) {
    server.page("/echo", page("Echo", ECHO));
    Path artifacts = tempDir.resolve("artifacts-" + (secrets.isEmpty() ? "plain" : "masked"));
    DriverSession s = driver.openSession(SessionOptions.builder().artifactsDir(artifacts).trace(true).secrets(secrets).build());
    try {
      s.open(server.url("/echo"), TIMEOUT);
      s.perform(InteractionStep.Fill.builder().id("token").target(css("#token")).value(TOKEN).build(), TIMEOUT);
      s.perform(InteractionStep.Click.builder().id("show").target(Target.of(Candidate.role("button", "Show"))).build(), TIMEOUT);
      s.eval("() => document.querySelector('#echo').textContent", TIMEOUT);
      s.screenshot(ScreenshotRequest.builder().file(artifacts.resolve("page.png")).build());
    } finally {
      s.close();
    }
    return artifacts.resolve("trace.zip");
  }

  private static Map<String, byte[]> entries(Path zip) throws Exception {
    Map<String, byte[]> out = new LinkedHashMap<>();
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        out.put(e.getName(), in.readAllBytes());
      }
    }
    return out;
  }

  /** The entries holding the token in any form the mask knows. */
  private static List<String> leaks(Map<String, byte[]> entries) {
    SecretMask scan = SecretMask.of(Set.of(TOKEN));
    List<String> out = new ArrayList<>();
    entries.forEach((name, bytes) -> {
      String text = new String(bytes, StandardCharsets.UTF_8);
      if (scan.containsSecret(text)) {
        out.add(name);
      }
    });
    return out;
  }

  @Test
  void should_write_a_trace_holding_the_secret_nowhere_that_the_viewer_still_opens() throws Exception {
    Path zip = traced(SecretMask.of(Set.of(TOKEN)));

    Map<String, byte[]> entries = entries(zip);
    assertThat(leaks(entries)).as("entries holding the token").isEmpty();
    assertThat(entries.keySet()).as("no screencast frames").noneMatch(n -> n.endsWith(".jpeg"));
    String events = new String(entries.get("trace.trace"), StandardCharsets.UTF_8);
    assertThat(events).contains("\"method\":\"fill\"").contains("\"value\":\"***\"")
        .as("the halves of the token the page split over two elements").doesNotContain(TOKEN.substring(0, 8))
        .doesNotContain(TOKEN.substring(8));

    try (TraceViewer viewer = TraceViewer.serve(zip, 0);
        Playwright pw = Playwright.create();
        Browser browser = pw.chromium().launch(new BrowserType.LaunchOptions().setExecutablePath(ChromiumSearch.ofThisMachine().find(java.util.Optional.empty())))) {
      assertThat(viewer.url().getHost()).isEqualTo("127.0.0.1");
      Page page = browser.newPage();
      page.navigate(viewer.url().toString());
      Locator titles = page.locator(".action-title");
      titles.first().waitFor();
      List<String> listed = titles.allInnerTexts();
      assertThat(String.join("\n", listed)).contains("Fill \"***\"").contains("Click").doesNotContain(TOKEN);

      page.locator(".action-title", new Page.LocatorOptions().setHasText("Click")).first().click();
      page.getByRole(com.microsoft.playwright.options.AriaRole.TAB,
          new Page.GetByRoleOptions().setName("Before")).click();
      FrameLocator snapshot = page.frameLocator("iframe.snapshot-visible[name=snapshot]");
      assertThat(snapshot.locator("#show").innerText()).as("the snapshot before the click is kept").isEqualTo("Show");
      assertThat(snapshot.locator("#token").inputValue()).as("the filled token").isEqualTo(SecretMask.MASK);
    }
  }

  @Test
  void should_find_the_token_everywhere_when_the_session_has_no_secrets() throws Exception {
    Map<String, byte[]> entries = entries(traced(SecretMask.none()));

    List<String> leaks = leaks(entries);
    assertThat(leaks).as("the scan finds what an unmasked trace holds")
        .contains("trace.trace", "trace.network");
    assertThat(entries.keySet()).anyMatch(n -> n.endsWith(".jpeg"));
    assertThat(new String(entries.get("trace.trace"), StandardCharsets.UTF_8)).as("the snapshots hold the split halves")
        .contains("\"" + TOKEN.substring(8) + "\"");
  }
}
