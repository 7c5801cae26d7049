package io.browserflow.junit;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.PageState;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.ScreenshotRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The test's session as the engine sees it during one run: everything goes to the test's session,
 * except {@link #close()}, since the context outlives the run (the test and its next flows use it).
 */
final class SessionView implements DriverSession {
  private final DriverSession session;

  SessionView(DriverSession session) {
    this.session = session;
  }

  @Override
  public void open(String url, Duration timeout) {
    session.open(url, timeout);
  }

  @Override
  public void navigate(String url, Duration timeout) {
    session.navigate(url, timeout);
  }

  @Override
  public void back(Duration timeout) {
    session.back(timeout);
  }

  @Override
  public void forward(Duration timeout) {
    session.forward(timeout);
  }

  @Override
  public void reload(Duration timeout) {
    session.reload(timeout);
  }

  @Override
  public void newTab(String alias, Optional<String> url, Duration timeout) {
    session.newTab(alias, url, timeout);
  }

  @Override
  public void switchTab(String alias) {
    session.switchTab(alias);
  }

  @Override
  public void closeTab(Optional<String> alias) {
    session.closeTab(alias);
  }

  @Override
  public void enterFrame(String locator, Duration timeout) {
    session.enterFrame(locator, timeout);
  }

  @Override
  public void mainFrame() {
    session.mainFrame();
  }

  @Override
  public void setViewport(int width, int height) {
    session.setViewport(width, height);
  }

  @Override
  public void setViewport(int width, int height, java.util.OptionalDouble deviceScaleFactor, boolean mobile, boolean touch) {
    session.setViewport(width, height, deviceScaleFactor, mobile, touch);
  }

  @Override
  public void emulateNetwork(boolean offline, java.util.OptionalInt downloadBytesPerSecond,
      java.util.OptionalInt uploadBytesPerSecond, java.util.OptionalInt latencyMs) {
    session.emulateNetwork(offline, downloadBytesPerSecond, uploadBytesPerSecond, latencyMs);
  }

  @Override
  public PageState state() {
    return session.state();
  }

  @Override
  public void pause(Duration duration) {
    session.pause(duration);
  }

  @Override
  public String currentUrl() {
    return session.currentUrl();
  }

  @Override
  public DriverSession fork(String alias) {
    return session.fork(alias);
  }

  @Override
  public Resolution resolve(Target target, Duration timeout) {
    return session.resolve(target, timeout);
  }

  @Override
  public ActionResult perform(Step step, Duration timeout) {
    return session.perform(step, timeout);
  }

  @Override
  public ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout) {
    return session.read(target, what, attribute, timeout);
  }

  @Override
  public ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit, Duration timeout) {
    return session.scrape(target, mode, attributes, limit, timeout);
  }

  @Override
  public boolean test(Condition condition) {
    return session.test(condition);
  }

  @Override
  public void await(Condition condition, Duration timeout) {
    session.await(condition, timeout);
  }

  @Override
  public String eval(String script, Duration timeout) {
    return session.eval(script, timeout);
  }

  @Override
  public Path screenshot(ScreenshotRequest request) {
    return session.screenshot(request);
  }

  @Override
  public List<DownloadInfo> downloads() {
    return session.downloads();
  }

  @Override
  public List<String> blockedRequests() {
    return session.blockedRequests();
  }

  @Override
  public void armDialogs(List<io.browserflow.api.Dialog> dialogs) {
    session.armDialogs(dialogs);
  }

  @Override
  public List<io.browserflow.engine.spi.SeenDialog> settleDialogs(Duration timeout) {
    return session.settleDialogs(timeout);
  }

  /** The run is over; the test's context stays open for the test. */
  @Override
  public void close() {
    // closed by the test's scope when the test ends
  }
}
