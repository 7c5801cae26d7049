package io.browserflow.api;

/**
 * A {@link StepVisitor} whose methods fall back to the step's {@linkplain Step.Family family}, then to
 * {@link #visitStep(Step)}: {@code visitClick} calls {@link #visitInteractionStep(InteractionStep)}, which calls
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
  default R visitPageStep(PageStep step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#INTERACTION} family; {@link #visitStep(Step)} unless overridden. */
  default R visitInteractionStep(InteractionStep step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#CHECK} family; {@link #visitStep(Step)} unless overridden. */
  default R visitCheckStep(CheckStep step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#DATA} family; {@link #visitStep(Step)} unless overridden. */
  default R visitDataStep(DataStep step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#EXTERNAL} family; {@link #visitStep(Step)} unless overridden. */
  default R visitExternalStep(ExternalStep step) {
    return visitStep(step);
  }

  /** A step of the {@link Step.Family#CONTROL} family; {@link #visitStep(Step)} unless overridden. */
  default R visitControlStep(ControlStep step) {
    return visitStep(step);
  }

  @Override
  default R visitOpen(PageStep.Open step) {
    return visitPageStep(step);
  }

  @Override
  default R visitNavigate(PageStep.Navigate step) {
    return visitPageStep(step);
  }

  @Override
  default R visitBack(PageStep.Back step) {
    return visitPageStep(step);
  }

  @Override
  default R visitForward(PageStep.Forward step) {
    return visitPageStep(step);
  }

  @Override
  default R visitReload(PageStep.Reload step) {
    return visitPageStep(step);
  }

  @Override
  default R visitTabNew(PageStep.TabNew step) {
    return visitPageStep(step);
  }

  @Override
  default R visitTabSwitch(PageStep.TabSwitch step) {
    return visitPageStep(step);
  }

  @Override
  default R visitTabClose(PageStep.TabClose step) {
    return visitPageStep(step);
  }

  @Override
  default R visitFrame(PageStep.Frame step) {
    return visitPageStep(step);
  }

  @Override
  default R visitFrameMain(PageStep.FrameMain step) {
    return visitPageStep(step);
  }

  @Override
  default R visitSetViewport(PageStep.SetViewport step) {
    return visitPageStep(step);
  }

  @Override
  default R visitEmulateNetwork(PageStep.EmulateNetwork step) {
    return visitPageStep(step);
  }

  @Override
  default R visitClick(InteractionStep.Click step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitDblclick(InteractionStep.Dblclick step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitContextmenu(InteractionStep.Contextmenu step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitHover(InteractionStep.Hover step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitMouse(InteractionStep.Mouse step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitFill(InteractionStep.Fill step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitChange(InteractionStep.Change step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitType(InteractionStep.Type step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitPress(InteractionStep.Press step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitSelect(InteractionStep.Select step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitCheck(InteractionStep.Check step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitUncheck(InteractionStep.Uncheck step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitToggle(InteractionStep.Toggle step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitScroll(InteractionStep.Scroll step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitDrag(InteractionStep.Drag step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitUpload(InteractionStep.Upload step) {
    return visitInteractionStep(step);
  }

  @Override
  default R visitWait(CheckStep.Wait step) {
    return visitCheckStep(step);
  }

  @Override
  default R visitAssert(CheckStep.Assert step) {
    return visitCheckStep(step);
  }

  @Override
  default R visitRead(DataStep.Read step) {
    return visitDataStep(step);
  }

  @Override
  default R visitScrape(DataStep.Scrape step) {
    return visitDataStep(step);
  }

  @Override
  default R visitPaginate(DataStep.Paginate step) {
    return visitDataStep(step);
  }

  @Override
  default R visitSetVar(DataStep.SetVar step) {
    return visitDataStep(step);
  }

  @Override
  default R visitEval(DataStep.Eval step) {
    return visitDataStep(step);
  }

  @Override
  default R visitScreenshot(DataStep.Screenshot step) {
    return visitDataStep(step);
  }

  @Override
  default R visitCsvImport(DataStep.CsvImport step) {
    return visitDataStep(step);
  }

  @Override
  default R visitCsvExport(DataStep.CsvExport step) {
    return visitDataStep(step);
  }

  @Override
  default R visitDatasetWrite(DataStep.DatasetWrite step) {
    return visitDataStep(step);
  }

  @Override
  default R visitDatasetExport(DataStep.DatasetExport step) {
    return visitDataStep(step);
  }

  @Override
  default R visitHttp(ExternalStep.Http step) {
    return visitExternalStep(step);
  }

  @Override
  default R visitClipboard(DataStep.Clipboard step) {
    return visitDataStep(step);
  }

  @Override
  default R visitCall(ExternalStep.Call step) {
    return visitExternalStep(step);
  }

  @Override
  default R visitForeach(ControlStep.Foreach step) {
    return visitControlStep(step);
  }

  @Override
  default R visitRepeat(ControlStep.Repeat step) {
    return visitControlStep(step);
  }

  @Override
  default R visitIf(ControlStep.If step) {
    return visitControlStep(step);
  }

  @Override
  default R visitWhile(ControlStep.While step) {
    return visitControlStep(step);
  }

  @Override
  default R visitManual(ExternalStep.Manual step) {
    return visitExternalStep(step);
  }
}
