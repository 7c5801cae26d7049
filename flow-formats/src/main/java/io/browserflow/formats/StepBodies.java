package io.browserflow.formats;

import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import java.util.List;

/** The step lists a step holds (then and else, loop and paginate bodies), in order; none for the others. Fallbacks are not bodies. */
final class StepBodies implements StepVisitor<List<List<Step>>> {
  static final StepBodies VISITOR = new StepBodies();

  private StepBodies() {}

  // steps with bodies
  @Override public List<List<Step>> visitPaginate(Step.Paginate s) { return List.of(s.body()); }
  @Override public List<List<Step>> visitForeach(Step.Foreach s) { return List.of(s.body()); }
  @Override public List<List<Step>> visitRepeat(Step.Repeat s) { return List.of(s.body()); }
  @Override public List<List<Step>> visitIf(Step.If s) { return List.of(s.then(), s.otherwise()); }
  @Override public List<List<Step>> visitWhile(Step.While s) { return List.of(s.body()); }

  // steps without a body
  @Override public List<List<Step>> visitOpen(Step.Open s) { return List.of(); }
  @Override public List<List<Step>> visitNavigate(Step.Navigate s) { return List.of(); }
  @Override public List<List<Step>> visitBack(Step.Back s) { return List.of(); }
  @Override public List<List<Step>> visitForward(Step.Forward s) { return List.of(); }
  @Override public List<List<Step>> visitReload(Step.Reload s) { return List.of(); }
  @Override public List<List<Step>> visitTabNew(Step.TabNew s) { return List.of(); }
  @Override public List<List<Step>> visitTabSwitch(Step.TabSwitch s) { return List.of(); }
  @Override public List<List<Step>> visitTabClose(Step.TabClose s) { return List.of(); }
  @Override public List<List<Step>> visitFrame(Step.Frame s) { return List.of(); }
  @Override public List<List<Step>> visitFrameMain(Step.FrameMain s) { return List.of(); }
  @Override public List<List<Step>> visitSetViewport(Step.SetViewport s) { return List.of(); }
  @Override public List<List<Step>> visitEmulateNetwork(Step.EmulateNetwork s) { return List.of(); }
  @Override public List<List<Step>> visitClick(Step.Click s) { return List.of(); }
  @Override public List<List<Step>> visitDblclick(Step.Dblclick s) { return List.of(); }
  @Override public List<List<Step>> visitContextmenu(Step.Contextmenu s) { return List.of(); }
  @Override public List<List<Step>> visitHover(Step.Hover s) { return List.of(); }
  @Override public List<List<Step>> visitMouse(Step.Mouse s) { return List.of(); }
  @Override public List<List<Step>> visitFill(Step.Fill s) { return List.of(); }
  @Override public List<List<Step>> visitChange(Step.Change s) { return List.of(); }
  @Override public List<List<Step>> visitType(Step.Type s) { return List.of(); }
  @Override public List<List<Step>> visitPress(Step.Press s) { return List.of(); }
  @Override public List<List<Step>> visitSelect(Step.Select s) { return List.of(); }
  @Override public List<List<Step>> visitCheck(Step.Check s) { return List.of(); }
  @Override public List<List<Step>> visitUncheck(Step.Uncheck s) { return List.of(); }
  @Override public List<List<Step>> visitToggle(Step.Toggle s) { return List.of(); }
  @Override public List<List<Step>> visitScroll(Step.Scroll s) { return List.of(); }
  @Override public List<List<Step>> visitDrag(Step.Drag s) { return List.of(); }
  @Override public List<List<Step>> visitUpload(Step.Upload s) { return List.of(); }
  @Override public List<List<Step>> visitWait(Step.Wait s) { return List.of(); }
  @Override public List<List<Step>> visitAssert(Step.Assert s) { return List.of(); }
  @Override public List<List<Step>> visitRead(Step.Read s) { return List.of(); }
  @Override public List<List<Step>> visitScrape(Step.Scrape s) { return List.of(); }
  @Override public List<List<Step>> visitSetVar(Step.SetVar s) { return List.of(); }
  @Override public List<List<Step>> visitEval(Step.Eval s) { return List.of(); }
  @Override public List<List<Step>> visitScreenshot(Step.Screenshot s) { return List.of(); }
  @Override public List<List<Step>> visitCsvImport(Step.CsvImport s) { return List.of(); }
  @Override public List<List<Step>> visitCsvExport(Step.CsvExport s) { return List.of(); }
  @Override public List<List<Step>> visitDatasetWrite(Step.DatasetWrite s) { return List.of(); }
  @Override public List<List<Step>> visitDatasetExport(Step.DatasetExport s) { return List.of(); }
  @Override public List<List<Step>> visitHttp(Step.Http s) { return List.of(); }
  @Override public List<List<Step>> visitClipboard(Step.Clipboard s) { return List.of(); }
  @Override public List<List<Step>> visitCall(Step.Call s) { return List.of(); }
  @Override public List<List<Step>> visitManual(Step.Manual s) { return List.of(); }
}
