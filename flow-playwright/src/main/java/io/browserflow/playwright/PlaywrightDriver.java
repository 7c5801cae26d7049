package io.browserflow.playwright;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.Tracing;
import com.microsoft.playwright.options.ServiceWorkerPolicy;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.spi.SessionOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import io.browserflow.api.InteractionStep;

/**
 * The Playwright {@link PageDriver}: one Chromium browser, a fresh isolated browser context per
 * session. Start one with {@link #launch()}, {@link #connect(String)}, {@link #connectOverCdp(String)},
 * {@link #connectToGrid(String)} or {@link #of(Browser)}, and close it when done (it closes what it started).
 *
 * <pre>{@code
 * try (PlaywrightDriver driver = PlaywrightDriver.launch();
 *      DriverSession session = driver.openSession(SessionOptions.defaults())) {
 *   session.open("http://127.0.0.1:8080/login", Duration.ofSeconds(10));
 *   session.perform(InteractionStep.Fill.builder().id("user")
 *       .target(Target.of(Candidate.testId("user"), Candidate.placeholder("User name")))
 *       .value("ada").build(), Duration.ofSeconds(5));
 * }
 * }</pre>
 *
 * <h2>Finding Chromium</h2>
 * {@link #launch(LaunchOptions)} uses, in this order: {@link LaunchOptions#executablePath()}; the
 * {@code BROWSERFLOW_CHROMIUM} environment variable; {@code /usr/bin/chromium},
 * {@code /usr/bin/chromium-browser}, {@code /snap/bin/chromium}; an installed Google Chrome
 * ({@code /usr/bin/google-chrome}, {@code /opt/google/chrome/chrome}, the usual macOS and Windows
 * locations); then Chromium builds Playwright downloaded earlier ({@code ~/.cache/ms-playwright} or
 * {@code PLAYWRIGHT_BROWSERS_PATH}). A headless launch without an explicit or configured path first
 * takes a headless shell when one is installed (Debian's {@code chromium-headless-shell}, or
 * Playwright's {@code chromium_headless_shell} builds): Chromium's headless-only build, which
 * Playwright itself uses for headless runs, opens a context, a page and acts about 2.5 times faster.
 * It never downloads a browser: when none is found it throws a
 * {@link BrowserNotFoundException} saying how to install one ({@code apt-get install -y chromium} on
 * Debian/Ubuntu). An explicit or configured path that does not exist is an error, not a fallback.
 * {@link #findChromium()} and {@link #chromiumFor(LaunchOptions)} run the same search without launching.
 *
 * <h2>Sessions</h2>
 * Each {@link #openSession} makes a new browser context (viewport, downloads accepted, network deny
 * mode, trace) with one page bound to the alias {@code main}. What sessions do is specified by
 * {@link DriverSession}; this driver's particulars:
 * <ul>
 *   <li>Candidates: testId matches {@code data-testid}, {@code data-test}, {@code data-cy} or
 *       {@code data-qa}; role, label, placeholder and text match exactly (whitespace normalized); css,
 *       text, role, label, placeholder and testId pierce open shadow roots, xpath does not.</li>
 *   <li>Frames: {@code url:} and {@code name:} look among the child frames of the current frame
 *       context; an owner css among its elements (the document and each open shadow root; css only
 *       Playwright understands, such as {@code :has-text()}, works too).</li>
 *   <li>Network deny mode aborts requests and WebSockets to origins outside
 *       {@code SessionOptions.allowedOrigins()} (service workers are blocked too) and lists them
 *       without query strings; an {@code open} that is blocked fails with {@code NETWORK_ATTEMPT}.</li>
 *   <li>Downloads are saved in {@code <artifacts>/downloads/}; a trace, when asked for
 *       ({@code SessionOptions.trace()} or {@link LaunchOptions#trace()}), is always saved as
 *       {@code <artifacts>/trace.zip} when the session closes (the engine decides what to keep).</li>
 *   <li>Screenshots paint {@code #FF00FF} over the elements of the mask targets (every candidate's
 *       matches, in every frame) and over every password field.</li>
 *   <li>{@link DriverSession#fork} (a worker of a concurrent foreach) opens a browser context of
 *       its own on a lane: another driver like this one (its own Playwright, thread and browser,
 *       launched or connected the same way, started on first need and kept until this driver
 *       closes), with the parent's cookies and local storage copied in memory and its page, so
 *       iterations really run at once. A driver made with {@link #of(Browser)} or
 *       {@link #connectToGrid(String)} cannot start lanes: its forks are tabs of the parent's context
 *       sharing its thread, interleaving call by call; while such forks are open no browser call
 *       waits longer than about a second at a time, so one iteration waiting for its page never
 *       stalls the others.</li>
 *   <li>{@code eval} and expression conditions are not interrupted by the timeout while a synchronous
 *       script runs.</li>
 * </ul>
 *
 * <h2>Threads</h2>
 * The driver is thread-safe and its sessions may be used from any thread (one at a time each):
 * Playwright's objects belong to the thread that created them, so a launched or connected driver
 * runs every browser call on a thread of its own. While more than one of its sessions is open (runs
 * on several threads, forks), no browser call holds that thread longer than about a second at a
 * time, so a run waiting for an element that never becomes actionable does not stall the others
 * past their timeouts; a driver per worker (as {@code browserflow run --workers} does) avoids the
 * sharing altogether. A driver made with {@link #of(Browser)} cannot own
 * that thread: its calls run on the calling threads, serialized by a lock; do not use the same
 * Playwright instance elsewhere meanwhile.
 *
 * <h2>Start-up cost</h2>
 * Playwright for Java unpacks its Node driver into a temporary directory on every JVM start; this
 * driver unpacks it once into {@code ~/.cache/browserflow/playwright-driver/<version>} and reuses it
 * (a fresh JVM's launch: 2.0 s before, 1.25 s after; {@code -Dbrowserflow.playwright.driverCache=false}
 * turns it off). The cache holds about 135 MB per Playwright version.
 */
public final class PlaywrightDriver implements PageDriver {
  /** The name this driver reports. */
  public static final String NAME = "playwright-chromium";

  static final List<String> QUIET_ARGS = List.of("--disable-sync", "--no-pings", "--disable-domain-reliability");

  /** {@link LaunchOptions#confined()}: WebRTC only through a proxy (no UDP around the policy), no DNS prefetching. */
  static final List<String> CONFINED_ARGS = List.of("--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
      "--webrtc-ip-handling-policy=disable_non_proxied_udp", "--dns-prefetch-disable");

  private final DriverThread thread;
  private final Playwright playwright;
  private final Browser browser;
  private final boolean ownsBrowser;
  private final boolean traceAll;
  private final Optional<Path> executable;
  private final Set<PlaywrightSession> sessions = ConcurrentHashMap.newKeySet();
  final ActionStats.Counter actions = new ActionStats.Counter();
  private volatile boolean closed;
  private volatile Runnable afterClose = () -> { };
  /** Starts a driver like this one for concurrent iterations; null when there is none (they share this driver's thread). */
  private volatile java.util.function.Supplier<PlaywrightDriver> siblings;
  private final java.util.Deque<PlaywrightDriver> idleLanes = new java.util.ArrayDeque<>(); // guarded by itself
  private final List<PlaywrightDriver> lanes = new java.util.concurrent.CopyOnWriteArrayList<>();

  private PlaywrightDriver(DriverThread thread, Playwright playwright, Browser browser, boolean ownsBrowser,
      boolean traceAll, Optional<Path> executable) {
    this.thread = thread;
    this.playwright = playwright;
    this.browser = browser;
    this.ownsBrowser = ownsBrowser;
    this.traceAll = traceAll;
    this.executable = executable;
  }

  /**
   * Refuses, before any browser starts, to run Chromium sandboxed as root, which Chromium will not do
   * (it exits "Running as root without --no-sandbox is not supported"); the message names the ways
   * out. Nothing to check off Linux.
   *
   * @throws FlowRunException {@code ACTION_FAILED} when this process runs as root
   */
  public static void checkSandboxAllowed() {
    Object uid;
    try {
      uid = java.nio.file.Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return; // not Linux: Chromium decides
    }
    if (Integer.valueOf(0).equals(uid)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the browser is to run in its sandbox (an approved replay does), "
          + "which Chromium refuses to start as root: run BrowserFlow as another user, or accept an unsandboxed browser "
          + "(browserflow run/mcp --no-sandbox, BROWSERFLOW_NO_SANDBOX=1; LaunchOptions.sandbox(false))");
    }
  }

  /** Launches the Chromium found on this machine, headless, with default options. */
  public static PlaywrightDriver launch() {
    return launch(LaunchOptions.defaults());
  }

  /**
   * Launches Chromium as {@code options} say (see the class comment for where it is looked for).
   *
   * @throws BrowserNotFoundException when no browser is found
   * @throws FlowRunException ({@code ACTION_FAILED}) when the browser does not start
   */
  public static PlaywrightDriver launch(LaunchOptions options) {
    Objects.requireNonNull(options, "options");
    Path exe = chromiumFor(options);
    List<String> args = new ArrayList<>(QUIET_ARGS);
    if (ChromiumSearch.isHeadlessShell(exe)) {
      // the full browser keeps each cross-site iframe in a process of its own; the shell only when told to
      args.add("--site-per-process");
    }
    if (options.confined()) {
      args.addAll(CONFINED_ARGS);
    }
    args.addAll(options.args());
    if (options.sandbox()) {
      checkSandboxAllowed();
    }
    BrowserType.LaunchOptions launch = new BrowserType.LaunchOptions()
        .setExecutablePath(exe)
        .setHeadless(options.headless())
        .setChromiumSandbox(options.sandbox())
        .setArgs(args)
        .setTimeout((double) options.launchTimeout().toMillis())
        .setHandleSIGINT(false);
    if (!options.slowMo().isZero()) {
      launch.setSlowMo((double) options.slowMo().toMillis());
    }
    PlaywrightDriver driver = start(pw -> {
      try {
        return pw.chromium().launch(launch);
      } catch (PlaywrightException e) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "could not launch " + exe + ": " + Failures.summary(e)
            + ". If it is not a Chromium-family browser, point BROWSERFLOW_CHROMIUM at one", Map.of("executable", exe.toString()));
      }
    }, options.trace(), Optional.of(exe));
    driver.siblings = () -> launch(options);
    return driver;
  }

  /**
   * Connects to a Playwright browser server ({@code ws://host:port/...}: the {@code playwright} npm
   * package's {@code run-server}, its {@code launch-server}, or {@code BrowserType.launchServer}) of
   * the same Playwright major.minor version. Closing
   * the driver disconnects and drops the contexts it made; the server keeps running.
   *
   * @throws FlowRunException ({@code DRIVER_VERSION_MISMATCH}) when the server runs another
   *     Playwright major.minor than this client (both are named); ({@code ACTION_FAILED}) when it
   *     cannot be reached
   */
  public static PlaywrightDriver connect(String wsEndpoint) {
    Objects.requireNonNull(wsEndpoint, "wsEndpoint");
    PlaywrightDriver driver = start(pw -> {
      try {
        return pw.chromium().connect(wsEndpoint, new BrowserType.ConnectOptions().setTimeout(30_000d));
      } catch (PlaywrightException e) {
        throw connectFailure(wsEndpoint, e);
      }
    }, false, Optional.empty());
    driver.siblings = () -> connect(wsEndpoint);
    return driver;
  }

  private static final Pattern SERVER_VERSION = Pattern.compile("server version: v?(\\d+(?:\\.\\d+)+)");
  private static final Pattern CLIENT_VERSION = Pattern.compile("client version: v?(\\d+(?:\\.\\d+)+)");

  /** A refused connection to a browser server; a version mismatch says both versions and what to run. */
  static FlowRunException connectFailure(String wsEndpoint, PlaywrightException e) {
    String message = String.valueOf(e.getMessage());
    Matcher server = SERVER_VERSION.matcher(message);
    Matcher client = CLIENT_VERSION.matcher(message);
    if (message.contains("version mismatch") && server.find() && client.find()) {
      return new FlowRunException(ErrorCode.DRIVER_VERSION_MISMATCH, "the Playwright server " + wsEndpoint + " runs Playwright "
          + server.group(1) + ", BrowserFlow's client is Playwright " + client.group(1) + ": a server and its clients must share "
          + "major.minor; start the server as `npx playwright@" + client.group(1) + " run-server`",
          Map.of(FlowException.Details.ENDPOINT, wsEndpoint, "serverVersion", server.group(1), "clientVersion", client.group(1)));
    }
    return new FlowRunException(ErrorCode.ACTION_FAILED, "could not connect to the Playwright server " + wsEndpoint
        + ": " + Failures.summary(e), Map.of(FlowException.Details.ENDPOINT, wsEndpoint));
  }

  /**
   * Runs on a Chromium or Chrome node of a Selenium Grid 4 ({@code http://host:4444}): asks the Grid
   * for a session with {@code capabilities} (W3C {@code alwaysMatch}, e.g. {@code browserName:
   * chrome} and {@code goog:chromeOptions}), then drives that browser through the Grid's DevTools
   * proxy (the session's {@code se:cdp} endpoint). Sessions of this driver are browser contexts in
   * that one browser. Closing the driver disconnects and deletes the Grid session, freeing the node.
   *
   * @throws FlowRunException ({@code ACTION_FAILED}) when the Grid cannot be reached, creates no
   *     session (no matching node; the Grid's message is included) or gives no {@code se:cdp}
   *     endpoint; ({@code FIELD_INVALID}) when {@code gridUrl} is not an http(s) URL
   */
  public static PlaywrightDriver connectToGrid(String gridUrl, Map<String, ?> capabilities) {
    Objects.requireNonNull(gridUrl, "gridUrl");
    Objects.requireNonNull(capabilities, "capabilities");
    GridSession grid = GridSession.create(gridUrl, Map.copyOf(capabilities));
    PlaywrightDriver driver;
    try {
      driver = start(pw -> {
        try {
          return pw.chromium().connectOverCDP(grid.cdpEndpoint(), new BrowserType.ConnectOverCDPOptions().setTimeout(30_000d));
        } catch (PlaywrightException e) {
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "could not reach the browser of the Selenium Grid session through "
              + grid.cdpEndpoint() + ": " + Failures.summary(e), Map.of(FlowException.Details.ENDPOINT, gridUrl));
        }
      }, false, Optional.empty());
    } catch (RuntimeException e) {
      grid.delete();
      throw e;
    }
    driver.afterClose = grid::delete;
    return driver;
  }

  /**
   * {@link #connectToGrid(String, Map)} with the capabilities {@link #gridCapabilities(boolean)} gives
   * for a headless Chrome or Chromium.
   */
  public static PlaywrightDriver connectToGrid(String gridUrl) {
    return connectToGrid(gridUrl, gridCapabilities(true));
  }

  /**
   * The capabilities {@link #connectToGrid(String)} asks a Grid for: {@code browserName: chrome} and,
   * when {@code headless}, {@code goog:chromeOptions.args: ["--headless=new"]}. Nodes that run as
   * root need {@code --no-sandbox} as well: pass your own capabilities then.
   */
  public static Map<String, Object> gridCapabilities(boolean headless) {
    return headless ? Map.of("browserName", "chrome", "goog:chromeOptions", Map.of("args", List.of("--headless=new")))
        : Map.of("browserName", "chrome");
  }

  /**
   * Connects to a running Chromium through the DevTools protocol ({@code http://127.0.0.1:9222} of a
   * browser started with {@code --remote-debugging-port}, or its {@code ws://} URL). Closing the
   * driver disconnects and drops the contexts it made; the browser keeps running.
   */
  public static PlaywrightDriver connectOverCdp(String endpointUrl) {
    Objects.requireNonNull(endpointUrl, "endpointUrl");
    PlaywrightDriver driver = start(pw -> {
      try {
        return pw.chromium().connectOverCDP(endpointUrl, new BrowserType.ConnectOverCDPOptions().setTimeout(30_000d));
      } catch (PlaywrightException e) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "could not connect to the DevTools endpoint " + endpointUrl
            + ": " + Failures.summary(e), Map.of(FlowException.Details.ENDPOINT, endpointUrl));
      }
    }, false, Optional.empty());
    driver.siblings = () -> connectOverCdp(endpointUrl);
    return driver;
  }

  /**
   * A driver over a browser you manage (launched, connected, any options). It does not close the
   * browser. Playwright calls then run on the threads using the driver, one at a time: do not use
   * the browser's Playwright instance from other threads while the driver works. {@code textContains}
   * candidates need {@link #registerSelectorEngines(Playwright)} called on that instance before the
   * browser was launched or connected.
   */
  public static PlaywrightDriver of(Browser browser) {
    Objects.requireNonNull(browser, "browser");
    return new PlaywrightDriver(DriverThread.callerThread(), null, browser, false, false, Optional.empty());
  }

  /**
   * The Playwright browser context behind a session this module opened ({@code pages().get(0)} is
   * the tab bound to {@code main}), for tests that mix flows with plain Playwright code. The
   * objects belong to the driver's Playwright instance: use them from one thread at a time, while
   * the session is not running a step.
   *
   * @throws IllegalArgumentException when the session is not a Playwright driver session
   */
  public static com.microsoft.playwright.BrowserContext browserContext(io.browserflow.engine.spi.DriverSession session) {
    if (!(session instanceof PlaywrightSession)) {
      throw new IllegalArgumentException("not a session of the Playwright driver: "
          + (session == null ? "null" : session.getClass().getName()));
    }
    return ((PlaywrightSession) session).shared().context;
  }

  /** How this driver's clicks were carried out so far: on the fast path, or by Playwright's own waiting (and why). */
  public ActionStats actionStats() {
    return actions.snapshot();
  }

  /**
   * The Chromium or Chrome browser a headed {@link #launch(LaunchOptions)} would start without an
   * explicit path: {@code BROWSERFLOW_CHROMIUM} or the first full browser found on this machine (never
   * a headless shell, so other tools can launch it either way); empty when there is none.
   */
  public static Optional<Path> findChromium() {
    try {
      return Optional.of(chromiumFor(LaunchOptions.builder().headless(false).build()));
    } catch (BrowserNotFoundException e) {
      return Optional.empty();
    }
  }

  /**
   * The executable {@link #launch(LaunchOptions)} starts for {@code options}, found as the class
   * comment's "Finding Chromium" says: {@link LaunchOptions#executablePath()}, else
   * {@code BROWSERFLOW_CHROMIUM}, else the first browser in the well-known places (a headless shell
   * first when {@link LaunchOptions#headless()}). Only {@code executablePath} and {@code headless}
   * are read. For code that launches Chromium through its own Playwright
   * instance (see {@link #createPlaywright()}) and wants the driver's choice of browser and its
   * errors:
   *
   * <pre>{@code
   * Path exe = PlaywrightDriver.chromiumFor(LaunchOptions.builder().executablePath(configured).build());
   * Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setExecutablePath(exe));
   * }</pre>
   *
   * <p>Unlike {@link #findChromium()} it does not return empty: a missing browser is an error.
   *
   * @throws BrowserNotFoundException when the configured path or {@code BROWSERFLOW_CHROMIUM} does not
   *     name an executable (no fallback then), or no browser is found; the message says how to install one
   */
  public static Path chromiumFor(LaunchOptions options) {
    Objects.requireNonNull(options, "options");
    return ChromiumSearch.ofThisMachine().find(options.executablePath(), options.headless());
  }

  /**
   * A new Playwright instance started the way this driver starts its own: Playwright's Node driver
   * from BrowserFlow's cache (see "Start-up cost" in the class comment), browser downloads turned
   * off ({@code PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD}), a failure reported as a {@link FlowRunException}
   * with the first line of Playwright's message. Use it to drive a browser directly, outside a
   * session, e.g. to launch the {@link #chromiumFor(LaunchOptions)} executable headed for a person.
   *
   * <pre>{@code
   * try (Playwright playwright = PlaywrightDriver.createPlaywright();
   *      Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
   *          .setExecutablePath(PlaywrightDriver.chromiumFor(LaunchOptions.defaults())))) {
   *   ...
   * }
   * }</pre>
   *
   * <p>Like any Playwright instance it belongs to the calling thread: make every call on it, and
   * close it, from that thread. No driver tracks it: the caller closes it.
   *
   * @throws FlowRunException ({@code ACTION_FAILED}) when Playwright's driver does not start
   */
  public static Playwright createPlaywright() {
    DriverCache.install();
    Playwright pw;
    try {
      pw = Playwright.create(new Playwright.CreateOptions().setEnv(driverEnvironment(System.getenv())));
    } catch (RuntimeException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "could not start Playwright's driver: " + Failures.summary(e));
    }
    try {
      registerSelectorEngines(pw);
    } catch (RuntimeException e) {
      pw.close();
      throw e;
    }
    return pw;
  }

  /**
   * What Playwright's driver process gets on top of this process's environment: no browser download,
   * and no debug logging inherited by accident ({@code DEBUG=pw:*} makes it log every value it fills,
   * secrets included). {@code BROWSERFLOW_PLAYWRIGHT_DEBUG} turns that logging on deliberately.
   */
  static Map<String, String> driverEnvironment(Map<String, String> env) {
    String debug = env.getOrDefault("BROWSERFLOW_PLAYWRIGHT_DEBUG", "");
    return Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1", "DEBUG", debug, "PWDEBUG", "", "DEBUG_FILE", "");
  }

  /**
   * Registers the selector engines the driver's candidates need ({@code textContains}, {@code aria}) on a
   * Playwright instance you made yourself, before it creates any browser context; a driver over your
   * browser ({@link #of(Browser)}) can then match every candidate kind. {@link #createPlaywright()}
   * and the driver's own instances do it already; registering twice does nothing.
   *
   * <pre>{@code
   * try (Playwright pw = Playwright.create()) {
   *   PlaywrightDriver.registerSelectorEngines(pw);
   *   Browser browser = pw.chromium().launch();
   *   PlaywrightDriver driver = PlaywrightDriver.of(browser);
   * }
   * }</pre>
   *
   * @throws FlowRunException ({@code ACTION_FAILED}) when Playwright refuses the registration
   */
  public static void registerSelectorEngines(Playwright playwright) {
    Objects.requireNonNull(playwright, "playwright");
    try {
      TextContainsEngine.register(playwright);
      AriaNameEngine.register(playwright);
    } catch (PlaywrightException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "could not register the textContains and aria selector engines: "
          + Failures.summary(e));
    }
  }

  private static PlaywrightDriver start(Function<Playwright, Browser> open, boolean traceAll, Optional<Path> exe) {
    DriverThread thread = DriverThread.dedicated();
    try {
      return thread.call(() -> {
        Playwright pw = createPlaywright();
        try {
          return new PlaywrightDriver(thread, pw, open.apply(pw), true, traceAll, exe);
        } catch (RuntimeException e) {
          try {
            pw.close();
          } catch (RuntimeException ignored) {
            // already failing
          }
          throw e;
        }
      });
    } catch (RuntimeException e) {
      thread.shutdown();
      throw e;
    }
  }

  /** {@value #NAME}. */
  @Override
  public String name() {
    return NAME;
  }

  /** The executable this driver launched; empty for a connected or wrapped browser. */
  public Optional<Path> executable() {
    return executable;
  }

  /** The browser's version, e.g. {@code 156.0.8078.108}. */
  public String browserVersion() {
    return thread.call(browser::version);
  }

  /** {@code browser} (the browser type's name, {@code chromium}) and {@code browserVersion}. */
  @Override
  public Map<String, String> environment() {
    return thread.call(() -> Map.of("browser", browser.browserType().name(), "browserVersion", browser.version()));
  }

  /**
   * A fresh browser context (own cookies, storage, cache) with one tab bound to {@code main}, showing
   * {@code about:blank}.
   *
   * @throws FlowRunException ({@code ACTION_FAILED}) when the driver is closed or the browser is gone
   */
  @Override
  public DriverSession openSession(SessionOptions options) {
    Objects.requireNonNull(options, "options");
    if (closed) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the Playwright driver is closed");
    }
    Path artifacts;
    try {
      artifacts = options.artifactsDir().isPresent() ? Files.createDirectories(options.artifactsDir().get())
          : Files.createTempDirectory("browserflow-session-");
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot create the artifacts directory: " + e.getMessage());
    }
    boolean trace = options.trace() || traceAll;
    PlaywrightSession[] holder = new PlaywrightSession[1];
    PlaywrightSession session = thread.call(() -> {
      BrowserContext context;
      try {
        Browser.NewContextOptions o = new Browser.NewContextOptions()
            .setViewportSize(options.viewportWidth(), options.viewportHeight())
            .setAcceptDownloads(true);
        if (options.denyNetwork()) {
          o.setServiceWorkers(ServiceWorkerPolicy.BLOCK);
        }
        options.storageState().ifPresent(st -> o.setStorageState(st.json()));
        context = browser.newContext(o);
      } catch (PlaywrightException e) {
        throw Failures.actionFailed("opening a browser context", e);
      }
      try {
        NetworkGuard guard = null;
        if (options.denyNetwork()) {
          guard = new NetworkGuard(options.allowedOrigins());
          guard.install(context);
        }
        if (trace) {
          // screencast frames show whatever is on screen, which text search cannot clean: none with secrets
          context.tracing().start(new Tracing.StartOptions().setScreenshots(options.traceScreenshots() && options.secrets().isEmpty()).setSnapshots(true));
        }
        SharedContext shared = new SharedContext(thread, context, artifacts, guard, trace, options.secrets(), actions);
        shared.options = options;
        if (siblings != null) {
          shared.lanes = this::laneSession;
        }
        shared.activity.watch(context);
        context.onPage(shared.downloads::watch);
        context.onPage(shared.dialogs::watch);
        Page page = context.newPage();
        return new PlaywrightSession(shared, "main", page, false, () -> sessions.remove(holder[0]));
      } catch (RuntimeException e) {
        try {
          context.close();
        } catch (RuntimeException ignored) {
          // already failing
        }
        throw e instanceof PlaywrightException ? Failures.actionFailed("opening a session", e) : e;
      }
    });
    holder[0] = session;
    sessions.add(session);
    return session;
  }

  /**
   * A session for a concurrent iteration on a lane: another driver like this one (its own
   * Playwright, thread and browser), started on first need and kept for later iterations until this
   * driver closes.
   */
  private io.browserflow.engine.spi.DriverSession laneSession(SessionOptions options) {
    if (closed) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the Playwright driver is closed");
    }
    PlaywrightDriver lane;
    synchronized (idleLanes) {
      lane = idleLanes.poll();
    }
    if (lane == null) {
      lane = siblings.get();
      lanes.add(lane);
    }
    PlaywrightDriver used = lane;
    io.browserflow.engine.spi.DriverSession session;
    try {
      session = used.openSession(options);
    } catch (RuntimeException e) {
      release(used);
      throw e;
    }
    return io.browserflow.engine.spi.DriverSessions.onClose(session, () -> {
      try {
        session.close();
      } finally {
        release(used);
      }
    });
  }

  private void release(PlaywrightDriver lane) {
    synchronized (idleLanes) {
      if (!closed) {
        idleLanes.push(lane);
      }
    }
  }

  /** Closes open sessions (saving their traces), then the browser and Playwright when this driver started them. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (PlaywrightDriver lane : lanes) {
      try {
        lane.close();
      } catch (RuntimeException ignored) {
        // keep closing the rest
      }
    }
    for (PlaywrightSession s : sessions.toArray(new PlaywrightSession[0])) {
      try {
        s.close();
      } catch (RuntimeException ignored) {
        // keep closing the rest
      }
    }
    try {
      thread.run(() -> {
        try {
          if (ownsBrowser) {
            browser.close();
          }
        } catch (PlaywrightException ignored) {
          // already disconnected
        } finally {
          if (playwright != null) {
            try {
              playwright.close();
            } catch (PlaywrightException ignored) {
              // the driver process is gone already
            }
          }
        }
      });
    } finally {
      thread.shutdown();
      afterClose.run();
    }
  }
}
