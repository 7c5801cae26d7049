package io.browserflow.engine;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Structural facts about steps and conditions the interpreter needs. */
final class Walk {
  private Walk() {}

  static boolean isControl(Step s) {
    return s instanceof Step.Foreach || s instanceof Step.Repeat || s instanceof Step.If
        || s instanceof Step.While || s instanceof Step.Paginate;
  }

  /**
   * Steps that only establish where the run is (pages, tabs, frames, viewport). On resume they are
   * applied again to rebuild the page context; they change no application data.
   */
  static boolean isContext(Step s) {
    return s instanceof Step.Open || s instanceof Step.Navigate || s instanceof Step.Back
        || s instanceof Step.Forward || s instanceof Step.Reload || s instanceof Step.TabNew
        || s instanceof Step.TabSwitch || s instanceof Step.TabClose || s instanceof Step.Frame
        || s instanceof Step.FrameMain || s instanceof Step.SetViewport;
  }

  /** Nested step lists: bodies, branches and the onError fallback. */
  static List<List<Step>> children(Step s) {
    List<List<Step>> out = new ArrayList<>();
    if (s instanceof Step.Foreach) {
      out.add(((Step.Foreach) s).body());
    } else if (s instanceof Step.Repeat) {
      out.add(((Step.Repeat) s).body());
    } else if (s instanceof Step.While) {
      out.add(((Step.While) s).body());
    } else if (s instanceof Step.Paginate) {
      out.add(((Step.Paginate) s).body());
    } else if (s instanceof Step.If) {
      out.add(((Step.If) s).then());
      out.add(((Step.If) s).otherwise());
    }
    if (!s.onError().fallback().isEmpty()) {
      out.add(s.onError().fallback());
    }
    return out;
  }

  /** The step's main target, for reporting candidates. */
  static Optional<Target> target(Step s) {
    if (s instanceof Step.Click) {
      return Optional.of(((Step.Click) s).target());
    } else if (s instanceof Step.Dblclick) {
      return Optional.of(((Step.Dblclick) s).target());
    } else if (s instanceof Step.Contextmenu) {
      return Optional.of(((Step.Contextmenu) s).target());
    } else if (s instanceof Step.Hover) {
      return Optional.of(((Step.Hover) s).target());
    } else if (s instanceof Step.Fill) {
      return Optional.of(((Step.Fill) s).target());
    } else if (s instanceof Step.Type) {
      return ((Step.Type) s).target();
    } else if (s instanceof Step.Press) {
      return ((Step.Press) s).target();
    } else if (s instanceof Step.Select) {
      return Optional.of(((Step.Select) s).target());
    } else if (s instanceof Step.Check) {
      return Optional.of(((Step.Check) s).target());
    } else if (s instanceof Step.Uncheck) {
      return Optional.of(((Step.Uncheck) s).target());
    } else if (s instanceof Step.Toggle) {
      return Optional.of(((Step.Toggle) s).target());
    } else if (s instanceof Step.Scroll) {
      return ((Step.Scroll) s).target();
    } else if (s instanceof Step.Drag) {
      return Optional.of(((Step.Drag) s).source());
    } else if (s instanceof Step.Upload) {
      return Optional.of(((Step.Upload) s).target());
    } else if (s instanceof Step.Read) {
      return Optional.of(((Step.Read) s).target());
    } else if (s instanceof Step.Scrape) {
      return Optional.of(((Step.Scrape) s).target());
    } else if (s instanceof Step.Paginate) {
      return Optional.of(((Step.Paginate) s).target());
    }
    return Optional.empty();
  }

  static boolean usesVar(Condition c) {
    if (c instanceof Condition.Not) {
      return usesVar(((Condition.Not) c).condition());
    }
    return c instanceof Condition.Var;
  }

  /** A short description of a condition for messages (placeholders unresolved, so no secrets). */
  static String describe(Condition c) {
    if (c instanceof Condition.Url) {
      return "url matching " + ((Condition.Url) c).glob();
    } else if (c instanceof Condition.Title) {
      return "title matching " + ((Condition.Title) c).glob();
    } else if (c instanceof Condition.Element) {
      return ((Condition.Element) c).target().describe() + " " + ((Condition.Element) c).state().name().toLowerCase();
    } else if (c instanceof Condition.Count) {
      Condition.Count k = (Condition.Count) c;
      return "count of " + k.target().describe() + " " + k.op().symbol() + " " + k.count();
    } else if (c instanceof Condition.Text) {
      Condition.Text t = (Condition.Text) c;
      return t.target().map(x -> x.describe() + " text ").orElse("page text ")
          + t.match().name().toLowerCase() + " \"" + t.text() + "\"";
    } else if (c instanceof Condition.Value) {
      return ((Condition.Value) c).target().describe() + " value \"" + ((Condition.Value) c).value() + "\"";
    } else if (c instanceof Condition.Attribute) {
      Condition.Attribute a = (Condition.Attribute) c;
      return a.target().describe() + " attribute " + a.name() + a.value().map(v -> "=\"" + v + "\"").orElse("");
    } else if (c instanceof Condition.Var) {
      Condition.Var v = (Condition.Var) c;
      return v.subject() + " " + v.op().name().toLowerCase() + v.operand().map(o -> " \"" + o + "\"").orElse("");
    } else if (c instanceof Condition.Download) {
      return "download " + ((Condition.Download) c).fileGlob();
    } else if (c instanceof Condition.Load) {
      return "load state " + ((Condition.Load) c).state().name().toLowerCase();
    } else if (c instanceof Condition.Expression) {
      return "expression";
    } else if (c instanceof Condition.Not) {
      return "not (" + describe(((Condition.Not) c).condition()) + ")";
    }
    return c.toString();
  }
}
