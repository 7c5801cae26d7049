package io.browserflow.formats;

import java.util.Objects;

/**
 * One finding of a conversion: something that was not carried over, was changed on the way, or
 * needs a person to look at it. Nothing is dropped silently: every source step that does not map
 * one to one leaves an issue.
 *
 * <p>{@link #code()} is stable (callers switch on it; see {@link ConversionCode}, and
 * {@code docs/errors.md} for every code): {@code UNSUPPORTED_STEP}, {@code TARGET_UNRESOLVED},
 * {@code CUSTOM_STEP}, and the lint codes of flow-api where one fits ({@code UNSTABLE_SELECTOR},
 * {@code FRAME_URL_DYNAMIC}, ...). {@code path} points into the source ({@code steps[3]}, {@code
 * commands[5].argv}, {@code tests[0].commands[2]}) or, for exports, into the flow ({@code
 * steps[2]}). Messages are for people and never carry secret values.
 */
public final class ConversionIssue {
  /** How much an issue matters. */
  public enum Severity {
    /** Informational: carried over with a small change (a default filled in, a merge). */
    INFO("info"),
    /** Carried over approximately, or left out with a workaround; a person should review it. */
    WARNING("warning"),
    /** Cannot run as converted; the result's quality is {@code blocked}. */
    BLOCKING("blocking");

    private final String jsonName;

    Severity(String jsonName) {
      this.jsonName = jsonName;
    }

    public String jsonName() {
      return jsonName;
    }
  }

  private final ConversionCode code;
  private final Severity severity;
  private final String path;
  private final String message;

  private ConversionIssue(ConversionCode code, Severity severity, String path, String message) {
    this.code = Objects.requireNonNull(code, "code");
    this.severity = Objects.requireNonNull(severity, "severity");
    this.path = Objects.requireNonNull(path, "path");
    this.message = Objects.requireNonNull(message, "message");
  }

  /** An issue; {@code path} is {@code ""} for the whole source or flow. */
  public static ConversionIssue of(ConversionCode code, Severity severity, String path, String message) {
    return new ConversionIssue(code, severity, path, message);
  }

  /** What happened; reports and files spell it as its {@link ConversionCode#name() name}. */
  public ConversionCode code() {
    return code;
  }

  public Severity severity() {
    return severity;
  }

  public String path() {
    return path;
  }

  public String message() {
    return message;
  }

  /** {@code warning UNSUPPORTED_STEP at tests[0].commands[3]: ...}. */
  public String describe() {
    return severity.jsonName() + " " + code + (path.isEmpty() ? "" : " at " + path) + ": " + message;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ConversionIssue)) {
      return false;
    }
    ConversionIssue other = (ConversionIssue) o;
    return code == other.code && severity == other.severity && path.equals(other.path)
        && message.equals(other.message);
  }

  @Override
  public int hashCode() {
    return Objects.hash(code, severity, path, message);
  }

  @Override
  public String toString() {
    return describe();
  }
}
