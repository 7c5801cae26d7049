package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.SessionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * What the parts of one {@link InMemorySession} share: the driver and its options, the virtual clock,
 * the tabs bound to aliases, the current tab and frame context, the focused element, the popup a
 * running click waits for, and what the session collected (downloads, blocked requests). A session is
 * used from one thread at a time, so none of this is guarded.
 */
final class SessionState {
  final InMemoryPageDriver driver;
  final SessionOptions options;
  final VirtualClock clock = new VirtualClock();
  final Map<String, Tab> tabs = new LinkedHashMap<>();
  Tab current;
  final List<Element> frameOwners = new ArrayList<>();
  final List<String> frameLocators = new ArrayList<>();
  final List<DownloadInfo> downloads = new ArrayList<>();
  final List<String> blocked = new ArrayList<>();
  Element focused;
  /** Keys held down by {@code press} steps with phase down, in the order they went down. */
  final Set<String> heldKeys = new LinkedHashSet<>();
  /** The native dialogs armed for the running step, and those the pages showed. */
  final io.browserflow.engine.spi.DialogPlan dialogs = new io.browserflow.engine.spi.DialogPlan();
  String popupAlias;
  final List<String> popupsOpened = new ArrayList<>();
  int autoAliases;
  Path artifacts;
  boolean closed;
  int viewportWidth;
  int viewportHeight;
  /** The emulated network ({@code emulateNetwork}); the real one at first. */
  NetworkConditions network = NetworkConditions.REAL;

  /**
   * Network conditions as the last {@code emulateNetwork} left them. Offline fails loads; the
   * throttling values are only recorded (the driver has no transfer times to slow down).
   */
  record NetworkConditions(boolean offline, java.util.OptionalInt downloadBytesPerSecond,
      java.util.OptionalInt uploadBytesPerSecond, java.util.OptionalInt latencyMs) {
    static final NetworkConditions REAL = new NetworkConditions(false, java.util.OptionalInt.empty(),
        java.util.OptionalInt.empty(), java.util.OptionalInt.empty());
  }

  SessionState(InMemoryPageDriver driver, SessionOptions options) {
    this.driver = driver;
    this.options = options;
    this.viewportWidth = options.viewportWidth();
    this.viewportHeight = options.viewportHeight();
  }

  Deadline deadline(Duration timeout) {
    long ms = Math.max(0, timeout.toMillis());
    return new Deadline(clock.now() + ms, ms);
  }

  /** The document of the current frame context; {@code FRAME_CONTEXT_LOST} when an entered frame went away. */
  PageDocument currentDocument() {
    Tab tab = requireTab();
    PageDocument doc = tab.document;
    for (int i = 0; i < frameOwners.size(); i++) {
      Element owner = frameOwners.get(i);
      if (Dom.document(owner) != doc || !doc.live || ElementData.of(owner).contentDocument == null) {
        throw new FlowRunException(ErrorCode.FRAME_CONTEXT_LOST, "the frame '" + frameLocators.get(i)
            + "' entered earlier is gone (detached or its page navigated); return to the main frame or enter it again",
            Map.of(FlowException.Details.FRAME_PATH, String.join(" > ", frameLocators)));
      }
      doc = ElementData.of(owner).contentDocument;
    }
    return doc;
  }

  void resetFrame() {
    frameOwners.clear();
    frameLocators.clear();
  }

  boolean hasTab() {
    return current != null;
  }

  Tab tabOf(PageDocument top) {
    for (Tab t : tabs.values()) {
      if (t.document == top) {
        return t;
      }
    }
    return null;
  }

  Tab requireTab() {
    requireOpen();
    if (current == null) {
      throw new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no tab is open in this session; open one with newTab",
          Map.of());
    }
    return current;
  }

  void requireOpen() {
    if (closed) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the session is closed", Map.of());
    }
  }

  FlowRunException tabNotFound(String alias) {
    return new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no open tab is bound to alias '" + alias + "'; open tabs: "
        + String.join(", ", tabs.keySet()), Map.of(FlowException.Details.ALIAS, alias, "tabs", String.join(",", tabs.keySet())));
  }
}
