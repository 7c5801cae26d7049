package io.browserflow.engine;

import io.browserflow.api.FlowException;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.PageActivity;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.SecretMask;
import io.browserflow.engine.spi.Suggestion;
import io.browserflow.engine.spi.TargetException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The {@link StepResult} of every step execution of one run, in the order they finish (concurrent
 * foreach iterations add theirs from their own threads). Each is redacted and handed to the
 * listeners as it is recorded.
 */
final class StepResults {
  private final DefaultFlowEngine engine;
  private final String runId;
  private final SecretMask redactor;
  private final List<StepResult> results = Collections.synchronizedList(new ArrayList<>());
  private final long runStartNanos;

  StepResults(DefaultFlowEngine engine, String runId, SecretMask redactor, long runStartNanos) {
    this.engine = engine;
    this.runId = runId;
    this.redactor = redactor;
    this.runStartNanos = runStartNanos;
  }

  /** A copy of the results so far. */
  List<StepResult> all() {
    return new ArrayList<>(results);
  }

  void skipped(StepExecution at) {
    skipped(at, "disabled");
  }

  void skipped(StepExecution at, String note) {
    record(at, null, StepState.SKIPPED, 0, 0, null, null, List.of(), note, false, PageActivity.none());
  }

  /** A step the interrupted run had verified: resuming restores its outputs and does not replay it. */
  void restored(StepExecution at) {
    record(at, null, StepState.VERIFIED, 1, 0, null, null, List.of(), "verified before the interruption; not replayed",
        false, PageActivity.none());
  }

  void verified(StepExecution at, int attempts, long tookMs, Resolution resolution, List<String> artifacts,
      String note, PageActivity activity) {
    record(at, null, StepState.VERIFIED, attempts, tookMs, resolution, null, artifacts, note, false, activity);
  }

  /**
   * A failed execution; {@code error} is null when the run was cancelled inside it. The page is
   * asked for its URL, so the result says where it failed.
   */
  void failed(StepExecution at, DriverSession page, int attempts, long tookMs, Resolution resolution,
      FlowException error, List<String> artifacts, boolean recoveredByFallback, PageActivity activity) {
    record(at, page, StepState.FAILED, attempts, tookMs, resolution, error, artifacts, null, recoveredByFallback, activity);
  }

  private void record(StepExecution at, DriverSession page, StepState state, int attempts, long took,
      Resolution resolution, FlowException error, List<String> artifacts, String note, boolean recovered,
      PageActivity activity) {
    Step step = at.step();
    StepResult.Builder b = StepResult.builder().path(at.path()).stepId(step.id()).op(step.kind().op())
        .title(step.title()).iteration(at.iteration()).state(state).attempts(attempts).tookMs(took)
        .artifacts(artifacts).recoveredByFallback(recovered)
        .startMs(Math.max(0, (System.nanoTime() - runStartNanos) / 1_000_000 - took));
    activity(b, activity);
    if (resolution != null) {
      Optional<Target> target = Walk.target(step);
      if (resolution.resolved()) {
        b.winner(resolution.winner()).fallbackUsed(resolution.fallbackUsed());
        target.filter(t -> resolution.winner() < t.candidates().size())
            .ifPresent(t -> b.locator(redactor.redact(t.candidates().get(resolution.winner()).describe())));
      }
      if (target.isPresent() && (resolution.fallbackUsed() || !resolution.resolved())) {
        b.candidates(redactor.redact(resolution.describe(target.get())));
        b.suggestions(shown(resolution));
      }
    }
    if (error != null) {
      b.errorCode(error.code()).message(redactor.redact(error.getMessage()));
      if (error instanceof TargetException) {
        TargetException te = (TargetException) error;
        b.candidates(redactor.redact(te.resolution().describe(te.target())));
        b.suggestions(shown(te.resolution()));
      }
    } else if (note != null) {
      b.message(note);
    }
    if (state == StepState.FAILED) {
      try {
        b.url(StoredUrls.shown(redactor.redact(page.currentUrl())));
      } catch (RuntimeException ignored) {
        // no page to ask
      }
    }
    StepResult result = b.build();
    results.add(result);
    engine.notify(l -> l.stepFinished(runId, result));
  }

  /** The resolution's suggestions that show no secret in any candidate. */
  private List<Suggestion> shown(Resolution resolution) {
    return resolution.suggestions().stream().filter(sg -> sg.candidates().stream()
        .noneMatch(c -> redactor.containsSecret(c.value()) || c.name().map(redactor::containsSecret).orElse(false)))
        .toList();
  }

  /** The page's activity, secrets masked before long texts are cut (a cut must not leave a secret's prefix). */
  private void activity(StepResult.Builder b, PageActivity activity) {
    int dropped = activity.dropped();
    int kept = 0;
    for (ConsoleLine c : activity.console()) {
      if (kept++ >= StepActivityLimits.MAX_CONSOLE) {
        dropped++;
        continue;
      }
      b.addConsole(ConsoleLine.of(c.kind(), cut(redactor.redact(c.text())), c.location().map(l -> cut(redactor.redact(l)))));
    }
    kept = 0;
    for (RequestLine r : activity.requests()) {
      if (kept++ >= StepActivityLimits.MAX_REQUESTS) {
        dropped++;
        continue;
      }
      b.addRequests(RequestLine.builder().from(r).url(cut(StoredUrls.shown(redactor.redact(r.url()))))
          .failure(r.failure().map(f -> cut(redactor.redact(f)))).build());
    }
    b.droppedActivity(dropped);
  }

  private static String cut(String text) {
    return text.length() <= StepActivityLimits.MAX_TEXT ? text : text.substring(0, StepActivityLimits.MAX_TEXT - 1) + "\u2026";
  }
}
