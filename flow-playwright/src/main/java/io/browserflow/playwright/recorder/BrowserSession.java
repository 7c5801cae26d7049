package io.browserflow.playwright.recorder;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.ElementHandle;
import com.microsoft.playwright.Frame;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.BoundingBox;
import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Target;
import io.browserflow.api.dsl.Dsl;
import io.browserflow.api.dsl.FlowBuilder;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.engine.Caller;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.DriverSessions;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.engine.store.RunStore;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.LiveView;
import io.browserflow.playwright.PlaywrightDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A live browser an agent drives one command at a time (seed 002's browserctl command mode): open
 * a page, take a snapshot that gives each interactive element a ref {@code @eN}, act on a ref or a
 * locator, read, wait, switch tabs and frames. A ref names an element of the last snapshot (refs
 * are numbered anew by each one, so {@code @e3} always means the last snapshot's e3); a ref beyond
 * the last snapshot, of a page since left, or whose element left the page, is refused with
 * {@code REF_STALE}.
 *
 * <p>Everything the agent does to the page is kept as a draft flow ({@link #draft(String)}): each
 * ref or locator becomes the candidates the recorder would have recorded for its element (test id,
 * id, role and name, label, placeholder, text, css), values typed into password and one-time-code
 * fields become secret credentials (the value itself is never kept). The draft is reviewed and
 * approved like any flow ({@code browserflow review}) and then replays strictly.
 *
 * <pre>{@code
 * try (BrowserSession s = BrowserSession.launch(LaunchOptions.defaults(), BrowserSession.Options.defaults())) {
 *   s.open("http://127.0.0.1:8080/login");
 *   BrowserSession.Snapshot snap = s.snapshot(BrowserSession.SnapshotOptions.interactive());
 *   System.out.print(snap.text());        // - textbox "User" [@e1] ...
 *   s.fill("@e1", "ada");
 *   s.click("@e3", false);
 *   Flow draft = s.draft("sign in");
 * }
 * }</pre>
 *
 * <p>A live session is a front end of the engine: it runs on a {@link PlaywrightDriver} session, and
 * each command that acts on the page (open, click, fill, press, select, check, scroll, wait, eval,
 * tabs and frames) becomes the steps the draft keeps, run by a {@link FlowEngine} on that session
 * as any run's steps are: strict unique targets, the driver's thread, secrets masked, validation,
 * the run's checks and the journal of the {@linkplain Options#store() run store} the session is given.
 * Snapshots, refs and reads look at the pages through {@link LiveView} and change nothing.
 *
 * <p>Not thread-safe: one caller drives a session.
 */
public final class BrowserSession implements AutoCloseable {

  private final PlaywrightDriver driver;
  /** The driver session every command runs on; the engine sees it kept open. */
  private final DriverSession session;
  private final FlowEngine engine;
  private final Options options;
  /** The last snapshot's refs and the element the last command resolved. */
  private final LiveRefs refs = new LiveRefs();
  /** Tab ids ({@code t1}, ...) to the aliases the session's steps bind their tabs to, in opening order. */
  private final Map<String, String> tabs = new LinkedHashMap<>();
  private final Map<String, String> labels = new LinkedHashMap<>();
  private int tabCount;
  private final FlowBuilder draft = Flow.named("draft");
  private final List<Credential> secrets = new ArrayList<>();
  private boolean evalUsed;
  private int evals;
  private final Duration timeout;
  /** The session's pages while a look runs on the driver's thread ({@link #look}); null otherwise. */
  private LiveView.Pages live;

  /**
   * How a session runs: whether {@code eval} is allowed, the step timeout, the viewport, and the run
   * store that journals each command's run ({@link RunStore#none()} by default).
   */
  public record Options(boolean allowEval, Duration timeout, int viewportWidth, int viewportHeight, RunStore store) {
    public Options {
      Objects.requireNonNull(timeout, "timeout");
      Objects.requireNonNull(store, "store");
    }

    /** Options without a run store ({@link RunStore#none()}), as before sessions journaled. */
    public Options(boolean allowEval, Duration timeout, int viewportWidth, int viewportHeight) {
      this(allowEval, timeout, viewportWidth, viewportHeight, RunStore.none());
    }

    public static Options defaults() {
      return new Options(false, Duration.ofSeconds(10), 1280, 720);
    }

    /** These options with {@code eval} allowed ({@code script.eval}). */
    public Options withEval() {
      return new Options(true, timeout, viewportWidth, viewportHeight, store);
    }

    /** These options with each command's run journaled in {@code store}, as any run of the engine is. */
    public Options withStore(RunStore store) {
      return new Options(allowEval, timeout, viewportWidth, viewportHeight, store);
    }
  }

  /** What a snapshot covers: only interactive elements or every element with a role, how deep, under which element, how many. */
  public record SnapshotOptions(boolean onlyInteractive, int depth, Optional<String> scope, int maxNodes) {
    public static SnapshotOptions interactive() {
      return new SnapshotOptions(true, -1, Optional.empty(), 200);
    }

    public static SnapshotOptions all() {
      return new SnapshotOptions(false, -1, Optional.empty(), 200);
    }
  }

  /**
   * One element of a snapshot: its ref ({@code e3}), role, accessible name and state, and for an
   * element inside an iframe the frame locators from the snapshot's frame down to it ({@code framePath}).
   */
  public record Node(String ref, String role, String name, int level, String tag, Optional<String> value,
      Optional<Boolean> checked, boolean disabled, boolean secret, boolean frame, List<String> framePath) {
    public Node {
      framePath = List.copyOf(framePath);
    }

    /** {@code - button "Save" [@e3]}, with its state. */
    public String line() {
      StringBuilder b = new StringBuilder("  ".repeat(level)).append("- ").append(role);
      if (!name.isEmpty()) {
        b.append(" \"").append(name.replace("\"", "\\\"")).append('"');
      }
      value.filter(v -> !v.isEmpty()).ifPresent(v -> b.append(" value=\"").append(v.replace("\"", "\\\"")).append('"'));
      checked.ifPresent(c -> b.append(c ? " [checked]" : " [unchecked]"));
      if (disabled) {
        b.append(" [disabled]");
      }
      if (secret) {
        b.append(" [secret]");
      }
      if (frame) {
        b.append(" [frame]");
      }
      return b.append(" [@").append(ref).append(']').toString();
    }
  }

  /** A snapshot: the elements with refs, whether {@code maxNodes} cut it short, and the page it is of. */
  public record Snapshot(List<Node> nodes, boolean truncated, String url, String title) {
    /** One line per node, indented by nesting. */
    public String text() {
      StringBuilder b = new StringBuilder();
      nodes.forEach(n -> b.append(n.line()).append('\n'));
      if (truncated) {
        b.append("(cut at the node limit: use --scope or --max-nodes)\n");
      }
      return b.toString();
    }
  }

  /** A tab: its id ({@code t1}), label, URL and whether it is the active one. */
  public record Tab(String id, Optional<String> label, String url, boolean active) { }

  private BrowserSession(PlaywrightDriver driver, Options options) {
    this.driver = driver;
    this.options = options;
    this.timeout = options.timeout();
    this.session = driver.openSession(SessionOptions.builder().viewportWidth(options.viewportWidth())
        .viewportHeight(options.viewportHeight()).build());
    int stepMs = (int) Math.max(100, Math.min(30_000, timeout.toMillis()));
    this.engine = FlowEngine.builder().limits(FlowLimits.builder().stepTimeoutMs(100, stepMs, 30_000).build())
        .store(options.store())
        .driver(DriverSessions.driverOver(driver.name(), session)).build();
    tabs.put(nextTabId(), "main");
  }

  /** Launches Chromium (found as {@link PlaywrightDriver#chromiumFor(LaunchOptions)} finds it) for one session. */
  public static BrowserSession launch(LaunchOptions launch, Options options) {
    PlaywrightDriver driver = PlaywrightDriver.launch(launch);
    try {
      return new BrowserSession(driver, options);
    } catch (RuntimeException e) {
      driver.close();
      throw e;
    }
  }

  // ------------------------------------------------------------------ pages

  /** Opens {@code url} in the active tab (the active frame becomes the main frame). */
  public String open(String url) {
    perform(b -> b.open(url));
    refs.forget("open " + url);
    return session.currentUrl();
  }

  /** The active tab's URL and title. */
  public Map<String, String> where() {
    io.browserflow.engine.spi.PageState state = session.state();
    return Map.of("url", state.url(), "title", state.title());
  }

  /**
   * A snapshot of the active frame and of the iframes in it (their elements indented under the
   * iframe, with refs that act inside it); earlier refs stop being valid. {@code depth} counts
   * within each document, {@code scope} applies to the active frame, {@code maxNodes} to the whole.
   */
  public Snapshot snapshot(SnapshotOptions o) {
    return look(() -> refs.snapshot(page(), frame(), o));
  }

  // ------------------------------------------------------------------ acting

  /** Clicks a ref or locator; with {@code newTab}, the page it opens becomes a new tab (returned). */
  public Optional<String> click(String target, boolean newTab) {
    Target recorded = look(() -> {
      ElementHandle el = refs.element(frame(), target);
      refuseCovered(target, el);
      return refs.describe(target, el, "click");
    });
    if (newTab) {
      // the page's own way of opening a tab (target=_blank, window.open), as the draft's click newTab replays it
      String id = nextTabId();
      perform(b -> b.click(recorded).newTab(id));
      tabs.put(id, id);
      return Optional.of(id);
    }
    perform(b -> b.click(recorded));
    return Optional.empty();
  }

  /** Fills a field; a password or one-time-code field's value becomes a secret credential of the draft. */
  public void fill(String target, String text) {
    Map.Entry<Target, Boolean> field = look(() -> {
      ElementHandle el = refs.element(frame(), target);
      return Map.entry(refs.describe(target, el, "fill"), Boolean.TRUE.equals(el.evaluate("e => e.type === 'password'"
          + " || /one-time-code|cc-/.test(e.getAttribute('autocomplete') || '')")));
    });
    Target recorded = field.getKey();
    if (!field.getValue()) {
      perform(b -> b.fill(recorded, text));
      return;
    }
    String key = secrets.isEmpty() ? "PASSWORD" : "PASSWORD_" + (secrets.size() + 1);
    Credential credential = Credential.builder().key(key).type(Credential.Type.PASSWORD).build();
    perform(b -> b.credential(credential).fill(recorded, "${credential." + key + "}"),
        Inputs.builder().credential(key, text).build(), b -> b);
    secrets.add(credential);
  }

  /** Presses a key (Playwright's names: {@code Enter}, {@code Control+A}) on a target, or on the focused element. */
  public void press(String key, Optional<String> target) {
    if (target.isPresent()) {
      Target recorded = look(() -> refs.describe(target.get(), refs.element(frame(), target.get()), "press"));
      perform(b -> b.press(recorded, key));
    } else {
      perform(b -> b.press(key));
    }
  }

  /** Selects an option by value, else by label; {@code OPTION_NOT_FOUND} when neither matches. */
  public void select(String target, String value) {
    Map.Entry<Target, String> option = look(() -> {
      ElementHandle el = refs.element(frame(), target);
      JsonNode match = LiveRefs.json(el.evaluate("(e, v) => { if (e.localName !== 'select') return {select: false};"
          + " for (const o of e.options) { if (o.value === v) return {select: true, value: o.value}; }"
          + " for (const o of e.options) { if (o.label.trim() === v || o.text.trim() === v) return {select: true, value: o.value}; }"
          + " return {select: true}; }", value));
      if (!match.path("select").asBoolean()) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "select needs a select element; " + target + " is not one");
      }
      if (!match.has("value")) {
        throw new FlowRunException(ErrorCode.OPTION_NOT_FOUND, target + " has no option with the value or label \"" + value + "\"");
      }
      return Map.entry(refs.describe(target, el, "select"), match.get("value").asText());
    });
    perform(b -> b.select(option.getKey(), option.getValue()));
  }

  /** Checks (or unchecks) a checkbox or radio button; {@code NOT_CHECKABLE} for anything else. */
  public void check(String target, boolean on) {
    Target recorded = look(() -> {
      ElementHandle el = refs.element(frame(), target);
      Object checkable = el.evaluate("e => (e.localName === 'input' && (e.type === 'checkbox' || e.type === 'radio'))"
          + " || ['checkbox', 'radio', 'switch', 'menuitemcheckbox'].includes(e.getAttribute('role'))");
      if (!Boolean.TRUE.equals(checkable)) {
        throw new FlowRunException(ErrorCode.NOT_CHECKABLE, target + " is not a checkbox, radio button or switch");
      }
      return refs.describe(target, el, "click");
    });
    perform(b -> on ? b.check(recorded) : b.uncheck(recorded));
  }

  /** Scrolls a target into view, or the page to the top or bottom, or by pixels. */
  public void scroll(Optional<String> target, Optional<String> to, int byPixels) {
    if (target.isPresent()) {
      Target recorded = look(() -> refs.describe(target.get(), refs.element(frame(), target.get()), "click"));
      perform(b -> b.scrollIntoView(recorded));
    } else if (to.isPresent()) {
      boolean top = to.get().equals("top");
      perform(b -> b.scrollTo(0, top ? 0 : 1_000_000));
    } else {
      perform(b -> b.scrollBy(0, byPixels));
    }
  }

  // ------------------------------------------------------------------ reading

  /** {@code get text|value|html|attr|count|box|styles}: what the element shows, as the seed's {@code data}. */
  public Object get(String what, String target, Optional<String> attribute) {
    return look(() -> getHere(what, target, attribute));
  }

  private Object getHere(String what, String target, Optional<String> attribute) {
    if (what.equals("count")) {
      return LiveRefs.isRef(target) ? 1 : frame().locator(target).count();
    }
    ElementHandle el = refs.element(frame(), target);
    return switch (what) {
      case "text" -> el.evaluate("e => (e.innerText || e.textContent || '').replace(/\\s+/g, ' ').trim()");
      case "value" -> el.inputValue();
      case "html" -> el.innerHTML();
      case "attr" -> el.getAttribute(attribute.orElseThrow(() -> new IllegalArgumentException("get attr needs an attribute name")));
      case "box" -> {
        BoundingBox b = el.boundingBox();
        yield b == null ? null : Map.of("x", b.x, "y", b.y, "width", b.width, "height", b.height);
      }
      case "styles" -> el.evaluate("e => { const s = getComputedStyle(e); const out = {};"
          + " for (const k of ['display','visibility','opacity','color','background-color','font-size','font-weight','cursor'])"
          + " out[k] = s.getPropertyValue(k); return out; }");
      default -> throw new IllegalArgumentException("get " + what + ": one of text, value, html, attr, count, box, styles");
    };
  }

  /** {@code is visible|enabled|checked}. */
  public boolean is(String what, String target) {
    return look(() -> isHere(what, target));
  }

  private boolean isHere(String what, String target) {
    ElementHandle el = refs.element(frame(), target);
    return switch (what) {
      case "visible" -> el.isVisible();
      case "enabled" -> el.isEnabled();
      case "checked" -> {
        Object checkable = el.evaluate("e => (e.localName === 'input' && (e.type === 'checkbox' || e.type === 'radio'))"
            + " || e.hasAttribute('aria-checked')");
        if (!Boolean.TRUE.equals(checkable)) {
          throw new FlowRunException(ErrorCode.NOT_CHECKABLE, target + " is not a checkbox, radio button or switch");
        }
        yield el.isChecked();
      }
      default -> throw new IllegalArgumentException("is " + what + ": one of visible, enabled, checked");
    };
  }

  /** {@code wait --selector CSS [--state visible|hidden]}: the element reaches the state; recorded as a check. */
  public void waitForSelector(String css, boolean visible) {
    perform(b -> b.waitFor(visible ? Dsl.visible(Dsl.css(css)) : Dsl.hidden(Dsl.css(css))));
  }

  /** {@code wait --text T}: the text shows in the active frame. */
  public void waitForText(String text) {
    perform(b -> b.waitFor(Dsl.textPresent(text)));
  }

  /** {@code wait --url GLOB}: the active tab's address matches. */
  public void waitForUrl(String glob) {
    perform(b -> b.waitFor(Dsl.urlMatches(glob)));
  }

  /** {@code wait --ms N}: a fixed pause (kept in the draft, where lint flags it). */
  public void waitMs(int ms) {
    perform(b -> b.waitMs(ms));
  }

  /** {@code eval JS} in the active frame; refused unless the session allows {@code script.eval}. Returns its result as text (JSON for objects). */
  public String eval(String script) {
    if (!options.allowEval()) {
      throw new FlowRunException(ErrorCode.CAPABILITY_DENIED, "eval needs script.eval, which this session does not allow; "
          + "start the session with --allow eval");
    }
    String id = "eval-" + (++evals);
    boolean first = !evalUsed;
    RunResult r = perform(b -> (first ? b.capabilities(Capability.SCRIPT_EVAL) : b).eval(script).id(id), Inputs.empty(),
        b -> b.capabilities(Capability.SCRIPT_EVAL).output("result", "${steps." + id + ".result}"));
    evalUsed = true;
    return r.outputs().getOrDefault("result", "");
  }

  // ------------------------------------------------------------------ tabs and frames

  /** The session's tabs. */
  public List<Tab> tabs() {
    return look(() -> {
      List<Tab> out = new ArrayList<>();
      tabs.forEach((id, alias) -> {
        com.microsoft.playwright.Page p = live.tabs().get(alias);
        out.add(new Tab(id, Optional.ofNullable(labels.get(id)), p == null || p.isClosed() ? "" : p.url(),
            alias.equals(live.current())));
      });
      return out;
    });
  }

  /** Opens a new tab (optionally at a URL, with a label) and makes it the active one; returns its id. */
  public String tabNew(Optional<String> url, Optional<String> label) {
    if (label.isPresent() && labels.containsValue(label.get())) {
      throw new FlowRunException(ErrorCode.TAB_LABEL_CONFLICT, "a tab is already labelled " + label.get());
    }
    String id = nextTabId();
    String alias = label.orElse(id);
    perform(b -> url.isPresent() ? b.tabNew(alias, url.get()) : b.tabNew(alias));
    tabs.put(id, alias);
    label.ifPresent(l -> labels.put(id, l));
    refs.forget("tab new");
    return id;
  }

  /** Makes the tab with this id ({@code t2}) or label active. */
  public String tab(String idOrLabel) {
    String id = tabId(idOrLabel);
    String alias = tabs.get(id);
    boolean same = look(() -> alias.equals(live.current()) && live.frame() == live.page().mainFrame());
    perform(b -> b.tabSwitch(alias));
    if (!same) {
      refs.forget("tab " + idOrLabel);
    }
    return id;
  }

  /** Closes a tab (the active one when none is named); its opener, or the last tab, becomes active. */
  public void tabClose(Optional<String> idOrLabel) {
    String active = activeTabId();
    String id = idOrLabel.map(this::tabId).orElse(active);
    if (id == null) {
      throw new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no tab is open; open one with tab new [URL]");
    }
    String alias = tabs.get(id);
    perform(b -> idOrLabel.isPresent() ? b.tabClose(alias) : b.tabClose());
    tabs.remove(id);
    labels.remove(id);
    if (id.equals(active)) {
      refs.forget("tab close");
    }
  }

  /** {@link #frame(String, Duration)} waiting as long as the session's timeout. */
  public void frame(String locator) {
    frame(locator, timeout);
  }

  /**
   * Enters a frame, looked for from the active frame as a replay looks for it: {@code main};
   * {@code url:GLOB} or {@code name:NAME} among the active frame's child frames; {@code selector:CSS}
   * of its iframe element; a ref of one ({@code @e4} or {@code ref:@e4}, which may be inside nested
   * iframes); or a bare string, tried as css, then as a frame name, then as a part of a frame's URL.
   * Waits up to {@code wait} for exactly one frame: {@code FRAME_NOT_FOUND} when none showed,
   * {@code FRAME_AMBIGUOUS} (with the candidates' URLs and names) when several still match.
   * Refs of the last snapshot stop being valid.
   */
  public void frame(String locator, Duration wait) {
    if (locator.equals("main")) {
      perform(FlowBuilder::frameMain);
      refs.forget("frame main");
      return;
    }
    String target = locator.startsWith("ref:") ? locator.substring("ref:".length()) : locator;
    if (LiveRefs.isRef(target)) {
      List<String> path = look(() -> {
        ElementHandle owner = refs.element(frame(), target);
        Frame found = FrameFinder.contentOf(locator, owner);
        List<String> owners = new ArrayList<>(refs.ref(target).owners());
        owners.add(refs.ownerLocator(owner, found));
        return owners;
      });
      perform(b -> {
        path.forEach(b::frame);
        return b;
      });
      refs.forget("frame " + locator);
      return;
    }
    long until = System.nanoTime() + wait.toNanos();
    while (true) {
      FrameFinder.FrameMatch m = look(() -> FrameFinder.lookFor(frame(), locator));
      if (m.frame() != null) {
        perform(b -> b.frame(m.recorded()));
        refs.forget("frame " + locator);
        return;
      }
      if (System.nanoTime() >= until) {
        if (m.candidates().size() > 1) {
          String list = LiveRefs.json(m.candidates()).toString();
          throw new FlowRunException(ErrorCode.FRAME_AMBIGUOUS, m.candidates().size() + " frames match " + locator + ": " + list
              + "; narrow it (an owner css, url: or name:)", Map.of(FlowException.Details.LOCATOR, locator,
              FlowException.Details.CANDIDATES, list));
        }
        throw new FlowRunException(ErrorCode.FRAME_NOT_FOUND, "no frame matches " + locator + " in the active frame"
            + (wait.isZero() ? "" : " within " + wait.toMillis() + " ms") + "; frames lists them",
            Map.of(FlowException.Details.LOCATOR, locator));
      }
      look(() -> {
        page().waitForTimeout(100); // on the driver's thread, so the page's frame events arrive meanwhile
        return null;
      });
    }
  }

  /** The frames of the active tab: name and URL, the main one first. */
  public List<Map<String, String>> frames() {
    return look(() -> {
      List<Map<String, String>> out = new ArrayList<>();
      for (Frame f : page().frames()) {
        out.add(Map.of("name", f.name(), "url", f.url(), "main", String.valueOf(f == page().mainFrame()),
            "active", String.valueOf(f == frame())));
      }
      return out;
    });
  }

  // ------------------------------------------------------------------ the draft

  /**
   * What the session did, as a draft flow named {@code name}: its steps with the recorded
   * candidates, secret credentials for what was typed into password fields, {@code script.eval}
   * declared when eval was used.
   */
  public Flow draft(String name) {
    Flow steps = draft.build();
    Flow.Builder b = Flow.builder().from(steps).name(name).id(Flow.slug(name));
    b.meta(io.browserflow.api.FlowMeta.builder().source("browserflow session").build());
    return b.build();
  }

  @Override
  public void close() {
    try {
      session.close();
    } finally {
      try {
        engine.close();
      } finally {
        driver.close();
      }
    }
  }

  // ------------------------------------------------------------------ helpers

  /** The id the next tab gets. */
  private String nextTabId() {
    return "t" + (++tabCount);
  }

  /** The id of the active tab; null when none is open. */
  private String activeTabId() {
    String current = session.state().tab();
    return tabs.entrySet().stream().filter(e -> e.getValue().equals(current)).map(Map.Entry::getKey).findFirst().orElse(null);
  }

  /**
   * Runs what {@code command} adds to a flow as a flow of its own on the session, through the engine,
   * and keeps it in the draft when it succeeded; a failed run is thrown as its error.
   */
  private RunResult perform(UnaryOperator<FlowBuilder> command) {
    return perform(command, Inputs.empty(), b -> b);
  }

  /** {@link #perform(UnaryOperator)} with the run's inputs and what only the run (not the draft) declares. */
  private RunResult perform(UnaryOperator<FlowBuilder> command, Inputs inputs, UnaryOperator<FlowBuilder> runOnly) {
    FlowBuilder one = Flow.named("session command");
    tabs.values().stream().filter(a -> !a.equals("main")).forEach(one::tab);
    Flow flow = runOnly.apply(command.apply(one)).build();
    RunOptions.Builder o = RunOptions.builder().caller(Caller.CLI);
    if (options.allowEval()) {
      o.allow(Capability.SCRIPT_EVAL);
    }
    RunResult r = engine.run(flow, inputs, o.build());
    if (!r.succeeded()) {
      throw new FlowRunException(r.errorCode().orElse(ErrorCode.ACTION_FAILED), r.errorMessage().orElse("the command failed"));
    }
    command.apply(draft);
    return r;
  }

  /**
   * Runs {@code work} on the driver's thread with the session's pages ({@link #page()}, {@link #frame()}):
   * snapshots, refs and reads, which look and change nothing.
   */
  private <T> T look(Supplier<T> work) {
    if (live != null) {
      return work.get();
    }
    return LiveView.read(session, pages -> {
      live = pages;
      try {
        return work.get();
      } finally {
        live = null;
      }
    });
  }

  /** The active tab's page, inside {@link #look}. */
  private com.microsoft.playwright.Page page() {
    return live.page();
  }

  /** The active frame, inside {@link #look}. */
  private Frame frame() {
    return live.frame();
  }

  private String tabId(String idOrLabel) {
    if (tabs.containsKey(idOrLabel)) {
      return idOrLabel;
    }
    for (Map.Entry<String, String> e : labels.entrySet()) {
      if (e.getValue().equals(idOrLabel)) {
        return e.getKey();
      }
    }
    String hint = idOrLabel.matches("\\d+") ? "; tab ids are written t" + idOrLabel : "";
    throw new FlowRunException(ErrorCode.TAB_NOT_FOUND, "no tab " + idOrLabel + " (tabs: " + String.join(", ", tabs.keySet())
        + (labels.isEmpty() ? "" : ", labels " + String.join(", ", labels.values())) + ")" + hint);
  }

  /**
   * {@code ELEMENT_OCCLUDED} at once when another element covers the centre of {@code el} (where a
   * click lands) once it is scrolled into view, rather than a click that waits its whole timeout.
   */
  private void refuseCovered(String target, ElementHandle el) {
    try {
      el.scrollIntoViewIfNeeded();
    } catch (PlaywrightException e) {
      return; // not visible yet: the click waits for it
    }
    Object cover = el.evaluate("e => { const r = e.getBoundingClientRect(); if (!r.width || !r.height) return null;"
        + " const top = e.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        + " if (!top || top === e || e.contains(top) || top.contains(e)) return null;"
        + " return '<' + top.localName + (top.id ? ' id=\"' + top.id + '\"' : '')"
        + " + (top.className && typeof top.className === 'string' ? ' class=\"' + top.className + '\"' : '') + '>'"
        + " + (top.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 40) + '</' + top.localName + '>'; }");
    if (cover != null) {
      throw new FlowRunException(ErrorCode.ELEMENT_OCCLUDED, target + " is covered by another element at its click point: "
          + cover + " would receive the click");
    }
  }

  /** Exposed for the consumer that wants the raw draft builder (not part of the API). */
  void withDraft(Consumer<FlowBuilder> change) {
    change.accept(draft);
  }
}
