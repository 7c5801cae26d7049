package io.browserflow.formats;

import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.StepFamilyVisitor;
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

  private static final StepVisitor<Boolean> NAVIGATES = new StepFamilyVisitor<>() {
    @Override public Boolean visitClick(InteractionStep.Click s) { return true; }
    @Override public Boolean visitDblclick(InteractionStep.Dblclick s) { return true; }
    @Override public Boolean visitPress(InteractionStep.Press s) { return true; }
    @Override public Boolean visitSelect(InteractionStep.Select s) { return true; }
    @Override public Boolean visitCheck(InteractionStep.Check s) { return true; }
    @Override public Boolean visitUncheck(InteractionStep.Uncheck s) { return true; }

    // other steps: a wait --url after them stays a wait step
    @Override public Boolean visitStep(Step step) { return false; }
  };

  /** Whether {@code c} is a URL condition, which browserctl waits for with {@code wait --url}. */
  static boolean isUrl(Condition c) {
    return Kinds.is(c, Condition.Url.class);
  }

}
