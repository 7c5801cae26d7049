package io.browserflow.engine.spi;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One isolated browser session: tabs bound to aliases, a current tab and a current frame context.
 * Everything the engine's interpreter does to a page goes through here. Values reaching a session
 * have their placeholders already resolved (secrets included, in memory only: a session never logs
 * values it types).
 *
 * <p>What every driver must do is declared here; optional features are small interfaces a session
 * implements besides this one ({@link DriverFeatures}: device and network emulation, http requests,
 * the clipboard, native dialogs, handing over storage, forking), which the engine checks before a
 * run's first step.
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

  /** The session's pages, history, tabs, frame context and viewport: what the methods below call. */
  Navigation navigation();

  /** {@link Navigation#open}: loads {@code url} in the current tab and waits for the load event. */
  default void open(String url, Duration timeout) {
    navigation().open(url, timeout);
  }

  /** {@link Navigation#navigate}: {@link #open}, named for a navigation within a flow. */
  default void navigate(String url, Duration timeout) {
    navigation().navigate(url, timeout);
  }

  /** {@link Navigation#back}. */
  default void back(Duration timeout) {
    navigation().back(timeout);
  }

  /** {@link Navigation#forward}. */
  default void forward(Duration timeout) {
    navigation().forward(timeout);
  }

  /** {@link Navigation#reload}. */
  default void reload(Duration timeout) {
    navigation().reload(timeout);
  }

  /** {@link Navigation#newTab}: opens a tab bound to {@code alias} (optionally loading {@code url}) and makes it current. */
  default void newTab(String alias, Optional<String> url, Duration timeout) {
    navigation().newTab(alias, url, timeout);
  }

  /** {@link Navigation#switchTab}: makes the tab bound to {@code alias} current. */
  default void switchTab(String alias) {
    navigation().switchTab(alias);
  }

  /** {@link Navigation#closeTab}: closes the tab bound to {@code alias} (the current one when empty). */
  default void closeTab(Optional<String> alias) {
    navigation().closeTab(alias);
  }

  /** {@link Navigation#enterFrame}: enters a frame of the current frame context. */
  default void enterFrame(String locator, Duration timeout) {
    navigation().enterFrame(locator, timeout);
  }

  /** {@link Navigation#mainFrame}: returns to the main frame of the current tab. */
  default void mainFrame() {
    navigation().mainFrame();
  }

  /** {@link Navigation#setViewport}. */
  default void setViewport(int width, int height) {
    navigation().setViewport(width, height);
  }

  /** {@link Navigation#state}: current tab, URL, title, frame path and open tabs. */
  default PageState state() {
    return navigation().state();
  }

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

  /** {@link Navigation#currentUrl}: the current tab's URL. */
  default String currentUrl() {
    return navigation().currentUrl();
  }

  // ------------------------------------------------------------------ elements

  /** Waits until a candidate matches exactly one element and reports the resolution (no action). */
  Resolution resolve(Target target, Duration timeout);

  /**
   * Performs an interaction ({@link InteractionStep}: click, dblclick, contextmenu, hover, mouse, fill,
   * change, type, press, select, check, uncheck, toggle, scroll, drag, upload); drivers dispatch it with
   * an {@link io.browserflow.api.InteractionStepVisitor}, which has one method per interaction kind.
   * A click with {@code newTab} binds the popup it opens to that alias.
   */
  ActionResult perform(InteractionStep step, Duration timeout);

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

  /**
   * Spaces this session's requests per origin with {@code pacer} (the engine calls it on the sessions
   * of concurrent foreach iterations when a minimum interval is configured). This default does
   * nothing: a driver whose sessions send no network requests has nothing to space.
   */
  default void pace(OriginPacer pacer) {}

  /** Closes the session and its tabs. */
  @Override
  void close();
}
