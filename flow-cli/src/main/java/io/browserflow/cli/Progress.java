package io.browserflow.cli;

import io.browserflow.api.Flow;
import io.browserflow.engine.RunListener;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.StepState;
import java.io.PrintWriter;

/**
 * Live progress of runs: on a terminal one self-rewriting line with a bar and the current step;
 * on a plain stream (a pipe, a CI log) one line per finished step.
 */
final class Progress implements RunListener {
  private final PrintWriter out;
  private final boolean terminal;
  /** Several runs at once (--workers): step lines name their flow. */
  private final boolean concurrent;
  private final java.util.Map<String, String> names = new java.util.HashMap<>();
  private int done;
  private int total;
  private String flowName = "";

  Progress(PrintWriter out, boolean terminal) {
    this(out, terminal, false);
  }

  /** {@code terminal}: a progress bar (one run at a time only); {@code concurrent}: lines prefixed with their flow. */
  Progress(PrintWriter out, boolean terminal, boolean concurrent) {
    this.out = out;
    this.terminal = terminal && !concurrent;
    this.concurrent = concurrent;
  }

  private String prefix(String runId) {
    return concurrent ? "[" + names.getOrDefault(runId, "?") + "] " : "";
  }

  @Override
  public synchronized void runStarted(String runId, Flow flow) {
    names.put(runId, flow.name());
    done = 0;
    total = countSteps(flow.steps());
    flowName = flow.name();
    if (!terminal) {
      out.println("▶ " + flow.name() + " (" + flow.id() + ")");
      out.flush();
    }
  }

  @Override
  public synchronized void stepStarted(String runId, String path, String stepId, String iteration) {
    if (terminal) {
      out.print("\r\033[2K" + bar() + " " + flowName + " › " + stepId + (iteration == null ? "" : " #" + iteration));
      out.flush();
    }
  }

  @Override
  public synchronized void stepRetrying(String runId, String path, String stepId, int nextAttempt, long delayMs,
      String reason) {
    if (!terminal) {
      out.println("  " + prefix(runId) + "↻ " + path + " " + stepId + " attempt " + nextAttempt + " in " + delayMs + " ms: " + reason);
      out.flush();
    }
  }

  @Override
  public synchronized void stepFinished(String runId, StepResult step) {
    if (step.path().matches("steps\\[\\d+]")) {
      done++; // the bar counts top-level steps; loops make the nested total unknown up front
    }
    if (terminal) {
      if (step.state() == StepState.FAILED) {
        out.print("\r\033[2K");
        out.println("  ✗ " + line(step));
        activity(step);
      }
      return;
    }
    out.println("  " + prefix(runId) + mark(step.state()) + " " + line(step));
    if (step.state() == StepState.FAILED) {
      activity(step);
    }
    out.flush();
  }

  @Override
  public synchronized void runFinished(RunResult result) {
    names.remove(result.runId());
    if (terminal) {
      out.print("\r\033[2K");
    }
    out.println((result.succeeded() ? "✓ " : "✗ ") + result.flowName() + ": " + result.status() + " in "
        + result.tookMs() + " ms" + result.errorCode().map(c -> " (" + c + " at " + result.errorPath().orElse("")
        + ": " + result.errorMessage().orElse("") + ")").orElse(""));
    result.trace().ifPresent(t -> out.println("  trace: " + t + " (open it with: browserflow show-trace " + t + ")"));
    out.flush();
  }

  /** What the page reported around a failed step. */
  private void activity(StepResult step) {
    step.console().forEach(c -> out.println("      " + c.describe()));
    step.requests().forEach(r -> out.println("      request " + r.describe()));
  }

  private static String line(StepResult s) {
    StringBuilder sb = new StringBuilder().append(s.path()).append(' ').append(s.op()).append(' ')
        .append(s.title().orElse(s.stepId()));
    s.iteration().ifPresent(i -> sb.append(" #").append(i));
    sb.append(" — ").append(s.tookMs()).append(" ms");
    if (s.attempts() > 1) {
      sb.append(", ").append(s.attempts()).append(" attempts");
    }
    if (s.fallbackUsed()) {
      sb.append(", fallback candidate ").append(s.winner().orElse(-1)).append(" won");
    }
    s.errorCode().ifPresent(c -> sb.append(" — ").append(c).append(": ").append(s.message().orElse("")));
    return sb.toString();
  }

  private static String mark(StepState state) {
    return switch (state) {
      case VERIFIED -> "✓";
      case FAILED -> "✗";
      case SKIPPED -> "-";
      case PREPARED, DISPATCHING, CHECKING -> "·";
    };
  }

  private String bar() {
    int width = 20;
    int filled = total == 0 ? 0 : Math.min(width, done * width / Math.max(total, 1));
    return "[" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + done + "/" + total;
  }

  private static int countSteps(java.util.List<io.browserflow.api.Step> steps) {
    return steps.size();
  }
}
