package io.browserflow.engine;

import java.util.Optional;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * A request that failed (no answer: refused, aborted, blocked) or was answered with a 4xx or 5xx
 * status while a step ran: part of {@link StepResult#requests()}. Secrets in the URL are masked.
 */
@Value.Immutable
public interface RequestLine {
  String method();

  String url();

  /** The answer's status; empty when the request failed without one. */
  OptionalInt status();

  /** Why it failed without an answer ({@code net::ERR_CONNECTION_REFUSED}, ...). */
  Optional<String> failure();

  /** Milliseconds from sending it to its answer (or its failure). */
  long ms();

  /** One line for people: {@code GET http://... -> 404 (12 ms)} or {@code -> net::ERR_FAILED}. */
  default String describe() {
    String outcome = status().isPresent() ? String.valueOf(status().getAsInt()) : failure().orElse("failed");
    return method() + " " + url() + " -> " + outcome + " (" + ms() + " ms)";
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link RequestLine}. */
  final class Builder extends ImmutableRequestLine.Builder {}
}
