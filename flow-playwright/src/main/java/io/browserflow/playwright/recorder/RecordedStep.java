package io.browserflow.playwright.recorder;

import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.StepFamilyVisitor;
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
record RecordedStep(boolean action, Optional<InteractionStep.Click> click, Optional<InteractionStep.Fill> fill, boolean scroll, boolean upload) {
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

  private static final StepVisitor<RecordedStep> KINDS = new StepFamilyVisitor<>() {
    @Override public RecordedStep visitClick(InteractionStep.Click s) { return new RecordedStep(true, Optional.of(s), Optional.empty(), false, false); }
    @Override public RecordedStep visitFill(InteractionStep.Fill s) { return new RecordedStep(true, Optional.empty(), Optional.of(s), false, false); }
    // the recorder never writes a change step; one in a draft is an action like select
    @Override public RecordedStep visitChange(InteractionStep.Change s) { return ACTION; }
    @Override public RecordedStep visitUpload(InteractionStep.Upload s) { return UPLOAD; }
    @Override public RecordedStep visitScroll(InteractionStep.Scroll s) { return SCROLL; }
    // other actions
    @Override public RecordedStep visitDblclick(InteractionStep.Dblclick s) { return ACTION; }
    @Override public RecordedStep visitContextmenu(InteractionStep.Contextmenu s) { return ACTION; }
    @Override public RecordedStep visitPress(InteractionStep.Press s) { return ACTION; }
    @Override public RecordedStep visitSelect(InteractionStep.Select s) { return ACTION; }
    @Override public RecordedStep visitCheck(InteractionStep.Check s) { return ACTION; }
    @Override public RecordedStep visitUncheck(InteractionStep.Uncheck s) { return ACTION; }
    @Override public RecordedStep visitDrag(InteractionStep.Drag s) { return ACTION; }
    // gestures not taken for the cause of a navigation: a hover, and type and toggle (never recorded)
    @Override public RecordedStep visitStep(Step step) { return OTHER; }
    @Override public RecordedStep visitMouse(InteractionStep.Mouse s) { return ACTION; }
    // pages, tabs and frames
    // checks, data and control flow (never recorded)
  };

}
