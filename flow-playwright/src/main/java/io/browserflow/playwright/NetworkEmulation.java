package io.browserflow.playwright;

import com.google.gson.JsonObject;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.Map;
import java.util.OptionalInt;
import java.util.WeakHashMap;

/**
 * A session's network emulation ({@code emulateNetwork}). Offline is the browser context's
 * ({@code BrowserContext.setOffline}, every browser): it applies to every page of the context, the
 * forks' too, and to pages opened later. Throttling is the current page's, through a DevTools
 * session of its own ({@code Network.emulateNetworkConditions}, Chromium only), kept open while
 * the throttling applies, as puppeteer's {@code page.emulateNetworkConditions} does; the real
 * network again ends every throttling of the session and detaches its DevTools sessions.
 *
 * <p>Playwright applies offline through DevTools too, and in Chromium the last conditions sent for
 * a page win: offline is therefore also sent through a throttled page's own session, and
 * throttling is sent after the context is set back online.
 */
final class NetworkEmulation {
  private final SessionState state;
  private final Map<Page, CDPSession> throttled = new WeakHashMap<>();

  NetworkEmulation(SessionState state) {
    this.state = state;
  }

  void emulate(boolean offline, OptionalInt download, OptionalInt upload, OptionalInt latency) {
    state.run(() -> {
      if (offline) {
        state.shared.context.setOffline(true);
        throttled.values().forEach(cdp -> send(cdp, true, -1, -1, 0));
      } else if (download.isEmpty() && upload.isEmpty() && latency.isEmpty()) {
        throttled.values().forEach(cdp -> {
          send(cdp, false, -1, -1, 0);
          detach(cdp);
        });
        throttled.clear();
        state.shared.context.setOffline(false);
      } else {
        state.shared.context.setOffline(false);
        Page p = state.page();
        CDPSession cdp = throttled.get(p);
        if (cdp == null) {
          cdp = open(p);
          throttled.put(p, cdp);
        }
        send(cdp, false, download.orElse(-1), upload.orElse(-1), latency.orElse(0));
      }
    });
  }

  /** On the driver thread. */
  private static CDPSession open(Page page) {
    try {
      return page.context().newCDPSession(page);
    } catch (PlaywrightException e) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "throttling the network (downloadBytesPerSecond, "
          + "uploadBytesPerSecond, latencyMs) needs Chromium's DevTools protocol, which this browser does not offer; "
          + "offline works in every browser", Map.of());
    }
  }

  /** {@code -1}: that direction unthrottled. */
  private static void send(CDPSession cdp, boolean offline, int download, int upload, int latency) {
    JsonObject args = new JsonObject();
    args.addProperty("offline", offline);
    args.addProperty("latency", latency);
    args.addProperty("downloadThroughput", download);
    args.addProperty("uploadThroughput", upload);
    try {
      cdp.send("Network.emulateNetworkConditions", args);
    } catch (PlaywrightException e) {
      throw Failures.actionFailed("emulating network conditions", e);
    }
  }

  private static void detach(CDPSession cdp) {
    try {
      cdp.detach();
    } catch (PlaywrightException e) {
      // the page is gone: nothing is throttled there any more
    }
  }
}
