package io.browserflow.engine.spi;

import io.browserflow.api.Candidate;

/** How suggestions read in messages. */
final class Suggestions {
  private Suggestions() {}

  /** {@code role button "Go"}, {@code testId "go"}: as a person would write the candidate. */
  static String describe(Candidate c) {
    return c.kind() == Candidate.Kind.ROLE
        ? "role " + c.value() + c.name().map(n -> " \"" + n + "\"").orElse("")
        : c.kind().jsonName() + " \"" + c.value() + "\"";
  }
}
