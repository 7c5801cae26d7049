package io.browserflow.api.lint;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The findings of {@link FlowLint} for one flow, in document order, and the resulting
 * {@link Quality}: {@link Quality#BLOCKED} when any finding is blocking (severity error),
 * {@link Quality#NEEDS_REVIEW} when any has severity warning, {@link Quality#READY} otherwise
 * (info findings never change it).
 *
 * <pre>{@code
 * LintReport report = FlowLint.lint(flow);
 * switch (report.quality()) {
 *   case BLOCKED -> report.blockingIssues().forEach(w -> log.error(w.describe()));
 *   case NEEDS_REVIEW -> showForReview(report.warnings());
 *   case READY -> publish(flow);
 * }
 * }</pre>
 */
public final class LintReport {
  private final List<LintWarning> warnings;
  private final Quality quality;

  private LintReport(List<LintWarning> warnings) {
    this.warnings = List.copyOf(warnings);
    this.quality = qualityOf(this.warnings);
  }

  /** A report of these findings (kept in the given order); the quality follows from their severities. */
  public static LintReport of(List<LintWarning> warnings) {
    return new LintReport(warnings);
  }

  private static Quality qualityOf(List<LintWarning> warnings) {
    Quality q = Quality.READY;
    for (LintWarning w : warnings) {
      if (w.severity() == LintWarning.Severity.ERROR) {
        return Quality.BLOCKED;
      }
      if (w.severity() == LintWarning.Severity.WARNING) {
        q = Quality.NEEDS_REVIEW;
      }
    }
    return q;
  }

  /** Every finding, in document order. */
  public List<LintWarning> warnings() {
    return warnings;
  }

  /** The findings with this code, in document order. */
  public List<LintWarning> warnings(LintCode code) {
    return warnings.stream().filter(w -> w.code() == code).collect(Collectors.toUnmodifiableList());
  }

  /** The blocking findings (severity error), in document order. */
  public List<LintWarning> blockingIssues() {
    return warnings.stream().filter(LintWarning::blocking).collect(Collectors.toUnmodifiableList());
  }

  /** True when some finding has this code. */
  public boolean has(LintCode code) {
    return warnings.stream().anyMatch(w -> w.code() == code);
  }

  /** True when there is no finding at all. */
  public boolean isEmpty() {
    return warnings.isEmpty();
  }

  public Quality quality() {
    return quality;
  }

  /** The quality and one line per finding. */
  public String describe() {
    StringBuilder sb = new StringBuilder("quality ").append(quality.jsonName());
    for (LintWarning w : warnings) {
      sb.append('\n').append(w.describe());
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return describe();
  }
}
