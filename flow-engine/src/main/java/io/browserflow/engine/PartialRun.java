package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A replay from one step ({@link RunOptions#replayFrom()}) and/or up to one ({@link RunOptions#replayUntil()}).
 *
 * <p>From: until the run reaches the step, each step before it is skipped unless it only
 * establishes where the run is ({@link Walk#isContext}: pages, tabs, frames, viewport), which runs
 * again as on resume; a loop on the way to the step runs, from its first iteration, with the steps
 * before it skipped in that iteration only; an if on the way takes the branch that holds it without
 * testing its condition. Steps after it run as always. A loop on the way that ends without reaching
 * it fails the run.
 *
 * <p>Until: the run ends, successfully, right after the step's first execution.
 */
final class PartialRun {
  /** What happens to a step while the run has not reached the from step. */
  enum Before {
    /** The from step itself: from here on everything runs. */
    REACHED,
    /** A loop, if or fallback on the way to the from step: it runs, and leads there. */
    ON_THE_WAY,
    /** Establishes page, tab or frame: runs again. */
    CONTEXT,
    /** Skipped. */
    SKIP
  }

  /** Thrown after the until step: the run ends there, successfully. */
  static final class UntilReached extends RuntimeException {
    UntilReached() {
      super(null, null, false, false);
    }
  }

  private final String fromId;
  private final String fromPath;
  private final String untilId;
  private final Caller caller;
  private volatile boolean reached;

  private PartialRun(String fromId, String fromPath, String untilId, Caller caller) {
    this.fromId = fromId;
    this.fromPath = fromPath;
    this.untilId = untilId;
    this.caller = caller;
    this.reached = fromPath == null;
  }

  /** The partial replay the options ask for, or null; throws when a named step is not in the flow. */
  static PartialRun of(Flow flow, RunOptions options) {
    if (options.replayFrom().isEmpty() && options.replayUntil().isEmpty()) {
      return null;
    }
    String fromPath = options.replayFrom().map(id -> path(flow, id, "from", options.caller())).orElse(null);
    options.replayUntil().ifPresent(id -> path(flow, id, "until", options.caller()));
    return new PartialRun(options.replayFrom().orElse(null), fromPath, options.replayUntil().orElse(null), options.caller());
  }

  private static String path(Flow flow, String id, String which, Caller caller) {
    return find(flow.steps(), "steps", id).orElseThrow(() -> new FlowRunException(ErrorCode.INVALID_FLOW,
        option(which, caller) + " names the step " + id + ", which the flow " + flow.id() + " does not have"));
  }

  private static Optional<String> find(List<Step> steps, String base, String id) {
    for (int i = 0; i < steps.size(); i++) {
      Step s = steps.get(i);
      String p = base + "[" + i + "]";
      if (s.id().equals(id)) {
        return Optional.of(p);
      }
      for (Map.Entry<String, List<Step>> child : Walk.namedChildren(s)) {
        Optional<String> inner = find(child.getValue(), p + "." + child.getKey(), id);
        if (inner.isPresent()) {
          return inner;
        }
      }
    }
    return Optional.empty();
  }

  static String option(String which, Caller caller) {
    return switch (caller) {
      case CLI -> "--" + which;
      case API, JUNIT, MCP -> "RunOptions.replay" + Character.toUpperCase(which.charAt(0)) + which.substring(1);
    };
  }

  boolean reached() {
    return reached;
  }

  /** What to do with the step at {@code path} before the from step is reached. */
  Before before(Step step, String path) {
    if (path.equals(fromPath)) {
      reached = true;
      return Before.REACHED;
    }
    if (fromPath.startsWith(path + ".")) {
      return Before.ON_THE_WAY;
    }
    return Walk.isContext(step) ? Before.CONTEXT : Before.SKIP;
  }

  /** For an if on the way: the branch that holds the from step ({@code then} or {@code else}), if this if is on the way. */
  Optional<Boolean> forcedBranch(String ifPath) {
    if (reached) {
      return Optional.empty();
    }
    if (fromPath.startsWith(ifPath + ".then[")) {
      return Optional.of(true);
    }
    return fromPath.startsWith(ifPath + ".else[") ? Optional.of(false) : Optional.empty();
  }

  /** After a step on the way ran: the from step must have been reached inside it. */
  void afterOnTheWay(Step step) {
    if (!reached) {
      throw new FlowRunException(ErrorCode.CHECK_FAILED, option("from", caller) + " " + fromId + ": the "
          + step.kind().op() + " " + step.id() + " on the way to it ended without reaching it (no iteration ran it)");
    }
  }

  /** Whether the run ends after this step. */
  boolean endsAfter(Step step) {
    return step.id().equals(untilId);
  }

  String describe() {
    return (fromId == null ? "" : option("from", caller) + " " + fromId) + (fromId != null && untilId != null ? ", " : "")
        + (untilId == null ? "" : option("until", caller) + " " + untilId);
  }
}
