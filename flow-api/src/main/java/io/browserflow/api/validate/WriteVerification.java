package io.browserflow.api.validate;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import java.util.List;

/**
 * Decides whether something after a write step observes the page before the flow ends or leaves
 * the page. A later step that resolves a target, asserts, waits for a page condition or reads
 * counts as observing; a later write takes over the duty (only the last write of a chain must be
 * checked); navigation and tab changes break the chain; fixed waits, variables, scripts and
 * exports pass through.
 */
final class WriteVerification {
  private WriteVerification() {}

  static boolean isWrite(Step step) {
    switch (step.kind()) {
      case CLICK:
      case DBLCLICK:
      case CONTEXTMENU:
      case FILL:
      case TYPE:
      case PRESS:
      case SELECT:
      case CHECK:
      case UNCHECK:
      case TOGGLE:
      case DRAG:
      case UPLOAD:
        return true;
      default:
        return false;
    }
  }

  /** True when the step's own expect checks the page. */
  static boolean hasPageCheck(Step step) {
    return step.expect().stream().anyMatch(WriteVerification::observesPage);
  }

  /** Whether the steps {@code list[from..]}, followed by {@code continuation}, observe the page first. */
  static boolean verified(List<Step> list, int from, boolean continuation) {
    boolean v = continuation;
    for (int i = list.size() - 1; i >= from; i--) {
      v = effect(list.get(i), v);
    }
    return v;
  }

  private static boolean effect(Step s, boolean next) {
    if (s.disabled()) {
      return next;
    }
    switch (s.kind()) {
      case OPEN:
      case NAVIGATE:
      case RELOAD:
      case BACK:
      case FORWARD:
      case TAB_NEW:
      case TAB_SWITCH:
      case TAB_CLOSE:
        return false;
      default:
        break;
    }
    if (isWrite(s) || hasPageCheck(s)) {
      return true;
    }
    switch (s.kind()) {
      case READ:
      case SCRAPE:
      case FRAME:
      case HOVER:
      case PAGINATE:
        return true;
      case ASSERT:
        return observesPage(((Step.Assert) s).condition()) || next;
      case WAIT:
        return ((Step.Wait) s).until().map(WriteVerification::observesPage).orElse(false) || next;
      case SCROLL:
        return ((Step.Scroll) s).target().isPresent() || next;
      case SCREENSHOT:
        return ((Step.Screenshot) s).target().isPresent() || next;
      case IF: {
        Step.If f = (Step.If) s;
        return observesPage(f.condition()) || (verified(f.then(), 0, next) && verified(f.otherwise(), 0, next));
      }
      case WHILE: {
        Step.While w = (Step.While) s;
        return observesPage(w.condition()) || (verified(w.body(), 0, next) && next);
      }
      case REPEAT: {
        Step.Repeat r = (Step.Repeat) s;
        return r.times() > 0 ? verified(r.body(), 0, next) : next;
      }
      case FOREACH:
        return verified(((Step.Foreach) s).body(), 0, next) && next;
      default:
        return next;
    }
  }

  /** Every condition looks at the page or the run's downloads, except variable tests. */
  static boolean observesPage(Condition c) {
    if (c instanceof Condition.Not) {
      return observesPage(((Condition.Not) c).condition());
    }
    return !(c instanceof Condition.Var);
  }
}
