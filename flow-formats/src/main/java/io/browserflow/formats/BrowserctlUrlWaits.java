package io.browserflow.formats;

import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;

/**
 * The {@code click} + {@code wait --url} idiom of browserctl recordings, which both directions
 * follow: which steps may navigate (a {@code wait --url} after them is their expect), and which
 * conditions browserctl waits for with {@code wait --url}.
 */
final class BrowserctlUrlWaits {
  private BrowserctlUrlWaits() {}

  /** Whether {@code s} is an action after which a {@code wait --url} means "this action navigates". */
  static boolean navigates(Step s) {
    return s.accept(NAVIGATES);
  }

  private static final StepVisitor<Boolean> NAVIGATES = new StepVisitor<>() {
    @Override public Boolean visitClick(Step.Click s) { return true; }
    @Override public Boolean visitDblclick(Step.Dblclick s) { return true; }
    @Override public Boolean visitPress(Step.Press s) { return true; }
    @Override public Boolean visitSelect(Step.Select s) { return true; }
    @Override public Boolean visitCheck(Step.Check s) { return true; }
    @Override public Boolean visitUncheck(Step.Uncheck s) { return true; }

    // other steps: a wait --url after them stays a wait step
    @Override public Boolean visitOpen(Step.Open s) { return false; }
    @Override public Boolean visitNavigate(Step.Navigate s) { return false; }
    @Override public Boolean visitBack(Step.Back s) { return false; }
    @Override public Boolean visitForward(Step.Forward s) { return false; }
    @Override public Boolean visitReload(Step.Reload s) { return false; }
    @Override public Boolean visitTabNew(Step.TabNew s) { return false; }
    @Override public Boolean visitTabSwitch(Step.TabSwitch s) { return false; }
    @Override public Boolean visitTabClose(Step.TabClose s) { return false; }
    @Override public Boolean visitFrame(Step.Frame s) { return false; }
    @Override public Boolean visitFrameMain(Step.FrameMain s) { return false; }
    @Override public Boolean visitSetViewport(Step.SetViewport s) { return false; }
    @Override public Boolean visitEmulateNetwork(Step.EmulateNetwork s) { return false; }
    @Override public Boolean visitContextmenu(Step.Contextmenu s) { return false; }
    @Override public Boolean visitHover(Step.Hover s) { return false; }
    @Override public Boolean visitFill(Step.Fill s) { return false; }
    @Override public Boolean visitChange(Step.Change s) { return false; }
    @Override public Boolean visitType(Step.Type s) { return false; }
    @Override public Boolean visitToggle(Step.Toggle s) { return false; }
    @Override public Boolean visitScroll(Step.Scroll s) { return false; }
    @Override public Boolean visitDrag(Step.Drag s) { return false; }
    @Override public Boolean visitMouse(Step.Mouse s) { return false; }
    @Override public Boolean visitUpload(Step.Upload s) { return false; }
    @Override public Boolean visitWait(Step.Wait s) { return false; }
    @Override public Boolean visitAssert(Step.Assert s) { return false; }
    @Override public Boolean visitRead(Step.Read s) { return false; }
    @Override public Boolean visitScrape(Step.Scrape s) { return false; }
    @Override public Boolean visitPaginate(Step.Paginate s) { return false; }
    @Override public Boolean visitSetVar(Step.SetVar s) { return false; }
    @Override public Boolean visitEval(Step.Eval s) { return false; }
    @Override public Boolean visitScreenshot(Step.Screenshot s) { return false; }
    @Override public Boolean visitCsvImport(Step.CsvImport s) { return false; }
    @Override public Boolean visitCsvExport(Step.CsvExport s) { return false; }
    @Override public Boolean visitDatasetWrite(Step.DatasetWrite s) { return false; }
    @Override public Boolean visitDatasetExport(Step.DatasetExport s) { return false; }
    @Override public Boolean visitHttp(Step.Http s) { return false; }
    @Override public Boolean visitClipboard(Step.Clipboard s) { return false; }
    @Override public Boolean visitCall(Step.Call s) { return false; }
    @Override public Boolean visitForeach(Step.Foreach s) { return false; }
    @Override public Boolean visitRepeat(Step.Repeat s) { return false; }
    @Override public Boolean visitIf(Step.If s) { return false; }
    @Override public Boolean visitWhile(Step.While s) { return false; }
    @Override public Boolean visitManual(Step.Manual s) { return false; }
  };

  /** Whether {@code c} is a URL condition, which browserctl waits for with {@code wait --url}. */
  static boolean isUrl(Condition c) {
    return Kinds.is(c, Condition.Url.class);
  }

}
