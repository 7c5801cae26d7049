package io.browserflow.formats;

import io.browserflow.api.lint.LintCode;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Stable codes of the {@link ConversionIssue}s a converter reports: one code per meaning, in every
 * format and in both directions (the issue's path tells where: {@code commands[3]} in a source,
 * {@code steps[2]} in an exported flow). Callers switch on the code; messages are for people and
 * may change. JSON, text and reports spell a code as its {@link #name()}.
 *
 * <pre>{@code
 * Conversion<Flow> c = FlowFormats.read(Path.of("checkout.browserctl-flow.json"));
 * for (ConversionIssue i : c.issues()) {
 *   switch (i.code()) {
 *     case FRAME_UNRESOLVED, TARGET_UNRESOLVED -> fixLocator(i.path());
 *     case SENSITIVE_VALUE -> askForCredential(i.path());
 *     default -> log(i.describe());
 *   }
 * }
 * }</pre>
 *
 * <p>The severity belongs to each issue; the usual one is given per code below. Codes that name
 * the same finding as a flow-api {@link LintCode} have its spelling ({@code UNSTABLE_SELECTOR},
 * {@code SENSITIVE_VALUE}, ...) and say so ({@link #lintCode()}): the browserctl exporters pass
 * those findings of {@code FlowLint} on into the file they write. Codes renamed on the way to one
 * spelling per meaning keep their old spellings in {@link #formerNames()}, so a file written with
 * an old code still reads as the new one ({@link #named(String)}); {@code CHANGELOG.md} lists them.
 * {@code docs/errors.md} is generated from this javadoc.
 */
public enum ConversionCode {
  // ---- reading the source ----
  /**
   * The source gives no schema version (a browserctl-flow.json without {@code schemaVersion}), or
   * one other than the version written (a flow of another {@code schema} exported as Java, which
   * always builds {@code browserflow/1}), or a Selenium IDE project has a {@code version} other
   * than 1.x to 3.x; it was converted as the current version. Warning. Check
   * that the result still means what the source meant.
   */
  SCHEMA_VERSION_ASSUMED("SCHEMA_VERSION_MISSING", "SCHEMA_VERSION"),

  /**
   * A command line or an {@code argv} string could not be split into words (an unterminated quote,
   * a dangling escape). Blocking for a command, which is left out; warning for a comment, which is
   * ignored. Fix the quoting in the source.
   */
  SYNTAX_ERROR,

  /**
   * A step, command or declaration of the source lacks a part it needs: a url, a key, a value, an
   * expression, the selectors, a wait condition, a find strategy, a variable name. Blocking when no
   * step could be made (it is left out), warning when only a declaration or an optional part is left
   * out. Add the missing part in the source.
   */
  FIELD_MISSING,

  /**
   * A part of the source has the wrong type or form: argv words that are not strings, a timeout,
   * pause, size or scroll distance that is not a number, a word outside the allowed ones
   * ({@code --load}, {@code --state}, {@code --to}), too many arguments, frame indexes that are not
   * a list. Blocking when the step is left out, warning when a default is used instead (the message
   * says which). Correct the value in the source.
   */
  FIELD_INVALID("INVALID_STEP", "OPTION_INVALID"),

  /**
   * A field has no equivalent on the other side, or an unusable value, and was left out: a flow's
   * tags, table, policy or schedule written to browserctl, a credential's placeholder, an input's
   * help text or pattern, browserctl {@code runtimeBindings}, a non-numeric default of a number
   * input, a field a Chrome Recorder step type does not have. Info when a run loses nothing, warning otherwise. Carry the information another way if
   * it matters.
   */
  FIELD_DROPPED("RUNTIME_BINDINGS_UNSUPPORTED"),

  /**
   * A name, title or description longer than the target allows was cut (flow names to
   * {@code FlowLimits.maxNameChars()}, browserctl names to 128 and descriptions to 2,048
   * characters). Info or warning. Shorten it in the source if its end matters.
   */
  FIELD_TRUNCATED("NAME_TRUNCATED"),

  /**
   * A value the source leaves out was filled in with a default: the flow's name from the file name
   * when a recording has no title, a scroll distance of 300 px, the click position the Chrome
   * Recorder format requires, the target origin {@code "*"} of a recorded postMessage that names none.
   * Info; a warning for the {@code "*"} origin, which delivers to any page. Change the value in the
   * result if the default does not fit.
   */
  DEFAULT_FILLED("TITLE_MISSING", "CLICK_OFFSET_DEFAULTED"),

  /**
   * A credential or input was declared with another type: a browserctl {@code select} credential or
   * {@code datetime} input became text, an unknown type became text, a url input is written as
   * text. Info when the value is taken as it is, warning when a type or its options are lost. Check
   * the declaration in the result.
   */
  TYPE_CHANGED,

  /**
   * A credential or input key contains blanks, a dollar sign or a brace, so no {@code ${...}}
   * placeholder can name it; the declaration was left out. Warning. Rename the key.
   */
  INVALID_KEY,

  /**
   * A key is declared twice (credentials and inputs share one namespace); the later declaration was
   * left out. Warning. Rename one of them.
   */
  DUPLICATE_KEY,

  /**
   * A warning or blocking issue the source file lists itself (a browserctl-flow.json's
   * {@code warnings} and {@code quality.blockingIssues}, a {@code # warning:} comment of a
   * {@code .browserctl} file) under a code that is no conversion code, or under none; the message
   * starts with the file's own code. A listed issue whose code is a conversion code (or a former
   * name of one) gets that code instead. Severity as the file gives it. Deal with it as the file's
   * author asks.
   */
  SOURCE_ISSUE("UNSPECIFIED"),

  /**
   * The source file is marked {@code needs_review} but lists no warning. Warning: a person confirms
   * the flow before it runs unattended.
   */
  QUALITY_NEEDS_REVIEW,

  /**
   * The source file is marked {@code blocked} but lists no blocking issue. Blocking:
   * {@code browserflow run} refuses the flow with {@code REVIEW_REQUIRED} until a person resolves
   * what the file's author saw (or it is run with {@code --force}).
   */
  QUALITY_BLOCKED,

  /**
   * The source's quality status is none of {@code ready}, {@code needs_review}, {@code blocked}.
   * Warning. Review the flow as if it were {@code needs_review}.
   */
  QUALITY_UNKNOWN,

  /**
   * The Selenium IDE project holds another test: another flow, not part of this conversion. Info.
   * {@code browserflow run} plays every suite of the project ({@code --filter} picks some), {@code
   * convert --out DIR} writes one flow per test, {@code FlowFormats.readSideProject} imports them all.
   */
  OTHER_TEST,

  /**
   * A Selenium IDE {@code run} command: the commands of the test it calls are inlined after it (in
   * the caller's variables; their steps get ids of the caller's flow). Info. Nothing to do; edit
   * the called test in the project to change both.
   */
  TEST_INLINED,

  /**
   * A Selenium IDE {@code run} command calls a test the project does not have (blocking; the
   * reference fails there), or a suite lists a test id the project does not have (warning; the
   * reference skips it). Fix the name or the id in the project.
   */
  TEST_NOT_FOUND,

  /**
   * Selenium IDE {@code run} commands call each other in a cycle ({@code a → b → a}): the repeated
   * call is not inlined. Blocking: the reference would recurse until it fails. Break the cycle.
   */
  TEST_CALL_CYCLE,

  /**
   * The converted flow breaks a validation rule of flow-api; the message names the problem's
   * {@code ErrorCode} ({@code LIMIT_EXCEEDED}, {@code DUPLICATE_ID}, ...). Blocking on import: a
   * browserctl step made from the command is left out, a Chrome Recorder or Selenium IDE flow is
   * returned as it is for a person to fix. Warning on a Java export of an invalid flow, whose code
   * then builds it with {@code buildUnvalidated()}. Fix what the problem names.
   */
  INVALID_FLOW,

  // ---- steps and commands ----
  /**
   * A Selenium IDE dialog command ({@code assertConfirmation}, {@code acceptAlert}, ...) follows no
   * action of its block that could open the dialog, or an answer armed for the next dialog has no
   * action after it; it was left out. Warning. Put the dialog on the step that opens it ({@code dialogs}).
   */
  DIALOG_UNATTACHED,

  /**
   * A step or command has no equivalent on the other side and was left out: a browserctl or
   * Selenium IDE command, a Chrome Recorder step type BrowserFlow does not know, a recording-plugin
   * step type its Flow JSON does not define (blocking: never dropped silently), or a flow step the
   * target format cannot write (setViewport, a right click or a loop in browserctl). Warning when
   * the flow still does its job without it (a dialog answer, network throttling), blocking when it
   * cannot run as converted: in a Chrome Recorder export, when a step written after it depends on
   * it (it changes the page, opens the tab or enters the frame a later step runs in, or a later step
   * uses its output). Rewrite the step with what the target has, or keep the flow in BrowserFlow JSON.
   */
  UNSUPPORTED_STEP("UNSUPPORTED_COMMAND", "COMMAND_UNSUPPORTED_BY_BROWSERCTL", "UNSUPPORTED_STEP_TYPE"),

  /**
   * A setting of a step or command has no equivalent and was left out or replaced: a browserctl
   * option ({@code --confirm}, a text read from a file), a Chrome Recorder device type, press
   * duration, count operator or asserted event, a flow step's retry, onError, timeout, modifiers or
   * offset in a format without them. Info when the replay behaves the same, warning when it may
   * differ, blocking when the step cannot work without it. Check the step.
   */
  UNSUPPORTED_OPTION("OPTION_UNSUPPORTED", "TIMEOUT_DROPPED"),

  /**
   * A wait or expect condition has no equivalent in the target format (browserctl waits for a url,
   * a load state, a selector, a text or a script only); the check, or the step, was left out.
   * Warning: the replay checks less than the flow. Add a check the target has.
   */
  UNSUPPORTED_CONDITION("CONDITION_UNSUPPORTED"),

  /**
   * A Selenium IDE key ({@code ${KEY_...}}) has no equivalent, or is used outside sendKeys, or a
   * recorded keydown is an input method's composition key ({@code Process}, {@code Dead}); it was
   * left out. Warning. Add a press step for the key, or check the text the input typed.
   */
  UNSUPPORTED_KEY,

  /**
   * A browserctl command captures result fields BrowserFlow cannot bind for that command (tab ids
   * and read or eval results are bound); the capture was left out. Warning: a later
   * {@code ${VAR}} of it becomes an input. Supply the value as an input or read it with a step.
   */
  UNSUPPORTED_CAPTURE("CAPTURE_UNSUPPORTED"),

  /**
   * A Chrome Recorder {@code customStep} runs code of a recording-tool extension; it is left out, as
   * the reference replayer ({@code @puppeteer/replay}) skips it too. Warning. If the flow needs what
   * the extension did, add steps that do the same.
   */
  CUSTOM_STEP,

  /**
   * A command that only observes the page or has no effect on a replay was left out: browserctl
   * snapshot, get, is, tab list or close, Selenium IDE echo, setSpeed, debugger, storeWindowHandle,
   * an empty command. Info. Nothing to do.
   */
  COMMAND_SKIPPED("NOT_CARRIED"),

  /**
   * Selenium IDE control-flow commands (if/elseIf/else/end, while, times, forEach, do/repeatIf) do
   * not nest: a closing command without its opener, an opener without its end, or a disabled one.
   * Blocking for an unbalanced block, warning for a disabled control command left out. Balance the
   * blocks in the source.
   */
  CONTROL_FLOW,

  /**
   * Carried over with a small change of meaning, which the message explains: a check or toggle
   * written as a click, an assert as a wait, a contextmenu as a secondary-button click, type as
   * change, editable checked as enabled, a condition that also waits for visibility. Info when the
   * replay is the same in practice, warning when it can differ. Review the step.
   */
  APPROXIMATED("STEP_APPROXIMATED", "CONDITION_APPROXIMATED"),

  /**
   * One step or command became several steps or another construct: a wait with several conditions
   * one wait per condition, sendKeys typing and key presses, do ... repeatIf a while,
   * relative=parent frameMain and frame steps, an open in another tab a tab switch and an open.
   * Info. Nothing to do; read back these are the new steps.
   */
  REWRITTEN("COMMAND_SPLIT"),

  /**
   * A step or command of the source was folded into another: a keyDown and its keyUp became one
   * press, a navigate the previous step already leads to, a switch to the tab just opened. Info.
   * Nothing to do.
   */
  STEPS_MERGED("NAVIGATE_MERGED", "TAB_SWITCH_MERGED"),

  /**
   * A wait right after an action is carried as the action's expect: a browserctl wait became the
   * expect of the step before it, and an exported {@code wait --url} after a click reads back as
   * that click's expect. Info. Nothing to do.
   */
  WAIT_AS_EXPECT("WAIT_MERGED"),

  /**
   * A recording-plugin {@code submit} on a form (no submit button recorded) became an eval of
   * {@code form.requestSubmit()}: a page script, so the flow declares {@code script.eval}. Warning.
   * Click the form's submit button instead where it has one.
   */
  SUBMIT_FALLBACK_TO_EVAL,

  /**
   * A recording-plugin {@code change} on an element the recording does not describe (no tag name)
   * became a change step, which decides when it runs how the element takes the value (an option of
   * a select, typed text, a set value, a checkbox click), where seed 002's converter falls back to
   * an eval dispatching {@code input} and {@code change} events. Warning. Check the step; make it a
   * fill, select or check when the element is known.
   */
  CHANGE_DECIDED_AT_RUN_TIME("CHANGE_FALLBACK_TO_EVAL"),

  /**
   * A browserctl eval of {@code window.scrollTo} or {@code window.scrollBy} became a scroll step.
   * Info. Nothing to do.
   */
  EVAL_AS_SCROLL,

  /**
   * A browserctl fill or type got several text words; they were joined with blanks. Info. Quote the
   * text in the source if the blanks matter.
   */
  ARGUMENTS_JOINED,

  /**
   * A browserctl select names several values; only the first is selected. Warning. Select the
   * others with more steps.
   */
  ARGUMENTS_DROPPED,

  /**
   * A number outside the flow limits (a timeout, a pause, a viewport size, a repeat count) was
   * brought within them; the message gives both. Info or warning. Check that the bounded value
   * still works.
   */
  VALUE_CLAMPED("TIMEOUT_CLAMPED"),

  /**
   * The lint code {@link LintCode#FIXED_WAIT_TOO_LONG}: a fixed wait longer than a step allows,
   * cut to the longest one, or (on export) longer than the linter accepts, or a recording-plugin
   * wait longer than {@code --max-fixed-wait} (5,000 ms by default). Warning. Wait for a url, a
   * selector or a text instead.
   */
  FIXED_WAIT_TOO_LONG(LintCode.FIXED_WAIT_TOO_LONG),

  /**
   * The lint code {@link LintCode#NAVIGATE_AFTER_CLICK}, passed on by the browserctl exporters: a
   * navigate right after a click most likely repeats the navigation the click caused. Warning.
   * Check the click with an {@code expect url} instead.
   */
  NAVIGATE_AFTER_CLICK(LintCode.NAVIGATE_AFTER_CLICK),

  /**
   * The lint code {@link LintCode#REDUNDANT_NAVIGATE}, passed on by the browserctl exporters: a
   * navigate to the URL just loaded (a recording-plugin import leaves it out unless
   * {@code --preserve-navigate}). Warning. Remove it.
   */
  REDUNDANT_NAVIGATE(LintCode.REDUNDANT_NAVIGATE),

  /**
   * The lint code {@link LintCode#OVERLAY_CLICK}, passed on by the browserctl exporters (or listed
   * by a browserctl file): a click on a loading mask or backdrop; a recording-plugin import leaves
   * it out unless asked to keep it ({@code --keep-overlay-clicks}). Warning. Remove the click, or
   * wait for the overlay to go.
   */
  OVERLAY_CLICK(LintCode.OVERLAY_CLICK),

  /**
   * A Chrome Recorder keyDown without its keyUp or a keyUp without its keyDown (a press with phase
   * down or up of its own; info), or a modifier never released (not held in the flow; warning).
   * Check the key steps.
   */
  KEY_UNPAIRED,

  /**
   * A browserctl screenshot is saved under its file name in the run's artifact directory, not at
   * the path given. Info. Nothing to do.
   */
  PATH_CHANGED,

  /**
   * A Chrome Recorder recording acts on a page before navigating anywhere. Warning. Add an open
   * step with the start URL.
   */
  NO_START_URL,

  /**
   * The lint code {@link LintCode#EVAL_USED}: the flow runs page scripts (an eval, a wait for an
   * expression, a Selenium IDE executeScript or condition) and declares the {@code script.eval}
   * capability, which a run must allow ({@code --allow eval}). Warning; info for Selenium IDE
   * projects. Replace the script with steps where they can do the same.
   */
  EVAL_USED(LintCode.EVAL_USED, "SCRIPT_EVAL", "SCRIPT_EVAL_REQUIRED"),

  /**
   * Selenium IDE variables inside a script or condition reach it as JavaScript string values (never
   * as script text), where Selenium IDE passes the stored value. Warning. Compare numbers with
   * {@code Number(${x})} or {@code ==}.
   */
  SCRIPT_VARIABLE,

  /**
   * A Selenium IDE forEach iterates a variable no storeJson of the test sets to a list, so the loop
   * runs once over its text. Blocking. Make the source a literal list, a scrape or a csvImport.
   */
  FOREACH_SOURCE,

  // ---- graphs (record-replay nodes and edges) ----
  /**
   * A record-replay graph has no start node (every node has an edge into it) or several (nodes no
   * edge leads to): BrowserFlow runs one sequence from one start. Blocking; the message names the
   * start nodes, and only what follows the first is converted. Connect the nodes into one sequence.
   */
  GRAPH_START,

  /**
   * A record-replay edge names a node its graph does not have, lacks its from or to, carries a
   * label other than default, true, false and onError (a {@code case:} branch), or is labelled true
   * or false while leaving a node that is no if. Blocking; the edge is left out. Fix the edge.
   */
  GRAPH_EDGE_BROKEN,

  /**
   * A record-replay graph has no structured form where the message says: a node reached from a
   * branch that joins the others only later (a goto), two edges of one label leaving a node (a
   * fork), a cycle that is no while (headed by a node that is no if, left or entered in its middle),
   * an onError path that does not lead back to the failed node's next node, nodes no path from the
   * start reaches. Blocking; the message names the nodes, which are not converted. Restructure the
   * graph into sequences, if/else branches that join again, while loops and onError paths that
   * rejoin.
   */
  GRAPH_UNSTRUCTURED,

  /**
   * A record-replay foreach or while node names no subflow, one the flow's {@code subflows} do not
   * have, or one that runs itself (directly or through others). Blocking; the node is kept as a
   * manual step. Add the subflow, or fix its {@code subflowId}.
   */
  SUBFLOW_UNRESOLVED,

  // ---- targets and frames ----
  /**
   * No locator of a target can be carried over, so the step cannot find its element: a snapshot
   * ref ({@code @e12}) valid only while recording, Selenium IDE locators without an equivalent, a
   * Chrome Recorder step none of whose selectors could be read, a target none of whose candidates
   * the target format can write, a browserctl type into the focused element, a recording-plugin step
   * whose element has no selector, test id, id, role, label, placeholder or text (or only snapshot
   * refs). Blocking; on a Chrome
   * Recorder export, which leaves the step out, a warning unless a step written after it depends on
   * it. Add a css, testId or role candidate.
   */
  TARGET_UNRESOLVED,

  /**
   * One locator of a target has no equivalent and was left out, the others kept: a Selenium IDE
   * {@code dom=} or {@code javascript=} alternative, a Chrome Recorder selector that is empty, not a
   * string, or aria without name and role, a css candidate that a browser's querySelector cannot
   * parse (on export). Warning. Nothing to do while the other candidates find the element.
   */
  UNSUPPORTED_LOCATOR("SELECTOR_UNSUPPORTED", "SELECTOR_NOT_PORTABLE"),

  /**
   * The lint code {@link LintCode#UNSTABLE_SELECTOR}, passed on by the browserctl exporters (or
   * listed by a browserctl file): a target tried first through a fragile locator. Warning. Add a
   * testId, role or label candidate before it.
   */
  UNSTABLE_SELECTOR(LintCode.UNSTABLE_SELECTOR),

  /**
   * A browserctl find first, last or nth picks one of several matches, while a BrowserFlow target
   * must match exactly one element. Warning. Narrow the locator so that it matches one.
   */
  FIND_POSITIONAL,

  /**
   * A browserctl find without {@code --exact} matches text loosely; BrowserFlow matches the whole
   * text exactly. Info. Check the text the target names.
   */
  MATCH_EXACT,

  /**
   * A Chrome Recorder aria selector names a role the driver does not know; its name alone is kept.
   * Info. Nothing to do unless several elements share the name.
   */
  ROLE_UNKNOWN,

  /**
   * The recording's selectors are built on a custom attribute; they are carried as css (as test
   * ids for {@code data-testid}, {@code data-test}, {@code data-cy} and {@code data-qa}). Info.
   */
  SELECTOR_ATTRIBUTE,

  /**
   * The shadow-root path of a target is not carried over: Chrome Recorder shadow chains that
   * disagree on their hosts keep their last part, browserctl selectors cannot enter shadow roots
   * through hosts. Warning. Css pierces open shadow roots; check the step finds its element.
   */
  SHADOW_PATH_DROPPED("SHADOW_PATH_UNSUPPORTED"),

  /**
   * A scroll's element part cannot be carried: browserctl cannot scroll an element to a position or
   * to its top or bottom, a scroll into view that names no element cannot be written, and a
   * recording-plugin scroll inside an element the recording gives no usable selector for is left
   * out. Blocking. Scroll the page, or scroll an element into view.
   */
  SCROLL_TARGET_UNRESOLVED,

  /**
   * The frame a step acts in cannot be carried over: a frame locator without an equivalent (a
   * browserctl prefix other than {@code selector:}, {@code url:}, {@code name:}, a Selenium IDE
   * frame locator), nested frames browserctl cannot enter from the main frame, a frame Chrome
   * Recorder could only locate by index (the frame step, or the step whose target is in that frame,
   * is not written), a recording-plugin step in a frame with no owner selector, http(s) frame URL or
   * frame name. Blocking; on a Chrome Recorder export a warning unless a step written after it
   * runs in that frame (or, for a step left out, depends on it). Locate the frame by its owner's
   * selector from the main frame.
   */
  FRAME_UNRESOLVED("IFRAME_UNRESOLVED", "FRAME_LOCATOR_UNRESOLVED", "FRAME_NOT_EXPRESSIBLE"),

  /**
   * The lint code {@link LintCode#FRAME_SELECTOR_UNSTABLE}: a frame located by position (Chrome
   * Recorder frame indexes, Selenium IDE {@code index=N}) or by a fragile owner selector. Warning.
   * Locate the frame by its owner's selector, {@code url:} or {@code name:}.
   */
  FRAME_SELECTOR_UNSTABLE(LintCode.FRAME_SELECTOR_UNSTABLE, "FRAME_BY_INDEX"),

  /**
   * The lint code {@link LintCode#FRAME_URL_DYNAMIC}, passed on by the browserctl exporters: a frame
   * located by a URL that holds ids or tokens of one session. Warning. Locate it by its owner's
   * selector.
   */
  FRAME_URL_DYNAMIC(LintCode.FRAME_URL_DYNAMIC),

  /**
   * The lint code {@link LintCode#FRAME_RUNTIME_ID_ONLY}: a frame addressed by a recording-time
   * frame id or snapshot ref, which cannot be replayed. Blocking. Switch with the frame owner's
   * selector, {@code url:} or {@code name:}.
   */
  FRAME_RUNTIME_ID_ONLY(LintCode.FRAME_RUNTIME_ID_ONLY),

  /**
   * A recording-plugin {@code postmessage} was sent from inside a frame that cannot be located (no
   * owner selector, http(s) frame URL or name), so the eval that replays it has no window to run in;
   * it was left out. Blocking. Record the iframe's selector or name.
   */
  POSTMESSAGE_FRAME_UNRESOLVED,

  /**
   * Browserctl finds frame owners from the main frame, so a frameMain step was inserted before
   * entering the next frame. Info. Nothing to do.
   */
  FRAME_RESET_INSERTED,

  // ---- tabs ----
  /**
   * A tab reference names no tab opened earlier by a replayable step (browserctl runtime tab ids and
   * indexes, a Selenium IDE window handle not stored, a tab alias no tabNew or click newTab opens, a
   * recording-plugin tab no recorded click or user action opens, or a step that names no tab in a
   * recording of several), so no step can switch to it; which tab is never guessed. Blocking. Open
   * the tab with a step that binds it, then switch.
   */
  TAB_UNRESOLVED("MULTI_TAB_UNRESOLVED"),

  /**
   * A browserctl click {@code --new-tab} or {@code tab new} captures no tab id; the new tab is
   * bound to a generated alias. Info. Nothing to do unless a later command should switch to it.
   */
  NEW_TAB_UNCAPTURED,

  /**
   * A Chrome Recorder step's {@code target} is a URL no click right before it opened: as the
   * reference finds an out-of-process iframe by its URL when no page has it, the step runs inside
   * the page's frame with that URL ({@code frame url:...}). Info. If the target is a popup, bind it
   * with the {@code newTab} of the click that opens it.
   */
  TARGET_ENTERED_AS_FRAME("POPUP_OPENER_UNKNOWN"),

  /**
   * A Chrome Recorder export has a step in a tab (popup) whose URL it does not know: the format's
   * {@code target} is {@code main} or the exact URL of the page, never a tab alias, so the steps in
   * that tab are written without a target; a record-replay export switches to or closes a tab whose
   * URL it does not know (the extension finds tabs by URL). Blocking. Declare the tab's URL
   * ({@code tabs[].url} or the {@code tabNew} url), or wait for the popup's literal url (no
   * {@code *}) first in the tab.
   */
  TAB_URL_UNKNOWN,

  // ---- values, placeholders and secrets ----
  /**
   * The lint code {@link LintCode#SENSITIVE_VALUE}: a literal value that looks like a secret or
   * personal data. On import a literal typed into a password field is replaced by a secret
   * credential placeholder (give its value at run time); an export leaves such a literal out or
   * writes it as a new secret credential. Warning. Use a secret credential.
   */
  SENSITIVE_VALUE(LintCode.SENSITIVE_VALUE),

  /**
   * A literal secret that cannot be taken from a credential: a browserctl command holding a secret
   * value, a step whose secret browserctl cannot write from a credential (the step is left out), a
   * recording-plugin value outside a typed field (a URL, postMessage data) that looks like a secret, or
   * a recording-plugin {@code keydown} that typed a character into a password field and cannot be merged
   * into its field's fill (never written as a press, never quoted). Blocking. Replace the value with a {@code ${KEY}} placeholder of a secret credential.
   */
  SECRET_POLICY_VIOLATION,

  /**
   * The lint code {@link LintCode#SECRET_NOT_CREDENTIAL}, passed on by the browserctl exporters: a
   * secret-looking field filled from something that is not a secret credential. Warning. Fill it
   * from a secret credential.
   */
  SECRET_NOT_CREDENTIAL(LintCode.SECRET_NOT_CREDENTIAL),

  /**
   * The lint code {@link LintCode#VOLATILE_VALUE}, passed on by the browserctl exporters: a literal
   * that changes between runs (a UUID, a timestamp, a temporary path). Warning. Make it an input.
   */
  VOLATILE_VALUE(LintCode.VOLATILE_VALUE),

  /**
   * The lint code {@link LintCode#EMPTY_INPUT_VALUE}, passed on by the browserctl exporters: a fill
   * or type with the empty string. Warning. Check that clearing the field is meant.
   */
  EMPTY_INPUT_VALUE(LintCode.EMPTY_INPUT_VALUE),

  /**
   * A {@code ${...}} placeholder refers to nothing the source declares or produces before it: it
   * was declared as a required input (warning), or it has no equivalent on the other side or is
   * captured by a command that is not carried over (blocking). Declare it, or supply it as an input.
   */
  BINDING_UNRESOLVED("UNKNOWN_VARIABLE"),

  /**
   * A captured {@code ${VAR}} is part of a longer browserctl word; browserctl replaces a capture
   * only when it is a whole word. Warning. Make the value the variable alone.
   */
  BINDING_EMBEDDED,

  /**
   * A malformed {@code ${...}} placeholder (unclosed, empty, nested). Blocking. Fix the placeholder.
   */
  PLACEHOLDER_INVALID,

  /**
   * A step written to Chrome Recorder holds {@code ${...}} placeholders, which a replay there types
   * literally. Warning. Put real values in before replaying the recording elsewhere.
   */
  PLACEHOLDER_VALUE,

  /**
   * A value written to browserctl starts with {@code --}, which browserctl reads as an option.
   * Warning. Change the value, or check that browserctl takes it.
   */
  VALUE_LOOKS_LIKE_OPTION,

  /**
   * A {@code # capture:} comment of a {@code .browserctl} file does not directly follow the command
   * it captures from; it was ignored. Warning. Move it under its command.
   */
  CAPTURE_UNATTACHED,

  /**
   * A {@code # capture:} entry is not {@code field=VARIABLE}; it was ignored. Warning. Fix the entry.
   */
  CAPTURE_INVALID,

  /**
   * A command uses a variable captured by an earlier command; the {@code .browserctl} text keeps
   * captures in {@code # capture:} comments, which plain-text runners ignore. Warning. Run the
   * browserctl-flow.json instead.
   */
  CAPTURE_IN_COMMENT,

  // ---- writing the target format ----
  /**
   * A disabled step of the flow was not written: the target format has no disabled steps. Info.
   * Enable the step first if it should run there.
   */
  STEP_DISABLED("DISABLED_STEP_OMITTED"),

  /**
   * An expect of a step is written as a wait after it (a browserctl wait, a Chrome Recorder
   * waitFor step), which reads back as a wait step. Info. Nothing to do.
   */
  EXPECT_AS_WAIT,

  /**
   * Browserctl scrolls the page vertically, to the top or to the bottom only; another scroll is
   * written as an eval of {@code window.scrollBy} or {@code window.scrollTo}. Warning: the file
   * runs a page script.
   */
  SCROLL_FALLBACK_TO_EVAL,

  /**
   * A target's frame is entered with {@code frame <owner>} before the browserctl command and left
   * with {@code frame main} after it; read back these are frame and frameMain steps. Info.
   */
  FRAME_PATH_AS_COMMANDS,

  /**
   * Browserctl cannot express the first candidate of a target where it stands; a later candidate
   * is written instead. Info. Check that the written candidate finds the element.
   */
  CANDIDATE_SUBSTITUTED,

  /**
   * Browserctl takes one locator per command; the target's other candidates were left out. Info.
   */
  CANDIDATES_DROPPED,

  /**
   * The Java export writes a step or declaration with its plain builder because the DSL has no form
   * for it. Info. Nothing to do.
   */
  PLAIN_BUILDER;

  private static final Map<String, ConversionCode> BY_NAME = byName();

  private final LintCode lintCode;
  private final List<String> formerNames;

  ConversionCode(String... formerNames) {
    this(null, formerNames);
  }

  ConversionCode(LintCode lintCode, String... formerNames) {
    this.lintCode = lintCode;
    this.formerNames = List.of(formerNames);
  }

  /** The flow-api lint code this code mirrors (same name, same finding), if any. */
  public Optional<LintCode> lintCode() {
    return Optional.ofNullable(lintCode);
  }

  /** Spellings this code had before it was renamed to one spelling per meaning; see {@code CHANGELOG.md}. */
  public List<String> formerNames() {
    return formerNames;
  }

  /**
   * The code spelled {@code name} (case-insensitive), also under a {@link #formerNames() former
   * name}: {@code named("IFRAME_UNRESOLVED")} is {@link #FRAME_UNRESOLVED}.
   */
  public static Optional<ConversionCode> named(String name) {
    return Optional.ofNullable(BY_NAME.get(name.strip().toUpperCase(Locale.ROOT)));
  }

  /** The code that mirrors {@code lint}, if a converter reports that finding. */
  public static Optional<ConversionCode> of(LintCode lint) {
    return Arrays.stream(values()).filter(c -> c.lintCode == lint).findFirst();
  }

  private static Map<String, ConversionCode> byName() {
    Map<String, ConversionCode> m = new HashMap<>();
    for (ConversionCode c : values()) {
      m.put(c.name(), c);
      c.formerNames.forEach(f -> m.put(f, c));
    }
    return Map.copyOf(m);
  }
}
