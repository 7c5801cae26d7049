package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.WaitUntilState;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.engine.spi.Navigation;
import io.browserflow.engine.spi.PageState;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The session's pages: loading and history in the current tab, tabs bound to aliases, the frame
 * context and the viewport. Every change of page or tab resets the frame context to the main frame,
 * as the SPI's contract says.
 */
final class Tabs implements Navigation {
  private final SessionState session;
  private final TargetResolver resolver;

  Tabs(SessionState session, TargetResolver resolver) {
    this.session = session;
    this.resolver = resolver;
  }

  // =================================================================== navigation

  @Override
  public void open(String url, Duration timeout) {
    session.run(() -> {
      Page p = session.page();
      session.resetFrame();
      goTo(p, url, timeout.toMillis());
    });
  }

  /** On the driver thread. */
  private void goTo(Page p, String url, double timeoutMs) {
    try {
      p.navigate(url, new Page.NavigateOptions().setTimeout(Math.max(1, timeoutMs)).setWaitUntil(WaitUntilState.LOAD));
    } catch (PlaywrightException e) {
      FlowRunException f = navigationFailure("opening " + NetworkGuard.withoutQuery(url), url, e, timeoutMs);
      if (f != null) {
        throw f;
      }
    }
  }

  /** What a failed navigation means for the flow; null when it is no failure (superseded, or a download). */
  private FlowRunException navigationFailure(String what, String url, PlaywrightException e, double timeoutMs) {
    String m = String.valueOf(e.getMessage());
    if (session.shared.dialogs.plan.stayed()) {
      return null; // the page's beforeunload was answered "stay", as the step declares: no navigation is the outcome
    }
    if (Failures.isTimeout(e)) {
      return new FlowTimeoutException(ErrorCode.NAVIGATION_TIMEOUT, what + " did not finish loading within "
          + (long) timeoutMs + " ms", Map.of());
    }
    if (m.contains("ERR_BLOCKED_BY_CLIENT") && session.shared.guard != null) {
      return new FlowRunException(ErrorCode.NETWORK_ATTEMPT, what + " was blocked: its origin is outside the allowed origins "
          + "of network deny mode", Map.of(FlowException.Details.URL, url == null ? "" : NetworkGuard.withoutQuery(url)));
    }
    if (m.contains("interrupted by another navigation") || m.contains("Download is starting")) {
      return null;
    }
    String summary = Failures.summary(e);
    if (url != null) {
      summary = summary.replace(url, NetworkGuard.withoutQuery(url));
    }
    return new FlowRunException(ErrorCode.ACTION_FAILED, what + " failed: " + summary);
  }

  @Override
  public void back(Duration timeout) {
    history(true, timeout);
  }

  @Override
  public void forward(Duration timeout) {
    history(false, timeout);
  }

  private void history(boolean back, Duration timeout) {
    session.run(() -> {
      Page p = session.page();
      session.resetFrame();
      try {
        if (back) {
          p.goBack(new Page.GoBackOptions().setTimeout(Math.max(1, timeout.toMillis())));
        } else {
          p.goForward(new Page.GoForwardOptions().setTimeout(Math.max(1, timeout.toMillis())));
        }
      } catch (PlaywrightException e) {
        FlowRunException f = navigationFailure(back ? "going back" : "going forward", null, e, timeout.toMillis());
        if (f != null) {
          throw f;
        }
      }
    });
  }

  @Override
  public void reload(Duration timeout) {
    session.run(() -> {
      Page p = session.page();
      session.resetFrame();
      try {
        p.reload(new Page.ReloadOptions().setTimeout(Math.max(1, timeout.toMillis())));
      } catch (PlaywrightException e) {
        FlowRunException f = navigationFailure("reloading", null, e, timeout.toMillis());
        if (f != null) {
          throw f;
        }
      }
    });
  }

  // =================================================================== tabs

  @Override
  public void newTab(String alias, Optional<String> url, Duration timeout) {
    session.run(() -> {
      session.prune();
      if (session.tab(alias) != null) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "a tab is already bound to alias '" + alias
            + "'; switch to it or close it first", Map.of(FlowException.Details.ALIAS, alias));
      }
      Page p;
      try {
        p = session.shared.context.newPage();
      } catch (PlaywrightException e) {
        throw Failures.actionFailed("opening a new tab", e);
      }
      session.shared.downloads.watch(p);
      session.bind(alias, p);
      session.makeCurrent(alias);
      url.ifPresent(u -> {
        FlowRunException f = null;
        try {
          p.navigate(u, new Page.NavigateOptions().setTimeout(Math.max(1, timeout.toMillis())));
        } catch (PlaywrightException e) {
          f = navigationFailure("opening " + NetworkGuard.withoutQuery(u), u, e, timeout.toMillis());
        }
        if (f != null) {
          throw f;
        }
      });
    });
  }

  @Override
  public void switchTab(String alias) {
    session.run(() -> {
      session.prune();
      SessionState.Tab t = session.tab(alias);
      if (t == null) {
        throw tabNotFound(alias);
      }
      session.makeCurrent(alias);
      try {
        t.page().bringToFront();
      } catch (PlaywrightException e) {
        // a tab that cannot come to the front is still the current one for the flow
      }
    });
  }

  private FlowRunException tabNotFound(String alias) {
    return new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no tab is bound to alias '" + alias + "' (open tabs: "
        + String.join(", ", session.aliases()) + ")", Map.of(FlowException.Details.ALIAS, alias));
  }

  @Override
  public void closeTab(Optional<String> alias) {
    session.run(() -> {
      session.prune();
      String target = alias.orElse(session.current());
      SessionState.Tab t = target == null ? null : session.tab(target);
      if (t == null) {
        throw tabNotFound(String.valueOf(target));
      }
      java.util.Optional<io.browserflow.api.Dialog> next = session.shared.dialogs.plan.peekNext()
          .filter(d -> d.type() == io.browserflow.api.Dialog.Type.BEFOREUNLOAD);
      if (next.isPresent()) {
        // the page's beforeunload handler runs and the declared answer decides: dismissed, the tab stays
        boolean stay = next.get().answer() == io.browserflow.api.Dialog.Answer.DISMISS;
        try {
          t.page().close(new Page.CloseOptions().setRunBeforeUnload(true));
          long until = System.nanoTime() + 5_000_000_000L;
          while (!t.page().isClosed() && System.nanoTime() < until && !(stay && session.shared.dialogs.plan.settled())) {
            t.page().waitForTimeout(25);
          }
        } catch (PlaywrightException e) {
          // closed meanwhile
        }
        if (!t.page().isClosed()) {
          return; // the flow chose to stay (or the page asked nothing: DIALOG_MISSING follows)
        }
      } else {
        try {
          t.page().close();
        } catch (PlaywrightException e) {
          // already gone: the binding goes anyway
        }
      }
      session.unbind(target);
    });
  }

  // =================================================================== frames, viewport, state

  @Override
  public void enterFrame(String locator, Duration timeout) {
    Deadline d = Deadline.in(timeout);
    Frame scope = session.call(session::contextFrame);
    Frame found = resolver.findFrame(scope, locator, d);
    session.run(() -> session.enterFrame(found, locator));
  }

  @Override
  public void mainFrame() {
    session.run(session::resetFrame);
  }

  @Override
  public void setViewport(int width, int height) {
    session.run(() -> {
      Page p = session.page();
      p.setViewportSize(width, height);
      DeviceEmulation e = emulations.remove(p);
      if (e != null) {
        e.clear(width, height);
      }
    });
  }

  /** Device emulation of a page through its own DevTools session, kept open while it applies. */
  private final Map<Page, DeviceEmulation> emulations = new java.util.WeakHashMap<>();

  void emulateDevice(int width, int height, OptionalDouble scale, boolean mobile, boolean touch) {
    session.run(() -> {
      Page p = session.page();
      DeviceEmulation e = emulations.get(p);
      if (e == null) {
        e = DeviceEmulation.open(p);
        emulations.put(p, e);
      }
      p.setViewportSize(width, height);
      if (e.apply(width, height, scale, mobile, touch)) {
        session.resetFrame();
        p.reload(new Page.ReloadOptions().setWaitUntil(WaitUntilState.LOAD));
      }
    });
  }

  @Override
  public PageState state() {
    return session.call(() -> {
      session.prune();
      PageState.Builder b = PageState.builder().framePath(session.framePath()).tabs(session.aliases());
      String current = session.current();
      SessionState.Tab t = current == null ? null : session.tab(current);
      if (t == null) {
        return b.tab("").url("").title("").build();
      }
      String title;
      try {
        title = t.page().title();
      } catch (PlaywrightException e) {
        title = "";
      }
      return b.tab(current).url(t.page().url()).title(title).build();
    });
  }

  @Override
  public String currentUrl() {
    return session.call(() -> session.page().url());
  }
}
