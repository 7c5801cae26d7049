package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepVisitor;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.HttpExchange;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import io.browserflow.engine.spi.EmulatesDevice;
import io.browserflow.engine.spi.EmulatesNetwork;
import io.browserflow.engine.spi.SendsHttp;
import io.browserflow.engine.spi.HasClipboard;

/**
 * Performs one bound leaf step on the lane's page: the per-kind dispatch to the driver. The
 * {@link Interpreter} has journaled the step as dispatching before it gets here, and awaits its
 * {@code expect} conditions after.
 */
final class LeafActions implements StepVisitor<LeafActions.Outcome> {

  /** Result of dispatching one leaf step. */
  static final class Outcome {
    Resolution resolution;
    /** The action may have navigated the page (clicks, key presses, history): its origin is checked after the step. */
    boolean mayNavigate;
    final Map<String, Object> outputs = new LinkedHashMap<>();
    final List<String> artifacts = new ArrayList<>();
  }

  private final RunContext run;
  private final Lane lane;
  private final DriverSession page;
  private final Duration timeout;
  private final Optional<String> iteration;
  private final Outcome out = new Outcome();

  LeafActions(RunContext run, Lane lane, Duration timeout, Optional<String> iteration) {
    this.run = run;
    this.lane = lane;
    this.page = lane.session;
    this.timeout = timeout;
    this.iteration = iteration;
  }

  /** An interaction the driver performs. */
  private Outcome perform(InteractionStep s) {
    ActionResult result = page.perform(s, timeout);
    out.resolution = result.resolution().orElse(null);
    return out;
  }

  /** An interaction that may navigate the page, so the page's origin is checked after the step. */
  private Outcome performNavigating(InteractionStep s) {
    out.mayNavigate = true;
    return perform(s);
  }

  @Override
  public Outcome visitOpen(PageStep.Open o) {
    run.policy().checkOrigin(o.url(), "opening");
    out.mayNavigate = true; // a redirect may land elsewhere
    if (o.tab().isPresent()) {
      if (page.state().tabs().contains(o.tab().get())) {
        page.switchTab(o.tab().get());
        page.open(o.url(), timeout);
      } else {
        page.newTab(o.tab().get(), Optional.of(o.url()), timeout);
      }
    } else {
      page.open(o.url(), timeout);
    }
    return out;
  }

  @Override
  public Outcome visitNavigate(PageStep.Navigate n) {
    run.policy().checkOrigin(n.url(), "navigating to");
    out.mayNavigate = true;
    page.navigate(n.url(), timeout);
    return out;
  }

  @Override
  public Outcome visitBack(PageStep.Back s) {
    out.mayNavigate = true;
    page.back(timeout);
    return out;
  }

  @Override
  public Outcome visitForward(PageStep.Forward s) {
    out.mayNavigate = true;
    page.forward(timeout);
    return out;
  }

  @Override
  public Outcome visitReload(PageStep.Reload s) {
    out.mayNavigate = true;
    page.reload(timeout);
    return out;
  }

  @Override
  public Outcome visitTabNew(PageStep.TabNew t) {
    t.url().ifPresent(u -> run.policy().checkOrigin(u, "opening"));
    page.newTab(t.alias(), t.url(), timeout);
    return out;
  }

  @Override
  public Outcome visitTabSwitch(PageStep.TabSwitch t) {
    page.switchTab(t.alias());
    return out;
  }

  @Override
  public Outcome visitTabClose(PageStep.TabClose t) {
    page.closeTab(t.alias());
    return out;
  }

  @Override
  public Outcome visitFrame(PageStep.Frame f) {
    page.enterFrame(f.locator(), timeout);
    return out;
  }

  @Override
  public Outcome visitFrameMain(PageStep.FrameMain f) {
    page.mainFrame();
    return out;
  }

  @Override
  public Outcome visitSetViewport(PageStep.SetViewport v) {
    if (v.emulatesDevice()) {
      DriverNeeds.require(page, EmulatesDevice.class).setViewport(v.width(), v.height(), v.deviceScaleFactor(), v.mobile(), v.touch());
    } else {
      page.setViewport(v.width(), v.height());
    }
    return out;
  }

  @Override
  public Outcome visitEmulateNetwork(PageStep.EmulateNetwork n) {
    DriverNeeds.require(page, EmulatesNetwork.class).emulateNetwork(n.offline(), n.downloadBytesPerSecond(), n.uploadBytesPerSecond(), n.latencyMs());
    return out;
  }

  @Override public Outcome visitClick(InteractionStep.Click s) { return performNavigating(s); }
  @Override public Outcome visitDblclick(InteractionStep.Dblclick s) { return performNavigating(s); }
  @Override public Outcome visitPress(InteractionStep.Press s) { return performNavigating(s); }
  @Override public Outcome visitContextmenu(InteractionStep.Contextmenu s) { return perform(s); }
  @Override public Outcome visitHover(InteractionStep.Hover s) { return perform(s); }
  @Override public Outcome visitMouse(InteractionStep.Mouse s) { return perform(s); }
  @Override public Outcome visitSelect(InteractionStep.Select s) { return perform(s); }
  @Override public Outcome visitCheck(InteractionStep.Check s) { return perform(s); }
  @Override public Outcome visitUncheck(InteractionStep.Uncheck s) { return perform(s); }
  @Override public Outcome visitToggle(InteractionStep.Toggle s) { return perform(s); }
  @Override public Outcome visitScroll(InteractionStep.Scroll s) { return perform(s); }
  @Override public Outcome visitDrag(InteractionStep.Drag s) { return perform(s); }

  @Override
  public Outcome visitFill(InteractionStep.Fill f) {
    perform(f);
    run.artifacts().maskIfSecret(f.target(), f.value());
    return out;
  }

  @Override
  public Outcome visitChange(InteractionStep.Change c) {
    perform(c);
    run.artifacts().maskIfSecret(c.target(), c.value());
    return out;
  }

  @Override
  public Outcome visitType(InteractionStep.Type t) {
    perform(t);
    t.target().ifPresent(target -> run.artifacts().maskIfSecret(target, t.text()));
    return out;
  }

  @Override
  public Outcome visitUpload(InteractionStep.Upload u) {
    run.policy().checkUpload(u);
    return perform(u);
  }

  @Override
  public Outcome visitWait(CheckStep.Wait w) {
    if (w.ms().isPresent()) {
      page.pause(Duration.ofMillis(Math.min(w.ms().getAsInt(), run.budget().remainingMs())));
    } else {
      ConditionChecks.await(w.until().get(), lane, timeout);
    }
    return out;
  }

  @Override
  public Outcome visitAssert(CheckStep.Assert a) {
    ConditionChecks.await(a.condition(), lane, timeout);
    return out;
  }

  @Override
  public Outcome visitRead(DataStep.Read r) {
    ReadResult read = page.read(r.target(), r.what(), r.attribute(), timeout);
    out.resolution = read.resolution();
    out.outputs.put(r.what().name().toLowerCase(Locale.ROOT), read.value());
    return out;
  }

  @Override
  public Outcome visitScrape(DataStep.Scrape r) {
    int max = run.engine().limits.maxScrapeRows();
    int limit = Math.min(r.limit().orElse(max), max);
    ScrapeResult scraped = page.scrape(r.target(), r.mode(), r.attributes(), limit, timeout);
    out.resolution = scraped.resolution();
    out.outputs.put("items", scraped.items());
    out.outputs.put("count", String.valueOf(scraped.items().size()));
    return out;
  }

  @Override
  public Outcome visitSetVar(DataStep.SetVar v) {
    out.outputs.put("vars." + v.name(), lane.bindings.resolveValue(v.value()));
    return out;
  }

  @Override
  public Outcome visitEval(DataStep.Eval e) {
    out.outputs.put("result", page.eval(e.script(), timeout));
    return out;
  }

  @Override
  public Outcome visitScreenshot(DataStep.Screenshot shot) {
    Path file = run.artifacts().screenshot(page, shot, iteration);
    out.outputs.put("path", file.toString());
    out.artifacts.add(file.toString());
    return out;
  }

  @Override
  public Outcome visitCsvImport(DataStep.CsvImport c) {
    List<Map<String, String>> rows = CsvFiles.read(workFile(c.path(), "the csvImport path"));
    out.outputs.put("items", rows);
    out.outputs.put("count", String.valueOf(rows.size()));
    return out;
  }

  @Override
  public Outcome visitCsvExport(DataStep.CsvExport e) {
    Path file = workFile(e.path(), "the csvExport path");
    CsvFiles.write(file, Bindings.rows(lane.bindings.resolveValue(e.source()), "csvExport source"));
    out.outputs.put("path", file.toString());
    out.artifacts.add(file.toString());
    return out;
  }

  @Override
  public Outcome visitDatasetWrite(DataStep.DatasetWrite w) {
    // the binder resolved the row's values; the dataset masks secrets before it keeps them
    out.outputs.put("rows", String.valueOf(run.datasets().append(w.dataset(), w.row())));
    return out;
  }

  @Override
  public Outcome visitDatasetExport(DataStep.DatasetExport e) {
    Path file = workFile(e.path(), "the datasetExport path");
    Datasets.Part part = run.datasets().take(e.dataset(), e.clear());
    DatasetFiles.write(file, e.format(), part);
    run.datasets().exported(e.dataset(), file.toString());
    out.outputs.put("path", file.toString());
    out.outputs.put("rows", String.valueOf(part.rows().size()));
    out.artifacts.add(file.toString());
    return out;
  }

  @Override
  public Outcome visitHttp(ExternalStep.Http h) {
    run.policy().checkOrigin(h.url(), "sending a request to");
    Duration wait = h.timeoutMs().isPresent() ? timeout
        : Duration.ofMillis(Math.min(run.engine().limits.defaultHttpTimeoutMs(), run.budget().remainingMs()));
    HttpExchange.Response response = DriverNeeds.require(page, SendsHttp.class).http(HttpExchange.Request.builder().method(h.method()).url(h.url())
        .headers(h.headers()).body(h.body()).build(), wait);
    if (h.failOnStatus() && response.status() >= 400) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, h.method() + " " + HttpOutputs.withoutQuery(h.url())
          + " answered " + response.status() + "; a status of 400 or more fails the step (give \"failOnStatus\": false "
          + "to read it instead)", Map.of("status", String.valueOf(response.status())));
    }
    out.outputs.putAll(HttpOutputs.of(h, response));
    return out;
  }

  @Override
  public Outcome visitClipboard(DataStep.Clipboard c) {
    if (c.action() == Step.ClipboardAction.READ) {
      out.outputs.put("text", DriverNeeds.require(page, HasClipboard.class).clipboardRead(timeout));
    } else {
      DriverNeeds.require(page, HasClipboard.class).clipboardWrite(c.text().orElse(""), timeout);
    }
    return out;
  }

  @Override
  public Outcome visitManual(ExternalStep.Manual m) {
    run.engine().manualStepHandler.perform(m.id(), m.instructions(), page);
    return out;
  }

  // control steps never get here: the interpreter runs their bodies (ControlBodies)
  @Override public Outcome visitForeach(ControlStep.Foreach s) { throw notLeaf(s); }
  @Override public Outcome visitRepeat(ControlStep.Repeat s) { throw notLeaf(s); }
  @Override public Outcome visitIf(ControlStep.If s) { throw notLeaf(s); }
  @Override public Outcome visitWhile(ControlStep.While s) { throw notLeaf(s); }
  @Override public Outcome visitPaginate(DataStep.Paginate s) { throw notLeaf(s); }
  @Override public Outcome visitCall(ExternalStep.Call s) { throw notLeaf(s); }

  private IllegalStateException notLeaf(Step s) {
    return new IllegalStateException(s.kind().op() + " step " + s.id() + " is control flow, not an action");
  }

  /** A bound CSV or dataset path: relative, and inside the work folder once resolved, links followed. */
  private Path workFile(String path, String what) {
    return LocalFiles.inside(run.options().workDir().orElse(Path.of("")), path, what);
  }
}
