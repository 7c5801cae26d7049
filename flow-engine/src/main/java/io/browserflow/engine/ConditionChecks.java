package io.browserflow.engine;

import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import java.time.Duration;

/**
 * Conditions on a lane: awaited for {@code expect}, {@code wait} and {@code assert}, tested once
 * for {@code if} and {@code while}. Page conditions go to the driver with their placeholders
 * resolved; var conditions are tested on the run's values here.
 */
final class ConditionChecks {
  private ConditionChecks() {}

  /** Waits until the condition holds, up to the timeout; {@code CHECK_FAILED} when it does not. */
  static void await(Condition c, Lane lane, Duration timeout) {
    if (Walk.usesVar(c)) {
      if (!holds(c, lane)) {
        throw new FlowRunException(ErrorCode.CHECK_FAILED, "condition does not hold: " + Walk.describe(c));
      }
      return;
    }
    try {
      lane.session.await(lane.binder.condition(c), timeout);
    } catch (FlowTimeoutException e) {
      throw new FlowRunException(ErrorCode.CHECK_FAILED, "expected " + Walk.describe(c) + " within "
          + timeout.toMillis() + " ms: " + e.getMessage(), e.details(), e);
    }
  }

  /** Whether the condition holds now. */
  static boolean holds(Condition condition, Lane lane) {
    return condition.accept(new ConditionVisitor<Boolean>() {
      @Override
      public Boolean visitNot(Condition.Not n) {
        return !n.condition().accept(this);
      }

      /** Var conditions test run values, here rather than on the page. */
      @Override
      public Boolean visitVar(Condition.Var v) {
        String subject = Bindings.text(lane.bindings.resolveValue(v.subject()));
        return switch (v.op()) {
          case EQUALS -> subject.equals(lane.bindings.resolve(v.operand().orElse("")));
          case CONTAINS -> subject.contains(lane.bindings.resolve(v.operand().orElse("")));
          case TRUTHY -> truthy(subject);
          case FALSY -> !truthy(subject);
        };
      }

      // page conditions: the driver tests them, placeholders resolved
      @Override public Boolean visitUrl(Condition.Url c) { return onPage(c); }
      @Override public Boolean visitTitle(Condition.Title c) { return onPage(c); }
      @Override public Boolean visitElement(Condition.Element c) { return onPage(c); }
      @Override public Boolean visitCount(Condition.Count c) { return onPage(c); }
      @Override public Boolean visitText(Condition.Text c) { return onPage(c); }
      @Override public Boolean visitValue(Condition.Value c) { return onPage(c); }
      @Override public Boolean visitAttribute(Condition.Attribute c) { return onPage(c); }
      @Override public Boolean visitDownload(Condition.Download c) { return onPage(c); }
      @Override public Boolean visitLoad(Condition.Load c) { return onPage(c); }
      @Override public Boolean visitExpression(Condition.Expression c) { return onPage(c); }

      private boolean onPage(Condition page) {
        return lane.session.test(lane.binder.condition(page));
      }
    });
  }

  private static boolean truthy(String value) {
    String v = value.trim();
    return !v.isEmpty() && !v.equals("false") && !v.equals("0") && !v.equals("null") && !v.equals("[]");
  }
}
