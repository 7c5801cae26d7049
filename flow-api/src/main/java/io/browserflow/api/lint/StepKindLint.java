package io.browserflow.api.lint;

import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.lint.LintWarning.Severity;
import java.util.List;

/**
 * The rules of one active step as a whole: by its kind (navigation through {@link NavigationLint},
 * fixed waits through {@link WaitLint}, page scripts, manual steps), and whether anything checks
 * that a write step worked ({@link WriteVerification}).
 */
final class StepKindLint {
  private final LintContext ctx;
  private final NavigationLint navigation;
  private final WaitLint waits;

  StepKindLint(LintContext ctx, NavigationLint navigation, WaitLint waits) {
    this.ctx = ctx;
    this.navigation = navigation;
    this.waits = waits;
  }

  void check(Step s, String path, List<Step> siblings, int index, boolean after) {
    String id = s.id();
    s.accept(new StepRules(path, id, siblings, index));
    if (WriteVerification.isWrite(s) && !WriteVerification.hasPageCheck(s) && !after) {
      ctx.add(LintCode.SUCCESS_CHECK_MISSING, Severity.WARNING, path, id,
          s.kind().op() + " changes the page but nothing checks that it worked: it has no expect, and the flow"
              + " ends or leaves the page before a later step observes the page",
          "add expect(...) with the success condition (url, success text, element state) to this step,"
              + " or an assert right after it");
    }
  }

  /** The rules that look at one active step's own kind, at {@code path} among its {@code siblings}. */
  private final class StepRules implements StepFamilyVisitor<Void> {
    private final String path;
    private final String id;
    private final List<Step> siblings;
    private final int index;

    StepRules(String path, String id, List<Step> siblings, int index) {
      this.path = path;
      this.id = id;
      this.siblings = siblings;
      this.index = index;
    }

    @Override
    public Void visitNavigate(PageStep.Navigate navigate) {
      navigation.check(navigate, path, id, siblings, index);
      return null;
    }

    @Override
    public Void visitWait(CheckStep.Wait wait) {
      waits.check(wait, path, id);
      return null;
    }

    @Override
    public Void visitEval(DataStep.Eval s) {
      ctx.add(LintCode.EVAL_USED, Severity.WARNING, path, id,
          "eval runs a page script, which bypasses real user events and needs the script.eval capability",
          "express it with steps (fill, select, check, click, wait for a condition) where possible;"
              + " keep the script only if no step can do it");
      return null;
    }

    @Override
    public Void visitManual(ExternalStep.Manual s) {
      ctx.add(LintCode.MANUAL_STEP, Severity.WARNING, path, id,
          "manual step needs a person: unattended runs (schedules, tool calls) stop here",
          "automate it if possible, or run the flow only where a manual step handler answers");
      return null;
    }

    // no rule of their own
    @Override public Void visitStep(Step step) { return null; }
  }
}
