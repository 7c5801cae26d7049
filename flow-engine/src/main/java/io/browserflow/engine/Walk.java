package io.browserflow.engine;

import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Step;
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
    return s.accept(IS_CONTEXT);
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
    return s.accept(REBUILDS_RUN_DATA);
  }

  private static final StepVisitor<Boolean> REBUILDS_RUN_DATA = new StepVisitor<>() {
    @Override public Boolean visitDatasetWrite(Step.DatasetWrite s) { return true; }
    @Override public Boolean visitDatasetExport(Step.DatasetExport s) { return true; }

    @Override public Boolean visitOpen(Step.Open s) { return false; }
    @Override public Boolean visitNavigate(Step.Navigate s) { return false; }
    @Override public Boolean visitBack(Step.Back s) { return false; }
    @Override public Boolean visitForward(Step.Forward s) { return false; }
    @Override public Boolean visitReload(Step.Reload s) { return false; }
    @Override public Boolean visitTabNew(Step.TabNew s) { return false; }
    @Override public Boolean visitTabSwitch(Step.TabSwitch s) { return false; }
    @Override public Boolean visitTabClose(Step.TabClose s) { return false; }
    @Override public Boolean visitFrame(Step.Frame s) { return false; }
    @Override public Boolean visitFrameMain(Step.FrameMain s) { return false; }
    @Override public Boolean visitSetViewport(Step.SetViewport s) { return false; }
    @Override public Boolean visitEmulateNetwork(Step.EmulateNetwork s) { return false; }
    @Override public Boolean visitClick(Step.Click s) { return false; }
    @Override public Boolean visitDblclick(Step.Dblclick s) { return false; }
    @Override public Boolean visitContextmenu(Step.Contextmenu s) { return false; }
    @Override public Boolean visitHover(Step.Hover s) { return false; }
    @Override public Boolean visitMouse(Step.Mouse s) { return false; }
    @Override public Boolean visitFill(Step.Fill s) { return false; }
    @Override public Boolean visitChange(Step.Change s) { return false; }
    @Override public Boolean visitType(Step.Type s) { return false; }
    @Override public Boolean visitPress(Step.Press s) { return false; }
    @Override public Boolean visitSelect(Step.Select s) { return false; }
    @Override public Boolean visitCheck(Step.Check s) { return false; }
    @Override public Boolean visitUncheck(Step.Uncheck s) { return false; }
    @Override public Boolean visitToggle(Step.Toggle s) { return false; }
    @Override public Boolean visitScroll(Step.Scroll s) { return false; }
    @Override public Boolean visitDrag(Step.Drag s) { return false; }
    @Override public Boolean visitUpload(Step.Upload s) { return false; }
    @Override public Boolean visitWait(Step.Wait s) { return false; }
    @Override public Boolean visitAssert(Step.Assert s) { return false; }
    @Override public Boolean visitRead(Step.Read s) { return false; }
    @Override public Boolean visitScrape(Step.Scrape s) { return false; }
    @Override public Boolean visitPaginate(Step.Paginate s) { return false; }
    @Override public Boolean visitSetVar(Step.SetVar s) { return false; }
    @Override public Boolean visitEval(Step.Eval s) { return false; }
    @Override public Boolean visitScreenshot(Step.Screenshot s) { return false; }
    @Override public Boolean visitCsvImport(Step.CsvImport s) { return false; }
    @Override public Boolean visitCsvExport(Step.CsvExport s) { return false; }
    @Override public Boolean visitHttp(Step.Http s) { return false; }
    @Override public Boolean visitClipboard(Step.Clipboard s) { return false; }
    @Override public Boolean visitCall(Step.Call s) { return false; }
    @Override public Boolean visitForeach(Step.Foreach s) { return false; }
    @Override public Boolean visitRepeat(Step.Repeat s) { return false; }
    @Override public Boolean visitIf(Step.If s) { return false; }
    @Override public Boolean visitWhile(Step.While s) { return false; }
    @Override public Boolean visitManual(Step.Manual s) { return false; }
  };

  /** The step itself when it is a call; empty for every other kind. */
  static Optional<Step.Call> asCall(Step s) {
    return Kinds.as(s, Step.Call.class);
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

  private static final StepVisitor<Boolean> IS_CONTEXT = new StepVisitor<>() {
    @Override public Boolean visitOpen(Step.Open s) { return true; }
    @Override public Boolean visitNavigate(Step.Navigate s) { return true; }
    @Override public Boolean visitBack(Step.Back s) { return true; }
    @Override public Boolean visitForward(Step.Forward s) { return true; }
    @Override public Boolean visitReload(Step.Reload s) { return true; }
    @Override public Boolean visitTabNew(Step.TabNew s) { return true; }
    @Override public Boolean visitTabSwitch(Step.TabSwitch s) { return true; }
    @Override public Boolean visitTabClose(Step.TabClose s) { return true; }
    @Override public Boolean visitFrame(Step.Frame s) { return true; }
    @Override public Boolean visitFrameMain(Step.FrameMain s) { return true; }
    @Override public Boolean visitSetViewport(Step.SetViewport s) { return true; }
    @Override public Boolean visitEmulateNetwork(Step.EmulateNetwork s) { return true; }

    // interactions, checks, data and control flow
    @Override public Boolean visitClick(Step.Click s) { return false; }
    @Override public Boolean visitDblclick(Step.Dblclick s) { return false; }
    @Override public Boolean visitContextmenu(Step.Contextmenu s) { return false; }
    @Override public Boolean visitHover(Step.Hover s) { return false; }
    @Override public Boolean visitMouse(Step.Mouse s) { return false; }
    @Override public Boolean visitFill(Step.Fill s) { return false; }
    @Override public Boolean visitChange(Step.Change s) { return false; }
    @Override public Boolean visitType(Step.Type s) { return false; }
    @Override public Boolean visitPress(Step.Press s) { return false; }
    @Override public Boolean visitSelect(Step.Select s) { return false; }
    @Override public Boolean visitCheck(Step.Check s) { return false; }
    @Override public Boolean visitUncheck(Step.Uncheck s) { return false; }
    @Override public Boolean visitToggle(Step.Toggle s) { return false; }
    @Override public Boolean visitScroll(Step.Scroll s) { return false; }
    @Override public Boolean visitDrag(Step.Drag s) { return false; }
    @Override public Boolean visitUpload(Step.Upload s) { return false; }
    @Override public Boolean visitWait(Step.Wait s) { return false; }
    @Override public Boolean visitAssert(Step.Assert s) { return false; }
    @Override public Boolean visitRead(Step.Read s) { return false; }
    @Override public Boolean visitScrape(Step.Scrape s) { return false; }
    @Override public Boolean visitPaginate(Step.Paginate s) { return false; }
    @Override public Boolean visitSetVar(Step.SetVar s) { return false; }
    @Override public Boolean visitEval(Step.Eval s) { return false; }
    @Override public Boolean visitScreenshot(Step.Screenshot s) { return false; }
    @Override public Boolean visitCsvImport(Step.CsvImport s) { return false; }
    @Override public Boolean visitCsvExport(Step.CsvExport s) { return false; }
    @Override public Boolean visitDatasetWrite(Step.DatasetWrite s) { return false; }
    @Override public Boolean visitDatasetExport(Step.DatasetExport s) { return false; }
    @Override public Boolean visitHttp(Step.Http s) { return false; }
    @Override public Boolean visitClipboard(Step.Clipboard s) { return false; }
    @Override public Boolean visitCall(Step.Call s) { return false; }
    @Override public Boolean visitForeach(Step.Foreach s) { return false; }
    @Override public Boolean visitRepeat(Step.Repeat s) { return false; }
    @Override public Boolean visitIf(Step.If s) { return false; }
    @Override public Boolean visitWhile(Step.While s) { return false; }
    @Override public Boolean visitManual(Step.Manual s) { return false; }
  };

  private static final StepVisitor<Optional<String>> URL = new StepVisitor<>() {
    @Override public Optional<String> visitOpen(Step.Open s) { return Optional.of(s.url()); }
    @Override public Optional<String> visitNavigate(Step.Navigate s) { return Optional.of(s.url()); }
    @Override public Optional<String> visitTabNew(Step.TabNew s) { return s.url(); }

    // open no URL of their own (history, tabs, frames and clicks go where the page says)
    @Override public Optional<String> visitBack(Step.Back s) { return Optional.empty(); }
    @Override public Optional<String> visitForward(Step.Forward s) { return Optional.empty(); }
    @Override public Optional<String> visitReload(Step.Reload s) { return Optional.empty(); }
    @Override public Optional<String> visitTabSwitch(Step.TabSwitch s) { return Optional.empty(); }
    @Override public Optional<String> visitTabClose(Step.TabClose s) { return Optional.empty(); }
    @Override public Optional<String> visitFrame(Step.Frame s) { return Optional.empty(); }
    @Override public Optional<String> visitFrameMain(Step.FrameMain s) { return Optional.empty(); }
    @Override public Optional<String> visitSetViewport(Step.SetViewport s) { return Optional.empty(); }
    @Override public Optional<String> visitEmulateNetwork(Step.EmulateNetwork s) { return Optional.empty(); }
    @Override public Optional<String> visitClick(Step.Click s) { return Optional.empty(); }
    @Override public Optional<String> visitDblclick(Step.Dblclick s) { return Optional.empty(); }
    @Override public Optional<String> visitContextmenu(Step.Contextmenu s) { return Optional.empty(); }
    @Override public Optional<String> visitHover(Step.Hover s) { return Optional.empty(); }
    @Override public Optional<String> visitMouse(Step.Mouse s) { return Optional.empty(); }
    @Override public Optional<String> visitFill(Step.Fill s) { return Optional.empty(); }
    @Override public Optional<String> visitChange(Step.Change s) { return Optional.empty(); }
    @Override public Optional<String> visitType(Step.Type s) { return Optional.empty(); }
    @Override public Optional<String> visitPress(Step.Press s) { return Optional.empty(); }
    @Override public Optional<String> visitSelect(Step.Select s) { return Optional.empty(); }
    @Override public Optional<String> visitCheck(Step.Check s) { return Optional.empty(); }
    @Override public Optional<String> visitUncheck(Step.Uncheck s) { return Optional.empty(); }
    @Override public Optional<String> visitToggle(Step.Toggle s) { return Optional.empty(); }
    @Override public Optional<String> visitScroll(Step.Scroll s) { return Optional.empty(); }
    @Override public Optional<String> visitDrag(Step.Drag s) { return Optional.empty(); }
    @Override public Optional<String> visitUpload(Step.Upload s) { return Optional.empty(); }
    @Override public Optional<String> visitWait(Step.Wait s) { return Optional.empty(); }
    @Override public Optional<String> visitAssert(Step.Assert s) { return Optional.empty(); }
    @Override public Optional<String> visitRead(Step.Read s) { return Optional.empty(); }
    @Override public Optional<String> visitScrape(Step.Scrape s) { return Optional.empty(); }
    @Override public Optional<String> visitPaginate(Step.Paginate s) { return Optional.empty(); }
    @Override public Optional<String> visitSetVar(Step.SetVar s) { return Optional.empty(); }
    @Override public Optional<String> visitEval(Step.Eval s) { return Optional.empty(); }
    @Override public Optional<String> visitScreenshot(Step.Screenshot s) { return Optional.empty(); }
    @Override public Optional<String> visitCsvImport(Step.CsvImport s) { return Optional.empty(); }
    @Override public Optional<String> visitCsvExport(Step.CsvExport s) { return Optional.empty(); }
    @Override public Optional<String> visitDatasetWrite(Step.DatasetWrite s) { return Optional.empty(); }
    @Override public Optional<String> visitDatasetExport(Step.DatasetExport s) { return Optional.empty(); }
    @Override public Optional<String> visitHttp(Step.Http s) { return Optional.of(s.url()); }
    @Override public Optional<String> visitClipboard(Step.Clipboard s) { return Optional.empty(); }
    @Override public Optional<String> visitCall(Step.Call s) { return Optional.empty(); }
    @Override public Optional<String> visitForeach(Step.Foreach s) { return Optional.empty(); }
    @Override public Optional<String> visitRepeat(Step.Repeat s) { return Optional.empty(); }
    @Override public Optional<String> visitIf(Step.If s) { return Optional.empty(); }
    @Override public Optional<String> visitWhile(Step.While s) { return Optional.empty(); }
    @Override public Optional<String> visitManual(Step.Manual s) { return Optional.empty(); }
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

  private static final StepVisitor<List<Map.Entry<String, List<Step>>>> NAMED_BODIES = new StepVisitor<>() {
    @Override public List<Map.Entry<String, List<Step>>> visitForeach(Step.Foreach s) { return List.of(Map.entry("body", s.body())); }
    @Override public List<Map.Entry<String, List<Step>>> visitRepeat(Step.Repeat s) { return List.of(Map.entry("body", s.body())); }
    @Override public List<Map.Entry<String, List<Step>>> visitWhile(Step.While s) { return List.of(Map.entry("body", s.body())); }
    @Override public List<Map.Entry<String, List<Step>>> visitPaginate(Step.Paginate s) { return List.of(Map.entry("body", s.body())); }
    @Override public List<Map.Entry<String, List<Step>>> visitIf(Step.If s) { return List.of(Map.entry("then", s.then()), Map.entry("else", s.otherwise())); }

    // no nested steps
    @Override public List<Map.Entry<String, List<Step>>> visitOpen(Step.Open s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitNavigate(Step.Navigate s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitBack(Step.Back s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitForward(Step.Forward s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitReload(Step.Reload s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitTabNew(Step.TabNew s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitTabSwitch(Step.TabSwitch s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitTabClose(Step.TabClose s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitFrame(Step.Frame s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitFrameMain(Step.FrameMain s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitSetViewport(Step.SetViewport s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitEmulateNetwork(Step.EmulateNetwork s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitClick(Step.Click s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitDblclick(Step.Dblclick s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitContextmenu(Step.Contextmenu s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitHover(Step.Hover s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitMouse(Step.Mouse s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitFill(Step.Fill s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitChange(Step.Change s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitType(Step.Type s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitPress(Step.Press s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitSelect(Step.Select s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitCheck(Step.Check s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitUncheck(Step.Uncheck s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitToggle(Step.Toggle s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitScroll(Step.Scroll s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitDrag(Step.Drag s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitUpload(Step.Upload s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitWait(Step.Wait s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitAssert(Step.Assert s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitRead(Step.Read s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitScrape(Step.Scrape s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitSetVar(Step.SetVar s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitEval(Step.Eval s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitScreenshot(Step.Screenshot s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitCsvImport(Step.CsvImport s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitCsvExport(Step.CsvExport s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitDatasetWrite(Step.DatasetWrite s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitDatasetExport(Step.DatasetExport s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitHttp(Step.Http s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitClipboard(Step.Clipboard s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitCall(Step.Call s) { return List.of(); }
    @Override public List<Map.Entry<String, List<Step>>> visitManual(Step.Manual s) { return List.of(); }
  };

  private static final StepVisitor<Optional<Target>> TARGET = new StepVisitor<>() {
    @Override public Optional<Target> visitClick(Step.Click s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitDblclick(Step.Dblclick s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitContextmenu(Step.Contextmenu s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitHover(Step.Hover s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitMouse(Step.Mouse s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitFill(Step.Fill s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitChange(Step.Change s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitType(Step.Type s) { return s.target(); }
    @Override public Optional<Target> visitPress(Step.Press s) { return s.target(); }
    @Override public Optional<Target> visitSelect(Step.Select s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitCheck(Step.Check s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitUncheck(Step.Uncheck s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitToggle(Step.Toggle s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitScroll(Step.Scroll s) { return s.target(); }
    @Override public Optional<Target> visitDrag(Step.Drag s) { return Optional.of(s.source()); }
    @Override public Optional<Target> visitUpload(Step.Upload s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitRead(Step.Read s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitScrape(Step.Scrape s) { return Optional.of(s.target()); }
    @Override public Optional<Target> visitPaginate(Step.Paginate s) { return Optional.of(s.target()); }

    // no main target (a screenshot's failing target is reported through its TargetException)
    @Override public Optional<Target> visitOpen(Step.Open s) { return Optional.empty(); }
    @Override public Optional<Target> visitNavigate(Step.Navigate s) { return Optional.empty(); }
    @Override public Optional<Target> visitBack(Step.Back s) { return Optional.empty(); }
    @Override public Optional<Target> visitForward(Step.Forward s) { return Optional.empty(); }
    @Override public Optional<Target> visitReload(Step.Reload s) { return Optional.empty(); }
    @Override public Optional<Target> visitTabNew(Step.TabNew s) { return Optional.empty(); }
    @Override public Optional<Target> visitTabSwitch(Step.TabSwitch s) { return Optional.empty(); }
    @Override public Optional<Target> visitTabClose(Step.TabClose s) { return Optional.empty(); }
    @Override public Optional<Target> visitFrame(Step.Frame s) { return Optional.empty(); }
    @Override public Optional<Target> visitFrameMain(Step.FrameMain s) { return Optional.empty(); }
    @Override public Optional<Target> visitSetViewport(Step.SetViewport s) { return Optional.empty(); }
    @Override public Optional<Target> visitEmulateNetwork(Step.EmulateNetwork s) { return Optional.empty(); }
    @Override public Optional<Target> visitWait(Step.Wait s) { return Optional.empty(); }
    @Override public Optional<Target> visitAssert(Step.Assert s) { return Optional.empty(); }
    @Override public Optional<Target> visitSetVar(Step.SetVar s) { return Optional.empty(); }
    @Override public Optional<Target> visitEval(Step.Eval s) { return Optional.empty(); }
    @Override public Optional<Target> visitScreenshot(Step.Screenshot s) { return Optional.empty(); }
    @Override public Optional<Target> visitCsvImport(Step.CsvImport s) { return Optional.empty(); }
    @Override public Optional<Target> visitCsvExport(Step.CsvExport s) { return Optional.empty(); }
    @Override public Optional<Target> visitDatasetWrite(Step.DatasetWrite s) { return Optional.empty(); }
    @Override public Optional<Target> visitDatasetExport(Step.DatasetExport s) { return Optional.empty(); }
    @Override public Optional<Target> visitHttp(Step.Http s) { return Optional.empty(); }
    @Override public Optional<Target> visitClipboard(Step.Clipboard s) { return Optional.empty(); }
    @Override public Optional<Target> visitCall(Step.Call s) { return Optional.empty(); }
    @Override public Optional<Target> visitForeach(Step.Foreach s) { return Optional.empty(); }
    @Override public Optional<Target> visitRepeat(Step.Repeat s) { return Optional.empty(); }
    @Override public Optional<Target> visitIf(Step.If s) { return Optional.empty(); }
    @Override public Optional<Target> visitWhile(Step.While s) { return Optional.empty(); }
    @Override public Optional<Target> visitManual(Step.Manual s) { return Optional.empty(); }
  };

  private static final ConditionVisitor<Boolean> USES_VAR = new ConditionVisitor<>() {
    @Override public Boolean visitVar(Condition.Var c) { return true; }
    @Override public Boolean visitNot(Condition.Not c) { return c.condition().accept(this); }

    // page conditions
    @Override public Boolean visitUrl(Condition.Url c) { return false; }
    @Override public Boolean visitTitle(Condition.Title c) { return false; }
    @Override public Boolean visitElement(Condition.Element c) { return false; }
    @Override public Boolean visitCount(Condition.Count c) { return false; }
    @Override public Boolean visitText(Condition.Text c) { return false; }
    @Override public Boolean visitValue(Condition.Value c) { return false; }
    @Override public Boolean visitAttribute(Condition.Attribute c) { return false; }
    @Override public Boolean visitDownload(Condition.Download c) { return false; }
    @Override public Boolean visitLoad(Condition.Load c) { return false; }
    @Override public Boolean visitExpression(Condition.Expression c) { return false; }
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
