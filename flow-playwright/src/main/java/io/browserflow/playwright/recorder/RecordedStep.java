package io.browserflow.playwright.recorder;

import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import java.util.Optional;

/**
 * What the recorder needs to know of a step it recorded, by kind: whether it is an action (a
 * gesture that may navigate its tab, the navigation becoming its {@code expect url}, or close the
 * tab), and the kinds later events fold into or amend: a click (a double click folds it in, a fill
 * replaces a click that only focused the field, a popup binds to the click that opened it), a fill
 * and a scroll (going on in the same element replaces them) and an upload (the flow then needs the
 * upload capability).
 */
record RecordedStep(boolean action, Optional<Step.Click> click, Optional<Step.Fill> fill, boolean scroll, boolean upload) {
  static final RecordedStep OTHER = new RecordedStep(false, Optional.empty(), Optional.empty(), false, false);
  static final RecordedStep ACTION = new RecordedStep(true, Optional.empty(), Optional.empty(), false, false);
  static final RecordedStep SCROLL = new RecordedStep(false, Optional.empty(), Optional.empty(), true, false);
  static final RecordedStep UPLOAD = new RecordedStep(true, Optional.empty(), Optional.empty(), false, true);

  static RecordedStep of(Step step) {
    return step.accept(KINDS);
  }

  /** Whether a condition is an {@code expect url}, which the navigation an action caused replaces. */
  static boolean isExpectUrl(Condition c) {
    return Kinds.is(c, Condition.Url.class);
  }

  private static final StepVisitor<RecordedStep> KINDS = new StepVisitor<>() {
    @Override public RecordedStep visitClick(Step.Click s) { return new RecordedStep(true, Optional.of(s), Optional.empty(), false, false); }
    @Override public RecordedStep visitFill(Step.Fill s) { return new RecordedStep(true, Optional.empty(), Optional.of(s), false, false); }
    // the recorder never writes a change step; one in a draft is an action like select
    @Override public RecordedStep visitChange(Step.Change s) { return ACTION; }
    @Override public RecordedStep visitUpload(Step.Upload s) { return UPLOAD; }
    @Override public RecordedStep visitScroll(Step.Scroll s) { return SCROLL; }
    // other actions
    @Override public RecordedStep visitDblclick(Step.Dblclick s) { return ACTION; }
    @Override public RecordedStep visitContextmenu(Step.Contextmenu s) { return ACTION; }
    @Override public RecordedStep visitPress(Step.Press s) { return ACTION; }
    @Override public RecordedStep visitSelect(Step.Select s) { return ACTION; }
    @Override public RecordedStep visitCheck(Step.Check s) { return ACTION; }
    @Override public RecordedStep visitUncheck(Step.Uncheck s) { return ACTION; }
    @Override public RecordedStep visitDrag(Step.Drag s) { return ACTION; }
    // gestures not taken for the cause of a navigation: a hover, and type and toggle (never recorded)
    @Override public RecordedStep visitHover(Step.Hover s) { return OTHER; }
    @Override public RecordedStep visitMouse(Step.Mouse s) { return ACTION; }
    @Override public RecordedStep visitType(Step.Type s) { return OTHER; }
    @Override public RecordedStep visitToggle(Step.Toggle s) { return OTHER; }
    // pages, tabs and frames
    @Override public RecordedStep visitOpen(Step.Open s) { return OTHER; }
    @Override public RecordedStep visitNavigate(Step.Navigate s) { return OTHER; }
    @Override public RecordedStep visitBack(Step.Back s) { return OTHER; }
    @Override public RecordedStep visitForward(Step.Forward s) { return OTHER; }
    @Override public RecordedStep visitReload(Step.Reload s) { return OTHER; }
    @Override public RecordedStep visitTabNew(Step.TabNew s) { return OTHER; }
    @Override public RecordedStep visitTabSwitch(Step.TabSwitch s) { return OTHER; }
    @Override public RecordedStep visitTabClose(Step.TabClose s) { return OTHER; }
    @Override public RecordedStep visitFrame(Step.Frame s) { return OTHER; }
    @Override public RecordedStep visitFrameMain(Step.FrameMain s) { return OTHER; }
    @Override public RecordedStep visitSetViewport(Step.SetViewport s) { return OTHER; }
    @Override public RecordedStep visitEmulateNetwork(Step.EmulateNetwork s) { return OTHER; }
    // checks, data and control flow (never recorded)
    @Override public RecordedStep visitWait(Step.Wait s) { return OTHER; }
    @Override public RecordedStep visitAssert(Step.Assert s) { return OTHER; }
    @Override public RecordedStep visitRead(Step.Read s) { return OTHER; }
    @Override public RecordedStep visitScrape(Step.Scrape s) { return OTHER; }
    @Override public RecordedStep visitPaginate(Step.Paginate s) { return OTHER; }
    @Override public RecordedStep visitSetVar(Step.SetVar s) { return OTHER; }
    @Override public RecordedStep visitEval(Step.Eval s) { return OTHER; }
    @Override public RecordedStep visitScreenshot(Step.Screenshot s) { return OTHER; }
    @Override public RecordedStep visitCsvImport(Step.CsvImport s) { return OTHER; }
    @Override public RecordedStep visitCsvExport(Step.CsvExport s) { return OTHER; }
    @Override public RecordedStep visitDatasetWrite(Step.DatasetWrite s) { return OTHER; }
    @Override public RecordedStep visitDatasetExport(Step.DatasetExport s) { return OTHER; }
    @Override public RecordedStep visitHttp(Step.Http s) { return OTHER; }
    @Override public RecordedStep visitClipboard(Step.Clipboard s) { return OTHER; }
    @Override public RecordedStep visitCall(Step.Call s) { return OTHER; }
    @Override public RecordedStep visitForeach(Step.Foreach s) { return OTHER; }
    @Override public RecordedStep visitRepeat(Step.Repeat s) { return OTHER; }
    @Override public RecordedStep visitIf(Step.If s) { return OTHER; }
    @Override public RecordedStep visitWhile(Step.While s) { return OTHER; }
    @Override public RecordedStep visitManual(Step.Manual s) { return OTHER; }
  };

}
