package io.browserflow.api.lint;

import io.browserflow.api.Condition;
import io.browserflow.api.DefaultConditionVisitor;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepFamilyVisitor;
import java.util.List;

/**
 * Decides whether something after a write step observes the page before the flow ends or leaves
 * the page. A later step that resolves a target, asserts, waits for a page condition or reads
 * counts as observing; a later write takes over the duty (only the last write of a chain must be
 * checked); navigation and tab changes break the chain; fixed waits, variables, scripts and
 * exports pass through.
 */
final class WriteVerification {
  private WriteVerification() {}

  static boolean isWrite(Step step) {
    return step.writes();
  }

  /** True when the step's own expect checks the page. */
  static boolean hasPageCheck(Step step) {
    return step.expect().stream().anyMatch(WriteVerification::observesPage);
  }

  /** Whether the steps {@code list[from..]}, followed by {@code continuation}, observe the page first. */
  static boolean verified(List<Step> list, int from, boolean continuation) {
    boolean v = continuation;
    for (int i = list.size() - 1; i >= from; i--) {
      v = effect(list.get(i), v);
    }
    return v;
  }

  private static boolean effect(Step s, boolean next) {
    if (s.disabled()) {
      return next;
    }
    return s.accept(new Effect(next));
  }

  /** Every condition looks at the page or the run's downloads, except variable tests. */
  static boolean observesPage(Condition c) {
    return c.accept(OBSERVES_PAGE);
  }

  /**
   * Whether an enabled step, followed by what {@code next} says about the rest, observes the page
   * before the flow ends or leaves it. A step whose own expect checks the page observes it.
   */
  private record Effect(boolean next) implements StepFamilyVisitor<Boolean> {
    // navigation and tab changes break the chain
    @Override
    public Boolean visitPageStep(PageStep s) {
      return !s.kind().leavesPage() && visitStep(s);
    }

    // a later write takes over the duty
    @Override public Boolean visitStep(Step step) { return true; }

    // resolving a target observes the page

    @Override
    public Boolean visitAssert(CheckStep.Assert s) {
      return hasPageCheck(s) || observesPage(s.condition()) || next;
    }

    @Override
    public Boolean visitWait(CheckStep.Wait s) {
      return hasPageCheck(s) || s.until().map(WriteVerification::observesPage).orElse(false) || next;
    }

    @Override
    public Boolean visitScroll(InteractionStep.Scroll s) {
      return hasPageCheck(s) || s.target().isPresent() || next;
    }

    @Override
    public Boolean visitScreenshot(DataStep.Screenshot s) {
      return hasPageCheck(s) || s.target().isPresent() || next;
    }

    @Override
    public Boolean visitIf(ControlStep.If s) {
      return hasPageCheck(s) || observesPage(s.condition())
          || (verified(s.then(), 0, next) && verified(s.otherwise(), 0, next));
    }

    @Override
    public Boolean visitWhile(ControlStep.While s) {
      return hasPageCheck(s) || observesPage(s.condition()) || (verified(s.body(), 0, next) && next);
    }

    @Override
    public Boolean visitRepeat(ControlStep.Repeat s) {
      return hasPageCheck(s) || (s.times() > 0 ? verified(s.body(), 0, next) : next);
    }

    @Override
    public Boolean visitForeach(ControlStep.Foreach s) {
      return hasPageCheck(s) || (verified(s.body(), 0, next) && next);
    }

    // fixed waits, variables, scripts, exports and the rest pass through
    @Override public Boolean visitFrameMain(PageStep.FrameMain s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitSetViewport(PageStep.SetViewport s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitEmulateNetwork(PageStep.EmulateNetwork s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitSetVar(DataStep.SetVar s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitEval(DataStep.Eval s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitCsvImport(DataStep.CsvImport s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitCsvExport(DataStep.CsvExport s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitDatasetWrite(DataStep.DatasetWrite s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitDatasetExport(DataStep.DatasetExport s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitHttp(ExternalStep.Http s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitClipboard(DataStep.Clipboard s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitCall(ExternalStep.Call s) { return hasPageCheck(s) || next; }
    @Override public Boolean visitManual(ExternalStep.Manual s) { return hasPageCheck(s) || next; }
  }

  private static final ConditionVisitor<Boolean> OBSERVES_PAGE = new DefaultConditionVisitor<>() {
    @Override public Boolean visitNot(Condition.Not c) { return c.condition().accept(this); }
    @Override public Boolean visitVar(Condition.Var c) { return false; }

    // the page, or the run's downloads
    @Override public Boolean visitCondition(Condition condition) { return true; }
  };
}
