package io.browserflow.playwright;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Policy;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Input;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.validate.FlowLint;
import io.browserflow.api.validate.LintCode;
import io.browserflow.api.validate.LintReport;
import io.browserflow.api.validate.LintWarning;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Turns captured events into steps: keeps the tab and frame context the replay will be in, merges
 * what belongs together (a click that only focused a field and its fill, the clicks of a double
 * click, consecutive scrolls), turns navigations caused by an action into {@code expect url}, and
 * names credentials and inputs. Not thread-safe: the {@link Recording} serializes calls.
 */
final class DraftBuilder {
  static final String MAIN = "main";
  private static final long NAVIGATION_WINDOW_MS = 10_000;
  private static final long POPUP_WINDOW_MS = 5_000;
  private static final long SELF_CLOSE_WINDOW_MS = 2_000;

  /** A frame an event came from: owner selectors from the main frame down, and each frame's URL. */
  static final class FrameRef {
    final List<String> owners;
    final List<String> urls;

    FrameRef(List<String> owners, List<String> urls) {
      this.owners = List.copyOf(owners);
      this.urls = List.copyOf(urls);
    }

    static final FrameRef MAIN_FRAME = new FrameRef(List.of(), List.of());
  }

  private static final class Tab {
    final String opener;
    String url;

    Tab(String opener) {
      this.opener = opener;
    }
  }

  private static final class Entry {
    Step step;
    final String tab;
    final long at;
    final String key;
    final boolean field;

    Entry(Step step, String tab, long at, String key, boolean field) {
      this.step = step;
      this.tab = tab;
      this.at = at;
      this.key = key;
      this.field = field;
    }
  }

  private final RecorderOptions options;
  private final List<Entry> entries = new ArrayList<>();
  private final List<LintWarning> warnings = new ArrayList<>();
  private final List<Consumer<RecordingListener>> outbox = new ArrayList<>();
  private final Map<String, Tab> tabs = new LinkedHashMap<>();
  private final Map<String, Credential> credentials = new LinkedHashMap<>();
  private final Map<String, String> secretKeys = new HashMap<>();
  private final Map<String, Input> inputs = new LinkedHashMap<>();
  private final Map<String, String> inputKeys = new HashMap<>();
  private String currentTab = MAIN;
  private List<String> currentFrames = List.of(); // null: unknown after a navigation
  private int nextId;
  private int popups;
  private int tabsAdded;
  private String baseOrigin;
  private boolean paused;
  private String pausedBy;

  DraftBuilder(RecorderOptions options) {
    this.options = options;
    tabs.put(MAIN, new Tab(null));
  }

  // ================================================================= state

  boolean paused() {
    return paused;
  }

  void pause() {
    paused = true;
  }

  void resume() {
    if (pausedBy != null) {
      throw new IllegalStateException("the recording reached a capacity limit (" + pausedBy + "); stop it and start a new one");
    }
    paused = false;
  }

  Optional<String> limitReached() {
    return Optional.ofNullable(pausedBy);
  }

  int stepCount() {
    return entries.size();
  }

  boolean knows(String alias) {
    return tabs.containsKey(alias);
  }

  // ================================================================= events

  /** The recording starts on {@code url} in the main tab (nothing to record for blank pages). */
  void start(String url) {
    if (url != null && !url.isBlank() && !url.equals("about:blank")) {
      tabs.get(MAIN).url = url;
      add(Step.Open.builder().id(id()).url(pageUrl(url)).title("Open " + shortUrl(url)).build(), MAIN, 0, "", false);
    }
  }

  void event(String tab, FrameRef frame, JsonNode ev, long now) {
    if (paused || !tabs.containsKey(tab)) {
      return;
    }
    String type = ev.path("type").asText();
    if (type.equals("skip")) {
      warn(LintWarning.of(LintCode.OVERLAY_CLICK, LintWarning.Severity.WARNING, "", null,
          "a click on what looks like a loading mask or overlay (" + ev.path("what").asText() + ") was not recorded",
          "if the click was meant, record it again once the overlay is gone, or add it by hand"));
      return;
    }
    JsonNode tn = ev.get("target");
    Target target = tn == null ? null : target(tn);
    // the key names the element: tab, frames and candidates (a page scroll has no target, only its tab and frames)
    String key = tab + " | " + String.join(" > ", frame.owners) + " | " + (tn == null ? "" : tn.path("c") + "" + tn.path("shadow"));
    sync(tab, frame, now);
    Entry last = entries.isEmpty() ? null : entries.get(entries.size() - 1); // after sync: merges never swallow a context step
    Recorded previous = last == null ? Recorded.OTHER : Recorded.of(last.step);
    switch (type) {
      case "click": {
        Step.Click.Builder b = Step.Click.builder().id(id()).target(target).title("Click " + label(target));
        if (ev.path("button").asText().equals("middle")) {
          b.button(Step.MouseButton.MIDDLE);
        }
        ev.path("modifiers").forEach(m -> b.addModifiers(m.asText()));
        if (ev.has("offset")) {
          b.offset(Point.of(ev.path("offset").path("x").asDouble(), ev.path("offset").path("y").asDouble()));
        }
        add(b.build(), tab, now, key, ev.path("field").asBoolean());
        break;
      }
      case "dblclick": {
        // the page fires click, click, dblclick; the capture drops the second click, the first is folded in here
        if (last != null && previous.click().isPresent() && last.key.equals(key) && now - last.at < 1500) {
          entries.remove(entries.size() - 1);
        }
        add(Step.Dblclick.builder().id(id()).target(target).title("Double-click " + label(target)).build(), tab, now, key, false);
        break;
      }
      case "contextmenu":
        add(Step.Contextmenu.builder().id(id()).target(target).title("Right-click " + label(target)).build(), tab, now, key, false);
        break;
      case "hover":
        add(Step.Hover.builder().id(id()).target(target).title("Hover " + label(target)).build(), tab, now, key, false);
        break;
      case "fill": {
        String value;
        String title;
        if (ev.path("secret").asBoolean()) {
          // one credential per secret field, even when its candidates change (a show-password toggle)
          String field = ev.path("field").asInt() > 0 ? tab + " | " + String.join(" > ", frame.owners) + " | secret#"
              + ev.path("field").asInt() : key;
          String cred = credentialFor(field, ev.path("secretKind").asText(), ev.path("hint").asText());
          value = "${credential." + cred + "}";
          title = "Fill " + label(target) + " from credential " + cred;
        } else {
          String typed = ev.path("value").asText();
          if (typed.length() > options.limits().maxValueChars()) {
            limit("a value of " + typed.length() + " characters was typed into " + label(target) + "; the limit is "
                + options.limits().maxValueChars());
            return;
          }
          if (options.parameterize()) {
            // typing goes on in the same field: its input keeps its key and takes the longer value as default
            String k = last != null && last.key.equals(key)
                ? previous.fill().map(f -> inputKeyOf(f.value())).orElse(null) : null;
            if (k != null) {
              inputs.put(k, Input.builder().from(inputs.get(k)).defaultValue(typed).build());
            } else {
              k = inputFor(key, typed, ev.path("hint").asText(), label(target));
            }
            value = "${input." + k + "}";
          } else {
            value = typed;
          }
          title = "Fill " + label(target);
        }
        Step fill = Step.Fill.builder().id(id()).target(target).value(value).title(title).build();
        if (last != null && last.key.equals(key) && (previous.fill().isPresent() || (previous.click().isPresent() && last.field))) {
          replaceLast(fill.withId(last.step.id()), tab, now, key, false);
        } else {
          add(fill, tab, now, key, false);
        }
        break;
      }
      case "select": {
        Step.Select.Builder b = Step.Select.builder().id(id()).target(target);
        String value = ev.path("value").asText();
        String text = ev.path("label").asText();
        if (!value.isEmpty()) {
          b.value(value);
        } else {
          b.label(text);
        }
        add(b.title("Select " + (text.isEmpty() ? value : text) + " in " + label(target)).build(), tab, now, key, false);
        break;
      }
      case "check":
        add(Step.Check.builder().id(id()).target(target).title("Check " + label(target)).build(), tab, now, key, false);
        break;
      case "uncheck":
        add(Step.Uncheck.builder().id(id()).target(target).title("Uncheck " + label(target)).build(), tab, now, key, false);
        break;
      case "press": {
        Step.Press.Builder b = Step.Press.builder().id(id()).key(ev.path("key").asText());
        ev.path("modifiers").forEach(m -> b.addModifiers(m.asText()));
        if (target != null) {
          b.target(target);
        }
        String keys = (ev.path("modifiers").size() > 0 ? joinText(ev.path("modifiers")) + "+" : "") + ev.path("key").asText();
        add(b.title("Press " + keys + (target == null ? "" : " in " + label(target))).build(), tab, now, key, false);
        break;
      }
      case "scroll": {
        Step.Scroll.Builder b = Step.Scroll.builder().id(id()).mode(Step.ScrollMode.TO)
            .x(ev.path("x").asInt()).y(ev.path("y").asInt());
        if (target != null) {
          b.target(target);
        }
        Step scroll = b.title("Scroll " + (target == null ? "the page" : label(target)) + " to " + ev.path("x").asInt()
            + ", " + ev.path("y").asInt()).build();
        if (last != null && previous.scroll() && last.key.equals(key)) {
          replaceLast(scroll.withId(last.step.id()), tab, now, key, false);
        } else {
          add(scroll, tab, now, key, false);
        }
        break;
      }
      case "drag": {
        Target from = target(ev.get("from"));
        Target to = target(ev.get("to"));
        add(Step.Drag.builder().id(id()).source(from).destination(to).title("Drag " + label(from) + " onto " + label(to)).build(),
            tab, now, "", false);
        break;
      }
      case "upload": {
        int count = Math.max(1, ev.path("count").asInt());
        String base = upperSnake(ev.path("hint").asText()).orElse("UPLOAD");
        base = base.endsWith("FILE") ? base : base + "_FILE";
        List<String> files = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
          String k = unique(count == 1 ? base : base + "_" + i, inputs.keySet());
          inputs.put(k, Input.builder().key(k).label("Path of the file to upload into " + label(target)
              + (count == 1 ? "" : " (" + i + " of " + count + ")")).build());
          files.add("${input." + k + "}");
        }
        add(Step.Upload.builder().id(id()).target(target).files(files).title("Upload into " + label(target)).build(),
            tab, now, key, false);
        break;
      }
      default:
        // an event type this recorder version does not know: say so instead of dropping it silently
        warn(LintWarning.of(LintCode.UNSUPPORTED_EVENT, LintWarning.Severity.WARNING, "", null,
            "a captured event of type '" + type + "' has no step equivalent and was not recorded", "record it by hand"));
    }
  }

  /** The main frame of {@code tab} now shows {@code url}. */
  void navigated(String tab, String url, long now) {
    Tab t = tabs.get(tab);
    if (t == null || url == null || url.isEmpty() || url.equals("about:blank") || url.equals(t.url)) {
      return;
    }
    String previous = t.url;
    t.url = url;
    if (tab.equals(currentTab) && currentFrames != null && !currentFrames.isEmpty()) {
      currentFrames = null;
    }
    if (paused) {
      return;
    }
    if (previous == null) {
      if (tab.equals(MAIN) && entries.stream().noneMatch(e -> e.tab.equals(MAIN))) {
        add(Step.Open.builder().id(id()).url(pageUrl(url)).title("Open " + shortUrl(url)).build(), MAIN, now, "", false);
      }
      return;
    }
    Entry last = entries.isEmpty() ? null : entries.get(entries.size() - 1);
    if (last != null && !last.tab.equals(tab) && isAction(last.step) && now - last.at < NAVIGATION_WINDOW_MS) {
      // an action in another tab (a popup signing in, say) moved this one: the switch back to it expects the URL
      return;
    }
    if (last != null && last.tab.equals(tab) && isAction(last.step) && now - last.at < NAVIGATION_WINDOW_MS) {
      List<Condition> expect = last.step.expect().stream().filter(c -> !c.accept(IS_URL)).collect(Collectors.toList());
      expect.add(Condition.Url.of(UrlGlobs.of(url)));
      last.step = last.step.withExpect(expect);
      Step changed = last.step;
      int count = entries.size();
      notify(l -> l.stepCaptured(changed, count));
      return;
    }
    sync(tab, FrameRef.MAIN_FRAME, now);
    add(Step.Navigate.builder().id(id()).url(pageUrl(url)).title("Go to " + shortUrl(url)).build(), tab, now, "", false);
    currentFrames = List.of();
  }

  /** A page opened by {@code openerTab}; the alias it is bound to, or empty when no recorded click opened it. */
  Optional<String> popup(String openerTab, long now) {
    if (paused) {
      return Optional.empty();
    }
    Entry opener = null;
    for (int i = entries.size() - 1; i >= 0; i--) {
      Entry e = entries.get(i);
      if (e.tab.equals(openerTab)) {
        opener = e;
        break;
      }
    }
    Optional<Step.Click> click = opener == null ? Optional.empty()
        : Recorded.of(opener.step).click().filter(c -> c.newTab().isEmpty());
    if (click.isEmpty() || now - opener.at > POPUP_WINDOW_MS) {
      warn(LintWarning.of(LintCode.UNRECORDED_TAB, LintWarning.Severity.INFO, "", null,
          "a tab opened that no recorded click opened; it is not recorded",
          "call addCurrentTab() (or press the add-tab key) to record it as a new tab"));
      return Optional.empty();
    }
    if (tabs.size() >= options.limits().maxTabAliases()) {
      limit("the flow reached the limit of " + options.limits().maxTabAliases() + " tabs");
      return Optional.empty();
    }
    String alias = "popup" + (++popups);
    tabs.put(alias, new Tab(openerTab));
    opener.step = Step.Click.builder().from(click.get()).newTab(alias).build();
    Step changed = opener.step;
    int count = entries.size();
    notify(l -> l.stepCaptured(changed, count));
    return Optional.of(alias);
  }

  /** A tab the person opened by hand, recorded from now on as {@code tabNew}. */
  Optional<String> addTab(String url, long now) {
    if (tabs.size() >= options.limits().maxTabAliases()) {
      limit("the flow reached the limit of " + options.limits().maxTabAliases() + " tabs");
      return Optional.empty();
    }
    String alias = "tab" + (++tabsAdded + 1);
    while (tabs.containsKey(alias)) {
      alias = "tab" + (++tabsAdded + 1);
    }
    Tab t = new Tab(currentTab);
    tabs.put(alias, t);
    Step.TabNew.Builder b = Step.TabNew.builder().id(id()).alias(alias).title("Open a new tab " + alias);
    if (url != null && !url.isBlank() && !url.equals("about:blank")) {
      t.url = url;
      b.url(pageUrl(url)).title("Open " + shortUrl(url) + " in a new tab " + alias);
    }
    if (!add(b.build(), alias, now, "", false)) {
      tabs.remove(alias);
      return Optional.empty();
    }
    currentTab = alias;
    currentFrames = List.of();
    return Optional.of(alias);
  }

  void tabClosed(String tab, long now) {
    Tab t = tabs.get(tab);
    if (t == null || tab.equals(MAIN)) {
      return;
    }
    Entry last = entries.isEmpty() ? null : entries.get(entries.size() - 1);
    boolean closedByPage = last != null && last.tab.equals(tab) && isAction(last.step) && now - last.at < SELF_CLOSE_WINDOW_MS;
    if (!closedByPage && !paused) {
      add(Step.TabClose.builder().id(id()).alias(tab).title("Close tab " + tab).build(), currentTab, now, "", false);
    }
    if (currentTab.equals(tab)) {
      currentTab = t.opener == null || !tabs.containsKey(t.opener) ? MAIN : t.opener;
      currentFrames = List.of();
    }
  }

  // ================================================================= the draft

  FlowDraft build() {
    List<Step> steps = new ArrayList<>();
    int n = 0;
    for (Entry e : entries) {
      steps.add(e.step.withId("s" + (++n)));
    }
    Flow.Builder b = Flow.builder().name(options.name())
        .meta(FlowMeta.builder().createdAt(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
            .source("recorder").recorderVersion("1").build());
    if (baseOrigin != null) {
      b.addInputs(Input.builder().key("BASE_URL").label("Address of the application, without a trailing slash")
          .type(Input.Type.URL).defaultValue(baseOrigin).build());
    }
    b.addAllInputs(inputs.values());
    b.addAllCredentials(credentials.values());
    tabs.forEach((alias, t) -> {
      if (!alias.equals(MAIN)) {
        TabAlias.Builder ta = TabAlias.builder().alias(alias);
        if (t.opener != null) {
          ta.opener(t.opener);
        }
        b.addTabs(ta.build());
      }
    });
    b.addAllSteps(steps);
    if (steps.stream().anyMatch(s -> Recorded.of(s).upload())) {
      b.policy(Policy.builder().addCapabilities(Capability.FILE_UPLOAD).build());
    }
    Flow flow = b.build();
    List<LintWarning> all = new ArrayList<>(warnings);
    all.addAll(FlowLint.lint(flow).warnings());
    return new FlowDraft(flow, LintReport.of(all), pausedBy);
  }

  // ================================================================= helpers

  /** Emits the tab switch and frame steps that put the replay where the next event happened. */
  private void sync(String tab, FrameRef frame, long now) {
    if (!tab.equals(currentTab)) {
      Step.TabSwitch.Builder b = Step.TabSwitch.builder().id(id()).alias(tab).title("Switch to tab " + tab);
      String url = tabs.get(tab).url;
      if (url != null) {
        b.addExpect(Condition.Url.of(UrlGlobs.of(url)));
      }
      add(b.build(), tab, now, "", false);
      currentTab = tab;
      currentFrames = List.of();
    }
    List<String> want = frame.owners;
    if (currentFrames != null && currentFrames.equals(want)) {
      return;
    }
    int from;
    if (currentFrames != null && currentFrames.size() < want.size() && want.subList(0, currentFrames.size()).equals(currentFrames)) {
      from = currentFrames.size();
    } else {
      add(Step.FrameMain.builder().id(id()).title("Back to the main frame").build(), tab, now, "", false);
      from = 0;
    }
    for (int i = from; i < want.size(); i++) {
      String url = i < frame.urls.size() ? frame.urls.get(i) : "";
      add(Step.Frame.builder().id(id()).locator(want.get(i))
          .title("Enter the frame " + want.get(i) + (url.isEmpty() || url.equals("about:blank") ? "" : " showing " + UrlGlobs.of(url)))
          .build(), tab, now, "", false);
    }
    currentFrames = want;
  }

  private boolean add(Step step, String tab, long at, String key, boolean field) {
    if (paused) {
      return false;
    }
    if (entries.size() >= options.limits().maxSteps()) {
      limit("the flow reached the limit of " + options.limits().maxSteps() + " steps");
      return false;
    }
    entries.add(new Entry(step, tab, at, key, field));
    int count = entries.size();
    notify(l -> l.stepCaptured(step, count));
    return true;
  }

  private void replaceLast(Step step, String tab, long at, String key, boolean field) {
    entries.set(entries.size() - 1, new Entry(step, tab, at, key, field));
    int count = entries.size();
    notify(l -> l.stepCaptured(step, count));
  }

  private void limit(String reason) {
    if (pausedBy == null) {
      pausedBy = reason;
      paused = true;
      warn(LintWarning.of(LintCode.CAPTURE_LIMIT_REACHED, LintWarning.Severity.WARNING, "", null,
          "recording paused: " + reason + "; what followed was not recorded",
          "split the flow, or raise the limit with RecorderOptions.limits"));
      notify(l -> l.paused(reason));
    }
  }

  private void warn(LintWarning w) {
    warnings.add(w);
    notify(l -> l.warning(w));
  }

  /** Queues a listener call; the recording delivers them after releasing its lock ({@link #takeNotifications()}). */
  private void notify(Consumer<RecordingListener> call) {
    outbox.add(call);
  }

  /** The listener calls queued since the last take, in order. */
  List<Consumer<RecordingListener>> takeNotifications() {
    List<Consumer<RecordingListener>> out = new ArrayList<>(outbox);
    outbox.clear();
    return out;
  }

  private String id() {
    return "s" + (++nextId);
  }

  private static boolean isAction(Step s) {
    return Recorded.of(s).action();
  }

  /**
   * What the builder needs to know of a step it recorded, by kind: whether it is an action (a
   * gesture that may navigate its tab, the navigation becoming its {@code expect url}, or close the
   * tab), and the kinds later events fold into or amend: a click (a double click folds it in, a fill
   * replaces a click that only focused the field, a popup binds to the click that opened it), a fill
   * and a scroll (going on in the same element replaces them) and an upload (the flow then needs the
   * upload capability).
   */
  private record Recorded(boolean action, Optional<Step.Click> click, Optional<Step.Fill> fill, boolean scroll, boolean upload) {
    static final Recorded OTHER = new Recorded(false, Optional.empty(), Optional.empty(), false, false);
    static final Recorded ACTION = new Recorded(true, Optional.empty(), Optional.empty(), false, false);
    static final Recorded SCROLL = new Recorded(false, Optional.empty(), Optional.empty(), true, false);
    static final Recorded UPLOAD = new Recorded(true, Optional.empty(), Optional.empty(), false, true);

    static Recorded of(Step step) {
      return step.accept(KINDS);
    }

    private static final StepVisitor<Recorded> KINDS = new StepVisitor<>() {
      @Override public Recorded visitClick(Step.Click s) { return new Recorded(true, Optional.of(s), Optional.empty(), false, false); }
      @Override public Recorded visitFill(Step.Fill s) { return new Recorded(true, Optional.empty(), Optional.of(s), false, false); }
      @Override public Recorded visitUpload(Step.Upload s) { return UPLOAD; }
      @Override public Recorded visitScroll(Step.Scroll s) { return SCROLL; }
      // other actions
      @Override public Recorded visitDblclick(Step.Dblclick s) { return ACTION; }
      @Override public Recorded visitContextmenu(Step.Contextmenu s) { return ACTION; }
      @Override public Recorded visitPress(Step.Press s) { return ACTION; }
      @Override public Recorded visitSelect(Step.Select s) { return ACTION; }
      @Override public Recorded visitCheck(Step.Check s) { return ACTION; }
      @Override public Recorded visitUncheck(Step.Uncheck s) { return ACTION; }
      @Override public Recorded visitDrag(Step.Drag s) { return ACTION; }
      // gestures not taken for the cause of a navigation: a hover, and type and toggle (never recorded)
      @Override public Recorded visitHover(Step.Hover s) { return OTHER; }
      @Override public Recorded visitType(Step.Type s) { return OTHER; }
      @Override public Recorded visitToggle(Step.Toggle s) { return OTHER; }
      // pages, tabs and frames
      @Override public Recorded visitOpen(Step.Open s) { return OTHER; }
      @Override public Recorded visitNavigate(Step.Navigate s) { return OTHER; }
      @Override public Recorded visitBack(Step.Back s) { return OTHER; }
      @Override public Recorded visitForward(Step.Forward s) { return OTHER; }
      @Override public Recorded visitReload(Step.Reload s) { return OTHER; }
      @Override public Recorded visitTabNew(Step.TabNew s) { return OTHER; }
      @Override public Recorded visitTabSwitch(Step.TabSwitch s) { return OTHER; }
      @Override public Recorded visitTabClose(Step.TabClose s) { return OTHER; }
      @Override public Recorded visitFrame(Step.Frame s) { return OTHER; }
      @Override public Recorded visitFrameMain(Step.FrameMain s) { return OTHER; }
      @Override public Recorded visitSetViewport(Step.SetViewport s) { return OTHER; }
      // checks, data and control flow (never recorded)
      @Override public Recorded visitWait(Step.Wait s) { return OTHER; }
      @Override public Recorded visitAssert(Step.Assert s) { return OTHER; }
      @Override public Recorded visitRead(Step.Read s) { return OTHER; }
      @Override public Recorded visitScrape(Step.Scrape s) { return OTHER; }
      @Override public Recorded visitPaginate(Step.Paginate s) { return OTHER; }
      @Override public Recorded visitSetVar(Step.SetVar s) { return OTHER; }
      @Override public Recorded visitEval(Step.Eval s) { return OTHER; }
      @Override public Recorded visitScreenshot(Step.Screenshot s) { return OTHER; }
      @Override public Recorded visitCsvImport(Step.CsvImport s) { return OTHER; }
      @Override public Recorded visitCsvExport(Step.CsvExport s) { return OTHER; }
      @Override public Recorded visitForeach(Step.Foreach s) { return OTHER; }
      @Override public Recorded visitRepeat(Step.Repeat s) { return OTHER; }
      @Override public Recorded visitIf(Step.If s) { return OTHER; }
      @Override public Recorded visitWhile(Step.While s) { return OTHER; }
      @Override public Recorded visitManual(Step.Manual s) { return OTHER; }
    };
  }

  /** Whether a condition is an {@code expect url}, which the navigation an action caused replaces. */
  private static final ConditionVisitor<Boolean> IS_URL = new ConditionVisitor<>() {
    @Override public Boolean visitUrl(Condition.Url c) { return true; }
    // the other expectations stay
    @Override public Boolean visitTitle(Condition.Title c) { return false; }
    @Override public Boolean visitElement(Condition.Element c) { return false; }
    @Override public Boolean visitCount(Condition.Count c) { return false; }
    @Override public Boolean visitText(Condition.Text c) { return false; }
    @Override public Boolean visitValue(Condition.Value c) { return false; }
    @Override public Boolean visitAttribute(Condition.Attribute c) { return false; }
    @Override public Boolean visitVar(Condition.Var c) { return false; }
    @Override public Boolean visitDownload(Condition.Download c) { return false; }
    @Override public Boolean visitLoad(Condition.Load c) { return false; }
    @Override public Boolean visitExpression(Condition.Expression c) { return false; }
    @Override public Boolean visitNot(Condition.Not c) { return false; }
  };

  private String pageUrl(String raw) {
    String url = UrlGlobs.withoutUserInfo(raw);
    if (!url.equals(raw)) {
      warn(LintWarning.of(LintCode.SENSITIVE_VALUE, LintWarning.Severity.WARNING, "", null,
          "a URL carried a user name and password; they were left out of the flow",
          "sign in through the page, with the password from a credential"));
    }
    if (!options.parameterize()) {
      return url;
    }
    Optional<String> origin = UrlGlobs.origin(url);
    if (origin.isEmpty()) {
      return url;
    }
    if (baseOrigin == null) {
      baseOrigin = origin.get();
    }
    return origin.get().equals(baseOrigin) ? "${BASE_URL}" + url.substring(baseOrigin.length()) : url;
  }

  private String credentialFor(String fieldKey, String kind, String hint) {
    String known = secretKeys.get(fieldKey);
    if (known != null) {
      return known;
    }
    String fallback;
    Credential.Type type;
    switch (kind) {
      case "otp":
        fallback = "OTP";
        type = Credential.Type.TOKEN;
        break;
      case "card":
        fallback = "CARD_NUMBER";
        type = Credential.Type.TEXT;
        break;
      default:
        fallback = "PASSWORD";
        type = Credential.Type.PASSWORD;
    }
    String base = upperSnake(hint).filter(h -> h.length() <= 32).orElse(fallback);
    String key = unique(base, credentials.keySet());
    credentials.put(key, Credential.builder().key(key).type(type).secret(true)
        .label("Secret typed into a " + kind + " field during recording (never stored)").build());
    secretKeys.put(fieldKey, key);
    return key;
  }

  private String inputFor(String fieldKey, String value, String hint, String label) {
    String k = inputKeys.get(fieldKey + "\u0000" + value);
    if (k != null) {
      return k;
    }
    k = unique(upperSnake(hint).orElse("VALUE"), inputs.keySet());
    inputs.put(k, Input.builder().key(k).label(label).defaultValue(value).build());
    inputKeys.put(fieldKey + "\u0000" + value, k);
    return k;
  }

  /** The input key of a {@code ${input.KEY}} value this builder declared, else null. */
  private String inputKeyOf(String value) {
    if (value.startsWith("${input.") && value.endsWith("}")) {
      String k = value.substring("${input.".length(), value.length() - 1);
      return inputs.containsKey(k) ? k : null;
    }
    return null;
  }

  private static String unique(String base, Set<String> taken) {
    String k = base;
    for (int i = 2; taken.contains(k) || k.equals("BASE_URL"); i++) {
      k = base + "_" + i;
    }
    return k;
  }

  /** {@code newPassword} and {@code search-box} become {@code NEW_PASSWORD} and {@code SEARCH_BOX}; empty when nothing ASCII is left. */
  static Optional<String> upperSnake(String hint) {
    String s = hint.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9]+", "_")
        .replaceAll("^_+|_+$", "").toUpperCase(Locale.ROOT);
    if (s.isEmpty() || !Character.isLetter(s.charAt(0))) {
      return Optional.empty();
    }
    return Optional.of(s);
  }

  static Target target(JsonNode t) {
    Target.Builder b = Target.builder();
    for (JsonNode c : t.path("c")) {
      String v = c.path("v").asText();
      switch (c.path("k").asText()) {
        case "testId":
          b.addCandidates(Candidate.testId(v));
          break;
        case "id":
          b.addCandidates(Candidate.id(v));
          break;
        case "role":
          b.addCandidates(c.hasNonNull("n") ? Candidate.role(v, c.path("n").asText()) : Candidate.role(v));
          break;
        case "label":
          b.addCandidates(Candidate.label(v));
          break;
        case "placeholder":
          b.addCandidates(Candidate.placeholder(v));
          break;
        case "text":
          b.addCandidates(Candidate.text(v));
          break;
        default:
          b.addCandidates(Candidate.css(v));
      }
    }
    t.path("shadow").forEach(h -> b.addShadowPath(h.asText()));
    return b.build();
  }

  private static String label(Target t) {
    if (t == null || t.candidates().isEmpty()) {
      return "the focused element";
    }
    Candidate c = t.candidates().get(0);
    return switch (c.kind()) {
      case ROLE -> c.name().map(n -> c.value() + " \"" + n + "\"").orElse(c.value());
      case ID -> "#" + c.value();
      case CSS -> c.value();
      case TEST_ID, LABEL, PLACEHOLDER, TEXT, XPATH -> "\"" + c.value() + "\"";
    };
  }

  private static String shortUrl(String url) {
    return url.length() <= 80 ? url : url.substring(0, 77) + "...";
  }

  private static String joinText(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return String.join("+", out);
  }
}
