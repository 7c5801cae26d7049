package io.browserflow.api.lint;

import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.lint.LintWarning.Severity;
import java.util.List;
import java.util.Optional;

/**
 * Navigation: a navigate right after the click, double click or key press that most likely caused
 * it, and a navigate to the URL an open or navigate just before already loaded. Fixed waits in
 * between are passed over; disabled steps are not looked at.
 */
final class NavigationLint {
  private final LintContext ctx;

  NavigationLint(LintContext ctx) {
    this.ctx = ctx;
  }

  /** Checks {@code navigate}, at {@code index} among its {@code siblings}. */
  void check(PageStep.Navigate navigate, String path, String id, List<Step> siblings, int index) {
    Before before = new Before(navigate.url());
    Optional<Step> previous = previousAction(siblings, index, before);
    if (previous.isPresent()) {
      Step p = previous.get();
      Prior prior = p.accept(before);
      if (prior == Prior.CAUSE) {
        ctx.add(LintCode.NAVIGATE_AFTER_CLICK, Severity.WARNING, path, id,
            "navigate right after " + p.kind().op() + " step " + p.id() + ": the " + p.kind().op()
                + " most likely caused this navigation, and a direct navigation skips the real business event",
            "remove this navigate and add expect(urlMatches(<glob of the page it leads to>)) to step " + p.id());
      } else if (prior == Prior.SAME_URL) {
        ctx.add(LintCode.REDUNDANT_NAVIGATE, Severity.WARNING, path, id,
            "navigate to the URL that " + p.kind().op() + " step " + p.id() + " already loaded",
            "remove this navigate");
      }
    }
  }

  private static Optional<Step> previousAction(List<Step> siblings, int index, Before before) {
    for (int i = index - 1; i >= 0; i--) {
      Step p = siblings.get(i);
      if (!p.disabled() && p.accept(before) != Prior.FIXED_WAIT) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /** What an earlier step means to a navigate after it. */
  private enum Prior {
    /** A fixed wait: passed over when looking for the step before the navigate. */
    FIXED_WAIT,
    /** A user action that most likely caused the navigation. */
    CAUSE,
    /** An open or navigate that already loaded the navigate's URL. */
    SAME_URL,
    /** Nothing the navigate rules look at. */
    OTHER
  }

  /** Classifies the steps before a navigate to {@code url}. */
  private record Before(String url) implements StepFamilyVisitor<Prior> {
    private Prior loaded(String prior) {
      return normalizeUrl(prior).equals(normalizeUrl(url)) ? Prior.SAME_URL : Prior.OTHER;
    }

    @Override public Prior visitWait(CheckStep.Wait s) { return s.until().isEmpty() ? Prior.FIXED_WAIT : Prior.OTHER; }
    @Override public Prior visitClick(InteractionStep.Click s) { return Prior.CAUSE; }
    @Override public Prior visitDblclick(InteractionStep.Dblclick s) { return Prior.CAUSE; }
    @Override public Prior visitPress(InteractionStep.Press s) { return Prior.CAUSE; }
    @Override public Prior visitOpen(PageStep.Open s) { return loaded(s.url()); }
    @Override public Prior visitNavigate(PageStep.Navigate s) { return loaded(s.url()); }

    // the rest: nothing the navigate rules look at
    @Override public Prior visitStep(Step step) { return Prior.OTHER; }
    @Override public Prior visitMouse(InteractionStep.Mouse s) {
      return s.action() == Step.MouseAction.MOVE || s.action() == Step.MouseAction.OUT ? Prior.OTHER : Prior.CAUSE;
    }
  }

  private static String normalizeUrl(String url) {
    return url.trim().replaceAll("/+$", "");
  }
}
