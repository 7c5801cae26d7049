package io.browserflow.formats;

import static io.browserflow.formats.JavaLiterals.str;
import static io.browserflow.formats.JavaLiterals.strs;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Target;
import java.util.List;
import java.util.Locale;

/**
 * Targets and conditions as Java code: candidates as DSL factories joined with {@code or}, frame
 * and shadow paths, and each condition as its DSL factory, or its plain factory when the DSL has
 * none.
 */
final class JavaTargetCode {
  private final JavaSource src;
  private final ConditionCode conditionCode = new ConditionCode();

  JavaTargetCode(JavaSource src) {
    this.src = src;
  }

  String target(Target t) {
    StringBuilder sb = new StringBuilder();
    List<Candidate> cands = t.candidates();
    if (cands.isEmpty()) {
      sb.append(src.dsl("target")).append("()");
    }
    for (int i = 0; i < cands.size(); i++) {
      String c = candidate(cands.get(i));
      sb.append(i == 0 ? c : ".or(" + c + ")");
    }
    if (!t.framePath().isEmpty()) {
      sb.append(".inFrame(").append(strs(t.framePath())).append(')');
    }
    if (!t.shadowPath().isEmpty()) {
      sb.append(".inShadow(").append(strs(t.shadowPath())).append(')');
    }
    return sb.toString();
  }

  private String candidate(Candidate c) {
    String v = str(c.value());
    return switch (c.kind()) {
      case TEST_ID -> src.dsl("testId") + "(" + v + ")";
      case ID -> src.dsl("elementId") + "(" + v + ")";
      case ROLE -> src.dsl("role") + "(" + v + c.name().map(n -> ", " + str(n)).orElse("") + ")";
      case LABEL -> src.dsl("label") + "(" + v + ")";
      case PLACEHOLDER -> src.dsl("placeholder") + "(" + v + ")";
      case TEXT -> src.dsl("text") + "(" + v + ")";
      case CSS -> src.dsl("css") + "(" + v + ")";
      case XPATH -> src.dsl("xpath") + "(" + v + ")";
      case ARIA -> src.dsl("aria") + "(" + v + ")";
      case TEXT_CONTAINS -> src.dsl("textContains") + "(" + v + ")";
    };
  }

  String condition(Condition c) {
    return c.accept(conditionCode);
  }

  /** A condition as a DSL factory call, or its plain factory when the DSL has none. */
  private final class ConditionCode implements ConditionVisitor<String> {
    @Override
    public String visitUrl(Condition.Url u) {
      return src.dsl("urlMatches") + "(" + str(u.glob()) + ")";
    }

    @Override
    public String visitTitle(Condition.Title t) {
      return src.dsl("titleMatches") + "(" + str(t.glob()) + ")";
    }

    @Override
    public String visitElement(Condition.Element e) {
      if (e.state() == Condition.State.DISABLED) {
        src.types.add("io.browserflow.api.Condition");
        return "Condition.Element.of(" + target(e.target()) + ", Condition.State.DISABLED)";
      }
      return src.dsl(e.state().name().toLowerCase(Locale.ROOT)) + "(" + target(e.target()) + ")";
    }

    @Override
    public String visitCount(Condition.Count n) {
      if (n.op() == Condition.Op.EQ) {
        return src.dsl("count") + "(" + target(n.target()) + ", " + n.count() + ")";
      }
      if (n.op() == Condition.Op.GTE) {
        return src.dsl("countAtLeast") + "(" + target(n.target()) + ", " + n.count() + ")";
      }
      src.types.add("io.browserflow.api.Condition");
      return "Condition.Count.of(" + target(n.target()) + ", Condition.Op." + n.op().name() + ", " + n.count() + ")";
    }

    @Override
    public String visitText(Condition.Text t) {
      if (t.target().isEmpty() && t.match() == Condition.Match.CONTAINS) {
        return src.dsl("textPresent") + "(" + str(t.text()) + ")";
      }
      if (t.target().isPresent() && t.match() == Condition.Match.CONTAINS) {
        return src.dsl("hasText") + "(" + target(t.target().get()) + ", " + str(t.text()) + ")";
      }
      if (t.target().isPresent() && t.match() == Condition.Match.EQUALS) {
        return src.dsl("hasExactText") + "(" + target(t.target().get()) + ", " + str(t.text()) + ")";
      }
      src.types.add("io.browserflow.api.Condition");
      if (t.target().isPresent()) {
        return "Condition.Text.of(" + target(t.target().get()) + ", " + str(t.text()) + ", Condition.Match."
            + t.match().name() + ")";
      }
      src.types.add("java.util.Optional");
      return "Condition.Text.of(Optional.empty(), " + str(t.text()) + ", Condition.Match." + t.match().name() + ")";
    }

    @Override
    public String visitValue(Condition.Value v) {
      return src.dsl("hasValue") + "(" + target(v.target()) + ", " + str(v.value()) + ")";
    }

    @Override
    public String visitAttribute(Condition.Attribute a) {
      return src.dsl("hasAttribute") + "(" + target(a.target()) + ", " + str(a.name())
          + a.value().map(v -> ", " + str(v)).orElse("") + ")";
    }

    @Override
    public String visitVar(Condition.Var v) {
      return switch (v.op()) {
        case EQUALS -> src.dsl("varEquals") + "(" + str(v.subject()) + ", " + str(v.operand().orElse("")) + ")";
        case CONTAINS -> src.dsl("varContains") + "(" + str(v.subject()) + ", " + str(v.operand().orElse("")) + ")";
        case TRUTHY -> src.dsl("truthy") + "(" + str(v.subject()) + ")";
        case FALSY -> src.dsl("falsy") + "(" + str(v.subject()) + ")";
      };
    }

    @Override
    public String visitDownload(Condition.Download d) {
      return src.dsl("downloaded") + "(" + str(d.fileGlob()) + ")";
    }

    @Override
    public String visitLoad(Condition.Load l) {
      src.types.add("io.browserflow.api.Condition");
      return src.dsl("loaded") + "(Condition.LoadState." + l.state().name() + ")";
    }

    @Override
    public String visitExpression(Condition.Expression e) {
      return src.dsl("expression") + "(" + str(e.script()) + ")";
    }

    @Override
    public String visitNot(Condition.Not n) {
      return src.dsl("not") + "(" + condition(n.condition()) + ")";
    }
  }
}
