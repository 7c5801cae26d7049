package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.HttpExchange;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.spi.SessionOptions;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import io.browserflow.api.InteractionStep;

/**
 * A scripted, browser-free {@link PageDriver}: pages are small HTML documents registered per URL,
 * parsed by jsoup's HTML5 parser (the tree a browser builds), and driven with the same strict rules as a
 * real browser driver (it passes the {@link PageDriverContract} suite). For fast, deterministic engine
 * tests and for users' own tests of flows without a browser.
 *
 * <pre>{@code
 * InMemoryPageDriver driver = InMemoryPageDriver.builder()
 *     .page("http://app.test/login", """
 *         <title>Login</title>
 *         <input placeholder="User"> <input type="password" aria-label="Password">
 *         <button data-on-click="navigate:/home">Sign in</button>""")
 *     .page("http://app.test/home", "<title>Home</title><h1>Welcome</h1>")
 *     .build();
 * try (DriverSession s = driver.openSession(SessionOptions.defaults())) {
 *   s.open("http://app.test/login", Duration.ofSeconds(5));
 *   s.perform(InteractionStep.Click.builder().id("go").target(Target.of(Candidate.role("button", "Sign in"))).build(),
 *       Duration.ofSeconds(5));
 *   s.await(Condition.Url.of("http://app.test/home"), Duration.ofSeconds(5));
 * }
 * }</pre>
 *
 * <h2>Pages</h2>
 * A URL is looked up exactly, then without its fragment, then without query and fragment. An unknown
 * URL opens a "404 Not Found" document (title {@code 404 Not Found}), as a web server would answer;
 * {@code about:blank} is an empty document. Iframes load their {@code src} (resolved against the page)
 * or {@code srcdoc} eagerly, up to 8 levels deep. Scripts never run; {@code <script>}, {@code <style>} and
 * {@code <noscript>} content is never rendered nor matched as text. Declarative shadow roots
 * ({@code <template shadowrootmode="open">} on a host that may have one) are attached as in browsers; jsoup
 * has no shadow DOM, so the driver keeps them in a model of its own, entered by every candidate kind but xpath.
 *
 * <h2>Selectors</h2>
 * Css is matched by jsoup in its standards ("Web") mode, combinators walking into open shadow roots as
 * Playwright's css engine does: type, id, class and attribute selectors (with {@code i} / {@code s}
 * flags), {@code :not()}, {@code :is()}, {@code :has()}, the structural pseudo-classes, {@code :checked},
 * {@code :disabled}, {@code :enabled}, {@code :empty} and {@code :root}; jsoup's own extensions
 * ({@code :contains}, {@code :matches}, {@code :eq}, ...), pseudo-elements, user-action pseudo-classes and
 * Playwright's {@code >>} / {@code :visible} / {@code :text} give {@code UNSUPPORTED_STEP}. Xpath is XPath 1.0
 * as the JDK evaluates it over the page (never inside shadow roots); only element results count.
 *
 * <h2>Behaviours</h2>
 * Instead of scripts, declarative attributes (which the contract suite's {@code contract-runtime.js}
 * also implements, so one fixture runs in a real browser too):
 * <ul>
 *   <li>{@code data-on-click}, {@code data-on-dblclick}, {@code data-on-contextmenu}, {@code data-on-hover},
 *       {@code data-on-input}, {@code data-on-change}, {@code data-on-drop}, {@code data-on-submit},
 *       {@code data-on-keydown}, {@code data-on-keyup} (per character typed key by key): a
 *       {@code ;}-separated list of actions run when the event reaches the element (events bubble through
 *       ancestors; click/dblclick/contextmenu/hover/input/drop/keydown/keyup also leave shadow roots):
 *       {@code show:<css>}, {@code hide:<css>}, {@code toggle:<css>}, {@code enable:<css>},
 *       {@code disable:<css>}, {@code text:<css>=<text>}, {@code append:<css>=<text>}, {@code remove:<css>}, {@code title:<text>},
 *       {@code navigate:<url>}, {@code popup:<url>}, {@code download:<file name>}, and native dialogs
 *       {@code alert:<message>}, {@code confirm:<css>=<message>} (the answer, {@code true} or
 *       {@code false}, becomes the text of {@code <css>}), {@code prompt:<css>=<message>} (the typed
 *       answer, or {@code null} when cancelled), answered as the running step declares
 *       ({@link DriverSession#armDialogs}). Selectors are matched in
 *       the element's document and each of its open shadow roots separately (like {@code querySelectorAll}).
 *       {@code data-on-<event>-delay="ms"} runs the list that much later.</li>
 *   <li>{@code data-beforeunload} on any element: leaving the page (a navigation, a reload, closing
 *       its tab) first shows a {@code beforeunload} dialog; answered "stay", nothing happens.</li>
 *   <li>{@code data-show-after="ms"} (hidden at load, shown later), {@code data-hide-after},
 *       {@code data-attach-after} (absent at load, inserted later), {@code data-detach-after}.</li>
 *   <li>Native defaults: links navigate (relative URLs resolved; {@code target=_blank} or a
 *       Control/Meta/Shift click opens a popup tab; {@code download} attribute downloads), checkboxes and
 *       radios toggle, labels activate their control, submit buttons and Enter in a text field submit the
 *       form (a GET navigation to its action with the form data, unless it has {@code data-on-submit}),
 *       select picks options by value or label, {@code <details>} toggles.</li>
 *   <li>Mouse: the model has no pointer events, so a click with the {@code back} or {@code forward}
 *       button resolves and waits for its element like any click, fires no event and moves the tab
 *       back or forward in its history, as Chromium does by default; a click's {@code delay} passes on
 *       the virtual clock between press and release.</li>
 *   <li>Network emulation ({@code emulateNetwork}): offline makes every load of an {@code http(s)} URL
 *       fail as in an offline browser: {@code open}, {@code navigate}, {@code reload}, {@code back} and
 *       {@code forward} fail with {@code ACTION_FAILED} ({@code net::ERR_INTERNET_DISCONNECTED}), a
 *       navigation the page causes or a frame it loads shows a "No internet" page, and downloads are
 *       empty; {@code about:} and {@code data:} pages still load. Forks opened while offline are offline
 *       too. Throttling is accepted and recorded, but slows nothing: the model has no transfer times.</li>
 * </ul>
 *
 * <h2>Virtual time</h2>
 * Each session owns a virtual clock. Waits never sleep: they jump to the next scheduled page change
 * (a delayed behaviour, an action or navigation delay) and re-check, until what they wait for holds or
 * the timeout is reached. A test with a 10-second timeout that fails finishes in microseconds.
 *
 * <h2>Limits</h2>
 * No layout (visibility comes from {@code hidden}, inline {@code display:none}/{@code visibility:hidden},
 * closed dialogs/details, unassigned shadow-host children), no scripts ({@code eval} and
 * {@code expression} conditions give {@code UNSUPPORTED_STEP}), and no network: with {@code SessionOptions.denyNetwork()},
 * navigations and frame loads to origins outside {@code allowedOrigins} are blocked and listed by
 * {@link DriverSession#blockedRequests()}; {@code open}/{@code navigate} then fail with
 * {@code NETWORK_ATTEMPT}. {@code http} steps are answered by the endpoints the builder registers
 * ({@link Builder#endpoint}), under the same deny mode and offline emulation; the clipboard is a text
 * every session of the driver shares. Screenshots are 16×16 placeholder PNGs whose {@code Description} text chunk
 * records the URL, title, target and masked targets.
 *
 * <p>The driver is thread-safe; a session is used from one thread at a time.
 */
public final class InMemoryPageDriver implements PageDriver {
  private final Map<String, String> pages;
  private final FaultPlan faults;
  private final long actionDelayMillis;
  private final long navigationDelayMillis;
  private final Set<InMemorySession> sessions = ConcurrentHashMap.newKeySet();
  private final Map<String, java.util.function.Function<HttpExchange.Request, HttpExchange.Response>> endpoints;
  /** The clipboard every session of the driver shares, as a browser's is. */
  private final java.util.concurrent.atomic.AtomicReference<String> clipboard = new java.util.concurrent.atomic.AtomicReference<>("");
  private volatile boolean closed;

  private InMemoryPageDriver(Builder b) {
    this.pages = Map.copyOf(b.pages);
    this.endpoints = Map.copyOf(b.endpoints);
    this.faults = b.faults;
    this.actionDelayMillis = b.actionDelay.toMillis();
    this.navigationDelayMillis = b.navigationDelay.toMillis();
  }

  /** Starts a driver definition. */
  public static Builder builder() {
    return new Builder();
  }

  /** {@code in-memory}. */
  @Override
  public String name() {
    return "in-memory";
  }

  /**
   * A fresh session with one tab, alias {@code main}, showing {@code about:blank}. Its viewport, artifact
   * directory (downloads; a temporary directory when empty) and network deny mode come from {@code options}.
   *
   * @throws IllegalStateException when the driver is closed
   */
  @Override
  public DriverSession openSession(SessionOptions options) {
    Objects.requireNonNull(options, "options");
    if (closed) {
      throw new IllegalStateException("the in-memory driver is closed");
    }
    InMemorySession s = new InMemorySession(this, options);
    sessions.add(s);
    return s;
  }

  /** Closes every open session; later {@link #openSession} calls fail. */
  @Override
  public void close() {
    closed = true;
    for (InMemorySession s : sessions.toArray(new InMemorySession[0])) {
      s.close();
    }
  }

  // ------------------------------------------------------------------ for sessions

  String html(String url) {
    String html = pages.get(url);
    if (html == null) {
      html = pages.get(withoutFragment(url));
    }
    if (html == null) {
      html = pages.get(withoutQuery(withoutFragment(url)));
    }
    return html;
  }

  /** The endpoint registered for the method and URL (query and fragment ignored), or null. */
  java.util.function.Function<HttpExchange.Request, HttpExchange.Response> endpoint(String method, String url) {
    var e = endpoints.get(method + " " + url);
    return e != null ? e : endpoints.get(method + " " + withoutQuery(withoutFragment(url)));
  }

  java.util.concurrent.atomic.AtomicReference<String> clipboard() {
    return clipboard;
  }

  FaultPlan faults() {
    return faults;
  }

  long actionDelayMillis() {
    return actionDelayMillis;
  }

  long navigationDelayMillis() {
    return navigationDelayMillis;
  }

  void forget(InMemorySession session) {
    sessions.remove(session);
  }

  static String withoutFragment(String url) {
    int i = url.indexOf('#');
    return i < 0 ? url : url.substring(0, i);
  }

  static String withoutQuery(String url) {
    int i = url.indexOf('?');
    return i < 0 ? url : url.substring(0, i);
  }

  /**
   * Defines the pages and injected faults of an {@link InMemoryPageDriver}. Settings are validated when
   * set ({@link IllegalArgumentException} naming the setting).
   *
   * <pre>{@code
   * InMemoryPageDriver.builder()
   *     .page("http://app.test/", "<button data-testid='save' data-on-click='text:#s=Saved'>Save</button><p id=s>")
   *     .failNext("save", ErrorCode.ACTION_FAILED, 2)   // the first two interactions with it fail
   *     .actionDelay(Duration.ofMillis(50))              // every interaction takes 50 virtual ms
   *     .build();
   * }</pre>
   */
  public static final class Builder {
    private final Map<String, String> pages = new LinkedHashMap<>();
    private final Map<String, java.util.function.Function<HttpExchange.Request, HttpExchange.Response>> endpoints =
        new LinkedHashMap<>();
    private final FaultPlan faults = new FaultPlan();
    private Duration actionDelay = Duration.ZERO;
    private Duration navigationDelay = Duration.ZERO;

    private Builder() {}

    /**
     * Registers the HTML served at an absolute URL ({@code http://app.test/login}); a later call for the
     * same URL replaces it. The HTML may be a fragment: html, head and body are implied as in browsers.
     */
    public Builder page(String url, String html) {
      Objects.requireNonNull(html, "html");
      pages.put(absolute("page", url), html);
      return this;
    }

    private static String absolute(String what, String url) {
      Objects.requireNonNull(url, "url");
      URI uri;
      try {
        uri = URI.create(url);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(what + " url must be an absolute URL, not '" + url + "'", e);
      }
      if (!uri.isAbsolute()) {
        throw new IllegalArgumentException(what + " url must be an absolute URL (with a scheme), not '" + url + "'");
      }
      return url;
    }

    /**
     * Registers an endpoint answering {@code http} steps sent with {@code method} to an absolute
     * {@code url} (its query and fragment ignored when no endpoint has the exact URL). The handler
     * sees the bound request, headers included, and returns the response. A request no endpoint
     * answers gets a {@code 404} with the body {@code Not Found}.
     *
     * <pre>{@code
     * .endpoint("POST", "http://app.test/api/items", request -> HttpExchange.Response.builder()
     *     .status(201).putHeaders("content-type", "application/json").body("{\"id\": 7}").build())
     * }</pre>
     */
    public Builder endpoint(String method, String url,
        java.util.function.Function<HttpExchange.Request, HttpExchange.Response> handler) {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(handler, "handler");
      endpoints.put(method.toUpperCase(java.util.Locale.ROOT) + " " + absolute("endpoint", url), handler);
      return this;
    }

    /** Registers every URL-to-HTML entry of {@code pages}. */
    public Builder pages(Map<String, String> pages) {
      pages.forEach(this::page);
      return this;
    }

    /**
     * Makes the next {@code times} interactions ({@code perform}) and reads ({@code read}, {@code scrape})
     * whose element has this test id ({@code data-testid}, {@code data-test}, {@code data-cy},
     * {@code data-qa}) or matches this css fail with {@code code}, after the element resolved and became
     * actionable, before anything happens to it. {@code TARGET_NOT_FOUND} / {@code TARGET_AMBIGUOUS} come as
     * a {@code TargetException} with zero / several counts, {@code TIMEOUT} as a {@code FlowTimeoutException},
     * any other code as a {@code FlowRunException}. Counters are shared by all sessions of the driver.
     */
    public Builder failNext(String selectorOrTestId, ErrorCode code, int times) {
      Objects.requireNonNull(selectorOrTestId, "selectorOrTestId");
      Objects.requireNonNull(code, "code");
      if (selectorOrTestId.isBlank()) {
        throw new IllegalArgumentException("failNext selectorOrTestId must not be blank");
      }
      if (times < 1) {
        throw new IllegalArgumentException("failNext times must be at least 1, not " + times);
      }
      faults.failElement(selectorOrTestId, code, times);
      return this;
    }

    /**
     * Makes the next {@code times} explicit navigations ({@code open}, {@code navigate}, {@code newTab} with a
     * URL, {@code back}, {@code forward}, {@code reload}) to a URL matching {@code urlGlob} ({@code *} within a
     * path segment, {@code **} across) fail with {@code code} before the page changes.
     */
    public Builder failNextNavigation(String urlGlob, ErrorCode code, int times) {
      Objects.requireNonNull(urlGlob, "urlGlob");
      Objects.requireNonNull(code, "code");
      if (times < 1) {
        throw new IllegalArgumentException("failNextNavigation times must be at least 1, not " + times);
      }
      faults.failNavigation(urlGlob, code, times);
      return this;
    }

    /**
     * Virtual time every interaction takes once its element is actionable (default zero). When it exceeds
     * the step's timeout the interaction fails with {@code TIMEOUT} without acting.
     */
    public Builder actionDelay(Duration delay) {
      this.actionDelay = nonNegative(delay, "actionDelay");
      return this;
    }

    /**
     * Virtual time a navigation takes (default zero). Explicit navigations longer than their timeout fail
     * with {@code NAVIGATION_TIMEOUT}; navigations caused by clicks happen that much later, so checks wait for them.
     */
    public Builder navigationDelay(Duration delay) {
      this.navigationDelay = nonNegative(delay, "navigationDelay");
      return this;
    }

    private static Duration nonNegative(Duration d, String name) {
      Objects.requireNonNull(d, name);
      if (d.isNegative()) {
        throw new IllegalArgumentException(name + " must not be negative, not " + d);
      }
      return d;
    }

    /** The driver. Drivers built from one builder share its injected-failure counters. */
    public InMemoryPageDriver build() {
      return new InMemoryPageDriver(this);
    }
  }
}
