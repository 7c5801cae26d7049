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
 * What a session leaves behind or reports besides the page: screenshots (password fields and the
 * requested targets painted over), completed downloads and the requests network deny mode blocked.
 */
final class Artifacts {
  static final String MASK_COLOR = "#FF00FF";
  private static final double SCREENSHOT_TIMEOUT_MS = 15_000;

  private final SessionState state;
  private final TargetResolver resolver;

  Artifacts(SessionState state, TargetResolver resolver) {
    this.state = state;
    this.resolver = resolver;
  }

  Path screenshot(ScreenshotRequest request) {
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
   * matches, in every frame of the page (the field may sit in a frame entered earlier), and every
   * password field. Over-masking is the safe side.
   */
  private List<Locator> masks(List<Target> targets) {
    List<Locator> out = new ArrayList<>();
    for (Frame f : state.page().frames()) {
      if (f.isDetached()) {
        continue;
      }
      out.add(f.locator("input[type=password]"));
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
