package io.browserflow.engine;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Copies of steps, targets and conditions with every placeholder resolved (in memory only). */
final class StepBinder {
  private final Bindings b;

  StepBinder(Bindings bindings) {
    this.b = bindings;
  }

  String s(String value) {
    return b.resolve(value);
  }

  private Optional<String> s(Optional<String> value) {
    return value.map(this::s);
  }

  private List<String> s(List<String> values) {
    return values.stream().map(this::s).collect(Collectors.toList());
  }

  Target target(Target t) {
    return Target.builder()
        .candidates(t.candidates().stream().map(this::candidate).collect(Collectors.toList()))
        .framePath(s(t.framePath())).shadowPath(s(t.shadowPath())).build();
  }

  private Optional<Target> target(Optional<Target> t) {
    return t.map(this::target);
  }

  private Candidate candidate(Candidate c) {
    return Candidate.builder().kind(c.kind()).value(s(c.value())).name(s(c.name())).build();
  }

  Condition condition(Condition c) {
    if (c instanceof Condition.Url) {
      return Condition.Url.of(s(((Condition.Url) c).glob()));
    }
    if (c instanceof Condition.Title) {
      return Condition.Title.of(s(((Condition.Title) c).glob()));
    }
    if (c instanceof Condition.Element) {
      return Condition.Element.of(target(((Condition.Element) c).target()), ((Condition.Element) c).state());
    }
    if (c instanceof Condition.Count) {
      Condition.Count k = (Condition.Count) c;
      return Condition.Count.of(target(k.target()), k.op(), k.count());
    }
    if (c instanceof Condition.Text) {
      Condition.Text t = (Condition.Text) c;
      return t.target().isPresent() ? Condition.Text.of(target(t.target().get()), s(t.text()), t.match())
          : Condition.Text.present(s(t.text()));
    }
    if (c instanceof Condition.Value) {
      return Condition.Value.of(target(((Condition.Value) c).target()), s(((Condition.Value) c).value()));
    }
    if (c instanceof Condition.Attribute) {
      Condition.Attribute a = (Condition.Attribute) c;
      return Condition.Attribute.of(target(a.target()), s(a.name()), s(a.value()));
    }
    if (c instanceof Condition.Download) {
      return Condition.Download.of(s(((Condition.Download) c).fileGlob()));
    }
    if (c instanceof Condition.Expression) {
      return Condition.Expression.of(s(((Condition.Expression) c).script()));
    }
    if (c instanceof Condition.Not) {
      return Condition.Not.of(condition(((Condition.Not) c).condition()));
    }
    // Var is evaluated by the engine itself; Load has nothing to resolve
    return c;
  }

  /** The step with its own fields resolved; bodies and expectations are resolved when they run. */
  Step step(Step step) {
    if (step instanceof Step.Open) {
      Step.Open x = (Step.Open) step;
      return Step.Open.builder().from(x).url(s(x.url())).tab(s(x.tab())).build();
    }
    if (step instanceof Step.Navigate) {
      return Step.Navigate.builder().from((Step.Navigate) step).url(s(((Step.Navigate) step).url())).build();
    }
    if (step instanceof Step.TabNew) {
      Step.TabNew x = (Step.TabNew) step;
      return Step.TabNew.builder().from(x).url(s(x.url())).build();
    }
    if (step instanceof Step.Frame) {
      return Step.Frame.builder().from((Step.Frame) step).locator(s(((Step.Frame) step).locator())).build();
    }
    if (step instanceof Step.Click) {
      Step.Click x = (Step.Click) step;
      return Step.Click.builder().from(x).target(target(x.target())).build();
    }
    if (step instanceof Step.Dblclick) {
      Step.Dblclick x = (Step.Dblclick) step;
      return Step.Dblclick.builder().from(x).target(target(x.target())).build();
    }
    if (step instanceof Step.Contextmenu) {
      Step.Contextmenu x = (Step.Contextmenu) step;
      return Step.Contextmenu.builder().from(x).target(target(x.target())).build();
    }
    if (step instanceof Step.Hover) {
      Step.Hover x = (Step.Hover) step;
      return Step.Hover.builder().from(x).target(target(x.target())).build();
    }
    if (step instanceof Step.Fill) {
      Step.Fill x = (Step.Fill) step;
      return Step.Fill.builder().from(x).target(target(x.target())).value(s(x.value())).build();
    }
    if (step instanceof Step.Type) {
      Step.Type x = (Step.Type) step;
      return Step.Type.builder().from(x).target(target(x.target())).text(s(x.text())).build();
    }
    if (step instanceof Step.Press) {
      Step.Press x = (Step.Press) step;
      return Step.Press.builder().from(x).key(s(x.key())).target(target(x.target())).build();
    }
    if (step instanceof Step.Select) {
      Step.Select x = (Step.Select) step;
      return Step.Select.builder().from(x).target(target(x.target())).value(s(x.value())).label(s(x.label())).build();
    }
    if (step instanceof Step.Check) {
      Step.Check x = (Step.Check) step;
      return Step.Check.builder().from(x).target(target(x.target())).build();
    }
    if (step instanceof Step.Uncheck) {
      Step.Uncheck x = (Step.Uncheck) step;
      return Step.Uncheck.builder().from(x).target(target(x.target())).build();
    }
    if (step instanceof Step.Toggle) {
      Step.Toggle x = (Step.Toggle) step;
      return Step.Toggle.builder().from(x).target(target(x.target())).build();
    }
    if (step instanceof Step.Scroll) {
      Step.Scroll x = (Step.Scroll) step;
      return Step.Scroll.builder().from(x).target(target(x.target())).build();
    }
    if (step instanceof Step.Drag) {
      Step.Drag x = (Step.Drag) step;
      return Step.Drag.builder().from(x).source(target(x.source())).destination(target(x.destination())).build();
    }
    if (step instanceof Step.Upload) {
      Step.Upload x = (Step.Upload) step;
      return Step.Upload.builder().from(x).target(target(x.target())).files(s(x.files())).build();
    }
    if (step instanceof Step.Read) {
      Step.Read x = (Step.Read) step;
      return Step.Read.builder().from(x).target(target(x.target())).attribute(s(x.attribute())).build();
    }
    if (step instanceof Step.Scrape) {
      Step.Scrape x = (Step.Scrape) step;
      return Step.Scrape.builder().from(x).target(target(x.target())).attributes(s(x.attributes())).build();
    }
    if (step instanceof Step.Eval) {
      return Step.Eval.builder().from((Step.Eval) step).script(s(((Step.Eval) step).script())).build();
    }
    if (step instanceof Step.Screenshot) {
      Step.Screenshot x = (Step.Screenshot) step;
      return Step.Screenshot.builder().from(x).target(target(x.target())).name(s(x.name())).build();
    }
    if (step instanceof Step.CsvImport) {
      return Step.CsvImport.builder().from((Step.CsvImport) step).path(s(((Step.CsvImport) step).path())).build();
    }
    if (step instanceof Step.CsvExport) {
      Step.CsvExport x = (Step.CsvExport) step;
      return Step.CsvExport.builder().from(x).path(s(x.path())).build();
    }
    if (step instanceof Step.Manual) {
      Step.Manual x = (Step.Manual) step;
      return Step.Manual.builder().from(x).instructions(s(x.instructions())).build();
    }
    return step;
  }
}
