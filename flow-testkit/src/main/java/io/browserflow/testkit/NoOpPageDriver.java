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
import io.browserflow.engine.spi.EmulatesNetwork;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.spi.Navigation;
import io.browserflow.engine.spi.PageState;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SessionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A page-less {@link PageDriver} that does nothing and agrees with everything: every target resolves to
 * its first candidate, every condition holds, every action succeeds at once, reads give {@code "42"},
 * scrapes nothing, screenshots write no file. For measuring or testing the engine itself, without
 * pages: {@link InMemoryPageDriver} is the driver for testing flows.
 *
 * <pre>{@code
 * try (FlowEngine engine = FlowEngine.builder().driver(NoOpPageDriver.create()).build()) {
 *   engine.run(flow, Inputs.empty());
 * }
 * }</pre>
 *
 * <p>Waits ({@code wait ms} steps) pass in real time, as in a browser; {@code eval} gives
 * {@code UNSUPPORTED_STEP}. The driver and its sessions are thread-safe and hold no state but the URL
 * last opened.
 */
public final class NoOpPageDriver implements PageDriver {
  private NoOpPageDriver() {}

  /** A new no-op driver. */
  public static NoOpPageDriver create() {
    return new NoOpPageDriver();
  }

  /** {@code no-op}. */
  @Override
  public String name() {
    return "no-op";
  }

  @Override
  public DriverSession openSession(SessionOptions options) {
    Objects.requireNonNull(options, "options");
    return new Session();
  }

  @Override
  public void close() {}

  private static final class Session implements DriverSession, Navigation, EmulatesNetwork {
    private static final Resolution FIRST = Resolution.strict(List.of(1));
    private volatile String url = "about:blank";

    @Override
    public Navigation navigation() {
      return this;
    }

    @Override
    public String currentUrl() {
      return url;
    }

    @Override
    public void open(String u, Duration timeout) {
      url = u;
    }

    @Override
    public void navigate(String u, Duration timeout) {
      url = u;
    }

    @Override
    public void back(Duration timeout) {}

    @Override
    public void forward(Duration timeout) {}

    @Override
    public void reload(Duration timeout) {}

    @Override
    public void newTab(String alias, Optional<String> u, Duration timeout) {}

    @Override
    public void switchTab(String alias) {}

    @Override
    public void closeTab(Optional<String> alias) {}

    @Override
    public void enterFrame(String locator, Duration timeout) {}

    @Override
    public void mainFrame() {}

    @Override
    public void setViewport(int width, int height) {}

    @Override
    public void emulateNetwork(boolean offline, java.util.OptionalInt downloadBytesPerSecond,
        java.util.OptionalInt uploadBytesPerSecond, java.util.OptionalInt latencyMs) {}

    @Override
    public PageState state() {
      return PageState.builder().tab("main").url(url).title("").addTabs("main").build();
    }

    @Override
    public Resolution resolve(Target target, Duration timeout) {
      return FIRST;
    }

    @Override
    public ActionResult perform(InteractionStep step, Duration timeout) {
      return ActionResult.of(FIRST);
    }

    @Override
    public ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout) {
      return ReadResult.of("42", FIRST);
    }

    @Override
    public ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit,
        Duration timeout) {
      return ScrapeResult.of(List.of(), FIRST);
    }

    @Override
    public boolean test(Condition condition) {
      return true;
    }

    @Override
    public void await(Condition condition, Duration timeout) {}

    @Override
    public String eval(String script, Duration timeout) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "the no-op driver runs no scripts");
    }

    @Override
    public Path screenshot(ScreenshotRequest request) {
      return request.file();
    }

    @Override
    public List<DownloadInfo> downloads() {
      return List.of();
    }

    @Override
    public List<String> blockedRequests() {
      return List.of();
    }

    @Override
    public void close() {}
  }
}
