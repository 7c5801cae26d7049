package io.browserflow.playwright.recorder;

import io.browserflow.api.Step;
import io.browserflow.api.lint.LintWarning;

/**
 * Live events of a {@link Recording}, for a UI that shows what is being captured. Callbacks run on
 * the thread that drives the browser: keep them short and never call back into Playwright. Events
 * never carry secret values (a password field's {@code fill} shows {@code ${credential.PASSWORD}}).
 */
public interface RecordingListener {
  /** A step was captured; {@code stepCount} is the draft's step count now (merges may keep it equal). */
  default void stepCaptured(Step step, int stepCount) {}

  /** Something the draft's reviewer must know: a skipped overlay click, a popup nobody opened, ... */
  default void warning(LintWarning warning) {}

  /** Recording paused, by {@link Recording#pause()} or because a capacity limit was reached ({@code reason}). */
  default void paused(String reason) {}

  default void resumed() {}

  /** The recording stopped ({@link Recording#stop()} or the last recorded tab closed). */
  default void stopped(FlowDraft draft) {}
}
