package io.browserflow.engine;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepVisitor;
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

  Bindings bindings() {
    return b;
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

  private java.util.Map<String, String> s(java.util.Map<String, String> values) {
    java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, s(v)));
    return out;
  }

  Target target(Target t) {
    return Target.builder()
        .candidates(t.candidates().stream().map(this::candidate).collect(Collectors.toList()))
        .framePath(s(t.framePath()))
        .shadowPath(t.shadowPath().stream().map(css -> BoundCode.css(css, ref -> Bindings.text(b.lookup(ref))))
            .collect(Collectors.toList())).build();
  }

  private Optional<Target> target(Optional<Target> t) {
    return t.map(this::target);
  }

  private Candidate candidate(Candidate c) {
    // css and xpath are parsed as code; the other kinds are matched as data
    String value = c.kind() == Candidate.Kind.CSS ? BoundCode.css(c.value(), ref -> Bindings.text(b.lookup(ref)))
        : c.kind() == Candidate.Kind.XPATH ? BoundCode.xpath(c.value(), ref -> Bindings.text(b.lookup(ref)))
        : s(c.value());
    return Candidate.builder().kind(c.kind()).value(value).name(s(c.name())).build();
  }

  /** A script with its values passed as data (see {@link BoundCode}). */
  private String script(String script) {
    return BoundCode.script(script, ref -> Bindings.text(b.lookup(ref)));
  }

  Condition condition(Condition c) {
    return c.accept(conditionBinder);
  }

  /** The step with its own fields resolved; bodies and expectations are resolved when they run. */
  Step step(Step step) {
    return step.accept(stepBinder);
  }

  private final ConditionVisitor<Condition> conditionBinder = new ConditionVisitor<>() {
    @Override
    public Condition visitUrl(Condition.Url c) {
      return Condition.Url.of(s(c.glob()));
    }

    @Override
    public Condition visitTitle(Condition.Title c) {
      return Condition.Title.of(s(c.glob()));
    }

    @Override
    public Condition visitElement(Condition.Element c) {
      return Condition.Element.of(target(c.target()), c.state());
    }

    @Override
    public Condition visitCount(Condition.Count c) {
      return Condition.Count.of(target(c.target()), c.op(), c.count());
    }

    @Override
    public Condition visitText(Condition.Text t) {
      return t.target().isPresent() ? Condition.Text.of(target(t.target().get()), s(t.text()), t.match())
          : Condition.Text.present(s(t.text()));
    }

    @Override
    public Condition visitValue(Condition.Value c) {
      return Condition.Value.of(target(c.target()), s(c.value()));
    }

    @Override
    public Condition visitAttribute(Condition.Attribute a) {
      return Condition.Attribute.of(target(a.target()), s(a.name()), s(a.value()));
    }

    @Override
    public Condition visitDownload(Condition.Download c) {
      return Condition.Download.of(s(c.fileGlob()));
    }

    @Override
    public Condition visitExpression(Condition.Expression c) {
      return Condition.Expression.of(script(c.script()));
    }

    @Override
    public Condition visitNot(Condition.Not c) {
      return Condition.Not.of(condition(c.condition()));
    }

    // Unchanged: var is evaluated by the engine itself; load has nothing to resolve
    @Override public Condition visitVar(Condition.Var c) { return c; }
    @Override public Condition visitLoad(Condition.Load c) { return c; }
  };

  private final StepVisitor<Step> stepBinder = new StepVisitor<>() {
    @Override
    public Step visitOpen(PageStep.Open x) {
      return PageStep.Open.builder().from(x).url(s(x.url())).tab(s(x.tab())).build();
    }

    @Override
    public Step visitNavigate(PageStep.Navigate x) {
      return PageStep.Navigate.builder().from(x).url(s(x.url())).build();
    }

    @Override
    public Step visitTabNew(PageStep.TabNew x) {
      return PageStep.TabNew.builder().from(x).url(s(x.url())).build();
    }

    @Override
    public Step visitFrame(PageStep.Frame x) {
      return PageStep.Frame.builder().from(x).locator(s(x.locator())).build();
    }

    @Override
    public Step visitClick(InteractionStep.Click x) {
      return InteractionStep.Click.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitDblclick(InteractionStep.Dblclick x) {
      return InteractionStep.Dblclick.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitContextmenu(InteractionStep.Contextmenu x) {
      return InteractionStep.Contextmenu.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitHover(InteractionStep.Hover x) {
      return InteractionStep.Hover.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitMouse(InteractionStep.Mouse x) {
      return InteractionStep.Mouse.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitFill(InteractionStep.Fill x) {
      return InteractionStep.Fill.builder().from(x).target(target(x.target())).value(s(x.value())).build();
    }

    @Override
    public Step visitChange(InteractionStep.Change x) {
      return InteractionStep.Change.builder().from(x).target(target(x.target())).value(s(x.value())).build();
    }

    @Override
    public Step visitType(InteractionStep.Type x) {
      return InteractionStep.Type.builder().from(x).target(target(x.target())).text(s(x.text())).build();
    }

    @Override
    public Step visitPress(InteractionStep.Press x) {
      return InteractionStep.Press.builder().from(x).key(s(x.key())).target(target(x.target())).build();
    }

    @Override
    public Step visitSelect(InteractionStep.Select x) {
      return InteractionStep.Select.builder().from(x).target(target(x.target())).value(s(x.value())).label(s(x.label())).build();
    }

    @Override
    public Step visitCheck(InteractionStep.Check x) {
      return InteractionStep.Check.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitUncheck(InteractionStep.Uncheck x) {
      return InteractionStep.Uncheck.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitToggle(InteractionStep.Toggle x) {
      return InteractionStep.Toggle.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitScroll(InteractionStep.Scroll x) {
      return InteractionStep.Scroll.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitDrag(InteractionStep.Drag x) {
      return InteractionStep.Drag.builder().from(x).source(target(x.source())).destination(target(x.destination())).build();
    }

    @Override
    public Step visitUpload(InteractionStep.Upload x) {
      return InteractionStep.Upload.builder().from(x).target(target(x.target())).files(s(x.files())).build();
    }

    @Override
    public Step visitRead(DataStep.Read x) {
      return DataStep.Read.builder().from(x).target(target(x.target())).attribute(s(x.attribute())).build();
    }

    @Override
    public Step visitScrape(DataStep.Scrape x) {
      return DataStep.Scrape.builder().from(x).target(target(x.target())).attributes(s(x.attributes())).build();
    }

    @Override
    public Step visitEval(DataStep.Eval x) {
      return DataStep.Eval.builder().from(x).script(script(x.script())).build();
    }

    @Override
    public Step visitScreenshot(DataStep.Screenshot x) {
      return DataStep.Screenshot.builder().from(x).target(target(x.target())).name(s(x.name())).build();
    }

    @Override
    public Step visitCsvImport(DataStep.CsvImport x) {
      return DataStep.CsvImport.builder().from(x).path(s(x.path())).build();
    }

    @Override
    public Step visitCsvExport(DataStep.CsvExport x) {
      return DataStep.CsvExport.builder().from(x).path(s(x.path())).build();
    }

    @Override
    public Step visitDatasetWrite(DataStep.DatasetWrite x) {
      return DataStep.DatasetWrite.builder().from(x).row(s(x.row())).build();
    }

    @Override
    public Step visitDatasetExport(DataStep.DatasetExport x) {
      return DataStep.DatasetExport.builder().from(x).path(s(x.path())).build();
    }

    @Override
    public Step visitHttp(ExternalStep.Http x) {
      return ExternalStep.Http.builder().from(x).url(s(x.url())).headers(s(x.headers())).body(s(x.body())).build();
    }

    @Override
    public Step visitClipboard(DataStep.Clipboard x) {
      return DataStep.Clipboard.builder().from(x).text(s(x.text())).build();
    }

    @Override
    public Step visitCall(ExternalStep.Call x) {
      return x; // its inputs are resolved when the call runs, into the called flow's bindings
    }

    @Override
    public Step visitManual(ExternalStep.Manual x) {
      return ExternalStep.Manual.builder().from(x).instructions(s(x.instructions())).build();
    }

    // Unchanged: no resolvable fields (tab aliases are literal), fields the interpreter resolves
    // itself as it uses them (setVar's value, csvExport's source, conditions, loop sources and the
    // paginate target), or bodies resolved when they run.

    @Override public Step visitBack(PageStep.Back x) { return x; }
    @Override public Step visitForward(PageStep.Forward x) { return x; }
    @Override public Step visitReload(PageStep.Reload x) { return x; }
    @Override public Step visitTabSwitch(PageStep.TabSwitch x) { return x; }
    @Override public Step visitTabClose(PageStep.TabClose x) { return x; }
    @Override public Step visitFrameMain(PageStep.FrameMain x) { return x; }
    @Override public Step visitSetViewport(PageStep.SetViewport x) { return x; }
    @Override public Step visitEmulateNetwork(PageStep.EmulateNetwork x) { return x; }
    @Override public Step visitWait(CheckStep.Wait x) { return x; }
    @Override public Step visitAssert(CheckStep.Assert x) { return x; }
    @Override public Step visitSetVar(DataStep.SetVar x) { return x; }
    @Override public Step visitPaginate(DataStep.Paginate x) { return x; }
    @Override public Step visitForeach(ControlStep.Foreach x) { return x; }
    @Override public Step visitRepeat(ControlStep.Repeat x) { return x; }
    @Override public Step visitIf(ControlStep.If x) { return x; }
    @Override public Step visitWhile(ControlStep.While x) { return x; }
  };
}
