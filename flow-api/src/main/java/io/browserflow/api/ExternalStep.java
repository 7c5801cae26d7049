package io.browserflow.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * Steps of the {@link Step.Family#EXTERNAL} family: reaching outside the page (http requests, called flows, a person's manual step).
 * Each kind is an immutable value with a public builder; the DSL ({@link Flow#named(String)}) is the
 * usual way to make them.
 */
@Value.Enclosing
public sealed interface ExternalStep extends Step {

  /**
   * Sends an HTTP request through the browser session (its cookies go along, so a signed-in session
   * carries over; network deny mode and the flow's allowed origins apply). Needs the
   * {@code http.request} capability. A response status of 400 or more fails the step unless
   * {@code failOnStatus} is false. Default timeout 30 s ({@code FlowLimits.defaultHttpTimeoutMs()}).
   * Outputs: {@code ${steps.<id>.status}}, {@code .body} (text), {@code .headers} (names in lower
   * case, {@code set-cookie} left out) and one output per {@code extract} entry: a JSON path such as
   * {@code $.items[0].id} into the response body.
   */
  @Value.Immutable
  non-sealed interface Http extends ExternalStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitHttp(this);
    }

    /** GET, POST, PUT, PATCH, DELETE or HEAD. */
    @Value.Default
    default String method() {
      return "GET";
    }

    /** An absolute http(s) URL; placeholders allowed. */
    String url();

    /** Request headers; values may hold placeholders, credentials included (never written anywhere). */
    Map<String, String> headers();

    /** The request body; placeholders allowed. */
    Optional<String> body();

    /** Output name to a JSON path into the response body ({@code $}, {@code .field}, {@code [index]}). */
    Map<String, String> extract();

    @Value.Default
    default boolean failOnStatus() {
      return true;
    }

    @Override
    default Kind kind() {
      return Kind.HTTP;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Http}. */
    final class Builder extends ImmutableExternalStep.Http.Builder {}
  }

  /**
   * Runs another flow on the same page: a subflow of the top-level flow with this id, or a flow of
   * the engine's flow library. {@code inputs} maps the called flow's inputs to values in the
   * caller's scope (placeholders resolved when the call runs); the called flow's credentials come
   * from the caller's, by key. Each name in {@code outputs} must be an output the called flow
   * declares; it comes back as {@code ${steps.<id>.<name>}}. Steps of called flows count towards the
   * step limit, calls towards the nesting depth, and a flow that calls itself, directly or through
   * others, is refused. Results list the called steps under {@code <path>.call.steps[i]}.
   */
  @Value.Immutable
  non-sealed interface Call extends ExternalStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitCall(this);
    }

    /** The id of the flow to run. */
    String flow();

    /** The called flow's input key to a value; placeholders allowed, never credentials. */
    Map<String, String> inputs();

    /** Outputs of the called flow this step hands on. */
    List<String> outputs();

    @Override
    default Kind kind() {
      return Kind.CALL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Call}. */
    final class Builder extends ImmutableExternalStep.Call.Builder {}
  }

  /** A step a person performs (e.g. solve a captcha); handled by the engine's manual step handler. */
  @Value.Immutable
  non-sealed interface Manual extends ExternalStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitManual(this);
    }

    String instructions();

    @Override
    default Kind kind() {
      return Kind.MANUAL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Manual}. */
    final class Builder extends ImmutableExternalStep.Manual.Builder {}
  }
}
