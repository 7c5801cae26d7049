package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Page;
import io.browserflow.engine.spi.DriverSession;
import java.util.Map;
import java.util.function.Function;

/**
 * What BrowserFlow's live session ({@code playwright.recorder.BrowserSession}) reads of the pages of a
 * session this driver opened, beside the steps it runs on that session: snapshots with refs, frame
 * and tab listings, element reads. It is for looking only: everything a live session does to a page
 * is a step run through the engine on the same session, as in any run.
 */
public final class LiveView {
  private LiveView() {}

  /**
   * The session's pages as {@code work} sees them, on the driver's thread: the current tab's page,
   * the current frame context and every tab's page by alias (in binding order), with the current
   * tab's alias.
   */
  public record Pages(Page page, Frame frame, Map<String, Page> tabs, String current) {}

  /**
   * Runs {@code work} on the driver's thread with the pages of {@code session}, which a
   * {@link PlaywrightDriver} opened; Playwright's exceptions pass through. A frame context that left
   * the page is reset to the main frame, and {@code FRAME_CONTEXT_LOST} is thrown.
   *
   * @throws IllegalArgumentException when another driver opened {@code session}
   */
  public static <T> T read(DriverSession session, Function<Pages, T> work) {
    if (!(session instanceof PlaywrightSession playwright)) {
      throw new IllegalArgumentException("a live view needs a session of the Playwright driver, not "
          + session.getClass().getName());
    }
    return playwright.inspect(work);
  }
}
