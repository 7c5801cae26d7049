package io.browserflow.engine;

import io.browserflow.api.Capability;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;

/**
 * Per-run settings: capabilities the run allows (a gated capability must be declared by the flow
 * AND allowed here), extra allowed origins, network deny mode, a whole-run time budget, the
 * viewport, where files are written, and when to keep a trace.
 *
 * <pre>{@code
 * RunOptions options = RunOptions.builder().allow(Capability.SCRIPT_EVAL).timeBudget(Duration.ofMinutes(2)).build();
 * }</pre>
 */
@Value.Immutable
public interface RunOptions {
  /** The capabilities a run must allow besides the flow declaring them ({@link #allowed()}; {@link Capability#gated()}). */
  Set<Capability> GATED = Collections.unmodifiableSet(java.util.Arrays.stream(Capability.values()).filter(Capability::gated)
      .collect(java.util.stream.Collectors.toCollection(() -> EnumSet.noneOf(Capability.class))));

  /** Gated capabilities this run allows ({@code script.eval}, {@code file.upload}, ...). */
  Set<Capability> allowed();

  /** Origins allowed besides the flow's own and its policy's. */
  List<String> allowOrigins();

  /** Block and report every request outside the allowed origins (WebSockets too). */
  @Value.Default
  default boolean denyNetwork() {
    return false;
  }

  /**
   * Strict network deny: the first request blocked outside the allowed origins fails the run
   * ({@code NETWORK_ATTEMPT}) at the step during which it was blocked (or at the end of the run, for
   * one blocked after the last step), whatever that step's {@code onError}. Implies
   * {@link #denyNetwork()}; without it a blocked request is only reported ({@link RunResult#blockedRequests()}).
   */
  @Value.Default
  default boolean failOnBlockedRequest() {
    return false;
  }

  /**
   * Run a flow that holds a literal secret value (lint {@code SENSITIVE_VALUE} at severity error: a
   * password, token or key written into the flow instead of a secret credential) anyway; refused
   * with {@code SENSITIVE_VALUE} otherwise.
   */
  @Value.Default
  default boolean allowSensitiveValues() {
    return false;
  }

  /**
   * Run an approved flow in an environment other than the one its approval pins (browser and
   * version, viewport, locale, time zone, origins); refused with {@code ENVIRONMENT_DRIFT}
   * otherwise. Only matters to an engine that requires approval.
   */
  @Value.Default
  default boolean allowEnvironmentDrift() {
    return false;
  }

  /** The whole run fails with {@code TIMEOUT} when it takes longer. */
  Optional<Duration> timeBudget();

  @Value.Default
  default int viewportWidth() {
    return 1280;
  }

  @Value.Default
  default int viewportHeight() {
    return 800;
  }

  /** Base directory for relative csvImport/csvExport paths; the working directory when empty. */
  Optional<Path> workDir();

  /**
   * Replay from this step on (a step id, in a loop or branch too): the steps before it are
   * skipped, except those that only establish where the run is (open, navigate, tabs, frames,
   * viewport), which are applied again; loops on the way to it run from their first iteration,
   * an if on the way takes the branch that holds it. See {@code docs/flow-format.md}.
   */
  Optional<String> replayFrom();

  /** End the run, successfully, right after this step's first execution (a trial run up to a step). */
  Optional<String> replayUntil();

  /**
   * Pause before every step ({@link RunHandle#step()} runs one, {@link RunHandle#resume()} runs on
   * without pausing); for runs started with {@link FlowEngine#start}.
   */
  @Value.Default
  default boolean singleStep() {
    return false;
  }

  /**
   * Keep a driver trace when the run fails (drivers that support traces); the same as
   * {@link #trace()} {@link TraceMode#ON_FAILURE}, which takes precedence when set.
   */
  @Value.Default
  default boolean traceOnFailure() {
    return false;
  }

  /**
   * When to record and keep a driver trace: {@link TraceMode#OFF} unless {@link #traceOnFailure()}
   * asks for {@link TraceMode#ON_FAILURE}. A kept trace is {@link RunResult#trace()}.
   */
  @Value.Default
  default TraceMode trace() {
    return traceOnFailure() ? TraceMode.ON_FAILURE : TraceMode.OFF;
  }

  /**
   * {@code true}: a screenshot after every verified step (besides screenshot steps), listed in its
   * artifacts and shown as thumbnails in the report; failed steps always get one.
   */
  @Value.Default
  default boolean screenshotEachStep() {
    return false;
  }

  /** Who starts the run: error messages name what that caller can change ({@link Remedies}). */
  @Value.Default
  default Caller caller() {
    return Caller.API;
  }

  static RunOptions defaults() {
    return builder().build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link RunOptions}. */
  final class Builder extends ImmutableRunOptions.Builder {
    /** Allows gated capabilities for this run. */
    public Builder allow(Capability... capabilities) {
      return (Builder) addAllowed(capabilities);
    }
  }
}
