package io.browserflow.api;

/**
 * An operation over every kind of {@link Step}, one method per kind: {@code step.accept(visitor)}
 * calls the method for the step's own kind.
 *
 * <p>There are deliberately no default methods and no catch-all: when a step kind is added, every
 * visitor in the code base stops compiling until it says what the new kind means there. Code that
 * dispatches on a step uses a visitor, never an {@code instanceof} chain or a {@code switch} over
 * {@link Step#kind()}. The methods of the {@linkplain InteractionStep interaction} kinds are inherited
 * from {@link InteractionStepVisitor}, which a page driver implements alone.
 *
 * <pre>{@code
 * int targets = step.accept(new StepVisitor<Integer>() { ... });
 * }</pre>
 *
 * @param <R> what the visit returns ({@link Void} and {@code null} for side effects only)
 */
public interface StepVisitor<R> extends InteractionStepVisitor<R> {

  R visitOpen(PageStep.Open step);

  R visitNavigate(PageStep.Navigate step);

  R visitBack(PageStep.Back step);

  R visitForward(PageStep.Forward step);

  R visitReload(PageStep.Reload step);

  R visitTabNew(PageStep.TabNew step);

  R visitTabSwitch(PageStep.TabSwitch step);

  R visitTabClose(PageStep.TabClose step);

  R visitFrame(PageStep.Frame step);

  R visitFrameMain(PageStep.FrameMain step);

  R visitSetViewport(PageStep.SetViewport step);

  R visitEmulateNetwork(PageStep.EmulateNetwork step);

  R visitWait(CheckStep.Wait step);

  R visitAssert(CheckStep.Assert step);

  R visitRead(DataStep.Read step);

  R visitScrape(DataStep.Scrape step);

  R visitPaginate(DataStep.Paginate step);

  R visitSetVar(DataStep.SetVar step);

  R visitEval(DataStep.Eval step);

  R visitScreenshot(DataStep.Screenshot step);

  R visitCsvImport(DataStep.CsvImport step);

  R visitCsvExport(DataStep.CsvExport step);

  R visitDatasetWrite(DataStep.DatasetWrite step);

  R visitDatasetExport(DataStep.DatasetExport step);

  R visitHttp(ExternalStep.Http step);

  R visitClipboard(DataStep.Clipboard step);

  R visitCall(ExternalStep.Call step);

  R visitForeach(ControlStep.Foreach step);

  R visitRepeat(ControlStep.Repeat step);

  R visitIf(ControlStep.If step);

  R visitWhile(ControlStep.While step);

  R visitManual(ExternalStep.Manual step);

}
