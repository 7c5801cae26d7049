package io.browserflow.api.lint;

import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.lint.LintWarning.Severity;

/**
 * Conditions wherever they appear (expect, wait until, assert, if, while): their targets through
 * {@link SelectorLint}, their values through {@link ValueLint}, and expression conditions, which
 * run page scripts.
 */
final class ConditionLint {
  private final LintContext ctx;
  private final ValueLint values;
  private final SelectorLint selectors;

  ConditionLint(LintContext ctx, ValueLint values, SelectorLint selectors) {
    this.ctx = ctx;
    this.values = values;
    this.selectors = selectors;
  }

  void check(Condition c, String path, String stepId, boolean active) {
    c.accept(new ConditionScan(path, stepId, active));
  }

  /** The values, targets and rules of one condition at {@code path}, in step {@code stepId}. */
  private final class ConditionScan implements ConditionVisitor<Void> {
    private final String path;
    private final String stepId;
    private final boolean active;

    ConditionScan(String path, String stepId, boolean active) {
      this.path = path;
      this.stepId = stepId;
      this.active = active;
    }

    @Override
    public Void visitUrl(Condition.Url url) {
      values.scan(path + ".url", stepId, url.glob(), true, "the url glob", null);
      return null;
    }

    @Override
    public Void visitTitle(Condition.Title title) {
      values.scan(path + ".title", stepId, title.glob(), true, "the title glob", null);
      return null;
    }

    @Override
    public Void visitElement(Condition.Element element) {
      selectors.target(element.target(), path + ".element", stepId, active, false);
      return null;
    }

    @Override
    public Void visitCount(Condition.Count count) {
      selectors.target(count.target(), path + ".element", stepId, active, false);
      return null;
    }

    @Override
    public Void visitText(Condition.Text text) {
      text.target().ifPresent(t -> selectors.target(t, path + ".element", stepId, active, false));
      values.scan(path + ".text", stepId, text.text(), true, "the expected text", null);
      return null;
    }

    @Override
    public Void visitValue(Condition.Value value) {
      selectors.target(value.target(), path + ".element", stepId, active, false);
      values.scan(path + ".value", stepId, value.value(), true, "the expected value", null);
      return null;
    }

    @Override
    public Void visitAttribute(Condition.Attribute attribute) {
      selectors.target(attribute.target(), path + ".element", stepId, active, false);
      attribute.value().ifPresent(
          v -> values.scan(path + ".value", stepId, v, true, "the expected attribute value", null));
      return null;
    }

    @Override
    public Void visitVar(Condition.Var var) {
      String field = var.op() == Condition.VarOp.EQUALS ? ".equals" : ".contains";
      var.operand().ifPresent(o -> values.scan(path + field, stepId, o, true, "the expected value", null));
      return null;
    }

    @Override
    public Void visitDownload(Condition.Download download) {
      values.scan(path + ".download", stepId, download.fileGlob(), true, "the download glob", null);
      return null;
    }

    @Override
    public Void visitExpression(Condition.Expression expression) {
      if (active) {
        ctx.add(LintCode.EVAL_USED, Severity.WARNING, path, stepId,
            "the expression condition runs a page script and needs the script.eval capability",
            "use a url, element, text, value or attribute condition instead");
      }
      values.scan(path + ".expression", stepId, expression.script(), false, "the script", null);
      return null;
    }

    @Override
    public Void visitNot(Condition.Not not) {
      check(not.condition(), path + ".not", stepId, active);
      return null;
    }

    @Override
    public Void visitLoad(Condition.Load load) {
      return null; // a load state holds no value to scan
    }
  }
}
