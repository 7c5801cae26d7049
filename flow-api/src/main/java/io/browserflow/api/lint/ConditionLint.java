package io.browserflow.api.lint;

import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Glob;
import io.browserflow.api.lint.LintWarning.Severity;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Conditions wherever they appear (expect, wait until, assert, if, while): their targets through
 * {@link SelectorLint}, their values through {@link ValueLint}, and expression conditions, which
 * run page scripts.
 */
final class ConditionLint {
  /** A script behind which one address serves every page (the page is named by the query). */
  private static final Pattern FRONT_CONTROLLER = Pattern.compile("(?i).*/[^/*]+\\.(php|aspx?|jsp|cgi|pl|do|action|cfm)");
  private final LintContext ctx;
  private final ValueLint values;
  private final SelectorLint selectors;

  ConditionLint(LintContext ctx, ValueLint values, SelectorLint selectors) {
    this.ctx = ctx;
    this.values = values;
    this.selectors = selectors;
  }

  /**
   * Why a url glob matches every page of a site, if it does: nothing literal but slashes,
   * punctuation and wildcards ({@code **}{@code /}, {@code **}{@code /*}), or a front controller
   * script with any query ({@code **}{@code /doku.php?**}).
   */
  static Optional<String> weakness(String glob) {
    String g = glob.replaceFirst("^(?i)(https?://[^/]*|\\$\\{[^}]+})", "");
    if (Glob.matchesEveryPage(glob)) {
      return Optional.of(g.length() == glob.length() ? "matches every page of any site" : "matches every page of the site");
    }
    int q = g.indexOf('?');
    if (q > 0 && FRONT_CONTROLLER.matcher(g.substring(0, q)).matches() && !g.substring(q + 1).replace("*", "")
        .matches("(?s).*[\\p{L}\\p{N}].*")) {
      return Optional.of("matches every page " + g.substring(0, q).replaceFirst("^\\*\\*", "") + " serves, whatever its query");
    }
    return Optional.empty();
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
      weakness(url.glob()).ifPresent(why -> ctx.add(LintCode.WEAK_CHECK, Severity.WARNING, path + ".url", stepId,
          "the url check " + url.glob() + " " + why + ": it cannot fail, so it checks nothing",
          "name the page: keep the path and the query parameters that identify it (**/doku.php?id=start), "
              + "or check an element or the title of the page instead"));
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
