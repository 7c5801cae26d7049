package io.browserflow.junit;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.engine.Caller;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.playwright.BrowserNotFoundException;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What one test class shares: its settings, the served folder, the engine and the browser
 * (launched on first use). Kept in the class's extension store, so JUnit closes it when the class
 * is done. Runs of a test are routed to the test's own session through a binding held by the
 * running thread for the length of one {@code engine.run}.
 */
@SuppressWarnings("deprecation") // CloseableResource: still honoured when stored AutoCloseables are not closed
final class ClassResources implements AutoCloseable, ExtensionContext.Store.CloseableResource {
  static final List<String> SERVER_INPUTS = List.of("SERVER_URL", "BASE_URL");

  final FlowSettings settings;
  /** The report of the test run this class belongs to; none outside the extension (tests of this class itself). */
  RunReport report;
  final Path classDir;
  private final Function<String, Optional<String>> config;
  private final Function<String, String> env;
  private final io.browserflow.playwright.LocalSite site;
  private final FlowEngine engine;
  private final ThreadLocal<Binding> bound = new ThreadLocal<>();
  private final Object launchLock = new Object();
  private PageDriver driver; // guarded by launchLock
  private RuntimeException launchFailure; // guarded by launchLock
  private volatile boolean closed;

  /** A test's session and folder, bound to the thread running one of its flows. */
  record Binding(TestScope scope, DriverSession session, Path dir) {
  }

  ClassResources(FlowSettings settings, Function<String, Optional<String>> config, Function<String, String> env) {
    this.settings = settings;
    this.config = config;
    this.env = env;
    this.classDir = settings.reportDir.resolve(Names.safe(settings.testClass.getName()));
    if (settings.serve.isPresent()) {
      Location folder = Location.of(settings.serve.get());
      if (!folder.isFolder()) {
        throw new ExtensionConfigurationException("@FlowTest(serve = \"" + settings.serve.get() + "\") on "
            + settings.testClass.getName() + ": no folder at " + folder.describe());
      }
      site = StaticSite.serve(folder);
    } else {
      site = null;
    }
    FlowEngine.Builder b = FlowEngine.builder().driver(new RoutingDriver())
        .store(new ReportStore(classDir, () -> {
          Binding binding = bound.get();
          return binding == null ? null : binding.dir;
        }))
        .uploadRoots(settings.uploadRoots.toArray(new Path[0]));
    settings.defaultTimeoutMs.ifPresent(ms -> b.limits(FlowLimits.defaults().toBuilder()
        .stepTimeoutMs(Math.min(FlowSettings.MIN_TIMEOUT_MS, ms), ms, Math.max(30_000, ms)).build()));
    this.engine = b.build();
  }

  FlowEngine engine() {
    return engine;
  }

  Optional<String> serverUrl() {
    return site == null ? Optional.empty() : Optional.of(site.url());
  }

  /** The browser, launched or connected on first call; a failed start is reported again to every later caller. */
  PageDriver driver() {
    synchronized (launchLock) {
      if (closed) {
        throw new IllegalStateException("the browser of " + settings.testClass.getName() + " is closed: its class is done");
      }
      if (launchFailure != null) {
        throw launchFailure;
      }
      if (driver == null) {
        try {
          driver = start();
        } catch (RuntimeException e) {
          launchFailure = e;
          throw e;
        }
      }
      return driver;
    }
  }

  /**
   * The sign-ins of this JVM by login and check: test classes naming the same login share one, so
   * the login flow runs once for all of them.
   */
  private static final java.util.concurrent.ConcurrentHashMap<String, io.browserflow.engine.SignIn> SIGN_INS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private PageDriver start() {
    PageDriver browser = launch();
    if (settings.login.isEmpty()) {
      return browser;
    }
    try {
      return signIn().driver(browser);
    } catch (RuntimeException e) {
      browser.close();
      throw e;
    }
  }

  private io.browserflow.engine.SignIn signIn() {
    String who = "@FlowTest(login) on " + settings.testClass.getName();
    Location loginAt = Location.of(settings.login.get());
    Optional<Location> checkAt = settings.loginCheck.map(Location::of);
    String key = loginAt.describe() + "\n" + checkAt.map(Location::describe).orElse("") + "\n" + serverUrl().orElse("");
    return SIGN_INS.computeIfAbsent(key, k -> {
      Flow login = FlowFiles.read(loginAt, who);
      io.browserflow.engine.SignIn.Builder b = io.browserflow.engine.SignIn.builder().flow(login)
          .inputs(inputsFor(login, Inputs.empty()))
          .options(RunOptions.builder().caller(Caller.JUNIT).addAllAllowOrigins(settings.allowOrigins)
              .addAllAllowOrigins(serverUrl().stream().toList()).build());
      checkAt.ifPresent(c -> b.check(FlowFiles.read(c, "@FlowTest(loginCheck) on " + settings.testClass.getName())));
      return b.build();
    });
  }

  private PageDriver launch() {
    if (settings.connect.isPresent()) {
      String endpoint = settings.connect.get();
      return endpoint.toLowerCase(Locale.ROOT).startsWith("ws")
          ? PlaywrightDriver.connect(endpoint) : PlaywrightDriver.connectOverCdp(endpoint);
    }
    LaunchOptions.Builder options = LaunchOptions.builder().headless(settings.headless)
        .slowMo(Duration.ofMillis(settings.slowMoMs));
    settings.browserPath.ifPresent(options::executablePath);
    try {
      return PlaywrightDriver.launch(options.build());
    } catch (BrowserNotFoundException e) {
      throw new ExtensionConfigurationException(e.code() + ": " + e.message(Caller.JUNIT), e);
    }
  }

  /** Runs {@code work} with the engine's sessions routed to the test's session (on this thread only). */
  <T> T bound(Binding binding, Supplier<T> work) {
    Binding previous = bound.get();
    bound.set(binding);
    try {
      return work.get();
    } finally {
      if (previous == null) {
        bound.remove();
      } else {
        bound.set(previous);
      }
    }
  }

  /** Options of runs that do not bring their own: allowed capabilities, the served origin. */
  RunOptions runOptions() {
    RunOptions.Builder b = RunOptions.builder().caller(Caller.JUNIT);
    b.addAllAllowed(settings.allow);
    b.addAllAllowOrigins(settings.allowOrigins);
    b.traceOnFailure(settings.traceOnFailure);
    b.denyNetwork(!settings.denyNetwork.equals("off")).failOnBlockedRequest(settings.denyNetwork.equals("strict"));
    b.allowSensitiveValues(settings.allowSensitiveValues);
    serverUrl().ifPresent(b::addAllowOrigins);
    return b.build();
  }

  /**
   * The values a run of {@code flow} gets: {@code given} first, then for each declared key the
   * class's sources in the documented order. Only declared keys are filled in.
   */
  Inputs inputsFor(Flow flow, Inputs given) {
    Inputs.Builder b = Inputs.builder();
    for (Input input : flow.inputs()) {
      String key = input.key();
      if (given.inputs().containsKey(key)) {
        continue;
      }
      Optional<String> value = Optional.ofNullable(settings.inputs.get(key))
          .or(() -> config.apply(FlowSettings.PREFIX + "input." + key))
          .or(() -> Optional.ofNullable(env.apply("BROWSERFLOW_INPUT_" + key)))
          .or(() -> SERVER_INPUTS.contains(key) ? serverUrl() : Optional.empty());
      value.ifPresent(v -> b.input(key, v));
    }
    for (Credential credential : flow.credentials()) {
      String key = credential.key();
      if (given.credentials().containsKey(key)) {
        continue;
      }
      Optional<String> value = config.apply(FlowSettings.PREFIX + "credential." + key)
          .or(() -> Optional.ofNullable(env.apply("BROWSERFLOW_CREDENTIAL_" + key)))
          .or(() -> SERVER_INPUTS.contains(key) ? serverUrl() : Optional.empty());
      value.ifPresent(v -> b.credential(key, v));
    }
    b.inputs(given.inputs());
    b.credentials(given.credentials());
    return b.build();
  }

  @Override
  public void close() {
    synchronized (launchLock) {
      if (closed) {
        return;
      }
      closed = true;
    }
    if (report != null) {
      report.classEnded(settings.testClass, settings.historyFile, settings.historySize);
    }
    try {
      engine.close();
    } finally {
      try {
        if (driver != null) {
          driver.close();
        }
      } finally {
        if (site != null) {
          site.close();
        }
      }
    }
  }

  /** What the engine opens sessions on: the test's session while bound, else a fresh context of the class's browser. */
  private final class RoutingDriver implements PageDriver {
    @Override
    public String name() {
      return PlaywrightDriver.NAME;
    }

    @Override
    public java.util.Map<String, String> environment() {
      return driver().environment();
    }

    @Override
    public DriverSession openSession(SessionOptions options) {
      Binding binding = bound.get();
      if (binding != null) {
        binding.scope.viewport(options.viewportWidth(), options.viewportHeight());
        return io.browserflow.engine.spi.DriverSessions.keptOpen(binding.session); // the test's scope closes it
      }
      return driver().openSession(options);
    }

    @Override
    public void close() {
      // the class resources close the real driver
    }
  }
}
