package io.browserflow.api.lint;

import io.browserflow.api.Candidate;
import io.browserflow.api.Target;
import io.browserflow.api.lint.LintWarning.Severity;
import java.util.List;

/**
 * Selectors: fragile candidates tried before any stable one, clicks on what looks like a loading
 * mask or overlay, fragile shadow host selectors; the frame path through {@link FrameLint}; and
 * the values in every locator through {@link ValueLint}. Rules apply to active steps only; values
 * are scanned in disabled steps too.
 */
final class SelectorLint {
  private final LintContext ctx;
  private final ValueLint values;
  private final FrameLint frames;

  SelectorLint(LintContext ctx, ValueLint values, FrameLint frames) {
    this.ctx = ctx;
    this.values = values;
    this.frames = frames;
  }

  void target(Target t, String path, String stepId, boolean active, boolean clicked) {
    List<Candidate> candidates = t.candidates();
    if (active) {
      selectorRule(candidates, path, stepId);
      if (clicked) {
        for (int k = 0; k < candidates.size(); k++) {
          if (SelectorStability.addressesOverlay(candidates.get(k))) {
            ctx.add(LintCode.OVERLAY_CLICK, Severity.WARNING, path + ".candidates[" + k + "]", stepId,
                "the click targets what looks like a loading mask, overlay or backdrop",
                "drop the step if it only dismissed a loading mask (wait for the mask to be hidden instead);"
                    + " otherwise target the real control");
            break;
          }
        }
      }
      for (int k = 0; k < t.framePath().size(); k++) {
        frames.check(t.framePath().get(k), path + ".framePath[" + k + "]", stepId);
      }
      for (int k = 0; k < t.shadowPath().size(); k++) {
        List<String> reasons = SelectorStability.cssReasons(SelectorStability.neutralize(t.shadowPath().get(k)),
            ctx.options().maxCssCombinators());
        if (!reasons.isEmpty()) {
          ctx.add(LintCode.UNSTABLE_SELECTOR, Severity.WARNING, path + ".shadowPath[" + k + "]", stepId,
              "the shadow host selector " + String.join(", ", reasons),
              "address the shadow host by a stable id, data-testid or element name");
        }
      }
    }
    for (int k = 0; k < candidates.size(); k++) {
      Candidate c = candidates.get(k);
      String text = c.value() + c.name().map(n -> " " + n).orElse("");
      // visible text and accessible names are page content: they may carry volatile values
      boolean volatileToo = c.kind() == Candidate.Kind.TEXT || c.kind() == Candidate.Kind.TEXT_CONTAINS
          || c.kind() == Candidate.Kind.ARIA || c.name().isPresent();
      values.scanSelector(path + ".candidates[" + k + "]", stepId, text, volatileToo);
    }
    for (int k = 0; k < t.framePath().size(); k++) {
      values.scan(path + ".framePath[" + k + "]", stepId, t.framePath().get(k), false, "the frame locator", null,
          false);
    }
  }

  /**
   * A fragile candidate matters only when it is tried before every candidate that is not fragile:
   * a stable candidate tried first shields it (the fragile one then runs only as a fallback).
   */
  private void selectorRule(List<Candidate> candidates, String path, String stepId) {
    for (int k = 0; k < candidates.size(); k++) {
      List<String> reasons = SelectorStability.fragileReasons(candidates.get(k), ctx.options().maxCssCombinators());
      if (reasons.isEmpty()) {
        return;
      }
      int solid = -1;
      for (int j = k + 1; j < candidates.size() && solid < 0; j++) {
        if (SelectorStability.fragileReasons(candidates.get(j), ctx.options().maxCssCombinators()).isEmpty()) {
          solid = j;
        }
      }
      Candidate c = candidates.get(k);
      String shown = SensitiveValueScanner.scan(c.value(), false).isEmpty() ? " (" + c.describe() + ")" : "";
      String what = "candidate " + k + shown + " " + String.join(", ", reasons);
      if (solid >= 0) {
        ctx.add(LintCode.UNSTABLE_SELECTOR, Severity.WARNING, path + ".candidates[" + k + "]", stepId,
            what + ", and it is tried before the stable candidate " + solid,
            "move candidates[" + solid + "] first so the fragile locator is only a fallback");
      } else {
        ctx.add(LintCode.UNSTABLE_SELECTOR, Severity.WARNING, path + ".candidates[" + k + "]", stepId,
            what + ", and no stable candidate backs it up",
            "add a testId, role+name, label or placeholder candidate before it"
                + " (or a short css on a stable id or attribute)");
      }
      return;
    }
  }
}
