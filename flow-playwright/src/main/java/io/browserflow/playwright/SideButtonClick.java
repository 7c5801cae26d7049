package io.browserflow.playwright;

import com.google.gson.JsonObject;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.BoundingBox;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import java.util.Locale;
import java.util.Map;

/**
 * A click with the back or forward mouse button, which Playwright does not have: after Playwright's
 * actionability checks (a trial click: attached, visible, stable, enabled, receiving events, scrolled
 * into view) the press and release are dispatched through the DevTools protocol
 * ({@code Input.dispatchMouseEvent}) at the element's center or the step's offset. Chromium only.
 */
final class SideButtonClick {
  private SideButtonClick() {}

  static void press(Page page, Locator loc, InteractionStep.Click s, double ms) {
    boolean back = s.button() == Step.MouseButton.BACK;
    String button = back ? "back" : "forward";
    CDPSession cdp;
    try {
      cdp = page.context().newCDPSession(page);
    } catch (PlaywrightException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the " + button + " mouse button needs a Chromium browser "
          + "(pressed through the DevTools protocol): " + Failures.summary(e),
          Map.of(FlowException.Details.STEP_ID, s.id(), FlowException.Details.TARGET, s.target().describe()));
    }
    try {
      Locator.ClickOptions trial = new Locator.ClickOptions().setTrial(true).setTimeout(ms);
      s.offset().ifPresent(p -> trial.setPosition(p.x(), p.y()));
      loc.click(trial);
      BoundingBox box = loc.boundingBox(new Locator.BoundingBoxOptions().setTimeout(ms));
      if (box == null) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "the element of " + s.target().describe()
            + " has no box to press the " + button + " button on", Map.of(FlowException.Details.TARGET, s.target().describe()));
      }
      double x = box.x + s.offset().map(p -> p.x()).orElse(box.width / 2);
      double y = box.y + s.offset().map(p -> p.y()).orElse(box.height / 2);
      int modifiers = modifiers(s);
      cdp.send("Input.dispatchMouseEvent", event("mouseMoved", x, y, "none", 0, 0, modifiers));
      cdp.send("Input.dispatchMouseEvent", event("mousePressed", x, y, button, back ? 8 : 16, 1, modifiers));
      s.delay().ifPresent(page::waitForTimeout);
      cdp.send("Input.dispatchMouseEvent", event("mouseReleased", x, y, button, 0, 1, modifiers));
    } finally {
      try {
        cdp.detach();
      } catch (PlaywrightException e) {
        // the page went away with the click (e.g. it navigated back): nothing to detach from
      }
    }
  }

  private static JsonObject event(String type, double x, double y, String button, int buttons, int clicks, int modifiers) {
    JsonObject o = new JsonObject();
    o.addProperty("type", type);
    o.addProperty("x", x);
    o.addProperty("y", y);
    o.addProperty("button", button);
    o.addProperty("buttons", buttons);
    o.addProperty("clickCount", clicks);
    o.addProperty("modifiers", modifiers);
    return o;
  }

  /** The DevTools modifier bit mask: Alt 1, Control 2, Meta 4, Shift 8. */
  private static int modifiers(InteractionStep.Click s) {
    int mask = 0;
    for (String m : s.modifiers()) {
      mask |= switch (m.trim().toLowerCase(Locale.ROOT)) {
        case "alt" -> 1;
        case "control", "ctrl" -> 2;
        case "meta", "command", "cmd" -> 4;
        case "shift" -> 8;
        default -> throw new FlowRunException(ErrorCode.ACTION_FAILED, "unknown modifier key '" + m
            + "' (Alt, Control, Meta or Shift)");
      };
    }
    return mask;
  }
}
