package io.browserflow.api.lint;

import io.browserflow.api.lint.LintWarning.Severity;

/**
 * Frame locators (frame steps and target frame paths): runtime frame ids that cannot be replayed,
 * frame URLs holding changing parts, fragile owner selectors ({@link FrameLocators}).
 */
final class FrameLint {
  private final LintContext ctx;

  FrameLint(LintContext ctx) {
    this.ctx = ctx;
  }

  void check(String locator, String path, String stepId) {
    for (FrameLocators.Finding f : FrameLocators.check(locator, ctx.options().maxCssCombinators())) {
      String reasons = String.join(", ", f.reasons());
      ctx.add(switch (f.issue()) {
        case RUNTIME_ID_ONLY -> LintWarning.of(f.code(), Severity.ERROR, path, stepId,
            "the frame locator is a runtime frame id or snapshot ref, valid only while recording; it cannot be replayed",
            "locate the frame by its owner element (e.g. [role=\"dialog\"] iframe), by url:<glob> or by name:<name>");
        case URL_DYNAMIC -> LintWarning.of(f.code(), Severity.WARNING, path, stepId,
            "the frame URL holds " + reasons + ", so the frame of the next record will not match",
            "enter the frame by its owner element (e.g. [role=\"dialog\"] iframe or iframe[title=...]),"
                + " or replace the changing parts with *");
        case SELECTOR_UNSTABLE -> LintWarning.of(f.code(), Severity.WARNING, path, stepId,
            "the frame locator is fragile: " + reasons,
            "prefer the dialog or container plus iframe ([role=\"dialog\"] iframe) or a stable iframe attribute"
                + " (name, title, data-testid)");
      });
    }
  }
}
