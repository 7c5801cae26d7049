package io.browserflow.api;

/**
 * A {@link ConditionVisitor} whose methods all fall back to {@link #visitCondition(Condition)}, for
 * code that handles a few condition kinds and treats the rest alike. Code that needs a branch per
 * kind (codecs, drivers) implements {@link ConditionVisitor}, whose every method must be written.
 *
 * <pre>{@code
 * boolean usesVar = condition.accept(new DefaultConditionVisitor<Boolean>() {
 *   public Boolean visitCondition(Condition c) { return false; }
 *   public Boolean visitVar(Condition.Var v) { return true; }
 * });
 * }</pre>
 *
 * @param <R> what the visit returns
 */
public interface DefaultConditionVisitor<R> extends ConditionVisitor<R> {

  /** What every condition that no more specific method handles gives. */
  R visitCondition(Condition condition);

  @Override
  default R visitUrl(Condition.Url condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitTitle(Condition.Title condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitElement(Condition.Element condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitCount(Condition.Count condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitText(Condition.Text condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitValue(Condition.Value condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitAttribute(Condition.Attribute condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitVar(Condition.Var condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitDownload(Condition.Download condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitLoad(Condition.Load condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitExpression(Condition.Expression condition) {
    return visitCondition(condition);
  }

  @Override
  default R visitNot(Condition.Not condition) {
    return visitCondition(condition);
  }
}
