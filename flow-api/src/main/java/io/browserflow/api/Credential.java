package io.browserflow.api;

import java.util.Optional;
import org.immutables.value.Value;

/**
 * A credential a flow needs (base URL, user name, password, token, ...), read as
 * {@code ${credential.KEY}}. Secret credentials live only in memory during a run: never in the
 * journal, results, logs, exports or exception messages. Passwords, tokens and API keys are secret
 * by default.
 */
@Value.Immutable
public interface Credential {
  /** Credential types. */
  enum Type {
    URL, USERNAME, PASSWORD, TOKEN, API_KEY, TEXT
  }

  String key();

  Optional<String> label();

  @Value.Default
  default Type type() {
    return Type.TEXT;
  }

  @Value.Default
  default boolean required() {
    return true;
  }

  /** Secret by default for passwords, tokens and API keys. */
  @Value.Default
  default boolean secret() {
    return type() == Type.PASSWORD || type() == Type.TOKEN || type() == Type.API_KEY;
  }

  static Credential of(String key, Type type) {
    return builder().key(key).type(type).build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link Credential}. */
  final class Builder extends ImmutableCredential.Builder {}
}
