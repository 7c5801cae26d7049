package io.browserflow.api.validate;

import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Problem;

/**
 * Conditions wherever they appear (expect, wait until, assert, if, while): their targets, the
 * placeholders in their strings, ranges, and the capability an expression needs.
 */
final class ConditionRules {
  private final ValidationContext ctx;
  private final PlaceholderRules placeholders;
  private final TargetRules targets;

  ConditionRules(ValidationContext ctx, PlaceholderRules placeholders, TargetRules targets) {
    this.ctx = ctx;
    this.placeholders = placeholders;
    this.targets = targets;
  }

  void check(Condition c, String path) {
    c.accept(new ConditionChecks(path));
  }

  /** The checks of one condition at {@code path}. */
  private final class ConditionChecks implements ConditionVisitor<Void> {
    private final String path;

    ConditionChecks(String path) {
      this.path = path;
    }

    @Override
    public Void visitUrl(Condition.Url u) {
      placeholders.text(u.glob(), path + ".url");
      return null;
    }

    @Override
    public Void visitTitle(Condition.Title t) {
      placeholders.text(t.glob(), path + ".title");
      return null;
    }

    @Override
    public Void visitElement(Condition.Element e) {
      targets.check(e.target(), path + ".element");
      return null;
    }

    @Override
    public Void visitCount(Condition.Count n) {
      targets.check(n.target(), path + ".element");
      if (n.count() < 0) {
        ctx.outOfRange(path + ".count", "the count is " + n.count() + ": give 0 or more", n.count(), ">= 0");
      }
      return null;
    }

    @Override
    public Void visitText(Condition.Text t) {
      placeholders.text(t.text(), path + ".text");
      t.target().ifPresent(tg -> targets.check(tg, path + ".element"));
      return null;
    }

    @Override
    public Void visitValue(Condition.Value v) {
      targets.check(v.target(), path + ".element");
      placeholders.text(v.value(), path + ".value");
      return null;
    }

    @Override
    public Void visitAttribute(Condition.Attribute a) {
      targets.check(a.target(), path + ".element");
      if (a.name().isBlank()) {
        ctx.invalid(path + ".attribute", "the attribute name is blank: name the attribute, e.g. aria-expanded");
      }
      placeholders.text(a.name(), path + ".attribute");
      a.value().ifPresent(v -> placeholders.text(v, path + ".value"));
      return null;
    }

    @Override
    public Void visitVar(Condition.Var v) {
      if (!Placeholders.contains(v.subject())) {
        ctx.invalid(path + ".var", "the subject of a var condition is a literal, so it never changes: "
            + "use a placeholder such as ${vars.name} or ${steps.<id>.text}");
      }
      placeholders.text(v.subject(), path + ".var");
      String operandKey = v.op() == Condition.VarOp.CONTAINS ? ".contains" : ".equals";
      v.operand().ifPresent(o -> placeholders.text(o, path + operandKey));
      return null;
    }

    @Override
    public Void visitDownload(Condition.Download d) {
      placeholders.text(d.fileGlob(), path + ".download");
      return null;
    }

    @Override
    public Void visitExpression(Condition.Expression e) {
      placeholders.script(e.script(), path + ".expression");
      if (!ctx.declares(Capability.SCRIPT_EVAL)) {
        ctx.report(Problem.of(ErrorCode.CAPABILITY_DENIED, path, "an expression condition needs the "
            + Capability.SCRIPT_EVAL.id() + " capability: declare it in policy.capabilities"));
      }
      return null;
    }

    @Override
    public Void visitNot(Condition.Not n) {
      check(n.condition(), path + ".not");
      return null;
    }

    @Override
    public Void visitLoad(Condition.Load l) {
      return null; // no strings
    }
  }
}
