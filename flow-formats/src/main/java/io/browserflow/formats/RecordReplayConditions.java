package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.DefaultConditionVisitor;
import io.browserflow.api.Placeholders;
import java.util.Optional;

/**
 * BrowserFlow conditions as the extension writes them: a wait's {@code condition} (selector
 * visible or hidden, text appearing or gone, network idle, navigation), an assert's {@code assert}
 * (exists, visible, textPresent, attribute) and the {@code condition} of an if or while node
 * ({@code {var, equals?}} over a whole placeholder, or {@code {expression}}). Empty when the
 * condition has no such form; the caller reports it.
 */
final class RecordReplayConditions {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final RecordReplayExportState st;
  private final RecordReplaySelectors selectors;

  RecordReplayConditions(RecordReplayExportState st, RecordReplaySelectors selectors) {
    this.st = st;
    this.selectors = selectors;
  }

  Optional<ObjectNode> waitCondition(Condition c, String p) {
    return c.accept(new DefaultConditionVisitor<Optional<ObjectNode>>() {
      @Override public Optional<ObjectNode> visitCondition(Condition condition) { return Optional.empty(); }
      @Override public Optional<ObjectNode> visitElement(Condition.Element e) {
        if (e.state() != Condition.State.VISIBLE && e.state() != Condition.State.HIDDEN && e.state() != Condition.State.EXISTS) {
          return Optional.empty();
        }
        Optional<String> css = selectors.css(e.target(), p + ".target", "the wait");
        if (css.isEmpty()) {
          return Optional.empty();
        }
        if (e.state() == Condition.State.EXISTS) {
          st.issues.info(ConversionCode.APPROXIMATED, p, "the extension waits for a visible element; the element only has to "
              + "exist in the flow");
        }
        ObjectNode o = JSON.objectNode();
        o.put("selector", css.get());
        o.put("visible", e.state() != Condition.State.HIDDEN);
        return Optional.of(o);
      }
      @Override public Optional<ObjectNode> visitText(Condition.Text c) { return wholePageText(c).flatMap(t -> text(t, true)); }
      @Override public Optional<ObjectNode> visitLoad(Condition.Load l) {
        Condition.LoadState state = l.state();
        ObjectNode o = JSON.objectNode();
        if (state == Condition.LoadState.NETWORKIDLE) {
          o.put("networkIdle", true);
        } else {
          o.put("navigation", true);
          st.issues.info(ConversionCode.APPROXIMATED, p, "the page's " + state.name().toLowerCase(java.util.Locale.ROOT)
              + " state is written as the extension's wait for a navigation");
        }
        return Optional.of(o);
      }
      @Override public Optional<ObjectNode> visitNot(Condition.Not c) { return wholePageText(c.condition()).flatMap(t -> text(t, false)); }

      /** The wait for page text to appear or go. */
      private Optional<ObjectNode> text(Condition.Text t, boolean appear) {
        ObjectNode o = JSON.objectNode();
        o.put("text", st.template(t.text(), p + ".text"));
        o.put("appear", appear);
        return Optional.of(o);
      }
    });
  }

  private static boolean pageText(Condition.Text t) {
    return t.target().isEmpty() && t.match() == Condition.Match.CONTAINS;
  }

  /** A text condition over the whole page (no target, contains), which the extension can wait for and assert. */
  private static Optional<Condition.Text> wholePageText(Condition c) {
    return Kinds.as(c, Condition.Text.class).filter(RecordReplayConditions::pageText);
  }

  Optional<ObjectNode> assertion(Condition c, String p) {
    return c.accept(new DefaultConditionVisitor<Optional<ObjectNode>>() {
      @Override public Optional<ObjectNode> visitCondition(Condition condition) { return Optional.empty(); }
      @Override public Optional<ObjectNode> visitElement(Condition.Element e) {
        if (e.state() != Condition.State.EXISTS && e.state() != Condition.State.VISIBLE) {
          return Optional.empty();
        }
        ObjectNode o = JSON.objectNode();
        Optional<String> css = selectors.css(e.target(), p + ".target", "the assert");
        css.ifPresent(s -> o.put(e.state() == Condition.State.EXISTS ? "exists" : "visible", s));
        return css.map(s -> o);
      }
      @Override public Optional<ObjectNode> visitText(Condition.Text c) {
        return wholePageText(c).map(t -> {
          ObjectNode o = JSON.objectNode();
          o.put("textPresent", st.template(t.text(), p + ".text"));
          return o;
        });
      }
      @Override public Optional<ObjectNode> visitAttribute(Condition.Attribute a) {
        Optional<String> css = selectors.css(a.target(), p + ".target", "the assert");
        if (css.isEmpty()) {
          return Optional.empty();
        }
        ObjectNode o = JSON.objectNode();
        ObjectNode at = o.putObject("attribute");
        at.put("selector", css.get());
        at.put("name", a.name());
        a.value().ifPresent(v -> at.put("equals", st.template(v, p + ".value")));
        return Optional.of(o);
      }
    });
  }

  /**
   * The condition of an if or while node, and whether it is the negation of {@code c} (a falsy
   * test written as a truthy one, for an if to swap its branches); empty when it has no form.
   */
  Optional<Test> test(Condition c, String p) {
    return c.accept(new DefaultConditionVisitor<Optional<Test>>() {
      @Override public Optional<Test> visitCondition(Condition condition) { return Optional.empty(); }
      @Override public Optional<Test> visitVar(Condition.Var c) { return varTest(c, false, p); }
      @Override public Optional<Test> visitExpression(Condition.Expression c) {
        st.issues.warning(ConversionCode.APPROXIMATED, p, "the extension evaluates an if or while expression in its "
            + "background page with its variables as vars, not in the page the flow runs in");
        ObjectNode o = JSON.objectNode();
        o.put("expression", c.script());
        return Optional.of(new Test(o, false));
      }
      @Override public Optional<Test> visitNot(Condition.Not c) { return Kinds.as(c.condition(), Condition.Var.class).flatMap(v -> varTest(v, true, p)); }
    });
  }

  /** The test of a variable condition; {@code negated}: it stood under a not. */
  private Optional<Test> varTest(Condition.Var v, boolean negated, String p) {
    Optional<String> whole = Placeholders.wholeReference(v.subject());
    if (whole.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode o = JSON.objectNode();
    o.put("var", st.name(whole.get(), p + ".subject"));
    switch (v.op()) {
      case EQUALS:
        if (negated) {
          return Optional.empty();
        }
        o.put("equals", st.template(v.operand().get(), p + ".operand"));
        return Optional.of(new Test(o, false));
      case TRUTHY:
        return Optional.of(new Test(o, negated));
      case FALSY:
        return Optional.of(new Test(o, !negated));
      default:
        return Optional.empty();
    }
  }

  /** The condition of an if or while node; {@code negated}: it holds when the flow's condition does not. */
  record Test(ObjectNode condition, boolean negated) {}
}
