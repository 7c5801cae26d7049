package io.browserflow.api.lint;

import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
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
  private final class StepRules implements StepVisitor<Void> {
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
    public Void visitNavigate(Step.Navigate navigate) {
      navigation.check(navigate, path, id, siblings, index);
      return null;
    }

    @Override
    public Void visitWait(Step.Wait wait) {
      waits.check(wait, path, id);
      return null;
    }

    @Override
    public Void visitEval(Step.Eval s) {
      ctx.add(LintCode.EVAL_USED, Severity.WARNING, path, id,
          "eval runs a page script, which bypasses real user events and needs the script.eval capability",
          "express it with steps (fill, select, check, click, wait for a condition) where possible;"
              + " keep the script only if no step can do it");
      return null;
    }

    @Override
    public Void visitManual(Step.Manual s) {
      ctx.add(LintCode.MANUAL_STEP, Severity.WARNING, path, id,
          "manual step needs a person: unattended runs (schedules, tool calls) stop here",
          "automate it if possible, or run the flow only where a manual step handler answers");
      return null;
    }

    // no rule of their own
    @Override public Void visitOpen(Step.Open s) { return null; }
    @Override public Void visitBack(Step.Back s) { return null; }
    @Override public Void visitForward(Step.Forward s) { return null; }
    @Override public Void visitReload(Step.Reload s) { return null; }
    @Override public Void visitTabNew(Step.TabNew s) { return null; }
    @Override public Void visitTabSwitch(Step.TabSwitch s) { return null; }
    @Override public Void visitTabClose(Step.TabClose s) { return null; }
    @Override public Void visitFrame(Step.Frame s) { return null; }
    @Override public Void visitFrameMain(Step.FrameMain s) { return null; }
    @Override public Void visitSetViewport(Step.SetViewport s) { return null; }
    @Override public Void visitEmulateNetwork(Step.EmulateNetwork s) { return null; }
    @Override public Void visitClick(Step.Click s) { return null; }
    @Override public Void visitDblclick(Step.Dblclick s) { return null; }
    @Override public Void visitContextmenu(Step.Contextmenu s) { return null; }
    @Override public Void visitHover(Step.Hover s) { return null; }
    @Override public Void visitMouse(Step.Mouse s) { return null; }
    @Override public Void visitFill(Step.Fill s) { return null; }
    @Override public Void visitChange(Step.Change s) { return null; }
    @Override public Void visitType(Step.Type s) { return null; }
    @Override public Void visitPress(Step.Press s) { return null; }
    @Override public Void visitSelect(Step.Select s) { return null; }
    @Override public Void visitCheck(Step.Check s) { return null; }
    @Override public Void visitUncheck(Step.Uncheck s) { return null; }
    @Override public Void visitToggle(Step.Toggle s) { return null; }
    @Override public Void visitScroll(Step.Scroll s) { return null; }
    @Override public Void visitDrag(Step.Drag s) { return null; }
    @Override public Void visitUpload(Step.Upload s) { return null; }
    @Override public Void visitAssert(Step.Assert s) { return null; }
    @Override public Void visitRead(Step.Read s) { return null; }
    @Override public Void visitScrape(Step.Scrape s) { return null; }
    @Override public Void visitPaginate(Step.Paginate s) { return null; }
    @Override public Void visitSetVar(Step.SetVar s) { return null; }
    @Override public Void visitScreenshot(Step.Screenshot s) { return null; }
    @Override public Void visitCsvImport(Step.CsvImport s) { return null; }
    @Override public Void visitCsvExport(Step.CsvExport s) { return null; }
    @Override public Void visitDatasetWrite(Step.DatasetWrite s) { return null; }
    @Override public Void visitDatasetExport(Step.DatasetExport s) { return null; }
    @Override public Void visitHttp(Step.Http s) { return null; }
    @Override public Void visitClipboard(Step.Clipboard s) { return null; }
    @Override public Void visitCall(Step.Call s) { return null; }
    @Override public Void visitForeach(Step.Foreach s) { return null; }
    @Override public Void visitRepeat(Step.Repeat s) { return null; }
    @Override public Void visitIf(Step.If s) { return null; }
    @Override public Void visitWhile(Step.While s) { return null; }
  }
}
