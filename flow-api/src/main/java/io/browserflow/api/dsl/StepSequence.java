package io.browserflow.api.dsl;

import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.Dialog;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.OnError;
import io.browserflow.api.Point;
import io.browserflow.api.Retry;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The step methods shared by {@link FlowBuilder} and nested {@link Steps}. Each step method appends
 * one step with a generated id ({@code click-1}, {@code fill-2}, ...); the modifier methods
 * ({@link #id(String)}, {@link #title(String)}, {@link #expect(Condition...)}, {@link #retry(int)},
 * {@link #timeoutMs(int)}, {@link #onError(OnError)}, {@link #disabled()}, and for clicks
 * {@link #newTab(String)}, {@link #button(Step.MouseButton)}, {@link #at(double, double)}) change
 * the step added last.
 *
 * @param <B> the concrete builder type, returned by every method for chaining
 */
public abstract class StepSequence<B extends StepSequence<B>> {
  private final StepIds ids;
  private final List<Step> steps = new ArrayList<>();

  StepSequence(StepIds ids) {
    this.ids = ids;
  }

  abstract B self();

  List<Step> steps() {
    return List.copyOf(steps);
  }

  StepIds ids() {
    return ids;
  }

  private String nextId(Step.Kind kind) {
    return ids.next(kind.op());
  }

  private List<Step> body(Consumer<Steps> body) {
    Steps nested = new Steps(ids);
    body.accept(nested);
    return nested.build();
  }

  /** Appends a step built elsewhere, as it is. */
  public B step(Step step) {
    ids.claim(step.id());
    steps.add(step);
    return self();
  }

  // ---------------------------------------------------------------- pages, tabs, frames

  /** Opens a URL in the current tab. */
  public B open(String url) {
    return step(PageStep.Open.builder().id(nextId(Step.Kind.OPEN)).url(url).build());
  }

  /** Opens a URL in the tab bound to a declared alias. */
  public B open(String url, String tabAlias) {
    return step(PageStep.Open.builder().id(nextId(Step.Kind.OPEN)).url(url).tab(tabAlias).build());
  }

  public B navigate(String url) {
    return step(PageStep.Navigate.builder().id(nextId(Step.Kind.NAVIGATE)).url(url).build());
  }

  public B back() {
    return step(PageStep.Back.builder().id(nextId(Step.Kind.BACK)).build());
  }

  public B forward() {
    return step(PageStep.Forward.builder().id(nextId(Step.Kind.FORWARD)).build());
  }

  public B reload() {
    return step(PageStep.Reload.builder().id(nextId(Step.Kind.RELOAD)).build());
  }

  /** Opens a new tab bound to {@code alias}. */
  public B tabNew(String alias) {
    return step(PageStep.TabNew.builder().id(nextId(Step.Kind.TAB_NEW)).alias(alias).build());
  }

  /** Opens a new tab bound to {@code alias} at {@code url}. */
  public B tabNew(String alias, String url) {
    return step(PageStep.TabNew.builder().id(nextId(Step.Kind.TAB_NEW)).alias(alias).url(url).build());
  }

  public B tabSwitch(String alias) {
    return step(PageStep.TabSwitch.builder().id(nextId(Step.Kind.TAB_SWITCH)).alias(alias).build());
  }

  /** Closes the current tab. */
  public B tabClose() {
    return step(PageStep.TabClose.builder().id(nextId(Step.Kind.TAB_CLOSE)).build());
  }

  public B tabClose(String alias) {
    return step(PageStep.TabClose.builder().id(nextId(Step.Kind.TAB_CLOSE)).alias(alias).build());
  }

  /** Enters a frame: owner css, {@code selector:<css>}, {@code url:<glob>} or {@code name:<name>}. */
  public B frame(String locator) {
    return step(PageStep.Frame.builder().id(nextId(Step.Kind.FRAME)).locator(locator).build());
  }

  public B frameMain() {
    return step(PageStep.FrameMain.builder().id(nextId(Step.Kind.FRAME_MAIN)).build());
  }

  public B viewport(int width, int height) {
    return step(PageStep.SetViewport.builder().id(nextId(Step.Kind.SET_VIEWPORT)).width(width).height(height).build());
  }

  /**
   * Resizes the viewport and emulates a device: {@code viewport(390, 844, 3, true, true)} is a
   * phone with a pixel ratio of 3, a mobile layout viewport and touch input.
   */
  public B viewport(int width, int height, double deviceScaleFactor, boolean mobile, boolean touch) {
    return step(PageStep.SetViewport.builder().id(nextId(Step.Kind.SET_VIEWPORT)).width(width).height(height)
        .deviceScaleFactor(deviceScaleFactor).mobile(mobile).touch(touch).build());
  }

  /** Cuts the network off: the pages' loads and requests fail from here on, as they do without a network. */
  public B offline() {
    return step(PageStep.EmulateNetwork.builder().id(nextId(Step.Kind.EMULATE_NETWORK)).offline(true).build());
  }

  /** Brings back the real network: neither offline nor throttled. */
  public B online() {
    return step(PageStep.EmulateNetwork.builder().id(nextId(Step.Kind.EMULATE_NETWORK)).build());
  }

  /**
   * Throttles the network: {@code throttle(50_000, 20_000, 40)} downloads at 50,000 and uploads at
   * 20,000 bytes per second, with 40 ms of latency added to each request (throttling needs Chromium).
   */
  public B throttle(int downloadBytesPerSecond, int uploadBytesPerSecond, int latencyMs) {
    return step(PageStep.EmulateNetwork.builder().id(nextId(Step.Kind.EMULATE_NETWORK))
        .downloadBytesPerSecond(downloadBytesPerSecond).uploadBytesPerSecond(uploadBytesPerSecond)
        .latencyMs(latencyMs).build());
  }

  // ---------------------------------------------------------------- interaction

  public B click(Target target) {
    return step(InteractionStep.Click.builder().id(nextId(Step.Kind.CLICK)).target(target).build());
  }

  public B dblclick(Target target) {
    return step(InteractionStep.Dblclick.builder().id(nextId(Step.Kind.DBLCLICK)).target(target).build());
  }

  public B contextmenu(Target target) {
    return step(InteractionStep.Contextmenu.builder().id(nextId(Step.Kind.CONTEXTMENU)).target(target).build());
  }

  public B hover(Target target) {
    return step(InteractionStep.Hover.builder().id(nextId(Step.Kind.HOVER)).target(target).build());
  }

  /** Presses, releases, moves to or leaves {@code target} with the mouse, at its centre (see {@link InteractionStep.Mouse}). */
  public B mouse(Step.MouseAction action, Target target) {
    return step(InteractionStep.Mouse.builder().id(nextId(Step.Kind.MOUSE)).action(action).target(target).build());
  }

  /** As {@link #mouse(Step.MouseAction, Target)}, {@code fromCenter} away from the element's centre. */
  public B mouse(Step.MouseAction action, Target target, Point fromCenter) {
    return step(InteractionStep.Mouse.builder().id(nextId(Step.Kind.MOUSE)).action(action).target(target).fromCenter(fromCenter).build());
  }

  public B fill(Target target, String value) {
    return step(InteractionStep.Fill.builder().id(nextId(Step.Kind.FILL)).target(target).value(value).build());
  }

  /**
   * Sets the value of {@code target} the way the element takes it, decided when the step runs
   * (Chrome Recorder's {@code change}): selects an option, types into a text field, sets a color or
   * date input, or clicks a checkbox to the checked state {@code !value.isEmpty()}. See
   * {@link InteractionStep.Change}.
   */
  public B change(Target target, String value) {
    return step(InteractionStep.Change.builder().id(nextId(Step.Kind.CHANGE)).target(target).value(value).build());
  }

  /** Types into the focused element. */
  public B type(String text) {
    return step(InteractionStep.Type.builder().id(nextId(Step.Kind.TYPE)).text(text).build());
  }

  public B type(Target target, String text) {
    return step(InteractionStep.Type.builder().id(nextId(Step.Kind.TYPE)).target(target).text(text).build());
  }

  /** Presses a key or chord on the focused element, e.g. {@code "Enter"} or {@code "Control+A"}. */
  public B press(String keys) {
    return step(pressStep(keys).build());
  }

  /** Presses a key or chord on the target, e.g. {@code "Enter"} or {@code "Shift+Tab"}. */
  public B press(Target target, String keys) {
    return step(pressStep(keys).target(target).build());
  }

  /**
   * Presses a key down on the focused element and keeps it held until {@link #keyUp(String)}: a
   * held Shift, Control, Alt or Meta also applies to the clicks and presses in between.
   */
  public B keyDown(String key) {
    return step(InteractionStep.Press.builder().id(nextId(Step.Kind.PRESS)).key(key).phase(Step.KeyPhase.DOWN).build());
  }

  /** Releases a key held by {@link #keyDown(String)}. */
  public B keyUp(String key) {
    return step(InteractionStep.Press.builder().id(nextId(Step.Kind.PRESS)).key(key).phase(Step.KeyPhase.UP).build());
  }

  private InteractionStep.Press.Builder pressStep(String keys) {
    List<String> parts = Arrays.asList(keys.split("\\+(?=.)"));
    return InteractionStep.Press.builder().id(nextId(Step.Kind.PRESS))
        .key(parts.get(parts.size() - 1))
        .modifiers(parts.subList(0, parts.size() - 1));
  }

  /** Selects the option with this value. */
  public B select(Target target, String value) {
    return step(InteractionStep.Select.builder().id(nextId(Step.Kind.SELECT)).target(target).value(value).build());
  }

  /** Selects the option with this visible label. */
  public B selectLabel(Target target, String label) {
    return step(InteractionStep.Select.builder().id(nextId(Step.Kind.SELECT)).target(target).label(label).build());
  }

  public B check(Target target) {
    return step(InteractionStep.Check.builder().id(nextId(Step.Kind.CHECK)).target(target).build());
  }

  public B uncheck(Target target) {
    return step(InteractionStep.Uncheck.builder().id(nextId(Step.Kind.UNCHECK)).target(target).build());
  }

  public B toggle(Target target) {
    return step(InteractionStep.Toggle.builder().id(nextId(Step.Kind.TOGGLE)).target(target).build());
  }

  /** Scrolls the page by (x, y) pixels. */
  public B scrollBy(int x, int y) {
    return step(InteractionStep.Scroll.builder().id(nextId(Step.Kind.SCROLL)).mode(Step.ScrollMode.BY).x(x).y(y).build());
  }

  /** Scrolls a container by (x, y) pixels. */
  public B scrollBy(Target container, int x, int y) {
    return step(InteractionStep.Scroll.builder().id(nextId(Step.Kind.SCROLL)).mode(Step.ScrollMode.BY)
        .target(container).x(x).y(y).build());
  }

  /** Scrolls the page to (x, y). */
  public B scrollTo(int x, int y) {
    return step(InteractionStep.Scroll.builder().id(nextId(Step.Kind.SCROLL)).mode(Step.ScrollMode.TO).x(x).y(y).build());
  }

  public B scrollIntoView(Target target) {
    return step(InteractionStep.Scroll.builder().id(nextId(Step.Kind.SCROLL)).mode(Step.ScrollMode.INTO_VIEW)
        .target(target).build());
  }

  public B drag(Target from, Target to) {
    return step(InteractionStep.Drag.builder().id(nextId(Step.Kind.DRAG)).source(from).destination(to).build());
  }

  public B upload(Target target, String... files) {
    return step(InteractionStep.Upload.builder().id(nextId(Step.Kind.UPLOAD)).target(target).addFiles(files).build());
  }

  // ---------------------------------------------------------------- waits and checks

  /** Waits a fixed time. Prefer {@link #waitFor(Condition)}. */
  public B waitMs(int ms) {
    return step(CheckStep.Wait.builder().id(nextId(Step.Kind.WAIT)).ms(ms).build());
  }

  public B waitFor(Condition condition) {
    return step(CheckStep.Wait.builder().id(nextId(Step.Kind.WAIT)).until(condition).build());
  }

  public B assertThat(Condition condition) {
    return step(CheckStep.Assert.builder().id(nextId(Step.Kind.ASSERT)).condition(condition).build());
  }

  // ---------------------------------------------------------------- data

  /** Reads the element's text into {@code ${steps.<id>.text}}. */
  public B read(Target target) {
    return step(DataStep.Read.builder().id(nextId(Step.Kind.READ)).target(target).build());
  }

  /** Reads a field's value into {@code ${steps.<id>.value}}. */
  public B readValue(Target target) {
    return step(DataStep.Read.builder().id(nextId(Step.Kind.READ)).target(target).what(Step.ReadKind.VALUE).build());
  }

  /** Reads an attribute into {@code ${steps.<id>.attribute}}. */
  public B readAttribute(Target target, String attribute) {
    return step(DataStep.Read.builder().id(nextId(Step.Kind.READ)).target(target)
        .what(Step.ReadKind.ATTRIBUTE).attribute(attribute).build());
  }

  public B scrape(Target target, Step.ScrapeMode mode) {
    return step(DataStep.Scrape.builder().id(nextId(Step.Kind.SCRAPE)).target(target).mode(mode).build());
  }

  public B scrapeAttributes(Target target, String... attributes) {
    return step(DataStep.Scrape.builder().id(nextId(Step.Kind.SCRAPE)).target(target)
        .mode(Step.ScrapeMode.ATTRIBUTES).addAttributes(attributes).build());
  }

  /** Runs {@code body} on each page, clicking {@code next} between pages. */
  public B paginate(Target next, int maxPages, Consumer<Steps> body) {
    return step(DataStep.Paginate.builder().id(nextId(Step.Kind.PAGINATE)).target(next).maxPages(maxPages)
        .body(body(body)).build());
  }

  /** Runs {@code body} after each click of a "load more" control. */
  public B loadMore(Target loadMore, int maxPages, Consumer<Steps> body) {
    return step(DataStep.Paginate.builder().id(nextId(Step.Kind.PAGINATE)).target(loadMore)
        .mode(Step.PaginateMode.LOAD_MORE).maxPages(maxPages).body(body(body)).build());
  }

  public B setVar(String name, String value) {
    return step(DataStep.SetVar.builder().id(nextId(Step.Kind.SET_VAR)).name(name).value(value).build());
  }

  /** Evaluates a page script; needs the {@code script.eval} capability. */
  public B eval(String script) {
    return step(DataStep.Eval.builder().id(nextId(Step.Kind.EVAL)).script(script).build());
  }

  public B screenshot() {
    return step(DataStep.Screenshot.builder().id(nextId(Step.Kind.SCREENSHOT)).build());
  }

  public B screenshot(String name) {
    return step(DataStep.Screenshot.builder().id(nextId(Step.Kind.SCREENSHOT)).name(name).build());
  }

  public B csvImport(String path) {
    return step(DataStep.CsvImport.builder().id(nextId(Step.Kind.CSV_IMPORT)).path(path).build());
  }

  public B csvExport(String source, String path) {
    return step(DataStep.CsvExport.builder().id(nextId(Step.Kind.CSV_EXPORT)).source(source).path(path).build());
  }

  /** Appends a row to a dataset of the run; give the columns in order with {@link Dsl#row(String...)}. */
  public B datasetWrite(String dataset, Map<String, String> row) {
    return step(DataStep.DatasetWrite.builder().id(nextId(Step.Kind.DATASET_WRITE)).dataset(dataset).row(row).build());
  }

  /** Writes a dataset's rows to a file under the work directory, as CSV or JSON. */
  public B datasetExport(String dataset, Step.DatasetFormat format, String path) {
    return step(DataStep.DatasetExport.builder().id(nextId(Step.Kind.DATASET_EXPORT)).dataset(dataset).format(format)
        .path(path).build());
  }

  /** Writes a dataset's rows, then empties it: one part of an export in parts. */
  public B datasetExportPart(String dataset, Step.DatasetFormat format, String path) {
    return step(DataStep.DatasetExport.builder().id(nextId(Step.Kind.DATASET_EXPORT)).dataset(dataset).format(format)
        .path(path).clear(true).build());
  }

  /** An http request without a body; needs the {@code http.request} capability. */
  public B http(String method, String url) {
    return step(ExternalStep.Http.builder().id(nextId(Step.Kind.HTTP)).method(method).url(url).build());
  }

  /** An http request with headers (in order, see {@link Dsl#row(String...)}) and a body, null for none. */
  public B http(String method, String url, Map<String, String> headers, String body) {
    return step(ExternalStep.Http.builder().id(nextId(Step.Kind.HTTP)).method(method).url(url).headers(headers)
        .body(Optional.ofNullable(body)).build());
  }

  /** Puts the text on the clipboard. */
  public B clipboardWrite(String text) {
    return step(DataStep.Clipboard.builder().id(nextId(Step.Kind.CLIPBOARD)).action(Step.ClipboardAction.WRITE).text(text).build());
  }

  /** Reads the clipboard's text into {@code ${steps.<id>.text}}. */
  public B clipboardRead() {
    return step(DataStep.Clipboard.builder().id(nextId(Step.Kind.CLIPBOARD)).action(Step.ClipboardAction.READ).build());
  }

  /**
   * Runs the flow with this id (a subflow, or one of the engine's flow library) on the same page,
   * its inputs mapped from this flow's values ({@link Dsl#row(String...)}), handing on the named outputs.
   */
  public B call(String flowId, Map<String, String> inputs, String... outputs) {
    return step(ExternalStep.Call.builder().id(nextId(Step.Kind.CALL)).flow(flowId).inputs(inputs).addOutputs(outputs).build());
  }

  // ---------------------------------------------------------------- control flow

  public B foreach(ForeachSource source, Consumer<Steps> body) {
    return step(ControlStep.Foreach.builder().id(nextId(Step.Kind.FOREACH)).source(source).body(body(body)).build());
  }

  /** A foreach running up to {@code concurrency} iterations at once, each worker in a session of its own (see {@code ControlStep.Foreach}). */
  public B foreach(ForeachSource source, int concurrency, Consumer<Steps> body) {
    return step(ControlStep.Foreach.builder().id(nextId(Step.Kind.FOREACH)).source(source).concurrency(concurrency)
        .body(body(body)).build());
  }

  public B repeat(int times, Consumer<Steps> body) {
    return step(ControlStep.Repeat.builder().id(nextId(Step.Kind.REPEAT)).times(times).body(body(body)).build());
  }

  public B ifThen(Condition condition, Consumer<Steps> then) {
    return step(ControlStep.If.builder().id(nextId(Step.Kind.IF)).condition(condition).then(body(then)).build());
  }

  public B ifThenElse(Condition condition, Consumer<Steps> then, Consumer<Steps> otherwise) {
    return step(ControlStep.If.builder().id(nextId(Step.Kind.IF)).condition(condition).then(body(then))
        .otherwise(body(otherwise)).build());
  }

  /** Runs the body while the condition holds, at most {@code max} times. */
  public B repeatWhile(Condition condition, int max, Consumer<Steps> body) {
    return step(ControlStep.While.builder().id(nextId(Step.Kind.WHILE)).condition(condition).max(max)
        .body(body(body)).build());
  }

  public B manual(String instructions) {
    return step(ExternalStep.Manual.builder().id(nextId(Step.Kind.MANUAL)).instructions(instructions).build());
  }

  // ---------------------------------------------------------------- modifiers of the last step

  private B modifyLast(String what, UnaryOperator<Step> change) {
    if (steps.isEmpty()) {
      throw new IllegalStateException(what + "() modifies the step added last, but no step was added yet");
    }
    int last = steps.size() - 1;
    steps.set(last, change.apply(steps.get(last)));
    return self();
  }

  private B modifyLastClick(String what, UnaryOperator<InteractionStep.Click.Builder> change) {
    return modifyLast(what, s -> {
      InteractionStep.Click click = s.accept(AS_CLICK);
      if (click == null) {
        throw new IllegalStateException(what + "() applies to a click, but the step added last is "
            + s.kind().op() + " " + s.id());
      }
      return change.apply(InteractionStep.Click.builder().from(click)).build();
    });
  }

  /** The step itself when it is a click, null for every other kind. */
  private static final StepVisitor<InteractionStep.Click> AS_CLICK = new StepFamilyVisitor<>() {
    @Override public InteractionStep.Click visitClick(InteractionStep.Click s) { return s; }

    // the click modifiers apply to nothing else
    @Override public InteractionStep.Click visitStep(Step step) { return null; }
  };

  /** Gives the last step a stable id of your choice (instead of the generated one). */
  public B id(String id) {
    ids.claim(id);
    return modifyLast("id", s -> s.withId(id));
  }

  public B title(String title) {
    return modifyLast("title", s -> s.withTitle(title));
  }

  public B timeoutMs(int timeoutMs) {
    return modifyLast("timeoutMs", s -> s.withTimeoutMs(timeoutMs));
  }

  /** Adds post-conditions to the last step, checked after its action. */
  public B expect(Condition... conditions) {
    return modifyLast("expect", s -> {
      List<Condition> all = new ArrayList<>(s.expect());
      all.addAll(Arrays.asList(conditions));
      return s.withExpect(all);
    });
  }

  /**
   * Declares native dialogs the last step's action opens, in order, with their answers: {@code
   * .click(id("delete")).dialog(Dialog.confirm("Delete?").accept())}.
   */
  public B dialog(Dialog... dialogs) {
    return modifyLast("dialog", s -> {
      List<Dialog> all = new ArrayList<>(s.dialogs());
      all.addAll(Arrays.asList(dialogs));
      return s.withDialogs(all);
    });
  }

  public B retry(Retry retry) {
    return modifyLast("retry", s -> s.withRetry(retry));
  }

  /** Retries the last step up to {@code count} times, 500 ms apart. */
  public B retry(int count) {
    return retry(Retry.times(count));
  }

  public B onError(OnError onError) {
    return modifyLast("onError", s -> s.withOnError(onError));
  }

  /** Lets the run continue when the last step fails. */
  public B continueOnError() {
    return onError(OnError.continueRun());
  }

  /** Runs {@code fallback} in place of the last step when it fails. */
  public B fallback(Consumer<Steps> fallback) {
    return onError(OnError.fallback(body(fallback)));
  }

  public B disabled() {
    return modifyLast("disabled", s -> s.withDisabled(true));
  }

  private B modifyLastHttp(String what, UnaryOperator<ExternalStep.Http.Builder> change) {
    return modifyLast(what, s -> {
      ExternalStep.Http http = Kinds.as(s, ExternalStep.Http.class).orElseThrow(() -> new IllegalStateException(what
          + "() applies to an http step, but the step added last is " + s.kind().op() + " " + s.id()));
      return change.apply(ExternalStep.Http.builder().from(http)).build();
    });
  }

  /** Gives the last http step an output {@code name} holding the value at {@code jsonPath} in the response body. */
  public B extract(String name, String jsonPath) {
    return modifyLastHttp("extract", h -> h.putExtract(name, jsonPath));
  }

  /** Lets the last http step succeed whatever the response status (by default 400 and above fail it). */
  public B anyStatus() {
    return modifyLastHttp("anyStatus", h -> h.failOnStatus(false));
  }

  /** Binds the popup opened by the last click to a tab alias; the current tab stays, switch with {@link #tabSwitch}. */
  public B newTab(String alias) {
    return modifyLastClick("newTab", c -> c.newTab(alias));
  }

  public B button(Step.MouseButton button) {
    return modifyLastClick("button", c -> c.button(button));
  }

  /** Clicks at an offset from the element's top-left corner. */
  public B at(double x, double y) {
    return modifyLastClick("at", c -> c.offset(Point.of(x, y)));
  }

  /** Holds the mouse button of the last click down for {@code millis} milliseconds (0 – 30,000). */
  public B delay(int millis) {
    return modifyLastClick("delay", c -> c.delay(millis));
  }

  /** Holds modifier keys (Alt, Control, Meta, Shift) during the last click. */
  public B holding(String... modifiers) {
    return modifyLastClick("holding", c -> c.addModifiers(modifiers));
  }
}
