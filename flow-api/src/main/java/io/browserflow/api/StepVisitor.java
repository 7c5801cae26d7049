package io.browserflow.api;

/**
 * An operation over every kind of {@link Step}, one method per kind: {@code step.accept(visitor)}
 * calls the method for the step's own kind.
 *
 * <p>There are deliberately no default methods and no catch-all: when a step kind is added, every
 * visitor in the code base stops compiling until it says what the new kind means there. Code that
 * dispatches on a step uses a visitor, never an {@code instanceof} chain or a {@code switch} over
 * {@link Step#kind()}.
 *
 * <pre>{@code
 * int targets = step.accept(new StepVisitor<Integer>() { ... });
 * }</pre>
 *
 * @param <R> what the visit returns ({@link Void} and {@code null} for side effects only)
 */
public interface StepVisitor<R> {

  R visitOpen(Step.Open step);

  R visitNavigate(Step.Navigate step);

  R visitBack(Step.Back step);

  R visitForward(Step.Forward step);

  R visitReload(Step.Reload step);

  R visitTabNew(Step.TabNew step);

  R visitTabSwitch(Step.TabSwitch step);

  R visitTabClose(Step.TabClose step);

  R visitFrame(Step.Frame step);

  R visitFrameMain(Step.FrameMain step);

  R visitSetViewport(Step.SetViewport step);

  R visitEmulateNetwork(Step.EmulateNetwork step);

  R visitClick(Step.Click step);

  R visitDblclick(Step.Dblclick step);

  R visitContextmenu(Step.Contextmenu step);

  R visitHover(Step.Hover step);

  R visitMouse(Step.Mouse step);

  R visitFill(Step.Fill step);

  R visitChange(Step.Change step);

  R visitType(Step.Type step);

  R visitPress(Step.Press step);

  R visitSelect(Step.Select step);

  R visitCheck(Step.Check step);

  R visitUncheck(Step.Uncheck step);

  R visitToggle(Step.Toggle step);

  R visitScroll(Step.Scroll step);

  R visitDrag(Step.Drag step);

  R visitUpload(Step.Upload step);

  R visitWait(Step.Wait step);

  R visitAssert(Step.Assert step);

  R visitRead(Step.Read step);

  R visitScrape(Step.Scrape step);

  R visitPaginate(Step.Paginate step);

  R visitSetVar(Step.SetVar step);

  R visitEval(Step.Eval step);

  R visitScreenshot(Step.Screenshot step);

  R visitCsvImport(Step.CsvImport step);

  R visitCsvExport(Step.CsvExport step);

  R visitDatasetWrite(Step.DatasetWrite step);

  R visitDatasetExport(Step.DatasetExport step);

  R visitHttp(Step.Http step);

  R visitClipboard(Step.Clipboard step);

  R visitCall(Step.Call step);

  R visitForeach(Step.Foreach step);

  R visitRepeat(Step.Repeat step);

  R visitIf(Step.If step);

  R visitWhile(Step.While step);

  R visitManual(Step.Manual step);

}
