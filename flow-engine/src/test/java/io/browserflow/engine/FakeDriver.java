package io.browserflow.engine;

import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.spi.Navigation;
import io.browserflow.engine.spi.PageState;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SessionOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A page-less driver for engine tests: every target resolves to its first candidate, every
 * condition holds, every action succeeds at once, except what the test scripts: a click on test id
 * {@code slow} writes the marker file and blocks for a long time (the crash test kills the JVM
 * meanwhile), steps listed in {@link #failing} fail with their code, and {@link #beforePerform} runs
 * before each action.
 */
final class FakeDriver implements PageDriver {
  private final Path marker;
  /** Step id to the code its actions fail with. */
  final java.util.Map<String, ErrorCode> failing = new java.util.concurrent.ConcurrentHashMap<>();
  /** Conditions that never hold: {@code await} times out on them. */
  volatile java.util.function.Predicate<Condition> unmet = c -> false;
  /** Called with each step before it is performed. */
  volatile java.util.function.Consumer<Step> beforePerform = s -> {};
  /** Ids of the steps performed, in order (opens recorded as "open:<url>"). */
  final List<String> performed = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

  FakeDriver() {
    this(null);
  }

  FakeDriver(Path marker) {
    this.marker = marker;
  }

  @Override
  public String name() {
    return "fake";
  }

  @Override
  public DriverSession openSession(SessionOptions options) {
    return new FakeSession();
  }

  @Override
  public void close() {}

  /** A session that records what it is asked and acts on nothing. */
  private final class FakeSession implements DriverSession, Navigation {
    private String url = "about:blank";

    @Override
    public void open(String u, Duration timeout) {
      performed.add("open:" + u);
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
    public PageState state() {
      return PageState.builder().tab("main").url(url).title("").addTabs("main").build();
    }

    @Override
    public Resolution resolve(Target target, Duration timeout) {
      return Resolution.strict(List.of(1));
    }

    @Override
    public ActionResult perform(InteractionStep step, Duration timeout) {
      performed.add(step.id());
      beforePerform.accept(step);
      ErrorCode failure = failing.get(step.id());
      if (failure != null) {
        throw new FlowRunException(failure, "scripted failure of " + step.id());
      }
      if (marker != null && step instanceof InteractionStep.Click && ((InteractionStep.Click) step).target().candidates().get(0).value().equals("slow")) {
        try {
          Files.writeString(marker, "dispatching");
          Thread.sleep(120_000);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return ActionResult.of(Resolution.strict(List.of(1)));
    }

    @Override
    public ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout) {
      return ReadResult.of("42", Resolution.strict(List.of(1)));
    }

    @Override
    public ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit, Duration timeout) {
      return ScrapeResult.of(List.of(), Resolution.strict(List.of(1)));
    }

    @Override
    public boolean test(Condition condition) {
      return !unmet.test(condition);
    }

    @Override
    public void await(Condition condition, Duration timeout) {
      if (unmet.test(condition)) {
        throw new io.browserflow.api.FlowTimeoutException("not met: " + condition);
      }
    }

    @Override
    public String eval(String script, Duration timeout) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "no scripts here");
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

    @Override
    public Navigation navigation() {
      return this;
    }

    @Override
    public String currentUrl() {
      return state().url();
    }
  }
}
