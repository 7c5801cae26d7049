package io.browserflow.engine;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Step;
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
    public Step visitOpen(Step.Open x) {
      return Step.Open.builder().from(x).url(s(x.url())).tab(s(x.tab())).build();
    }

    @Override
    public Step visitNavigate(Step.Navigate x) {
      return Step.Navigate.builder().from(x).url(s(x.url())).build();
    }

    @Override
    public Step visitTabNew(Step.TabNew x) {
      return Step.TabNew.builder().from(x).url(s(x.url())).build();
    }

    @Override
    public Step visitFrame(Step.Frame x) {
      return Step.Frame.builder().from(x).locator(s(x.locator())).build();
    }

    @Override
    public Step visitClick(Step.Click x) {
      return Step.Click.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitDblclick(Step.Dblclick x) {
      return Step.Dblclick.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitContextmenu(Step.Contextmenu x) {
      return Step.Contextmenu.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitHover(Step.Hover x) {
      return Step.Hover.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitMouse(Step.Mouse x) {
      return Step.Mouse.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitFill(Step.Fill x) {
      return Step.Fill.builder().from(x).target(target(x.target())).value(s(x.value())).build();
    }

    @Override
    public Step visitChange(Step.Change x) {
      return Step.Change.builder().from(x).target(target(x.target())).value(s(x.value())).build();
    }

    @Override
    public Step visitType(Step.Type x) {
      return Step.Type.builder().from(x).target(target(x.target())).text(s(x.text())).build();
    }

    @Override
    public Step visitPress(Step.Press x) {
      return Step.Press.builder().from(x).key(s(x.key())).target(target(x.target())).build();
    }

    @Override
    public Step visitSelect(Step.Select x) {
      return Step.Select.builder().from(x).target(target(x.target())).value(s(x.value())).label(s(x.label())).build();
    }

    @Override
    public Step visitCheck(Step.Check x) {
      return Step.Check.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitUncheck(Step.Uncheck x) {
      return Step.Uncheck.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitToggle(Step.Toggle x) {
      return Step.Toggle.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitScroll(Step.Scroll x) {
      return Step.Scroll.builder().from(x).target(target(x.target())).build();
    }

    @Override
    public Step visitDrag(Step.Drag x) {
      return Step.Drag.builder().from(x).source(target(x.source())).destination(target(x.destination())).build();
    }

    @Override
    public Step visitUpload(Step.Upload x) {
      return Step.Upload.builder().from(x).target(target(x.target())).files(s(x.files())).build();
    }

    @Override
    public Step visitRead(Step.Read x) {
      return Step.Read.builder().from(x).target(target(x.target())).attribute(s(x.attribute())).build();
    }

    @Override
    public Step visitScrape(Step.Scrape x) {
      return Step.Scrape.builder().from(x).target(target(x.target())).attributes(s(x.attributes())).build();
    }

    @Override
    public Step visitEval(Step.Eval x) {
      return Step.Eval.builder().from(x).script(script(x.script())).build();
    }

    @Override
    public Step visitScreenshot(Step.Screenshot x) {
      return Step.Screenshot.builder().from(x).target(target(x.target())).name(s(x.name())).build();
    }

    @Override
    public Step visitCsvImport(Step.CsvImport x) {
      return Step.CsvImport.builder().from(x).path(s(x.path())).build();
    }

    @Override
    public Step visitCsvExport(Step.CsvExport x) {
      return Step.CsvExport.builder().from(x).path(s(x.path())).build();
    }

    @Override
    public Step visitDatasetWrite(Step.DatasetWrite x) {
      return Step.DatasetWrite.builder().from(x).row(s(x.row())).build();
    }

    @Override
    public Step visitDatasetExport(Step.DatasetExport x) {
      return Step.DatasetExport.builder().from(x).path(s(x.path())).build();
    }

    @Override
    public Step visitHttp(Step.Http x) {
      return Step.Http.builder().from(x).url(s(x.url())).headers(s(x.headers())).body(s(x.body())).build();
    }

    @Override
    public Step visitClipboard(Step.Clipboard x) {
      return Step.Clipboard.builder().from(x).text(s(x.text())).build();
    }

    @Override
    public Step visitCall(Step.Call x) {
      return x; // its inputs are resolved when the call runs, into the called flow's bindings
    }

    @Override
    public Step visitManual(Step.Manual x) {
      return Step.Manual.builder().from(x).instructions(s(x.instructions())).build();
    }

    // Unchanged: no resolvable fields (tab aliases are literal), fields the interpreter resolves
    // itself as it uses them (setVar's value, csvExport's source, conditions, loop sources and the
    // paginate target), or bodies resolved when they run.

    @Override public Step visitBack(Step.Back x) { return x; }
    @Override public Step visitForward(Step.Forward x) { return x; }
    @Override public Step visitReload(Step.Reload x) { return x; }
    @Override public Step visitTabSwitch(Step.TabSwitch x) { return x; }
    @Override public Step visitTabClose(Step.TabClose x) { return x; }
    @Override public Step visitFrameMain(Step.FrameMain x) { return x; }
    @Override public Step visitSetViewport(Step.SetViewport x) { return x; }
    @Override public Step visitEmulateNetwork(Step.EmulateNetwork x) { return x; }
    @Override public Step visitWait(Step.Wait x) { return x; }
    @Override public Step visitAssert(Step.Assert x) { return x; }
    @Override public Step visitSetVar(Step.SetVar x) { return x; }
    @Override public Step visitPaginate(Step.Paginate x) { return x; }
    @Override public Step visitForeach(Step.Foreach x) { return x; }
    @Override public Step visitRepeat(Step.Repeat x) { return x; }
    @Override public Step visitIf(Step.If x) { return x; }
    @Override public Step visitWhile(Step.While x) { return x; }
  };
}
