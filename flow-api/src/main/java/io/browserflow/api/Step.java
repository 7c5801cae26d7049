package io.browserflow.api;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * One step of a flow. A sealed hierarchy of six families ({@link PageStep}, {@link InteractionStep},
 * {@link CheckStep}, {@link DataStep}, {@link ExternalStep}, {@link ControlStep}), each holding one
 * nested type per operation, an immutable value with a public builder
 * ({@code InteractionStep.Click.builder()}); the DSL ({@link Flow#named(String)}) is the usual way to
 * make them. {@link #kind()} names the operation, {@link Kind#family()} its family.
 *
 * <p>Every step has a unique, stable {@link #id()}, an optional {@link #title()}, a per-step
 * {@link #timeoutMs()} (100 – 30,000 ms; 10,000 when empty), a {@link #retry()} policy, an
 * {@link #onError()} reaction, {@link #expect()} post-conditions checked after the action (a write
 * step is verified by its checks, never by the driver's acknowledgement) and a {@link #disabled()}
 * switch. String fields may contain {@code ${...}} placeholders.
 */
@Value.Enclosing
public sealed interface Step permits PageStep, InteractionStep, CheckStep, DataStep, ExternalStep, ControlStep {

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
    OPEN("open", Family.PAGE, Fact.DIALOGS, Fact.LOADS_PAGE, Fact.LEAVES_PAGE),
    NAVIGATE("navigate", Family.PAGE, Fact.DIALOGS, Fact.LOADS_PAGE, Fact.LEAVES_PAGE),
    BACK("back", Family.PAGE, Fact.DIALOGS, Fact.LEAVES_PAGE),
    FORWARD("forward", Family.PAGE, Fact.DIALOGS, Fact.LEAVES_PAGE),
    RELOAD("reload", Family.PAGE, Fact.DIALOGS, Fact.LOADS_PAGE, Fact.LEAVES_PAGE),
    TAB_NEW("tabNew", Family.PAGE, Capability.TABS_MULTI, Fact.DIALOGS, Fact.LOADS_PAGE, Fact.LEAVES_PAGE),
    TAB_SWITCH("tabSwitch", Family.PAGE, Capability.TABS_MULTI, Fact.LEAVES_PAGE),
    TAB_CLOSE("tabClose", Family.PAGE, Capability.TABS_MULTI, Fact.DIALOGS, Fact.LEAVES_PAGE),
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
    private enum Fact { DIALOGS, WRITES, LOADS_PAGE, LEAVES_PAGE, REBUILDS_RUN_DATA, BODIES }

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
     * Whether a step of this kind takes the run away from the page it was on: to another page of the tab
     * (open, navigate, back, forward, reload) or to another tab (tabNew, tabSwitch, tabClose). What
     * was on the page before cannot be checked after it.
     */
    public boolean leavesPage() {
      return facts.contains(Fact.LEAVES_PAGE);
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
      return Arrays.stream(values()).filter(k -> k.op.equals(op)).findFirst();
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

  /** What a {@link InteractionStep.Mouse} step does with the pointer. */
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

}
