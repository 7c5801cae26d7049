package io.browserflow.testkit;

import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.Forks;
import io.browserflow.engine.spi.AnswersDialogs;
import io.browserflow.engine.spi.HasClipboard;
import io.browserflow.engine.spi.SendsHttp;
import io.browserflow.engine.spi.EmulatesNetwork;
import io.browserflow.engine.spi.HttpExchange;
import io.browserflow.engine.spi.Navigation;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SessionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The in-memory {@link DriverSession}: tabs of parsed documents driven on a virtual clock.
 *
 * <p>The session hands each section of the SPI to its part, all sharing one {@link SessionState}:
 * {@link Tabs} (pages, tabs, frames, viewport, the fixed wait), {@link ElementActions}
 * ({@code perform}), {@link Reads} ({@code read}, {@code scrape}), {@link ConditionProbe}
 * ({@code test}, {@code await}) and {@link Artifacts} (screenshots, downloads, blocked requests).
 * Targets and frame locators are resolved under the strict rule by {@link TargetResolver}; documents
 * are loaded, and the page's own navigations committed, by {@link PageLoader} under the
 * {@link NetworkGuard}. The session itself opens forks, answers {@code eval} and closes.
 */
final class InMemorySession implements DriverSession, EmulatesNetwork, SendsHttp, HasClipboard, AnswersDialogs,
    Forks {
  private static final Duration FORK_OPEN_TIMEOUT = Duration.ofMillis(Artifacts.SCREENSHOT_TIMEOUT_MS);

  private final SessionState state;
  /** The session's virtual clock (tests advance and inspect it). */
  final VirtualClock clock;
  private final PageLoader loader;
  private final TargetResolver resolver;
  private final Tabs tabs;
  private final ElementActions actions;
  private final Reads reads;
  private final ConditionProbe conditions;
  private final Artifacts artifacts;

  InMemorySession(InMemoryPageDriver driver, SessionOptions options) {
    this.state = new SessionState(driver, options);
    this.clock = state.clock;
    NetworkGuard network = new NetworkGuard(state);
    this.resolver = new TargetResolver(state);
    this.artifacts = new Artifacts(state, resolver);
    this.loader = new PageLoader(state, network, artifacts);
    this.tabs = new Tabs(state, loader, network);
    this.actions = new ElementActions(state, resolver, loader.behaviours, tabs);
    this.reads = new Reads(state, resolver, loader);
    this.conditions = new ConditionProbe(state, resolver);
    Tab main = new Tab("main", null);
    main.document = loader.load("about:blank", null, 0);
    state.tabs.put(main.alias, main);
    state.current = main;
  }

  // ------------------------------------------------------------------ pages and tabs

  @Override
  public Navigation navigation() {
    return tabs;
  }

  /** Advances the virtual clock: delayed page changes due meanwhile happen. */
  @Override
  public void pause(Duration duration) {
    tabs.pause(duration);
  }

  /**
   * A new session of the same driver showing the current tab's URL, bound to {@code alias}. The
   * in-memory driver has no cookies or storage to share, so a fork is a fresh page of the same URL.
   */
  @Override
  public DriverSession fork(String alias) {
    state.requireOpen();
    InMemorySession fork = (InMemorySession) state.driver.openSession(state.options);
    Tab tab = new Tab(alias, state.current.alias);
    tab.document = fork.loader.load("about:blank", null, 0);
    fork.state.tabs.clear();
    fork.state.tabs.put(alias, tab);
    fork.state.current = tab;
    fork.state.network = state.network; // the browser context's, shared as a real context's is
    String url = state.requireTab().document.url;
    if (!url.equals("about:blank")) {
      fork.open(url, FORK_OPEN_TIMEOUT);
    }
    return fork;
  }

  @Override
  public void emulateNetwork(boolean offline, java.util.OptionalInt downloadBytesPerSecond,
      java.util.OptionalInt uploadBytesPerSecond, java.util.OptionalInt latencyMs) {
    tabs.emulateNetwork(offline, downloadBytesPerSecond, uploadBytesPerSecond, latencyMs);
  }

  @Override
  public HttpExchange.Response http(HttpExchange.Request request, Duration timeout) {
    state.requireOpen();
    String url = request.url();
    new NetworkGuard(state).refuseExplicit(url, request.method());
    var endpoint = state.driver.endpoint(request.method(), url);
    if (endpoint == null) {
      return HttpExchange.Response.builder().status(404).putHeaders("content-type", "text/plain").body("Not Found").build();
    }
    return endpoint.apply(request);
  }

  @Override
  public String clipboardRead(Duration timeout) {
    state.requireOpen();
    return state.driver.clipboard().get();
  }

  @Override
  public void clipboardWrite(String text, Duration timeout) {
    state.requireOpen();
    state.driver.clipboard().set(text);
  }

  // ------------------------------------------------------------------ elements

  @Override
  public Resolution resolve(Target target, Duration timeout) {
    return resolver.resolve(target, timeout);
  }

  @Override
  public ActionResult perform(InteractionStep step, Duration timeout) {
    return actions.perform(step, timeout);
  }

  @Override
  public ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout) {
    return reads.read(target, what, attribute, timeout);
  }

  @Override
  public ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit, Duration timeout) {
    return reads.scrape(target, mode, attributes, limit, timeout);
  }

  // ------------------------------------------------------------------ conditions

  @Override
  public boolean test(Condition condition) {
    return conditions.test(condition);
  }

  @Override
  public void await(Condition condition, Duration timeout) {
    conditions.await(condition, timeout);
  }

  // ------------------------------------------------------------------ everything else

  /** Always {@code UNSUPPORTED_STEP}: the in-memory driver runs no scripts. */
  @Override
  public String eval(String script, Duration timeout) {
    state.requireOpen();
    throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
        "the in-memory driver runs no scripts; eval needs a browser driver", Map.of());
  }

  @Override
  public Path screenshot(ScreenshotRequest request) {
    return artifacts.screenshot(request);
  }

  @Override
  public List<DownloadInfo> downloads() {
    return artifacts.downloads();
  }

  @Override
  public List<String> blockedRequests() {
    return artifacts.blockedRequests();
  }

  @Override
  public void armDialogs(List<io.browserflow.api.Dialog> dialogs) {
    state.requireOpen();
    state.dialogs.arm(dialogs);
  }

  @Override
  public List<io.browserflow.engine.spi.SeenDialog> settleDialogs(Duration timeout) {
    // a dialog a timer opens comes on the virtual clock: let it run until the plan settles
    Deadline d = state.deadline(timeout);
    state.clock.waitFor(d.at(), () -> state.dialogs.settled() ? Optional.of(Boolean.TRUE) : Optional.empty());
    return state.dialogs.seen();
  }

  @Override
  public void close() {
    if (state.closed) {
      return;
    }
    for (Tab t : state.tabs.values()) {
      loader.unload(t.document);
    }
    state.tabs.clear();
    state.current = null;
    state.closed = true;
    state.driver.forget(this);
  }
}
