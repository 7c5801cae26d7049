package io.browserflow.playwright;

import com.google.gson.JsonObject;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A page's device emulation (pixel ratio, mobile layout viewport, touch) set after its context was
 * created, through a DevTools session of the page's own (Chromium only): Playwright takes these
 * only when a context is created. The session stays open while the emulation applies.
 */
final class DeviceEmulation {
  private final CDPSession cdp;
  private boolean mobile;
  private boolean touch;

  private DeviceEmulation(CDPSession cdp) {
    this.cdp = cdp;
  }

  /** On the driver thread. */
  static DeviceEmulation open(Page page) {
    try {
      return new DeviceEmulation(page.context().newCDPSession(page));
    } catch (PlaywrightException e) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "emulating a device (deviceScaleFactor, mobile, touch) after the "
          + "context was created needs Chromium's DevTools protocol, which this browser does not offer; "
          + "give setViewport only width and height", Map.of());
    }
  }

  /** Applies the emulation; true when a page already shown must reload (mobile or touch changed). */
  boolean apply(int width, int height, OptionalDouble scale, boolean mobile, boolean touch) {
    JsonObject metrics = new JsonObject();
    metrics.addProperty("width", width);
    metrics.addProperty("height", height);
    metrics.addProperty("deviceScaleFactor", scale.orElse(0)); // 0: the browser's own
    metrics.addProperty("mobile", mobile);
    cdp.send("Emulation.setDeviceMetricsOverride", metrics);
    JsonObject touchArgs = new JsonObject();
    touchArgs.addProperty("enabled", touch);
    cdp.send("Emulation.setTouchEmulationEnabled", touchArgs);
    boolean changed = mobile != this.mobile || touch != this.touch;
    this.mobile = mobile;
    this.touch = touch;
    return changed && !"about:blank".equals(cdpUrl());
  }

  private String cdpUrl() {
    JsonObject r = cdp.send("Runtime.evaluate", expression("location.href"));
    return r.getAsJsonObject("result").get("value").getAsString();
  }

  private static JsonObject expression(String js) {
    JsonObject o = new JsonObject();
    o.addProperty("expression", js);
    o.addProperty("returnByValue", true);
    return o;
  }

  /** Ends the emulation: the viewport size alone from now on. */
  void clear(int width, int height) {
    try {
      cdp.send("Emulation.clearDeviceMetricsOverride");
      JsonObject touchArgs = new JsonObject();
      touchArgs.addProperty("enabled", false);
      cdp.send("Emulation.setTouchEmulationEnabled", touchArgs);
      cdp.detach();
    } catch (PlaywrightException e) {
      // the page is gone: nothing is emulated any more
    }
  }
}
