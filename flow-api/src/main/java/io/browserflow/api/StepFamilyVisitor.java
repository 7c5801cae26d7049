package io.browserflow.api;

/**
 * A {@link StepVisitor} whose methods fall back to the step's {@linkplain Step.Family family}, then to
 * {@link #visitStep(Step)}: {@code visitClick} calls {@link #visitInteractionStep(Step)}, which calls
 * {@code visitStep}. For code that cares about a family or a few kinds; code that needs a branch
 * per kind (codecs, the interpreter, a driver's interaction code) implements {@link StepVisitor}, whose
 * every method must be written, so that a new kind fails to compile there.
 *
 * <pre>{@code
 * boolean loop = step.accept(new StepFamilyVisitor<Boolean>() {
 *   public Boolean visitStep(Step s) { return false; }
 *   public Boolean visitControlStep(Step s) { return true; }
 * });
 * }</pre>
 *
 * @param <R> what the visit returns
 */
public interface StepFamilyVisitor<R> extends StepVisitor<R> {

  /** What every step that no more specific method handles gives. */
  R visitStep(Step step);

  /** A step of the {@link Step.Family#PAGE} family; {@link #visitStep(Step)} unless overridden. */
  default R visitPageStep(Step step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#INTERACTION} family; {@link #visitStep(Step)} unless overridden. */
  default R visitInteractionStep(Step step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#CHECK} family; {@link #visitStep(Step)} unless overridden. */
  default R visitCheckStep(Step step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#DATA} family; {@link #visitStep(Step)} unless overridden. */
  default R visitDataStep(Step step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#EXTERNAL} family; {@link #visitStep(Step)} unless overridden. */
  default R visitExternalStep(Step step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#CONTROL} family; {@link #visitStep(Step)} unless overridden. */
  default R visitControlStep(Step step) {
    return visitStep(step);
  }

  @Override
  default R visitOpen(Step.Open step) {
    return visitPageStep(step);
  }

  @Override
  default R visitNavigate(Step.Navigate step) {
    return visitPageStep(step);
  }

  @Override
  default R visitBack(Step.Back step) {
    return visitPageStep(step);
  }

  @Override
  default R visitForward(Step.Forward step) {
    return visitPageStep(step);
  }

  @Override
  default R visitReload(Step.Reload step) {
    return visitPageStep(step);
  }

  @Override
  default R visitTabNew(Step.TabNew step) {
    return visitPageStep(step);
  }

  @Override
  default R visitTabSwitch(Step.TabSwitch step) {
    return visitPageStep(step);
  }

  @Override
  default R visitTabClose(Step.TabClose step) {
    return visitPageStep(step);
  }

  @Override
  default R visitFrame(Step.Frame step) {
    return visitPageStep(step);
  }

  @Override
  default R visitFrameMain(Step.FrameMain step) {
    return visitPageStep(step);
  }

  @Override
  default R visitSetViewport(Step.SetViewport step) {
    return visitPageStep(step);
  }

  @Override
  default R visitEmulateNetwork(Step.EmulateNetwork step) {
    return visitPageStep(step);
  }

  @Override
  default R visitClick(Step.Click step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitDblclick(Step.Dblclick step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitContextmenu(Step.Contextmenu step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitHover(Step.Hover step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitMouse(Step.Mouse step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitFill(Step.Fill step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitChange(Step.Change step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitType(Step.Type step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitPress(Step.Press step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitSelect(Step.Select step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitCheck(Step.Check step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitUncheck(Step.Uncheck step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitToggle(Step.Toggle step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitScroll(Step.Scroll step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitDrag(Step.Drag step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitUpload(Step.Upload step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitWait(Step.Wait step) {
    return visitCheckStep(step);
  }

  @Override
  default R visitAssert(Step.Assert step) {
    return visitCheckStep(step);
  }

  @Override
  default R visitRead(Step.Read step) {
    return visitDataStep(step);
  }

  @Override
  default R visitScrape(Step.Scrape step) {
    return visitDataStep(step);
  }

  @Override
  default R visitPaginate(Step.Paginate step) {
    return visitDataStep(step);
  }

  @Override
  default R visitSetVar(Step.SetVar step) {
    return visitDataStep(step);
  }

  @Override
  default R visitEval(Step.Eval step) {
    return visitDataStep(step);
  }

  @Override
  default R visitScreenshot(Step.Screenshot step) {
    return visitDataStep(step);
  }

  @Override
  default R visitCsvImport(Step.CsvImport step) {
    return visitDataStep(step);
  }

  @Override
  default R visitCsvExport(Step.CsvExport step) {
    return visitDataStep(step);
  }

  @Override
  default R visitDatasetWrite(Step.DatasetWrite step) {
    return visitDataStep(step);
  }

  @Override
  default R visitDatasetExport(Step.DatasetExport step) {
    return visitDataStep(step);
  }

  @Override
  default R visitHttp(Step.Http step) {
    return visitExternalStep(step);
  }

  @Override
  default R visitClipboard(Step.Clipboard step) {
    return visitDataStep(step);
  }

  @Override
  default R visitCall(Step.Call step) {
    return visitExternalStep(step);
  }

  @Override
  default R visitForeach(Step.Foreach step) {
    return visitControlStep(step);
  }

  @Override
  default R visitRepeat(Step.Repeat step) {
    return visitControlStep(step);
  }

  @Override
  default R visitIf(Step.If step) {
    return visitControlStep(step);
  }

  @Override
  default R visitWhile(Step.While step) {
    return visitControlStep(step);
  }

  @Override
  default R visitManual(Step.Manual step) {
    return visitExternalStep(step);
  }
}
