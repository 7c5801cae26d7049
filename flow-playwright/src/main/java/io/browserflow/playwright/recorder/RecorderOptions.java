package io.browserflow.playwright.recorder;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import io.browserflow.api.validate.FlowLimits;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link Recorder} records: where it starts, which browser it uses or which page it attaches
 * to, whether typed values become inputs, and who listens to live events.
 *
 * <pre>{@code
 * // a person records in a headed Chromium
 * RecorderOptions.builder().url("https://app.test/login").name("Sign in").parameterize(true).build();
 * // a framework or a test attaches to a page it drives itself
 * RecorderOptions.builder().page(page).listener(ui).build();
 * }</pre>
 *
 * <p>Attached recordings ({@link Builder#page}, {@link Builder#context}) run on the caller's thread:
 * call the {@link Recording}'s methods from the thread that drives the page, since Playwright
 * delivers the captured events only while that thread is inside a Playwright call.
 */
public final class RecorderOptions {
  private final String url;
  private final String name;
  private final Path executablePath;
  private final boolean headless;
  private final Page page;
  private final BrowserContext context;
  private final boolean parameterize;
  private final RecordingListener listener;
  private final FlowLimits limits;

  private RecorderOptions(Builder b) {
    this.url = b.url;
    this.name = b.name;
    this.executablePath = b.executablePath;
    this.headless = b.headless;
    this.page = b.page;
    this.context = b.context;
    this.parameterize = b.parameterize;
    this.listener = b.listener;
    this.limits = b.limits;
  }

  /** The URL the recording opens first (its {@code open} step); empty: start where the page is. */
  public Optional<String> url() {
    return Optional.ofNullable(url);
  }

  /** The draft flow's name ({@code Recorded flow} by default). */
  public String name() {
    return name;
  }

  /** The Chromium to launch; empty: the one {@code PlaywrightDriver.findChromium()} finds. */
  public Optional<Path> executablePath() {
    return Optional.ofNullable(executablePath);
  }

  /** Whether a launched browser is headless (false by default: a person records in it). */
  public boolean headless() {
    return headless;
  }

  /** The page to attach to (its context is recorded; this page is the {@code main} tab). */
  public Optional<Page> page() {
    return Optional.ofNullable(page);
  }

  /** The context to attach to (its first page is the {@code main} tab, one is opened if it has none). */
  public Optional<BrowserContext> context() {
    return Optional.ofNullable(context);
  }

  /** Whether typed values become inputs with the value as default, and the URL origin a {@code BASE_URL} input. */
  public boolean parameterize() {
    return parameterize;
  }

  public RecordingListener listener() {
    return listener;
  }

  /** Capacity limits; reaching one pauses the recording and reports it. */
  public FlowLimits limits() {
    return limits;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link RecorderOptions}. */
  public static final class Builder {
    private String url;
    private String name = "Recorded flow";
    private Path executablePath;
    private boolean headless;
    private Page page;
    private BrowserContext context;
    private boolean parameterize;
    private RecordingListener listener = new RecordingListener() {};
    private FlowLimits limits = FlowLimits.defaults();

    private Builder() {}

    public Builder url(String url) {
      this.url = Objects.requireNonNull(url, "url");
      return this;
    }

    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    public Builder executablePath(Path executablePath) {
      this.executablePath = Objects.requireNonNull(executablePath, "executablePath");
      return this;
    }

    public Builder headless(boolean headless) {
      this.headless = headless;
      return this;
    }

    public Builder page(Page page) {
      this.page = Objects.requireNonNull(page, "page");
      return this;
    }

    public Builder context(BrowserContext context) {
      this.context = Objects.requireNonNull(context, "context");
      return this;
    }

    public Builder parameterize(boolean parameterize) {
      this.parameterize = parameterize;
      return this;
    }

    public Builder listener(RecordingListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    public Builder limits(FlowLimits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /** The options; a page and a context together are refused (the page names its context). */
    public RecorderOptions build() {
      if (page != null && context != null) {
        throw new IllegalArgumentException("attach to a page or to a context, not both");
      }
      return new RecorderOptions(this);
    }
  }
}
