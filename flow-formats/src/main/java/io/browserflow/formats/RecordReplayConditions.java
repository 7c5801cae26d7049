package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Condition;
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
    ObjectNode o = JSON.objectNode();
    if (c instanceof Condition.Element) {
      Condition.Element e = (Condition.Element) c;
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
      o.put("selector", css.get());
      o.put("visible", e.state() != Condition.State.HIDDEN);
      return Optional.of(o);
    }
    if (c instanceof Condition.Text && pageText((Condition.Text) c)) {
      o.put("text", st.template(((Condition.Text) c).text(), p + ".text"));
      o.put("appear", true);
      return Optional.of(o);
    }
    if (c instanceof Condition.Not && ((Condition.Not) c).condition() instanceof Condition.Text
        && pageText((Condition.Text) ((Condition.Not) c).condition())) {
      o.put("text", st.template(((Condition.Text) ((Condition.Not) c).condition()).text(), p + ".text"));
      o.put("appear", false);
      return Optional.of(o);
    }
    if (c instanceof Condition.Load) {
      Condition.LoadState state = ((Condition.Load) c).state();
      if (state == Condition.LoadState.NETWORKIDLE) {
        o.put("networkIdle", true);
      } else {
        o.put("navigation", true);
        st.issues.info(ConversionCode.APPROXIMATED, p, "the page's " + state.name().toLowerCase(java.util.Locale.ROOT)
            + " state is written as the extension's wait for a navigation");
      }
      return Optional.of(o);
    }
    return Optional.empty();
  }

  private static boolean pageText(Condition.Text t) {
    return t.target().isEmpty() && t.match() == Condition.Match.CONTAINS;
  }

  Optional<ObjectNode> assertion(Condition c, String p) {
    ObjectNode o = JSON.objectNode();
    if (c instanceof Condition.Element) {
      Condition.Element e = (Condition.Element) c;
      if (e.state() != Condition.State.EXISTS && e.state() != Condition.State.VISIBLE) {
        return Optional.empty();
      }
      Optional<String> css = selectors.css(e.target(), p + ".target", "the assert");
      css.ifPresent(s -> o.put(e.state() == Condition.State.EXISTS ? "exists" : "visible", s));
      return css.map(s -> o);
    }
    if (c instanceof Condition.Text && pageText((Condition.Text) c)) {
      o.put("textPresent", st.template(((Condition.Text) c).text(), p + ".text"));
      return Optional.of(o);
    }
    if (c instanceof Condition.Attribute) {
      Condition.Attribute a = (Condition.Attribute) c;
      Optional<String> css = selectors.css(a.target(), p + ".target", "the assert");
      if (css.isEmpty()) {
        return Optional.empty();
      }
      ObjectNode at = o.putObject("attribute");
      at.put("selector", css.get());
      at.put("name", a.name());
      a.value().ifPresent(v -> at.put("equals", st.template(v, p + ".value")));
      return Optional.of(o);
    }
    return Optional.empty();
  }

  /**
   * The condition of an if or while node, and whether it is the negation of {@code c} (a falsy
   * test written as a truthy one, for an if to swap its branches); empty when it has no form.
   */
  Optional<Test> test(Condition c, String p) {
    if (c instanceof Condition.Expression) {
      st.issues.warning(ConversionCode.APPROXIMATED, p, "the extension evaluates an if or while expression in its "
          + "background page with its variables as vars, not in the page the flow runs in");
      ObjectNode o = JSON.objectNode();
      o.put("expression", ((Condition.Expression) c).script());
      return Optional.of(new Test(o, false));
    }
    boolean negated = false;
    Condition k = c;
    if (k instanceof Condition.Not && ((Condition.Not) k).condition() instanceof Condition.Var) {
      k = ((Condition.Not) k).condition();
      negated = true;
    }
    if (!(k instanceof Condition.Var)) {
      return Optional.empty();
    }
    Condition.Var v = (Condition.Var) k;
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
