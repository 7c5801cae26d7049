package io.browserflow.api;

/**
 * A visitor over the {@linkplain InteractionStep interaction} kinds only, every one of which it must
 * handle: a page driver's interaction code ({@code DriverSession.perform}), which is given an
 * {@link InteractionStep} and never a page, check, data or control step, so it carries no
 * "unsupported" branches. A new interaction kind is declared here too ({@code VisitorCompletenessTest}
 * makes sure), so every implementation fails to compile until it says how to perform it.
 *
 * @param <R> what the visit returns
 */
public interface InteractionStepVisitor<R> {

  R visitClick(InteractionStep.Click step);

  R visitDblclick(InteractionStep.Dblclick step);

  R visitContextmenu(InteractionStep.Contextmenu step);

  R visitHover(InteractionStep.Hover step);

  R visitMouse(InteractionStep.Mouse step);

  R visitFill(InteractionStep.Fill step);

  R visitChange(InteractionStep.Change step);

  R visitType(InteractionStep.Type step);

  R visitPress(InteractionStep.Press step);

  R visitSelect(InteractionStep.Select step);

  R visitCheck(InteractionStep.Check step);

  R visitUncheck(InteractionStep.Uncheck step);

  R visitToggle(InteractionStep.Toggle step);

  R visitScroll(InteractionStep.Scroll step);

  R visitDrag(InteractionStep.Drag step);

  R visitUpload(InteractionStep.Upload step);
}
