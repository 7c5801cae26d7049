package io.browserflow.api.lint;

/**
 * Stable codes of the findings of {@link FlowLint}. Callers switch on the code; messages are for
 * people and may change. Codes named by the requirements keep those names
 * ({@code UNSTABLE_SELECTOR}, {@code FRAME_URL_DYNAMIC}, {@code FIXED_WAIT_TOO_LONG},
 * {@code EMPTY_INPUT_VALUE}, ...).
 *
 * <p>The severity of each finding is on the {@link LintWarning}; the usual one is given per code
 * below. Severity {@code error} marks a blocking issue and makes the flow
 * {@link Quality#BLOCKED}.
 */
public enum LintCode {
  /**
   * A target is tried first through a fragile locator: a css selector with positional pseudo
   * classes ({@code :nth-child}, {@code :nth-of-type}, ...), a chain of more than
   * {@link LintOptions#maxCssCombinators()} combinators, a chain anchored at {@code html}/{@code body},
   * generated-looking ids or classes ({@code css-1x2y3z}, {@code sc-AbCdE}, {@code ember123},
   * {@code :r1:}, long digit or hex runs), transient state classes ({@code fade-leave}), an
   * absolute or positional xpath, or a snapshot ref ({@code @e12}). Warning. A fragile candidate
   * tried after a candidate that is not fragile is not reported: it is only a fallback. Source:
   * the selector advice ("avoid deep {@code body > div:nth-child(...)}, framework transient
   * classes; if only a fragile selector exists keep the command and add UNSTABLE_SELECTOR").
   */
  UNSTABLE_SELECTOR,

  /**
   * A frame locator (a {@code frame} step or a target's frame path) uses a fragile owner selector
   * (long chain, {@code :nth-child}, generated ids), a fuzzy {@code iframe[src*=...]} match or a
   * generated-looking frame name. Warning. Source: the frame context rules ("long-chain selectors,
   * src fuzzy matching and similar fragile locators: needs_review; FRAME_SELECTOR_UNSTABLE").
   */
  FRAME_SELECTOR_UNSTABLE,

  /**
   * A frame located by {@code url:<glob>} (or an owner selector matching {@code src}) whose URL
   * contains a record id, a long number, a UUID, a session id, a token or a volatile query
   * parameter; the next record's frame will not match. Warning. Source: the dynamic iframe URL
   * scenario ("do not pin the full URL; export the dialog's iframe owner selector;
   * FRAME_URL_DYNAMIC").
   */
  FRAME_URL_DYNAMIC,

  /**
   * A frame locator that is a runtime frame id: a {@code ${FRAME_..}} placeholder, a snapshot ref
   * ({@code @e3}, {@code ref:@e3}), a bare frame index or a driver frame id. It cannot be replayed.
   * Error (blocking). Source: the frame blocking issues ("only the recording-time frameId is known,
   * no replayable command: FRAME_RUNTIME_ID_ONLY").
   */
  FRAME_RUNTIME_ID_ONLY,

  /**
   * A fixed {@code wait} longer than {@link LintOptions#maxFixedWaitMs()} (5,000 ms by default, the
   * converter's {@code --max-fixed-wait} default). Warning. Source: "if a wait is too long, output
   * FIXED_WAIT_TOO_LONG; fixed waits are only a last resort, prefer waiting for a url, selector or
   * text".
   */
  FIXED_WAIT_TOO_LONG,

  /**
   * A {@code navigate} right after a click or key press (fixed waits in between ignored): the user
   * action most likely caused the navigation, and replaying a direct navigation bypasses the real
   * business event. Warning. Source: "navigation after a click is expressed as click + wait --url;
   * navigate only for an explicit direct navigation, never in place of a business click".
   */
  NAVIGATE_AFTER_CLICK,

  /**
   * A {@code navigate} to the URL the previous {@code open}/{@code navigate} already loaded.
   * Warning. Source: the converter's navigate rules ("repeated navigate: skip and warn").
   */
  REDUNDANT_NAVIGATE,

  /**
   * A click on what looks like a loading mask, overlay or modal backdrop. Warning. Source: "do not
   * record loading-mask clicks by default; if one happened, skip it or add a warning".
   */
  OVERLAY_CLICK,

  /**
   * A {@code fill} or {@code type} with the empty string. Warning. Source: the converter's input
   * rule ("an empty input is kept but produces EMPTY_INPUT_VALUE").
   */
  EMPTY_INPUT_VALUE,

  /**
   * A literal value that looks like a secret or personal data. Secrets are errors (blocking): a
   * literal filled into a password, OTP, card or token field, a literal default of a secret-named
   * input or variable, JWTs, API keys, private keys, Authorization values, passwords in URLs,
   * secret-named parameters ({@code token=}, {@code JSESSIONID=}), high-entropy tokens and payment
   * card numbers (Luhn). Personal data (e-mail addresses, phone numbers, resident identity numbers)
   * are warnings, or errors with {@link LintOptions#personalDataBlocks()}. The message never holds
   * the value, only a masked excerpt ({@code ey***}). Sources: "the file must not contain real
   * passwords, tokens or cookies" and the blocking SECRET_POLICY_VIOLATION; the record &amp; replay
   * draft scan for secrets and PII ("do not put passwords, tokens, cookies, private keys, phone
   * numbers, e-mail addresses or real personal data into actions").
   */
  SENSITIVE_VALUE,

  /**
   * A secret-looking field or declaration that does not go through a secret credential: a
   * password/OTP/card/token field filled from an input, a variable, a loop value or a non-secret
   * credential; an input whose key or label names a password, token or API key; a password, token
   * or API key credential declared with {@code secret=false}. Warning. Source: "passwords, tokens,
   * cookies and secrets are credentials with secret=true; password fields must become a credential
   * placeholder".
   */
  SECRET_NOT_CREDENTIAL,

  /**
   * A literal value that changes between runs: a UUID, an ISO date-time, an epoch timestamp (13
   * digits anywhere, 10 digits as a time-like parameter such as {@code ts=}), a temporary path
   * ({@code /tmp/}, {@code ...\AppData\Local\Temp\}) or a long generated hex id. Warning, or error
   * with {@link LintOptions#volatileValuesBlock()}. Source: the record &amp; replay draft scan of
   * "temporary paths, timestamps, UUIDs and other volatile data", to be replaced by parameters.
   */
  VOLATILE_VALUE,

  /**
   * A write step (click, fill, select, check, press, upload, drag, ...) without an {@code expect}
   * whose effect nothing checks: the flow ends, or leaves the page ({@code open},
   * {@code navigate}, tab switch, ...), before any later step observes the page. Warning. Source:
   * write operations must configure a success check; a write step is verified by its checks, never
   * by the driver's acknowledgement; "key page changes have wait commands".
   */
  SUCCESS_CHECK_MISSING,

  /**
   * A url check that matches every page of a site ({@code **}{@code /}, {@code **}{@code /*}, a
   * front controller with any query such as {@code **}{@code /doku.php?**}): it cannot fail, so it
   * verifies nothing. Warning. Source: write steps are verified by checks that name the page
   * reached; a check that cannot fail is no check.
   */
  WEAK_CHECK,

  /**
   * An {@code eval} step or an {@code expression} condition: page scripts bypass real user events
   * and the bounded, reviewable step vocabulary. Warning. Source: the converter's eval fallbacks
   * (CHANGE_FALLBACK_TO_EVAL, SUBMIT_FALLBACK_TO_EVAL must warn) and the bounded-operations rule
   * of record &amp; replay.
   */
  EVAL_USED,

  /**
   * A {@code manual} step: an unattended run (schedule, tool call) stops there until a person acts.
   * Warning.
   */
  MANUAL_STEP,

  /**
   * The recorder reached a capacity limit ({@link FlowLimits} steps, tabs, value length) and paused:
   * what the person did afterwards is not in the draft. Warning. Never a silently truncated flow.
   * Source: the recorder's capacity rule ("reaching a limit pauses the recording and reports it").
   */
  CAPTURE_LIMIT_REACHED,

  /**
   * A tab opened during recording that no recorded step opened (a tab opened by hand, a popup from
   * a timer): it is not recorded until it is added explicitly. Info.
   */
  UNRECORDED_TAB,

  /**
   * A native dialog answered during recording that no recorded step can declare: it opened before
   * any action in its tab, or a "leave this page?" was answered Stay with no action that asked to
   * leave. Where it opens again, the replay fails with {@code DIALOG_UNEXPECTED} until a step
   * declares it. Warning.
   */
  UNRECORDED_DIALOG,

  /**
   * A captured user action with no step equivalent in this version; it is listed instead of dropped.
   * Warning.
   */
  UNSUPPORTED_EVENT
}
