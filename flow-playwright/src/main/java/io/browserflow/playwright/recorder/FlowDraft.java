package io.browserflow.playwright.recorder;

import io.browserflow.api.Flow;
import io.browserflow.api.lint.LintReport;
import io.browserflow.api.lint.LintWarning;
import io.browserflow.api.lint.Quality;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a recording produced: the flow, the warnings a person should review (the recorder's own,
 * such as skipped overlay clicks, plus the flow's lint findings) and the resulting quality.
 *
 * <pre>{@code
 * FlowDraft draft = recording.stop();
 * Files.writeString(out, FlowJson.write(draft.flow()));
 * draft.warnings().forEach(w -> System.out.println(w.describe()));
 * if (draft.quality() == Quality.BLOCKED) { ... }
 * }</pre>
 *
 * <p>A draft never contains a value typed into a password, one-time-code or card field: those
 * fields are filled from {@code ${credential.<KEY>}} placeholders.
 */
public final class FlowDraft {
  private final Flow flow;
  private final LintReport report;
  private final String pausedBy;

  FlowDraft(Flow flow, LintReport report, String pausedBy) {
    this.flow = Objects.requireNonNull(flow, "flow");
    this.report = Objects.requireNonNull(report, "report");
    this.pausedBy = pausedBy;
  }

  public Flow flow() {
    return flow;
  }

  public List<LintWarning> warnings() {
    return report.warnings();
  }

  /** The warnings as a lint report (codes, blocking issues, quality). */
  public LintReport report() {
    return report;
  }

  public Quality quality() {
    return report.quality();
  }

  /** Why capture was paused when the draft was taken by a capacity limit, if it was. */
  public Optional<String> limitReached() {
    return Optional.ofNullable(pausedBy);
  }

  @Override
  public String toString() {
    return flow.steps().size() + " steps, quality " + quality().jsonName() + (warnings().isEmpty() ? "" : ", " + warnings().size() + " warnings");
  }
}
