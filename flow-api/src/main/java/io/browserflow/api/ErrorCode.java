package io.browserflow.api;

/**
 * Stable error codes carried by every {@link FlowException} and every validation {@link Problem}.
 *
 * <p>Callers switch on the code; messages are for people and may change. Codes that come from the
 * requirement seeds keep their names there ({@code TARGET_NOT_FOUND}, {@code BINDING_UNRESOLVED},
 * ...).
 */
public enum ErrorCode {
  // ---- reading a flow (FlowFormatException) ----
  /** The flow file or stream could not be read (missing, not a file, no permission, I/O error). */
  FILE_UNREADABLE,
  /** The input is not well-formed JSON. */
  JSON_SYNTAX,
  /** The {@code schema} field names a format version this reader does not know. */
  SCHEMA_UNSUPPORTED,
  /** A field the format does not define (strict reading only). */
  UNKNOWN_FIELD,
  /** A required field is absent. */
  FIELD_MISSING,
  /** A field has the wrong JSON type or a value outside its enumeration. */
  FIELD_INVALID,

  // ---- validating a flow (FlowValidationException) ----
  /** A structural rule of the flow model is broken (see the problem message). */
  INVALID_FLOW,
  /** A capacity limit of {@code FlowLimits} is exceeded. */
  LIMIT_EXCEEDED,
  /** A number (timeout, viewport, interval) lies outside its allowed range. */
  VALUE_OUT_OF_RANGE,
  /** Two steps, inputs, credentials or tab aliases share one id. */
  DUPLICATE_ID,
  /** A step names a tab alias the flow does not declare. */
  TAB_UNDECLARED,
  /** A target has no candidate locator. */
  TARGET_EMPTY,
  /** A {@code ${...}} placeholder refers to nothing declared or produced before it. */
  BINDING_UNRESOLVED,

  // ---- running a flow ----
  /** A required input or credential was not supplied. */
  INPUT_MISSING,
  /** A supplied input does not match its declared type, options or pattern. */
  INPUT_INVALID,
  /** No candidate matched exactly one element, and at least one matched none. */
  TARGET_NOT_FOUND,
  /** No candidate matched exactly one element, and at least one matched several. */
  TARGET_AMBIGUOUS,
  /** No frame matches the frame locator. */
  FRAME_NOT_FOUND,
  /** Several frames match the frame locator (the candidates' URLs and names are in the details). */
  FRAME_AMBIGUOUS,
  /** The frame locator's owner element is not an iframe or frame. */
  FRAME_OWNER_NOT_IFRAME,
  /** The current frame was detached or navigated away. */
  FRAME_CONTEXT_LOST,
  /** No tab is bound to the alias. */
  TAB_NOT_FOUND,
  /** A live session's new tab was given a label another tab already has. */
  TAB_LABEL_CONFLICT,
  /**
   * A live session's element ref ({@code @eN}) is not of the last snapshot, the tab or frame changed
   * since that snapshot, or its element left the page: take a new snapshot.
   */
  REF_STALE,
  /** Another element covers the target at the point a click would hit. */
  ELEMENT_OCCLUDED,
  /** The select element has no option with the value or label asked for. */
  OPTION_NOT_FOUND,
  /** The target is not a checkbox, radio button or switch. */
  NOT_CHECKABLE,
  /** A capture binding the flow relies on produced nothing. */
  CAPTURE_MISSING,
  /** The browser refused or failed the action. */
  ACTION_FAILED,
  /** A post-condition or assertion did not hold. */
  CHECK_FAILED,
  /**
   * A native dialog (alert, confirm, prompt, beforeunload) appeared that the step does not declare,
   * or not as declared (another type or message); it was dismissed. Declare it on the step with its answer.
   */
  DIALOG_UNEXPECTED,
  /** A dialog the step declares did not appear while the step ran. */
  DIALOG_MISSING,
  /** A step or the whole run ran out of time. */
  TIMEOUT,
  /** A navigation did not finish in time. */
  NAVIGATION_TIMEOUT,
  /** A page script threw or returned something unusable. */
  SCRIPT_ERROR,
  /** The flow needs a capability (eval, upload, ...) the run does not allow. */
  CAPABILITY_DENIED,
  /** A navigation leaves the allowed origins. */
  ORIGIN_DENIED,
  /** A network request left the allowed origins while network access was denied. */
  NETWORK_ATTEMPT,
  /** The step kind is not supported by this driver or format. */
  UNSUPPORTED_STEP,
  /** A literal value looks like a secret or personal data. */
  SENSITIVE_VALUE,
  /** The flow must be reviewed (or re-approved) before it may run. */
  REVIEW_REQUIRED,
  /**
   * The environment (browser and version, viewport, locale, time zone, origins) differs from the one
   * the flow was approved in; each difference is named. Approve it again there, or allow the drift
   * ({@code run --allow-drift}, {@code mcp --allow-drift}, {@code RunOptions.allowEnvironmentDrift}).
   */
  ENVIRONMENT_DRIFT,
  /**
   * An approval cannot be trusted: its signature does not verify with the approval key (forged,
   * edited, copied from another flow, or written before approvals were signed), or the approval key,
   * the approvals file or its folder may be written by other users, or the key lies inside the folder
   * it approves. Approve the flow again ({@code browserflow review FLOW --approve}) with a key kept
   * outside the folder.
   */
  APPROVAL_UNTRUSTED,
  /** A manual step needs a person and no handler completed it. */
  MANUAL_STEP_REQUIRED,
  /**
   * Deprecated, no longer raised: a journal that cannot be written is {@link #STORE_FAILED}; match
   * that. Kept so code that names it still compiles.
   */
  JOURNAL_FAILED,
  /**
   * A run store could not write, read, list or create what a run needs (a journal entry, a result,
   * the store's folder or table): a full disk, a read-only or removed folder, a lost database
   * connection. A journal entry that could not be written stops the run before the step it
   * announced: that step was not dispatched.
   */
  STORE_FAILED,
  /**
   * A resumed run was given an input (or a non-secret credential) whose value differs from the one
   * it started with, or an input it did not start with; resume it with the inputs it started with.
   */
  INPUT_CHANGED,
  /**
   * Another engine holds the run (it is running there, or being resumed): only one engine resumes a
   * run. Wait until that engine ends it, or, when it died, until its lease on the run runs out.
   */
  RUN_LOCKED,
  // ---- the environment ----
  /** No Chromium or Chrome executable was found, or the configured one does not exist. */
  BROWSER_NOT_FOUND,
  /**
   * The Playwright browser server runs another Playwright version than BrowserFlow's client (the
   * message names both); run a server of the client's version, e.g. {@code npx playwright@1.62.0 run-server}.
   */
  DRIVER_VERSION_MISMATCH
}
