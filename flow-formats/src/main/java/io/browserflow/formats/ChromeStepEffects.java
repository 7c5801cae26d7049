package io.browserflow.formats;

import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a flow step changes that later steps can depend on, for {@link ChromeDroppedSteps}: its
 * {@link Reach} (nothing but its outputs, the page, the page of one tab, the frame context), the
 * steps in its bodies and the run variable it sets.
 */
final class ChromeStepEffects {
  private ChromeStepEffects() {}

  /** What later steps can depend on when the step is left out. */
  enum Reach {
    /** Only its outputs ({@code ${steps.<id>.*}}, {@code ${vars.<name>}}): waits, checks, reads, screenshots, csv files, setVar. */
    OUTPUTS,
    /** The page: every later step acts on what it did (actions, navigation, eval, manual, loops and branches that act). */
    PAGE,
    /** The tab it opens: the later steps in that tab ({@code tabNew}). */
    TAB,
    /** The frame it enters: the later steps in that frame context ({@code frame}). */
    FRAME
  }

  /** The effect of one step: its reach, the tab alias of a {@link Reach#TAB}, its body steps and the variable it sets. */
  record Effect(Reach reach, Optional<String> tab, List<Step> body, Optional<String> variable) {
    static Effect of(Reach reach) {
      return new Effect(reach, Optional.empty(), List.of(), Optional.empty());
    }
  }

  static Effect of(Step s) {
    return s.accept(EFFECT);
  }

  /** The reach of a step with its bodies: a loop or branch reaches the page when a step in it does more than observe. */
  static Reach reach(Step s) {
    Effect e = of(s);
    if (e.reach() != Reach.OUTPUTS) {
      return e.body().isEmpty() ? e.reach() : Reach.PAGE;
    }
    for (Step b : e.body()) {
      if (!b.disabled() && reach(b) != Reach.OUTPUTS) {
        return Reach.PAGE;
      }
    }
    return Reach.OUTPUTS;
  }

  /** The step and every step in its bodies, depth first. */
  static List<Step> withBodies(Step s) {
    List<Step> out = new ArrayList<>();
    out.add(s);
    for (Step b : of(s).body()) {
      out.addAll(withBodies(b));
    }
    return out;
  }

  /** The kinds that only observe: only their outputs can matter later. */
  private static final Set<Step.Kind> OBSERVES = EnumSet.of(Step.Kind.WAIT, Step.Kind.ASSERT, Step.Kind.READ, Step.Kind.SCRAPE,
      Step.Kind.SCREENSHOT, Step.Kind.CSV_IMPORT, Step.Kind.CSV_EXPORT, Step.Kind.DATASET_WRITE, Step.Kind.DATASET_EXPORT,
      Step.Kind.HTTP, Step.Kind.CLIPBOARD, Step.Kind.CALL);

  private static final StepVisitor<Effect> EFFECT = new StepFamilyVisitor<>() {
    @Override public Effect visitTabNew(PageStep.TabNew s) { return new Effect(Reach.TAB, Optional.of(s.alias()), List.of(), Optional.empty()); }
    @Override public Effect visitFrame(PageStep.Frame s) { return Effect.of(Reach.FRAME); }

    // what they do to the page is what later steps act on, unless they only observe
    @Override public Effect visitStep(Step step) { return Effect.of(OBSERVES.contains(step.kind()) ? Reach.OUTPUTS : Reach.PAGE); }
    @Override public Effect visitPaginate(DataStep.Paginate s) { return new Effect(Reach.PAGE, Optional.empty(), s.body(), Optional.empty()); }
    @Override public Effect visitSetVar(DataStep.SetVar s) { return new Effect(Reach.OUTPUTS, Optional.empty(), List.of(), Optional.of(s.name())); }

    // loops and branches: what their bodies do
    @Override
    public Effect visitControlStep(ControlStep s) {
      List<Step> bodies = new ArrayList<>();
      s.accept(StepBodies.VISITOR).forEach(bodies::addAll);
      return new Effect(Reach.OUTPUTS, Optional.empty(), bodies, Optional.empty());
    }
  };
}
