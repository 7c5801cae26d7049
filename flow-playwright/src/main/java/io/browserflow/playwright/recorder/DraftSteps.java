package io.browserflow.playwright.recorder;

import io.browserflow.api.Step;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintWarning;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The steps a recording captured so far, in order, each with where and when it happened, and what
 * the recording tells its listener about them: every step added or changed, warnings, the pause.
 * The first capacity limit reached pauses the recording for good. Not thread-safe, like the
 * {@link DraftBuilder} it belongs to.
 */
final class DraftSteps {

  /** A captured step: its tab, when, the key naming its element (tab, frames, candidates), and whether it focused a field. */
  static final class Entry {
    Step step;
    final String tab;
    final long at;
    final String key;
    final boolean field;

    Entry(Step step, String tab, long at, String key, boolean field) {
      this.step = step;
      this.tab = tab;
      this.at = at;
      this.key = key;
      this.field = field;
    }
  }

  private final FlowLimits limits;
  private final List<Entry> entries = new ArrayList<>();
  private final List<LintWarning> warnings = new ArrayList<>();
  private final List<Consumer<RecordingListener>> outbox = new ArrayList<>();
  private int nextId;
  private boolean paused;
  private String pausedBy;

  DraftSteps(FlowLimits limits) {
    this.limits = limits;
  }

  // ================================================================= pause and limits

  boolean paused() {
    return paused;
  }

  void pause() {
    paused = true;
  }

  void resume() {
    if (pausedBy != null) {
      throw new IllegalStateException("the recording reached a capacity limit (" + pausedBy + "); stop it and start a new one");
    }
    paused = false;
  }

  /** The capacity limit that paused the recording, if one did. */
  Optional<String> limitReached() {
    return Optional.ofNullable(pausedBy);
  }

  /** Pauses the recording for good (once) and says which limit was reached. */
  void limit(String reason) {
    if (pausedBy == null) {
      pausedBy = reason;
      paused = true;
      warn(LintWarning.of(LintCode.CAPTURE_LIMIT_REACHED, LintWarning.Severity.WARNING, "", null,
          "recording paused: " + reason + "; what followed was not recorded",
          "split the flow, or raise the limit with RecorderOptions.limits"));
      notify(l -> l.paused(reason));
    }
  }

  // ================================================================= steps

  /** A new step id; the draft renumbers its steps when it is built. */
  String id() {
    return "s" + (++nextId);
  }

  int size() {
    return entries.size();
  }

  /** The last step captured, or null. */
  Entry last() {
    return entries.isEmpty() ? null : entries.get(entries.size() - 1);
  }

  /** The last step captured in {@code tab}, or null. */
  Entry lastIn(String tab) {
    for (int i = entries.size() - 1; i >= 0; i--) {
      Entry e = entries.get(i);
      if (e.tab.equals(tab)) {
        return e;
      }
    }
    return null;
  }

  boolean anyIn(String tab) {
    return entries.stream().anyMatch(e -> e.tab.equals(tab));
  }

  /** Adds a step unless the recording is paused or the step limit is reached (which pauses it); whether it was added. */
  boolean add(Step step, String tab, long at, String key, boolean field) {
    if (paused) {
      return false;
    }
    if (entries.size() >= limits.maxSteps()) {
      limit("the flow reached the limit of " + limits.maxSteps() + " steps");
      return false;
    }
    entries.add(new Entry(step, tab, at, key, field));
    int count = entries.size();
    notify(l -> l.stepCaptured(step, count));
    return true;
  }

  /** Replaces the last step (a merge), keeping the count. */
  void replaceLast(Step step, String tab, long at, String key, boolean field) {
    entries.set(entries.size() - 1, new Entry(step, tab, at, key, field));
    int count = entries.size();
    notify(l -> l.stepCaptured(step, count));
  }

  /** Drops the last step without a word (the click a double click folds in). */
  void removeLast() {
    entries.remove(entries.size() - 1);
  }

  /** {@code entry} now records {@code changed} (an expectation added, a popup bound). */
  void amend(Entry entry, Step changed) {
    entry.step = changed;
    int count = entries.size();
    notify(l -> l.stepCaptured(changed, count));
  }

  /** The steps in order, as captured (with their capture-time ids). */
  List<Step> steps() {
    List<Step> out = new ArrayList<>();
    for (Entry e : entries) {
      out.add(e.step);
    }
    return out;
  }

  // ================================================================= what the listener hears

  void warn(LintWarning w) {
    warnings.add(w);
    notify(l -> l.warning(w));
  }

  List<LintWarning> warnings() {
    return warnings;
  }

  /** Queues a listener call; the recording delivers them after releasing its lock ({@link #takeNotifications()}). */
  private void notify(Consumer<RecordingListener> call) {
    outbox.add(call);
  }

  /** The listener calls queued since the last take, in order. */
  List<Consumer<RecordingListener>> takeNotifications() {
    List<Consumer<RecordingListener>> out = new ArrayList<>(outbox);
    outbox.clear();
    return out;
  }
}
