package io.browserflow.engine.spi;

import java.time.Duration;
import java.util.Optional;

/**
 * Where a {@link DriverSession} is: the page of the current tab and its history, the tabs bound to
 * aliases, the frame context and the viewport. A session hands out its navigation as one part
 * ({@link DriverSession#navigation()}), in the manner of Selenium's {@code driver.navigate()}; the
 * session's own methods of the same names call it, so the engine and the contract use either.
 *
 * <p>Every change of page or tab ({@link #open}, {@link #navigate}, {@link #back}, {@link #forward},
 * {@link #reload}, {@link #newTab}, {@link #switchTab}, {@link #closeTab}) resets the frame context to
 * the main frame.
 */
public interface Navigation {

  /** Loads {@code url} in the current tab and waits for the load event. */
  void open(String url, Duration timeout);

  /** Same as {@link #open} but named for a navigation within a flow; {@link #open} by default. */
  default void navigate(String url, Duration timeout) {
    open(url, timeout);
  }

  void back(Duration timeout);

  void forward(Duration timeout);

  void reload(Duration timeout);

  /** Opens a new tab bound to {@code alias} (optionally loading {@code url}) and makes it current. */
  void newTab(String alias, Optional<String> url, Duration timeout);

  /**
   * Makes the tab bound to {@code alias} current; {@code TAB_NOT_FOUND} when none is. Tabs become
   * current only through this, {@link #newTab} and {@link #closeTab}: a popup opened by a click is
   * bound to its alias (binding an alias that is still open fails with {@code ACTION_FAILED}) but
   * does not become current.
   */
  void switchTab(String alias);

  /** Closes the tab bound to {@code alias} (the current one when empty); the opener or the last tab becomes current. */
  void closeTab(Optional<String> alias);

  /** Enters a frame of the current frame context: owner css, {@code selector:}, {@code url:<glob>} or {@code name:}. */
  void enterFrame(String locator, Duration timeout);

  /** Returns to the main frame of the current tab. */
  void mainFrame();

  void setViewport(int width, int height);

  /** Current tab, URL, title, frame path and open tabs. */
  PageState state();

  /** The current tab's URL; {@link #state()}'s by default, for a navigation that has it cheaper. */
  default String currentUrl() {
    return state().url();
  }
}
