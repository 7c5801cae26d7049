package io.browserflow.api.lint;

import java.util.Objects;
import java.util.Optional;

/**
 * One finding of {@link FlowLint}: what ({@link #code()}), how serious ({@link #severity()}),
 * where ({@link #path()}, JSON-style such as {@code steps[3].target.candidates[0]}), in which step
 * ({@link #stepId()}), what is wrong ({@link #message()}) and what to do about it
 * ({@link #suggestion()}).
 *
 * <p>Messages and suggestions never contain a flagged value: sensitive values appear masked
 * ({@code ey***}), other flow values (URLs, fill values) are not quoted at all; selectors may be
 * quoted.
 *
 * <pre>{@code
 * LintWarning w = FlowLint.lint(flow).warnings().get(0);
 * w.code();        // UNSTABLE_SELECTOR
 * w.path();        // steps[3].target.candidates[0]
 * w.describe();    // warning UNSTABLE_SELECTOR at steps[3].target.candidates[0] (step click-2): ...
 * }</pre>
 *
 * <p>Importers and recorders may create their own findings with {@link #of} and combine them with
 * {@link LintReport#of(java.util.List)}.
 */
public final class LintWarning {

  /**
   * How serious a finding is, with the JSON spelling of the recorder format ({@code info},
   * {@code warning}, {@code error}). {@link #ERROR} is a blocking issue.
   */
  public enum Severity {
    /** Worth knowing; does not change the quality status. */
    INFO("info"),
    /** A person should review it: the flow is {@link Quality#NEEDS_REVIEW}. */
    WARNING("warning"),
    /** A blocking issue: the flow is {@link Quality#BLOCKED}. */
    ERROR("error");

    private final String jsonName;

    Severity(String jsonName) {
      this.jsonName = jsonName;
    }

    /** {@code info}, {@code warning} or {@code error}. */
    public String jsonName() {
      return jsonName;
    }
  }

  private final LintCode code;
  private final Severity severity;
  private final String path;
  private final String stepId;
  private final String message;
  private final String suggestion;

  private LintWarning(LintCode code, Severity severity, String path, String stepId, String message,
      String suggestion) {
    this.code = Objects.requireNonNull(code, "code");
    this.severity = Objects.requireNonNull(severity, "severity");
    this.path = Objects.requireNonNull(path, "path");
    this.stepId = stepId;
    this.message = Objects.requireNonNull(message, "message");
    this.suggestion = Objects.requireNonNull(suggestion, "suggestion");
  }

  /**
   * A finding. {@code path} is JSON-style ({@code ""} for the whole flow); {@code stepId} may be
   * null for findings outside steps; {@code message} says what is wrong and {@code suggestion} what
   * to do. Never pass a secret value in either text.
   */
  public static LintWarning of(LintCode code, Severity severity, String path, String stepId,
      String message, String suggestion) {
    return new LintWarning(code, severity, path, stepId, message, suggestion);
  }

  public LintCode code() {
    return code;
  }

  public Severity severity() {
    return severity;
  }

  /** True for a blocking issue (severity {@link Severity#ERROR}). */
  public boolean blocking() {
    return severity == Severity.ERROR;
  }

  /** JSON-style path of the offending field, e.g. {@code steps[2].body[0].value}. */
  public String path() {
    return path;
  }

  /** Id of the innermost step the path lies in; empty for inputs, credentials, table, ... */
  public Optional<String> stepId() {
    return Optional.ofNullable(stepId);
  }

  /** What is wrong. */
  public String message() {
    return message;
  }

  /** What to do about it. */
  public String suggestion() {
    return suggestion;
  }

  /** {@code severity CODE at path (step id): message; suggestion}. */
  public String describe() {
    StringBuilder sb = new StringBuilder().append(severity.jsonName()).append(' ').append(code)
        .append(" at ").append(path.isEmpty() ? "<flow>" : path);
    if (stepId != null) {
      sb.append(" (step ").append(stepId).append(')');
    }
    return sb.append(": ").append(message).append("; ").append(suggestion).toString();
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof LintWarning)) {
      return false;
    }
    LintWarning w = (LintWarning) o;
    return code == w.code && severity == w.severity && path.equals(w.path)
        && Objects.equals(stepId, w.stepId) && message.equals(w.message)
        && suggestion.equals(w.suggestion);
  }

  @Override
  public int hashCode() {
    return Objects.hash(code, severity, path, stepId, message, suggestion);
  }

  @Override
  public String toString() {
    return describe();
  }
}
