package io.browserflow.api;

/**
 * An operation over every kind of {@link Condition}, one method per kind:
 * {@code condition.accept(visitor)} calls the method for the condition's own kind.
 *
 * <p>No default methods, as with {@link StepVisitor}: adding a condition kind breaks the build at
 * every place that must handle it.
 *
 * @param <R> what the visit returns ({@link Void} and {@code null} for side effects only)
 */
public interface ConditionVisitor<R> {

  R visitUrl(Condition.Url condition);

  R visitTitle(Condition.Title condition);

  R visitElement(Condition.Element condition);

  R visitCount(Condition.Count condition);

  R visitText(Condition.Text condition);

  R visitValue(Condition.Value condition);

  R visitAttribute(Condition.Attribute condition);

  R visitVar(Condition.Var condition);

  R visitDownload(Condition.Download condition);

  R visitLoad(Condition.Load condition);

  R visitExpression(Condition.Expression condition);

  R visitNot(Condition.Not condition);

}
