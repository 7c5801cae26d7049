package io.browserflow.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * One step of a flow. A sealed hierarchy: one nested type per operation, each an immutable value
 * with a public builder ({@code Step.Click.builder()}); the DSL ({@link Flow#named(String)}) is the
 * usual way to make them.
 *
 * <p>Every step has a unique, stable {@link #id()}, an optional {@link #title()}, a per-step
 * {@link #timeoutMs()} (100 – 30,000 ms; 10,000 when empty), a {@link #retry()} policy, an
 * {@link #onError()} reaction, {@link #expect()} post-conditions checked after the action (a write
 * step is verified by its checks, never by the driver's acknowledgement) and a {@link #disabled()}
 * switch. String fields may contain {@code ${...}} placeholders.
 */
@Value.Enclosing
public sealed interface Step {

  /**
   * The families step kinds fall into; facts that hold for a whole family are stated once here, and
   * {@link StepFamilyVisitor} lets code that cares about a family handle it in one method.
   */
  enum Family {
    /** Where the run is: pages, history, tabs, frames, viewport, network emulation. */
    PAGE,
    /** Acting on the page as a person does: element interactions and raw mouse and keyboard input. */
    INTERACTION,
    /** Waiting for and asserting conditions. */
    CHECK,
    /** Reading the page and handling the run's data: reads, scrapes, variables, scripts, files, datasets. */
    DATA,
    /** Reaching outside the page: http requests, called flows, a person's manual step. */
    EXTERNAL,
    /** Steps with bodies: loops and branches. */
    CONTROL
  }

  /** Operation names, as written in the JSON {@code op} field, with what each kind is. */
  enum Kind {
    OPEN("open", Family.PAGE, Fact.DIALOGS, Fact.LOADS_PAGE),
    NAVIGATE("navigate", Family.PAGE, Fact.DIALOGS, Fact.LOADS_PAGE),
    BACK("back", Family.PAGE, Fact.DIALOGS),
    FORWARD("forward", Family.PAGE, Fact.DIALOGS),
    RELOAD("reload", Family.PAGE, Fact.DIALOGS, Fact.LOADS_PAGE),
    TAB_NEW("tabNew", Family.PAGE, Capability.TABS_MULTI, Fact.DIALOGS, Fact.LOADS_PAGE),
    TAB_SWITCH("tabSwitch", Family.PAGE, Capability.TABS_MULTI),
    TAB_CLOSE("tabClose", Family.PAGE, Capability.TABS_MULTI, Fact.DIALOGS),
    FRAME("frame", Family.PAGE),
    FRAME_MAIN("frameMain", Family.PAGE),
    SET_VIEWPORT("setViewport", Family.PAGE),
    EMULATE_NETWORK("emulateNetwork", Family.PAGE),
    CLICK("click", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    DBLCLICK("dblclick", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    CONTEXTMENU("contextmenu", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    HOVER("hover", Family.INTERACTION, Fact.DIALOGS),
    /** Writes unless it only moves the pointer ({@link Step#writes()}). */
    MOUSE("mouse", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    FILL("fill", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    CHANGE("change", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    TYPE("type", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    PRESS("press", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    SELECT("select", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    CHECK("check", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    UNCHECK("uncheck", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    TOGGLE("toggle", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    SCROLL("scroll", Family.INTERACTION, Fact.DIALOGS),
    DRAG("drag", Family.INTERACTION, Fact.DIALOGS, Fact.WRITES),
    UPLOAD("upload", Family.INTERACTION, Capability.FILE_UPLOAD, Fact.DIALOGS, Fact.WRITES),
    WAIT("wait", Family.CHECK),
    ASSERT("assert", Family.CHECK),
    READ("read", Family.DATA),
    SCRAPE("scrape", Family.DATA),
    PAGINATE("paginate", Family.DATA, Capability.UI_INTERACT, Fact.BODIES),
    SET_VAR("setVar", Family.DATA),
    EVAL("eval", Family.DATA, Capability.SCRIPT_EVAL, Fact.DIALOGS),
    SCREENSHOT("screenshot", Family.DATA),
    CSV_IMPORT("csvImport", Family.DATA, Capability.FILE_READ),
    CSV_EXPORT("csvExport", Family.DATA, Capability.FILE_WRITE),
    DATASET_WRITE("datasetWrite", Family.DATA, Fact.REBUILDS_RUN_DATA),
    DATASET_EXPORT("datasetExport", Family.DATA, Capability.FILE_WRITE, Fact.REBUILDS_RUN_DATA),
    HTTP("http", Family.EXTERNAL, Capability.HTTP_REQUEST),
    CLIPBOARD("clipboard", Family.DATA),
    CALL("call", Family.EXTERNAL),
    FOREACH("foreach", Family.CONTROL, Fact.BODIES),
    REPEAT("repeat", Family.CONTROL, Fact.BODIES),
    IF("if", Family.CONTROL, Fact.BODIES),
    WHILE("while", Family.CONTROL, Fact.BODIES),
    MANUAL("manual", Family.EXTERNAL);

    /** What may hold for a kind beyond its family. */
    private enum Fact { DIALOGS, WRITES, LOADS_PAGE, REBUILDS_RUN_DATA, BODIES }

    private final String op;
    private final Family family;
    private final java.util.Set<Fact> facts;
    private final Optional<Capability> capability;

    Kind(String op, Family family, Fact... facts) {
      this(op, family, null, facts);
    }

    Kind(String op, Family family, Capability capability, Fact... facts) {
      this.op = op;
      this.family = family;
      this.capability = Optional.ofNullable(capability);
      this.facts = facts.length == 0 ? java.util.EnumSet.noneOf(Fact.class) : java.util.EnumSet.copyOf(java.util.List.of(facts));
    }

    /** The JSON {@code op} value. */
    public String op() {
      return op;
    }

    /** The family this kind belongs to. */
    public Family family() {
      return family;
    }

    /**
     * The capability every step of this kind needs besides {@code ui.observe}: {@code ui.interact}
     * for the {@link Family#INTERACTION} family and paginate unless a more specific one is named
     * ({@code upload}: {@code file.upload}, which implies interacting), {@code script.eval},
     * {@code http.request}, {@code tabs.multi}, {@code file.read}, {@code file.write}. A step may need
     * more than its kind says (an {@code open} into a named tab needs {@code tabs.multi}).
     */
    public Optional<Capability> capability() {
      return capability.isPresent() || family != Family.INTERACTION ? capability : Optional.of(Capability.UI_INTERACT);
    }

    /**
     * Whether a step of this kind acts on a page and so may open a native dialog it declares
     * ({@link Step#dialogs()}): navigations, tab opening and closing, interactions and eval; not
     * waits, checks, reads, variables, loops or conditions.
     */
    public boolean opensDialogs() {
      return facts.contains(Fact.DIALOGS);
    }

    /**
     * Whether steps of this kind change what the application holds (clicks, typing, choosing,
     * uploading), so a success check must verify them; pointer moves, hovering, scrolling,
     * navigation, reads, checks and data steps do not. See {@link Step#writes()} for one step.
     */
    public boolean writes() {
      return facts.contains(Fact.WRITES);
    }

    /** Whether a step of this kind loads a page itself: open, navigate, reload, tabNew. */
    public boolean loadsPage() {
      return facts.contains(Fact.LOADS_PAGE);
    }

    /**
     * Whether a step of this kind only rebuilds the run's own data from its bindings (datasets and
     * their exports): a resumed run runs it again instead of restoring it.
     */
    public boolean rebuildsRunData() {
      return facts.contains(Fact.REBUILDS_RUN_DATA);
    }

    /**
     * Whether a step of this kind only establishes where the run is (its family is {@link Family#PAGE}):
     * a resumed run applies it again to rebuild the page context; it changes no application data.
     */
    public boolean establishesContext() {
      return family == Family.PAGE;
    }

    /** Whether a step of this kind has bodies of steps: loops, branches, and paginate's per-page body. */
    public boolean hasBodies() {
      return facts.contains(Fact.BODIES);
    }

    /** The kind for a JSON {@code op} value, if any. */
    public static Optional<Kind> fromOp(String op) {
      for (Kind k : values()) {
        if (k.op.equals(op)) {
          return Optional.of(k);
        }
      }
      return Optional.empty();
    }
  }

  /** Mouse buttons. */
  enum MouseButton {
    LEFT, RIGHT, MIDDLE,
    /** The "back" side button (button 3); only Chromium can press it. */
    BACK,
    /** The "forward" side button (button 4); only Chromium can press it. */
    FORWARD
  }

  /**
   * What a {@code press} does with its key: a full press (down then up), only the key going down
   * (held until a later {@code up} of the same key; held modifiers also apply to later clicks), or
   * only the key coming up.
   */
  enum KeyPhase {
    PRESS, DOWN, UP
  }

  /** Scroll modes. */
  enum ScrollMode {
    BY, TO, INTO_VIEW
  }

  /** What a {@code read} step reads. */
  enum ReadKind {
    TEXT, VALUE, ATTRIBUTE
  }

  /** What a {@code scrape} step extracts. */
  enum ScrapeMode {
    TABLE, LINKS, ATTRIBUTES
  }

  /** How a {@code paginate} step reaches the next page. */
  enum PaginateMode {
    NEXT, LOAD_MORE
  }

  /** The file format a {@code datasetExport} step writes. */
  enum DatasetFormat {
    /** RFC 4180, a header row of the dataset's columns first. */
    CSV,
    /** An array of objects, one per row, keys in column order. */
    JSON
  }

  /** What a {@code clipboard} step does. */
  enum ClipboardAction {
    /** Reads the clipboard's text into {@code ${steps.<id>.text}}. */
    READ,
    /** Puts {@code text} on the clipboard. */
    WRITE
  }

  /** The operation of this step. */
  Kind kind();

  /** Whether this step changes what the application holds ({@link Kind#writes()}; a mouse step that only moves does not). */
  default boolean writes() {
    return kind().writes();
  }

  /** Unique, stable id; outputs are addressed as {@code ${steps.<id>.<field>}}. */
  String id();

  Optional<String> title();

  /** Per-step timeout in milliseconds; the engine default (10,000) when empty. */
  OptionalInt timeoutMs();

  Optional<Retry> retry();

  @Value.Default
  default OnError onError() {
    return OnError.stop();
  }

  /** Post-conditions checked after the action. */
  List<Condition> expect();

  /**
   * The native dialogs the step's action opens, in order, each with its answer ({@link Dialog});
   * any other dialog fails the step with {@code DIALOG_UNEXPECTED}. Only steps that act on a page
   * may declare dialogs (not loops, conditions or variables).
   */
  List<Dialog> dialogs();

  @Value.Default
  default boolean disabled() {
    return false;
  }

  Step withId(String id);

  Step withTitle(String title);

  Step withTimeoutMs(int timeoutMs);

  Step withRetry(Retry retry);

  Step withOnError(OnError onError);

  Step withExpect(Iterable<? extends Condition> expect);

  Step withDialogs(Iterable<? extends Dialog> dialogs);

  Step withDisabled(boolean disabled);

  /**
   * Calls the {@code visit} method of {@code visitor} for this step's kind and returns its result.
   * The one way to dispatch on a step's kind; see {@link StepVisitor}.
   */
  <R> R accept(StepVisitor<R> visitor);

  /** A short human-readable label: the title, or {@code op} and id. */
  default String describe() {
    return title().orElse(kind().op() + " " + id());
  }

  /** Opens a URL in the current tab, or in the tab bound to {@code tab}. Resets the frame context to the main frame. */
  @Value.Immutable
  non-sealed interface Open extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitOpen(this);
    }

    String url();

    /** Tab alias to open in; the current tab when empty. */
    Optional<String> tab();

    @Override
    default Kind kind() {
      return Kind.OPEN;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Open}. */
    final class Builder extends ImmutableStep.Open.Builder {}
  }

  /** Navigates the current tab to a URL. Prefer a click plus {@code expect url} when a user action causes the navigation. */
  @Value.Immutable
  non-sealed interface Navigate extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitNavigate(this);
    }

    String url();

    @Override
    default Kind kind() {
      return Kind.NAVIGATE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Navigate}. */
    final class Builder extends ImmutableStep.Navigate.Builder {}
  }

  /** Goes back in the current tab's history. */
  @Value.Immutable
  non-sealed interface Back extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitBack(this);
    }

    @Override
    default Kind kind() {
      return Kind.BACK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Back}. */
    final class Builder extends ImmutableStep.Back.Builder {}
  }

  /** Goes forward in the current tab's history. */
  @Value.Immutable
  non-sealed interface Forward extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitForward(this);
    }

    @Override
    default Kind kind() {
      return Kind.FORWARD;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Forward}. */
    final class Builder extends ImmutableStep.Forward.Builder {}
  }

  /** Reloads the current page. */
  @Value.Immutable
  non-sealed interface Reload extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitReload(this);
    }

    @Override
    default Kind kind() {
      return Kind.RELOAD;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Reload}. */
    final class Builder extends ImmutableStep.Reload.Builder {}
  }

  /** Opens a new tab bound to a declared alias and switches to it. */
  @Value.Immutable
  non-sealed interface TabNew extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitTabNew(this);
    }

    String alias();

    Optional<String> url();

    @Override
    default Kind kind() {
      return Kind.TAB_NEW;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link TabNew}. */
    final class Builder extends ImmutableStep.TabNew.Builder {}
  }

  /** Makes the tab bound to a declared alias the current one. */
  @Value.Immutable
  non-sealed interface TabSwitch extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitTabSwitch(this);
    }

    String alias();

    @Override
    default Kind kind() {
      return Kind.TAB_SWITCH;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link TabSwitch}. */
    final class Builder extends ImmutableStep.TabSwitch.Builder {}
  }

  /** Closes the tab bound to {@code alias}, or the current tab. */
  @Value.Immutable
  non-sealed interface TabClose extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitTabClose(this);
    }

    Optional<String> alias();

    @Override
    default Kind kind() {
      return Kind.TAB_CLOSE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link TabClose}. */
    final class Builder extends ImmutableStep.TabClose.Builder {}
  }

  /** Enters a frame, relative to the current frame context: owner css ({@code iframe#pay} or {@code selector:...}), {@code url:<glob>} or {@code name:<name>}. Never a runtime frame id. */
  @Value.Immutable
  non-sealed interface Frame extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitFrame(this);
    }

    String locator();

    @Override
    default Kind kind() {
      return Kind.FRAME;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Frame}. */
    final class Builder extends ImmutableStep.Frame.Builder {}
  }

  /** Returns to the main frame of the current tab. */
  @Value.Immutable
  non-sealed interface FrameMain extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitFrameMain(this);
    }

    @Override
    default Kind kind() {
      return Kind.FRAME_MAIN;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link FrameMain}. */
    final class Builder extends ImmutableStep.FrameMain.Builder {}
  }

  /**
   * Resizes the viewport (CSS pixels) and, when asked, emulates a device: its pixel ratio
   * ({@code deviceScaleFactor}), a mobile layout viewport ({@code mobile}) and touch input
   * ({@code touch}). A page already shown is reloaded when {@code mobile} or {@code touch} changes,
   * as they apply to documents loaded after them.
   */
  @Value.Immutable
  non-sealed interface SetViewport extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitSetViewport(this);
    }

    int width();

    int height();

    /** Device pixels per CSS pixel; the browser's own when empty. */
    OptionalDouble deviceScaleFactor();

    /** Emulates a mobile device's layout viewport (meta viewport honoured). */
    @Value.Default
    default boolean mobile() {
      return false;
    }

    /** Emulates touch input ({@code ontouchstart}, coarse pointer). */
    @Value.Default
    default boolean touch() {
      return false;
    }

    /** Whether the step emulates more than the viewport size. */
    default boolean emulatesDevice() {
      return deviceScaleFactor().isPresent() || mobile() || touch();
    }

    @Override
    default Kind kind() {
      return Kind.SET_VIEWPORT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link SetViewport}. */
    final class Builder extends ImmutableStep.SetViewport.Builder {}
  }

  /**
   * Emulates network conditions for the pages of the run from now on: {@code offline} (every
   * request fails as it does without a network), or throttling ({@code downloadBytesPerSecond},
   * {@code uploadBytesPerSecond}, {@code latencyMs} added to each request). A step with neither is
   * the real network again. It changes nothing on the page, but the steps after it load, fetch and
   * submit under these conditions. Offline is emulated in every browser; throttling needs a driver
   * that can throttle (the Playwright driver on Chromium).
   */
  @Value.Immutable
  non-sealed interface EmulateNetwork extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitEmulateNetwork(this);
    }

    /** Whether the network is cut off; no throughput may be given with it. */
    @Value.Default
    default boolean offline() {
      return false;
    }

    /** Download throughput in bytes per second (at least 0); unthrottled when empty. */
    OptionalInt downloadBytesPerSecond();

    /** Upload throughput in bytes per second (at least 0); unthrottled when empty. */
    OptionalInt uploadBytesPerSecond();

    /** Latency added to each request, in milliseconds (at least 0); none when empty. */
    OptionalInt latencyMs();

    /** Whether the step throttles (any throughput or latency given). */
    default boolean throttles() {
      return downloadBytesPerSecond().isPresent() || uploadBytesPerSecond().isPresent() || latencyMs().isPresent();
    }

    /** Whether the step brings back the real network: neither offline nor throttling. */
    default boolean realNetwork() {
      return !offline() && !throttles();
    }

    @Override
    default Kind kind() {
      return Kind.EMULATE_NETWORK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link EmulateNetwork}. */
    final class Builder extends ImmutableStep.EmulateNetwork.Builder {}
  }

  /** Clicks the unique element of {@code target}. {@code newTab} binds a popup opened by the click to an alias. */
  @Value.Immutable
  non-sealed interface Click extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitClick(this);
    }

    Target target();

    @Value.Default
    default MouseButton button() {
      return MouseButton.LEFT;
    }

    /** Modifier keys held during the click: Alt, Control, Meta, Shift. */
    List<String> modifiers();

    /** Click position relative to the element's top-left corner; its center when empty. */
    Optional<Point> offset();

    /** Tab alias bound to the popup this click opens. */
    Optional<String> newTab();

    /**
     * How long the button is held down, in milliseconds (0 – 30,000), between press and release;
     * no wait when empty. JSON {@code delay}.
     */
    OptionalInt delay();

    @Override
    default Kind kind() {
      return Kind.CLICK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Click}. */
    final class Builder extends ImmutableStep.Click.Builder {}
  }

  /** Double-clicks the unique element of {@code target}. */
  @Value.Immutable
  non-sealed interface Dblclick extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitDblclick(this);
    }

    Target target();

    Optional<Point> offset();

    @Override
    default Kind kind() {
      return Kind.DBLCLICK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Dblclick}. */
    final class Builder extends ImmutableStep.Dblclick.Builder {}
  }

  /** Right-clicks the unique element of {@code target}. */
  @Value.Immutable
  non-sealed interface Contextmenu extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitContextmenu(this);
    }

    Target target();

    Optional<Point> offset();

    @Override
    default Kind kind() {
      return Kind.CONTEXTMENU;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Contextmenu}. */
    final class Builder extends ImmutableStep.Contextmenu.Builder {}
  }

  /** Moves the pointer over the unique element of {@code target}. */
  @Value.Immutable
  non-sealed interface Hover extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitHover(this);
    }

    Target target();

    @Override
    default Kind kind() {
      return Kind.HOVER;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Hover}. */
    final class Builder extends ImmutableStep.Hover.Builder {}
  }

  /** What a {@link Mouse} step does with the pointer. */
  enum MouseAction {
    /** Moves to the point and presses the button (JSON {@code down}). */
    DOWN,
    /** Moves to the point and releases the button (JSON {@code up}). */
    UP,
    /** Moves to the point (JSON {@code move}). */
    MOVE,
    /** Moves to the point and clicks there: press and release (JSON {@code click}). */
    CLICK,
    /** Moves to the point and double-clicks there (JSON {@code dblclick}). */
    DBLCLICK,
    /**
     * Moves just outside the element, as leaving it: one pixel above it when the viewport has room,
     * else right of it, below it, left of it (JSON {@code out}).
     */
    OUT
  }

  /**
   * Presses, releases, moves or clicks the mouse at the unique element of {@code target}: the
   * low-level pointer input of Selenium IDE's {@code mouseDown}, {@code mouseUpAt},
   * {@code mouseMoveAt}, {@code mouseOut}, {@code clickAt} and {@code doubleClickAt}. The element is scrolled into view and the pointer moves to its centre, or
   * {@code fromCenter} away from it (negative values go left or up, possibly outside the element:
   * the point is where the pointer goes, whatever is there). Prefer {@code click}, {@code hover} and
   * {@code drag}, which wait until the element can receive the input.
   *
   * <pre>{@code
   * mouse(Step.MouseAction.DOWN, css("#handle"))
   * mouse(Step.MouseAction.UP, css("#track"), Point.of(40, 0))     // 40 px right of the track's centre
   * }</pre>
   */
  @Value.Immutable
  non-sealed interface Mouse extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitMouse(this);
    }

    MouseAction action();

    /** Pressing, releasing or clicking a button writes; moving the pointer or leaving does not. */
    @Override
    default boolean writes() {
      return action() != MouseAction.MOVE && action() != MouseAction.OUT;
    }

    Target target();

    /** Where the pointer goes, from the element's centre (as WebDriver actions count); the centre when empty. Not for {@code OUT}. */
    Optional<Point> fromCenter();

    /** The button pressed, released or clicked ({@code DOWN}, {@code UP}, {@code CLICK}); only {@code LEFT} otherwise. */
    @Value.Default
    default MouseButton button() {
      return MouseButton.LEFT;
    }

    @Override
    default Kind kind() {
      return Kind.MOUSE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Mouse}. */
    final class Builder extends ImmutableStep.Mouse.Builder {}
  }

  /** Replaces the value of a field with {@code value}. */
  @Value.Immutable
  non-sealed interface Fill extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitFill(this);
    }

    Target target();

    String value();

    @Override
    default Kind kind() {
      return Kind.FILL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Fill}. */
    final class Builder extends ImmutableStep.Fill.Builder {}
  }

  /**
   * Sets the value of {@code target} the way that element takes a value, decided when the step runs
   * (as Chrome's Recorder replays its {@code change} step): a {@code <select>} selects the option
   * whose value is {@code value}; a text field ({@code <textarea>}, text-like {@code <input>},
   * contenteditable) is typed into key by key (only the missing rest when its current value is a
   * prefix of {@code value}; values of 100 characters or more are set directly, with {@code input}
   * and {@code change} events); other inputs (color, date, range, ...) are set directly with those
   * events; a checkbox, radio or switch is clicked when its checked state differs from
   * {@code !value.isEmpty()}. Any other element fails with {@link ErrorCode#ACTION_FAILED}.
   *
   * <p>Prefer {@link Fill} for flows written by hand; {@code change} exists so that imported
   * recordings reach the state their own replayer reaches.
   */
  @Value.Immutable
  non-sealed interface Change extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitChange(this);
    }

    Target target();

    String value();

    @Override
    default Kind kind() {
      return Kind.CHANGE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Change}. */
    final class Builder extends ImmutableStep.Change.Builder {}
  }

  /** Types {@code text} key by key into {@code target}, or into the focused element. */
  @Value.Immutable
  non-sealed interface Type extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitType(this);
    }

    Optional<Target> target();

    String text();

    @Override
    default Kind kind() {
      return Kind.TYPE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Type}. */
    final class Builder extends ImmutableStep.Type.Builder {}
  }

  /**
   * Presses a key (Playwright key names: Enter, Escape, Tab, ArrowDown, a, ...) with modifiers, on
   * {@code target} or the focused element; with {@link KeyPhase#DOWN} or {@link KeyPhase#UP} only
   * the key going down or coming up (no modifiers then: hold them with their own down steps).
   */
  @Value.Immutable
  non-sealed interface Press extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitPress(this);
    }

    String key();

    List<String> modifiers();

    /** A full press (the default), or only the key going down or coming up. */
    @Value.Default
    default KeyPhase phase() {
      return KeyPhase.PRESS;
    }

    Optional<Target> target();

    @Override
    default Kind kind() {
      return Kind.PRESS;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Press}. */
    final class Builder extends ImmutableStep.Press.Builder {}
  }

  /** Selects an option of a select element by {@code value} or by {@code label} (exactly one of them). */
  @Value.Immutable
  non-sealed interface Select extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitSelect(this);
    }

    Target target();

    Optional<String> value();

    Optional<String> label();

    @Override
    default Kind kind() {
      return Kind.SELECT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Select}. */
    final class Builder extends ImmutableStep.Select.Builder {}
  }

  /** Checks a checkbox or radio button (no-op when already checked). */
  @Value.Immutable
  non-sealed interface Check extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitCheck(this);
    }

    Target target();

    @Override
    default Kind kind() {
      return Kind.CHECK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Check}. */
    final class Builder extends ImmutableStep.Check.Builder {}
  }

  /** Unchecks a checkbox (no-op when already unchecked). */
  @Value.Immutable
  non-sealed interface Uncheck extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitUncheck(this);
    }

    Target target();

    @Override
    default Kind kind() {
      return Kind.UNCHECK;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Uncheck}. */
    final class Builder extends ImmutableStep.Uncheck.Builder {}
  }

  /** Flips a checkbox or switch. */
  @Value.Immutable
  non-sealed interface Toggle extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitToggle(this);
    }

    Target target();

    @Override
    default Kind kind() {
      return Kind.TOGGLE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Toggle}. */
    final class Builder extends ImmutableStep.Toggle.Builder {}
  }

  /** Scrolls the page or the {@code target} container by or to ({@code x}, {@code y}), or scrolls {@code target} into view. */
  @Value.Immutable
  non-sealed interface Scroll extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitScroll(this);
    }

    @Value.Default
    default ScrollMode mode() {
      return ScrollMode.BY;
    }

    Optional<Target> target();

    @Value.Default
    default int x() {
      return 0;
    }

    @Value.Default
    default int y() {
      return 0;
    }

    @Override
    default Kind kind() {
      return Kind.SCROLL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Scroll}. */
    final class Builder extends ImmutableStep.Scroll.Builder {}
  }

  /** Drags the unique element of {@code source} onto the unique element of {@code destination} (JSON {@code from} and {@code to}). */
  @Value.Immutable
  non-sealed interface Drag extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitDrag(this);
    }

    Target source();

    Target destination();

    @Override
    default Kind kind() {
      return Kind.DRAG;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Drag}. */
    final class Builder extends ImmutableStep.Drag.Builder {}
  }

  /** Sets the files of a file input. Needs the {@code file.upload} capability. */
  @Value.Immutable
  non-sealed interface Upload extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitUpload(this);
    }

    Target target();

    List<String> files();

    @Override
    default Kind kind() {
      return Kind.UPLOAD;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Upload}. */
    final class Builder extends ImmutableStep.Upload.Builder {}
  }

  /** Waits {@code ms} milliseconds or until a condition holds (exactly one of them). Prefer conditions. */
  @Value.Immutable
  non-sealed interface Wait extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitWait(this);
    }

    OptionalInt ms();

    Optional<Condition> until();

    @Override
    default Kind kind() {
      return Kind.WAIT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Wait}. */
    final class Builder extends ImmutableStep.Wait.Builder {}
  }

  /** Fails with {@code CHECK_FAILED} unless the condition holds (waiting up to the step timeout). */
  @Value.Immutable
  non-sealed interface Assert extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitAssert(this);
    }

    Condition condition();

    @Override
    default Kind kind() {
      return Kind.ASSERT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Assert}. */
    final class Builder extends ImmutableStep.Assert.Builder {}
  }

  /** Reads the text, value or an attribute of an element. Output: {@code ${steps.<id>.text}}, {@code .value} or {@code .attribute}. */
  @Value.Immutable
  non-sealed interface Read extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitRead(this);
    }

    Target target();

    @Value.Default
    default ReadKind what() {
      return ReadKind.TEXT;
    }

    /** Attribute name; only with {@link ReadKind#ATTRIBUTE}. */
    Optional<String> attribute();

    @Override
    default Kind kind() {
      return Kind.READ;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Read}. */
    final class Builder extends ImmutableStep.Read.Builder {}
  }

  /** Extracts rows from the page: a {@code table} (header to cell), {@code links} (text, href) or {@code attributes} of every element the first candidate matches. Output: {@code ${steps.<id>.items}} and {@code .count}. */
  @Value.Immutable
  non-sealed interface Scrape extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitScrape(this);
    }

    Target target();

    @Value.Default
    default ScrapeMode mode() {
      return ScrapeMode.TABLE;
    }

    /** Attributes to read; only with {@link ScrapeMode#ATTRIBUTES}. */
    List<String> attributes();

    /** Maximum rows; the scrape-rows limit when empty. */
    OptionalInt limit();

    @Override
    default Kind kind() {
      return Kind.SCRAPE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Scrape}. */
    final class Builder extends ImmutableStep.Scrape.Builder {}
  }

  /** Runs {@code body} on each page, then clicks {@code target} ({@code next} or {@code loadMore}) until it is gone or disabled, at most {@code maxPages} pages. Output: {@code ${steps.<id>.pages}}. */
  @Value.Immutable
  non-sealed interface Paginate extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitPaginate(this);
    }

    Target target();

    @Value.Default
    default PaginateMode mode() {
      return PaginateMode.NEXT;
    }

    int maxPages();

    List<Step> body();

    @Override
    default Kind kind() {
      return Kind.PAGINATE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Paginate}. */
    final class Builder extends ImmutableStep.Paginate.Builder {}
  }

  /** Sets a run variable, read later as {@code ${vars.<name>}}. */
  @Value.Immutable
  non-sealed interface SetVar extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitSetVar(this);
    }

    String name();

    String value();

    @Override
    default Kind kind() {
      return Kind.SET_VAR;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link SetVar}. */
    final class Builder extends ImmutableStep.SetVar.Builder {}
  }

  /** Evaluates a page script. Needs the {@code script.eval} capability. Output: {@code ${steps.<id>.result}}. */
  @Value.Immutable
  non-sealed interface Eval extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitEval(this);
    }

    String script();

    @Override
    default Kind kind() {
      return Kind.EVAL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Eval}. */
    final class Builder extends ImmutableStep.Eval.Builder {}
  }

  /** Saves a screenshot of the page or of {@code target}. Output: {@code ${steps.<id>.path}}. */
  @Value.Immutable
  non-sealed interface Screenshot extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitScreenshot(this);
    }

    Optional<Target> target();

    /** File name inside the run's artifact directory. */
    Optional<String> name();

    @Value.Default
    default boolean fullPage() {
      return false;
    }

    @Override
    default Kind kind() {
      return Kind.SCREENSHOT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Screenshot}. */
    final class Builder extends ImmutableStep.Screenshot.Builder {}
  }

  /** Reads a CSV file (header row first) into items. Output: {@code ${steps.<id>.items}} and {@code .count}. */
  @Value.Immutable
  non-sealed interface CsvImport extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitCsvImport(this);
    }

    String path();

    @Override
    default Kind kind() {
      return Kind.CSV_IMPORT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link CsvImport}. */
    final class Builder extends ImmutableStep.CsvImport.Builder {}
  }

  /** Writes items (a whole placeholder such as {@code ${steps.list.items}}) to a CSV file. Output: {@code ${steps.<id>.path}}. */
  @Value.Immutable
  non-sealed interface CsvExport extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitCsvExport(this);
    }

    String source();

    String path();

    @Override
    default Kind kind() {
      return Kind.CSV_EXPORT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link CsvExport}. */
    final class Builder extends ImmutableStep.CsvExport.Builder {}
  }

  /**
   * Appends one row to the run's dataset {@code dataset}: each column of {@code row} gets its value
   * with placeholders resolved (inside a loop, once per iteration). A dataset's columns are those of
   * its rows in order of first appearance; a row leaves the columns it does not name empty. A run
   * holds at most {@code FlowLimits.maxDatasetRows()} rows per dataset and
   * {@code maxDatasetCellBytes()} per cell; export in parts ({@code datasetExport} with
   * {@code clear}) to go beyond. Output: {@code ${steps.<id>.rows}}, the dataset's row count after
   * the write.
   */
  @Value.Immutable
  non-sealed interface DatasetWrite extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitDatasetWrite(this);
    }

    /** The dataset's name: letters, digits, {@code _} and {@code -}. */
    String dataset();

    /** Column to value, in column order; values may hold placeholders, never credentials. */
    Map<String, String> row();

    @Override
    default Kind kind() {
      return Kind.DATASET_WRITE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link DatasetWrite}. */
    final class Builder extends ImmutableStep.DatasetWrite.Builder {}
  }

  /**
   * Writes the rows of the dataset {@code dataset} to {@code path} (relative, inside the run's work
   * directory) as CSV or JSON; with {@code clear} the dataset is emptied after, so a long run exports
   * in parts ({@code "path": "out/part-${loop.index}.csv"}). Outputs: {@code ${steps.<id>.path}} and
   * {@code ${steps.<id>.rows}} (rows written).
   */
  @Value.Immutable
  non-sealed interface DatasetExport extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitDatasetExport(this);
    }

    String dataset();

    @Value.Default
    default DatasetFormat format() {
      return DatasetFormat.CSV;
    }

    /** The file, relative to the work directory and inside it. */
    String path();

    /** Empties the dataset once its rows are written. */
    @Value.Default
    default boolean clear() {
      return false;
    }

    @Override
    default Kind kind() {
      return Kind.DATASET_EXPORT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link DatasetExport}. */
    final class Builder extends ImmutableStep.DatasetExport.Builder {}
  }

  /**
   * Sends an HTTP request through the browser session (its cookies go along, so a signed-in session
   * carries over; network deny mode and the flow's allowed origins apply). Needs the
   * {@code http.request} capability. A response status of 400 or more fails the step unless
   * {@code failOnStatus} is false. Default timeout 30 s ({@code FlowLimits.defaultHttpTimeoutMs()}).
   * Outputs: {@code ${steps.<id>.status}}, {@code .body} (text), {@code .headers} (names in lower
   * case, {@code set-cookie} left out) and one output per {@code extract} entry: a JSON path such as
   * {@code $.items[0].id} into the response body.
   */
  @Value.Immutable
  non-sealed interface Http extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitHttp(this);
    }

    /** GET, POST, PUT, PATCH, DELETE or HEAD. */
    @Value.Default
    default String method() {
      return "GET";
    }

    /** An absolute http(s) URL; placeholders allowed. */
    String url();

    /** Request headers; values may hold placeholders, credentials included (never written anywhere). */
    Map<String, String> headers();

    /** The request body; placeholders allowed. */
    Optional<String> body();

    /** Output name to a JSON path into the response body ({@code $}, {@code .field}, {@code [index]}). */
    Map<String, String> extract();

    @Value.Default
    default boolean failOnStatus() {
      return true;
    }

    @Override
    default Kind kind() {
      return Kind.HTTP;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Http}. */
    final class Builder extends ImmutableStep.Http.Builder {}
  }

  /**
   * Reads or writes the clipboard's text. The browser context gets the clipboard permission for
   * the page's origin during this step only. Output of a read: {@code ${steps.<id>.text}}.
   */
  @Value.Immutable
  non-sealed interface Clipboard extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitClipboard(this);
    }

    ClipboardAction action();

    /** The text a write puts on the clipboard (placeholders allowed, never credentials); empty for a read. */
    Optional<String> text();

    @Override
    default Kind kind() {
      return Kind.CLIPBOARD;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Clipboard}. */
    final class Builder extends ImmutableStep.Clipboard.Builder {}
  }

  /**
   * Runs another flow on the same page: a subflow of the top-level flow with this id, or a flow of
   * the engine's flow library. {@code inputs} maps the called flow's inputs to values in the
   * caller's scope (placeholders resolved when the call runs); the called flow's credentials come
   * from the caller's, by key. Each name in {@code outputs} must be an output the called flow
   * declares; it comes back as {@code ${steps.<id>.<name>}}. Steps of called flows count towards the
   * step limit, calls towards the nesting depth, and a flow that calls itself, directly or through
   * others, is refused. Results list the called steps under {@code <path>.call.steps[i]}.
   */
  @Value.Immutable
  non-sealed interface Call extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitCall(this);
    }

    /** The id of the flow to run. */
    String flow();

    /** The called flow's input key to a value; placeholders allowed, never credentials. */
    Map<String, String> inputs();

    /** Outputs of the called flow this step hands on. */
    List<String> outputs();

    @Override
    default Kind kind() {
      return Kind.CALL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Call}. */
    final class Builder extends ImmutableStep.Call.Builder {}
  }

  /**
   * Runs {@code body} once per item of {@code source}; up to {@code concurrency} iterations at once
   * (default 1), each concurrent worker in a session the driver forks (with the Playwright driver, a
   * browser context of its own starting with the run's cookies and local storage).
   */
  @Value.Immutable
  non-sealed interface Foreach extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitForeach(this);
    }

    ForeachSource source();

    List<Step> body();

    @Value.Default
    default int concurrency() {
      return 1;
    }

    @Override
    default Kind kind() {
      return Kind.FOREACH;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Foreach}. */
    final class Builder extends ImmutableStep.Foreach.Builder {}
  }

  /** Runs {@code body} {@code times} times; {@code ${loop.index}} counts from 0. */
  @Value.Immutable
  non-sealed interface Repeat extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitRepeat(this);
    }

    int times();

    List<Step> body();

    @Override
    default Kind kind() {
      return Kind.REPEAT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Repeat}. */
    final class Builder extends ImmutableStep.Repeat.Builder {}
  }

  /** Runs {@code then} when the condition holds, else {@code otherwise} (JSON {@code else}). */
  @Value.Immutable
  non-sealed interface If extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitIf(this);
    }

    Condition condition();

    List<Step> then();

    List<Step> otherwise();

    @Override
    default Kind kind() {
      return Kind.IF;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link If}. */
    final class Builder extends ImmutableStep.If.Builder {}
  }

  /** Runs {@code body} while the condition holds, at most {@code max} times (then fails with {@code LIMIT_EXCEEDED}). */
  @Value.Immutable
  non-sealed interface While extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitWhile(this);
    }

    Condition condition();

    List<Step> body();

    int max();

    @Override
    default Kind kind() {
      return Kind.WHILE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link While}. */
    final class Builder extends ImmutableStep.While.Builder {}
  }

  /** A step a person performs (e.g. solve a captcha); handled by the engine's manual step handler. */
  @Value.Immutable
  non-sealed interface Manual extends Step {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitManual(this);
    }

    String instructions();

    @Override
    default Kind kind() {
      return Kind.MANUAL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Manual}. */
    final class Builder extends ImmutableStep.Manual.Builder {}
  }
}
