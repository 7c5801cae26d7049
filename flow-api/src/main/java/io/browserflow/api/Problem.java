package io.browserflow.api;

import java.util.Optional;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * One problem found while reading or validating a flow: what ({@link #code()}), where
 * ({@link #path()}, e.g. {@code steps[3].body[1].value}), a message saying what to do, and for
 * limits the actual and the allowed value.
 */
@Value.Immutable
public interface Problem {
  ErrorCode code();

  /** JSON-style path of the offending field; {@code ""} for the whole document. */
  String path();

  String message();

  /** The offending value or size, when a limit or range is involved. */
  Optional<String> actual();

  /** The allowed value or range, when a limit or range is involved. */
  Optional<String> allowed();

  /** 1-based line in the JSON source, when known. */
  OptionalInt line();

  /** 1-based column in the JSON source, when known. */
  OptionalInt column();

  static Problem of(ErrorCode code, String path, String message) {
    return builder().code(code).path(path).message(message).build();
  }

  static Problem limit(ErrorCode code, String path, String message, Object actual, Object allowed) {
    return builder().code(code).path(path).message(message)
        .actual(String.valueOf(actual)).allowed(String.valueOf(allowed)).build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Renders {@code CODE at path: message (actual X, allowed Y)}. */
  default String describe() {
    StringBuilder sb = new StringBuilder().append(code()).append(" at ")
        .append(path().isEmpty() ? "<flow>" : path());
    if (line().isPresent()) {
      sb.append(" (line ").append(line().getAsInt());
      column().ifPresent(c -> sb.append(", column ").append(c));
      sb.append(')');
    }
    sb.append(": ").append(message());
    if (actual().isPresent() || allowed().isPresent()) {
      sb.append(" (actual ").append(actual().orElse("?")).append(", allowed ")
          .append(allowed().orElse("?")).append(')');
    }
    return sb.toString();
  }

  /** Builder of {@link Problem}. */
  final class Builder extends ImmutableProblem.Builder {}
}
