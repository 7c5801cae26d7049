package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.ScreenshotRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a session leaves behind or reports besides the page: screenshots (password fields, the
 * requested targets and every element showing one of the run's secrets painted over), completed
 * downloads and the requests network deny mode blocked.
 */
final class Artifacts {
  static final String MASK_COLOR = "#FF00FF";
  /** Set for the time of a screenshot on the elements that show a secret. */
  private static final String SECRET_ATTR = "data-browserflow-secret";
  /**
   * Marks every element, in the document and its open shadow roots, whose value or attributes hold a
   * secret form, or whose text does while no child element's does (the deepest one showing it,
   * also when the secret is split over child nodes).
   */
  private static final String MARK_SECRETS = "forms => {"
      + " const hit = s => typeof s === 'string' && s.length > 0 && forms.some(f => s.includes(f));"
      + " let n = 0;"
      + " const visit = root => { for (const el of root.querySelectorAll('*')) {"
      + "   let show = hit(el.value);"
      + "   if (!show) for (const a of el.attributes) { if (hit(a.value)) { show = true; break; } }"
      + "   if (!show && hit(el.textContent) && ![...el.children].some(c => hit(c.textContent))) show = true;"
      + "   if (show) { el.setAttribute('" + SECRET_ATTR + "', ''); n++; }"
      + "   if (el.shadowRoot) visit(el.shadowRoot); } };"
      + " visit(document); return n; }";
  private static final double SCREENSHOT_TIMEOUT_MS = 15_000;

  private final SessionState state;
  private final TargetResolver resolver;

  Artifacts(SessionState state, TargetResolver resolver) {
    this.state = state;
    this.resolver = resolver;
  }

  Path screenshot(ScreenshotRequest request) {
    boolean marked = markSecrets();
    try {
      return take(request);
    } finally {
      if (marked) {
        unmarkSecrets();
      }
    }
  }

  /** On the driver thread: marks the elements that show a secret, in every frame; whether any frame was marked. */
  private boolean markSecrets() {
    if (state.shared.secrets().isEmpty()) {
      return false;
    }
    return state.call(() -> {
      boolean any = false;
      for (Frame f : state.page().frames()) {
        if (f.isDetached()) {
          continue;
        }
        try {
          any |= ((Number) f.evaluate(MARK_SECRETS, state.shared.secrets().forms())).intValue() > 0;
        } catch (PlaywrightException e) {
          // a frame navigating away shows nothing of this page in the screenshot
        }
      }
      return any;
    });
  }

  private void unmarkSecrets() {
    state.run(() -> {
      for (Frame f : state.page().frames()) {
        try {
          f.locator("[" + SECRET_ATTR + "]").evaluateAll("els => els.forEach(e => e.removeAttribute('" + SECRET_ATTR + "'))");
        } catch (PlaywrightException e) {
          // the page went away: nothing left marked
        }
      }
    });
  }

  private Path take(ScreenshotRequest request) {
    Path file = request.file().toAbsolutePath();
    try {
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot create the directory of " + file + ": " + e.getMessage());
    }
    if (request.target().isPresent()) {
      resolver.act(request.target().get(), Duration.ofMillis((long) SCREENSHOT_TIMEOUT_MS), (loc, ms) -> {
        loc.screenshot(new Locator.ScreenshotOptions().setPath(file).setTimeout(ms)
            .setMask(masks(request.mask())).setMaskColor(MASK_COLOR));
        return null;
      }, false);
      return file;
    }
    state.run(() -> {
      try {
        state.page().screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(request.fullPage())
            .setMask(masks(request.mask())).setMaskColor(MASK_COLOR).setTimeout(SCREENSHOT_TIMEOUT_MS));
      } catch (PlaywrightException e) {
        throw Failures.actionFailed("the screenshot", e);
      }
    });
    return file;
  }

  /**
   * On the driver thread: what a screenshot paints over: every element any candidate of a mask target
   * matches, in every frame of the page (the field may sit in a frame entered earlier), every
   * password field, and every element marked as showing a secret. Over-masking is the safe side.
   */
  private List<Locator> masks(List<Target> targets) {
    List<Locator> out = new ArrayList<>();
    for (Frame f : state.page().frames()) {
      if (f.isDetached()) {
        continue;
      }
      out.add(f.locator("input[type=password]"));
      out.add(f.locator("[" + SECRET_ATTR + "]"));
      for (Target t : targets) {
        for (Candidate c : t.candidates()) {
          try {
            out.add(CandidateLocators.locate(f, t.shadowPath(), c));
          } catch (FlowRunException e) {
            // a candidate that cannot become a locator (unknown role) matches nothing to mask
          }
        }
      }
    }
    return out;
  }

  List<DownloadInfo> downloads() {
    return state.call(() -> {
      state.shared.downloads.settle();
      return state.shared.downloads.completed();
    });
  }

  List<String> blockedRequests() {
    return state.shared.guard == null ? List.of() : state.shared.guard.blocked();
  }
}
