package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.DefaultConditionVisitor;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Conditions as the recording's waits: a {@code waitForElement} (a count of the matched elements,
 * visible or not, negated by {@code visible: false}; properties and attributes; checks of the same
 * element join it), else a {@code
 * waitForExpression}. An action's expect url is its asserted navigation; its other expect
 * conditions are waits written after it.
 */
final class ChromeConditionSteps {
  private final ChromeExportState st;
  private final ChromeStepNodes nodes;
  private final ChromeExpressions expressions;

  ChromeConditionSteps(ChromeExportState st, ChromeStepNodes nodes, ChromeExpressions expressions) {
    this.st = st;
    this.nodes = nodes;
    this.expressions = expressions;
  }

  /** Writes a condition as the wait steps the format has; false (with an issue) when it has none. */
  boolean condition(Condition c, Step s, String p, boolean withExpect) {
    ObjectNode n = conditionStep(c, s, p);
    if (n == null) {
      return st.unsupported(s, p, "the condition " + describe(c) + " has no equivalent wait");
    }
    s.timeoutMs().ifPresent(t -> n.put("timeout", t));
    st.steps.add(n);
    if (withExpect) {
      List<Condition> rest = new ArrayList<>();
      Target waited = c.accept(WAITED);
      for (Condition e : s.expect()) {
        if (waited == null || !n.has("selectors") || !mergeInto(n, waited, e)) {
          rest.add(e);
        }
      }
      expectations(s.withExpect(rest), p, false);
    }
    return true;
  }

  /** The element of a wait for an element state, whose other checks join that wait step; null for other conditions. */
  private static final ConditionVisitor<Target> WAITED = new DefaultConditionVisitor<>() {
    @Override
    public Target visitElement(Condition.Element e) {
      // visible: false negates the whole check, so nothing joins a wait for a hidden element
      return e.state() == Condition.State.HIDDEN ? null : e.target();
    }

    @Override
    public Target visitCount(Condition.Count c) {
      // the plain waitForElement: at least one element
      return c.op() == Condition.Op.GTE && c.count() == 1 ? c.target() : null;
    }

    // the checks after the wait stay steps of their own
    @Override public Target visitCondition(Condition condition) { return null; }
  };

  /** Adds a check of the waited element to its waitForElement step (properties, attributes); false when it is no such check. */
  private static boolean mergeInto(ObjectNode n, Target waited, Condition e) {
    return e.accept(new DefaultConditionVisitor<Boolean>() {
      @Override
      public Boolean visitValue(Condition.Value v) {
        if (!v.target().equals(waited)) {
          return false;
        }
        properties(n).put("value", v.value());
        return true;
      }

      @Override
      public Boolean visitText(Condition.Text t) {
        if (!t.target().equals(Optional.of(waited)) || t.match() != Condition.Match.EQUALS) {
          return false;
        }
        properties(n).put("innerText", t.text());
        return true;
      }

      @Override
      public Boolean visitAttribute(Condition.Attribute a) {
        if (!a.target().equals(waited) || a.value().isEmpty()) {
          return false;
        }
        ObjectNode attributes = n.has("attributes") ? (ObjectNode) n.get("attributes") : n.putObject("attributes");
        attributes.put(a.name(), a.value().get());
        return true;
      }

      @Override
      public Boolean visitElement(Condition.Element el) {
        if (!el.target().equals(waited)) {
          return false;
        }
        return switch (el.state()) {
          case CHECKED, UNCHECKED -> {
            properties(n).put("checked", el.state() == Condition.State.CHECKED);
            yield true;
          }
          case ENABLED, DISABLED -> {
            properties(n).put("disabled", el.state() == Condition.State.DISABLED);
            yield true;
          }
          case EXISTS, VISIBLE, HIDDEN, EDITABLE, NOT_EDITABLE -> false;
        };
      }

      // no check of an element's properties or attributes
      @Override public Boolean visitCondition(Condition condition) { return false; }
    });
  }

  private static ObjectNode properties(ObjectNode n) {
    return n.has("properties") ? (ObjectNode) n.get("properties") : n.putObject("properties");
  }

  /** The wait step for a condition: a waitForElement, else a waitForExpression; null when there is none. */
  private ObjectNode conditionStep(Condition c, Step s, String p) {
    return c.accept(new ConditionVisitor<ObjectNode>() {
      @Override
      public ObjectNode visitElement(Condition.Element e) {
        if (e.state() == Condition.State.HIDDEN && e.target().shadowPath().isEmpty()) {
          Optional<String> css = e.target().candidates().stream().map(ChromeSelectors::plainCss).flatMap(Optional::stream).findFirst();
          if (css.isPresent()) {
            // hidden is "absent or not visible": a waitForElement with visible: false would wait for absent only
            ObjectNode n = nodes.base("waitForExpression", s);
            if (!nodes.frame(n, e.target().framePath(), p)) {
              return null;
            }
            n.put("expression", "Array.from(document.querySelectorAll(" + com.fasterxml.jackson.databind.node.TextNode.valueOf(css.get())
                + ")).every(e => { const b = e.getBoundingClientRect(); return !(b.width > 0 && b.height > 0)"
                + " || getComputedStyle(e).visibility === 'hidden'; })");
            st.issues.info(ConversionCode.APPROXIMATED, p, "hidden " + e.target().describe() + " is written as a waitForExpression: every element "
                + css.get() + " matches is absent or has an empty box or visibility: hidden");
            return n;
          }
        }
        if (e.state() == Condition.State.EDITABLE || e.state() == Condition.State.NOT_EDITABLE) {
          return null; // waitForElement compares properties one by one: "enabled and not read-only" has no equivalent
        }
        ObjectNode n = nodes.targeted("waitForElement", s, e.target(), p);
        if (n == null) {
          return null;
        }
        return switch (e.state()) {
          case EXISTS -> n;
          case VISIBLE -> {
            st.issues.info(ConversionCode.APPROXIMATED, p, "Chrome's waitForElement does not check visibility; the recording waits for the element to be present");
            yield n;
          }
          case HIDDEN -> {
            st.issues.warning(ConversionCode.APPROXIMATED, p, "Chrome's waitForElement with visible: false waits for the element to be absent, "
                + "which is stricter than hidden");
            yield n.put("visible", false);
          }
          case ENABLED, DISABLED -> {
            n.putObject("properties").put("disabled", e.state() == Condition.State.DISABLED);
            yield n;
          }
          case CHECKED, UNCHECKED -> {
            n.putObject("properties").put("checked", e.state() == Condition.State.CHECKED);
            yield n;
          }
          case EDITABLE, NOT_EDITABLE -> null;
        };
      }

      @Override
      public ObjectNode visitCount(Condition.Count k) {
        int count = k.count();
        String op = k.op().symbol();
        if (k.op() == Condition.Op.GT) {
          op = ">=";
          count++;
        } else if (k.op() == Condition.Op.LT) {
          if (count == 0) {
            return null;
          }
          op = "<=";
          count--;
        }
        ObjectNode n = nodes.targeted("waitForElement", s, k.target(), p);
        if (n == null) {
          return null;
        }
        return n.put("operator", op).put("count", count);
      }

      @Override
      public ObjectNode visitValue(Condition.Value v) {
        ObjectNode n = nodes.targeted("waitForElement", s, v.target(), p);
        if (n != null) {
          n.putObject("properties").put("value", v.value());
        }
        return n;
      }

      @Override
      public ObjectNode visitAttribute(Condition.Attribute a) {
        if (a.value().isEmpty()) {
          return expressionStep(a, s, p);
        }
        ObjectNode n = nodes.targeted("waitForElement", s, a.target(), p);
        if (n != null) {
          n.putObject("attributes").put(a.name(), a.value().get());
        }
        return n;
      }

      @Override
      public ObjectNode visitText(Condition.Text t) {
        if (t.target().isEmpty() || t.match() != Condition.Match.EQUALS) {
          return expressionStep(t, s, p);
        }
        ObjectNode n = nodes.targeted("waitForElement", s, t.target().get(), p);
        if (n != null) {
          n.putObject("properties").put("innerText", t.text());
        }
        return n;
      }

      @Override
      public ObjectNode visitNot(Condition.Not not) {
        if (Kinds.is(not.condition(), Condition.Count.class)) {
          ObjectNode n = conditionStep(not.condition(), s, p);
          return n != null ? n.put("visible", false) : expressionStep(not, s, p);
        }
        Optional<Condition> negated = not.condition().accept(NEGATED);
        return negated.isPresent() ? conditionStep(negated.get(), s, p) : expressionStep(not, s, p);
      }

      // a page expression, if the condition has one
      @Override public ObjectNode visitUrl(Condition.Url c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitTitle(Condition.Title c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitVar(Condition.Var c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitDownload(Condition.Download c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitLoad(Condition.Load c) { return expressionStep(c, s, p); }
      @Override public ObjectNode visitExpression(Condition.Expression c) { return expressionStep(c, s, p); }
    });
  }

  /**
   * The element condition a negated condition waits for, when there is one: hidden for visible and
   * back, no element (a count of 0, exact) for exists.
   */
  private static final ConditionVisitor<Optional<Condition>> NEGATED = new DefaultConditionVisitor<>() {
    @Override
    public Optional<Condition> visitElement(Condition.Element e) {
      return switch (e.state()) {
        case VISIBLE -> Optional.of(Condition.Element.of(e.target(), Condition.State.HIDDEN));
        case HIDDEN -> Optional.of(Condition.Element.of(e.target(), Condition.State.VISIBLE));
        case EXISTS -> Optional.of(Condition.Count.of(e.target(), Condition.Op.EQ, 0));
        case ENABLED, DISABLED, CHECKED, UNCHECKED, EDITABLE, NOT_EDITABLE -> Optional.empty(); // these need the element
      };
    }

    // negated by a page expression, if any
    @Override public Optional<Condition> visitCondition(Condition condition) { return Optional.empty(); }
  };

  /** A waitForExpression step for the condition, when it has a page expression; null otherwise. */
  private ObjectNode expressionStep(Condition c, Step s, String p) {
    String js = expressions.expression(c, p);
    if (js == null) {
      return null;
    }
    ObjectNode n = nodes.base("waitForExpression", s);
    nodes.frame(n, List.of(), p);
    n.put("expression", js);
    return n;
  }

  /** The step's expect conditions as waits after it; url ones of actions are asserted navigations, written with the action. */
  void expectations(Step s, String p, boolean urlsAsserted) {
    expectations(s, p, urlsAsserted, java.util.Set.of());
  }

  private void expectations(Step s, String p, boolean urlsAsserted, java.util.Set<Condition> asserted) {
    for (Condition c : s.expect()) {
      if (urlsAsserted && c.accept(NAVIGATION).isPresent() || asserted.contains(c)) {
        continue;
      }
      ObjectNode n = conditionStep(c, s, p);
      if (n == null) {
        st.issues.warning(ConversionCode.UNSUPPORTED_CONDITION, p, "the check " + describe(c) + " after " + s.describe() + " has no equivalent; it is left out");
      } else {
        n.remove("assertedEvents");
        st.steps.add(n);
        st.issues.info(ConversionCode.EXPECT_AS_WAIT, p, "the check " + describe(c) + " is written as a wait step after " + s.describe());
      }
    }
  }

  /** The URL glob a condition checks, if it is a url condition. */
  static Optional<String> navigation(Condition c) {
    return c.accept(NAVIGATION);
  }

  /** The URL glob of a navigation a condition asserts, which the format records as an asserted event of the action. */
  private static final ConditionVisitor<Optional<String>> NAVIGATION = new DefaultConditionVisitor<>() {
    @Override
    public Optional<String> visitUrl(Condition.Url u) {
      return Optional.of(u.glob());
    }

    // no navigation
    @Override public Optional<String> visitCondition(Condition condition) { return Optional.empty(); }
  };

  /**
   * Finishes an action: its timeout and asserted navigation (with the title a literal expect title
   * names), then the checks written after it.
   */
  boolean action(ObjectNode n, Step s, String p) {
    s.timeoutMs().ifPresent(t -> n.put("timeout", t));
    java.util.Set<Condition> asserted = new java.util.HashSet<>();
    Optional<Condition> title = s.expect().stream().filter(c -> c.accept(LITERAL_TITLE).isPresent()).findFirst();
    for (Condition c : s.expect()) {
      c.accept(NAVIGATION).ifPresent(url -> {
        ArrayNode events = n.has("assertedEvents") ? (ArrayNode) n.get("assertedEvents") : n.putArray("assertedEvents");
        String t = "";
        if (title.isPresent() && asserted.isEmpty()) {
          t = title.get().accept(LITERAL_TITLE).orElseThrow();
          asserted.add(title.get());
        }
        events.addObject().put("type", "navigation").put("url", url).put("title", t);
        // a popup that navigates is found by its new URL from now on (unknown when the url is a glob)
        st.tabs.navigated(st.tab, Optional.of(url));
      });
    }
    st.steps.add(n);
    expectations(s, p, true, asserted);
    return true;
  }

  /** The title an expect title names literally (no glob), which an asserted navigation can carry. */
  private static final ConditionVisitor<Optional<String>> LITERAL_TITLE = new DefaultConditionVisitor<>() {
    @Override
    public Optional<String> visitTitle(Condition.Title c) {
      return c.glob().contains("*") ? Optional.empty() : Optional.of(c.glob());
    }

    // not a title
    @Override public Optional<String> visitCondition(Condition condition) { return Optional.empty(); }
  };

  private static String describe(Condition c) {
    String name = c.getClass().getSimpleName().replace("Immutable", "");
    return name.isEmpty() ? "condition" : name.toLowerCase(Locale.ROOT);
  }
}
