package io.browserflow.playwright;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.Condition;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.Forks;
import io.browserflow.engine.spi.HandsOverStorage;
import io.browserflow.engine.spi.AnswersDialogs;
import io.browserflow.engine.spi.HasClipboard;
import io.browserflow.engine.spi.SendsHttp;
import io.browserflow.engine.spi.EmulatesNetwork;
import io.browserflow.engine.spi.EmulatesDevice;
import io.browserflow.engine.spi.Navigation;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.PageActivity;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SecretMask;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A {@link DriverSession} over one Playwright browser context. Every browser call runs on the
 * driver's thread ({@link DriverThread}); the session's own state (tabs, frame context) is touched
 * only by the thread using the session, inside those calls.
 *
 * <p>The session hands each section of the SPI to its part, all sharing one {@link SessionState}:
 * {@link Tabs} (pages, tabs, frames, viewport), {@link ElementActions} ({@code perform}),
 * {@link Reads} ({@code read}, {@code scrape}), {@link Conditions} ({@code test}, {@code await},
 * {@code eval}) and {@link Artifacts} (screenshots, downloads, blocked requests). Targets and frame
 * locators are resolved under the strict rule by {@link TargetResolver}. The session itself opens
 * forks and closes.
 */
final class PlaywrightSession implements DriverSession, EmulatesDevice, EmulatesNetwork, SendsHttp, HasClipboard,
    AnswersDialogs, HandsOverStorage, Forks {
  /** How long after an action {@link #quiesce} waits for what it set going. */
  static final long ACTION_ECHO_MS = 150;
  private static final Duration FORK_OPEN_TIMEOUT = Duration.ofSeconds(30);

  private final SessionState state;
  private final boolean fork;
  private final Runnable onClose;
  private final TargetResolver resolver;
  private final Tabs tabs;
  private final ElementActions actions;
  private final Reads reads;
  private final Conditions conditions;
  private final Artifacts artifacts;
  private final NetworkEmulation network;
  private final HttpCalls http;

  PlaywrightSession(SharedContext shared, String alias, Page page, boolean fork, Runnable onClose) {
    this.fork = fork;
    this.onClose = onClose;
    shared.downloads.watch(page);
    this.state = new SessionState(shared, alias, page);
    this.resolver = new TargetResolver(state);
    this.tabs = new Tabs(state, resolver);
    this.actions = new ElementActions(state, resolver);
    this.reads = new Reads(state, resolver);
    this.conditions = new Conditions(state, resolver);
    this.artifacts = new Artifacts(state, resolver);
    this.network = new NetworkEmulation(state);
    this.http = new HttpCalls(state);
    shared.thread.joined();
  }

  /** Runs {@code work} on the driver thread with this session's pages ({@link LiveView}). */
  <T> T inspect(java.util.function.Function<LiveView.Pages, T> work) {
    return state.raw(() -> {
      Page page = state.page();
      com.microsoft.playwright.Frame frame;
      try {
        frame = state.contextFrame();
      } catch (FlowRunException e) {
        state.resetFrame();
        throw e;
      }
      java.util.Map<String, Page> tabs = new java.util.LinkedHashMap<>();
      for (String alias : state.aliases()) {
        tabs.put(alias, state.tab(alias).page());
      }
      return work.apply(new LiveView.Pages(page, frame, java.util.Collections.unmodifiableMap(tabs), state.current()));
    });
  }

  /** On the driver thread. */
  SharedContext shared() {
    return state.shared;
  }

  // =================================================================== pages and tabs

  @Override
  public Navigation navigation() {
    return tabs;
  }

  @Override
  public void setViewport(int width, int height, OptionalDouble deviceScaleFactor, boolean mobile, boolean touch) {
    tabs.emulateDevice(width, height, deviceScaleFactor, mobile, touch);
  }

  @Override
  public void emulateNetwork(boolean offline, java.util.OptionalInt downloadBytesPerSecond,
      java.util.OptionalInt uploadBytesPerSecond, java.util.OptionalInt latencyMs) {
    network.emulate(offline, downloadBytesPerSecond, uploadBytesPerSecond, latencyMs);
  }

  /** For the driver's own tests: {@code work} on the current page, on the driver thread. */
  <T> T withPage(java.util.function.Function<Page, T> work) {
    return state.call(() -> work.apply(state.page()));
  }

  @Override
  public DriverSession fork(String alias) {
    return fork(alias, io.browserflow.engine.spi.OriginPacer.none());
  }

  @Override
  public DriverSession fork(String alias, io.browserflow.engine.spi.OriginPacer pacer) {
    String url = state.call(() -> state.page().url());
    if (state.shared.lanes != null) {
      return laneFork(alias, url, pacer);
    }
    PlaywrightSession forked = state.call(() -> {
      Page p;
      try {
        p = state.shared.context.newPage();
      } catch (PlaywrightException e) {
        throw Failures.actionFailed("opening a tab for a concurrent session", e);
      }
      return new PlaywrightSession(state.shared, alias, p, true, () -> { });
    });
    if (pacer.paces()) {
      forked.pace(pacer);
    }
    return showing(forked, url);
  }

  /**
   * A concurrent iteration's session: a browser context of its own, on a driver thread of its own,
   * starting with this session's cookies and local storage (copied in memory) and its current page.
   */
  private DriverSession laneFork(String alias, String url, io.browserflow.engine.spi.OriginPacer pacer) {
    io.browserflow.engine.spi.StorageState copied = storageState();
    io.browserflow.engine.spi.SessionOptions parent = state.shared.options;
    DriverSession lane = state.shared.lanes.apply(io.browserflow.engine.spi.SessionOptions.builder().from(parent)
        .artifactsDir(state.shared.artifacts.resolve("iterations").resolve(alias)).trace(false)
        .storageState(copied).secrets(parent.secrets().and(copied.secrets())).build());
    if (pacer.paces()) {
      try {
        lane.pace(pacer);
      } catch (RuntimeException e) {
        lane.close();
        throw e;
      }
    }
    return showing(lane, url);
  }

  /** {@code fork} with the parent's page {@code url} opened, if it is one a fork can load; closed if that fails. */
  private static DriverSession showing(DriverSession fork, String url) {
    if (url.startsWith("http:") || url.startsWith("https:") || url.startsWith("file:")) {
      try {
        fork.open(url, FORK_OPEN_TIMEOUT);
      } catch (RuntimeException e) {
        fork.close();
        throw e;
      }
    }
    return fork;
  }

  // =================================================================== elements

  @Override
  public Resolution resolve(Target target, Duration timeout) {
    return resolver.resolve(target, timeout);
  }

  @Override
  public ActionResult perform(InteractionStep step, Duration timeout) {
    try {
      return actions.perform(step, timeout);
    } finally {
      if (step.kind() == Step.Kind.CLICK || step.kind() == Step.Kind.DBLCLICK || step.kind() == Step.Kind.PRESS) {
        state.shared.lastActionNanos = System.nanoTime(); // what starts a download: a click, or a key on a link
      }
    }
  }

  @Override
  public ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout) {
    return reads.read(target, what, attribute, timeout);
  }

  @Override
  public ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit, Duration timeout) {
    return reads.scrape(target, mode, attributes, limit, timeout);
  }

  // =================================================================== conditions

  @Override
  public boolean test(Condition condition) {
    return conditions.test(condition);
  }

  @Override
  public void await(Condition condition, Duration timeout) {
    conditions.await(condition, timeout);
  }

  // =================================================================== everything else

  @Override
  public String eval(String script, Duration timeout) {
    return conditions.eval(script);
  }

  @Override
  public io.browserflow.engine.spi.HttpExchange.Response http(io.browserflow.engine.spi.HttpExchange.Request request,
      Duration timeout) {
    return http.send(request, timeout);
  }

  @Override
  public String clipboardRead(Duration timeout) {
    return http.clipboardRead();
  }

  @Override
  public void clipboardWrite(String text, Duration timeout) {
    http.clipboardWrite(text);
  }

  @Override
  public Path screenshot(ScreenshotRequest request) {
    return artifacts.screenshot(request);
  }

  @Override
  public PageActivity drainActivity() {
    return state.shared.activity.drain();
  }

  @Override
  public void discardTrace() {
    state.shared.discardTrace = true;
  }

  @Override
  public void addSecrets(SecretMask secrets) {
    state.shared.addSecrets(secrets);
  }

  @Override
  public List<DownloadInfo> downloads() {
    return artifacts.downloads();
  }

  /**
   * Pumps Playwright's events until the last click or key press is {@value #ACTION_ECHO_MS} ms old (a
   * download it set going is announced a few ms after it, with no request event of its own) and no
   * request sent in the last five seconds awaits its answer (an older long poll does not hold the
   * run), or {@code max} has passed.
   */
  @Override
  public void quiesce(Duration max) {
    long until = System.nanoTime() + max.toNanos();
    long acted = state.shared.lastActionNanos;
    long echo = ACTION_ECHO_MS * 1_000_000L;
    long window = Duration.ofSeconds(5).toNanos();
    try {
      state.call(() -> state.page().evaluate("0"));
      while ((acted != 0 && System.nanoTime() - acted < echo || state.shared.activity.awaiting(window) > 0)
          && System.nanoTime() - until < 0) {
        state.call(() -> {
          state.page().waitForTimeout(25);
          return null;
        });
      }
    } catch (RuntimeException closedOrGone) {
      // a closed page has nothing in flight any more
    }
  }

  /**
   * The requests blocked so far. Playwright hands route events to Java only while Java is inside a
   * Playwright call, so one cheap round trip first delivers those still in flight (a request a page
   * script started just before).
   */
  @Override
  public List<String> blockedRequests() {
    if (state.shared.guard != null) {
      try {
        state.call(() -> state.page().evaluate("0"));
      } catch (RuntimeException closedOrGone) {
        // a closed page has nothing in flight any more
      }
    }
    return artifacts.blockedRequests();
  }

  /**
   * Spaces the requests of this iteration's session per origin: every request (documents,
   * sub-resources, fetches) waits for its slot before it goes on to the network guard, if any. A
   * session of its own context paces the whole context (popups too), a tab fork only its tab.
   */
  @Override
  public void pace(io.browserflow.engine.spi.OriginPacer pacer) {
    java.util.function.Consumer<com.microsoft.playwright.Route> handler = route -> {
      try {
        pacer.await(route.request().url());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      route.fallback();
    };
    try {
      state.run(() -> {
        if (fork) {
          state.page().route("**/*", handler);
        } else {
          state.shared.context.route("**/*", handler);
        }
      });
    } catch (PlaywrightException e) {
      throw Failures.actionFailed("spacing the iteration's requests", e);
    }
  }

  /** The context's cookies and local storage, from Playwright's {@code storageState()} (in memory, no file). */
  @Override
  public io.browserflow.engine.spi.StorageState storageState() {
    String json;
    try {
      json = state.call(() -> state.shared.context.storageState());
    } catch (PlaywrightException e) {
      throw Failures.actionFailed("reading the session's cookies and storage", e);
    }
    return io.browserflow.engine.spi.StorageState.of(json);
  }

  @Override
  public void armDialogs(List<io.browserflow.api.Dialog> dialogs) {
    state.shared.dialogs.plan.arm(dialogs);
  }

  @Override
  public List<io.browserflow.engine.spi.SeenDialog> settleDialogs(Duration timeout) {
    io.browserflow.engine.spi.DialogPlan dialogs = state.shared.dialogs.plan;
    if (!dialogs.settled() && !timeout.isZero()) {
      // Playwright delivers a dialog only while a call is in progress: wait inside one
      Deadline d = Deadline.in(timeout);
      state.run(() -> {
        Page p = state.page();
        while (!dialogs.settled() && !d.expired()) {
          try {
            p.waitForTimeout(Math.min(25, Math.max(1, d.remainingMs())));
          } catch (com.microsoft.playwright.PlaywrightException e) {
            return; // the page closed: what it showed is in the list
          }
        }
      });
    }
    return dialogs.seen();
  }

  @Override
  public void close() {
    if (state.closed()) {
      return;
    }
    try {
      state.shared.thread.run(() -> {
        if (fork) {
          for (Page p : state.pages()) {
            try {
              p.close();
            } catch (PlaywrightException e) {
              // already gone
            }
          }
        } else {
          try {
            state.shared.close();
          } catch (PlaywrightException e) {
            // the browser may be gone already; nothing left to release
          }
        }
      });
    } catch (FlowRunException e) {
      // the driver is closed: its browser took the context with it
    } finally {
      if (state.markClosed()) {
        state.shared.thread.left();
      }
      onClose.run();
    }
  }
}
