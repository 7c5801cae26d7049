package io.browserflow.api.lint;

import io.browserflow.api.CheckStep;
import io.browserflow.api.lint.LintWarning.Severity;

/** Waits: a fixed wait longer than {@link LintOptions#maxFixedWaitMs()} stands for a condition to wait for. */
final class WaitLint {
  private final LintContext ctx;

  WaitLint(LintContext ctx) {
    this.ctx = ctx;
  }

  void check(CheckStep.Wait wait, String path, String id) {
    if (wait.ms().isPresent() && wait.ms().getAsInt() > ctx.options().maxFixedWaitMs()) {
      ctx.add(LintCode.FIXED_WAIT_TOO_LONG, Severity.WARNING, path + ".ms", id,
          "fixed wait of " + wait.ms().getAsInt() + " ms is longer than " + ctx.options().maxFixedWaitMs()
              + " ms; fixed waits are slow when the page is fast and flaky when it is slow",
          "wait for what the wait stands for: waitFor(urlMatches(...)), visible(target), textPresent(...)"
              + " or loaded(...)");
    }
  }
}
