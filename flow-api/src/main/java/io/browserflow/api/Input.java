package io.browserflow.api;

import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A business input of a flow, supplied per run and read as {@code ${KEY}} or
 * {@code ${input.KEY}}. Required unless it has a default.
 */
@Value.Immutable
public interface Input {
  /** Input types; {@code select} takes one of {@link #options()}. */
  enum Type {
    TEXT, NUMBER, BOOLEAN, DATE, SELECT, URL
  }

  String key();

  Optional<String> label();

  @Value.Default
  default Type type() {
    return Type.TEXT;
  }

  /** Required unless a default is given. */
  @Value.Default
  default boolean required() {
    return defaultValue().isEmpty();
  }

  /** Default value (JSON {@code default}). */
  Optional<String> defaultValue();

  /** A regular expression the whole value must match. */
  Optional<String> pattern();

  /** Allowed values for {@link Type#SELECT}. */
  List<String> options();

  static Input of(String key) {
    return builder().key(key).build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link Input}. */
  final class Builder extends ImmutableInput.Builder {}
}
