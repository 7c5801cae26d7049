package io.browserflow.playwright.recorder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.ElementHandle;
import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A recording in progress, started by {@link Recorder#start(RecorderOptions)}. It follows the
 * {@code main} tab and every popup a recorded click opens, in every frame and open shadow root.
 *
 * <pre>{@code
 * try (Recording rec = Recorder.start(RecorderOptions.builder().url(url).build())) {
 *   ... the person works in the browser ...
 *   FlowDraft draft = rec.awaitStop();        // returns when stop() is called or the window closes
 * }
 * }</pre>
 *
 * <p>Pausing and stopping first collect input still being typed in every frame, so nothing typed
 * before is lost. While paused, user actions are not recorded. Reaching a capacity limit pauses
 * the recording for good and reports it ({@link FlowDraft#limitReached()}); the draft is never
 * silently truncated.
 *
 * <p>Threads: a recording attached to a caller's page must be driven from the caller's thread (see
 * {@link RecorderOptions}); a launched recording may be driven from any thread.
 */
public final class Recording implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Where Playwright work runs: the caller's thread (attached) or the pump (launched). */
  interface Runner {
    <T> T call(Supplier<T> work);
  }

  private final RecorderOptions options;
  private final BrowserContext context;
  private final Runner runner;
  private final CaptureScript script = CaptureScript.fresh();
  private final DraftBuilder builder;
  private final Object lock = new Object();
  private final Map<Page, String> aliases = new IdentityHashMap<>();
  private final Map<Frame, List<String>> owners = new IdentityHashMap<>();
  private final Map<Frame, Integer> received = new IdentityHashMap<>();
  private final CountDownLatch stoppedLatch = new CountDownLatch(1);
  private final Runnable release;
  private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
  private boolean draining;
  private volatile boolean stopped;
  private volatile boolean browserGone;
  private volatile FlowDraft finalDraft;
  /** Whether a person answers native dialogs in a browser the recorder launched headed (else whoever owns the page does). */
  private final boolean personAnswers;

  private Recording(RecorderOptions options, BrowserContext context, Runner runner, Runnable release, boolean personAnswers) {
    this.personAnswers = personAnswers;
    this.options = options;
    this.context = context;
    this.runner = runner;
    this.release = release;
    this.builder = new DraftBuilder(options);
    builder.recognizeSecrets(script::fingerprint);
  }

  /** On the Playwright thread: installs the capture in {@code context} and follows {@code main}. */
  static Recording attach(RecorderOptions options, BrowserContext context, Page main, Runner runner, Runnable release,
      boolean personAnswers) {
    Recording r = new Recording(options, context, runner, release, personAnswers);
    r.install(main);
    return r;
  }

  private void install(Page main) {
    context.exposeBinding(script.binding(), (source, args) -> {
      Page page = source.page();
      Frame frame = source.frame();
      String json = args.length > 0 && args[0] != null ? args[0].toString() : null;
      long now = System.currentTimeMillis();
      inOrder(() -> onEvent(page, frame, json, now));
      return null;
    });
    context.addInitScript(script.expression());
    context.onPage(p -> {
      long now = System.currentTimeMillis();
      inOrder(() -> onPage(p, now));
    });
    follow(main, DraftBuilder.MAIN);
    withBuilder(b -> {
      b.start(main.url());
      return null;
    });
    inject(main);
    options.url().ifPresent(u -> main.navigate(u));
  }

  // ================================================================= public API

  /** Collects pending input in every frame, then stops recording user actions until {@link #resume()}. */
  public void pause() {
    runner.call(() -> {
      if (!stopped) {
        flushAll();
        withBuilder(b -> {
          b.pause();
          return null;
        });
        tell(l -> l.paused("paused"));
      }
      return null;
    });
  }

  /** Records again after {@link #pause()}; refused after a capacity limit paused the recording. */
  public void resume() {
    runner.call(() -> {
      withBuilder(b -> {
        b.resume();
        return null;
      });
      tell(RecordingListener::resumed);
      return null;
    });
  }

  /** Whether user actions are being ignored: paused by {@link #pause()} or by a capacity limit. */
  public boolean paused() {
    synchronized (lock) {
      return builder.paused();
    }
  }

  /** Steps captured so far. */
  public int stepCount() {
    synchronized (lock) {
      return builder.stepCount();
    }
  }

  /**
   * Starts recording the tab the person opened by hand (the newest tab not yet recorded) as a
   * {@code tabNew} step; its alias, or empty when every open tab is already recorded.
   */
  public Optional<String> addCurrentTab() {
    return runner.call(() -> {
      if (stopped) {
        return Optional.<String>empty();
      }
      Page candidate = null;
      for (Page p : context.pages()) {
        if (!p.isClosed() && !aliases.containsKey(p)) {
          candidate = p;
        }
      }
      if (candidate == null) {
        return Optional.<String>empty();
      }
      flushAll();
      String url = candidate.url();
      Optional<String> alias = withBuilder(b -> b.addTab(url, System.currentTimeMillis()));
      if (alias.isPresent()) {
        follow(candidate, alias.get());
        inject(candidate);
      }
      return alias;
    });
  }

  /** The draft as it stands, without stopping (pending input in a field is not included yet). */
  public FlowDraft draft() {
    synchronized (lock) {
      return finalDraft != null ? finalDraft : builder.build();
    }
  }

  /** Collects pending input, stops recording and returns the draft; closes a browser the recorder launched. */
  public FlowDraft stop() {
    if (stopped) {
      return awaitFinished();
    }
    try {
      return runner.call(this::finish);
    } catch (IllegalStateException e) { // also CancellationException
      // the window closed meanwhile and the recording is stopping by itself
      return awaitFinished();
    }
  }

  private FlowDraft awaitFinished() {
    try {
      if (!stoppedLatch.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the recording did not finish stopping within 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the recording was stopping", e);
    }
    return finalDraft;
  }

  /** Waits until the recording stops: {@link #stop()} elsewhere, or the person closed the last recorded tab. */
  public FlowDraft awaitStop() throws InterruptedException {
    stoppedLatch.await();
    return finalDraft;
  }

  /** Like {@link #awaitStop()} with a limit; empty when still recording after {@code millis}. */
  public Optional<FlowDraft> awaitStop(long millis) throws InterruptedException {
    return stoppedLatch.await(millis, TimeUnit.MILLISECONDS) ? Optional.of(finalDraft) : Optional.empty();
  }

  /** Whether the recording has stopped (its draft is final). */
  public boolean stopped() {
    return stopped;
  }

  /** Stops (if still recording) and releases what the recorder launched. */
  @Override
  public void close() {
    stop();
  }

  // ================================================================= Playwright side

  private FlowDraft finish() {
    if (stopped) {
      return finalDraft;
    }
    flushAll();
    stopped = true;
    for (Page p : new ArrayList<>(aliases.keySet())) {
      for (Frame f : frames(p)) {
        try {
          f.evaluate("key => window[key] && window[key].stop()", script.key());
        } catch (PlaywrightException e) {
          // a frame going away records nothing more anyway
        }
      }
    }
    FlowDraft d = withBuilder(b -> {
      b.stop();
      return b.build();
    });
    finalDraft = d;
    try {
      release.run();
    } finally {
      try {
        tell(l -> l.stopped(d));
      } finally {
        stoppedLatch.countDown(); // last: whoever awaits the stop sees everything the listener did
      }
    }
    return d;
  }

  /** Runs {@code work} on the draft under the lock, then tells the listener what changed, outside the lock. */
  private <T> T withBuilder(Function<DraftBuilder, T> work) {
    T result;
    List<Consumer<RecordingListener>> calls;
    synchronized (lock) {
      result = work.apply(builder);
      calls = builder.takeNotifications();
    }
    calls.forEach(this::tell);
    return result;
  }

  /** Calls the listener; a listener that throws does not break the recording. */
  private void tell(Consumer<RecordingListener> call) {
    try {
      call.accept(options.listener());
    } catch (RuntimeException e) {
      // the listener's problem; capture goes on
    }
  }

  /** Runs {@code work} on the thread that owns the recorded context (tests act as the person closing a window). */
  <T> T withContext(Function<BrowserContext, T> work) {
    return runner.call(() -> work.apply(context));
  }

  /** Called by the launched recording's pump between waits. */
  void idle() {
    if (!stopped && (browserGone || aliases.keySet().stream().allMatch(Page::isClosed))) {
      try {
        finish();
      } catch (RuntimeException e) {
        // finish() always leaves a draft and releases the latch; what failed was the browser going away
      }
    }
  }

  void browserGone() {
    browserGone = true;
  }

  private void follow(Page page, String alias) {
    aliases.put(page, alias);
    CDPSession[] history = {historyOf(page)};
    page.onFrameNavigated(f -> {
      long now = System.currentTimeMillis();
      String url = f.url();
      inOrder(() -> {
        received.remove(f);
        if (f == page.mainFrame() && !stopped) {
          boolean byBrowser = browserInitiated(page, history, url);
          withBuilder(b -> {
            b.navigated(alias, url, now, byBrowser);
            return null;
          });
        }
      });
    });
    if (personAnswers) {
      // a listener keeps Playwright from dismissing dialogs itself: the person answers them in the
      // window; alert/confirm/prompt report their answers from the page, "leave this page?" from here
      page.onDialog(d -> {
        if (d.type().equals("beforeunload")) {
          long now = System.currentTimeMillis();
          untilStopped(b -> b.beforeUnload(alias, now));
        }
      });
    }
    page.onClose(p -> {
      long now = System.currentTimeMillis();
      untilStopped(b -> b.tabClosed(alias, now));
    });
  }

  /** Tells the builder of a page event, in order with the others, unless the recording has stopped by then. */
  private void untilStopped(Consumer<DraftBuilder> event) {
    inOrder(() -> {
      if (!stopped) {
        withBuilder(b -> {
          event.accept(b);
          return null;
        });
      }
    });
  }

  /** Transition types of navigations the browser started itself: the address bar, a bookmark, the embedding code. */
  private static final Set<String> BROWSER_TRANSITIONS = Set.of("typed", "address_bar", "auto_bookmark", "generated",
      "keyword", "keyword_generated", "auto_toplevel");

  /** A DevTools session of {@code page} for its navigation history; null where the browser has none (not Chromium). */
  private CDPSession historyOf(Page page) {
    try {
      return context.newCDPSession(page);
    } catch (PlaywrightException e) {
      return null;
    }
  }

  /**
   * Whether the navigation of the main frame to {@code url} was started by the browser (an address
   * typed, a bookmark, {@code page.navigate} from the embedding code), not by the page (a link, a
   * form, a script): its history entry's transition type says so.
   */
  private boolean browserInitiated(Page page, CDPSession[] history, String url) {
    if (history[0] == null) {
      return false;
    }
    JsonObject h;
    try {
      h = history[0].send("Page.getNavigationHistory");
    } catch (RuntimeException e) {
      // a navigation that swapped the page's renderer leaves the session behind: attach again, once
      try {
        history[0].detach();
      } catch (RuntimeException ignored) {
        // already gone
      }
      history[0] = historyOf(page);
      try {
        h = history[0] == null ? null : history[0].send("Page.getNavigationHistory");
      } catch (RuntimeException again) {
        h = null;
      }
      if (h == null) {
        return false; // the page closed: decided as before, by timing
      }
    }
    JsonArray entries = h.getAsJsonArray("entries");
    // the entry of this navigation: the latest with its URL up to the current one (the page may have moved on)
    for (int i = Math.min(h.get("currentIndex").getAsInt(), entries.size() - 1); i >= 0; i--) {
      JsonObject entry = entries.get(i).getAsJsonObject();
      if (entry.has("url") && entry.get("url").getAsString().equals(url)) {
        return entry.has("transitionType") && BROWSER_TRANSITIONS.contains(entry.get("transitionType").getAsString());
      }
    }
    return false;
  }

  /**
   * Runs Playwright callbacks one after the other in arrival order. Handling an event may call
   * Playwright (to describe a frame's owner), and Playwright delivers the next events during that
   * call: they wait in the queue instead of overtaking the event being handled.
   */
  private void inOrder(Runnable work) {
    queue.add(work);
    if (draining) {
      return;
    }
    draining = true;
    try {
      Runnable next;
      while ((next = queue.poll()) != null) {
        try {
          next.run();
        } catch (RuntimeException e) {
          // one event that cannot be handled (a frame gone mid-way) must not stop the capture of the next
        }
      }
    } finally {
      draining = false;
    }
  }

  private void onPage(Page page, long now) {
    if (stopped || aliases.containsKey(page)) {
      return;
    }
    Page opener = page.opener();
    String openerAlias = opener == null ? null : aliases.get(opener);
    if (openerAlias == null) {
      withBuilder(b -> b.popup("", now));
      return;
    }
    Optional<String> alias = withBuilder(b -> b.popup(openerAlias, now));
    alias.ifPresent(a -> {
      follow(page, a);
      String url = page.url();
      withBuilder(b -> {
        b.navigated(a, url, now, false);
        return null;
      });
    });
  }

  private void onEvent(Page page, Frame frame, String json, long now) {
    if (stopped || json == null) {
      return;
    }
    String alias = aliases.get(page);
    if (alias == null) {
      return;
    }
    JsonNode ev;
    try {
      ev = JSON.readTree(json);
    } catch (IOException e) {
      return; // not ours: the page cannot produce anything else through this binding
    }
    received.merge(frame, ev.path("seq").asInt(), Math::max);
    DraftBuilder.FrameRef ref = frameRef(frame);
    withBuilder(b -> {
      b.event(alias, ref, ev, now);
      return null;
    });
  }

  private DraftBuilder.FrameRef frameRef(Frame frame) {
    List<String> path = ownerPath(frame);
    List<String> urls = new ArrayList<>();
    List<Frame> chain = new ArrayList<>();
    for (Frame f = frame; f != null && f.parentFrame() != null; f = f.parentFrame()) {
      chain.add(0, f);
    }
    chain.forEach(f -> urls.add(f.url()));
    return new DraftBuilder.FrameRef(path, urls);
  }

  /** The owner selectors from the main frame down to {@code frame}; never a runtime frame id. */
  private List<String> ownerPath(Frame frame) {
    Frame parent = frame.parentFrame();
    if (parent == null) {
      return List.of();
    }
    List<String> known = owners.get(frame);
    if (known != null) {
      return known;
    }
    List<String> path = new ArrayList<>(ownerPath(parent));
    String owner = null;
    try {
      ElementHandle h = frame.frameElement();
      Object s = h.evaluate("(el, key) => window[key] ? window[key].frameOwner(el) : null", script.key());
      h.dispose();
      owner = s == null ? null : s.toString();
    } catch (PlaywrightException e) {
      owner = null;
    }
    if (owner == null || owner.isBlank()) {
      owner = "url:" + UrlGlobs.of(frame.url());
    }
    path.add(owner);
    List<String> result = List.copyOf(path);
    owners.put(frame, result);
    return result;
  }

  /** Installs the capture script in the frames of a page that was already open. */
  private void inject(Page page) {
    for (Frame f : frames(page)) {
      try {
        f.evaluate(script.expression());
      } catch (PlaywrightException e) {
        // a frame that is navigating gets the script from the init script
      }
    }
  }

  /** Sends what is still pending in every frame (typed text, a scroll), and waits until it arrived. */
  private void flushAll() {
    Map<Frame, Integer> sent = new HashMap<>();
    for (Page p : new ArrayList<>(aliases.keySet())) {
      for (Frame f : frames(p)) {
        try {
          Object n = f.evaluate("key => window[key] ? window[key].flush() : 0", script.key());
          if (n instanceof Number && ((Number) n).intValue() > 0) {
            sent.put(f, ((Number) n).intValue());
          }
        } catch (PlaywrightException e) {
          // detached meanwhile
        }
      }
    }
    long until = System.currentTimeMillis() + 2000;
    Page any = aliases.keySet().stream().filter(p -> !p.isClosed()).findFirst().orElse(null);
    while (any != null && System.currentTimeMillis() < until
        && sent.entrySet().stream().anyMatch(e -> !e.getKey().isDetached() && received.getOrDefault(e.getKey(), 0) < e.getValue())) {
      try {
        any.waitForTimeout(20);
      } catch (PlaywrightException e) {
        break;
      }
    }
  }

  private static List<Frame> frames(Page p) {
    if (p.isClosed()) {
      return List.of();
    }
    try {
      return p.frames();
    } catch (PlaywrightException e) {
      return List.of();
    }
  }
}
