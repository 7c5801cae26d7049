package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.LoadState;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What the parts of one {@link PlaywrightSession} share: the context shared with forks, the tabs
 * bound to aliases, the current tab and frame context, and the way into the browser (every call on
 * the driver thread, none after close). The tabs and the frame context are touched only on the
 * driver thread, inside those calls.
 */
final class SessionState {
  private static final long POLL_CAP_MS = 200;

  final SharedContext shared;
  private final Map<String, Tab> tabs = new LinkedHashMap<>();
  private String current;
  private Frame frame; // null: the main frame of the current tab
  private final List<String> framePath = new ArrayList<>();
  private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

  record Tab(Page page, String opener) {
  }

  SessionState(SharedContext shared, String alias, Page page) {
    this.shared = shared;
    tabs.put(alias, new Tab(page, null));
    current = alias;
  }

  // =================================================================== calling the browser

  /** Runs browser work on the driver thread; a Playwright exception that gets this far becomes a flow error. */
  <T> T call(Supplier<T> work) {
    try {
      return raw(work);
    } catch (PlaywrightException e) {
      throw Failures.actionFailed("the browser call", e);
    }
  }

  /** Like {@link #call} but lets Playwright's exceptions through, for callers that tell them apart. */
  <T> T raw(Supplier<T> work) {
    if (closed.get()) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the session is closed");
    }
    return shared.thread.call(work);
  }

  void run(Runnable work) {
    call(() -> {
      work.run();
      return null;
    });
  }

  /**
   * Other sessions (forks, other runs of the driver) call through the same driver thread now: long
   * blocking browser calls are avoided.
   */
  boolean concurrent() {
    return shared.thread.shared();
  }

  boolean closed() {
    return closed.get();
  }

  /** Marks the session closed; true for the one call that closed it (a driver closing its sessions may race the run's own close). */
  boolean markClosed() {
    return closed.compareAndSet(false, true);
  }

  /** Waits for the next DOM change in {@code f} (or its open shadow roots), at most {@value #POLL_CAP_MS} ms and the deadline. */
  void waitForChange(Frame f, Deadline d) {
    if (d.expired()) {
      return;
    }
    // other sessions share the driver thread: hold it briefly so their calls interleave
    double ms = Math.min(d.remainingMs(), concurrent() ? POLL_CAP_MS / 4 : POLL_CAP_MS);
    run(() -> {
      try {
        f.evaluate(PageScripts.WAIT_FOR_CHANGE, ms);
      } catch (PlaywrightException e) {
        // the document went away (navigation, detach): wait for the page to settle instead of spinning
        try {
          f.page().waitForLoadState(LoadState.DOMCONTENTLOADED, new Page.WaitForLoadStateOptions().setTimeout(ms));
        } catch (PlaywrightException ignored) {
          // the next evaluation tells
        }
      }
    });
  }

  // =================================================================== tabs (on the driver thread)

  /** Drops tabs closed meanwhile (by the page or the user); the opener (or the last tab) becomes current. */
  void prune() {
    String opener = null;
    boolean lostCurrent = false;
    for (var it = tabs.entrySet().iterator(); it.hasNext(); ) {
      var e = it.next();
      if (e.getValue().page.isClosed()) {
        if (e.getKey().equals(current)) {
          lostCurrent = true;
          opener = e.getValue().opener;
        }
        it.remove();
      }
    }
    if (lostCurrent) {
      current = opener != null && tabs.containsKey(opener) ? opener : null;
      resetFrame();
    }
    if (current == null && !tabs.isEmpty()) {
      current = last();
    }
  }

  private String last() {
    String l = null;
    for (String k : tabs.keySet()) {
      l = k;
    }
    return l;
  }

  /** The current tab's page; {@code TAB_NOT_FOUND} when none is open. */
  Page page() {
    prune();
    Tab t = current == null ? null : tabs.get(current);
    if (t == null) {
      throw new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no tab is open in this session; open one with tabNew");
    }
    return t.page;
  }

  /** The alias of the current tab; null when none is. */
  String current() {
    return current;
  }

  /** The tab bound to {@code alias}, or null. */
  Tab tab(String alias) {
    return tabs.get(alias);
  }

  /** The bound aliases, in the order they were bound. */
  Set<String> aliases() {
    return tabs.keySet();
  }

  List<Page> pages() {
    List<Page> out = new ArrayList<>();
    for (Tab t : tabs.values()) {
      out.add(t.page);
    }
    return out;
  }

  /** Binds {@code page} to {@code alias}, opened from the current tab (which stays current). */
  void bind(String alias, Page page) {
    tabs.put(alias, new Tab(page, current));
  }

  /** Makes the tab bound to {@code alias} current, in its main frame. */
  void makeCurrent(String alias) {
    current = alias;
    resetFrame();
  }

  /** Unbinds {@code alias}; when it was current, its opener (or the last tab) becomes current. */
  void unbind(String alias) {
    Tab t = tabs.remove(alias);
    if (alias.equals(current) || current == null) {
      current = t != null && t.opener != null && tabs.containsKey(t.opener) ? t.opener : last();
    }
    resetFrame();
  }

  // =================================================================== frame context (on the driver thread)

  void resetFrame() {
    frame = null;
    framePath.clear();
  }

  /** Enters {@code f}, found with {@code locator} in the current frame context. */
  void enterFrame(Frame f, String locator) {
    frame = f;
    framePath.add(locator);
  }

  /** The frame locators entered from the main frame, outermost first (a live view). */
  List<String> framePath() {
    return framePath;
  }

  /** The current frame context; {@code FRAME_CONTEXT_LOST} when it was detached. */
  Frame contextFrame() {
    Page p = page();
    if (frame == null) {
      return p.mainFrame();
    }
    if (frame.isDetached() || frame.page() != p) {
      throw new FlowRunException(ErrorCode.FRAME_CONTEXT_LOST, "the frame entered with " + String.join(" > ", framePath)
          + " was detached (its page navigated or the frame was removed); return to the main frame and enter it again",
          Map.of(FlowException.Details.FRAME_PATH, String.join(" > ", framePath)));
    }
    return frame;
  }
}
