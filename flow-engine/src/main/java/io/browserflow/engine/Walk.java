package io.browserflow.engine;

import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.DefaultConditionVisitor;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Structural facts about steps and conditions the interpreter needs. */
final class Walk {
  private Walk() {}

  /**
   * Steps that only establish where the run is (pages, tabs, frames, viewport). On resume they are
   * applied again to rebuild the page context; they change no application data.
   */
  static boolean isContext(Step s) {
    return s.kind().establishesContext();
  }

  /** The URL a step opens, navigates to or requests, as written: open, navigate, tabNew with a url, http. */
  static Optional<String> url(Step s) {
    return s.accept(URL);
  }

  /** Nested step lists: bodies, branches and the onError fallback. */
  static List<List<Step>> children(Step s) {
    List<List<Step>> out = new ArrayList<>();
    namedChildren(s).forEach(child -> out.add(child.getValue()));
    return out;
  }

  /**
   * Steps whose action only rebuilds the run's own data from its bindings (datasets and their
   * exports): on resume they run again instead of being restored, so the datasets hold what they
   * held before the interruption, and one left dispatching simply runs again (it acts on nothing
   * outside the run, an export rewrites the same file).
   */
  static boolean rebuildsRunData(Step s) {
    return s.kind().rebuildsRunData();
  }

  /** The step itself when it is a call; empty for every other kind. */
  static Optional<ExternalStep.Call> asCall(Step s) {
    return Kinds.as(s, ExternalStep.Call.class);
  }

  /** The step's main target, for reporting candidates. */
  static Optional<Target> target(Step s) {
    return s.accept(TARGET);
  }

  static boolean usesVar(Condition c) {
    return c.accept(USES_VAR);
  }

  /** A short description of a condition for messages (placeholders unresolved, so no secrets). */
  static String describe(Condition c) {
    return c.accept(DESCRIBE);
  }

  private static final StepVisitor<Optional<String>> URL = new StepFamilyVisitor<>() {
    @Override public Optional<String> visitOpen(PageStep.Open s) { return Optional.of(s.url()); }
    @Override public Optional<String> visitNavigate(PageStep.Navigate s) { return Optional.of(s.url()); }
    @Override public Optional<String> visitTabNew(PageStep.TabNew s) { return s.url(); }

    // open no URL of their own (history, tabs, frames and clicks go where the page says)
    @Override public Optional<String> visitStep(Step step) { return Optional.empty(); }
    @Override public Optional<String> visitHttp(ExternalStep.Http s) { return Optional.of(s.url()); }
  };

  /** The bodies and branches of control steps. */
  /**
   * Nested step lists with the path segment each takes ({@code body}, {@code then}, {@code else},
   * {@code onError.fallback}), as the interpreter names them in step paths.
   */
  static List<Map.Entry<String, List<Step>>> namedChildren(Step s) {
    List<Map.Entry<String, List<Step>>> out = new ArrayList<>(s.accept(NAMED_BODIES));
    if (!s.onError().fallback().isEmpty()) {
      out.add(Map.entry("onError.fallback", s.onError().fallback()));
    }
    return out;
  }

  private static final StepVisitor<List<Map.Entry<String, List<Step>>>> NAMED_BODIES = new StepFamilyVisitor<>() {
    @Override public List<Map.Entry<String, List<Step>>> visitForeach(ControlStep.Foreach s) { return List.of(Map.entry("body", s.body())); }
    @Override public List<Map.Entry<String, List<Step>>> visitRepeat(ControlStep.Repeat s) { return List.of(Map.entry("body", s.body())); }
    @Override public List<Map.Entry<String, List<Step>>> visitWhile(ControlStep.While s) { return List.of(Map.entry("body", s.body())); }
    @Override public List<Map.Entry<String, List<Step>>> visitPaginate(DataStep.Paginate s) { return List.of(Map.entry("body", s.body())); }
    @Override public List<Map.Entry<String, List<Step>>> visitIf(ControlStep.If s) { return List.of(Map.entry("then", s.then()), Map.entry("else", s.otherwise())); }

    // no nested steps
    @Override public List<Map.Entry<String, List<Step>>> visitStep(Step step) { return List.of(); }
  };

  private static final StepVisitor<Optional<Target>> TARGET = new StepFamilyVisitor<>() {
    @Override public Optional<Target> visitClick(InteractionStep.Click s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitDblclick(InteractionStep.Dblclick s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitContextmenu(InteractionStep.Contextmenu s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitHover(InteractionStep.Hover s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitMouse(InteractionStep.Mouse s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitFill(InteractionStep.Fill s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitChange(InteractionStep.Change s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitType(InteractionStep.Type s) { return s.target(); }
    @Override public Optional<Target> visitPress(InteractionStep.Press s) { return s.target(); }
    @Override public Optional<Target> visitSelect(InteractionStep.Select s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitCheck(InteractionStep.Check s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitUncheck(InteractionStep.Uncheck s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitToggle(InteractionStep.Toggle s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitScroll(InteractionStep.Scroll s) { return s.target(); }
    @Override public Optional<Target> visitDrag(InteractionStep.Drag s) { return Optional.of(s.source()); }
    @Override public Optional<Target> visitUpload(InteractionStep.Upload s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitRead(DataStep.Read s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitScrape(DataStep.Scrape s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitPaginate(DataStep.Paginate s) { return Optional.of(s.target()); }

    // no main target (a screenshot's failing target is reported through its TargetException)
    @Override public Optional<Target> visitStep(Step step) { return Optional.empty(); }
  };

  private static final ConditionVisitor<Boolean> USES_VAR = new DefaultConditionVisitor<>() {
    @Override public Boolean visitVar(Condition.Var c) { return true; }
    @Override public Boolean visitNot(Condition.Not c) { return c.condition().accept(this); }

    // page conditions
    @Override public Boolean visitCondition(Condition condition) { return false; }
  };

  private static final ConditionVisitor<String> DESCRIBE = new ConditionVisitor<>() {
    @Override
    public String visitUrl(Condition.Url c) {
      return "url matching " + c.glob();
    }

    @Override
    public String visitTitle(Condition.Title c) {
      return "title matching " + c.glob();
    }

    @Override
    public String visitElement(Condition.Element c) {
      return c.target().describe() + " " + c.state().name().toLowerCase();
    }

    @Override
    public String visitCount(Condition.Count k) {
      return "count of " + k.target().describe() + " " + k.op().symbol() + " " + k.count();
    }

    @Override
    public String visitText(Condition.Text t) {
      return t.target().map(x -> x.describe() + " text ").orElse("page text ")
          + t.match().name().toLowerCase() + " \"" + t.text() + "\"";
    }

    @Override
    public String visitValue(Condition.Value c) {
      return c.target().describe() + " value \"" + c.value() + "\"";
    }

    @Override
    public String visitAttribute(Condition.Attribute a) {
      return a.target().describe() + " attribute " + a.name() + a.value().map(v -> "=\"" + v + "\"").orElse("");
    }

    @Override
    public String visitVar(Condition.Var v) {
      return v.subject() + " " + v.op().name().toLowerCase() + v.operand().map(o -> " \"" + o + "\"").orElse("");
    }

    @Override
    public String visitDownload(Condition.Download c) {
      return "download " + c.fileGlob();
    }

    @Override
    public String visitLoad(Condition.Load c) {
      return "load state " + c.state().name().toLowerCase();
    }

    @Override
    public String visitExpression(Condition.Expression c) {
      return "expression";
    }

    @Override
    public String visitNot(Condition.Not c) {
      return "not (" + c.condition().accept(this) + ")";
    }
  };
}
