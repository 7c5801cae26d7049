package io.browserflow.api.dsl;

import io.browserflow.api.Input;

/** Sets one property of a declared input; made by {@link Dsl#defaultValue(String)} and friends. */
@FunctionalInterface
public interface InputOption {
  void apply(Input.Builder input);
}
