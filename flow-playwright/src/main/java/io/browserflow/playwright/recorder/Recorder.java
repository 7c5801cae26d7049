package io.browserflow.playwright.recorder;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.browserflow.api.FlowRunException;
import io.browserflow.playwright.BrowserNotFoundException;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Records what a person does in a browser as a flow draft.
 *
 * <pre>{@code
 * // a headed Chromium for a person
 * Recording rec = Recorder.start(RecorderOptions.builder().url("http://127.0.0.1:8080/index.html").build());
 * FlowDraft draft = rec.awaitStop();                 // stop() from a UI, or the person closes the window
 * Files.writeString(Path.of("login.flow.json"), FlowJson.write(draft.flow()));
 *
 * // attached to a page a framework or a test drives (same thread)
 * Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
 * page.getByPlaceholder("User name").pressSequentially("demo");
 * FlowDraft draft = rec.stop();
 * }</pre>
 *
 * <p>What it captures, in every frame (same- and cross-origin) and every open shadow root, from
 * trusted user events only: clicks (left, middle, with modifiers), double and right clicks, typing
 * (one {@code fill} per field), select/check/uncheck, Enter/Escape/Tab and shortcuts, hovers that
 * open something, page and container scrolls, drags, file choices ({@code upload} from an input),
 * popups (bound to a tab alias on the click that opened them) and navigations. A click or key
 * that navigates becomes the action plus {@code expect url <glob>} (ids, numbers and uuids in the
 * URL generalized), never a {@code navigate}. Frames become {@code frame(<owner selector>)} steps,
 * never runtime frame ids. Clicks on loading masks and overlays are skipped with a warning.
 *
 * <p>Targets get candidates in this order, each kept only when it matches exactly one element in
 * its frame and shadow scope when recorded: test id, stable id, role and accessible name,
 * {@code name}, label, placeholder, short text, then the shortest unique css (positional only as a
 * last resort, which lint reports as {@code UNSTABLE_SELECTOR}).
 *
 * <p>Native dialogs: an alert, confirm or prompt is declared on the step that opened it, with its
 * message and the answer given (OK or Cancel, the text typed into a prompt). In a browser the
 * recorder launched headed, the person answers dialogs in the window, and a "leave this page?"
 * ({@code beforeunload}) is recorded on the step that left the page (Leave) or asked to (Stay).
 * Attached to a page or context, whoever owns it answers dialogs (Playwright dismisses them when
 * nothing listens), and {@code beforeunload} is not recorded.
 *
 * <p>Secrets: what is typed into password, one-time-code and card fields never leaves the page;
 * the step fills {@code ${credential.<KEY>}} from a declared secret credential.
 */
public final class Recorder {
  private Recorder() {}

  /**
   * Starts recording: attached to {@link RecorderOptions#page()} or {@link RecorderOptions#context()}
   * when given (on the caller's thread), else in a Chromium launched for it (headed unless
   * {@link RecorderOptions#headless()}).
   *
   * @throws BrowserNotFoundException when no Chromium can be found to launch
   * @throws FlowRunException ({@code ACTION_FAILED}) when Playwright's driver does not start
   */
  public static Recording start(RecorderOptions options) {
    if (options.page().isPresent()) {
      Page page = options.page().get();
      return Recording.attach(options, page.context(), page, direct(), () -> {}, false);
    }
    if (options.context().isPresent()) {
      BrowserContext context = options.context().get();
      Page main = context.pages().isEmpty() ? context.newPage() : context.pages().get(0);
      return Recording.attach(options, context, main, direct(), () -> {}, false);
    }
    return launch(options);
  }

  private static Recording.Runner direct() {
    return new Recording.Runner() {
      @Override
      public <T> T call(Supplier<T> work) {
        return work.get();
      }
    };
  }

  private static Recording launch(RecorderOptions options) {
    Path exe = PlaywrightDriver.chromiumFor(LaunchOptions.builder().executablePath(options.executablePath())
        .headless(options.headless()).build());
    Pump pump = new Pump();
    Recording.Runner runner = pump::call;
    try {
      return pump.call(() -> {
        Playwright pw = PlaywrightDriver.createPlaywright();
        try {
          Browser browser = pw.chromium().launch(new BrowserType.LaunchOptions().setExecutablePath(exe).setHeadless(options.headless()));
          BrowserContext context = browser.newContext(new Browser.NewContextOptions().setViewportSize(null));
          Page page = context.newPage();
          Recording[] holder = new Recording[1];
          Runnable release = () -> {
            try {
              pw.close();
            } catch (RuntimeException e) {
              // already gone
            }
            pump.shutdown();
          };
          browser.onDisconnected(b -> {
            if (holder[0] != null) {
              holder[0].browserGone();
            }
          });
          holder[0] = Recording.attach(options, context, page, runner, release, !options.headless());
          pump.pumpWith(context, holder[0]::idle);
          return holder[0];
        } catch (RuntimeException e) {
          try {
            pw.close();
          } catch (RuntimeException ignored) {
            // already failing
          }
          throw e;
        }
      });
    } catch (RuntimeException e) {
      pump.shutdown();
      throw e;
    }
  }
}
