package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.engine.spi.Navigation;
import io.browserflow.engine.spi.PageState;
import io.browserflow.testkit.TargetResolver.FrameLookup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;
import org.jsoup.nodes.Element;

/**
 * Pages, tabs and frames: the flow's navigations (with injected failures, the navigation delay and
 * network deny mode), history, tabs bound to aliases, the frame context, the viewport and the page
 * state; and the fixed wait, which advances the virtual clock.
 */
final class Tabs implements Navigation {
  private final SessionState session;
  private final PageLoader loader;
  private final NetworkGuard network;

  Tabs(SessionState session, PageLoader loader, NetworkGuard network) {
    this.session = session;
    this.loader = loader;
    this.network = network;
  }

  /** Advances the virtual clock: delayed page changes due meanwhile happen. */
  void pause(Duration duration) {
    session.requireOpen();
    session.clock.advanceBy(duration.toMillis());
  }

  @Override
  public void open(String url, Duration timeout) {
    Tab tab = session.requireTab();
    String target = loader.resolveUrl(tab.document.baseUrl, url);
    explicitNavigation(tab, target, session.deadline(timeout), () -> loader.commit(tab, target, true));
  }

  @Override
  public void back(Duration timeout) {
    history(-1, timeout);
  }

  @Override
  public void forward(Duration timeout) {
    history(+1, timeout);
  }

  /** Goes {@code step} entries back (negative) or forward in the current tab's history, if it has them. */
  private void history(int step, Duration timeout) {
    Tab tab = session.requireTab();
    session.resetFrame();
    int to = tab.index + step;
    if (to >= 0 && to < tab.history.size()) {
      explicitNavigation(tab, tab.history.get(to), session.deadline(timeout), () -> {
        int was = tab.index;
        tab.index = to;
        if (!loader.commit(tab, tab.history.get(to), false)) {
          tab.index = was; // the page's beforeunload kept it
        }
      });
    }
  }

  @Override
  public void reload(Duration timeout) {
    Tab tab = session.requireTab();
    session.resetFrame();
    String url = tab.document.url;
    explicitNavigation(tab, url, session.deadline(timeout), () -> loader.replaceDocument(tab, url));
  }

  @Override
  public void newTab(String alias, Optional<String> url, Duration timeout) {
    session.requireOpen();
    if (session.tabs.containsKey(alias)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "tab alias '" + alias + "' is already bound to an open tab",
          Map.of(FlowException.Details.ALIAS, alias));
    }
    Tab tab = new Tab(alias, session.current == null ? null : session.current.alias);
    tab.document = loader.load("about:blank", null, 0);
    session.tabs.put(alias, tab);
    session.current = tab;
    session.resetFrame();
    if (url.isPresent()) {
      open(url.get(), timeout);
    }
  }

  @Override
  public void switchTab(String alias) {
    session.requireOpen();
    Tab tab = session.tabs.get(alias);
    if (tab == null) {
      throw session.tabNotFound(alias);
    }
    session.current = tab;
    session.resetFrame();
  }

  @Override
  public void closeTab(Optional<String> alias) {
    session.requireOpen();
    Tab tab = alias.isPresent() ? session.tabs.get(alias.get()) : session.current;
    if (tab == null) {
      throw session.tabNotFound(alias.orElse("(current)"));
    }
    if (!loader.mayLeave(tab.document)) {
      return; // the page's beforeunload kept the tab open
    }
    loader.unload(tab.document);
    session.tabs.remove(tab.alias);
    if (tab == session.current) {
      Tab opener = tab.opener == null ? null : session.tabs.get(tab.opener);
      session.current = opener != null ? opener
          : session.tabs.isEmpty() ? null : new ArrayList<>(session.tabs.values()).get(session.tabs.size() - 1);
    }
    session.resetFrame();
  }

  @Override
  public void enterFrame(String locator, Duration timeout) {
    session.requireOpen();
    Deadline d = session.deadline(timeout);
    FrameLookup[] last = {null};
    Optional<Element> owner = session.clock.waitFor(d.at(), () -> {
      FrameLookup l = TargetResolver.lookupFrame(session.currentDocument(), locator);
      last[0] = l;
      if (l.nonFrame != null) {
        throw TargetResolver.frameError(l);
      }
      return Optional.ofNullable(l.owner);
    });
    if (owner.isEmpty()) {
      throw TargetResolver.frameError(last[0]);
    }
    session.frameOwners.add(owner.get());
    session.frameLocators.add(locator);
  }

  @Override
  public void mainFrame() {
    session.requireOpen();
    session.resetFrame();
  }

  @Override
  public void setViewport(int width, int height) {
    session.requireOpen();
    if (width <= 0 || height <= 0) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "viewport must be positive, not " + width + "x" + height,
          Map.of("width", String.valueOf(width), "height", String.valueOf(height)));
    }
    session.viewportWidth = width;
    session.viewportHeight = height;
  }

  void emulateNetwork(boolean offline, java.util.OptionalInt download, java.util.OptionalInt upload,
      java.util.OptionalInt latency) {
    session.requireOpen();
    session.network = offline || download.isPresent() || upload.isPresent() || latency.isPresent()
        ? new SessionState.NetworkConditions(offline, download, upload, latency)
        : SessionState.NetworkConditions.REAL;
  }

  @Override
  public PageState state() {
    session.requireOpen();
    PageState.Builder b = PageState.builder().framePath(session.frameLocators).tabs(session.tabs.keySet());
    if (session.current == null) {
      return b.tab("").url("").title("").build();
    }
    return b.tab(session.current.alias).url(session.current.document.url).title(session.current.document.title()).build();
  }

  private void explicitNavigation(Tab tab, String url, Deadline d, Runnable commit) {
    session.requireOpen();
    network.refuseExplicit(url, "opening");
    Optional<ErrorCode> fault = session.driver.faults().consumeNavigation(url);
    if (fault.isPresent()) {
      String message = "injected navigation failure (InMemoryPageDriver.failNextNavigation) for "
          + NetworkGuard.stripQuery(url);
      Map<String, String> details = Map.of("url", NetworkGuard.stripQuery(url), "injected", "true");
      if (fault.get() == ErrorCode.TIMEOUT || fault.get() == ErrorCode.NAVIGATION_TIMEOUT) {
        throw new FlowTimeoutException(fault.get(), message, details);
      }
      throw new FlowRunException(fault.get(), message, details);
    }
    long delay = session.driver.navigationDelayMillis();
    if (delay > 0) {
      if (session.clock.now() + delay > d.at()) {
        session.clock.advanceTo(d.at());
        throw new FlowTimeoutException(ErrorCode.NAVIGATION_TIMEOUT, "navigation to " + NetworkGuard.stripQuery(url)
            + " did not finish within " + d.millis() + " ms", Map.of(FlowException.Details.URL, NetworkGuard.stripQuery(url)));
      }
      session.clock.advanceBy(delay);
    }
    commit.run();
    session.resetFrame();
  }
}
