package io.browserflow.engine.spi;

import io.browserflow.api.Dialog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The bookkeeping behind {@link DriverSession#armDialogs} and {@link DriverSession#settleDialogs},
 * for drivers to share: the armed dialogs in order, and every dialog seen since the last arm. A
 * driver asks {@link #answer} inside each dialog event and closes the dialog as told. Thread-safe:
 * dialog events may arrive on another thread than the one that armed.
 */
public final class DialogPlan {
  private List<Dialog> armed = List.of();
  private int next;
  private final List<SeenDialog> seen = new ArrayList<>();
  private boolean stayed;

  /** Replaces the armed dialogs and forgets what was seen. */
  public synchronized void arm(List<Dialog> dialogs) {
    armed = List.copyOf(dialogs);
    next = 0;
    seen.clear();
    stayed = false;
  }

  /**
   * A dialog appeared: the armed dialog it is (type and, when declared, message match the next one),
   * whose answer the driver gives; empty when nobody declared it, and the driver dismisses it (or,
   * for {@code beforeunload}, accepts it, so the step's navigation or close goes on and it fails fast).
   */
  public synchronized Optional<Dialog> answer(Dialog.Type type, String message) {
    Dialog candidate = next < armed.size() ? armed.get(next) : null;
    boolean matches = candidate != null && candidate.type() == type && candidate.message().map(message::equals).orElse(true);
    if (matches) {
      next++;
      stayed |= type == Dialog.Type.BEFOREUNLOAD && candidate.answer() == Dialog.Answer.DISMISS;
    }
    seen.add(new SeenDialog(type, message, matches));
    return matches ? Optional.of(candidate) : Optional.empty();
  }

  /**
   * Whether an armed beforeunload was answered "stay" since the last arm: the navigation or close the
   * step asked for did not happen, as the flow wanted, and a driver does not report it as a failure.
   */
  public synchronized boolean stayed() {
    return stayed;
  }

  /** What appeared since the last arm, in order. */
  public synchronized List<SeenDialog> seen() {
    return List.copyOf(seen);
  }

  /** Whether there is nothing left to wait for: every armed dialog appeared, or one nobody declared did. */
  public synchronized boolean settled() {
    return next >= armed.size() || seen.stream().anyMatch(d -> !d.expected());
  }

  /** The next armed dialog, not yet seen (a tab close runs the page's beforeunload handler only when it is one). */
  public synchronized Optional<Dialog> peekNext() {
    return next < armed.size() ? Optional.of(armed.get(next)) : Optional.empty();
  }
}
