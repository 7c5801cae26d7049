package io.browserflow.playwright;

import io.browserflow.api.Glob;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.KeyboardModifier;
import com.microsoft.playwright.options.LoadState;
import com.microsoft.playwright.options.MouseButton;
import com.microsoft.playwright.options.SelectOption;
import com.microsoft.playwright.options.WaitForSelectorState;
import com.microsoft.playwright.options.WaitUntilState;
import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.PageState;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.TargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A {@link DriverSession} over one Playwright browser context. Every browser call runs on the
 * driver's thread ({@link DriverThread}); the session's own state (tabs, frame context) is touched
 * only by the thread using the session, inside those calls.
 *
 * <p>Targets: a single-candidate target is acted on directly with Playwright's strict locator (one
 * round trip, like hand-written Playwright); a strict-mode violation (several matches) or a timeout
 * falls back to counting. Multi-candidate targets are counted in order, stopping at the first
 * candidate matching exactly one element, and re-counted after each DOM change (or at most every
 * 200 ms) until one wins or the time is up.
 */
final class PlaywrightSession implements DriverSession {
  static final String MASK_COLOR = "#FF00FF";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long POLL_CAP_MS = 200;
  /** The longest a fork's browser call may hold the shared driver thread while waiting. */
  private static final double SLICE_MS = 1000;
  private static final double SCREENSHOT_TIMEOUT_MS = 15_000;
  private static final Duration FORK_OPEN_TIMEOUT = Duration.ofSeconds(30);

  private final SharedContext shared;
  private final boolean fork;
  private final Runnable onClose;
  private final Map<String, Tab> tabs = new LinkedHashMap<>();
  private String current;
  private Frame frame; // null: the main frame of the current tab
  private final List<String> framePath = new ArrayList<>();
  private volatile boolean closed;

  private static final class Tab {
    final Page page;
    final String opener;

    Tab(Page page, String opener) {
      this.page = page;
      this.opener = opener;
    }
  }

  /** On the driver thread. */
  SharedContext shared() {
    return shared;
  }

  PlaywrightSession(SharedContext shared, String alias, Page page, boolean fork, Runnable onClose) {
    this.shared = shared;
    this.fork = fork;
    this.onClose = onClose;
    shared.downloads.watch(page);
    tabs.put(alias, new Tab(page, null));
    current = alias;
  }

  // =================================================================== plumbing

  /** Runs browser work on the driver thread; a Playwright exception that gets this far becomes a flow error. */
  private <T> T call(Supplier<T> work) {
    try {
      return raw(work);
    } catch (PlaywrightException e) {
      throw Failures.actionFailed("the browser call", e);
    }
  }

  /** Like {@link #call} but lets Playwright's exceptions through, for callers that tell them apart. */
  private <T> T raw(Supplier<T> work) {
    if (closed) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the session is closed");
    }
    return shared.thread.call(work);
  }

  private void run(Runnable work) {
    call(() -> {
      work.run();
      return null;
    });
  }

  /** On the driver thread: drops tabs closed meanwhile (by the page or the user); the opener (or the last tab) becomes current. */
  private void prune() {
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

  /** On the driver thread. */
  private Page page() {
    prune();
    Tab t = current == null ? null : tabs.get(current);
    if (t == null) {
      throw new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no tab is open in this session; open one with tabNew");
    }
    return t.page;
  }

  private void resetFrame() {
    frame = null;
    framePath.clear();
  }

  /** On the driver thread: the current frame context; {@code FRAME_CONTEXT_LOST} when it was detached. */
  private Frame contextFrame() {
    Page p = page();
    if (frame == null) {
      return p.mainFrame();
    }
    if (frame.isDetached() || frame.page() != p) {
      throw new FlowRunException(ErrorCode.FRAME_CONTEXT_LOST, "the frame entered with " + String.join(" > ", framePath)
          + " was detached (its page navigated or the frame was removed); return to the main frame and enter it again",
          Map.of("framePath", String.join(" > ", framePath)));
    }
    return frame;
  }

  private boolean concurrent() {
    return shared.users.get() > 1;
  }

  // =================================================================== pages and tabs

  @Override
  public void open(String url, Duration timeout) {
    navigate(url, timeout);
  }

  @Override
  public void navigate(String url, Duration timeout) {
    run(() -> {
      Page p = page();
      resetFrame();
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

  private FlowRunException navigationFailure(String what, String url, PlaywrightException e, double timeoutMs) {
    String m = String.valueOf(e.getMessage());
    if (Failures.isTimeout(e)) {
      return new FlowTimeoutException(ErrorCode.NAVIGATION_TIMEOUT, what + " did not finish loading within "
          + (long) timeoutMs + " ms", Map.of());
    }
    if (m.contains("ERR_BLOCKED_BY_CLIENT") && shared.guard != null) {
      return new FlowRunException(ErrorCode.NETWORK_ATTEMPT, what + " was blocked: its origin is outside the allowed origins "
          + "of network deny mode", Map.of("url", url == null ? "" : NetworkGuard.withoutQuery(url)));
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

  private void history(boolean back, Duration timeout) {
    run(() -> {
      Page p = page();
      resetFrame();
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
  public void back(Duration timeout) {
    history(true, timeout);
  }

  @Override
  public void forward(Duration timeout) {
    history(false, timeout);
  }

  @Override
  public void reload(Duration timeout) {
    run(() -> {
      Page p = page();
      resetFrame();
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

  @Override
  public void newTab(String alias, Optional<String> url, Duration timeout) {
    run(() -> {
      prune();
      if (tabs.containsKey(alias)) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "a tab is already bound to alias '" + alias
            + "'; switch to it or close it first", Map.of("alias", alias));
      }
      Page p;
      try {
        p = shared.context.newPage();
      } catch (PlaywrightException e) {
        throw Failures.actionFailed("opening a new tab", e);
      }
      shared.downloads.watch(p);
      tabs.put(alias, new Tab(p, current));
      current = alias;
      resetFrame();
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
    run(() -> {
      prune();
      Tab t = tabs.get(alias);
      if (t == null) {
        throw tabNotFound(alias);
      }
      current = alias;
      resetFrame();
      try {
        t.page.bringToFront();
      } catch (PlaywrightException e) {
        // a tab that cannot come to the front is still the current one for the flow
      }
    });
  }

  private FlowRunException tabNotFound(String alias) {
    return new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no tab is bound to alias '" + alias + "' (open tabs: "
        + String.join(", ", tabs.keySet()) + ")", Map.of("alias", alias));
  }

  @Override
  public void closeTab(Optional<String> alias) {
    run(() -> {
      prune();
      String target = alias.orElse(current);
      Tab t = target == null ? null : tabs.get(target);
      if (t == null) {
        throw tabNotFound(String.valueOf(target));
      }
      try {
        t.page.close();
      } catch (PlaywrightException e) {
        // already gone: the binding goes anyway
      }
      tabs.remove(target);
      if (target.equals(current) || current == null) {
        current = t.opener != null && tabs.containsKey(t.opener) ? t.opener : last();
      }
      resetFrame();
    });
  }

  @Override
  public void enterFrame(String locator, Duration timeout) {
    Deadline d = Deadline.in(timeout);
    Frame scope = call(this::contextFrame);
    Frame found = findFrame(scope, locator, d);
    run(() -> {
      frame = found;
      framePath.add(locator);
    });
  }

  @Override
  public void mainFrame() {
    run(this::resetFrame);
  }

  /** Waits until {@code locator} designates exactly one frame of {@code scope}. */
  private Frame findFrame(Frame scope, String locator, Deadline d) {
    while (true) {
      FrameLookup r = call(() -> {
        if (scope.isDetached()) {
          throw new FlowRunException(ErrorCode.FRAME_CONTEXT_LOST, "the frame to look for '" + locator + "' in was detached",
              Map.of("locator", locator));
        }
        try {
          return FrameLookup.find(scope, locator);
        } catch (PlaywrightException e) {
          if (Failures.isContextGone(e) || Failures.isTimeout(e) || Failures.isStrictViolation(e)) {
            return null;
          }
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "frame locator '" + locator + "' could not be evaluated: "
              + Failures.summary(e), Map.of("locator", locator));
        }
      });
      if (r != null && r.kind == FrameLookup.Kind.FOUND) {
        return r.frame;
      }
      if (r != null && r.kind == FrameLookup.Kind.NOT_IFRAME) {
        throw new FlowRunException(ErrorCode.FRAME_OWNER_NOT_IFRAME, "frame locator '" + locator + "' designates a <"
            + r.candidates.get(0).get("tag") + "> element, not an iframe or frame", Map.of("locator", locator));
      }
      if (d.expired()) {
        if (r != null && r.kind == FrameLookup.Kind.MANY) {
          throw new FlowRunException(ErrorCode.FRAME_AMBIGUOUS, "frame locator '" + locator + "' matched "
              + r.candidates.size() + " frames: " + r.candidatesJson() + "; narrow it (an owner css, url: or name:)",
              Map.of("locator", locator, "candidates", r.candidatesJson()));
        }
        throw new FlowRunException(ErrorCode.FRAME_NOT_FOUND, "no frame matched '" + locator + "' within "
            + d.totalMillis() + " ms", Map.of("locator", locator));
      }
      waitForChange(scope, d);
    }
  }

  @Override
  public void setViewport(int width, int height) {
    run(() -> page().setViewportSize(width, height));
  }

  @Override
  public PageState state() {
    return call(() -> {
      prune();
      PageState.Builder b = PageState.builder().framePath(framePath).tabs(tabs.keySet());
      Tab t = current == null ? null : tabs.get(current);
      if (t == null) {
        return b.tab("").url("").title("").build();
      }
      String title;
      try {
        title = t.page.title();
      } catch (PlaywrightException e) {
        title = "";
      }
      return b.tab(current).url(t.page.url()).title(title).build();
    });
  }

  @Override
  public String currentUrl() {
    return call(() -> page().url());
  }

  @Override
  public DriverSession fork(String alias) {
    String url = call(() -> page().url());
    PlaywrightSession forked = call(() -> {
      Page p;
      try {
        p = shared.context.newPage();
      } catch (PlaywrightException e) {
        throw Failures.actionFailed("opening a tab for a concurrent session", e);
      }
      shared.users.incrementAndGet();
      return new PlaywrightSession(shared, alias, p, true, () -> { });
    });
    if (url.startsWith("http:") || url.startsWith("https:") || url.startsWith("file:")) {
      try {
        forked.open(url, FORK_OPEN_TIMEOUT);
      } catch (RuntimeException e) {
        forked.close();
        throw e;
      }
    }
    return forked;
  }

  // =================================================================== resolving and acting

  /** What to do with the winning element, on the driver thread, within the given milliseconds. */
  @FunctionalInterface
  private interface ElementAction<T> {
    T apply(Locator locator, double timeoutMs);
  }

  private static final class Acted<T> {
    final T value;
    final Resolution resolution;

    Acted(T value, Resolution resolution) {
      this.value = value;
      this.resolution = resolution;
    }
  }

  private enum Outcome { DONE, AMBIGUOUS, TIMED_OUT, RETRY }

  private static final class Attempt<T> {
    final Outcome outcome;
    final T value;

    Attempt(Outcome outcome, T value) {
      this.outcome = outcome;
      this.value = value;
    }
  }

  /** The frame a target's candidates are matched in: the current context, then the target's frame path (waited for). */
  private Frame targetFrame(Target t, Deadline d) {
    Frame f = call(this::contextFrame);
    for (String locator : t.framePath()) {
      f = findFrame(f, locator, d);
    }
    return f;
  }

  private static Locator locator(Frame f, Target t, int i) {
    return CandidateLocators.locate(f, t.shadowPath(), t.candidates().get(i));
  }

  /** On the driver thread: counts candidates in order; {@code all} = false stops at the first unique one (the rest stay -1). */
  private Resolution count(Frame f, Target t, boolean all) {
    contextFrame();
    int n = t.candidates().size();
    List<Integer> counts = new ArrayList<>(Collections.nCopies(n, -1));
    for (int i = 0; i < n; i++) {
      int c;
      try {
        c = locator(f, t, i).count();
      } catch (PlaywrightException e) {
        if (!Failures.isContextGone(e)) {
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "candidate " + t.candidates().get(i).describe()
              + " could not be evaluated: " + Failures.summary(e), Map.of("candidate", t.candidates().get(i).describe()));
        }
        c = 0;
      }
      counts.set(i, c);
      if (c == 1 && !all) {
        if (i > 0) {
          recountEarlier(f, t, counts, i);
        }
        break;
      }
    }
    return Resolution.strict(counts);
  }

  /**
   * A later candidate won while the page may still have been rendering (a view swapping in after a
   * navigation): count the earlier ones once more, so a preferred candidate that just appeared wins
   * instead of a fallback being reported for a timing accident.
   */
  private void recountEarlier(Frame f, Target t, List<Integer> counts, int winner) {
    for (int i = 0; i < winner; i++) {
      try {
        counts.set(i, locator(f, t, i).count());
      } catch (PlaywrightException e) {
        return; // keep the first count; the winner stands
      }
      if (counts.get(i) == 1) {
        for (int j = i + 1; j < counts.size(); j++) {
          counts.set(j, -1);
        }
        return;
      }
    }
  }

  private <T> Attempt<T> attempt(Locator loc, Deadline d, ElementAction<T> action, boolean interactive, String... scrub) {
    return attempt(() -> loc, d, action, interactive, scrub);
  }

  /** Applies the action to the located element (located on the driver thread, in the same call). */
  private <T> Attempt<T> attempt(Supplier<Locator> locate, Deadline d, ElementAction<T> action, boolean interactive,
      String... scrub) {
    boolean sliced = concurrent();
    try {
      return raw(() -> {
        Locator loc = locate.get();
        if (sliced && interactive) {
          // forks share the driver thread: never hold it for a whole timeout waiting for actionability
          if (!loc.isVisible() || !loc.isEnabled(new Locator.IsEnabledOptions().setTimeout(SLICE_MS))) {
            return new Attempt<T>(d.expired() ? Outcome.TIMED_OUT : Outcome.RETRY, null);
          }
        }
        return new Attempt<>(Outcome.DONE, action.apply(loc, sliced ? Math.min(SLICE_MS, d.remainingMs()) : d.remainingMs()));
      });
    } catch (FlowRunException e) {
      throw e;
    } catch (PlaywrightException e) {
      if (Failures.isStrictViolation(e)) {
        return new Attempt<>(Outcome.AMBIGUOUS, null);
      }
      if (Failures.isTimeout(e)) {
        // actions time out only while waiting to act (Playwright no longer waits for navigations after acting)
        return new Attempt<>(sliced && !d.expired() ? Outcome.RETRY : Outcome.TIMED_OUT, null);
      }
      if (Failures.isContextGone(e) && !Failures.isClosed(e)) {
        return new Attempt<>(Outcome.RETRY, null);
      }
      throw Failures.actionFailed("the action", e, scrub);
    }
  }

  /**
   * Resolves the target under the strict rule and applies {@code action} (null: resolve only) to the
   * winning element. {@code interactive}: the action needs a visible, enabled element.
   */
  private <T> Acted<T> act(Target target, Duration timeout, ElementAction<T> action, boolean interactive, String... scrub) {
    Deadline d = Deadline.in(timeout);
    int n = target.candidates().size();
    if (n == 1 && target.framePath().isEmpty() && !concurrent()) {
      // the common case costs what hand-written Playwright costs: one strict locator call
      Locator[] only = new Locator[1];
      ElementAction<T> first = action != null ? action : (loc, ms) -> {
        loc.waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.ATTACHED).setTimeout(ms));
        return null;
      };
      Attempt<T> a = attempt(() -> only[0] = locator(contextFrame(), target, 0), d, first, interactive, scrub);
      if (a.outcome == Outcome.DONE) {
        return new Acted<>(a.value, Resolution.of(List.of(1), 0));
      }
      if (a.outcome == Outcome.TIMED_OUT) {
        return timedOut(target, call(this::contextFrame), only[0], 0, d);
      }
    }
    Frame scope = targetFrame(target, d);
    while (true) {
      if (!target.framePath().isEmpty() && call(scope::isDetached)) {
        scope = targetFrame(target, d);
      }
      Frame s = scope;
      Resolution r = call(() -> {
        contextFrame();
        return count(s, target, false);
      });
      if (r.resolved()) {
        if (action == null) {
          return new Acted<>(null, r);
        }
        Locator loc = call(() -> locator(s, target, r.winner()));
        Attempt<T> a = attempt(loc, d, action, interactive, scrub);
        if (a.outcome == Outcome.DONE) {
          return new Acted<>(a.value, r);
        }
        if (a.outcome == Outcome.TIMED_OUT) {
          return timedOut(target, s, loc, r.winner(), d);
        }
      }
      if (d.expired()) {
        Resolution full = call(() -> count(s, target, true));
        throw new TargetException(target, Resolution.of(full.counts(), -1));
      }
      waitForChange(s, d);
    }
  }

  /** The action ran out of time: not found, ambiguous, or found but never actionable. */
  private <T> Acted<T> timedOut(Target target, Frame f, Locator loc, int index, Deadline d) {
    Resolution full = call(() -> count(f, target, true));
    int c = full.counts().get(index);
    if (c == 1 && full.winner() == index) {
      String why = call(() -> whyNotActionable(loc));
      Map<String, String> details = Map.of("candidates", full.describe(target), "reason", why);
      throw new FlowTimeoutException(ErrorCode.TIMEOUT, target.candidates().get(index).describe()
          + " matched one element but it stayed " + why + " for " + d.totalMillis() + " ms", details);
    }
    throw new TargetException(target, Resolution.of(full.counts(), -1));
  }

  /** On the driver thread: why an element that matched was not acted on. */
  private static String whyNotActionable(Locator loc) {
    try {
      if (!loc.isVisible()) {
        return "hidden";
      }
      if (!loc.isEnabled(new Locator.IsEnabledOptions().setTimeout(1000))) {
        return "disabled";
      }
    } catch (PlaywrightException e) {
      // changed meanwhile: say what is generally the case
    }
    return "not ready (moving, covered by another element, or waiting for an option)";
  }

  /** Waits for the next DOM change in {@code f} (or its open shadow roots), at most {@value #POLL_CAP_MS} ms and the deadline. */
  private void waitForChange(Frame f, Deadline d) {
    if (d.expired()) {
      return;
    }
    // a fork shares the driver thread: hold it briefly so the other sessions' calls interleave
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

  @Override
  public Resolution resolve(Target target, Duration timeout) {
    return act(target, timeout, null, false).resolution;
  }

  // =================================================================== perform

  @Override
  public ActionResult perform(Step step, Duration timeout) {
    return step.accept(new StepVisitor<ActionResult>() {
      @Override
      public ActionResult visitClick(Step.Click s) {
        return click(s, timeout);
      }

      @Override
      public ActionResult visitDblclick(Step.Dblclick s) {
        return done(act(s.target(), timeout, (loc, ms) -> {
          Locator.DblclickOptions o = new Locator.DblclickOptions().setTimeout(ms);
          s.offset().ifPresent(p -> o.setPosition(p.x(), p.y()));
          loc.dblclick(o);
          return null;
        }, true));
      }

      @Override
      public ActionResult visitContextmenu(Step.Contextmenu s) {
        return done(act(s.target(), timeout, (loc, ms) -> {
          Locator.ClickOptions o = new Locator.ClickOptions().setButton(MouseButton.RIGHT).setTimeout(ms);
          s.offset().ifPresent(p -> o.setPosition(p.x(), p.y()));
          loc.click(o);
          return null;
        }, true));
      }

      @Override
      public ActionResult visitHover(Step.Hover s) {
        return done(act(s.target(), timeout, (loc, ms) -> {
          loc.hover(new Locator.HoverOptions().setTimeout(ms));
          return null;
        }, true));
      }

      @Override
      public ActionResult visitFill(Step.Fill s) {
        return done(act(s.target(), timeout, (loc, ms) -> {
          loc.fill(s.value(), new Locator.FillOptions().setTimeout(ms));
          return null;
        }, true, s.value()));
      }

      @Override
      public ActionResult visitType(Step.Type s) {
        if (s.target().isEmpty()) {
          run(() -> {
            try {
              page().keyboard().type(s.text());
            } catch (PlaywrightException e) {
              throw Failures.actionFailed("typing", e, s.text());
            }
          });
          return ActionResult.none();
        }
        return done(act(s.target().get(), timeout, (loc, ms) -> {
          loc.evaluate(PageScripts.CARET_TO_END, null, new Locator.EvaluateOptions().setTimeout(ms));
          loc.pressSequentially(s.text(), new Locator.PressSequentiallyOptions().setTimeout(ms));
          return null;
        }, true, s.text()));
      }

      @Override
      public ActionResult visitPress(Step.Press s) {
        return press(s, timeout);
      }

      @Override
      public ActionResult visitSelect(Step.Select s) {
        return select(s, timeout);
      }

      @Override
      public ActionResult visitCheck(Step.Check s) {
        return done(act(s.target(), timeout, (loc, ms) -> {
          loc.check(new Locator.CheckOptions().setTimeout(ms));
          return null;
        }, true));
      }

      @Override
      public ActionResult visitUncheck(Step.Uncheck s) {
        return done(act(s.target(), timeout, (loc, ms) -> {
          loc.uncheck(new Locator.UncheckOptions().setTimeout(ms));
          return null;
        }, true));
      }

      @Override
      public ActionResult visitToggle(Step.Toggle s) {
        return done(act(s.target(), timeout, (loc, ms) -> {
          boolean checked;
          try {
            checked = loc.isChecked(new Locator.IsCheckedOptions().setTimeout(ms));
          } catch (PlaywrightException e) {
            if (Failures.isStrictViolation(e) || Failures.isTimeout(e)) {
              throw e;
            }
            loc.click(new Locator.ClickOptions().setTimeout(ms)); // a switch that is not a checkbox: flip it by clicking
            return null;
          }
          loc.setChecked(!checked, new Locator.SetCheckedOptions().setTimeout(ms));
          return null;
        }, true));
      }

      @Override
      public ActionResult visitScroll(Step.Scroll s) {
        return scroll(s, timeout);
      }

      @Override
      public ActionResult visitDrag(Step.Drag s) {
        Acted<Void> to = act(s.destination(), timeout, null, false);
        Frame df = targetFrame(s.destination(), Deadline.in(timeout));
        Locator destination = call(() -> locator(df, s.destination(), to.resolution.winner()));
        return done(act(s.source(), timeout, (loc, ms) -> {
          loc.dragTo(destination, new Locator.DragToOptions().setTimeout(ms));
          return null;
        }, true));
      }

      @Override
      public ActionResult visitUpload(Step.Upload s) {
        Path[] files = s.files().stream().map(Path::of).toArray(Path[]::new);
        for (Path p : files) {
          if (!Files.isRegularFile(p)) {
            throw new FlowRunException(ErrorCode.ACTION_FAILED, "upload file " + p + " does not exist", Map.of("file", p.toString()));
          }
        }
        return done(act(s.target(), timeout, (loc, ms) -> {
          loc.setInputFiles(files, new Locator.SetInputFilesOptions().setTimeout(ms));
          return null;
        }, false));
      }

      // not element actions: the engine runs them through the session's other methods (or by itself)
      @Override public ActionResult visitOpen(Step.Open s) { return notPerformed(s); }
      @Override public ActionResult visitNavigate(Step.Navigate s) { return notPerformed(s); }
      @Override public ActionResult visitBack(Step.Back s) { return notPerformed(s); }
      @Override public ActionResult visitForward(Step.Forward s) { return notPerformed(s); }
      @Override public ActionResult visitReload(Step.Reload s) { return notPerformed(s); }
      @Override public ActionResult visitTabNew(Step.TabNew s) { return notPerformed(s); }
      @Override public ActionResult visitTabSwitch(Step.TabSwitch s) { return notPerformed(s); }
      @Override public ActionResult visitTabClose(Step.TabClose s) { return notPerformed(s); }
      @Override public ActionResult visitFrame(Step.Frame s) { return notPerformed(s); }
      @Override public ActionResult visitFrameMain(Step.FrameMain s) { return notPerformed(s); }
      @Override public ActionResult visitSetViewport(Step.SetViewport s) { return notPerformed(s); }
      @Override public ActionResult visitWait(Step.Wait s) { return notPerformed(s); }
      @Override public ActionResult visitAssert(Step.Assert s) { return notPerformed(s); }
      @Override public ActionResult visitRead(Step.Read s) { return notPerformed(s); }
      @Override public ActionResult visitScrape(Step.Scrape s) { return notPerformed(s); }
      @Override public ActionResult visitPaginate(Step.Paginate s) { return notPerformed(s); }
      @Override public ActionResult visitSetVar(Step.SetVar s) { return notPerformed(s); }
      @Override public ActionResult visitEval(Step.Eval s) { return notPerformed(s); }
      @Override public ActionResult visitScreenshot(Step.Screenshot s) { return notPerformed(s); }
      @Override public ActionResult visitCsvImport(Step.CsvImport s) { return notPerformed(s); }
      @Override public ActionResult visitCsvExport(Step.CsvExport s) { return notPerformed(s); }
      @Override public ActionResult visitForeach(Step.Foreach s) { return notPerformed(s); }
      @Override public ActionResult visitRepeat(Step.Repeat s) { return notPerformed(s); }
      @Override public ActionResult visitIf(Step.If s) { return notPerformed(s); }
      @Override public ActionResult visitWhile(Step.While s) { return notPerformed(s); }
      @Override public ActionResult visitManual(Step.Manual s) { return notPerformed(s); }
    });
  }

  private static ActionResult notPerformed(Step step) {
    throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "perform does not handle " + step.kind().op() + " steps");
  }

  private static ActionResult done(Acted<?> acted) {
    return ActionResult.of(acted.resolution);
  }

  private ActionResult click(Step.Click s, Duration timeout) {
    Locator.ClickOptions o = new Locator.ClickOptions().setModifiers(modifiers(s.modifiers())).setButton(switch (s.button()) {
      case LEFT -> MouseButton.LEFT;
      case RIGHT -> MouseButton.RIGHT;
      case MIDDLE -> MouseButton.MIDDLE;
    });
    s.offset().ifPresent(p -> o.setPosition(p.x(), p.y()));
    if (s.newTab().isEmpty()) {
      return done(act(s.target(), timeout, (loc, ms) -> {
        loc.click(o.setTimeout(ms));
        return null;
      }, true));
    }
    String alias = s.newTab().get();
    Deadline d = Deadline.in(timeout);
    Acted<Page> acted = act(s.target(), timeout, (loc, ms) -> {
      Page origin = page();
      AtomicBoolean clicked = new AtomicBoolean();
      try {
        return origin.waitForPopup(new Page.WaitForPopupOptions().setTimeout(ms), () -> {
          loc.click(o.setTimeout(ms));
          clicked.set(true);
        });
      } catch (PlaywrightException e) {
        if (clicked.get()) {
          throw new FlowTimeoutException(ErrorCode.TIMEOUT, "the click on " + s.target().describe()
              + " opened no new tab within " + d.totalMillis() + " ms", Map.of("alias", alias));
        }
        throw e;
      }
    }, true);
    Page popup = acted.value;
    run(() -> {
      shared.downloads.watch(popup);
      prune();
      tabs.put(alias, new Tab(popup, current));
      try {
        popup.waitForLoadState(LoadState.DOMCONTENTLOADED, new Page.WaitForLoadStateOptions().setTimeout(d.remainingMs()));
      } catch (PlaywrightException e) {
        // the tab is bound; what it shows is for the next steps' checks to wait for
      }
    });
    return ActionResult.builder().resolution(acted.resolution).openedTab(alias).build();
  }

  private ActionResult press(Step.Press s, Duration timeout) {
    String keys = s.modifiers().isEmpty() ? s.key() : String.join("+", s.modifiers()) + "+" + s.key();
    if (s.target().isEmpty()) {
      run(() -> {
        try {
          page().keyboard().press(keys);
        } catch (PlaywrightException e) {
          throw Failures.actionFailed("pressing " + keys, e);
        }
      });
      return ActionResult.none();
    }
    return done(act(s.target().get(), timeout, (loc, ms) -> {
      loc.press(keys, new Locator.PressOptions().setTimeout(ms));
      return null;
    }, true));
  }

  private ActionResult select(Step.Select s, Duration timeout) {
    SelectOption option = new SelectOption();
    if (s.value().isPresent()) {
      option.setValue(s.value().get());
    } else if (s.label().isPresent()) {
      option.setLabel(s.label().get());
    } else {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "select " + s.id() + " names neither a value nor a label");
    }
    return done(act(s.target(), timeout, (loc, ms) -> {
      loc.selectOption(option, new Locator.SelectOptionOptions().setTimeout(ms));
      return null;
    }, true));
  }

  private ActionResult scroll(Step.Scroll s, Duration timeout) {
    return switch (s.mode()) {
      case BY -> scroll(s, false, timeout);
      case TO -> scroll(s, true, timeout);
      case INTO_VIEW -> {
        Target t = s.target().orElseThrow(() -> new FlowRunException(ErrorCode.ACTION_FAILED,
            "scroll " + s.id() + " into view needs a target"));
        yield done(act(t, timeout, (loc, ms) -> {
          loc.scrollIntoViewIfNeeded(new Locator.ScrollIntoViewIfNeededOptions().setTimeout(ms));
          return null;
        }, false));
      }
    };
  }

  /** Scrolls the page or the target container by ({@code to} false) or to the step's x and y. */
  private ActionResult scroll(Step.Scroll s, boolean to, Duration timeout) {
    Map<String, Object> arg = Map.of("x", s.x(), "y", s.y(), "to", to);
    if (s.target().isPresent()) {
      return done(act(s.target().get(), timeout, (loc, ms) -> {
        loc.evaluate(PageScripts.SCROLL_ELEMENT, arg, new Locator.EvaluateOptions().setTimeout(ms));
        return null;
      }, false));
    }
    run(() -> {
      try {
        contextFrame().evaluate(PageScripts.SCROLL_WINDOW, arg);
      } catch (PlaywrightException e) {
        throw Failures.actionFailed("scrolling", e);
      }
    });
    return ActionResult.none();
  }

  private static List<KeyboardModifier> modifiers(List<String> names) {
    List<KeyboardModifier> out = new ArrayList<>();
    for (String n : names) {
      switch (n.trim().toLowerCase(Locale.ROOT)) {
        case "alt":
          out.add(KeyboardModifier.ALT);
          break;
        case "control":
        case "ctrl":
          out.add(KeyboardModifier.CONTROL);
          break;
        case "meta":
        case "command":
        case "cmd":
          out.add(KeyboardModifier.META);
          break;
        case "shift":
          out.add(KeyboardModifier.SHIFT);
          break;
        case "controlormeta":
          out.add(KeyboardModifier.CONTROLORMETA);
          break;
        default:
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "unknown modifier key '" + n
              + "' (Alt, Control, Meta, Shift or ControlOrMeta)");
      }
    }
    return out;
  }

  // =================================================================== reading

  @Override
  public ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout) {
    Acted<String> acted = act(target, timeout, (loc, ms) -> switch (what) {
      case TEXT -> normalize(loc.innerText(new Locator.InnerTextOptions().setTimeout(ms)));
      case VALUE -> loc.inputValue(new Locator.InputValueOptions().setTimeout(ms));
      case ATTRIBUTE -> {
        String name = attribute.orElseThrow(() -> new FlowRunException(ErrorCode.ACTION_FAILED,
            "reading an attribute needs its name"));
        String v = loc.getAttribute(name, new Locator.GetAttributeOptions().setTimeout(ms));
        yield v == null ? "" : v;
      }
    }, false);
    return ReadResult.of(acted.value, acted.resolution);
  }

  static String normalize(String text) {
    return text == null ? "" : text.replaceAll("[\\s\\u00a0]+", " ").strip();
  }

  @Override
  public ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit, Duration timeout) {
    int max = Math.max(0, limit);
    return switch (mode) {
      case TABLE -> scrapeTable(target, max, timeout);
      case LINKS -> scrapeLinks(target, max, timeout);
      case ATTRIBUTES -> scrapeAttributes(target, attributes, max, timeout);
    };
  }

  /** The rows of the table the unique element is or contains, header to cell. */
  @SuppressWarnings("unchecked")
  private ScrapeResult scrapeTable(Target target, int limit, Duration timeout) {
    Acted<Object> acted = act(target, timeout, (loc, ms) -> loc.evaluate(PageScripts.SCRAPE_TABLE, limit,
        new Locator.EvaluateOptions().setTimeout(ms)), false);
    if (acted.value == null) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "scrape: " + target.describe() + " is not and does not contain a table");
    }
    List<Map<String, String>> items = new ArrayList<>();
    Map<String, Object> table = (Map<String, Object>) acted.value;
    List<String> keys = (List<String>) table.get("keys");
    for (List<Object> cells : (List<List<Object>>) table.get("rows")) {
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < keys.size(); i++) {
        row.put(keys.get(i), i < cells.size() ? String.valueOf(cells.get(i)) : "");
      }
      items.add(row);
    }
    return ScrapeResult.of(items, acted.resolution);
  }

  /** The links inside the unique element (or the element itself): text and href. */
  @SuppressWarnings("unchecked")
  private ScrapeResult scrapeLinks(Target target, int limit, Duration timeout) {
    Acted<Object> acted = act(target, timeout, (loc, ms) -> loc.evaluate(PageScripts.SCRAPE_LINKS, limit,
        new Locator.EvaluateOptions().setTimeout(ms)), false);
    List<Map<String, String>> items = new ArrayList<>();
    for (List<Object> link : (List<List<Object>>) acted.value) {
      Map<String, String> row = new LinkedHashMap<>();
      row.put("text", String.valueOf(link.get(0)));
      row.put("href", String.valueOf(link.get(1)));
      items.add(row);
    }
    return ScrapeResult.of(items, acted.resolution);
  }

  /** Every element the first candidate matches (no uniqueness needed), once there is at least one. */
  @SuppressWarnings("unchecked")
  private ScrapeResult scrapeAttributes(Target target, List<String> names, int limit, Duration timeout) {
    Deadline d = Deadline.in(timeout);
    Frame f = targetFrame(target, d);
    while (true) {
      Object rows = call(() -> {
        contextFrame();
        Locator loc = locator(f, target, 0);
        try {
          int total = loc.count();
          return total == 0 ? null
              : List.of(total, loc.evaluateAll(PageScripts.SCRAPE_ATTRIBUTES, Map.of("names", names, "limit", limit)));
        } catch (PlaywrightException e) {
          if (Failures.isContextGone(e)) {
            return null;
          }
          throw Failures.actionFailed("scrape", e);
        }
      });
      if (rows != null) {
        int total = (Integer) ((List<Object>) rows).get(0);
        List<Map<String, String>> items = new ArrayList<>();
        for (List<Object> values : (List<List<Object>>) ((List<Object>) rows).get(1)) {
          Map<String, String> row = new LinkedHashMap<>();
          if (names.isEmpty()) {
            row.put("text", String.valueOf(values.get(0)));
          } else {
            for (int i = 0; i < names.size(); i++) {
              row.put(names.get(i), String.valueOf(values.get(i)));
            }
          }
          items.add(row);
        }
        List<Integer> counts = new ArrayList<>(Collections.nCopies(target.candidates().size(), -1));
        counts.set(0, total);
        return ScrapeResult.of(items, Resolution.of(counts, 0));
      }
      if (d.expired()) {
        List<Integer> counts = new ArrayList<>(Collections.nCopies(target.candidates().size(), -1));
        counts.set(0, 0);
        throw new TargetException(target, Resolution.of(counts, -1));
      }
      waitForChange(f, d);
    }
  }

  // =================================================================== conditions

  /** Whether a condition holds now, and what was seen (for timeout messages; never a field's value). */
  private static final class Check {
    final boolean holds;
    final String seen;

    Check(boolean holds, String seen) {
      this.holds = holds;
      this.seen = seen;
    }
  }

  @Override
  public boolean test(Condition condition) {
    return check(condition).holds;
  }

  private Check check(Condition c) {
    return c.accept(new Checks());
  }

  /** Checks a condition now: a page condition in one call on the driver thread; variable conditions are the engine's. */
  private final class Checks implements ConditionVisitor<Check> {
    @Override
    public Check visitNot(Condition.Not c) {
      Check inner = check(c.condition());
      return new Check(!inner.holds, inner.seen);
    }

    @Override
    public Check visitVar(Condition.Var c) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "variable conditions are evaluated by the engine, not the page driver");
    }

    @Override
    public Check visitUrl(Condition.Url c) {
      return call(() -> {
        String url = page().url();
        return new Check(Glob.matchesUrl(c.glob(), url), "url " + NetworkGuard.withoutQuery(url));
      });
    }

    @Override
    public Check visitTitle(Condition.Title c) {
      return call(() -> {
        String title;
        try {
          title = page().title();
        } catch (PlaywrightException e) {
          if (!Failures.isContextGone(e)) {
            throw e;
          }
          title = "";
        }
        return new Check(Glob.matchesText(c.glob(), title), "title \"" + title + "\"");
      });
    }

    @Override
    public Check visitDownload(Condition.Download c) {
      return call(() -> {
        shared.downloads.settle();
        List<DownloadInfo> done = shared.downloads.completed();
        boolean any = done.stream().anyMatch(x -> Glob.matchesText(c.fileGlob(), x.suggestedName()));
        return new Check(any, done.isEmpty() ? "no completed download"
            : "downloads " + done.stream().map(DownloadInfo::suggestedName).reduce((a, b) -> a + ", " + b).orElse(""));
      });
    }

    @Override
    public Check visitLoad(Condition.Load c) {
      return call(() -> {
        LoadState state = loadState(c.state());
        try {
          page().waitForLoadState(state, new Page.WaitForLoadStateOptions().setTimeout(1));
          return new Check(true, "");
        } catch (PlaywrightException e) {
          if (Failures.isTimeout(e)) {
            return new Check(false, "load state not reached");
          }
          throw Failures.actionFailed("checking the load state", e);
        }
      });
    }

    @Override
    public Check visitExpression(Condition.Expression c) {
      return call(() -> {
        Object v = evaluate(contextFrame(), c.script());
        return new Check(truthy(v), "expression gave " + abbreviate(text(v)));
      });
    }

    @Override
    public Check visitCount(Condition.Count c) {
      return call(() -> {
        Frame f = frameNow(c.target());
        int n = 0;
        if (f != null) {
          try {
            n = locator(f, c.target(), 0).count();
          } catch (PlaywrightException e) {
            if (!Failures.isContextGone(e)) {
              throw Failures.actionFailed("counting " + c.target().candidates().get(0).describe(), e);
            }
          }
        }
        return new Check(c.op().test(n, c.count()), c.target().candidates().get(0).describe() + " matched " + n);
      });
    }

    @Override
    public Check visitText(Condition.Text c) {
      if (c.target().isPresent()) {
        return call(() -> checkElement(c.target().get(), false, loc -> {
          String text = normalize(loc.innerText(new Locator.InnerTextOptions().setTimeout(1000)));
          return new Check(matches(text, c.text(), c.match()), "text \"" + abbreviate(text) + "\"");
        }));
      }
      return call(() -> {
        String all;
        try {
          all = text(contextFrame().evaluate(PageScripts.DEEP_TEXT));
        } catch (PlaywrightException e) {
          if (!Failures.isContextGone(e)) {
            throw e;
          }
          all = "";
        }
        return new Check(matches(all, c.text(), c.match()), "page text \"" + abbreviate(all) + "\"");
      });
    }

    @Override
    public Check visitElement(Condition.Element c) {
      return call(() -> checkElement(c.target(), c.state() == Condition.State.HIDDEN, loc -> elementState(loc, c.state())));
    }

    @Override
    public Check visitValue(Condition.Value c) {
      return call(() -> checkElement(c.target(), false, loc -> {
        String v;
        try {
          v = loc.inputValue(new Locator.InputValueOptions().setTimeout(1000));
        } catch (PlaywrightException e) {
          if (Failures.isStrictViolation(e) || Failures.isTimeout(e) || Failures.isContextGone(e)) {
            throw e;
          }
          return new Check(false, "the element has no value (not a form field)");
        }
        return new Check(v.equals(c.value()), "a different value");
      }));
    }

    @Override
    public Check visitAttribute(Condition.Attribute c) {
      return call(() -> checkElement(c.target(), false, loc -> {
        String v = loc.getAttribute(c.name(), new Locator.GetAttributeOptions().setTimeout(1000));
        boolean holds = v != null && c.value().map(v::equals).orElse(true);
        return new Check(holds, v == null ? "no " + c.name() + " attribute" : c.name() + "=\"" + abbreviate(v) + "\"");
      }));
    }
  }

  /**
   * On the driver thread: an element condition (state, text, value, attribute) on the target's
   * unique element now. {@code holdsWhenAbsent}: the condition also holds when no candidate matches
   * anything (an element that must be hidden).
   */
  private Check checkElement(Target target, boolean holdsWhenAbsent, Function<Locator, Check> onElement) {
    Frame f = frameNow(target);
    Resolution r = f == null ? Resolution.of(Collections.nCopies(target.candidates().size(), 0), -1) : count(f, target, false);
    boolean absent = !r.resolved() && r.counts().stream().allMatch(x -> x <= 0);
    if (!r.resolved()) {
      return new Check(holdsWhenAbsent && absent, r.describe(target));
    }
    Locator loc = locator(f, target, r.winner());
    try {
      return onElement.apply(loc);
    } catch (PlaywrightException e) {
      if (Failures.isStrictViolation(e) || Failures.isTimeout(e) || Failures.isContextGone(e)) {
        return new Check(false, "the element changed while being checked");
      }
      throw Failures.actionFailed("checking " + target.describe(), e);
    }
  }

  /** On the driver thread: whether the unique element is in {@code state}. */
  private static Check elementState(Locator loc, Condition.State state) {
    String seen = "the element is not " + state.name().toLowerCase(Locale.ROOT);
    return switch (state) {
      case EXISTS -> new Check(true, seen);
      case VISIBLE -> new Check(loc.isVisible(), seen);
      case HIDDEN -> new Check(!loc.isVisible(), seen);
      case ENABLED -> new Check(loc.isEnabled(new Locator.IsEnabledOptions().setTimeout(1000)), seen);
      case DISABLED -> new Check(!loc.isEnabled(new Locator.IsEnabledOptions().setTimeout(1000)), seen);
      case CHECKED, UNCHECKED -> {
        try {
          boolean checked = loc.isChecked(new Locator.IsCheckedOptions().setTimeout(1000));
          yield new Check(checked == (state == Condition.State.CHECKED), seen);
        } catch (PlaywrightException e) {
          if (Failures.isStrictViolation(e) || Failures.isTimeout(e) || Failures.isContextGone(e)) {
            throw e;
          }
          yield new Check(false, "the element is not checkable");
        }
      }
    };
  }

  /** On the driver thread: the target's frame now, or null when its frame path does not resolve yet. */
  private Frame frameNow(Target target) {
    Frame f = contextFrame();
    for (String locator : target.framePath()) {
      FrameLookup r;
      try {
        r = FrameLookup.find(f, locator);
      } catch (PlaywrightException e) {
        return null;
      }
      if (r.kind != FrameLookup.Kind.FOUND) {
        return null;
      }
      f = r.frame;
    }
    return f;
  }

  private static boolean matches(String actual, String expected, Condition.Match match) {
    String e = normalize(expected);
    return switch (match) {
      case EQUALS -> actual.equals(e);
      case CONTAINS -> actual.contains(e);
      case GLOB -> Glob.matchesText(e, actual);
    };
  }

  private static LoadState loadState(Condition.LoadState s) {
    return switch (s) {
      case LOAD -> LoadState.LOAD;
      case DOMCONTENTLOADED -> LoadState.DOMCONTENTLOADED;
      case NETWORKIDLE -> LoadState.NETWORKIDLE;
    };
  }

  @Override
  public void await(Condition condition, Duration timeout) {
    Deadline d = Deadline.in(timeout);
    if (!concurrent() && fastAwait(condition, d)) {
      return;
    }
    while (true) {
      Check c = check(condition);
      if (c.holds) {
        return;
      }
      if (d.expired()) {
        throw new FlowTimeoutException(ErrorCode.TIMEOUT, describe(condition) + " did not hold within " + d.totalMillis()
            + " ms; last seen: " + c.seen, Map.of("seen", c.seen));
      }
      waitForChange(call(this::contextFrame), d);
    }
  }

  /** Conditions Playwright waits for by itself; true when it held, false to poll instead. */
  private boolean fastAwait(Condition c, Deadline d) {
    return c.accept(new ConditionVisitor<Boolean>() {
      @Override
      public Boolean visitUrl(Condition.Url u) {
        try {
          raw(() -> { page().waitForURL(x -> Glob.matchesUrl(u.glob(), x),
              new Page.WaitForURLOptions().setTimeout(d.remainingMs()).setWaitUntil(WaitUntilState.COMMIT)); return null; });
          return true;
        } catch (PlaywrightException e) {
          if (!Failures.isTimeout(e)) {
            throw Failures.actionFailed("waiting for the url", e);
          }
          String url = call(() -> page().url());
          throw new FlowTimeoutException(ErrorCode.TIMEOUT, describe(u) + " did not hold within " + d.totalMillis()
              + " ms; last seen: url " + NetworkGuard.withoutQuery(url), Map.of("seen", NetworkGuard.withoutQuery(url)));
        }
      }

      @Override
      public Boolean visitLoad(Condition.Load l) {
        LoadState state = loadState(l.state());
        try {
          raw(() -> { page().waitForLoadState(state, new Page.WaitForLoadStateOptions().setTimeout(d.remainingMs())); return null; });
          return true;
        } catch (PlaywrightException e) {
          if (!Failures.isTimeout(e)) {
            throw Failures.actionFailed("waiting for the load state", e);
          }
          throw new FlowTimeoutException(ErrorCode.TIMEOUT, describe(l) + " was not reached within " + d.totalMillis() + " ms",
              Map.of());
        }
      }

      @Override
      public Boolean visitExpression(Condition.Expression x) {
        try {
          raw(() -> contextFrame().waitForFunction(x.script(), null, new Frame.WaitForFunctionOptions().setTimeout(d.remainingMs())));
          return true;
        } catch (PlaywrightException e) {
          if (Failures.isTimeout(e)) {
            throw new FlowTimeoutException(ErrorCode.TIMEOUT, "expression did not become truthy within " + d.totalMillis() + " ms",
                Map.of());
          }
          if (Failures.isContextGone(e)) {
            return false;
          }
          throw new FlowRunException(ErrorCode.SCRIPT_ERROR, "the expression failed: " + Failures.summary(e));
        }
      }

      @Override
      public Boolean visitElement(Condition.Element e) {
        WaitForSelectorState state = switch (e.state()) {
          case VISIBLE -> WaitForSelectorState.VISIBLE;
          case EXISTS -> WaitForSelectorState.ATTACHED;
          case HIDDEN, ENABLED, DISABLED, CHECKED, UNCHECKED -> null; // polled
        };
        if (state == null || e.target().candidates().size() != 1 || !e.target().framePath().isEmpty()) {
          return false;
        }
        try {
          raw(() -> {
            locator(contextFrame(), e.target(), 0).waitFor(new Locator.WaitForOptions().setState(state).setTimeout(d.remainingMs()));
            return null;
          });
          return true;
        } catch (PlaywrightException x) {
          return false; // several matches, a timeout or a navigation: the polling loop decides and reports
        }
      }

      // polled (a variable condition too: the first check refuses it, the engine evaluates those)
      @Override public Boolean visitTitle(Condition.Title t) { return false; }
      @Override public Boolean visitCount(Condition.Count n) { return false; }
      @Override public Boolean visitText(Condition.Text t) { return false; }
      @Override public Boolean visitValue(Condition.Value v) { return false; }
      @Override public Boolean visitAttribute(Condition.Attribute a) { return false; }
      @Override public Boolean visitVar(Condition.Var v) { return false; }
      @Override public Boolean visitDownload(Condition.Download l) { return false; }
      @Override public Boolean visitNot(Condition.Not n) { return false; }
    });
  }

  private static String describe(Condition c) {
    return c.accept(new ConditionVisitor<String>() {
      @Override public String visitUrl(Condition.Url u) { return "url matching " + u.glob(); }
      @Override public String visitTitle(Condition.Title t) { return "title matching " + t.glob(); }

      @Override
      public String visitElement(Condition.Element e) {
        return e.target().describe() + " " + e.state().name().toLowerCase(Locale.ROOT);
      }

      @Override
      public String visitCount(Condition.Count n) {
        return "count of " + n.target().candidates().get(0).describe() + " " + n.op().symbol() + " " + n.count();
      }

      @Override
      public String visitText(Condition.Text t) {
        return "text " + t.match().name().toLowerCase(Locale.ROOT) + " \"" + t.text() + "\""
            + t.target().map(x -> " in " + x.describe()).orElse(" on the page");
      }

      @Override public String visitValue(Condition.Value v) { return "value of " + v.target().describe(); }
      @Override public String visitAttribute(Condition.Attribute a) { return "attribute " + a.name() + " of " + a.target().describe(); }
      @Override public String visitDownload(Condition.Download l) { return "download " + l.fileGlob(); }
      @Override public String visitLoad(Condition.Load l) { return "load state " + l.state().name().toLowerCase(Locale.ROOT); }
      @Override public String visitExpression(Condition.Expression x) { return "expression"; }
      @Override public String visitNot(Condition.Not n) { return "not (" + describe(n.condition()) + ")"; }
      // never awaited by the page driver (the engine evaluates it): the class name, as before
      @Override public String visitVar(Condition.Var v) { return v.getClass().getSimpleName(); }
    });
  }

  // =================================================================== everything else

  @Override
  public String eval(String script, Duration timeout) {
    return text(call(() -> evaluate(contextFrame(), script)));
  }

  /** On the driver thread. */
  private static Object evaluate(Frame f, String script) {
    try {
      return f.evaluate(script);
    } catch (PlaywrightException e) {
      if (Failures.isContextGone(e)) {
        throw new FlowRunException(ErrorCode.SCRIPT_ERROR, "the script's document went away while it ran: " + Failures.summary(e));
      }
      throw new FlowRunException(ErrorCode.SCRIPT_ERROR, "the script failed: " + Failures.summary(e));
    }
  }

  /** Script results as text: strings as they are, numbers without a needless {@code .0}, objects and arrays as JSON, nothing as "". */
  static String text(Object v) {
    if (v == null) {
      return "";
    }
    if (v instanceof String) {
      return (String) v;
    }
    if (v instanceof Double || v instanceof Float) {
      double x = ((Number) v).doubleValue();
      if (x == Math.rint(x) && !Double.isInfinite(x) && Math.abs(x) < 1e15) {
        return String.valueOf((long) x);
      }
      return String.valueOf(x);
    }
    if (v instanceof Number || v instanceof Boolean) {
      return String.valueOf(v);
    }
    try {
      return JSON.writeValueAsString(v);
    } catch (JsonProcessingException e) {
      return String.valueOf(v);
    }
  }

  private static boolean truthy(Object v) {
    if (v == null) {
      return false;
    }
    if (v instanceof Boolean) {
      return (Boolean) v;
    }
    if (v instanceof Number) {
      double x = ((Number) v).doubleValue();
      return x != 0 && !Double.isNaN(x);
    }
    if (v instanceof String) {
      return !((String) v).isEmpty();
    }
    return true;
  }

  private static String abbreviate(String s) {
    return s.length() > 120 ? s.substring(0, 120) + "…" : s;
  }

  @Override
  public Path screenshot(ScreenshotRequest request) {
    Path file = request.file().toAbsolutePath();
    try {
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
    } catch (java.io.IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot create the directory of " + file + ": " + e.getMessage());
    }
    if (request.target().isPresent()) {
      act(request.target().get(), Duration.ofMillis((long) SCREENSHOT_TIMEOUT_MS), (loc, ms) -> {
        loc.screenshot(new Locator.ScreenshotOptions().setPath(file).setTimeout(ms)
            .setMask(masks(request.mask())).setMaskColor(MASK_COLOR));
        return null;
      }, false);
      return file;
    }
    run(() -> {
      try {
        page().screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(request.fullPage())
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
    for (Frame f : page().frames()) {
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

  @Override
  public List<DownloadInfo> downloads() {
    return call(() -> {
      shared.downloads.settle();
      return shared.downloads.completed();
    });
  }

  @Override
  public List<String> blockedRequests() {
    return shared.guard == null ? List.of() : shared.guard.blocked();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    try {
      shared.thread.run(() -> {
        if (fork) {
          for (Tab t : tabs.values()) {
            try {
              t.page.close();
            } catch (PlaywrightException e) {
              // already gone
            }
          }
        } else {
          try {
            shared.close();
          } catch (PlaywrightException e) {
            // the browser may be gone already; nothing left to release
          }
        }
      });
    } catch (FlowRunException e) {
      // the driver is closed: its browser took the context with it
    } finally {
      closed = true;
      if (fork) {
        shared.users.decrementAndGet();
      }
      onClose.run();
    }
  }
}
