package io.browserflow.api;

import java.util.Map;
import java.util.Objects;

/**
 * Root of every exception BrowserFlow throws. Unchecked, with a stable {@link ErrorCode} and
 * structured {@link #details()} so callers never parse messages. The keys of the details are the
 * constants of {@link Details}; a detail appears only where it applies.
 *
 * <p>Abstract: only subtypes are thrown, each worth catching on its own: {@link FlowValidationException}
 * (and {@link FlowFormatException}) before a run, {@link FlowRunException} (and
 * {@link FlowTimeoutException}) during one, the engine's {@code RunStoreException} for its stores,
 * the Playwright driver's {@code BrowserNotFoundException}. Every code is listed in
 * {@code docs/errors.md}.
 */
public abstract class FlowException extends RuntimeException {
  private final ErrorCode code;
  private final Map<String, String> details;

  protected FlowException(ErrorCode code, String message) {
    this(code, message, Map.of(), null);
  }

  protected FlowException(ErrorCode code, String message, Map<String, String> details, Throwable cause) {
    super(message, cause);
    this.code = Objects.requireNonNull(code, "code");
    this.details = Map.copyOf(details);
  }

  /** The stable code of what went wrong. */
  public ErrorCode code() {
    return code;
  }

  /** Structured details keyed by the {@link Details} constants; never contains secret values. */
  public Map<String, String> details() {
    return details;
  }

  /** The keys of {@link FlowException#details()}. Values are plain text, never secret. */
  public static final class Details {
    /** Where: a step path ({@code steps[3].body[0]}) or a path into a file ({@code $.steps[2].op}). */
    public static final String PATH = "path";
    /** How many problems a {@link FlowValidationException} lists. */
    public static final String PROBLEMS = "problems";
    /** The id of the step that failed. */
    public static final String STEP_ID = "stepId";
    /** The target as written: its candidates in order. */
    public static final String TARGET = "target";
    /** Every candidate tried with its match count, e.g. {@code css ".btn"=3, testId "save"=0}. */
    public static final String CANDIDATES = "candidates";
    /** The frame path the target was looked up in. */
    public static final String FRAME_PATH = "framePath";
    /** A frame locator ({@code iframe#pay}, {@code url:**}{@code /pay*}, {@code name:inner}). */
    public static final String LOCATOR = "locator";
    /** A tab alias. */
    public static final String ALIAS = "alias";
    /** A URL (never with user info or secret query values). */
    public static final String URL = "url";
    /** A file on the local disk. */
    public static final String FILE = "file";
    /** An element attribute name. */
    public static final String ATTRIBUTE = "attribute";
    /** A condition, described. */
    public static final String CONDITION = "condition";
    /** What was observed when a condition or check did not hold. */
    public static final String OBSERVED = "observed";
    /** A css or xpath selector that could not be used. */
    public static final String SELECTOR = "selector";
    /** Why a selector or expression could not be parsed. */
    public static final String SYNTAX = "syntax";
    /** The actual value of a limit or range that was exceeded. */
    public static final String ACTUAL = "actual";
    /** The allowed value or range of that limit. */
    public static final String ALLOWED = "allowed";
    /** A browser server's WebSocket endpoint. */
    public static final String ENDPOINT = "endpoint";
    /** The browser executables that were looked for, in order. */
    public static final String SEARCHED = "searched";
    /** The tag name of the element an action could not use, e.g. {@code div}. */
    public static final String ELEMENT = "element";
    /** The {@code type} of that element when it is an {@code <input>}, e.g. {@code file}. */
    public static final String INPUT_TYPE = "inputType";
    /** What the action tried, e.g. the ways a {@code change} step can set a value. */
    public static final String TRIED = "tried";
    /** The input a resumed run was given with another value, e.g. {@code input.DEVICE_ID}. */
    public static final String INPUT = "input";
    /** The run a store or a resume refers to. */
    public static final String RUN_ID = "runId";

    private Details() {}
  }
}
