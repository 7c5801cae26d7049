package io.browserflow.api.dsl;

import io.browserflow.api.Credential;

/** Sets one property of a declared credential; made by {@link Dsl#secret()} and friends. */
@FunctionalInterface
public interface CredentialOption {
  void apply(Credential.Builder credential);
}
