package io.browserflow.testkit;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.PageState;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.engine.spi.TargetException;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jsoup.nodes.Element;

/** The in-memory {@link DriverSession}: tabs of parsed documents driven on a virtual clock. */
final class InMemorySession implements DriverSession {
  static final int MAX_FRAME_DEPTH = 8;
  static final String NOT_FOUND_HTML = "<!doctype html><html><head><title>404 Not Found</title></head>"
      + "<body><h1>Not Found</h1><p>No page is registered for this URL.</p></body></html>";
  private static final long SCREENSHOT_TIMEOUT_MS = 10_000;

  /** What an element must be before an action proceeds. */
  enum Need { NONE, VISIBLE, ACTIONABLE, EDITABLE }

  /** A deadline in virtual time and the timeout it came from (for messages). */
  record Deadline(long at, long millis) {}

  /** One evaluation of a target: the counts, the winning element if any, or why its frame path failed. */
  record Probe(Resolution resolution, Element element, FlowRunException frameError, List<Element> scopes) {}

  record Located(Element element, Resolution resolution) {}

  final VirtualClock clock = new VirtualClock();
  final PageBehaviours behaviours = new PageBehaviours(this);
  private final ConditionProbe conditions = new ConditionProbe(this);
  private final InMemoryPageDriver driver;
  private final SessionOptions options;
  private final Map<String, Tab> tabs = new LinkedHashMap<>();
  private Tab current;
  private final List<Element> frameOwners = new ArrayList<>();
  private final List<String> frameLocators = new ArrayList<>();
  private final List<DownloadInfo> downloads = new ArrayList<>();
  private final List<String> blocked = new ArrayList<>();
  private Element focused;
  private String popupAlias;
  private final List<String> popupsOpened = new ArrayList<>();
  private int autoAliases;
  private Path artifacts;
  private boolean closed;
  private int viewportWidth;
  private int viewportHeight;

  InMemorySession(InMemoryPageDriver driver, SessionOptions options) {
    this.driver = driver;
    this.options = options;
    this.viewportWidth = options.viewportWidth();
    this.viewportHeight = options.viewportHeight();
    Tab main = new Tab("main", null);
    main.document = load("about:blank", null, 0);
    tabs.put(main.alias, main);
    current = main;
  }

  // ------------------------------------------------------------------ pages and tabs

  /** Advances the virtual clock: delayed page changes due meanwhile happen. */
  @Override
  public void pause(Duration duration) {
    requireOpen();
    clock.advanceBy(duration.toMillis());
  }

  /**
   * A new session of the same driver showing the current tab's URL, bound to {@code alias}. The
   * in-memory driver has no cookies or storage to share, so a fork is a fresh page of the same URL.
   */
  @Override
  public DriverSession fork(String alias) {
    requireOpen();
    InMemorySession fork = (InMemorySession) driver.openSession(options);
    Tab tab = new Tab(alias, current.alias);
    tab.document = fork.load("about:blank", null, 0);
    fork.tabs.clear();
    fork.tabs.put(alias, tab);
    fork.current = tab;
    String url = requireTab().document.url;
    if (!url.equals("about:blank")) {
      fork.open(url, Duration.ofMillis(SCREENSHOT_TIMEOUT_MS));
    }
    return fork;
  }

  @Override
  public void open(String url, Duration timeout) {
    Tab tab = requireTab();
    String target = resolveUrl(tab.document.baseUrl, url);
    explicitNavigation(tab, target, deadline(timeout), () -> commit(tab, target, true));
  }

  @Override
  public void navigate(String url, Duration timeout) {
    open(url, timeout);
  }

  @Override
  public void back(Duration timeout) {
    Tab tab = requireTab();
    resetFrame();
    if (tab.index > 0) {
      int to = tab.index - 1;
      explicitNavigation(tab, tab.history.get(to), deadline(timeout), () -> {
        tab.index = to;
        commit(tab, tab.history.get(to), false);
      });
    }
  }

  @Override
  public void forward(Duration timeout) {
    Tab tab = requireTab();
    resetFrame();
    if (tab.index + 1 < tab.history.size()) {
      int to = tab.index + 1;
      explicitNavigation(tab, tab.history.get(to), deadline(timeout), () -> {
        tab.index = to;
        commit(tab, tab.history.get(to), false);
      });
    }
  }

  @Override
  public void reload(Duration timeout) {
    Tab tab = requireTab();
    resetFrame();
    String url = tab.document.url;
    explicitNavigation(tab, url, deadline(timeout), () -> replaceDocument(tab, url));
  }

  @Override
  public void newTab(String alias, Optional<String> url, Duration timeout) {
    requireOpen();
    if (tabs.containsKey(alias)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "tab alias '" + alias + "' is already bound to an open tab",
          Map.of("alias", alias));
    }
    Tab tab = new Tab(alias, current == null ? null : current.alias);
    tab.document = load("about:blank", null, 0);
    tabs.put(alias, tab);
    current = tab;
    resetFrame();
    if (url.isPresent()) {
      open(url.get(), timeout);
    }
  }

  @Override
  public void switchTab(String alias) {
    requireOpen();
    Tab tab = tabs.get(alias);
    if (tab == null) {
      throw tabNotFound(alias);
    }
    current = tab;
    resetFrame();
  }

  @Override
  public void closeTab(Optional<String> alias) {
    requireOpen();
    Tab tab = alias.isPresent() ? tabs.get(alias.get()) : current;
    if (tab == null) {
      throw tabNotFound(alias.orElse("(current)"));
    }
    unload(tab.document);
    tabs.remove(tab.alias);
    if (tab == current) {
      Tab opener = tab.opener == null ? null : tabs.get(tab.opener);
      current = opener != null ? opener : tabs.isEmpty() ? null : new ArrayList<>(tabs.values()).get(tabs.size() - 1);
    }
    resetFrame();
  }

  @Override
  public void enterFrame(String locator, Duration timeout) {
    requireOpen();
    Deadline d = deadline(timeout);
    FrameLookup[] last = {null};
    Optional<Element> owner = clock.waitFor(d.at(), () -> {
      FrameLookup l = lookupFrame(currentDocument(), locator);
      last[0] = l;
      if (l.nonFrame != null) {
        throw frameError(l);
      }
      return Optional.ofNullable(l.owner);
    });
    if (owner.isEmpty()) {
      throw frameError(last[0]);
    }
    frameOwners.add(owner.get());
    frameLocators.add(locator);
  }

  @Override
  public void mainFrame() {
    requireOpen();
    resetFrame();
  }

  @Override
  public void setViewport(int width, int height) {
    requireOpen();
    if (width <= 0 || height <= 0) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "viewport must be positive, not " + width + "x" + height,
          Map.of("width", String.valueOf(width), "height", String.valueOf(height)));
    }
    viewportWidth = width;
    viewportHeight = height;
  }

  @Override
  public PageState state() {
    requireOpen();
    PageState.Builder b = PageState.builder().framePath(frameLocators).tabs(tabs.keySet());
    if (current == null) {
      return b.tab("").url("").title("").build();
    }
    return b.tab(current.alias).url(current.document.url).title(current.document.title()).build();
  }

  // ------------------------------------------------------------------ elements

  @Override
  public Resolution resolve(Target target, Duration timeout) {
    requireOpen();
    return locate(target, deadline(timeout), Need.NONE).resolution();
  }

  @Override
  public ActionResult perform(Step step, Duration timeout) {
    requireOpen();
    return step.accept(new Perform(deadline(timeout)));
  }

  /** The interaction steps; every other kind is {@code UNSUPPORTED_STEP} here. */
  private final class Perform implements StepVisitor<ActionResult> {
    private final Deadline d;

    Perform(Deadline d) {
      this.d = d;
    }

    @Override
    public ActionResult visitClick(Step.Click c) {
      return click(c, d);
    }

    @Override
    public ActionResult visitDblclick(Step.Dblclick s) {
      Located l = interactable(s.target(), d, Need.ACTIONABLE);
      focused = l.element();
      behaviours.doubleClick(l.element());
      return ActionResult.of(l.resolution());
    }

    @Override
    public ActionResult visitContextmenu(Step.Contextmenu s) {
      Located l = interactable(s.target(), d, Need.ACTIONABLE);
      behaviours.contextMenu(l.element());
      return ActionResult.of(l.resolution());
    }

    @Override
    public ActionResult visitHover(Step.Hover s) {
      Located l = interactable(s.target(), d, Need.ACTIONABLE);
      behaviours.hover(l.element());
      return ActionResult.of(l.resolution());
    }

    @Override
    public ActionResult visitFill(Step.Fill f) {
      return fill(f, d);
    }

    @Override
    public ActionResult visitType(Step.Type t) {
      return type(t, d);
    }

    @Override
    public ActionResult visitPress(Step.Press p) {
      Located l = p.target().isPresent() ? interactable(p.target().get(), d, Need.ACTIONABLE) : null;
      if (l != null) {
        focused = l.element();
      }
      behaviours.press(l != null ? l.element() : focused, p.key(), p.modifiers());
      return l == null ? ActionResult.none() : ActionResult.of(l.resolution());
    }

    @Override
    public ActionResult visitSelect(Step.Select s) {
      return select(s, d);
    }

    @Override
    public ActionResult visitCheck(Step.Check s) {
      return check(s.target(), d, Boolean.TRUE);
    }

    @Override
    public ActionResult visitUncheck(Step.Uncheck s) {
      return check(s.target(), d, Boolean.FALSE);
    }

    @Override
    public ActionResult visitToggle(Step.Toggle s) {
      return check(s.target(), d, null);
    }

    @Override
    public ActionResult visitScroll(Step.Scroll s) {
      return scroll(s, d);
    }

    @Override
    public ActionResult visitDrag(Step.Drag drag) {
      Located from = interactable(drag.source(), d, Need.ACTIONABLE);
      Located to = locate(drag.destination(), d, Need.ACTIONABLE);
      behaviours.drop(to.element());
      return ActionResult.of(from.resolution());
    }

    @Override
    public ActionResult visitUpload(Step.Upload u) {
      return upload(u, d);
    }

    // not interactions: the engine runs them through the other session methods
    @Override public ActionResult visitOpen(Step.Open s) { throw unsupported(s); }
    @Override public ActionResult visitNavigate(Step.Navigate s) { throw unsupported(s); }
    @Override public ActionResult visitBack(Step.Back s) { throw unsupported(s); }
    @Override public ActionResult visitForward(Step.Forward s) { throw unsupported(s); }
    @Override public ActionResult visitReload(Step.Reload s) { throw unsupported(s); }
    @Override public ActionResult visitTabNew(Step.TabNew s) { throw unsupported(s); }
    @Override public ActionResult visitTabSwitch(Step.TabSwitch s) { throw unsupported(s); }
    @Override public ActionResult visitTabClose(Step.TabClose s) { throw unsupported(s); }
    @Override public ActionResult visitFrame(Step.Frame s) { throw unsupported(s); }
    @Override public ActionResult visitFrameMain(Step.FrameMain s) { throw unsupported(s); }
    @Override public ActionResult visitSetViewport(Step.SetViewport s) { throw unsupported(s); }
    @Override public ActionResult visitWait(Step.Wait s) { throw unsupported(s); }
    @Override public ActionResult visitAssert(Step.Assert s) { throw unsupported(s); }
    @Override public ActionResult visitRead(Step.Read s) { throw unsupported(s); }
    @Override public ActionResult visitScrape(Step.Scrape s) { throw unsupported(s); }
    @Override public ActionResult visitPaginate(Step.Paginate s) { throw unsupported(s); }
    @Override public ActionResult visitSetVar(Step.SetVar s) { throw unsupported(s); }
    @Override public ActionResult visitEval(Step.Eval s) { throw unsupported(s); }
    @Override public ActionResult visitScreenshot(Step.Screenshot s) { throw unsupported(s); }
    @Override public ActionResult visitCsvImport(Step.CsvImport s) { throw unsupported(s); }
    @Override public ActionResult visitCsvExport(Step.CsvExport s) { throw unsupported(s); }
    @Override public ActionResult visitForeach(Step.Foreach s) { throw unsupported(s); }
    @Override public ActionResult visitRepeat(Step.Repeat s) { throw unsupported(s); }
    @Override public ActionResult visitIf(Step.If s) { throw unsupported(s); }
    @Override public ActionResult visitWhile(Step.While s) { throw unsupported(s); }
    @Override public ActionResult visitManual(Step.Manual s) { throw unsupported(s); }

    private FlowRunException unsupported(Step step) {
      return new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "perform runs interaction steps, not '" + step.kind().op()
          + "' (step " + step.id() + ")", Map.of("stepId", step.id(), "op", step.kind().op()));
    }
  }

  private ActionResult click(Step.Click c, Deadline d) {
    if (c.newTab().isPresent() && tabs.containsKey(c.newTab().get())) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "tab alias '" + c.newTab().get()
          + "' is already bound to an open tab", Map.of("alias", c.newTab().get()));
    }
    Located l = interactable(c.target(), d, Need.ACTIONABLE);
    popupsOpened.clear();
    popupAlias = c.newTab().orElse(null);
    try {
      focused = l.element();
      Runnable press = switch (c.button()) {
        case LEFT -> () -> behaviours.click(l.element(), c.modifiers());
        case RIGHT -> () -> behaviours.contextMenu(l.element());
        case MIDDLE -> () -> behaviours.auxClick(l.element());
      };
      press.run();
      if (c.newTab().isPresent() && popupsOpened.isEmpty()
          && clock.waitFor(d.at(), () -> popupsOpened.isEmpty() ? Optional.empty() : Optional.of(true)).isEmpty()) {
        throw new FlowTimeoutException(ErrorCode.TIMEOUT, "the click on " + c.target().describe()
            + " opened no new tab for alias '" + c.newTab().get() + "' within " + d.millis() + " ms",
            Map.of("alias", c.newTab().get(), "target", c.target().describe()));
      }
    } finally {
      popupAlias = null;
    }
    ActionResult.Builder b = ActionResult.builder().resolution(l.resolution());
    if (!popupsOpened.isEmpty()) {
      b.openedTab(popupsOpened.get(0));
    }
    return b.build();
  }

  private ActionResult fill(Step.Fill f, Deadline d) {
    Located l = interactable(f.target(), d, Need.EDITABLE);
    Element e = l.element();
    if (!ElementState.isTextField(e)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot fill " + f.target().describe()
          + ": the element is not an <input>, <textarea> or [contenteditable] element (" + e.normalName() + ")",
          Map.of("target", f.target().describe()));
    }
    if (Dom.is(e, "input") && Dom.inputType(e).equals("number") && !f.value().isEmpty()
        && !f.value().trim().matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot type text into input[type=number] "
          + f.target().describe(), Map.of("target", f.target().describe()));
    }
    focused = e;
    ElementState.setValue(e, f.value());
    behaviours.fire(e, "input");
    return ActionResult.of(l.resolution());
  }

  private ActionResult type(Step.Type t, Deadline d) {
    Located l = t.target().isPresent() ? interactable(t.target().get(), d, Need.EDITABLE) : null;
    Element e = l != null ? l.element() : focused;
    if (l != null) {
      focused = e;
    }
    if (e != null && Dom.attached(e) && ElementState.isTextField(e) && ElementState.enabled(e) && !ElementState.readonly(e)) {
      behaviours.insert(e, t.text());
    }
    return l == null ? ActionResult.none() : ActionResult.of(l.resolution());
  }

  private ActionResult select(Step.Select s, Deadline d) {
    Located l = interactable(s.target(), d, Need.ACTIONABLE);
    Element select = l.element();
    if (!Dom.is(select, "select")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot select an option in " + s.target().describe()
          + ": the element is not a <select> element (" + select.normalName() + ")", Map.of("target", s.target().describe()));
    }
    if (s.value().isEmpty() && s.label().isEmpty()) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "select needs a value or a label", Map.of());
    }
    Optional<Element> option = clock.waitFor(d.at(), () -> ElementState.options(select).stream()
        .filter(o -> s.value().map(v -> ElementState.optionValue(o).equals(v))
            .orElseGet(() -> ElementState.optionLabel(o).equals(RenderedText.normalize(s.label().get()))))
        .findFirst());
    if (option.isEmpty()) {
      String what = s.value().map(v -> "value '" + v + "'").orElseGet(() -> "label '" + s.label().get() + "'");
      throw new FlowTimeoutException(ErrorCode.TIMEOUT, "timed out after " + d.millis() + " ms waiting for an option with "
          + what + " in " + s.target().describe(), Map.of("target", s.target().describe()));
    }
    focused = select;
    ElementState.select(select, option.get());
    behaviours.fire(select, "input");
    behaviours.fire(select, "change");
    return ActionResult.of(l.resolution());
  }

  /** check (TRUE), uncheck (FALSE) or toggle (null). */
  private ActionResult check(Target target, Deadline d, Boolean wanted) {
    Located l = interactable(target, d, Need.ACTIONABLE);
    Element e = l.element();
    if (!ElementState.isCheckable(e)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot check " + target.describe()
          + ": the element is not a checkbox or radio button (" + e.normalName() + ")", Map.of("target", target.describe()));
    }
    boolean radio = ElementState.isRadio(e) || "radio".equals(Aria.role(e));
    if (Boolean.FALSE.equals(wanted) && radio) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot uncheck radio button " + target.describe()
          + "; check another radio of its group instead", Map.of("target", target.describe()));
    }
    focused = e;
    boolean before = ElementState.checked(e);
    if (wanted != null && before == wanted) {
      return ActionResult.of(l.resolution());
    }
    behaviours.click(e, List.of());
    if (wanted != null && Dom.attached(e) && ElementState.checked(e) != wanted) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "clicking " + target.describe()
          + " did not change its checked state", Map.of("target", target.describe()));
    }
    return ActionResult.of(l.resolution());
  }

  private ActionResult scroll(Step.Scroll s, Deadline d) {
    if (s.mode() == Step.ScrollMode.INTO_VIEW && s.target().isEmpty()) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "scroll intoView needs a target", Map.of("stepId", s.id()));
    }
    if (s.target().isPresent()) {
      Located l = interactable(s.target().get(), d, Need.VISIBLE);
      return ActionResult.of(l.resolution());
    }
    Tab tab = requireTab();
    currentDocument();
    boolean relative = switch (s.mode()) {
      case BY -> true;
      case TO -> false;
      case INTO_VIEW -> throw new IllegalStateException("scroll intoView has a target, handled above");
    };
    if (relative) {
      tab.scrollX += s.x();
      tab.scrollY += s.y();
    } else {
      tab.scrollX = s.x();
      tab.scrollY = s.y();
    }
    spend(driver.actionDelayMillis(), d, "scrolling the page");
    return ActionResult.none();
  }

  private ActionResult upload(Step.Upload u, Deadline d) {
    Located l = interactable(u.target(), d, Need.NONE);
    Element e = l.element();
    if (!Dom.is(e, "input") || !Dom.inputType(e).equals("file")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot upload to " + u.target().describe()
          + ": the element is not an <input type=file>", Map.of("target", u.target().describe()));
    }
    if (u.files().size() > 1 && !e.hasAttr("multiple")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the file input " + u.target().describe()
          + " accepts a single file, not " + u.files().size(), Map.of("target", u.target().describe()));
    }
    List<String> names = new ArrayList<>();
    for (String f : u.files()) {
      Path p = Path.of(f);
      if (!Files.isRegularFile(p)) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "upload file not found: " + p.getFileName(),
            Map.of("file", String.valueOf(p.getFileName())));
      }
      names.add(String.valueOf(p.getFileName()));
    }
    ElementData.of(e).files = names;
    behaviours.fire(e, "input");
    behaviours.fire(e, "change");
    return ActionResult.of(l.resolution());
  }

  @Override
  public ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout) {
    requireOpen();
    if (what == Step.ReadKind.ATTRIBUTE && attribute.map(String::isBlank).orElse(true)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "reading an attribute needs the attribute's name",
          Map.of("target", target.describe()));
    }
    Located l = locate(target, deadline(timeout), Need.NONE);
    injectFault(target, l);
    Element e = l.element();
    return switch (what) {
      case VALUE -> {
        String v = ElementState.value(e);
        if (v == null) {
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot read the value of " + target.describe()
              + ": the element is not an <input>, <textarea> or <select> element (" + e.normalName() + ")",
              Map.of("target", target.describe()));
        }
        yield ReadResult.of(v, l.resolution());
      }
      case ATTRIBUTE -> ReadResult.of(Dom.attrOr(e, attribute.get().toLowerCase(Locale.ROOT), ""), l.resolution());
      case TEXT -> ReadResult.of(RenderedText.normalize(RenderedText.innerText(e)), l.resolution());
    };
  }

  @Override
  public ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit, Duration timeout) {
    requireOpen();
    if (limit < 0) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "scrape limit must not be negative, not " + limit, Map.of());
    }
    Deadline d = deadline(timeout);
    if (mode == Step.ScrapeMode.ATTRIBUTES) {
      Candidate first = target.candidates().get(0);
      Probe[] last = {null};
      Optional<List<Element>> found = clock.waitFor(d.at(), () -> {
        Probe p = scopesOf(target);
        last[0] = p;
        if (p.frameError() != null) {
          return Optional.empty();
        }
        List<Element> m = CandidateQuery.matches(first, p.scopes());
        return m.isEmpty() ? Optional.empty() : Optional.of(m);
      });
      if (found.isEmpty()) {
        if (last[0].frameError() != null) {
          throw last[0].frameError();
        }
        throw new TargetException(target, Resolution.of(countsWithFirst(target, 0), -1));
      }
      Resolution r = Resolution.of(countsWithFirst(target, found.get().size()), 0);
      for (Element e : found.get()) {
        injectFault(target, new Located(e, r));
      }
      return ScrapeResult.of(Scraper.attributes(found.get(), attributes, limit), r);
    }
    Located l = locate(target, d, Need.NONE);
    injectFault(target, l);
    List<Map<String, String>> items = switch (mode) {
      case LINKS -> Scraper.links(l.element(), limit, this);
      case TABLE -> Scraper.table(l.element(), limit, target);
      case ATTRIBUTES -> throw new IllegalStateException("attributes are scraped above");
    };
    return ScrapeResult.of(items, l.resolution());
  }

  private static List<Integer> countsWithFirst(Target target, int first) {
    List<Integer> counts = new ArrayList<>(Collections.nCopies(target.candidates().size(), -1));
    counts.set(0, first);
    return counts;
  }

  // ------------------------------------------------------------------ conditions

  @Override
  public boolean test(Condition condition) {
    requireOpen();
    return conditions.observe(condition).holds();
  }

  @Override
  public void await(Condition condition, Duration timeout) {
    requireOpen();
    conditions.await(condition, deadline(timeout));
  }

  // ------------------------------------------------------------------ everything else

  /** Always {@code UNSUPPORTED_STEP}: the in-memory driver runs no scripts. */
  @Override
  public String eval(String script, Duration timeout) {
    requireOpen();
    throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
        "the in-memory driver runs no scripts; eval needs a browser driver", Map.of());
  }

  @Override
  public Path screenshot(ScreenshotRequest request) {
    requireOpen();
    Deadline d = deadline(Duration.ofMillis(SCREENSHOT_TIMEOUT_MS));
    StringBuilder description = new StringBuilder("browserflow in-memory screenshot");
    Tab tab = requireTab();
    description.append("; url=").append(tab.document.url).append("; title=").append(tab.document.title());
    description.append("; viewport=").append(viewportWidth).append('x').append(viewportHeight);
    description.append("; fullPage=").append(request.fullPage());
    if (request.target().isPresent()) {
      locate(request.target().get(), d, Need.VISIBLE);
      description.append("; target=").append(request.target().get().describe());
    }
    if (!request.mask().isEmpty()) {
      description.append("; masked=").append(request.mask().stream().map(Target::describe)
          .collect(Collectors.joining(" ; ", "[", "]")));
    }
    try {
      Path file = request.file();
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
      Files.write(file, PlaceholderPng.render(description.toString()));
      return file;
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "could not write the screenshot " + request.file()
          + ": " + e.getMessage(), Map.of("file", String.valueOf(request.file())), e);
    }
  }

  @Override
  public List<DownloadInfo> downloads() {
    return List.copyOf(downloads);
  }

  @Override
  public List<String> blockedRequests() {
    return List.copyOf(blocked);
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    for (Tab t : tabs.values()) {
      unload(t.document);
    }
    tabs.clear();
    current = null;
    closed = true;
    driver.forget(this);
  }

  // ------------------------------------------------------------------ resolution

  Deadline deadline(Duration timeout) {
    long ms = Math.max(0, timeout.toMillis());
    return new Deadline(clock.now() + ms, ms);
  }

  /** Waits for a unique match in the needed state; throws the target, frame or timeout error otherwise. */
  Located locate(Target target, Deadline d, Need need) {
    Probe[] last = {null};
    String[] reason = {null};
    Optional<Located> found = clock.waitFor(d.at(), () -> {
      Probe p = probe(target);
      last[0] = p;
      if (p.element() == null) {
        return Optional.empty();
      }
      reason[0] = unactionable(p.element(), need);
      return reason[0] == null ? Optional.of(new Located(p.element(), p.resolution())) : Optional.empty();
    });
    if (found.isPresent()) {
      return found.get();
    }
    Probe p = last[0];
    if (p.frameError() != null) {
      throw p.frameError();
    }
    if (p.element() == null) {
      throw new TargetException(target, p.resolution());
    }
    throw new FlowTimeoutException(ErrorCode.TIMEOUT, "timed out after " + d.millis() + " ms waiting for "
        + target.describe() + " to be actionable: " + reason[0],
        Map.of("target", target.describe(), "candidates", p.resolution().describe(target), "reason", reason[0]));
  }

  /** {@link #locate}, then the configured action delay and any injected failure. */
  private Located interactable(Target target, Deadline d, Need need) {
    Located l = locate(target, d, need);
    spend(driver.actionDelayMillis(), d, "acting on " + target.describe());
    injectFault(target, l);
    return l;
  }

  private static String unactionable(Element e, Need need) {
    if (need == Need.NONE) {
      return null;
    }
    if (!ElementState.visible(e)) {
      return "element is hidden";
    }
    if (need == Need.VISIBLE) {
      return null;
    }
    if (!ElementState.enabled(e)) {
      return "element is disabled";
    }
    if (need == Need.EDITABLE && ElementState.readonly(e)) {
      return "element is readonly";
    }
    return null;
  }

  private void spend(long delayMs, Deadline d, String what) {
    if (delayMs <= 0) {
      return;
    }
    if (clock.now() + delayMs > d.at()) {
      clock.advanceTo(d.at());
      throw new FlowTimeoutException(ErrorCode.TIMEOUT, what + " takes " + delayMs + " ms (configured action delay), "
          + "longer than the " + d.millis() + " ms timeout", Map.of("delayMs", String.valueOf(delayMs)));
    }
    clock.advanceBy(delayMs);
  }

  private void injectFault(Target target, Located l) {
    Optional<ErrorCode> code = driver.faults().consume(l.element());
    if (code.isEmpty()) {
      return;
    }
    String message = "injected failure (InMemoryPageDriver.failNext) on " + target.describe();
    Map<String, String> details = Map.of("target", target.describe(), "injected", "true");
    int n = target.candidates().size();
    switch (code.get()) {
      case TARGET_NOT_FOUND:
        throw new TargetException(target, Resolution.of(Collections.nCopies(n, 0), -1));
      case TARGET_AMBIGUOUS: {
        List<Integer> counts = new ArrayList<>(Collections.nCopies(n, 0));
        if (n > 0) {
          counts.set(0, 2);
        }
        throw new TargetException(target, Resolution.of(counts, -1));
      }
      case TIMEOUT:
      case NAVIGATION_TIMEOUT:
        throw new FlowTimeoutException(code.get(), message, details);
      default:
        throw new FlowRunException(code.get(), message, details);
    }
  }

  /** One evaluation of a target in the current frame context, then its frame path and shadow path. */
  Probe probe(Target target) {
    Probe scopes = scopesOf(target);
    if (scopes.frameError() != null) {
      return scopes;
    }
    List<Integer> counts = new ArrayList<>();
    Element winner = null;
    for (Candidate c : target.candidates()) {
      if (winner != null) {
        counts.add(-1);
        continue;
      }
      List<Element> m = CandidateQuery.matches(c, scopes.scopes());
      counts.add(m.size());
      if (m.size() == 1) {
        winner = m.get(0);
      }
    }
    return new Probe(Resolution.strict(counts), winner, null, scopes.scopes());
  }

  /** The roots a target's candidates are matched in; a frame path that does not resolve gives a frame error. */
  private Probe scopesOf(Target target) {
    PageDocument doc = currentDocument();
    for (String f : target.framePath()) {
      FrameLookup l = lookupFrame(doc, f);
      if (l.nonFrame != null) {
        throw frameError(l);
      }
      if (l.owner == null) {
        List<Integer> none = Collections.nCopies(target.candidates().size(), -1);
        return new Probe(Resolution.of(none, -1), null, frameError(l), List.of());
      }
      doc = ElementData.of(l.owner).contentDocument;
    }
    List<Element> scopes = new ArrayList<>(List.of(doc.dom));
    for (String host : target.shadowPath()) {
      List<Element> next = new ArrayList<>();
      for (Element h : CssQuery.parse(host).select(scopes, true)) {
        ShadowRoot root = ShadowRoot.of(h);
        if (root != null && root.open) {
          next.add(root.container);
        }
      }
      scopes = next;
    }
    return new Probe(null, null, null, scopes);
  }

  /** Number of elements the first candidate matches (frame path and shadow path honoured; 0 when the frame is missing). */
  int countFirst(Target target) {
    Probe p = scopesOf(target);
    if (p.frameError() != null || target.candidates().isEmpty()) {
      return 0;
    }
    return CandidateQuery.matches(target.candidates().get(0), p.scopes()).size();
  }

  // ------------------------------------------------------------------ frames

  static final class FrameLookup {
    String locator;
    PageDocument doc;
    Element owner;
    int count;
    Element nonFrame;
  }

  private static FrameLookup lookupFrame(PageDocument doc, String locator) {
    FrameLookup l = new FrameLookup();
    l.locator = locator;
    l.doc = doc;
    List<Element> found = FrameLocator.parse(locator).find(doc);
    l.count = found.size();
    if (found.size() == 1) {
      Element e = found.get(0);
      if (FrameLocator.isFrame(e)) {
        l.owner = e;
      } else {
        l.nonFrame = e;
      }
    }
    return l;
  }

  private static FlowRunException frameError(FrameLookup l) {
    Map<String, String> details = Map.of("frame", l.locator, "url", l.doc.url);
    if (l.nonFrame != null) {
      return new FlowRunException(ErrorCode.FRAME_OWNER_NOT_IFRAME, "frame locator '" + l.locator + "' matches a <"
          + l.nonFrame.normalName() + ">, not an iframe or frame", details);
    }
    if (l.count > 1) {
      return new FlowRunException(ErrorCode.FRAME_AMBIGUOUS, l.count + " frames match '" + l.locator + "' in "
          + l.doc.url + "; use a more specific selector, url: or name:", details);
    }
    return new FlowRunException(ErrorCode.FRAME_NOT_FOUND, "no frame matches '" + l.locator + "' in " + l.doc.url,
        details);
  }

  /** The document of the current frame context; {@code FRAME_CONTEXT_LOST} when an entered frame went away. */
  PageDocument currentDocument() {
    Tab tab = requireTab();
    PageDocument doc = tab.document;
    for (int i = 0; i < frameOwners.size(); i++) {
      Element owner = frameOwners.get(i);
      if (Dom.document(owner) != doc || !doc.live || ElementData.of(owner).contentDocument == null) {
        throw new FlowRunException(ErrorCode.FRAME_CONTEXT_LOST, "the frame '" + frameLocators.get(i)
            + "' entered earlier is gone (detached or its page navigated); return to the main frame or enter it again",
            Map.of("framePath", String.join(" > ", frameLocators)));
      }
      doc = ElementData.of(owner).contentDocument;
    }
    return doc;
  }

  private void resetFrame() {
    frameOwners.clear();
    frameLocators.clear();
  }

  // ------------------------------------------------------------------ navigation and loading

  private void explicitNavigation(Tab tab, String url, Deadline d, Runnable commit) {
    requireOpen();
    if (denied(url)) {
      block(url);
      throw new FlowRunException(ErrorCode.NETWORK_ATTEMPT, "network access is denied for " + stripQuery(url)
          + " (origin not in the allowed origins)", Map.of("url", stripQuery(url)));
    }
    Optional<ErrorCode> fault = driver.faults().consumeNavigation(url);
    if (fault.isPresent()) {
      String message = "injected navigation failure (InMemoryPageDriver.failNextNavigation) for " + stripQuery(url);
      Map<String, String> details = Map.of("url", stripQuery(url), "injected", "true");
      if (fault.get() == ErrorCode.TIMEOUT || fault.get() == ErrorCode.NAVIGATION_TIMEOUT) {
        throw new FlowTimeoutException(fault.get(), message, details);
      }
      throw new FlowRunException(fault.get(), message, details);
    }
    long delay = driver.navigationDelayMillis();
    if (delay > 0) {
      if (clock.now() + delay > d.at()) {
        clock.advanceTo(d.at());
        throw new FlowTimeoutException(ErrorCode.NAVIGATION_TIMEOUT, "navigation to " + stripQuery(url)
            + " did not finish within " + d.millis() + " ms", Map.of("url", stripQuery(url)));
      }
      clock.advanceBy(delay);
    }
    commit.run();
    resetFrame();
  }

  /** Shows {@code url} in a tab, pushing a history entry (push) or keeping the history as it is. */
  private void commit(Tab tab, String url, boolean push) {
    if (push) {
      while (tab.history.size() > tab.index + 1) {
        tab.history.remove(tab.history.size() - 1);
      }
      tab.history.add(url);
      tab.index = tab.history.size() - 1;
    }
    PageDocument old = tab.document;
    if (old != null && old.live && url.contains("#") && !old.url.equals("about:blank")
        && InMemoryPageDriver.withoutFragment(old.url).equals(InMemoryPageDriver.withoutFragment(url))) {
      old.url = url; // a fragment navigation keeps the document
      return;
    }
    replaceDocument(tab, url);
  }

  private void replaceDocument(Tab tab, String url) {
    unload(tab.document);
    tab.document = load(url, null, 0);
    if (focused != null && !Dom.attached(focused)) {
      focused = null;
    }
  }

  /** A navigation a page caused (link, form, behaviour): after the navigation delay, in the document's own frame. */
  void navigateFrom(PageDocument from, String url) {
    if (from == null) {
      return;
    }
    if (denied(url)) {
      block(url);
      return;
    }
    Runnable go = () -> {
      if (!from.live) {
        return;
      }
      if (from.owner == null) {
        Tab tab = tabOf(from);
        if (tab != null) {
          commit(tab, url, true);
        }
      } else {
        Element owner = from.owner;
        unload(from);
        ElementData.of(owner).contentDocument = load(url, owner, depthOf(owner) + 1);
      }
    };
    long delay = driver.navigationDelayMillis();
    if (delay > 0) {
      clock.schedule(delay, from, go);
    } else {
      go.run();
    }
  }

  /** Opens a popup tab (bound to the alias of the running click's {@code newTab}, else to {@code popup-N}). */
  void openPopup(PageDocument from, String url) {
    PageDocument top = topDocument(from);
    Tab opener = top == null ? null : tabOf(top);
    String alias = popupAlias != null && !tabs.containsKey(popupAlias) ? popupAlias : nextAutoAlias();
    Tab tab = new Tab(alias, opener == null ? null : opener.alias);
    tab.document = load("about:blank", null, 0);
    tabs.put(alias, tab);
    popupsOpened.add(alias);
    if (denied(url)) {
      block(url);
    } else {
      commit(tab, url, true);
    }
  }

  private String nextAutoAlias() {
    String alias;
    do {
      alias = "popup-" + (++autoAliases);
    } while (tabs.containsKey(alias));
    return alias;
  }

  PageDocument topDocument(PageDocument doc) {
    PageDocument d = doc;
    while (d != null && d.owner != null) {
      d = Dom.document(d.owner);
    }
    return d;
  }

  private Tab tabOf(PageDocument top) {
    for (Tab t : tabs.values()) {
      if (t.document == top) {
        return t;
      }
    }
    return null;
  }

  private static int depthOf(Element owner) {
    int depth = 0;
    for (PageDocument d = Dom.document(owner); d != null && d.owner != null; d = Dom.document(d.owner)) {
      depth++;
    }
    return depth;
  }

  /** Parses and activates a document: timers scheduled, frames loaded. */
  PageDocument load(String url, Element owner, int depth) {
    String html;
    if (url.equals("about:blank")) {
      html = "";
    } else if (denied(url)) {
      block(url);
      html = "";
    } else {
      String registered = driver.html(url);
      html = registered != null ? registered : NOT_FOUND_HTML;
    }
    PageDocument doc = PageParser.parse(html, url);
    doc.owner = owner;
    if (owner != null && url.equals("about:blank")) {
      doc.baseUrl = Dom.document(owner) == null ? url : Dom.document(owner).baseUrl;
    }
    activate(doc, depth);
    return doc;
  }

  private void activate(PageDocument doc, int depth) {
    doc.live = true;
    for (Element e : Dom.allDescendants(doc.dom)) {
      if (FrameLocator.isFrame(e)) {
        loadFrame(doc, e, depth + 1);
      }
    }
    behaviours.scheduleTimers(doc);
  }

  private void loadFrame(PageDocument parent, Element frame, int depth) {
    if (depth > MAX_FRAME_DEPTH) {
      ElementData.of(frame).contentDocument = load("about:blank", frame, depth);
    } else if (frame.hasAttr("srcdoc")) {
      PageDocument doc = PageParser.parse(Dom.attr(frame, "srcdoc"), "about:srcdoc");
      doc.owner = frame;
      doc.baseUrl = parent.baseUrl;
      ElementData.of(frame).contentDocument = doc;
      activate(doc, depth);
    } else if (frame.hasAttr("src") && !Dom.attr(frame, "src").isBlank()) {
      ElementData.of(frame).contentDocument = load(resolveUrl(parent.baseUrl, Dom.attr(frame, "src")), frame, depth);
    } else {
      ElementData.of(frame).contentDocument = load("about:blank", frame, depth);
    }
  }

  private void unload(PageDocument doc) {
    if (doc == null || !doc.live) {
      return;
    }
    doc.live = false;
    clock.cancel(doc);
    for (Element e : Dom.allDescendants(doc.dom)) {
      if (ElementData.of(e).contentDocument != null) {
        unload(ElementData.of(e).contentDocument);
      }
    }
  }

  /** Resolves a reference against a base URL as browsers do (fragment-only and query-only references included). */
  String resolveUrl(String base, String ref) {
    String r = ref.trim();
    try {
      if (URI.create(r.replace(" ", "%20")).isAbsolute()) {
        return r;
      }
    } catch (IllegalArgumentException e) {
      throw malformed(r);
    }
    if (base == null || !base.contains("://")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot resolve the relative URL '" + r + "' against " + base
          + "; use an absolute URL", Map.of("url", r));
    }
    if (r.isEmpty()) {
      return InMemoryPageDriver.withoutFragment(base);
    }
    if (r.startsWith("#")) {
      return InMemoryPageDriver.withoutFragment(base) + r;
    }
    if (r.startsWith("?")) {
      return InMemoryPageDriver.withoutQuery(InMemoryPageDriver.withoutFragment(base)) + r;
    }
    try {
      URI b = URI.create(base);
      if (b.getRawPath() == null || b.getRawPath().isEmpty()) {
        b = URI.create(b.getScheme() + "://" + b.getRawAuthority() + "/");
      }
      return b.resolve(r.replace(" ", "%20")).toString();
    } catch (IllegalArgumentException e) {
      throw malformed(r);
    }
  }

  private static FlowRunException malformed(String url) {
    return new FlowRunException(ErrorCode.ACTION_FAILED, "malformed URL '" + url + "'", Map.of("url", url));
  }

  private boolean denied(String url) {
    if (!options.denyNetwork()) {
      return false;
    }
    String origin = origin(url);
    if (origin == null) {
      return false; // about:, data: and other local schemes never touch the network
    }
    for (String allowed : options.allowedOrigins()) {
      String a = origin(allowed);
      if (origin.equals(a != null ? a : allowed.toLowerCase(Locale.ROOT))) {
        return false;
      }
    }
    return true;
  }

  /** {@code scheme://host[:port]} in lower case, default ports dropped; null for non-network URLs. */
  static String origin(String url) {
    try {
      URI u = URI.create(url.trim());
      String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
      if (!List.of("http", "https", "ws", "wss").contains(scheme) || u.getHost() == null) {
        return null;
      }
      int port = u.getPort();
      boolean defaultPort = port == -1 || (port == 80 && (scheme.equals("http") || scheme.equals("ws")))
          || (port == 443 && (scheme.equals("https") || scheme.equals("wss")));
      return scheme + "://" + u.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private void block(String url) {
    blocked.add(stripQuery(url));
  }

  private static String stripQuery(String url) {
    return InMemoryPageDriver.withoutQuery(InMemoryPageDriver.withoutFragment(url));
  }

  byte[] pageBytes(String url) {
    String html = denied(url) ? null : driver.html(url);
    return html == null ? new byte[0] : html.getBytes(StandardCharsets.UTF_8);
  }

  /** Saves a download under the artifacts directory's {@code downloads} folder. */
  void download(String suggestedName, byte[] content) {
    String safe = suggestedName.replaceAll("[\\\\/:*?\"<>|\\x00-\\x1f]", "_");
    if (safe.isBlank() || safe.equals(".") || safe.equals("..")) {
      safe = "download";
    }
    try {
      Path dir = artifacts().resolve("downloads");
      Files.createDirectories(dir);
      Path file = dir.resolve(safe);
      for (int i = 2; Files.exists(file); i++) {
        file = dir.resolve(i + "-" + safe);
      }
      Files.write(file, content);
      downloads.add(DownloadInfo.of(suggestedName, file));
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "could not save the download " + safe + ": " + e.getMessage(),
          Map.of("file", safe), e);
    }
  }

  private Path artifacts() throws IOException {
    if (artifacts == null) {
      artifacts = options.artifactsDir().isPresent() ? options.artifactsDir().get()
          : Files.createTempDirectory("browserflow-in-memory-");
    }
    return artifacts;
  }

  // ------------------------------------------------------------------ misc

  String topUrl() {
    return current == null ? "" : current.document.url;
  }

  String topTitle() {
    return current == null ? "" : current.document.title();
  }

  boolean hasTab() {
    return current != null;
  }

  private Tab requireTab() {
    requireOpen();
    if (current == null) {
      throw new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no tab is open in this session; open one with newTab",
          Map.of());
    }
    return current;
  }

  private void requireOpen() {
    if (closed) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "the session is closed", Map.of());
    }
  }

  private FlowRunException tabNotFound(String alias) {
    return new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no open tab is bound to alias '" + alias + "'; open tabs: "
        + String.join(", ", tabs.keySet()), Map.of("alias", alias, "tabs", String.join(",", tabs.keySet())));
  }
}
