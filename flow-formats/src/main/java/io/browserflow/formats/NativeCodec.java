package io.browserflow.formats;

import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.json.FlowJson;
import java.util.List;

/** BrowserFlow's own {@code browserflow/1} JSON. */
final class NativeCodec implements FormatCodec {
  @Override
  public Format format() {
    return Format.FLOW;
  }

  @Override
  public boolean detects(String content) {
    return Json.object(content).map(o -> o.path("schema").asText("").startsWith("browserflow/")).orElse(false);
  }

  @Override
  public Conversion<Flow> read(String content, String origin) {
    Flow flow = FlowJson.read(content);
    int n = count(flow.steps());
    return Conversion.of(Format.FLOW, Format.FLOW, flow, n, n, List.of());
  }

  @Override
  public Conversion<String> write(Flow flow) {
    int n = count(flow.steps());
    return Conversion.of(Format.FLOW, Format.FLOW, FlowJson.write(flow), n, n, List.of());
  }

  /** Steps including nested bodies and fallbacks. */
  static int count(List<Step> steps) {
    int n = 0;
    for (Step s : steps) {
      n += 1 + s.accept(NESTED);
    }
    return n;
  }

  /** The number of steps in a step's bodies. */
  private static final StepVisitor<Integer> NESTED = new StepVisitor<>() {
    // steps with bodies
    @Override
    public Integer visitPaginate(Step.Paginate step) {
      return count(step.body());
    }

    @Override
    public Integer visitForeach(Step.Foreach step) {
      return count(step.body());
    }

    @Override
    public Integer visitRepeat(Step.Repeat step) {
      return count(step.body());
    }

    @Override
    public Integer visitIf(Step.If step) {
      return count(step.then()) + count(step.otherwise());
    }

    @Override
    public Integer visitWhile(Step.While step) {
      return count(step.body());
    }

    // steps without a body
    @Override public Integer visitOpen(Step.Open step) { return 0; }
    @Override public Integer visitNavigate(Step.Navigate step) { return 0; }
    @Override public Integer visitBack(Step.Back step) { return 0; }
    @Override public Integer visitForward(Step.Forward step) { return 0; }
    @Override public Integer visitReload(Step.Reload step) { return 0; }
    @Override public Integer visitTabNew(Step.TabNew step) { return 0; }
    @Override public Integer visitTabSwitch(Step.TabSwitch step) { return 0; }
    @Override public Integer visitTabClose(Step.TabClose step) { return 0; }
    @Override public Integer visitFrame(Step.Frame step) { return 0; }
    @Override public Integer visitFrameMain(Step.FrameMain step) { return 0; }
    @Override public Integer visitSetViewport(Step.SetViewport step) { return 0; }
    @Override public Integer visitEmulateNetwork(Step.EmulateNetwork step) { return 0; }
    @Override public Integer visitClick(Step.Click step) { return 0; }
    @Override public Integer visitDblclick(Step.Dblclick step) { return 0; }
    @Override public Integer visitContextmenu(Step.Contextmenu step) { return 0; }
    @Override public Integer visitHover(Step.Hover step) { return 0; }
    @Override public Integer visitFill(Step.Fill step) { return 0; }
    @Override public Integer visitChange(Step.Change step) { return 0; }
    @Override public Integer visitType(Step.Type step) { return 0; }
    @Override public Integer visitPress(Step.Press step) { return 0; }
    @Override public Integer visitSelect(Step.Select step) { return 0; }
    @Override public Integer visitCheck(Step.Check step) { return 0; }
    @Override public Integer visitUncheck(Step.Uncheck step) { return 0; }
    @Override public Integer visitToggle(Step.Toggle step) { return 0; }
    @Override public Integer visitScroll(Step.Scroll step) { return 0; }
    @Override public Integer visitDrag(Step.Drag step) { return 0; }
    @Override public Integer visitMouse(Step.Mouse step) { return 0; }
    @Override public Integer visitUpload(Step.Upload step) { return 0; }
    @Override public Integer visitWait(Step.Wait step) { return 0; }
    @Override public Integer visitAssert(Step.Assert step) { return 0; }
    @Override public Integer visitRead(Step.Read step) { return 0; }
    @Override public Integer visitScrape(Step.Scrape step) { return 0; }
    @Override public Integer visitSetVar(Step.SetVar step) { return 0; }
    @Override public Integer visitEval(Step.Eval step) { return 0; }
    @Override public Integer visitScreenshot(Step.Screenshot step) { return 0; }
    @Override public Integer visitCsvImport(Step.CsvImport step) { return 0; }
    @Override public Integer visitCsvExport(Step.CsvExport step) { return 0; }
    @Override public Integer visitDatasetWrite(Step.DatasetWrite step) { return 0; }
    @Override public Integer visitDatasetExport(Step.DatasetExport step) { return 0; }
    @Override public Integer visitHttp(Step.Http step) { return 0; }
    @Override public Integer visitClipboard(Step.Clipboard step) { return 0; }
    @Override public Integer visitCall(Step.Call step) { return 0; }
    @Override public Integer visitManual(Step.Manual step) { return 0; }
  };
}
