package io.browserflow.playwright;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Page;
import io.browserflow.api.Flow;
import io.browserflow.api.Glob;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunHandle;
import io.browserflow.engine.RunOptions;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * URL-pattern triggers ({@code onPage}) for an application that owns a Playwright browser
 * context: when a page of that context commits a main-frame navigation to a URL the glob matches,
 * the engine starts the flow, in the background and in the engine's own browser session, never on
 * the application's page. The flow gets the URL as its input {@code PAGE_URL} when it declares one.
 *
 * <p>Playwright hands events to Java only while the application's thread is inside a Playwright
 * call, so triggers fire on that thread during the application's own calls; starting a run does not
 * block it. A trigger that is off ({@link Trigger#enabled(boolean)}) is kept and does not fire.
 *
 * <pre>{@code
 * try (PageTriggers triggers = PageTriggers.watch(appContext, engine)) {
 *   triggers.onPage("https://shop.example/orders/**", exportOrder, url -> Inputs.empty())
 *       .whenStarted(run -> log.info("started " + run.runId()));
 *   appPage.navigate("https://shop.example/orders/17");   // starts exportOrder with PAGE_URL
 * }
 * }</pre>
 */
public final class PageTriggers implements AutoCloseable {
  /** The input a triggered flow gets the matched URL in, when it declares it. */
  public static final String PAGE_URL = "PAGE_URL";

  private final BrowserContext context;
  private final FlowEngine engine;
  private final List<Trigger> triggers = new CopyOnWriteArrayList<>();
  private final Consumer<Page> onPage = this::watchPage;
  private final List<Page> watched = new CopyOnWriteArrayList<>();
  private final Consumer<Frame> onNavigated = this::navigated;
  private volatile boolean closed;

  /** One onPage trigger. */
  public final class Trigger {
    private final String glob;
    private final Flow flow;
    private final Function<String, Inputs> inputs;
    private final RunOptions options;
    private volatile boolean enabled = true;
    private volatile Consumer<RunHandle> started = run -> { };
    private final List<RunHandle> runs = new CopyOnWriteArrayList<>();
    private final List<String> refusals = new CopyOnWriteArrayList<>();

    private Trigger(String glob, Flow flow, Function<String, Inputs> inputs, RunOptions options) {
      this.glob = glob;
      this.flow = flow;
      this.inputs = inputs;
      this.options = options;
    }

    /** Turns the trigger off (kept, not firing) or on. */
    public Trigger enabled(boolean on) {
      enabled = on;
      return this;
    }

    public boolean enabled() {
      return enabled;
    }

    /** Called with each run the trigger starts (on the application's thread: keep it short). */
    public Trigger whenStarted(Consumer<RunHandle> callback) {
      started = Objects.requireNonNull(callback, "callback");
      return this;
    }

    /** The runs started so far, oldest first. */
    public List<RunHandle> runs() {
      return List.copyOf(runs);
    }

    /** Why runs could not start (the URL and the reason), oldest first; a run that starts and fails is in {@link #runs()}. */
    public List<String> refusals() {
      return List.copyOf(refusals);
    }

    /** Stops watching for this trigger. */
    public void remove() {
      triggers.remove(this);
    }

    private void fire(String url) {
      if (!enabled || !Glob.matchesUrl(glob, url)) {
        return;
      }
      Inputs given = inputs.apply(url);
      if (flow.input(PAGE_URL).isPresent() && !given.inputs().containsKey(PAGE_URL)) {
        given = given.toBuilder().input(PAGE_URL, url).build();
      }
      RunHandle run = engine.start(flow, given, options);
      runs.add(run);
      started.accept(run);
    }
  }

  private PageTriggers(BrowserContext context, FlowEngine engine) {
    this.context = context;
    this.engine = engine;
    context.pages().forEach(this::watchPage);
    context.onPage(onPage);
  }

  /** Watches the pages of {@code context} (those open now and those opened later); runs start on {@code engine}. */
  public static PageTriggers watch(BrowserContext context, FlowEngine engine) {
    return new PageTriggers(Objects.requireNonNull(context, "context"), Objects.requireNonNull(engine, "engine"));
  }

  /**
   * Starts {@code flow} each time a page commits a main-frame navigation to a URL matching
   * {@code urlGlob} (the url condition's glob: {@code *} within a path segment, {@code **} across);
   * {@code inputs} gives the run's inputs and credentials for the URL.
   */
  public Trigger onPage(String urlGlob, Flow flow, Function<String, Inputs> inputs) {
    return onPage(urlGlob, flow, inputs, RunOptions.defaults());
  }

  /** Like {@link #onPage(String, Flow, Function)}, the runs started with {@code options}. */
  public Trigger onPage(String urlGlob, Flow flow, Function<String, Inputs> inputs, RunOptions options) {
    if (closed) {
      throw new IllegalStateException("the page triggers are closed");
    }
    Trigger t = new Trigger(Objects.requireNonNull(urlGlob, "urlGlob"), Objects.requireNonNull(flow, "flow"),
        Objects.requireNonNull(inputs, "inputs"), Objects.requireNonNull(options, "options"));
    triggers.add(t);
    return t;
  }

  private void watchPage(Page page) {
    if (!watched.contains(page)) {
      watched.add(page);
      page.onFrameNavigated(onNavigated);
      page.onClose(p -> watched.remove(p));
    }
  }

  private void navigated(Frame frame) {
    if (closed || frame.parentFrame() != null) {
      return; // only a page's main frame
    }
    String url = frame.url();
    for (Trigger t : triggers) {
      try {
        t.fire(url);
      } catch (RuntimeException e) {
        // a trigger that cannot start its run must not break the application's Playwright call: it says why instead
        t.refusals.add(NetworkGuard.withoutQuery(url) + ": " + e.getMessage());
      }
    }
  }

  /** Stops watching (runs already started go on); call it on the application's Playwright thread. */
  @Override
  public void close() {
    closed = true;
    context.offPage(onPage);
    for (Page p : watched) {
      try {
        p.offFrameNavigated(onNavigated);
      } catch (RuntimeException closedPage) {
        // a closed page watches nothing any more
      }
    }
    watched.clear();
    triggers.clear();
  }
}
