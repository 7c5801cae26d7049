package io.browserflow.api;

/**
 * A visitor that must handle every {@linkplain Step.Family#INTERACTION interaction} kind and lets the
 * other families fall back to {@link #visitStep(Step)}: a driver's interaction code, which acts on the
 * page for each interaction and is never given a page, check, data or control step. A new interaction
 * kind is declared here too ({@code VisitorCompletenessTest} makes sure), so every implementation fails
 * to compile until it says how to perform it.
 *
 * @param <R> what the visit returns
 */
public interface InteractionStepVisitor<R> extends StepFamilyVisitor<R> {

  @Override
  R visitClick(Step.Click step);

  @Override
  R visitDblclick(Step.Dblclick step);

  @Override
  R visitContextmenu(Step.Contextmenu step);

  @Override
  R visitHover(Step.Hover step);

  @Override
  R visitMouse(Step.Mouse step);

  @Override
  R visitFill(Step.Fill step);

  @Override
  R visitChange(Step.Change step);

  @Override
  R visitType(Step.Type step);

  @Override
  R visitPress(Step.Press step);

  @Override
  R visitSelect(Step.Select step);

  @Override
  R visitCheck(Step.Check step);

  @Override
  R visitUncheck(Step.Uncheck step);

  @Override
  R visitToggle(Step.Toggle step);

  @Override
  R visitScroll(Step.Scroll step);

  @Override
  R visitDrag(Step.Drag step);

  @Override
  R visitUpload(Step.Upload step);
}
