package io.browserflow.engine.spi;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One isolated browser session: tabs bound to aliases, a current tab and a current frame context.
 * Everything the engine's interpreter does to a page goes through here. Values reaching a session
 * have their placeholders already resolved (secrets included, in memory only: a session never logs
 * values it types).
 *
 * <h2>Contract (checked by flow-testkit's {@code PageDriverContract})</h2>
 * <ul>
 *   <li><b>Strict unique matching.</b> A target's candidates are evaluated in the current frame
 *       context (then the target's own frame path and shadow path); the first candidate matching
 *       exactly one element wins; zero or several matches skip the candidate. Until the timeout
 *       elapses the session keeps re-evaluating; then it throws {@link TargetException}
 *       ({@code TARGET_NOT_FOUND} / {@code TARGET_AMBIGUOUS}) with every candidate's count. It never
 *       acts on the first of several. Open shadow roots are pierced by css, text, role, label,
 *       placeholder and test-id candidates.</li>
 *   <li><b>Actionable.</b> Interactions wait until the winning element is visible and enabled.</li>
 *   <li><b>Frame context</b> starts at the main frame and is reset to it by {@link #open},
 *       {@link #navigate}, {@link #back}, {@link #forward}, {@link #reload}, {@link #newTab},
 *       {@link #switchTab} and {@link #closeTab}.</li>
 *   <li><b>Errors</b> are {@link io.browserflow.api.FlowRunException}s with an
 *       {@link io.browserflow.api.ErrorCode}: {@code TARGET_*}, {@code FRAME_NOT_FOUND},
 *       {@code FRAME_AMBIGUOUS}, {@code FRAME_OWNER_NOT_IFRAME}, {@code FRAME_CONTEXT_LOST},
 *       {@code TAB_NOT_FOUND}, {@code NAVIGATION_TIMEOUT}, {@code TIMEOUT}, {@code CHECK_FAILED},
 *       {@code ACTION_FAILED}, {@code SCRIPT_ERROR}, {@code UNSUPPORTED_STEP}, {@code NETWORK_ATTEMPT}.</li>
 *   <li><b>No fixed sleeps</b>: waiting is always for a condition, bounded by the given timeout.</li>
 * </ul>
 */
public interface DriverSession extends AutoCloseable {

  // ------------------------------------------------------------------ pages and tabs

  /** Loads {@code url} in the current tab and waits for the load event. */
  void open(String url, Duration timeout);

  /** Same as {@link #open} but named for a navigation within a flow. */
  void navigate(String url, Duration timeout);

  void back(Duration timeout);

  void forward(Duration timeout);

  void reload(Duration timeout);

  /** Opens a new tab bound to {@code alias} (optionally loading {@code url}) and makes it current. */
  void newTab(String alias, Optional<String> url, Duration timeout);

  /**
   * Makes the tab bound to {@code alias} current; {@code TAB_NOT_FOUND} when none is. Tabs become
   * current only through this, {@link #newTab} and {@link #closeTab}: a popup opened by a click is
   * bound to its alias (binding an alias that is still open fails with {@code ACTION_FAILED}) but
   * does not become current.
   */
  void switchTab(String alias);

  /** Closes the tab bound to {@code alias} (the current one when empty); the opener or the last tab becomes current. */
  void closeTab(Optional<String> alias);

  /** Enters a frame of the current frame context: owner css, {@code selector:}, {@code url:<glob>} or {@code name:}. */
  void enterFrame(String locator, Duration timeout);

  /** Returns to the main frame of the current tab. */
  void mainFrame();

  void setViewport(int width, int height);

  /**
   * Resizes the viewport and emulates a device: its pixel ratio ({@code deviceScaleFactor}; the
   * browser's own when empty), a mobile layout viewport and touch input. A page already shown is
   * reloaded when {@code mobile} or {@code touch} changes. Drivers that cannot emulate a device
   * fail with {@code UNSUPPORTED_STEP}.
   */
  default void setViewport(int width, int height, OptionalDouble deviceScaleFactor, boolean mobile, boolean touch) {
    throw new io.browserflow.api.FlowRunException(io.browserflow.api.ErrorCode.UNSUPPORTED_STEP,
        "this page driver cannot emulate a device (deviceScaleFactor, mobile, touch); give setViewport only width and height",
        java.util.Map.of());
  }

  /**
   * Emulates network conditions for this session's pages from now on, until called again:
   * {@code offline} (loads and requests fail as they do without a network; no throughput is given
   * with it), or throttling to the given download and upload throughput (bytes per second) and
   * added latency (ms), each unthrottled when empty. Neither offline nor any value is the real
   * network again. Drivers that cannot emulate the network, or cannot throttle, fail with
   * {@code UNSUPPORTED_STEP}; this default names the driver's session class.
   */
  default void emulateNetwork(boolean offline, java.util.OptionalInt downloadBytesPerSecond,
      java.util.OptionalInt uploadBytesPerSecond, java.util.OptionalInt latencyMs) {
    throw new io.browserflow.api.FlowRunException(io.browserflow.api.ErrorCode.UNSUPPORTED_STEP,
        "this page driver (" + getClass().getName() + ") cannot emulate network conditions (emulateNetwork)",
        java.util.Map.of("driver", getClass().getName()));
  }

  /** Current tab, URL, title, frame path and open tabs. */
  PageState state();

  /**
   * Lets {@code duration} pass on the page: the engine's fixed {@code wait ms} step. Real drivers
   * wait in real time (the default); a simulated driver advances its own clock so delayed page
   * changes happen.
   */
  default void pause(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new io.browserflow.api.FlowRunException(io.browserflow.api.ErrorCode.ACTION_FAILED,
          "interrupted while waiting " + duration.toMillis() + " ms");
    }
  }

  /** The current tab's URL; drivers override this when it is cheaper than {@link #state()}. */
  default String currentUrl() {
    return state().url();
  }

  /**
   * A session for one worker of a concurrent {@code foreach}, usable from another thread, showing
   * the current tab's URL and starting with this session's cookies and storage: the engine runs
   * concurrent iterations on forks. How isolated it is belongs to the driver: the Playwright driver
   * gives each fork a browser context of its own on a driver thread of its own (the cookies and
   * local storage copied in memory), or, when it cannot start another driver, a new tab of this
   * context bound to {@code alias}. Closing the fork closes what it opened. Drivers that cannot do
   * this keep the default, which answers {@code UNSUPPORTED_STEP}; the engine then runs the
   * iterations one at a time and says so in the loop's result.
   */
  default DriverSession fork(String alias) {
    throw new io.browserflow.api.FlowRunException(io.browserflow.api.ErrorCode.UNSUPPORTED_STEP,
        "this driver cannot open a concurrent tab session");
  }

  /**
   * {@link #fork(String)} whose requests {@code pacer} spaces from the first one on (the fork's
   * own first page load included). This default forks, then {@link #pace(OriginPacer) paces}.
   */
  default DriverSession fork(String alias, OriginPacer pacer) {
    DriverSession fork = fork(alias);
    if (pacer.paces()) {
      fork.pace(pacer);
    }
    return fork;
  }

  // ------------------------------------------------------------------ elements

  /** Waits until a candidate matches exactly one element and reports the resolution (no action). */
  Resolution resolve(Target target, Duration timeout);

  /**
   * Performs an interaction step: click, dblclick, contextmenu, hover, fill, change, type, press, select,
   * check, uncheck, toggle, scroll, drag, upload. Other step kinds give {@code UNSUPPORTED_STEP}.
   * A click with {@code newTab} binds the popup it opens to that alias.
   */
  ActionResult perform(Step step, Duration timeout);

  /** Reads the text, value or an attribute of the target's element; a missing attribute reads as {@code ""}. */
  ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout);

  /** Extracts up to {@code limit} rows: table rows (header to cell), links (text, href) or attributes. */
  ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit, Duration timeout);

  // ------------------------------------------------------------------ conditions

  /**
   * Whether a page condition holds right now (no waiting). {@link Condition.Var} is the engine's
   * business: a session given one answers {@code UNSUPPORTED_STEP}. An element condition on a
   * target that does not resolve to exactly one element is false (hidden holds for an absent one).
   */
  boolean test(Condition condition);

  /** Waits until a page condition holds; {@code TIMEOUT} (with what was last seen) when it does not in time. */
  void await(Condition condition, Duration timeout);

  // ------------------------------------------------------------------ everything else

  /** Evaluates a script in the current frame and returns its result as text (JSON for objects). */
  String eval(String script, Duration timeout);

  /**
   * Adds the secrets of a run that uses this session: from then on screenshots paint over what shows
   * them, and the trace is stripped of them when the session closes. The engine calls it on every
   * session it runs a flow in, since a session may have been opened by someone else (a JUnit test's
   * context, a shared suite session) before the run's secrets were known. Drivers that write no
   * artifacts showing page content keep this default, which does nothing.
   */
  default void addSecrets(SecretMask secrets) {}

  /**
   * The trace recorded so far is not wanted (the run passed and traces are kept for failures only):
   * {@link #close()} saves none, which is cheaper than saving and deleting it. Drivers without
   * traces keep this default, which does nothing.
   */
  default void discardTrace() {}

  /**
   * What the session's pages reported since the last call (console errors and warnings, page
   * errors, failed or 4xx/5xx requests), and forgets it: the engine asks after each step, so each
   * step's result says what happened around it. Drivers that see no such activity keep this
   * default, which reports nothing.
   */
  default PageActivity drainActivity() {
    return PageActivity.none();
  }

  /** Takes a screenshot and returns the written file. */
  Path screenshot(ScreenshotRequest request);

  /** Downloads completed so far in this session. */
  List<DownloadInfo> downloads();

  /** Requests blocked by network deny mode so far (URLs without query strings). */
  List<String> blockedRequests();

  /**
   * Waits at most {@code max} until what the last step set going has arrived: requests the page sent
   * lately have their answers, and the downloads they turned into are announced. The engine calls it
   * once after the last step, when downloads or strictly denied requests would fail the run, so one
   * the last step caused is not missed. A driver whose events arrive synchronously keeps this default.
   */
  default void quiesce(Duration max) {}

  // ------------------------------------------------------------------ native dialogs

  /**
   * Arms the dialogs the next action opens, in order (their placeholders resolved), replacing what
   * was armed before. From now on, in every tab of the session, a dialog whose type and message
   * (when declared) match the next armed one is answered as declared, inside the dialog event;
   * any other dialog is dismissed (so the page goes on) and reported by {@link #settleDialogs}.
   * The engine arms before every leaf step, with an empty list for steps declaring none. A driver
   * that cannot answer dialogs keeps the default, which refuses a non-empty list with
   * {@code UNSUPPORTED_STEP}.
   */
  default void armDialogs(List<io.browserflow.api.Dialog> dialogs) {
    if (!dialogs.isEmpty()) {
      throw new io.browserflow.api.FlowRunException(io.browserflow.api.ErrorCode.UNSUPPORTED_STEP,
          "this driver cannot answer native dialogs");
    }
  }

  /**
   * The dialogs that appeared since the last {@link #armDialogs}, in order; first waits, up to
   * {@code timeout}, until every armed dialog has appeared (a dialog a click opens from a timer comes
   * after the click returns). Never throws for what it saw: the engine decides.
   */
  default List<SeenDialog> settleDialogs(Duration timeout) {
    return List.of();
  }

  /**
   * Spaces this session's requests per origin with {@code pacer} (the engine calls it on the sessions
   * of concurrent foreach iterations when a minimum interval is configured). This default does
   * nothing: a driver whose sessions send no network requests has nothing to space.
   */
  default void pace(OriginPacer pacer) {}

  /**
   * The session's cookies and local storage now, to start other sessions signed in
   * ({@link SessionOptions#storageState()}). This default says the driver cannot.
   *
   * @throws io.browserflow.api.FlowRunException ({@code UNSUPPORTED_STEP}) when the driver cannot hand it over
   */
  default StorageState storageState() {
    throw new io.browserflow.api.FlowRunException(io.browserflow.api.ErrorCode.UNSUPPORTED_STEP,
        getClass().getSimpleName() + " cannot hand over its cookies and storage, so a sign-in cannot be reused on this driver");
  }

  /**
   * Sends an http step's request with the session's cookies (a signed-in session carries over) and
   * the session's network rules: in network deny mode a request to an origin the session does not
   * allow is refused with {@code NETWORK_ATTEMPT} and listed in {@link #blockedRequests()}. Cookies
   * the response sets join the session. Drivers without a network keep this default, which
   * answers {@code UNSUPPORTED_STEP}.
   *
   * @throws io.browserflow.api.FlowRunException {@code TIMEOUT} when no response came in time,
   *     {@code ACTION_FAILED} when the request could not be sent
   */
  default HttpExchange.Response http(HttpExchange.Request request, Duration timeout) {
    throw new io.browserflow.api.FlowRunException(io.browserflow.api.ErrorCode.UNSUPPORTED_STEP,
        "this page driver (" + getClass().getName() + ") cannot send http requests (http)",
        java.util.Map.of("driver", getClass().getName()));
  }

  /**
   * Reads the clipboard's text, with the clipboard permission granted to the current page's origin
   * for this call only. Drivers without a clipboard keep this default ({@code UNSUPPORTED_STEP}).
   */
  default String clipboardRead(Duration timeout) {
    throw new io.browserflow.api.FlowRunException(io.browserflow.api.ErrorCode.UNSUPPORTED_STEP,
        "this page driver (" + getClass().getName() + ") has no clipboard (clipboard)",
        java.util.Map.of("driver", getClass().getName()));
  }

  /** Puts text on the clipboard, like {@link #clipboardRead}. */
  default void clipboardWrite(String text, Duration timeout) {
    throw new io.browserflow.api.FlowRunException(io.browserflow.api.ErrorCode.UNSUPPORTED_STEP,
        "this page driver (" + getClass().getName() + ") has no clipboard (clipboard)",
        java.util.Map.of("driver", getClass().getName()));
  }

  /** Closes the session and its tabs. */
  @Override
  void close();
}
